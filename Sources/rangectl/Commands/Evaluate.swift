// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import Foundation
import RangingEngine
import RangingEvaluation
import RangingFormats
import RangingReplay
import RangingSmoothing
import ZoneMonitor

/// `rangectl evaluate DATASET... [--events E --filtered F] [--json]`
struct Evaluate: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Score zone events and filtered distance against a dataset's ground truth.",
    discussion: """
      With --events (and optionally --filtered), scores those outputs for one dataset. Without, \
      runs the engine itself on every dataset given (files, or folders of .csv files) with the \
      engine options below, and scores that. Truth events are the crossings of true_distance \
      over each zone radius; engine events match them one-to-one (same object, zone and kind) \
      within --tolerance seconds. An event of an object more than --tolerance before its first \
      or after its last row with truth is left unscored (neither matched nor false) and counted \
      in the "unscored" column, for the engine and every baseline alike.

      Four baselines are scored the same way on every dataset and shown beside the engine. \
      Naive, with plain thresholds at each radius (enter d < r, exit d >= r): raw (the measured \
      distance) and ema (its exponential moving average, alpha 0.3 per update). Textbook peers, \
      with a hysteresis band (enter s < r, exit s > r + 0.15 m): cv-kalman (the constant-velocity \
      Kalman filter, Bar-Shalom et al. 2001 section 6.2.2: q 0.3 m^2/s^3, sigma 0.15 m, no gate) \
      and median3 (the median of the last 3 distances, as Android's UWB filter engine smooths \
      distance). Every baseline restarts its smoothing on a life-cycle row. Distance error of a \
      baseline is the distance it thresholds against truth on the same rows as the engine's.

      --smooth also scores the engine's track smoothed offline (as replay --smooth writes it) \
      on the same rows, as the method "smoothed" (in --json, "smoothed"); its events are the \
      live engine's. It needs a build with the GSL trait and runs the engine, so not with --events.

      --json keeps the engine's report at the top level and adds "baselines" (each with its \
      pooled "overall" and "overallDistance"); every run records "truthCrossingsAfterFirstRow", \
      the truth crossings after the object's first truth row.

      Rows a dataset's reader or the engine rejects are listed (the first 20) and counted by \
      reason on standard error, as replay does. Exit status: 0 when scored, 64 for bad options, \
      65 when a dataset is not a ranging CSV, has no true_distance column or no row with one, \
      or an events or track file is malformed, 66 when a file cannot be opened, 74 when \
      reading or writing fails.

      Table columns: truth and engine count events; matched, missed and false are the \
      one-to-one matching; prec, recall and F1 are matched/engine, matched/truth and their \
      harmonic mean; p50 s and p95 s are the median and 95th percentile of the latency of \
      matched events, t(engine event) - t(truth crossing), in seconds: positive when the \
      engine is late, negative when its event came before the truth crossing (the \
      measurements read short of the truth, or the filter's velocity carried it across \
      early). RMSE m, MAE m and p95 m are the \
      filtered distance's error against true_distance, in metres.

      Examples:
        rangectl evaluate datasets/walk-in-out/samples.csv
        rangectl evaluate datasets --json
        rangectl replay run.csv --events e.jsonl --filtered f.csv
        rangectl evaluate run.csv --events e.jsonl --filtered f.csv
      """)

  @Argument(help: "Ranging CSV files with true_distance, or folders of them.") var datasets: [String]
  @Option(help: ArgumentHelp("Engine events (JSON Lines) to score instead of running the engine.", valueName: "path"))
  var events: String?
  @Option(help: ArgumentHelp("Filtered track (CSV) to score with --events.", valueName: "path")) var filtered: String?
  @Option(parsing: .unconditional, help: ArgumentHelp("Matching tolerance, seconds.", valueName: "s"))
  var tolerance: Double = 1.0
  @Flag(help: "Write the report as JSON.") var json = false
  @Flag(help: "Write no progress on standard error (rejected rows are still reported).") var quiet = false
  @Flag(help: "Also score the engine's track smoothed offline (Rauch-Tung-Striebel; needs the GSL trait).")
  var smooth = false
  @OptionGroup(title: "Input columns and units") var input: InputOptions
  @OptionGroup var engine: EngineOptions

  func validate() throws {
    if events != nil, datasets.count != 1 { throw ValidationError("--events scores exactly one dataset") }
    if filtered != nil, events == nil { throw ValidationError("--filtered needs --events") }
    if smooth {
      try Replay.validateSmoothing()
      if events != nil { throw ValidationError("--smooth smooths the engine's own run; not with --events") }
    }
    guard tolerance > 0, tolerance <= EventMatcher.maximumToleranceSeconds else {
      throw ValidationError("--tolerance must be in (0, \(EventMatcher.maximumToleranceSeconds)] seconds, got \(tolerance)")
    }
  }

  func run() throws {
    let zoneList = try engine.zoneList()
    let evaluator = Evaluator(zones: zoneList.entries, matchToleranceSeconds: tolerance)
    var runs: [ScenarioEvaluation] = []
    var smoothedRuns: [ScenarioEvaluation] = []
    var baselineRuns: [[ScenarioEvaluation]] = BaselineMethod.standard.map { _ in [] }
    var directions = DirectionCollection()
    let mapping = try input.mapping()
    var progress: ProgressLine? = nil
    defer { progress?.finish() }
    do {
      let paths = events == nil ? try datasetFiles() : [datasets[0]]
      // Progress follows the engine's pass over each file: rows read, and the
      // share of all the files' bytes.
      let sizes = paths.map(ProgressLine.regularFileSize)
      let total = sizes.contains(nil) ? nil : sizes.reduce(0) { $0 + ($1 ?? 0) }
      if events == nil { progress = ProgressLine(unit: "lines", totalBytes: total, enabled: !quiet) }
      var done = (lines: 0, bytes: 0)
      for path in paths {
        let run: ScenarioEvaluation
        if let events {
          Self.report(rejections: try EvaluationInputs.readTruth(datasetPath: path, mapping: mapping).rejections, path: path)
          run = try evaluator.evaluate(datasetPath: path, eventsPath: events, filteredPath: filtered, mapping: mapping)
        } else {
          switch engine.backend {
          #if GSL
            case .gsl:
              run = try runEngine(
                GSLKalmanBackend.self, on: path, mapping: mapping, zones: zoneList, evaluator: evaluator,
                directions: &directions, smoothedRuns: &smoothedRuns, progress: progress, done: &done)
          #else
            case .gsl: preconditionFailure("--backend gsl is refused by EngineOptions.validate() without the GSL trait")
          #endif
          case .swift:
            run = try runEngine(
              SwiftKalmanBackend.self, on: path, mapping: mapping, zones: zoneList, evaluator: evaluator,
              directions: &directions, smoothedRuns: &smoothedRuns, progress: progress, done: &done)
          }
        }
        runs.append(run)
        for (index, baseline) in try runBaselines(on: path, mapping: mapping, name: run.name, evaluator: evaluator).enumerated() {
          baselineRuns[index].append(baseline)
        }
      }
    } catch let error as DatasetError {
      Diagnostics.write("rangectl evaluate: \(error)\n")
      throw ExitCode(error.exitCode)
    } catch let error as EvaluationInputError {
      Diagnostics.write("rangectl evaluate: \(error)\n")
      if case .dataset(let kind) = error.kind { throw ExitCode(DatasetError(path: error.path, kind: kind).exitCode) }
      throw ExitCode(65)
    } catch let exit as ExitCode {
      throw exit  // already reported
    } catch {
      Diagnostics.write("rangectl evaluate: \(error)\n")
      throw ExitCode(65)
    }
    let report = BaselineComparison(
      engine: EvaluationReport(evaluator: evaluator, scenarios: runs),
      baselines: zip(BaselineMethod.standard, baselineRuns).map { method, runs in
        BaselineEvaluation(method: method, report: EvaluationReport(evaluator: evaluator, scenarios: runs))
      }, direction: directions.report(),
      smoothed: smooth ? EvaluationReport(evaluator: evaluator, scenarios: smoothedRuns) : nil)
    // The JSON is made for the table too: it refuses a non-finite value, which must not be printed either.
    let jsonText: String
    do {
      jsonText = try report.jsonText()
    } catch {
      Diagnostics.write("rangectl evaluate: \(error)\n")
      throw ExitCode(65)  // EX_DATAERR
    }
    print(json ? jsonText : report.table() + (report.direction.map { "\n" + $0.table() } ?? ""))
  }

  /// Lists the first rejected rows of `path` and counts them all by reason
  /// on standard error, as replay does: a row is never dropped in silence.
  static func report(rejections: [RowRejection], path: String) {
    guard !rejections.isEmpty else { return }
    for rejection in rejections.prefix(listedRejections) { Diagnostics.write(rejection.message(path: path) + "\n") }
    let byReason = Dictionary(grouping: rejections, by: \.reason).mapValues(\.count)
      .sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    Diagnostics.write("rangectl evaluate: \(path == "-" ? "<stdin>" : path): \(rejections.count) rows rejected "
      + "and not scored (\(byReason))\(rejections.count > listedRejections ? "; the first \(listedRejections) listed" : "")\n")
  }

  /// Rejected rows listed per dataset.
  static let listedRejections = 20

  /// Runs the standard baselines over `path` and scores each like the engine.
  private func runBaselines(
    on path: String, mapping: ColumnMapping, name: String, evaluator: Evaluator
  ) throws -> [ScenarioEvaluation] {
    let truth = try EvaluationInputs.truthRows(datasetPath: path, mapping: mapping)
    let detectors = try BaselineDetector.run(
      BaselineMethod.standard, zones: evaluator.zones, datasetPath: path, mapping: mapping)
    return detectors.map {
      evaluator.evaluate(name: name, truth: truth, engineEvents: $0.crossings, filtered: $0.distances)
    }
  }

  /// The datasets, with folders expanded to their .csv files in name order.
  private func datasetFiles() throws -> [String] {
    var files: [String] = []
    for path in datasets {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
        let names = try FileManager.default.contentsOfDirectory(atPath: path).filter { $0.hasSuffix(".csv") }.sorted()
        guard !names.isEmpty else {
          // Nothing to score is not a perfect score.
          Diagnostics.write("rangectl evaluate: \(path): no .csv files in this folder\n")
          throw ExitCode(66)  // EX_NOINPUT
        }
        files += names.map { path + "/" + $0 }
      } else {
        files.append(path)
      }
    }
    return files
  }

  /// Replays `path` through the engine in memory and scores the result;
  /// adds its directions and true positions to `directions`, and with
  /// --smooth the score of the smoothed track to `smoothedRuns`.
  private func runEngine<Backend: KalmanBackend>(
    _: Backend.Type, on path: String, mapping: ColumnMapping, zones: ZoneList, evaluator: Evaluator,
    directions: inout DirectionCollection, smoothedRuns: inout [ScenarioEvaluation],
    progress: ProgressLine?, done: inout (lines: Int, bytes: Int)
  ) throws -> ScenarioEvaluation {
    var reader = try RangingCSVReader(path: path, mapping: mapping)
    let before = done
    var read = (lines: 0, bytes: 0)
    if let progress {
      reader.beforeRead = { now in
        read = (now.lines, now.bytesRead)
        progress.update(count: before.lines + now.lines, bytes: before.bytes + now.bytesRead)
      }
    }
    defer {
      done = (before.lines + read.lines, before.bytes + read.bytes)
      progress?.finish()  // also when the replay throws
    }
    if !quiet, !reader.unusedColumns.isEmpty {
      Diagnostics.write("rangectl evaluate: \(path): \(ReplaySummary.unusedColumnsLine(reader.unusedColumns))\n")
    }
    var replayer = Replayer(pipeline: engine.pipeline(Backend.self, zones: zones), zoneNames: zones.names)
    replayer.objectCalibrations = try engine.objectCalibrations()
    var samples: [DirectionSample] = []
    var crossings: [ZoneCrossing] = []
    var rows: [FilteredDistanceRow] = []
    var rejections: [RowRejection] = []
    replayer.onRejection = { rejections.append($0) }
    replayer.onEvent = { event, name in
      crossings.append(ZoneCrossing(time: event.time, object: name, zone: zones.names[event.zone],
                                    kind: event.kind == .enter ? .enter : .exit))
    }
    replayer.onState = { _, name, state in
      if state.range.distanceMeters.isFinite {
        rows.append(FilteredDistanceRow(time: state.time, object: name, distanceMeters: state.range.distanceMeters))
      }
      samples.append(DirectionSample(time: state.time, object: name, direction: state.direction, state: state.directionState))
    }
    var smoothedRows: [FilteredDistanceRow] = []
    let smoother = smooth ? replayer.smoothingStates { _, name, state in
      if state.range.distanceMeters.isFinite {
        smoothedRows.append(FilteredDistanceRow(time: state.time, object: name, distanceMeters: state.range.distanceMeters))
      }
    } : nil
    let summary = try replayer.run(&reader)
    progress?.finish()
    smoother?.finish()
    Self.report(rejections: rejections, path: path)
    let positions = try DirectionErrorReport.truthPositions(datasetPath: path, mapping: mapping)
    directions.add(samples: samples, truth: positions, file: path)
    if summary.posesFed > 0, !positions.isEmpty {
      // The same file with its poses ignored: the direction out of view with and without them (issue 26).
      var again = try RangingCSVReader(path: path, mapping: mapping)
      var withoutPose = Replayer(pipeline: engine.pipeline(Backend.self, zones: zones), zoneNames: zones.names)
      withoutPose.objectCalibrations = replayer.objectCalibrations
      withoutPose.ignoresPoses = true
      var unposed: [DirectionSample] = []
      withoutPose.onState = { _, name, state in
        unposed.append(DirectionSample(time: state.time, object: name, direction: state.direction, state: state.directionState))
      }
      _ = try withoutPose.run(&again)
      directions.add(samplesWithoutPose: unposed, file: path)
    }
    // datasets/<name>/samples.csv is named after its folder, other files after themselves.
    let url = URL(fileURLWithPath: path)
    let name = url.lastPathComponent == "samples.csv"
      ? url.deletingLastPathComponent().lastPathComponent : url.deletingPathExtension().lastPathComponent
    let truth = try EvaluationInputs.truthRows(datasetPath: path, mapping: mapping)
    if smooth {
      smoothedRuns.append(evaluator.evaluate(name: name, truth: truth, engineEvents: crossings, filtered: smoothedRows))
    }
    return evaluator.evaluate(name: name, truth: truth, engineEvents: crossings, filtered: rows)
  }
}

/// Directions and true positions from several files, with object names made
/// unique per file (scenarios reuse names such as `person-1`).
struct DirectionCollection {
  private var samples: [DirectionSample] = []
  private var samplesWithoutPose: [DirectionSample] = []
  private var truth: [String: [Int64: (x: Double, y: Double, z: Double)]] = [:]

  mutating func add(samples new: [DirectionSample], truth positions: [String: [Int64: (x: Double, y: Double, z: Double)]], file: String) {
    for var sample in new where positions[sample.object] != nil {
      sample.object = file + "|" + sample.object
      samples.append(sample)
    }
    for (object, rows) in positions { truth[file + "|" + object] = rows }
  }

  /// Directions of a file's second run with its poses ignored; its truth came with ``add(samples:truth:file:)``.
  mutating func add(samplesWithoutPose new: [DirectionSample], file: String) {
    for var sample in new where truth[file + "|" + sample.object] != nil {
      sample.object = file + "|" + sample.object
      samplesWithoutPose.append(sample)
    }
  }

  /// The pooled report, or nil when no file had true positions. Out of view
  /// without pose covers the files that had poses; with pose, every file
  /// (so compare them on suites where every file has poses).
  func report() -> DirectionErrorReport? {
    guard !samples.isEmpty else { return nil }
    var report = DirectionErrorReport.evaluate(samples: samples, truth: truth)
    if !samplesWithoutPose.isEmpty {
      report.outOfViewWithoutPose = DirectionErrorReport.OutOfViewDirection.evaluate(samples: samplesWithoutPose, truth: truth)
    }
    return report
  }
}
