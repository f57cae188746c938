// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import RangingFormats
import RangingReplay
import RangingSmoothing
import ZoneMonitor

/// One file's pass of an ``EngineEvaluation``: the replay's observer while
/// the rows go by.
///
/// Methods, by index in the ``RunScorer``: 0 the engine, then the baselines
/// in order, then the smoothed track when there is one (its events are the
/// engine's). Per live object it holds the baselines' smoothing states and
/// the direction's gap state, dropped with the object's scores when the
/// scorer folds it.
final class EvaluationPass {
  private var scorer: RunScorer
  private let baselines: [BaselineMethod]
  private let zones: [(name: String, radiusMeters: Double)]
  private let outwards: [Int]
  private let smoothedMethod: Int?
  /// The file's direction tally (``EngineEvaluation`` pools the files').
  private(set) var direction: DirectionTally
  private(set) var rowsWithTruth = 0
  private(set) var rowsWithTruePosition = 0

  /// What this pass keeps of a live object besides its scores.
  private struct ObjectState {
    var baselines: [BaselineTrack]
    var gap = DirectionTally.ObjectGap()
  }
  private var objects: [String: ObjectState] = [:]

  /// The measurement row being replayed: the engine's state for it pairs with its truth.
  private struct CurrentRow {
    var object: String
    var time: Timestamp
    var measuredMeters: Double?
    var truth: GroundTruth
  }
  private var current: CurrentRow?

  /// Rows whose smoothed state has not come out yet, per object, oldest first.
  private var awaitingSmoothing: [String: [CurrentRow]] = [:]

  /// The replay's zone names, by index, for its events.
  var zoneNames: [String] = []
  /// Where rejected rows go.
  var onRejection: (RowRejection) -> Void = { _ in }
  /// With smoothing: takes the distance filter's steps, and hands the smoothed states to ``smoothedState(object:state:)``.
  var smoother: TrackSmoother?

  init(evaluator: Evaluator, baselines: [BaselineMethod], smooth: Bool, direction: DirectionTally, liveLimit: Int) {
    self.baselines = baselines
    zones = evaluator.zones
    outwards = ObjectTruthCrossings.outwards(evaluator.zones)
    smoothedMethod = smooth ? 1 + baselines.count : nil
    self.direction = direction
    scorer = RunScorer(
      zones: evaluator.zones, matchToleranceSeconds: evaluator.matchToleranceSeconds,
      methodCount: 1 + baselines.count + (smooth ? 1 : 0), liveLimit: liveLimit)
    scorer.onFold = { [unowned self] object in objects[object] = nil }
  }

  /// A measurement or life-cycle row, before the engine sees it.
  func record(_ record: DatasetRecord) {
    switch record {
    case .measurement(_, let object, _, let update, let truth, _):
      if let trueMeters = truth.distanceMeters {
        rowsWithTruth += 1
        scorer.truth(object: object, time: update.time, trueDistanceMeters: trueMeters)
      } else {
        scorer.see(object)
      }
      if truth.x != nil && truth.y != nil && truth.z != nil { rowsWithTruePosition += 1 }
      current = CurrentRow(object: object, time: update.time, measuredMeters: update.distanceMeters, truth: truth)
      if let distance = update.distanceMeters { updateBaselines(object: object, time: update.time, distanceMeters: distance, truth: truth) }
    case .lifecycle(_, let object, _, _):
      scorer.see(object)
      current = nil
      if var state = objects[object] {
        for index in state.baselines.indices { state.baselines[index].restart() }
        objects[object] = state
      }
    case .pose, .rejected:
      current = nil
    }
  }

  /// One of the engine's zone events.
  func engineEvent(_ crossing: ZoneCrossing) {
    scorer.event(crossing, method: 0)
    if let smoothedMethod { scorer.event(crossing, method: smoothedMethod) }
  }

  /// The engine's filtered state of the current row.
  func engineState(object: String, state: TrackState) {
    guard let row = current, row.object == object, row.time == state.time else { return }
    if state.range.distanceMeters.isFinite {
      scorer.distance(
        FilteredDistanceRow(time: state.time, object: object, distanceMeters: state.range.distanceMeters,
                            sigmaMeters: state.range.sigmaMeters),
        measuredMeters: row.measuredMeters, trueMeters: row.truth.distanceMeters, method: 0)
    }
    if smoothedMethod != nil { awaitingSmoothing[object, default: []].append(row) }
    if let x = row.truth.x, let y = row.truth.y, let z = row.truth.z {
      var gap = objects[object]?.gap ?? DirectionTally.ObjectGap()
      direction.add(
        DirectionSample(time: state.time, object: object, direction: state.direction, state: state.directionState),
        truePosition: (x, y, z), gap: &gap)
      if objects[object] != nil { objects[object]!.gap = gap }
    }
  }

  /// A state of the smoothed track; states come out per object in input order.
  func smoothedState(object: String, state: TrackState) {
    guard let smoothedMethod, var rows = awaitingSmoothing[object], !rows.isEmpty else { return }
    let row = rows.removeFirst()
    awaitingSmoothing[object] = rows.isEmpty ? nil : rows
    guard state.range.distanceMeters.isFinite else { return }
    scorer.distance(
      FilteredDistanceRow(time: state.time, object: object, distanceMeters: state.range.distanceMeters,
                          sigmaMeters: state.range.sigmaMeters),
      measuredMeters: row.measuredMeters, trueMeters: row.truth.distanceMeters, method: smoothedMethod)
  }

  /// Folds every object and returns each method's evaluation.
  func finish(name: String) -> [ScenarioEvaluation] {
    var runs = scorer.finish(name: name, withDistance: Array(repeating: true, count: scorer.methodCount))
    // The smoothed track's events are the engine's own: beside the engine they say nothing.
    if let smoothedMethod { runs[smoothedMethod].latencyBesideEngine = nil }
    return runs
  }

  /// Feeds a measured distance to every baseline: their events and the
  /// distance each thresholds, paired with this row's truth.
  private func updateBaselines(object: String, time: Timestamp, distanceMeters: Double, truth: GroundTruth) {
    var state = objects[object]
      ?? ObjectState(baselines: baselines.map { BaselineTrack(method: $0, zoneCount: zones.count) })
    for (index, method) in baselines.enumerated() {
      var crossings: [ZoneCrossing] = []
      let zones = self.zones
      let s = state.baselines[index].update(
        time: time, distanceMeters: distanceMeters, method: method, zones: zones, outwards: outwards
      ) { zone, kind in crossings.append(ZoneCrossing(time: time, object: object, zone: zones[zone].name, kind: kind)) }
      for crossing in crossings { scorer.event(crossing, method: 1 + index) }
      if let s {
        scorer.distance(FilteredDistanceRow(time: time, object: object, distanceMeters: s),
                        measuredMeters: distanceMeters, trueMeters: truth.distanceMeters, method: 1 + index)
      }
    }
    objects[object] = state
  }
}

/// The replay hands the pass each row with its truth, the engine's events and
/// states, the distance filter's steps (for the smoother) and rejected rows.
extension EvaluationPass: ReplayObserver {
  var observesStates: Bool { true }
  var observesRecords: Bool { true }
  var observesRangeSteps: Bool { smoother != nil }

  func rejected(_ rejection: RowRejection) { onRejection(rejection) }

  func event(_ event: ZoneEvent, objectName: String, place: ReplayEventPlace) {
    engineEvent(ZoneCrossing(time: event.time, object: objectName, zone: zoneNames[event.zone],
                             kind: event.kind == .enter ? .enter : .exit))
  }

  func state(seconds: Double, object _: UInt64, objectName: String, _ state: TrackState) { engineState(object: objectName, state: state) }

  func rangeStep(_ step: RangeStep) { smoother?.record(step) }
}
