// SPDX-License-Identifier: Apache-2.0
/// Range calibrations of single objects, by object id, in storage reserved
/// once: at most `capacity` entries, and nothing allocates after `init`.
///
/// Devices carry their own bias (the four anchors of the LIAS trolley read
/// 0.09 to 0.28 m long), so an engine ranging to several of them corrects
/// each with its own calibration (`rangectl calibrate --per-object` fits
/// them). A calibration belongs to the device, not to its tracking slot: it
/// stays when the object is evicted, removed or lost, and applies again when
/// the object comes back. Lookups scan the entries; they run when an object
/// takes a slot or its calibration is set, not per update.
@usableFromInline
struct ObjectCalibrationTable {
  @usableFromInline struct Entry {
    @usableFromInline var object: UInt64
    @usableFromInline var calibration: RangeCalibration
  }

  @usableFromInline var entries: [Entry]
  let capacity: Int

  init(capacity: Int) {
    self.capacity = capacity
    entries = []
    entries.reserveCapacity(capacity)
  }

  /// The calibration set for `object`, or nil.
  /// - Complexity: O(entries).
  func calibration(of object: UInt64) -> RangeCalibration? {
    for entry in entries where entry.object == object { return entry.calibration }
    return nil
  }

  /// Sets (or, with nil, removes) the calibration of `object`.
  /// - Returns: false, changing nothing, when `object` has none and the table is full.
  /// - Complexity: O(entries). Does not allocate.
  mutating func set(_ calibration: RangeCalibration?, for object: UInt64) -> Bool {
    if let index = entries.firstIndex(where: { $0.object == object }) {
      if let calibration {
        entries[index].calibration = calibration
      } else {
        entries.swapAt(index, entries.count - 1)
        entries.removeLast()
      }
      return true
    }
    guard let calibration else { return true }
    guard entries.count < capacity else { return false }
    entries.append(Entry(object: object, calibration: calibration))
    return true
  }
}
