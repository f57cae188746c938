// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import Dispatch
import Foundation
import RangingEngine
import RangingEvaluation
import RangingFormats
import RangingOutputs
import RangingReplay
import RangingReplayOptions
import RangingSmoothing
import ZoneMonitor

/// `rangectl evaluate DATASET... [--events E --filtered F] [--json]`
struct Evaluate: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Score zone events and filtered distance against a dataset's ground truth.",
    discussion: """
      With --events (and optionally --filtered), scores those outputs for one dataset. Without, \
      runs the engine itself on every dataset given (files, or folders of regular .csv files) with the \
      engine options below, and scores that. Truth events are the crossings of true_distance \
      over each zone radius; engine events match them one-to-one (same object, zone and kind) \
      within --tolerance seconds. An event of an object more than --tolerance before its first \
      or after its last row with truth is left unscored (neither matched nor false) and counted \
      in the "unscored" column, for the engine and every baseline alike; a line under the \
      run's rows says how many came after the truth ended (such as exits of objects lost once \
      their truth stops) and how many before it started.

      Four baselines are scored the same way on every dataset and shown beside the engine. \
      Naive, with plain thresholds at each radius (enter d < r, exit d >= r): raw (the measured \
      distance) and ema (its exponential moving average, alpha 0.3 per update). Textbook peers, \
      with a hysteresis band (enter s < r, exit s > r + 0.15 m): cv-kalman (the constant-velocity \
      Kalman filter, Bar-Shalom et al. 2001 section 6.2.2: q 0.3 m^2/s^3, sigma 0.15 m, no gate) \
      and median3 (the median of the last 3 distances, as Android's UWB filter engine smooths \
      distance). Every baseline restarts its smoothing on a life-cycle row. Distance error of a \
      baseline is the distance it thresholds against truth on the same rows as the engine's.

      --smooth also scores the engine offline, as replay --smooth writes it: the track smoothed \
      offline and the zone events decided on it, on the same rows and truth, as the method \
      "offline" (in --json, "smoothed"), beside the offline peer cv-rts (cv-kalman run forward \
      and smoothed backward over each run with the Rauch-Tung-Striebel equations, Rauch, Tung \
      & Striebel 1965; the same band), added to the baselines. It needs a build with the GSL \
      trait and runs the engine, so not with --events.

      --json keeps the engine's report at the top level and adds "baselines" (each with its \
      pooled "overall" and "overallDistance"); every run records "truthCrossingsAfterFirstRow", \
      the truth crossings after the object's first truth row, "unscoredBeforeTruth", the \
      unscored events before their object's first truth row, and "missedAtTruthStart", the \
      truth events at such an object's first truth row left missed.

      Rows a dataset's reader or the engine rejects are listed (the first 20) and counted by \
      reason on standard error, as replay does. Exit status: 0 when scored, 64 for bad options, \
      65 when a dataset is not a ranging CSV, has no true_distance column or no row with one, \
      or an events or track file is malformed, 66 when a file cannot be opened, 74 when \
      reading or writing fails.

      Table columns (each table fits in 100 columns; --json has every field, and precision \
      and recall too): truth counts the truth crossings; events all of the method's events, \
      unscored ones included; unscored those outside the object's truth span (neither matched \
      nor false); matched, missed and false are the one-to-one matching of the scored ones; \
      F1 is the harmonic mean of precision matched/(events - unscored) and recall \
      matched/truth; p50 s and p95 s are the median and 95th percentile of the latency of \
      matched events, t(engine event) - t(truth crossing), in seconds: positive when the \
      engine is late, negative when its event came before the truth crossing (the \
      measurements read short of the truth, or the filter's velocity carried it across \
      early). The distance tables give the filtered distance's error against true_distance, \
      in metres (RMSE, MAE, p95 of |error|), and the share of filtered rows within 1 and 2 of \
      their reported sigma, with the rows more than 1 m off whose sigma is under a fifth of \
      their error (overconfident).

      Memory: each file is read once and each object's events are matched when it ends, so \
      memory is bounded by the objects live at once (4096, or twice --capacity), not by the \
      file; percentiles are exact up to 65,536 values, from a uniform sample beyond \
      (docs/FORMATS.md, "rangectl evaluate").

      Examples:
        rangectl evaluate datasets/walk-in-out/samples.csv
        rangectl evaluate datasets/*/ --json
        rangectl evaluate ../shared/datasets/lias-trolley-fast.csv --decimate 2
        rangectl replay datasets/circling/samples.csv --filtered f.csv > e.jsonl
        rangectl evaluate datasets/circling/samples.csv --events e.jsonl
      """)

  @Argument(help: "Ranging CSV files with true_distance, or folders of them.") var datasets: [String]
  @Option(help: ArgumentHelp("Engine events (JSON Lines) to score instead of running the engine.", valueName: "path"))
  var events: String?
  @Option(help: ArgumentHelp("Filtered track (CSV) to score with --events.", valueName: "path")) var filtered: String?
  @Option(parsing: .unconditional, help: ArgumentHelp("Matching tolerance, seconds.", valueName: "s"))
  var tolerance: Double = 1.0
  @Flag(help: "Write the report as JSON.") var json = false
  @Flag(help: "Write no progress on standard error (rejected rows are still reported).") var quiet = false
  @Flag(help: "Also score the engine offline (smoothed track and offline events) beside the cv-rts peer (needs the GSL trait).")
  var smooth = false
  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Score each file thinned to this rate per object: the first row of every 1/HZ s slot, counted from the "
        + "object's first row, as scripts/reports/accuracy decimates; life-cycle rows stay. In (0, 1000000] Hz.",
      valueName: "HZ"))
  var decimate: Double?
  @Option(parsing: .unconditional, help: ArgumentHelp(
    "Files scored at once (\(ThreadsOption.rangeText); default: one per core): the same report, messages and order as 1.",
    valueName: "n"))
  var jobs: Int = ThreadCount.onePerCore
  @Option(parsing: .unconditional, help: ArgumentHelp(
    "The cv-kalman peer's measurement sigma, metres (default 0.15, its textbook setting): the peer told a device's "
      + "true noise, for sweeps across devices (scripts/reports/accuracy). In (0, 100].",
    valueName: "m"))
  var peerSigma: Double?
  @OptionGroup(title: "Input columns and units") var input: InputOptions
  @OptionGroup var engine: EngineOptions

  func validate() throws {
    if events != nil, datasets.count != 1 { throw ValidationError("--events scores exactly one dataset") }
    if filtered != nil, events == nil { throw ValidationError("--filtered needs --events") }
    if smooth {
      try Replay.validateSmoothing()
      if events != nil { throw ValidationError("--smooth smooths the engine's own run; not with --events") }
    }
    if let decimate {
      guard RowDecimation(rateHertz: decimate) != nil else {
        throw ValidationError("--decimate must be in (0, 1000000] Hz, got \(decimate)")
      }
      if events != nil { throw ValidationError("--decimate thins the rows the engine runs on; not with --events") }
    }
    if let peerSigma, !(peerSigma > 0 && peerSigma <= 100) {
      throw ValidationError("--peer-sigma must be in (0, 100] m, got \(peerSigma)")
    }
    try ThreadsOption.validate(jobs)
    guard tolerance > 0, tolerance <= EventMatcher.maximumToleranceSeconds else {
      throw ValidationError("--tolerance must be in (0, \(EventMatcher.maximumToleranceSeconds)] seconds, got \(tolerance)")
    }
  }

  func run() throws {
    try evaluate(streams: .standard)
  }

  /// What `run()` does, with its report and messages written to `streams`; a
  /// failure is noted there and thrown as its `ExitCode`.
  func evaluate(streams: CommandStreams) throws {
    streams.print(try report(note: streams.note))
  }

  /// The report: the table, or with --json the JSON. Each message for
  /// people is handed to `note` as it comes, with its newline; a failure is
  /// noted and thrown as its `ExitCode`.
  private func report(note: @escaping (String) -> Void) throws -> String {
    let zoneList = try engine.zoneList()
    let evaluator = Evaluator(zones: zoneList.entries, matchToleranceSeconds: tolerance)
    var files: [ScoredFile] = []
    var direction: DirectionErrorReport? = nil
    do {
      if let events {
        Self.report(
          rejections: try EvaluationInputs.readTruth(datasetPath: datasets[0], mapping: input.mapping()).rejections,
          path: datasets[0], note: note)
        files.append(try scoreFiles(datasets[0], events: events, evaluator: evaluator))
      } else {
        (files, direction) = try engine.backend.dispatch(
          EngineRun(command: self, zones: zoneList, evaluator: evaluator, note: note))
      }
    } catch let error as DatasetError {
      note("rangectl evaluate: \(error)\n")
      throw ExitCode(error.exitCode)
    } catch let error as EvaluationInputError {
      note("rangectl evaluate: \(error)\n")
      if case .dataset(let kind) = error.kind { throw ExitCode(DatasetError(path: error.path, kind: kind).exitCode) }
      throw ExitCode(65)
    } catch let exit as ExitCode {
      throw exit  // already reported
    } catch {
      note("rangectl evaluate: \(error)\n")
      throw ExitCode(65)
    }
    let report = BaselineComparison(
      engine: EvaluationReport(evaluator: evaluator, scenarios: files.map(\.engine)),
      baselines: baselineMethods.indices.map { index in
        BaselineEvaluation(method: baselineMethods[index],
                           report: EvaluationReport(evaluator: evaluator, scenarios: files.map { $0.baselines[index] }))
      }, direction: direction,
      smoothed: smooth ? EvaluationReport(evaluator: evaluator, scenarios: files.compactMap(\.smoothed)) : nil)
    // The JSON is made for the table too: it refuses a non-finite value, which must not be printed either.
    let jsonText: String
    do {
      jsonText = try report.jsonText()
    } catch {
      note("rangectl evaluate: \(error)\n")
      throw ExitCode(65)  // EX_DATAERR
    }
    return json ? jsonText : report.table() + (report.direction.map { "\n" + $0.table() } ?? "")
  }

  /// The baselines scored, in table order: `BaselineMethod.standard`, and
  /// with --smooth `BaselineMethod.offline`, with the cv-kalman peers' sigma
  /// set to --peer-sigma when it is given.
  private var baselineMethods: [BaselineMethod] {
    let methods = BaselineMethod.standard + (smooth ? BaselineMethod.offline : [])
    guard let peerSigma else { return methods }
    return methods.map {
      switch $0 {
      case .constantVelocityKalman(var parameters):
        parameters.measurementSigmaMeters = peerSigma
        return .constantVelocityKalman(parameters)
      case .smoothedConstantVelocityKalman(var parameters):
        parameters.measurementSigmaMeters = peerSigma
        return .smoothedConstantVelocityKalman(parameters)
      case .raw, .exponentialAverage, .movingMedian:
        return $0
      }
    }
  }

  /// One file's scores: the engine's, the baselines' (in `baselineMethods` order), the smoothed track's.
  private struct ScoredFile {
    var engine: ScenarioEvaluation
    var baselines: [ScenarioEvaluation]
    var smoothed: ScenarioEvaluation?
  }

  /// Scores the events (and track) files given for one dataset, with the baselines run over the dataset.
  private func scoreFiles(_ path: String, events: String, evaluator: Evaluator) throws -> ScoredFile {
    let mapping = try input.mapping()
    let run = try evaluator.evaluate(datasetPath: path, eventsPath: events, filteredPath: filtered, mapping: mapping)
    let truth = try EvaluationInputs.truthRows(datasetPath: path, mapping: mapping)
    let detectors = try BaselineDetector.run(baselineMethods, zones: evaluator.zones, datasetPath: path, mapping: mapping)
    let baselines = detectors.map {
      evaluator.evaluate(name: run.name, truth: truth, engineEvents: $0.crossings, filtered: $0.distances)
    }
    return ScoredFile(engine: run, baselines: baselines, smoothed: nil)
  }

  /// Lists the first rejected rows of `path` and counts them all by reason
  /// on standard error, as replay does: a row is never dropped in silence.
  static func report(rejections: [RowRejection], path: String, note: (String) -> Void) {
    report(rejections: Array(rejections.prefix(listedRejections)), count: rejections.count,
           byReason: Dictionary(grouping: rejections, by: \.reason).mapValues(\.count), path: path, note: note)
  }

  /// ``report(rejections:path:)`` from the first rejections and the counts.
  static func report(
    rejections listed: [RowRejection], count: Int, byReason: [String: Int], path: String, note: (String) -> Void
  ) {
    guard count > 0 else { return }
    for rejection in listed.prefix(listedRejections) { note(rejection.message(path: path) + "\n") }
    let reasons = byReason.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    note("rangectl evaluate: \(path == "-" ? "<stdin>" : path): \(count) rows rejected "
      + "and not scored (\(reasons))\(count > listedRejections ? "; the first \(listedRejections) listed" : "")\n")
  }

  /// Rejected rows listed per dataset.
  static let listedRejections = 20

  /// The datasets, with each folder expanded to its recordings (``CSVFolder/recordings(in:skipped:)``; what it
  /// skips is reported).
  private func datasetFiles(note: (String) -> Void) throws -> [String] {
    var files: [String] = []
    for path in datasets {
      do {
        files += try CSVFolder.recordings(in: path) { note("rangectl evaluate: \($0)\n") } ?? [path]
      } catch {
        // Nothing to score is not a perfect score.
        note("rangectl evaluate: \(error.message)\n")
        throw ExitCode(error.status)
      }
    }
    return files
  }

  /// ``runEngine(_:zones:evaluator:)`` on the backend `--backend` names.
  private struct EngineRun: BackendUser {
    let command: Evaluate
    let zones: ZoneList
    let evaluator: Evaluator
    let note: (String) -> Void

    func run<Backend: KalmanBackend>(_: Backend.Type) throws -> ([ScoredFile], DirectionErrorReport?) {
      try command.runEngine(Backend.self, zones: zones, evaluator: evaluator, note: note)
    }
  }

  /// Runs the engine over every dataset and scores it (`EngineEvaluation`,
  /// one streaming pass per file), ``jobs`` files at a time; returns each
  /// file's scores and the pooled direction report. Each file is scored from
  /// a copy of one evaluation that has scored nothing, and the copies are
  /// pooled in the files' order (`EngineEvaluation.merge(_:)`), so the
  /// report is the same for any ``jobs``; each file's messages are written
  /// in the files' order, up to the first file that fails, whose error is
  /// thrown, as when the files are scored one after the other.
  private func runEngine<Backend: KalmanBackend>(
    _: Backend.Type, zones: ZoneList, evaluator: Evaluator, note: @escaping (String) -> Void
  ) throws -> ([ScoredFile], DirectionErrorReport?) {
    let paths = try datasetFiles(note: note)
    var evaluation = EngineEvaluation(evaluator: evaluator, zoneNames: zones.names) {
      engine.pipeline(Backend.self, zones: zones)
    }
    evaluation.objectCalibrations = try engine.objectCalibrations()
    evaluation.mapping = try input.mapping()
    evaluation.smooth = smooth
    evaluation.decimation = decimate.flatMap { RowDecimation(rateHertz: $0) }
    evaluation.baselines = baselineMethods
    var pooled = evaluation
    var files: [ScoredFile] = []
    var failure: EvaluationInputError? = nil
    // Called for each file in the files' order, as soon as it and every file before it are scored.
    func take(_ path: String, _ outcome: Result<FileOutcome<Backend>, EvaluationInputError>) -> Bool {
      let scored: FileOutcome<Backend>
      switch outcome {
      case .failure(let error):
        failure = error
        return false
      case .success(let outcome):
        scored = outcome
      }
      Self.report(rejections: scored.rejections.listed, count: scored.rejections.count,
                  byReason: scored.rejections.byReason, path: path, note: note)
      if !quiet, let decimate {
        let kept = scored.file.summary.rowsRead
        note("rangectl evaluate: \(Escaped(path)): --decimate \(decimate) Hz kept \(kept) of "
          + "\(kept + scored.file.rowsDecimated) rows\n")
      }
      if !quiet, !scored.file.summary.unusedColumns.isEmpty {
        note("rangectl evaluate: \(Escaped(path)): \(ReplaySummary.unusedColumnsLine(scored.file.summary.unusedColumns))\n")
      }
      pooled.merge(scored.evaluation)
      files.append(ScoredFile(engine: scored.file.engine, baselines: scored.file.baselines, smoothed: scored.file.smoothed))
      return true
    }
    if Swift.min(jobs, paths.count) > 1 {
      scoreAtOnce(paths, from: evaluation, take: take)
    } else {
      scoreInTurn(paths, from: evaluation, take: take)
    }
    if let failure { throw failure }
    return (files, pooled.directionReport)
  }

  /// One file scored: its scores, its rejected rows, and the evaluation that scored it alone (to pool).
  fileprivate struct FileOutcome<Backend: KalmanBackend> {
    var file: EngineEvaluation<Backend>.ScoredFile
    var rejections: RejectionList
    var evaluation: EngineEvaluation<Backend>
  }

  /// Scores `path` with a copy of `template`, its rejected rows gathered.
  private static func score<Backend: KalmanBackend>(
    _ path: String, from template: EngineEvaluation<Backend>, beforeRead: ((ReadProgress) -> Void)?
  ) -> Result<FileOutcome<Backend>, EvaluationInputError> {
    var evaluation = template
    let rejections = RejectionList()
    evaluation.onRejection = rejections.add
    evaluation.beforeRead = beforeRead
    return Result { () throws(EvaluationInputError) in
      let file = try evaluation.evaluate(path: path)
      evaluation.onRejection = { _ in }
      evaluation.beforeRead = nil
      return FileOutcome(file: file, rejections: rejections, evaluation: evaluation)
    }
  }

  /// The files one after the other on this thread, with the progress line
  /// (rows read, and the share of all the files' bytes), each handed to
  /// `take` as it is scored, until `take` returns false.
  private func scoreInTurn<Backend: KalmanBackend>(
    _ paths: [String], from template: EngineEvaluation<Backend>,
    take: (String, Result<FileOutcome<Backend>, EvaluationInputError>) -> Bool
  ) {
    let sizes = paths.map(ProgressLine.regularFileSize)
    let total = sizes.contains(nil) ? nil : sizes.reduce(0) { $0 + ($1 ?? 0) }
    let progress = ProgressLine(unit: "lines", totalBytes: total, enabled: !quiet)
    defer { progress?.finish() }
    var done = (lines: 0, bytes: 0)
    for path in paths {
      let before = done
      var read = (lines: 0, bytes: 0)
      let outcome = Self.score(path, from: template) { now in
        read = (now.lines, now.bytesRead)
        progress?.update(count: before.lines + now.lines, bytes: before.bytes + now.bytesRead)
      }
      done = (before.lines + read.lines, before.bytes + read.bytes)
      progress?.finish()  // also when the file failed
      if !take(path, outcome) { return }
    }
  }

  /// The files `jobs` at a time, without a progress line (one line cannot
  /// follow several files); each file is handed to `take` in the files'
  /// order as soon as every file before it is scored (on whichever thread
  /// scored the last of them), and no file is started once `take` returned false.
  private func scoreAtOnce<Backend: KalmanBackend>(
    _ paths: [String], from template: EngineEvaluation<Backend>,
    take: (String, Result<FileOutcome<Backend>, EvaluationInputError>) -> Bool
  ) {
    withoutActuallyEscaping(take) { take in
      let outcomes = InOrderOutcomes<Result<FileOutcome<Backend>, EvaluationInputError>>(count: paths.count) {
        take(paths[$0], $1)
      }
      // One file's work is a closure made here, outside the threads' closure,
      // so that the threads capture no generic type (Backend's metatype is
      // not Sendable); `outcomes` hands each file to one thread.
      nonisolated(unsafe) let scoreNextFile = { () -> Bool in
        guard let index = outcomes.nextItem() else { return false }
        outcomes.finish(index, Self.score(paths[index], from: template, beforeRead: nil))
        return true
      }
      DispatchQueue.concurrentPerform(iterations: Swift.min(jobs, paths.count)) { _ in
        while scoreNextFile() {}
      }
    }
  }
}

/// The rejected rows of one file as they come: the first
/// `Evaluate.listedRejections` kept to list, all counted by reason.
private final class RejectionList {
  private(set) var listed: [RowRejection] = []
  private(set) var count = 0
  private(set) var byReason: [String: Int] = [:]

  func add(_ rejection: RowRejection) {
    count += 1
    byReason[rejection.reason, default: 0] += 1
    if listed.count < Evaluate.listedRejections { listed.append(rejection) }
  }
}
