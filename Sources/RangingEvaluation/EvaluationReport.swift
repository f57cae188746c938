// SPDX-License-Identifier: Apache-2.0
import Foundation
import RangingFormats
import RangingOutputs

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
  /// For a peer's report: its latency beside the engine's on the truth
  /// events both matched, pooled over the runs; nil (omitted in JSON) for the engine's.
  public var overallLatencyBesideEngine: PairedLatency?

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
    let beside = scenarios.compactMap(\.latencyBesideEngine)
    overallLatencyBesideEngine = beside.isEmpty ? nil : PairedLatency.pooled(beside)
  }

  /// The report as pretty-printed JSON with sorted keys (absent values omitted).
  ///
  /// - Throws: `ReportEncodingError` naming a value that is not finite.
  public func jsonText() throws(ReportEncodingError) -> String {
    try ReportEncodingError.prettyJSON(self)
  }

  public var description: String { table() }

  /// Why a run has unscored events, under its rows, so that a row such as
  /// "events 2, unscored 2, missed 2, F1 0" is not left to guess: events
  /// after their object's truth ends (most often an object reported lost
  /// once its truth stops), and events before it starts, whose run's truth
  /// then begins inside a zone with events no scored event can match.
  func unscoredNote(_ run: ScenarioEvaluation) -> [String] {
    let before = run.unscoredBeforeTruth, after = run.events.unscoredEvents - run.unscoredBeforeTruth
    let tolerance = "\(matchToleranceSeconds) s"
    var lines: [String] = []
    if after > 0 {
      lines.append("  unscored: \(after) after their object's truth ends (+\(tolerance)), e.g. exits of objects lost then")
    }
    if before > 0 {
      lines.append("  unscored: \(before) before their object's truth starts (-\(tolerance)), measured before it")
      let missed = run.missedAtTruthStart
      if missed == 1 {
        lines.append("    (so the truth's event at its first row, for a zone it starts in, is missed)")
      } else if missed > 1 {
        lines.append("    (so the truth's \(missed) events at its first row, for zones it starts in, are missed)")
      }
    }
    return lines
  }

  /// Plain-text tables, each within 100 columns: events per run (with
  /// per-zone rows), overall, and what the columns mean; then, when any run
  /// had a filtered track, distance error and the sigma coverage.
  public func table() -> String {
    let zoneList = zones.map { "\($0.name)=\($0.radiusMeters) m" }.joined(separator: ", ")
    var lines = ["zone events (tolerance \(matchToleranceSeconds) s; zones \(zoneList))"]
    lines.append(ReportTable.row("run", Array(zip(ReportTable.eventHeader, ReportTable.eventWidths))))
    func eventRow(_ label: String, _ s: EventScore) -> String {
      ReportTable.row(label, Array(zip(ReportTable.eventCells(s), ReportTable.eventWidths)))
    }
    func shown(_ part: ZoneKindScore) -> Bool { part.score.truthCount + part.score.engineCount + part.score.unscoredEvents > 0 }
    for run in scenarios {
      lines.append(eventRow(run.name, run.events))
      for part in run.breakdown where shown(part) { lines.append(eventRow("  \(part.zone) \(part.kind.rawValue)", part.score)) }
      lines += unscoredNote(run)
    }
    if scenarios.count > 1 {
      lines.append(eventRow("overall", overall))
      for part in overallBreakdown where shown(part) {
        lines.append(eventRow("  \(part.zone) \(part.kind.rawValue)", part.score))
      }
    }
    lines.append(ReportTable.eventFootnote)
    lines.append("")
    var distances = scenarios.compactMap { run in run.distance.map { (run.name, $0) } }
    guard !distances.isEmpty else { return lines.joined(separator: "\n") + "\n" }
    if distances.count > 1, let overallDistance { distances.append(("overall", overallDistance)) }
    lines.append("distance error, metres (filtered vs raw on the same rows)")
    let distanceWidths = [8, 9, 10, 9, 9, 9, 8, 8]
    lines.append(ReportTable.row("run", Array(zip(
      ["rows", "unpaired", "filt RMSE", "filt MAE", "filt p95", "raw RMSE", "raw MAE", "raw p95"], distanceWidths))))
    for (name, d) in distances {
      let cells = ["\(d.rows)", "\(d.unpairedFilteredRows)", ReportTable.number(d.filtered.rmseMeters),
                   ReportTable.number(d.filtered.maeMeters), ReportTable.number(d.filtered.p95AbsoluteErrorMeters),
                   ReportTable.number(d.raw.rmseMeters), ReportTable.number(d.raw.maeMeters),
                   ReportTable.number(d.raw.p95AbsoluteErrorMeters)]
      lines.append(ReportTable.row(name, Array(zip(cells, distanceWidths))))
    }
    let covered = distances.compactMap { name, d in d.filteredSigma.map { (name, $0) } }
    if !covered.isEmpty {
      lines.append("")
      lines.append("sigma coverage of the filtered distance: the share of rows with |e| <= sigma and <= 2 sigma,")
      lines.append("  e = filtered - true, sigma the reported one; overconfident: |e| > 1 m and sigma < |e|/5")
      let sigmaWidths = [8, 12, 12, 14]
      lines.append(ReportTable.row("run", Array(zip(["rows", "in 1 sigma", "in 2 sigma", "overconfident"], sigmaWidths))))
      for (name, sigma) in covered {
        let cells = ["\(sigma.rows)", ReportTable.number(sigma.withinOneSigma), ReportTable.number(sigma.withinTwoSigma),
                     "\(sigma.overconfidentRows)"]
        lines.append(ReportTable.row(name, Array(zip(cells, sigmaWidths))))
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
