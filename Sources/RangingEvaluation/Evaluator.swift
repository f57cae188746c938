// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import RangingFormats
import RangingOutputs

/// Scores an engine run against a dataset's ground truth: zone events
/// (precision, recall, F1, latency, false events) and, when a filtered track
/// is given, distance error of the filtered and the raw distance.
///
/// Pure over values (``evaluate(name:truth:engineEvents:filtered:)``), with
/// file glue on top (``evaluate(name:datasetPath:eventsPath:filteredPath:mapping:)``):
///
///     let evaluator = Evaluator()   // inner 1.5 m, outer 3 m, tolerance 1 s
///     let run = try evaluator.evaluate(datasetPath: "walk-in-out.csv", eventsPath: "events.jsonl",
///                                      filteredPath: "track.csv")
///     let report = EvaluationReport(evaluator: evaluator, scenarios: [run])
///     print(report.table())          // or report.jsonText() for --json
///
/// Truth events come from ``TruthCrossings``; matching follows ``EventMatcher``;
/// engine events outside an object's truth span are left unscored
/// (``TruthCoverage``).
public struct Evaluator: Sendable {
  /// Zone names and radii, metres. Truth crossings are computed for these;
  /// engine events for other zone names count as false events.
  public var zones: [(name: String, radiusMeters: Double)]
  /// Largest |t_engine - t_truth| of a match, seconds.
  public var matchToleranceSeconds: Double
  /// Largest |Δt| between a filtered row and the dataset row it is compared with, seconds.
  public var rowTimeToleranceSeconds: Double

  /// - Parameters:
  ///   - zones: names (unique) and radii in metres (> 0). Default `inner` 1.5, `outer` 3.
  ///   - matchToleranceSeconds: ≥ 0; default 1.0 (see ``EventMatcher``).
  ///   - rowTimeToleranceSeconds: ≥ 0; default 0.0005: the filtered track
  ///     repeats the input time, so rows pair exactly; half a millisecond
  ///     absorbs printing with fewer decimals but never reaches the next row
  ///     (≥ 16 ms apart at 60 Hz).
  public init(
    zones: [(name: String, radiusMeters: Double)] = TruthCrossings.defaultZones,
    matchToleranceSeconds: Double = 1.0, rowTimeToleranceSeconds: Double = 0.0005
  ) {
    precondition(zones.allSatisfy { $0.radiusMeters > 0 && $0.radiusMeters.isFinite }, "Evaluator: radii must be positive")
    precondition(Set(zones.map(\.name)).count == zones.count, "Evaluator: zone names must be unique")
    precondition(rowTimeToleranceSeconds >= 0, "Evaluator: row time tolerance must not be negative")
    self.zones = zones
    self.matchToleranceSeconds = matchToleranceSeconds
    self.rowTimeToleranceSeconds = rowTimeToleranceSeconds
  }

  /// Evaluates one run from values.
  ///
  /// - Parameters:
  ///   - name: the scenario or file name shown in the report.
  ///   - truth: the dataset's measurement rows with truth, in file order.
  ///   - engineEvents: the engine's zone events; those the truth cannot
  ///     judge (``TruthCoverage``) are counted as unscored and not matched.
  ///   - filtered: the filtered track, or nil to skip distance error.
  /// - Complexity: O(n log n) in the number of rows and events.
  public func evaluate(
    name: String, truth: [TruthRow], engineEvents: [ZoneCrossing], filtered: [FilteredDistanceRow]? = nil
  ) -> ScenarioEvaluation {
    // The streaming scorer with every object live to the end: the same rules, all in memory.
    var scorer = RunScorer(zones: zones, matchToleranceSeconds: matchToleranceSeconds, methodCount: 1, liveLimit: .max)
    for row in truth { scorer.truth(object: row.object, time: row.time, trueDistanceMeters: row.trueDistanceMeters) }
    for event in engineEvents { scorer.event(event, method: 0) }
    if let filtered {
      let comparison = DistanceErrorComparison(filtered: filtered, truth: truth, timeToleranceSeconds: rowTimeToleranceSeconds)
      scorer.distance(comparison.tally, method: 0)
    }
    return scorer.finish(name: name, withDistance: [filtered != nil])[0]
  }

  /// Evaluates one run from files: the dataset (ranging CSV with
  /// `true_distance`), the events (JSON Lines) and optionally the filtered track.
  ///
  /// - Parameters:
  ///   - name: shown in the report; default the dataset's file name without `.csv`.
  ///   - datasetPath: ranging CSV (docs/FORMATS.md §1).
  ///   - eventsPath: zone events (docs/FORMATS.md §2).
  ///   - filteredPath: filtered track (docs/FORMATS.md §3), or nil.
  ///   - mapping: how the dataset's columns and units map (docs/FORMATS.md §5).
  /// - Throws: ``EvaluationInputError`` for the first file that cannot be used.
  public func evaluate(
    name: String? = nil, datasetPath: String, eventsPath: String, filteredPath: String? = nil,
    mapping: ColumnMapping = .identity
  ) throws(EvaluationInputError) -> ScenarioEvaluation {
    let truth = try EvaluationInputs.truthRows(datasetPath: datasetPath, mapping: mapping)
    let events = try EvaluationInputs.events(path: eventsPath)
    // The track writes names as Escaped shows them (FilteredTrackWriter): back to the dataset's names.
    let datasetNames = Dictionary(
      truth.map { (Escaped($0.object).description, $0.object) }, uniquingKeysWith: { first, _ in first })
    let filtered = try filteredPath.map { (path: String) throws(EvaluationInputError) in
      try EvaluationInputs.filteredRows(path: path).map { row in
        var row = row
        row.object = datasetNames[row.object] ?? row.object
        return row
      }
    }
    return evaluate(name: name ?? Evaluator.displayName(datasetPath), truth: truth, engineEvents: events, filtered: filtered)
  }

  /// `dir/walk-in-out.csv` -> `walk-in-out`.
  static func displayName(_ path: String) -> String {
    let file = path.split(separator: "/").last.map(String.init) ?? path
    return file.hasSuffix(".csv") ? String(file.dropLast(4)) : file
  }
}

/// The evaluation of one run (one scenario or file).
public struct ScenarioEvaluation: Codable, Equatable, Sendable {
  public var name: String
  /// All events.
  public var events: EventScore
  /// Per zone and kind, configured zones first, then unknown engine zone names.
  public var breakdown: [ZoneKindScore]
  /// Distance error, when a filtered track was given.
  public var distance: DistanceErrorComparison?
  /// Truth crossings after their object's first truth row (an object that
  /// starts inside a zone enters it at that row, which does not count): 0
  /// when the recording never moves across a zone boundary.
  public var truthCrossingsAfterFirstRow: Int
  /// Of ``EventScore/unscoredEvents``, those before their object's first
  /// truth row − tolerance (measured before the truth starts); the rest are
  /// after its last + tolerance (most often an object reported lost once
  /// its truth ends). Said beside the table, so that unscored events and
  /// the truth events they leave missed are explained.
  public var unscoredBeforeTruth: Int
  /// Truth events at the first truth row (the zones the object is in when
  /// its truth starts) of objects with unscored events before it, left
  /// missed: the events that would have matched them came before the truth.
  public var missedAtTruthStart: Int
  /// For a peer scored beside the engine (`rangectl evaluate`'s baselines):
  /// its latency and the engine's on the truth events both matched. Nil
  /// (omitted in JSON) for the engine itself.
  public var latencyBesideEngine: PairedLatency?

  public init(name: String, events: EventScore, breakdown: [ZoneKindScore], distance: DistanceErrorComparison?,
              truthCrossingsAfterFirstRow: Int = 0, latencyBesideEngine: PairedLatency? = nil,
              unscoredBeforeTruth: Int = 0, missedAtTruthStart: Int = 0) {
    self.name = name
    self.events = events
    self.breakdown = breakdown
    self.distance = distance
    self.truthCrossingsAfterFirstRow = truthCrossingsAfterFirstRow
    self.unscoredBeforeTruth = unscoredBeforeTruth
    self.missedAtTruthStart = missedAtTruthStart
    self.latencyBesideEngine = latencyBesideEngine
  }
}
