// SPDX-License-Identifier: Apache-2.0
import RangingSession

// Two zones around the phone: "near" within 1 m, "room" within 3 m.
let session = try ZoneSession(zones: [
  NamedZone("near", radiusMeters: 1.0),
  NamedZone("room", radiusMeters: 3.0),
])

// Read the events from a task, as an app would.
let reader = Task {
  for await event in session.events {
    print(event)
  }
}

// Feed updates as the ranging stack delivers them. Here "lock-1" comes from
// 4 m to 0.5 m and goes back to 4 m at 0.5 m/s, ten updates a second.
for step in 0...140 {
  let seconds = Double(step) * 0.1
  let meters = step <= 70 ? 4 - 0.05 * Double(step) : 0.5 + 0.05 * Double(step - 70)
  session.update("lock-1", at: seconds, distanceMeters: meters)
}

// No more updates: let the reader finish.
session.finish()
await reader.value
