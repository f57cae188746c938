// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import ZoneMonitor
import _RangingEngineCHeader

extension ranging_zone_event_t {
  /// The C form of an event.
  init(_ event: ZoneEvent) {
    self.init()
    time_us = event.time.microseconds
    object_id = event.object
    distance_m = event.distanceMeters
    distance_sigma_m = event.sigmaMeters
    zone = UInt32(event.zone)
    kind = ranging_zone_event_kind_t(event.kind == .enter ? RANGING_ZONE_ENTER : RANGING_ZONE_EXIT)
    reason = CAPIStatus.exitReason(event.reason)
  }
}
