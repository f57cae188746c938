// SPDX-License-Identifier: Apache-2.0
import RangingEngine

/// Decides zone membership for every track slot and emits enter and exit events.
///
/// The clock is always an argument (the time of the update being evaluated);
/// the monitor never reads one. Objects start outside every zone. Within one
/// update, exits are emitted smallest zone first and enters largest zone
/// first, so an object crossing two zones at once leaves inner before outer
/// and arrives outer before inner (docs/FORMATS.md §2).
///
/// Storage for `capacity` slots is allocated in `init`; evaluation allocates nothing.
public struct ZoneMembership: Sendable {
  /// The zones, in the order given; events carry indices into this list.
  public let zones: [Zone]
  private let ascendingRadius: [Int]
  private var inside: [Bool]           // slot * zoneCount + zone
  private var pendingSince: [Int64]    // µs when the opposite condition started, or Int64.min
  private var lastRange: [RangeEstimate]

  private static let notPending = Int64.min

  public init(zones: [Zone], capacity: Int) {
    precondition(!zones.isEmpty, "ZoneMembership: at least one zone is required")
    self.zones = zones
    ascendingRadius = zones.indices.sorted { zones[$0].radiusMeters < zones[$1].radiusMeters }
    inside = Array(repeating: false, count: capacity * zones.count)
    pendingSince = Array(repeating: Self.notPending, count: capacity * zones.count)
    lastRange = Array(
      repeating: RangeEstimate(distanceMeters: .nan, sigmaMeters: .nan, rateMetersPerSecond: 0), count: capacity)
  }

  /// Whether the object in `slot` is inside `zone`.
  public func isInside(slot: Int, zone: Int) -> Bool { inside[slot * zones.count + zone] }

  /// Evaluates the zones for one filtered state of the object in `slot`.
  ///
  /// - Complexity: O(zones). Does not allocate.
  public mutating func evaluate(
    slot: Int, object: UInt64, range: RangeEstimate, direction: Direction? = nil,
    directionState: DirectionState = .unknown, at time: Timestamp, emit: (ZoneEvent) -> Void
  ) {
    guard range.distanceMeters.isFinite else { return }
    lastRange[slot] = range
    let base = slot * zones.count
    // Off-axis angle of the direction (nil when there is none to use), computed
    // when an angle-limited zone first needs it: it is an `atan2`, the
    // costliest step here, and zones without an angle limit never need it.
    var offAxisOnce: Double?? = nil
    func offAxis() -> Double? {
      if let known = offAxisOnce { return known }
      let angle = directionState == .unknown ? nil : direction.map {
        FieldOfView.offAxisAngle(x: $0.x, y: $0.y, z: $0.z)
      }
      offAxisOnce = .some(angle)
      return angle
    }
    for zone in ascendingRadius where inside[base + zone] {
      let z = zones[zone]
      var isOutside = range.decisionDistanceMeters > z.exitThresholdMeters
      if let limit = z.angleLimitRadians {
        guard let offAxis = offAxis() else {
          pendingSince[base + zone] = Self.notPending
          continue
        }
        isOutside = isOutside || offAxis > limit + z.angleHysteresisRadians / 2
      }
      if dwellElapsed(condition: isOutside, index: base + zone, dwell: z.exitDwellSeconds, time: time) {
        inside[base + zone] = false
        emit(ZoneEvent(object: object, zone: zone, kind: .exit, time: time,
                       distanceMeters: range.decisionDistanceMeters, sigmaMeters: range.sigmaMeters))
      }
    }
    for zone in ascendingRadius.reversed() where !inside[base + zone] {
      let z = zones[zone]
      var isInside = range.decisionDistanceMeters + z.enterSigmaMultiplier * range.sigmaMeters < z.enterThresholdMeters
      if let limit = z.angleLimitRadians {
        guard let offAxis = offAxis() else {
          pendingSince[base + zone] = Self.notPending
          continue
        }
        isInside = isInside && offAxis < limit - z.angleHysteresisRadians / 2
      }
      if dwellElapsed(condition: isInside, index: base + zone, dwell: z.enterDwellSeconds, time: time) {
        inside[base + zone] = true
        emit(ZoneEvent(object: object, zone: zone, kind: .enter, time: time,
                       distanceMeters: range.decisionDistanceMeters, sigmaMeters: range.sigmaMeters))
      }
    }
  }

  /// Tracks how long `condition` has held; true once it has held for `dwell` seconds.
  private mutating func dwellElapsed(condition: Bool, index: Int, dwell: Double, time: Timestamp) -> Bool {
    guard condition else {
      // Usually nothing is pending: reading first spares the array write (and its uniqueness check).
      if pendingSince[index] != Self.notPending { pendingSince[index] = Self.notPending }
      return false
    }
    if pendingSince[index] == Self.notPending { pendingSince[index] = time.microseconds }
    guard time.seconds(since: Timestamp(microseconds: pendingSince[index])) >= dwell else { return false }
    pendingSince[index] = Self.notPending
    return true
  }

  /// Exits every zone the object in `slot` is inside, smallest first, with
  /// `reason`, the last filtered distance and the pipeline's `step`, and clears the slot.
  ///
  /// - Complexity: O(zones). Does not allocate.
  public mutating func exitAll(
    slot: Int, object: UInt64, at time: Timestamp, reason: ExitReason, emit: (ZoneEvent) -> Void
  ) {
    let base = slot * zones.count
    for zone in ascendingRadius where inside[base + zone] {
      emit(ZoneEvent(object: object, zone: zone, kind: .exit, time: time,
                     distanceMeters: lastRange[slot].distanceMeters, sigmaMeters: lastRange[slot].sigmaMeters,
                     reason: reason))
    }
    clear(slot: slot)
  }

  /// Marks the slot outside every zone without events (a new object takes it).
  public mutating func clear(slot: Int) {
    let base = slot * zones.count
    for zone in 0..<zones.count {
      inside[base + zone] = false
      pendingSince[base + zone] = Self.notPending
    }
    lastRange[slot] = RangeEstimate(distanceMeters: .nan, sigmaMeters: .nan, rateMetersPerSecond: 0)
  }
}
