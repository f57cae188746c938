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
/// offline ones, `OfflineZoneEvents`, decided on it as each run ends). Per
/// live object it holds the baselines' smoothing states (an offline
/// baseline's whole run, ``SmoothedBaselineTrack``) and the direction's gap
/// state, dropped with the object's scores when the scorer folds it; an
/// offline baseline's run is scored first, at the next row (its events then
/// count as unscored, as any event of an object folded before it arrives).
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
    /// Each offline baseline's run so far, by the baseline's index (nil for the causal ones).
    var offline: [SmoothedBaselineTrack?]
    var gap = DirectionTally.ObjectGap()
  }
  private var objects: [String: ObjectState] = [:]
  /// Offline baseline runs of objects the scorer folded, scored at the next row.
  private var foldedOffline: [(object: String, tracks: [SmoothedBaselineTrack?])] = []

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
  /// With smoothing: the zones decided on the smoothed states.
  var offline: OfflineZoneEvents?

  init(evaluator: Evaluator, baselines: [BaselineMethod], smooth: Bool, direction: DirectionTally, liveLimit: Int) {
    self.baselines = baselines
    zones = evaluator.zones
    outwards = ObjectTruthCrossings.outwards(evaluator.zones)
    smoothedMethod = smooth ? 1 + baselines.count : nil
    self.direction = direction
    scorer = RunScorer(
      zones: evaluator.zones, matchToleranceSeconds: evaluator.matchToleranceSeconds,
      methodCount: 1 + baselines.count + (smooth ? 1 : 0), liveLimit: liveLimit)
    scorer.onFold = { [unowned self] object in
      if let state = objects.removeValue(forKey: object), state.offline.contains(where: { $0?.isEmpty == false }) {
        foldedOffline.append((object, state.offline))
      }
    }
  }

  /// A measurement or life-cycle row, before the engine sees it.
  func record(_ record: DatasetRecord) {
    if !foldedOffline.isEmpty { scoreFoldedOffline() }
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
        for index in state.offline.indices { scoreOffline(&state.offline[index], object: object, method: index) }
        objects[object] = state
      }
    case .pose, .rejected:
      current = nil
    }
  }

  /// One of the engine's zone events.
  func engineEvent(_ crossing: ZoneCrossing) {
    scorer.event(crossing, method: 0)
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
    guard let smoothedMethod else { return }
    offline?.state(objectName: object, state) { event, name in
      scorer.event(ZoneCrossing(time: event.time, object: name, zone: zoneNames[event.zone],
                                kind: event.kind == .enter ? .enter : .exit), method: smoothedMethod)
    }
    guard var rows = awaitingSmoothing[object], !rows.isEmpty else { return }
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
    if let smoothedMethod {
      offline?.finish { event, name in
        scorer.event(ZoneCrossing(time: event.time, object: name, zone: zoneNames[event.zone],
                                  kind: event.kind == .enter ? .enter : .exit), method: smoothedMethod)
      }
    }
    scoreFoldedOffline()
    for object in objects.keys.sorted() {
      guard var state = objects[object] else { continue }
      for index in state.offline.indices { scoreOffline(&state.offline[index], object: object, method: index) }
      objects[object] = state
    }
    return scorer.finish(name: name, withDistance: Array(repeating: true, count: scorer.methodCount))
  }

  /// Scores the run of offline baseline `method` of `object` held in `track`, and empties it.
  private func scoreOffline(_ track: inout SmoothedBaselineTrack?, object: String, method index: Int) {
    let zones = self.zones
    track?.finishRun(zones: zones, outwards: outwards) { time, zone, kind in
      scorer.event(ZoneCrossing(time: time, object: object, zone: zones[zone].name, kind: kind), method: 1 + index)
    } distance: { time, s, measured, truth in
      scorer.distance(FilteredDistanceRow(time: time, object: object, distanceMeters: s),
                      measuredMeters: measured, trueMeters: truth, method: 1 + index)
    }
  }

  /// Scores the offline runs of the objects folded since the last row.
  private func scoreFoldedOffline() {
    let folded = foldedOffline
    foldedOffline = []
    for (object, tracks) in folded {
      var tracks = tracks
      for index in tracks.indices { scoreOffline(&tracks[index], object: object, method: index) }
    }
  }

  /// Feeds a measured distance to every baseline: their events and the
  /// distance each thresholds, paired with this row's truth.
  private func updateBaselines(object: String, time: Timestamp, distanceMeters: Double, truth: GroundTruth) {
    var state = objects[object]
      ?? ObjectState(baselines: baselines.map { BaselineTrack(method: $0, zoneCount: zones.count) },
                     offline: baselines.map { SmoothedBaselineTrack(method: $0, zoneCount: zones.count) })
    for (index, method) in baselines.enumerated() {
      // An offline baseline holds the reading until its run ends; a causal one has no such track (nil).
      if state.offline[index]?.add(time: time, distanceMeters: distanceMeters, trueMeters: truth.distanceMeters) != nil {
        continue
      }
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

  func event(_ event: ZoneEvent, objectName: String) {
    engineEvent(ZoneCrossing(time: event.time, object: objectName, zone: zoneNames[event.zone],
                             kind: event.kind == .enter ? .enter : .exit))
  }

  func state(seconds: Double, object _: UInt64, objectName: String, _ state: TrackState) { engineState(object: objectName, state: state) }

  func rangeStep(_ step: RangeStep) { smoother?.record(step) }

  func exitCommand(objectName: String, at time: Timestamp, reason: ExitReason) {
    offline?.exitCommand(objectName: objectName, at: time, reason: reason)
  }
}
