// SPDX-License-Identifier: Apache-2.0
import Foundation
import RangingFormats

/// A zone's name and radius, as recorded in a report.
public struct ZoneRadius: Codable, Equatable, Sendable {
  public var name: String
  public var radiusMeters: Double
}

/// Evaluations of one or more runs with their pooled totals, for people
/// (``table()``) and for tools (``jsonText()``, `Codable`).
///
/// "overall" pools the runs: counts add, and latencies and distance errors are
/// pooled before the percentiles are taken (so it is not an average of
/// per-run percentiles).
public struct EvaluationReport: Codable, Equatable, Sendable, CustomStringConvertible {
  public var matchToleranceSeconds: Double
  public var zones: [ZoneRadius]
  public var scenarios: [ScenarioEvaluation]
  public var overall: EventScore
  public var overallBreakdown: [ZoneKindScore]
  /// Pooled distance error over the runs that had a filtered track, or nil.
  public var overallDistance: DistanceErrorComparison?

  /// Collects `scenarios` evaluated by `evaluator` and pools them.
  public init(evaluator: Evaluator, scenarios: [ScenarioEvaluation]) {
    matchToleranceSeconds = evaluator.matchToleranceSeconds
    zones = evaluator.zones.map { ZoneRadius(name: $0.name, radiusMeters: $0.radiusMeters) }
    self.scenarios = scenarios
    overall = EventScore.pooled(scenarios.map(\.events))
    var keys: [(String, CrossingKind)] = []
    for part in scenarios.flatMap(\.breakdown) where !keys.contains(where: { $0 == (part.zone, part.kind) }) {
      keys.append((part.zone, part.kind))
    }
    overallBreakdown = keys.map { zone, kind in
      let parts = scenarios.flatMap(\.breakdown).filter { $0.zone == zone && $0.kind == kind }
      return ZoneKindScore(zone: zone, kind: kind, score: EventScore.pooled(parts.map(\.score)))
    }
    let distances = scenarios.compactMap(\.distance)
    overallDistance = distances.isEmpty ? nil : DistanceErrorComparison.pooled(distances)
  }

  /// The report as pretty-printed JSON with sorted keys (absent values omitted).
  ///
  /// - Throws: `ReportEncodingError` naming a value that is not finite.
  public func jsonText() throws(ReportEncodingError) -> String {
    try ReportEncodingError.prettyJSON(self)
  }

  public var description: String { table() }

  /// A plain-text table: events per run (with per-zone rows), overall, then
  /// distance error when any run had a filtered track.
  public func table() -> String {
    let zoneList = zones.map { "\($0.name)=\($0.radiusMeters) m" }.joined(separator: ", ")
    var lines = ["zone events (tolerance \(matchToleranceSeconds) s; zones \(zoneList); "
                 + "unscored: outside the object's truth span ± tolerance)"]
    let header = ["run", "truth", "engine", "matched", "missed", "false", "unscored", "prec", "recall", "F1", "p50 s",
                  "p95 s"]
    lines.append(Self.row(header))
    func eventRow(_ label: String, _ s: EventScore) -> String {
      Self.row([label, "\(s.truthCount)", "\(s.engineCount)", "\(s.matched)", "\(s.missed)", "\(s.falseEvents)",
                "\(s.unscoredEvents)", Self.number(s.precision), Self.number(s.recall), Self.number(s.f1),
                Self.number(s.latencyP50Seconds), Self.number(s.latencyP95Seconds)])
    }
    for run in scenarios {
      lines.append(eventRow(run.name, run.events))
      for part in run.breakdown where part.score.truthCount + part.score.engineCount + part.score.unscoredEvents > 0 {
        lines.append(eventRow("  \(part.zone) \(part.kind.rawValue)", part.score))
      }
    }
    if scenarios.count > 1 {
      lines.append(eventRow("overall", overall))
      for part in overallBreakdown
      where part.score.truthCount + part.score.engineCount + part.score.unscoredEvents > 0 {
        lines.append(eventRow("  \(part.zone) \(part.kind.rawValue)", part.score))
      }
    }
    let distances = scenarios.compactMap { run in run.distance.map { (run.name, $0) } }
    if !distances.isEmpty {
      lines.append("")
      lines.append("distance error, metres (filtered vs raw on the same rows)")
      lines.append(Self.row(["run", "rows", "unpaired", "filt RMSE", "filt MAE", "filt p95", "raw RMSE", "raw MAE", "raw p95"]))
      for (name, d) in distances + (distances.count > 1 ? [("overall", overallDistance!)] : []) {
        lines.append(Self.row([name, "\(d.rows)", "\(d.unpairedFilteredRows)",
                               Self.number(d.filtered.rmseMeters), Self.number(d.filtered.maeMeters),
                               Self.number(d.filtered.p95AbsoluteErrorMeters), Self.number(d.raw.rmseMeters),
                               Self.number(d.raw.maeMeters), Self.number(d.raw.p95AbsoluteErrorMeters)]))
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The first cell left-aligned in 26 columns, the others right-aligned in 9.
  private static func row(_ cells: [String]) -> String {
    var line = cells[0].padding(toLength: max(26, cells[0].count), withPad: " ", startingAt: 0)
    for cell in cells.dropFirst() {
      line += String(repeating: " ", count: max(1, 9 - cell.count)) + cell
    }
    return line
  }

  /// Three decimals, or `-` when absent.
  private static func number(_ value: Double?) -> String {
    guard let value else { return "-" }
    return TextFormatting.fixed(value, decimals: 3)
  }
}
