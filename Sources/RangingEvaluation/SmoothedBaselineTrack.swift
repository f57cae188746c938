// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import RangingFormats

/// One object's state in an offline baseline
/// (``BaselineMethod/smoothedConstantVelocityKalman(_:)``): the readings of
/// its current run, held until the run ends (a life-cycle row, or the end of
/// the file), and the zones it is inside, which carry over from run to run
/// as the causal baselines' do (``BaselineDetector``).
///
/// When a run ends it is smoothed as a whole
/// (``ConstantVelocityRauchTungStriebel``) and the method's threshold rule
/// is applied to the smoothed distance of each reading in order, exactly as
/// a causal baseline applies it to its own distance as the readings come.
/// Memory: the run's readings, 24 bytes each.
struct SmoothedBaselineTrack: Sendable {
  /// The smoother's parameters and the threshold rule of the method.
  private let parameters: ConstantVelocityKalman.Parameters
  private let rule: ZoneThresholdRule
  private var run: [(time: Timestamp, distanceMeters: Double, trueMeters: Double?)] = []
  private var inside: [Bool]
  private var lastTime: Timestamp?

  /// The track of an offline `method`; nil for a causal one, which has none.
  init?(method: BaselineMethod, zoneCount: Int) {
    guard case .smoothedConstantVelocityKalman(let parameters) = method else { return nil }
    self.parameters = parameters
    rule = method.thresholdRule
    inside = Array(repeating: false, count: zoneCount)
  }

  /// Whether no reading is held.
  var isEmpty: Bool { run.isEmpty }

  /// Holds one reading; false, holding nothing, when `time` is before the previous reading's.
  @discardableResult
  mutating func add(time: Timestamp, distanceMeters: Double, trueMeters: Double?) -> Bool {
    if let last = lastTime, time < last { return false }
    lastTime = time
    run.append((time, distanceMeters, trueMeters))
    return true
  }

  /// Ends the run: smooths it, hands each zone crossing to `emit` (time, zone
  /// index, kind; in ``BaselineDetector``'s order within a reading) and each
  /// reading's smoothed distance to `distance` (time, smoothed, measured,
  /// true distance), and empties it. `outwards` is the zone indices by
  /// increasing radius.
  mutating func finishRun(
    zones: [(name: String, radiusMeters: Double)], outwards: [Int],
    emit: (Timestamp, Int, CrossingKind) -> Void,
    distance: (Timestamp, Double, Double, Double?) -> Void
  ) {
    guard !run.isEmpty else { return }
    let smoothed = ConstantVelocityRauchTungStriebel.smooth(run.map { ($0.time, $0.distanceMeters) }, parameters: parameters)
    for (reading, s) in zip(run, smoothed) {
      ZoneThresholdRule.apply(rule, s, zones: zones, outwards: outwards, inside: &inside) { emit(reading.time, $0, $1) }
      distance(reading.time, s, reading.distanceMeters, reading.trueMeters)
    }
    run.removeAll(keepingCapacity: true)
  }
}
