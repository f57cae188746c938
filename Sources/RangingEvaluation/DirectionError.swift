// SPDX-License-Identifier: Apache-2.0
import Foundation
import RangingEngine
import RangingFormats
import RangingOutputs

/// One filtered direction, as the engine reported it for an accepted row.
public struct DirectionSample: Sendable {
  public var time: Timestamp
  public var object: String
  public var direction: Direction?
  public var state: DirectionState

  public init(time: Timestamp, object: String, direction: Direction?, state: DirectionState) {
    self.time = time
    self.object = object
    self.direction = direction
    self.state = state
  }
}

/// How well the direction is kept through field-of-view gaps, against truth.
///
/// A gap starts at an object's last `measured` direction and lasts until the
/// next one. Within the first ``DirectionErrorReport/earlyGapSeconds`` of each
/// gap, the error of every `predicted` direction is compared with the error of
/// holding the last measured direction on the same rows (what Android's UWB
/// filter engine reports). A gap "fails" when a `predicted` direction's error
/// passes ``DirectionErrorReport/failureDegrees`` before the state turns `unknown`.
public struct DirectionErrorReport: Codable, Equatable, Sendable {
  public static let earlyGapSeconds = 2.0
  public static let failureDegrees = 45.0

  /// Median and p95 error of measured directions, degrees.
  public var measuredMedianDegrees: Double?
  public var measuredP95Degrees: Double?
  /// Predicted rows within the early part of gaps, and their median / p95 error, degrees.
  public var earlyPredictedRows: Int
  public var earlyPredictedMedianDegrees: Double?
  public var earlyPredictedP95Degrees: Double?
  /// Holding the last measured direction on the same rows, degrees.
  public var earlyHoldLastMedianDegrees: Double?
  public var earlyHoldLastP95Degrees: Double?
  /// Gaps seen, and gaps whose predicted error passed the failure angle before `unknown`.
  public var gaps: Int
  public var gapsFailingBeforeUnknown: Int
  /// Median error over all predicted rows, degrees; and rows reported unknown.
  public var predictedMedianDegrees: Double?
  public var unknownRows: Int
  /// Rows whose true position is outside the field of view (the default
  /// `FieldOfView`), where no direction can be measured: what the phone's
  /// pose is for (docs/FORMATS.md §1). Nil when there is none.
  public var outOfView: OutOfViewDirection?
  /// The same rows from a second run of the engine with the `pose_*`
  /// columns ignored, when the data had poses (`rangectl evaluate`).
  public var outOfViewWithoutPose: OutOfViewDirection?

  /// The direction on rows out of view: how many keep one, and its error.
  public struct OutOfViewDirection: Codable, Equatable, Sendable {
    public var rows: Int
    /// Rows whose direction is `measured` or `predicted`, not `unknown`.
    public var keptRows: Int
    public var meanDegrees: Double?
    public var p95Degrees: Double?
    public var maxDegrees: Double?

    /// Scores the rows of `samples` whose true position lies outside `fieldOfView`.
    public static func evaluate(
      samples: [DirectionSample], truth: [String: [Int64: (x: Double, y: Double, z: Double)]],
      fieldOfView: FieldOfView = FieldOfView()
    ) -> OutOfViewDirection? {
      var tally = OutOfViewTally(fieldOfView: fieldOfView)
      for sample in samples {
        guard let p = truth[sample.object]?[sample.time.microseconds] else { continue }
        tally.add(sample, truePosition: p)
      }
      return tally.report
    }

    func line(_ label: String) -> String {
      func f(_ v: Double?) -> String { v.map { TextFormatting.fixed($0, decimals: 1) } ?? "-" }
      return "  \(label) (\(rows) rows, \(keptRows) keep a direction): mean \(f(meanDegrees)), p95 \(f(p95Degrees)), max \(f(maxDegrees))\n"
    }
  }

  /// Scores `samples` (in input order) against true positions keyed by object and time.
  public static func evaluate(
    samples: [DirectionSample], truth: [String: [Int64: (x: Double, y: Double, z: Double)]]
  ) -> DirectionErrorReport {
    var tally = DirectionTally()
    var objects: [String: DirectionTally.ObjectGap] = [:]
    for sample in samples {
      guard let p = truth[sample.object]?[sample.time.microseconds] else { continue }
      tally.add(sample, truePosition: p, gap: &objects[sample.object, default: DirectionTally.ObjectGap()])
    }
    return tally.report
  }

  /// True positions by object and time (µs) from a dataset's `true_x/y/z` columns.
  /// `mapping` says how the dataset's columns and units map (docs/FORMATS.md §5).
  public static func truthPositions(datasetPath path: String, mapping: ColumnMapping = .identity) throws(DatasetError)
    -> [String: [Int64: (x: Double, y: Double, z: Double)]]
  {
    var truth: [String: [Int64: (x: Double, y: Double, z: Double)]] = [:]
    var reader = try RangingCSVReader(path: path, mapping: mapping)
    while let record = try reader.next() {
      if case .measurement(_, let object, _, let update, let t, _) = record, let x = t.x, let y = t.y, let z = t.z {
        truth[object, default: [:]][update.time.microseconds] = (x, y, z)
      }
    }
    return truth
  }

  /// The angle between a unit direction and the direction of a position, degrees.
  static func angleDegrees(between u: Direction, and p: (x: Double, y: Double, z: Double)) -> Double {
    let n = (p.x * p.x + p.y * p.y + p.z * p.z).squareRoot()
    guard n > 0 else { return 0 }
    let cosine = max(-1, min(1, (u.x * p.x + u.y * p.y + u.z * p.z) / n))
    return acos(cosine) * 180 / .pi
  }

  static func quantile(_ values: QuantileSample, _ q: Double) -> Double? {
    values.quantiles([q])?[0]
  }

  /// Rows for people.
  public func table() -> String {
    func f(_ v: Double?) -> String { v.map { TextFormatting.fixed($0, decimals: 1) } ?? "-" }
    let outOfViewLines = (outOfView?.line("out of view") ?? "")
      + (outOfViewWithoutPose?.line("out of view, poses ignored") ?? "")
    return """
      direction error, degrees (gaps start at the last measured direction)
        measured:                         median \(f(measuredMedianDegrees)), p95 \(f(measuredP95Degrees))
        predicted, first \(Int(Self.earlyGapSeconds)) s of gaps (\(earlyPredictedRows) rows): median \(f(earlyPredictedMedianDegrees)), p95 \(f(earlyPredictedP95Degrees))
        hold last measured, same rows:    median \(f(earlyHoldLastMedianDegrees)), p95 \(f(earlyHoldLastP95Degrees))
        all predicted rows:               median \(f(predictedMedianDegrees)); unknown rows: \(unknownRows)
        gaps: \(gaps), passing \(Int(Self.failureDegrees)) deg while still predicted: \(gapsFailingBeforeUnknown)
      \(outOfViewLines)
      """
  }
}
