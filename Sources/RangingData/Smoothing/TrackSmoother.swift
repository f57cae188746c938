// SPDX-License-Identifier: Apache-2.0
import RangingEngine

/// Smooths a replay's filtered track offline: collects each object's
/// filtered states segment by segment and hands them on, smoothed by a
/// Rauch-Tung-Striebel pass, when the segment ends.
///
/// A segment is one run of the object's distance filter: it begins at the
/// filter's first distance or at a restart (``RangeStep/startsSegment``)
/// and holds every later accepted update of the object, whether its
/// measurement was fused, rejected by the gate (the filter predicted through
/// it, as the live filter decided) or carried no distance (a prediction).
/// The backward pass runs over the posteriors the live filter recorded, with
/// its model (`RangeFilter`: constant velocity, acceleration spectral density
/// `q`); the equations are in `GSL+RauchTungStriebel.swift` (Särkkä 2013,
/// §8.2, eq. 8.6). Rows with no distance yet pass through as they came, in
/// their place.
///
/// Each state goes to ``onSmoothed`` as ``Replayer/onState`` would hand it
/// out, with the distance, its sigma and the rate replaced by the smoothed
/// ones (the distance no less than 0, as the live filter keeps it); the
/// direction and the NLOS probability are the live ones. One object's states
/// come out in their input order; the states of different objects come out
/// segment by segment, so they are no longer interleaved as in the input.
///
/// Memory: a segment is held until it ends (its object restarts, stops
/// being tracked, or ``finish()``), so memory per object is bounded by the
/// object's own run, about 150 bytes per state; segments of objects the
/// engine no longer tracks are handed on once more than
/// ``openSegmentsSwept`` segments are open.
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
  /// Segments smoothed so far.
  public private(set) var segmentsSmoothed = 0
  /// Segments handed on unsmoothed because the pass failed.
  public private(set) var segmentsLeftFiltered = 0

  /// Open segments at which those of untracked objects are handed on.
  public static let openSegmentsSwept = 1024

  private struct Segment {
    var object: UInt64
    /// Order of the segment's first state among all states recorded.
    var order: Int
    /// Every state, with the index of its point in `points` (nil: no distance).
    var rows: [(seconds: Double, state: TrackState, point: Int?)] = []
    var points: [RangeTrackPoint] = []
  }

  private var open: [String: Segment] = [:]
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

  /// Records one accepted update (``Replayer/onRangeStep``).
  ///
  /// - Complexity: O(1) amortised, and the pass over a segment when `step` ends it.
  public func record(_ step: RangeStep) {
    let point = step.point
    if point != nil, step.startsSegment || open[step.objectName] == nil {
      if let ended = open.removeValue(forKey: step.objectName) { handOn(ended, name: step.objectName) }
      if open.count >= Self.openSegmentsSwept { sweepUntracked() }
      open[step.objectName] = Segment(object: step.object, order: recorded)
    }
    recorded += 1
    guard var segment = open.removeValue(forKey: step.objectName) else {
      // No distance yet and nothing open: nothing to smooth, nothing to wait for.
      onSmoothed(step.seconds, step.objectName, step.state)
      return
    }
    if let point {
      segment.rows.append((step.seconds, step.state, segment.points.count))
      segment.points.append(point)
    } else {
      segment.rows.append((step.seconds, step.state, nil))
    }
    open[step.objectName] = segment
  }

  /// Hands on every open segment, in the order of their first states.
  public func finish() {
    let segments = open.sorted { $0.value.order < $1.value.order }
    open.removeAll()
    for (name, segment) in segments { handOn(segment, name: name) }
  }

  /// Hands on the open segments of objects the engine no longer tracks.
  private func sweepUntracked() {
    let untracked = open.filter { !isTracked($0.value.object) }.sorted { $0.value.order < $1.value.order }
    for (name, segment) in untracked {
      open.removeValue(forKey: name)
      handOn(segment, name: name)
    }
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
    for row in segment.rows {
      var state = row.state
      if let index = row.point {
        let point = smoothed[index]
        state.range.distanceMeters = max(0, point.distanceMeters)
        state.range.sigmaMeters = point.covariance.distanceVarianceMetersSquared.squareRoot()
        state.range.rateMetersPerSecond = point.rateMetersPerSecond
      }
      onSmoothed(row.seconds, name, state)
    }
  }
}
