// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import RangingFormats
import RangingReplay
import RangingSmoothing
import ZoneMonitor

/// Runs the engine over ranging CSVs and scores each against its truth,
/// beside the standard baselines (and the engine's track smoothed offline),
/// in one streaming pass per file: what `rangectl evaluate` does without
/// `--events`.
///
/// Every row is read once. The replay (`Replayer`) hands each row with its
/// truth to this evaluation before the engine sees it (`ReplayObserver.record(_:)`),
/// so the engine's filtered state, the baselines' distances and the truth of
/// the same row meet as the row passes; events and truth crossings are kept
/// per live object and matched when it ends (`RunScorer`). Memory is
/// bounded by the objects live at once, not by the rows or objects in the
/// file (issue 23): latencies and error magnitudes go into bounded samples
/// (``QuantileSample``), everything else into running sums.
///
///     var evaluation = EngineEvaluation(evaluator: Evaluator(), zoneNames: ["inner", "outer"]) {
///       RangingPipeline<SwiftKalmanBackend>()
///     }
///     let file = try evaluation.evaluate(path: "walk.csv")
///     print(EvaluationReport(evaluator: evaluation.evaluator, scenarios: [file.engine]).table())
///
/// Pairing: the engine's filtered state of a row is compared with that row's
/// truth; a baseline's distance likewise. Directions are scored against the
/// row's `true_x/y/z` (``DirectionTally``), pooled over every file this
/// evaluation scores (``directionReport``), each file's tally whole, in the
/// order scored; a file with poses is replayed a
/// second time with them ignored, for the direction out of view without
/// poses (issue 26).
public struct EngineEvaluation<Backend: KalmanBackend> {
  /// Zones, matching tolerance and row pairing.
  public var evaluator: Evaluator
  /// The zone names, in the pipeline's zone order.
  public var zoneNames: [String]
  /// A fresh pipeline for each file (and for its second, pose-free run).
  public var makePipeline: () -> RangingPipeline<Backend>
  /// Per-object range calibrations (`Replayer/objectCalibrations`).
  public var objectCalibrations: [String: RangeCalibration] = [:]
  /// How the files' columns and units map (docs/FORMATS.md §5).
  public var mapping: ColumnMapping = .identity
  /// Whether to score the engine's track smoothed offline too (`TrackSmoother`; needs the GSL trait).
  public var smooth = false
  /// The baselines, scored beside the engine, in this order.
  public var baselines: [BaselineMethod] = BaselineMethod.standard
  /// Each rejected row (reader's or engine's), as it is rejected.
  public var onRejection: (RowRejection) -> Void = { _ in }
  /// Called before each read of a file (`RangingCSVReader/beforeRead`), for progress.
  public var beforeRead: ((ReadProgress) -> Void)? = nil
  /// Thins every file to a rate per object before anything reads it
  /// (`RowDecimation`): the engine, the baselines and the truth see the
  /// same kept rows. Nil: every row.
  public var decimation: RowDecimation? = nil
  /// Objects scored live at once at most (`RunScorer`); nil: 4096 or
  /// twice the engine's capacity, whichever is larger.
  public var liveObjectLimit: Int? = nil

  private var direction = DirectionTally()
  private var outOfViewWithoutPose = OutOfViewTally()
  private var sawPoses = false

  /// One file's scores: the engine's, each baseline's (in ``baselines``
  /// order) and the smoothed track's, on the same rows and truth.
  public struct ScoredFile: Sendable {
    public var engine: ScenarioEvaluation
    public var baselines: [ScenarioEvaluation]
    /// Nil unless ``EngineEvaluation/smooth``.
    public var smoothed: ScenarioEvaluation?
    /// What the engine's replay did with every row.
    public var summary: ReplaySummary
    /// Data rows dropped by ``EngineEvaluation/decimation`` (not in `summary`).
    public var rowsDecimated: Int
  }

  public init(
    evaluator: Evaluator, zoneNames: [String], makePipeline: @escaping () -> RangingPipeline<Backend>
  ) {
    self.evaluator = evaluator
    self.zoneNames = zoneNames
    self.makePipeline = makePipeline
  }

  /// The direction report pooled over every file scored so far, or nil when
  /// no accepted row had a true position.
  public var directionReport: DirectionErrorReport? {
    guard !direction.isEmpty else { return nil }
    var report = direction.report
    if sawPoses { report.outOfViewWithoutPose = outOfViewWithoutPose.report }
    return report
  }

  /// Pools the direction scores of the files `other` evaluated after this
  /// evaluation's own: evaluations of files on several threads, each from a
  /// copy of one evaluation that had scored nothing, merged in the files'
  /// order, give the ``directionReport`` of one evaluation scoring them in
  /// that order (each file's tally is pooled whole, ``DirectionTally/merge(_:)``).
  public mutating func merge(_ other: EngineEvaluation) {
    direction.merge(other.direction)
    outOfViewWithoutPose.merge(other.outOfViewWithoutPose)
    sawPoses = sawPoses || other.sawPoses
  }

  /// The run's name in reports: `datasets/<name>/samples.csv` is named after
  /// its folder, any other file after itself without `.csv`.
  public static func runName(path: String) -> String {
    let parts = path.split(separator: "/", omittingEmptySubsequences: true)
    if parts.count >= 2, parts.last == "samples.csv" { return String(parts[parts.count - 2]) }
    return Evaluator.displayName(path)
  }

  /// Runs the engine over the ranging CSV at `path` and scores it.
  ///
  /// - Parameters:
  ///   - path: the ranging CSV to read.
  ///   - name: shown in reports; default ``runName(path:)``.
  /// - Throws: ``EvaluationInputError`` when the file cannot be opened or
  ///   read, is not a ranging CSV, has no `true_distance` column or no row with one.
  /// - Complexity: O(rows · (baselines + zones)) time; memory bounded by
  ///   the objects live at once (see the type's discussion).
  public mutating func evaluate(path: String, name: String? = nil) throws(EvaluationInputError) -> ScoredFile {
    var reader = try openReader(path: path)
    reader.beforeRead = beforeRead
    let pipeline = makePipeline()
    let pass = EvaluationPass(
      evaluator: evaluator, baselines: baselines, smooth: smooth, direction: DirectionTally(),
      liveLimit: liveObjectLimit ?? RunScorer.defaultLiveLimit(engineCapacity: pipeline.tracker.capacity))
    var replayer = Replayer(pipeline: pipeline, zoneNames: zoneNames)
    replayer.objectCalibrations = objectCalibrations
    pass.zoneNames = zoneNames
    pass.onRejection = onRejection
    if smooth {
      pass.offline = OfflineZoneEvents(zones: pipeline.monitor.zones)
      pass.smoother = replayer.smoothingStates { [unowned pass] _, object, state in pass.smoothedState(object: object, state: state) }
    }
    let summary: ReplaySummary
    do { summary = try replayer.run(&reader, observer: pass) } catch { throw EvaluationInputError(error) }
    let rowsDecimated = reader.rowsDecimated
    pass.smoother?.finish()
    guard pass.rowsWithTruth > 0 else { throw EvaluationInputError(path: path, kind: .noTruth) }
    // Each file's tally is pooled whole, so that files scored on other threads pool the same (merge(_:)).
    direction.merge(pass.direction)
    let runs = pass.finish(name: name ?? Self.runName(path: path))
    if summary.posesFed > 0, pass.rowsWithTruePosition > 0 {
      sawPoses = true
      try scoreWithoutPoses(path: path)
    }
    return ScoredFile(
      engine: runs[0], baselines: Array(runs[1..<(1 + baselines.count)]),
      smoothed: smooth ? runs[1 + baselines.count] : nil, summary: summary, rowsDecimated: rowsDecimated)
  }

  /// Replays `path` again with its poses ignored and scores the direction out of view.
  private mutating func scoreWithoutPoses(path: String) throws(EvaluationInputError) {
    var reader = try openReader(path: path)
    var replayer = Replayer(pipeline: makePipeline(), zoneNames: zoneNames)
    replayer.objectCalibrations = objectCalibrations
    replayer.ignoresPoses = true
    let observer = OutOfViewObserver()
    do { _ = try replayer.run(&reader, observer: observer) } catch { throw EvaluationInputError(error) }
    outOfViewWithoutPose.merge(observer.tally)
  }

  /// A reader for `path` (decimated when asked), refusing a file without a `true_distance` column.
  private func openReader(path: String) throws(EvaluationInputError) -> RangingCSVReader {
    var reader: RangingCSVReader
    do { reader = try RangingCSVReader(path: path, mapping: mapping) } catch { throw EvaluationInputError(error) }
    reader.decimation = decimation
    guard reader.headerColumn(for: "true_distance") != nil else {
      throw EvaluationInputError(path: path, kind: .missingColumn("true_distance"))
    }
    return reader
  }
}

/// The replay without poses: each row's true position, and the direction
/// the engine gives for it, into an ``OutOfViewTally``.
private final class OutOfViewObserver: ReplayObserver {
  var tally = OutOfViewTally()
  private var truePosition: (object: String, time: Timestamp, position: (x: Double, y: Double, z: Double))?

  var observesStates: Bool { true }
  var observesRecords: Bool { true }

  func record(_ record: DatasetRecord) {
    truePosition = nil
    if case .measurement(_, let object, _, let update, let truth, _) = record, let x = truth.x, let y = truth.y,
      let z = truth.z
    {
      truePosition = (object, update.time, (x, y, z))
    }
  }

  func state(seconds: Double, object _: UInt64, objectName: String, _ state: TrackState) {
    guard let row = truePosition, row.object == objectName, row.time == state.time else { return }
    tally.add(
      DirectionSample(time: state.time, object: objectName, direction: state.direction, state: state.directionState),
      truePosition: row.position)
  }
}
