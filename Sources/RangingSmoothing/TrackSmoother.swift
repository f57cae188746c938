// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import RangingReplay

/// Smooths a replay's filtered track offline: collects each object's
/// filtered states segment by segment and hands them on, smoothed by a
/// Rauch-Tung-Striebel pass, when the segment ends.
///
/// A segment is one run of the object's distance filter: it begins at the
/// filter's first distance or at a restart (`RangeStep/startsSegment`)
/// and holds every later accepted update of the object, whether its
/// measurement was fused, rejected by the gate (the filter predicted through
/// it, as the live filter decided) or carried no distance (a prediction).
/// The backward pass runs over the posteriors the live filter recorded, with
/// its model (`RangeFilter`: constant velocity, acceleration spectral density
/// `q`); the equations are in `GSL+RauchTungStriebel.swift` (Särkkä 2013,
/// §8.2, eq. 8.6). Rows with no distance yet pass through as they came, in
/// their place. One exception to "a restart begins a segment": a run begun
/// at a restart after rejections and abandoned at its very next distance
/// (`.unconfirmedStart`) is predicted through by the run before it, as a
/// rejected measurement is (docs/DESIGN.md, "Offline smoothing").
///
/// Each state goes to ``onSmoothed`` as `ReplayObserver.state(seconds:object:objectName:_:)` would hand it
/// out, with the distance, its sigma and the rate replaced by the smoothed
/// ones (the distance no less than 0, as the live filter keeps it) and the
/// decision distance by the offline one; the direction and the NLOS
/// probability are the live ones. One object's states come out in their
/// input order; the states of different objects come out object by object,
/// so they are no longer interleaved as in the input.
///
/// The offline zone decision: each state handed on also carries, as its
/// `decisionDistanceMeters`, the zone decision's own filter run forward over
/// the object's whole life and smoothed backward (`OfflineZoneDecision`),
/// for ``OfflineZoneEvents``.
///
/// Memory: an object's smoothed segments are held until its life ends (it
/// stops being tracked, starts afresh at a new first distance, or
/// ``finish()``), since the offline decision runs over all of them, so
/// memory per object is bounded by its rows while it is tracked, about 200
/// bytes per state (up to twice that while the arrays grow). The states of
/// objects the engine no longer tracks are handed on once
/// ``sweepThreshold`` objects have segments open.
///
/// Needs the package's `GSL` trait (``isAvailable``). A segment whose pass
/// fails (a covariance not positive definite) is handed on as filtered and
/// counted in ``segmentsLeftFiltered``.
public final class TrackSmoother {
  /// The range filter's acceleration spectral density, m²/s³ (> 0).
  public let accelerationSpectralDensity: Double
  /// Receives each state, smoothed: the input's time in seconds, the object's name, the state.
  public var onSmoothed: (Double, String, TrackState) -> Void
  /// Whether the engine still tracks an object (by the replay's id); an
  /// open segment of an untracked object can be handed on.
  public var isTracked: (UInt64) -> Bool = { _ in true }
  /// The rate sigma the offline zone decision starts each run with, m/s: the
  /// live filter's (`RangeFilterConfiguration.initialRateSigmaMetersPerSecond`),
  /// as the live decision starts with it.
  public var decisionInitialRateSigma = 1.5
  /// Segments smoothed so far.
  public private(set) var segmentsSmoothed = 0
  /// Segments handed on unsmoothed because the pass failed.
  public private(set) var segmentsLeftFiltered = 0

  /// Objects with open segments at which those no longer tracked are handed
  /// on. At least twice the engine's capacity, so that after a sweep (at
  /// most the capacity is left) sweeps cost O(1) amortised per new segment.
  public var sweepThreshold = 1024

  /// One state of a segment: its point in `points` (nil: no distance), and
  /// what the offline zone decision does with its measured distance.
  private struct Row {
    var seconds: Double
    var state: TrackState
    var point: Int?
    var decision: OfflineZoneDecision.Input
  }

  private struct Segment {
    var object: UInt64
    /// Order of the segment's first state among all states recorded.
    var order: Int
    /// Whether the live filter began this run at a restart after rejections (`.persistentRejection`).
    var followsRejections: Bool
    /// Rows with a distance (the others are predictions to a row without one).
    var distances = 1
    /// Every state, with the index of its point in `points` (nil: no distance).
    var rows: [Row] = []
    var points: [RangeTrackPoint] = []
  }

  /// One object's runs not yet handed on: the current one, and the one
  /// before it while it may still be extended through an abandoned current one.
  private struct Runs {
    var held: Segment?
    var current: Segment
    var order: Int { held?.order ?? current.order }
  }

  private var open: [String: Runs] = [:]
  /// Each object's runs smoothed but not yet handed on: the offline zone
  /// decision runs over the object's whole life (until the engine stops
  /// tracking it, it starts afresh, or ``finish()``).
  private var lives: [String: [Row]] = [:]
  private var recorded = 0

  /// Whether this build can smooth (it has the package's `GSL` trait).
  public static var isAvailable: Bool { RauchTungStriebel.isAvailable }

  /// - Parameters:
  ///   - accelerationSpectralDensity: `q` of the range filter that made the track, m²/s³, > 0.
  ///   - onSmoothed: receives each state, smoothed.
  public init(accelerationSpectralDensity: Double, onSmoothed: @escaping (Double, String, TrackState) -> Void) {
    precondition(accelerationSpectralDensity > 0, "TrackSmoother: q must be positive")
    self.accelerationSpectralDensity = accelerationSpectralDensity
    self.onSmoothed = onSmoothed
  }

  /// Records one accepted update (`Replayer/onRangeStep`).
  ///
  /// - Complexity: O(1) amortised, and the pass over a segment when `step` ends it.
  public func record(_ step: RangeStep) {
    defer { recorded += 1 }
    let name = step.objectName
    if step.outcome == .initialized, let runs = open.removeValue(forKey: name) {
      // A new life of the object (it was removed, evicted or forgotten): the old one ends.
      handOn(runs, name: name)
      endLife(of: name)
    }
    if let point = step.point, step.startsSegment || open[name] == nil {
      var segment = Segment(object: step.object, order: recorded, followsRejections: step.outcome == .reset(.persistentRejection))
      segment.rows.append(Row(seconds: step.seconds, state: step.state, point: 0, decision: OfflineZoneDecision.Input(
        outcome: step.outcome ?? .initialized, measuredMeters: step.measuredMeters ?? point.distanceMeters)))
      segment.points.append(point)
      if let runs = open.removeValue(forKey: name) {
        open[name] = next(after: runs, name: name, abandoning: step.outcome == .reset(.unconfirmedStart), with: segment)
      } else {
        if open.count >= sweepThreshold { sweepUntracked() }
        open[name] = Runs(held: nil, current: segment)
      }
      return
    }
    guard var runs = open.removeValue(forKey: name) else {
      // No distance yet and nothing open: nothing to smooth, nothing to wait for.
      onSmoothed(step.seconds, name, step.state)
      return
    }
    if step.undidPreviousFusion { Self.predictThroughLast(&runs.current, accelerationSpectralDensity: accelerationSpectralDensity) }
    let decision = OfflineZoneDecision.Input(outcome: step.outcome, measuredMeters: step.measuredMeters)
    if let point = step.point {
      runs.current.rows.append(Row(seconds: step.seconds, state: step.state, point: runs.current.points.count, decision: decision))
      runs.current.points.append(point)
      if step.outcome != nil { runs.current.distances += 1 }
    } else {
      runs.current.rows.append(Row(seconds: step.seconds, state: step.state, point: nil, decision: decision))
    }
    open[name] = runs
  }

  /// The runs after `runs` when `segment` begins: the current run ends.
  ///
  /// A run that the live filter began at a restart after rejections and
  /// abandoned at its very next distance (`segment` restarts with
  /// `.unconfirmedStart`: "the track rested on one measurement and the next
  /// disagreed") was a burst of outliers that did not last, as the live
  /// filter found one update later. (A run that fused a second distance
  /// before it was abandoned is left alone: two agreeing measurements are
  /// as likely a real jump.) Its rows are then treated as rejected
  /// by the run before it, which is predicted through them, as the live
  /// filter predicts through a rejected measurement, and stays held.
  private func next(after runs: Runs, name: String, abandoning: Bool, with segment: Segment) -> Runs {
    if abandoning, runs.current.followsRejections, runs.current.distances == 1, var held = runs.held, extend(&held, through: runs.current) {
      return Runs(held: held, current: segment)
    }
    if let held = runs.held { handOn(held, name: name) }
    return Runs(held: runs.current, current: segment)
  }

  /// Appends the rows of `abandoned` to `segment` as predictions from its
  /// last state; false (and `segment` unchanged) when a prediction fails.
  /// Replaces the segment's last point by the prediction of the one before it
  /// to its time: the filter undid that point's fusion (`RangeStep.undidPreviousFusion`),
  /// so the measurement there is treated as rejected, as the filter now treats it.
  /// Leaves the segment as it is when it has fewer than two points or the prediction fails.
  private static func predictThroughLast(_ segment: inout Segment, accelerationSpectralDensity q: Double) {
    let count = segment.points.count
    guard count >= 2, case .success(let predicted) = RauchTungStriebel.predict(
      segment.points[count - 2], to: segment.points[count - 1].time, accelerationSpectralDensity: q)
    else { return }
    segment.points[count - 1] = predicted
  }

  private func extend(_ segment: inout Segment, through abandoned: Segment) -> Bool {
    var extended = segment
    for row in abandoned.rows {
      guard let last = extended.points.last, row.state.time >= last.time,
        case .success(let predicted) = RauchTungStriebel.predict(
          last, to: row.state.time, accelerationSpectralDensity: accelerationSpectralDensity)
      else { return false }
      // The live filter's decision restarted here; offline, the run before it weighs these
      // readings as the decision weighs a rejected one (its own gate).
      extended.rows.append(Row(seconds: row.seconds, state: row.state, point: extended.points.count,
                               decision: row.decision.gated))
      extended.points.append(predicted)
    }
    segment = extended
    return true
  }

  /// Hands on every open segment, in the order of their first states.
  public func finish() {
    let all = open.sorted { $0.value.order < $1.value.order }
    open.removeAll()
    for (name, runs) in all {
      handOn(runs, name: name)
      endLife(of: name)
    }
    for name in lives.keys.sorted() { endLife(of: name) }
  }

  /// Hands on the open segments of objects the engine no longer tracks.
  private func sweepUntracked() {
    let untracked = open.filter { !isTracked($0.value.current.object) }.sorted { $0.value.order < $1.value.order }
    for (name, runs) in untracked {
      open.removeValue(forKey: name)
      handOn(runs, name: name)
      endLife(of: name)
    }
  }

  private func handOn(_ runs: Runs, name: String) {
    if let held = runs.held { handOn(held, name: name) }
    handOn(runs.current, name: name)
  }

  /// Smooths `segment` and hands its states on.
  private func handOn(_ segment: Segment, name: String) {
    var smoothed = segment.points
    if !segment.points.isEmpty {
      switch RauchTungStriebel.smooth(segment.points, accelerationSpectralDensity: accelerationSpectralDensity) {
      case .success(let points):
        smoothed = points
        segmentsSmoothed += 1
      case .failure:
        segmentsLeftFiltered += 1
      }
    }
    var life = lives.removeValue(forKey: name) ?? []
    for row in segment.rows {
      var smoothedRow = row
      if let index = row.point {
        let point = smoothed[index]
        smoothedRow.state.range.distanceMeters = max(0, point.distanceMeters)
        smoothedRow.state.range.sigmaMeters = point.covariance.distanceVarianceMetersSquared.squareRoot()
        smoothedRow.state.range.rateMetersPerSecond = point.rateMetersPerSecond
      }
      life.append(smoothedRow)
    }
    lives[name] = life
  }

  /// Ends the life of `name`: decides its offline zone distance over every
  /// run handed on (`OfflineZoneDecision`) and hands each state on.
  private func endLife(of name: String) {
    guard let life = lives.removeValue(forKey: name) else { return }
    let decisions = OfflineZoneDecision.smoothedDistances(
      life.map { ($0.state.time, $0.decision, $0.state.range.measurementSigmaMeters) },
      initialRateSigma: decisionInitialRateSigma)
    for (row, decision) in zip(life, decisions) {
      var state = row.state
      if let decision { state.range.decisionDistanceMeters = decision }
      onSmoothed(row.seconds, name, state)
    }
  }
}
