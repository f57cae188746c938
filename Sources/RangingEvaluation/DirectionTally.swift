// SPDX-License-Identifier: Apache-2.0
import RangingEngine

/// The running state of a ``DirectionErrorReport``: each row's direction
/// error goes into bounded samples and counts as it arrives, with the one
/// gap state per object that the rules need, so that a streaming evaluation
/// keeps nothing per row. The rules are ``DirectionErrorReport``'s.
public struct DirectionTally: Sendable {
  /// One object's gap state: its last measured direction and whether a gap
  /// is open and has failed. Kept by the caller per live object.
  public struct ObjectGap: Sendable {
    var lastMeasured: (time: Timestamp, direction: Direction)?
    var gapOpen = false
    var gapFailed = false

    public init() {}
  }

  private var measured = QuantileSample()
  private var earlyPredicted = QuantileSample()
  private var earlyHold = QuantileSample()
  private var predicted = QuantileSample()
  private var unknownRows = 0
  private var gaps = 0
  private var failing = 0
  private var rows = 0
  /// Rows out of the field of view, for ``DirectionErrorReport/outOfView``.
  public private(set) var outOfView = OutOfViewTally()

  public init() {}

  /// One accepted row's direction with the true position of its row (phone
  /// frame, metres); `gap` is its object's state.
  public mutating func add(
    _ sample: DirectionSample, truePosition p: (x: Double, y: Double, z: Double), gap: inout ObjectGap
  ) {
    rows += 1
    outOfView.add(sample, truePosition: p)
    let error = sample.direction.map { DirectionErrorReport.angleDegrees(between: $0, and: p) }
    switch sample.state {
    case .measured:
      if let error { measured.add(error) }
      if let direction = sample.direction { gap.lastMeasured = (sample.time, direction) }
      gap.gapOpen = false
    case .predicted, .unknown:
      guard let last = gap.lastMeasured else { return }
      if !gap.gapOpen {
        gap.gapOpen = true
        gap.gapFailed = false
        gaps += 1
      }
      if sample.state == .unknown {
        unknownRows += 1
        return
      }
      guard let error else { return }
      predicted.add(error)
      if error > DirectionErrorReport.failureDegrees && !gap.gapFailed {
        gap.gapFailed = true
        failing += 1
      }
      if sample.time.seconds(since: last.time) <= DirectionErrorReport.earlyGapSeconds {
        earlyPredicted.add(error)
        earlyHold.add(DirectionErrorReport.angleDegrees(between: last.direction, and: p))
      }
    }
  }

  /// The report of every row added (all fields absent or 0 when none was).
  public var report: DirectionErrorReport {
    DirectionErrorReport(
      measuredMedianDegrees: DirectionErrorReport.quantile(measured, 0.5),
      measuredP95Degrees: DirectionErrorReport.quantile(measured, 0.95),
      earlyPredictedRows: earlyPredicted.count,
      earlyPredictedMedianDegrees: DirectionErrorReport.quantile(earlyPredicted, 0.5),
      earlyPredictedP95Degrees: DirectionErrorReport.quantile(earlyPredicted, 0.95),
      earlyHoldLastMedianDegrees: DirectionErrorReport.quantile(earlyHold, 0.5),
      earlyHoldLastP95Degrees: DirectionErrorReport.quantile(earlyHold, 0.95),
      gaps: gaps, gapsFailingBeforeUnknown: failing, predictedMedianDegrees: DirectionErrorReport.quantile(predicted, 0.5),
      unknownRows: unknownRows, outOfView: outOfView.report)
  }

  /// Whether any row was added.
  public var isEmpty: Bool { rows == 0 }

  /// Adds every row of `other` (another file's), as ``QuantileSample/merge(_:)``
  /// pools samples: tallies merged in the same order give the same report
  /// however they were computed, so files scored on several threads pool as
  /// on one. Gap states are the caller's, per object, and not merged.
  public mutating func merge(_ other: DirectionTally) {
    measured.merge(other.measured)
    earlyPredicted.merge(other.earlyPredicted)
    earlyHold.merge(other.earlyHold)
    predicted.merge(other.predicted)
    unknownRows += other.unknownRows
    gaps += other.gaps
    failing += other.failing
    rows += other.rows
    outOfView.merge(other.outOfView)
  }
}

/// The running state of a ``DirectionErrorReport/OutOfViewDirection``: rows
/// whose true position is outside the field of view, and the error of the
/// direction kept on them.
public struct OutOfViewTally: Sendable {
  private var rows = 0
  private var sum = 0.0
  private var maximum: Double?
  private var errors = QuantileSample()
  private let fieldOfView: FieldOfView

  public init(fieldOfView: FieldOfView = FieldOfView()) {
    self.fieldOfView = fieldOfView
  }

  /// One accepted row's direction with its row's true position; counted
  /// only when that is outside the field of view.
  public mutating func add(_ sample: DirectionSample, truePosition p: (x: Double, y: Double, z: Double)) {
    guard !fieldOfView.contains(x: p.x, y: p.y, z: p.z) else { return }
    rows += 1
    if sample.state != .unknown, let direction = sample.direction {
      let error = DirectionErrorReport.angleDegrees(between: direction, and: p)
      sum += error
      maximum = max(maximum ?? error, error)
      errors.add(error)
    }
  }

  /// Adds every row of `other` (see ``DirectionTally/merge(_:)``).
  public mutating func merge(_ other: OutOfViewTally) {
    rows += other.rows
    sum += other.sum
    if let theirs = other.maximum { maximum = max(maximum ?? theirs, theirs) }
    errors.merge(other.errors)
  }

  /// The scores, or nil when no row was out of view.
  public var report: DirectionErrorReport.OutOfViewDirection? {
    guard rows > 0 else { return nil }
    return DirectionErrorReport.OutOfViewDirection(
      rows: rows, keptRows: errors.count, meanDegrees: errors.count == 0 ? nil : sum / Double(errors.count),
      p95Degrees: DirectionErrorReport.quantile(errors, 0.95), maxDegrees: maximum)
  }
}
