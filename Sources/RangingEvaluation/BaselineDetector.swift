// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import RangingFormats

/// Runs one ``BaselineMethod`` over a recording, update by update, and keeps
/// the zone crossings it decides and the distance it thresholds.
///
/// Per object and zone of radius r (``BaselineMethod`` gives the smoother,
/// ``ZoneThresholdRule`` the thresholds):
/// - every object starts outside every zone;
/// - on each update with a distance, the method's distance `s` is computed and
///   the object enters each zone it is outside of when `s < r` and exits each
///   zone it is inside of when the rule says so (`s >= r` for `raw` and `ema`,
///   `s > r + 0.15 m` for the peers), at the update's time (an offline
///   method, ``BaselineMethod/isOffline``, decides when its run ends: at a
///   life-cycle row or ``finish()``; its crossings and distances are then
///   complete after ``finish()``); exits come
///   before enters, exits from the smallest radius out and enters from the
///   largest in (the order of docs/FORMATS.md §2);
/// - an update earlier than the object's previous one is skipped and counted
///   (the engine's tracker rejects it too);
/// - a life-cycle row (removal, suspension, its end, invalidation) restarts
///   the smoother: the next update starts it afresh (`BaselineSmoother`).
///   Zone state is left as it is: these detectors have no notion of a lost
///   object, and change state only on a distance.
///
///     var detector = BaselineDetector(method: .exponentialAverage(alpha: 0.5), zones: [("inner", 1.5)])
///     detector.update(object: "a", time: Timestamp(seconds: 0), distanceMeters: 2)
///     detector.update(object: "a", time: Timestamp(seconds: 1), distanceMeters: 1)   // s = 1.5: still outside
///     detector.update(object: "a", time: Timestamp(seconds: 2), distanceMeters: 1)   // s = 1.25: enter
public struct BaselineDetector: Sendable {
  public let method: BaselineMethod
  /// Zone names and radii, metres.
  public let zones: [(name: String, radiusMeters: Double)]
  /// The crossings decided so far, in the order they happened.
  public private(set) var crossings: [ZoneCrossing] = []
  /// The thresholded distance of every update with a distance, in input order.
  public private(set) var distances: [FilteredDistanceRow] = []
  /// Updates skipped because their time was before the object's previous update.
  public private(set) var skippedOutOfOrder = 0

  private var objects: [String: BaselineTrack] = [:]
  /// An offline method's runs not yet ended, per object.
  private var runs: [String: SmoothedBaselineTrack] = [:]
  /// Objects in order of their first update, for ``finish()``.
  private var order: [String] = []
  /// Zone indices by increasing radius (exits) and decreasing radius (enters).
  private let outwards: [Int]

  /// - Parameters:
  ///   - method: the detector; an EMA weight must be in (0, 1], a median
  ///     window ≥ 1, Kalman parameters > 0.
  ///   - zones: names (unique) and radii in metres (> 0, finite).
  public init(method: BaselineMethod, zones: [(name: String, radiusMeters: Double)] = TruthCrossings.defaultZones) {
    if let alpha = method.alpha {
      precondition(alpha > 0 && alpha <= 1, "BaselineDetector: EMA alpha must be in (0, 1]")
    }
    if case .movingMedian(let count) = method {
      precondition(count >= 1, "BaselineDetector: the median window must hold at least one value")
    }
    precondition(zones.allSatisfy { $0.radiusMeters > 0 && $0.radiusMeters.isFinite },
                 "BaselineDetector: radii must be positive and finite")
    self.method = method
    self.zones = zones
    outwards = ObjectTruthCrossings.outwards(zones)
  }

  /// Feeds one measured distance of `object`.
  ///
  /// - Parameters:
  ///   - object: the object's identifier.
  ///   - time: the update's time.
  ///   - distanceMeters: the measured distance, metres, finite and ≥ 0.
  public mutating func update(object: String, time: Timestamp, distanceMeters: Double) {
    if var run = runs[object] ?? SmoothedBaselineTrack(method: method, zoneCount: zones.count) {
      if runs[object] == nil { order.append(object) }
      if !run.add(time: time, distanceMeters: distanceMeters, trueMeters: nil) { skippedOutOfOrder += 1 }
      runs[object] = run
      return
    }
    var track = objects[object] ?? BaselineTrack(method: method, zoneCount: zones.count)
    let zones = self.zones
    let s = track.update(time: time, distanceMeters: distanceMeters, method: method, zones: zones, outwards: outwards) {
      crossings.append(ZoneCrossing(time: time, object: object, zone: zones[$0].name, kind: $1))
    }
    guard let s else {
      skippedOutOfOrder += 1
      return
    }
    distances.append(FilteredDistanceRow(time: time, object: object, distanceMeters: s))
    objects[object] = track
  }

  /// A life-cycle row for `object`: the next update restarts the smoother.
  public mutating func restart(object: String) {
    objects[object]?.restart()
    endRun(of: object)
  }

  /// Ends every offline run (see the type's discussion); nothing for a causal method.
  public mutating func finish() {
    for object in order { endRun(of: object) }
  }

  private mutating func endRun(of object: String) {
    guard var run = runs[object] else { return }
    let zones = self.zones
    var crossings: [ZoneCrossing] = []
    var rows: [FilteredDistanceRow] = []
    run.finishRun(zones: zones, outwards: outwards) { time, zone, kind in
      crossings.append(ZoneCrossing(time: time, object: object, zone: zones[zone].name, kind: kind))
    } distance: { time, s, _, _ in
      rows.append(FilteredDistanceRow(time: time, object: object, distanceMeters: s))
    }
    self.crossings += crossings
    distances += rows
    runs[object] = run
  }
}

/// One object's state in a ``BaselineDetector``: the method's smoother, the
/// zones it is inside, and its latest update's time. A streaming evaluation
/// keeps one per live object and method.
struct BaselineTrack: Sendable {
  private var lastTime: Timestamp?
  private var smoother: BaselineSmoother
  private var inside: [Bool]

  init(method: BaselineMethod, zoneCount: Int) {
    smoother = BaselineSmoother(method: method)
    inside = Array(repeating: false, count: zoneCount)
  }

  /// One measured distance at `time`: the thresholded distance `s`, after
  /// handing each zone crossing to `emit` (zone index and kind) in
  /// ``BaselineDetector``'s order; nil, changing nothing, when `time` is
  /// before the previous update's. `outwards` is the zone indices by
  /// increasing radius.
  mutating func update(
    time: Timestamp, distanceMeters: Double, method: BaselineMethod, zones: [(name: String, radiusMeters: Double)],
    outwards: [Int], emit: (Int, CrossingKind) -> Void
  ) -> Double? {
    if let last = lastTime, time < last { return nil }
    lastTime = time
    let s = smoother.next(time: time, distanceMeters: distanceMeters)
    ZoneThresholdRule.apply(method.thresholdRule, s, zones: zones, outwards: outwards, inside: &inside, emit: emit)
    return s
  }

  /// A life-cycle row: the next update restarts the smoother.
  mutating func restart() {
    smoother.reset()
  }
}
