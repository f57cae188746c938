// SPDX-License-Identifier: Apache-2.0
import Foundation
import RangingFormats
import RangingOutputs

/// One baseline's evaluation over the same runs as the engine's.
public struct BaselineEvaluation: Codable, Equatable, Sendable {
  /// `raw`, `ema`, `cv-kalman` or `median3` (``BaselineMethod/name``).
  public var method: String
  /// What the method thresholds and how (``BaselineMethod/description``).
  public var summary: String?
  /// The EMA weight per update, or nil (omitted in JSON) for the other methods.
  public var alpha: Double?
  /// The exit band above each radius, metres, or nil (omitted in JSON) for plain thresholds.
  public var hysteresisBandMeters: Double?
  /// Events and distance error of the baseline, scored exactly like the engine's.
  public var report: EvaluationReport

  public init(method: BaselineMethod, report: EvaluationReport) {
    self.method = method.name
    summary = method.description + "; " + method.thresholdRule.description
    alpha = method.alpha
    hysteresisBandMeters = method.thresholdRule.bandMeters
    self.report = report
  }
}

/// The engine's evaluation side by side with the baselines' (issue 3).
///
/// Every method is scored by the same ``Evaluator``: the same truth
/// crossings, the same one-to-one matching and tolerance, and distance error
/// on the same dataset rows (``DistanceErrorComparison``; for a baseline,
/// "filtered" is the distance it thresholds).
///
/// ``table()`` is the engine's table (``EvaluationReport/table()``) followed
/// by one comparison table. ``jsonText()`` keeps the engine's report at the
/// top level, so readers of `rangectl evaluate --json` still find `overall`,
/// `scenarios` and the rest there, and adds `baselines`, one
/// ``BaselineEvaluation`` per method, and `smoothed` when the engine's track
/// was also smoothed offline (`TrackSmoother`).
public struct BaselineComparison: Codable, Equatable, Sendable, CustomStringConvertible {
  public var engine: EvaluationReport
  public var baselines: [BaselineEvaluation]
  /// The engine's direction through field-of-view gaps against holding the
  /// last measured direction, when the datasets carry true positions.
  public var direction: DirectionErrorReport?
  /// The engine run offline, scored on the same rows: its track smoothed
  /// (`TrackSmoother`) and the zone events decided on it
  /// (`OfflineZoneEvents`); the row "offline" of ``table()``. Nil when not asked for.
  public var smoothed: EvaluationReport?

  /// - Precondition: every baseline report, and `smoothed`, has the engine's runs, in the same order.
  public init(
    engine: EvaluationReport, baselines: [BaselineEvaluation], direction: DirectionErrorReport? = nil,
    smoothed: EvaluationReport? = nil
  ) {
    precondition(baselines.map(\.report).allSatisfy { $0.scenarios.map(\.name) == engine.scenarios.map(\.name) }
                 && (smoothed?.scenarios.map(\.name) ?? engine.scenarios.map(\.name)) == engine.scenarios.map(\.name),
                 "BaselineComparison: every baseline must be evaluated on the engine's runs, in order")
    self.engine = engine
    self.baselines = baselines
    self.direction = direction
    self.smoothed = smoothed
  }

  private enum CodingKeys: String, CodingKey { case baselines, direction, smoothed }

  public init(from decoder: any Decoder) throws {
    engine = try EvaluationReport(from: decoder)
    let container = try decoder.container(keyedBy: CodingKeys.self)
    baselines = try container.decode([BaselineEvaluation].self, forKey: .baselines)
    direction = try container.decodeIfPresent(DirectionErrorReport.self, forKey: .direction)
    smoothed = try container.decodeIfPresent(EvaluationReport.self, forKey: .smoothed)
  }

  public func encode(to encoder: any Encoder) throws {
    try engine.encode(to: encoder)
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(baselines, forKey: .baselines)
    try container.encodeIfPresent(direction, forKey: .direction)
    try container.encodeIfPresent(smoothed, forKey: .smoothed)
  }

  /// Pretty-printed JSON with sorted keys (absent values omitted).
  ///
  /// - Throws: `ReportEncodingError` naming a value that is not finite.
  public func jsonText() throws(ReportEncodingError) -> String {
    try ReportEncodingError.prettyJSON(self)
  }

  public var description: String { table() }

  /// The engine's tables, then per run and overall one row per method:
  /// baselines first, then the engine, then the engine offline when there
  /// is one; events in one table, distance error in another, so that each
  /// fits in 100 columns.
  public func table() -> String {
    var lines = [engine.table()]
    lines.append("engine vs baselines (same truth, matching and tolerance)")
    for baseline in baselines {
      lines.append("  " + (baseline.summary ?? baseline.method))
    }
    let reports = baselines.map { ($0.method, $0.report) } + [("engine", engine)] + (smoothed.map { [("offline", $0)] } ?? [])
    var runs = engine.scenarios.indices.map { index in
      (engine.scenarios[index].name, reports.map { ($0, $1.scenarios[index].events, $1.scenarios[index].distance) })
    }
    if engine.scenarios.count > 1 {
      runs.append(("overall", reports.map { ($0, $1.overall, $1.overallDistance) }))
    }
    func row(_ name: String, _ method: String, _ cells: [(String, Int)]) -> String {
      ReportTable.row(name, [(method.padding(toLength: max(Self.methodWidth, method.count), withPad: " ", startingAt: 0), Self.methodWidth + 1)] + cells)
    }
    lines.append(row("run", " method", Array(zip(ReportTable.eventHeader, ReportTable.eventWidths))))
    for (name, methods) in runs {
      for (offset, (method, events, _)) in methods.enumerated() {
        lines.append(row(offset == 0 ? name : "", " " + method, Array(zip(ReportTable.eventCells(events), ReportTable.eventWidths))))
      }
    }
    if runs.contains(where: { $0.1.contains { $0.2 != nil } }) {
      lines.append("")
      lines.append("distance error vs truth, metres (a baseline's distance is the one it thresholds)")
      let widths = [9, 9, 9]
      lines.append(row("run", " method", Array(zip(["RMSE", "MAE", "p95"], widths))))
      for (name, methods) in runs {
        for (offset, (method, _, distance)) in methods.enumerated() {
          let cells = [ReportTable.number(distance?.filtered.rmseMeters), ReportTable.number(distance?.filtered.maeMeters),
                       ReportTable.number(distance?.filtered.p95AbsoluteErrorMeters)]
          lines.append(row(offset == 0 ? name : "", " " + method, Array(zip(cells, widths))))
        }
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Width of the method column.
  private static let methodWidth = 10
}
