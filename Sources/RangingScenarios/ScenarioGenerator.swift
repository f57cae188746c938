// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Writes seeded, recording-style ranging CSV (docs/FORMATS.md §1) with ground truth.
///
/// Output contract:
/// - `#` comment lines first: scenario name and summary, seed, scale,
///   duration, generator and frame, then one line per object with every
///   measurement-model parameter, its NLOS intervals and interruptions.
/// - Then the header ``header`` and one row per update or life-cycle event,
///   all objects merged in time order (ties: object order, then generation
///   order). `t` has 6 decimals, distances and positions 4, directions 6;
///   `horizontal_angle` and `vertical` are empty; `true_distance` is |p|.
/// - The same seed, scenario, scale and options give the same bytes on every
///   machine: all randomness comes from two GSL MT19937 streams, the main
///   stream seeded with ``seed`` (a 64-bit seed is folded to
///   `low32 ^ high32`; GSL maps 0 to 4357) and the effects stream seeded
///   with that folded seed XOR ``effectsStreamSalt``; numbers are formatted
///   with integer arithmetic, and each call starts fresh generators, so what
///   one call writes does not depend on earlier calls.
/// - ``updateRateHz`` (when set) replaces every object's update rate and
///   ``effects`` switches ``MeasurementEffects`` off (``MeasurementModel/restricted(to:)``),
///   for built-in and custom scenarios alike, after the plan is drawn: the
///   paths of a seed are the same at every rate and with every effect set.
/// - `scale` = n writes n repetitions of the same scenario (same paths), each
///   with fresh noise and shifted in time by the previous repetitions' duration
///   plus ``repetitionGapSeconds``. Rows are streamed: memory holds one
///   repetition, never the file.
///
/// Draw order (for reproducing the streams elsewhere): a named scenario first
/// draws its plan from the main stream (``ScenarioName/scenario(seed:)``);
/// then for each repetition and each object in order:
/// - main stream: one NLOS bias per scheduled NLOS interval, a start phase
///   `U(0, 1/rate)`, and per scheduled update nine draws (spike start, spike
///   length, spike magnitude, dropout, range noise, three direction-noise
///   components, interval jitter);
/// - effects stream: the object's offset and scale error, then per scheduled
///   update twelve draws (heavy-tail chance; short-outlier start, length,
///   fraction; NLOS-episode start, length, bias, direction loss;
///   body-blocking bias, noise factor; gap start, length), see `EffectState`.
///
/// With ``ScenarioNoise/bootstrap(_:)`` a third stream, seeded with the
/// folded seed XOR ``bootstrapStreamSalt``, draws for each repetition every
/// object's source and track (in object order), then each block's start
/// (object by object, in time order); the main and effects streams make the
/// same draws as with the parametric model, so paths, timing and direction
/// noise are those of the same seed.
///
/// Every draw is made whether or not it is used, so switching one noise
/// source off leaves the others unchanged; and because the effects have a
/// stream of their own, ``MeasurementEffects`` switched off leave the rows of
/// the version-1 model exactly as they were (the main stream is untouched).
///
/// Typical use:
///
///     let generator = ScenarioGenerator(seed: 42)
///     let paths = try generator.writeAll(toDirectory: "datasets/generated")   // <dir>/<name>.csv
///     try generator.write(.walkInOut, scale: 100, to: "big.csv")
public struct ScenarioGenerator: Sendable {
  /// The seed of every stream this generator writes.
  public var seed: UInt64
  /// Time between the end of one repetition and the start of the next, seconds (≥ 0).
  public var repetitionGapSeconds: Double
  /// When set, every object's update rate, Hz (1...100), whatever the scenario says.
  public var updateRateHz: Double?
  /// The ``MeasurementEffects`` left on; the others are switched off in every object.
  public var effects: MeasurementEffects
  /// Where range errors come from: the parametric model (default) or real
  /// recordings' residuals. With ``ScenarioNoise/bootstrap(_:)`` only body
  /// blocking stays of the ``MeasurementEffects`` (if in ``effects``): the
  /// residuals carry the recordings' own bias, outliers, NLOS and gaps.
  public var noise: ScenarioNoise
  /// How the phone turns (`rangectl generate --phone-motion`), or nil for a
  /// phone that does not: then the files are as before, without `pose_*` columns.
  public var phoneMotion: PhoneMotion? = nil
  /// When set, every object's line-of-sight range sigma, metres
  /// (``MeasurementModel/rangeSigmaMeters``): a device noisier or quieter
  /// than the scenarios' own (`rangectl generate --range-sigma`).
  public var rangeSigmaMeters: Double? = nil
  /// When set, every object's update-interval jitter as a fraction of the
  /// interval, in `0..<1/3` (``MeasurementModel/intervalJitterFraction``;
  /// `rangectl generate --interval-jitter`).
  public var intervalJitterFraction: Double? = nil

  /// XORed into the folded seed to seed the effects stream: any fixed odd
  /// constant keeps the two streams apart (this is 2^32/φ, rounded).
  public static let effectsStreamSalt: UInt32 = 0x9E37_79B9

  /// XORed into the folded seed to seed the bootstrap stream (block and
  /// track draws of ``ScenarioNoise/bootstrap(_:)``): another odd constant
  /// (MurmurHash3's finaliser constant 0x85EBCA6B).
  public static let bootstrapStreamSalt: UInt32 = 0x85EB_CA6B

  /// The CSV header line (without the newline).
  public static let header =
    "t,object,distance,dir_x,dir_y,dir_z,horizontal_angle,vertical,event,true_distance,true_x,true_y,true_z"
  /// The header with the phone's attitude, when ``phoneMotion`` is set.
  public static let poseHeader = header + ",pose_w,pose_x,pose_y,pose_z"

  /// Creates a generator.
  ///
  /// - Parameters:
  ///   - seed: seeds GSL's MT19937 (see the type's discussion).
  ///   - repetitionGapSeconds: gap between repetitions, seconds, ≥ 0. Default 10:
  ///     long enough that an engine's tracks from one repetition have settled.
  ///   - updateRateHz: nil (each object's own rate) or a rate in 1...100 Hz for every object.
  ///   - effects: the effects left on. Default ``MeasurementEffects/all``.
  ///   - noise: where range errors come from. Default ``ScenarioNoise/parametric``.
  public init(
    seed: UInt64, repetitionGapSeconds: Double = 10, updateRateHz: Double? = nil, effects: MeasurementEffects = .all,
    noise: ScenarioNoise = .parametric
  ) {
    precondition(repetitionGapSeconds >= 0, "ScenarioGenerator: repetitionGapSeconds must not be negative")
    precondition(updateRateHz.map { (1...100).contains($0) } ?? true, "ScenarioGenerator: updateRateHz must be in 1...100")
    self.seed = seed
    self.repetitionGapSeconds = repetitionGapSeconds
    self.updateRateHz = updateRateHz
    self.effects = effects
    self.noise = noise
  }

  /// `scenario` as this generator writes it: every object's model with the
  /// rate override and the effect selection applied.
  public func adjusted(_ scenario: Scenario) -> Scenario {
    var scenario = scenario
    var effects = self.effects
    if case .bootstrap = noise { effects.formIntersection(.bodyBlocking) }
    if case .gaussian = noise { effects.formIntersection(.gaps) }
    for index in scenario.objects.indices {
      var model = scenario.objects[index].model.restricted(to: effects)
      if let updateRateHz { model.updateRateHz = updateRateHz }
      if let rangeSigmaMeters { model.rangeSigmaMeters = rangeSigmaMeters }
      if let intervalJitterFraction { model.intervalJitterFraction = intervalJitterFraction }
      if case .gaussian = noise {
        // The scheduled NLOS intervals keep their draws (so the main stream, and
        // with it the paths and timing, stay those of the seed) but add nothing.
        model.spikeProbability = 0
        model.nlosBiasMeters = 0...0
        model.nlosNoiseFactor = 1
      }
      scenario.objects[index].model = model
    }
    return scenario
  }

  /// True for ``ScenarioNoise/gaussian``.
  private var isGaussian: Bool {
    if case .gaussian = noise { return true }
    return false
  }

  /// The whole CSV text of a built-in scenario, built in memory.
  ///
  /// - Parameters:
  ///   - name: the scenario.
  ///   - scale: repetitions, ≥ 1.
  /// - Returns: comments, header and rows, each line ending in `\n`.
  public func csvText(_ name: ScenarioName, scale: Int = 1) -> String {
    let random = MT19937RandomSource(seed: seed)
    return csvText(name.scenario(using: random), scale: scale, random: random)
  }

  /// The whole CSV text of a custom scenario, built in memory.
  public func csvText(_ scenario: Scenario, scale: Int = 1) -> String {
    csvText(scenario, scale: scale, random: MT19937RandomSource(seed: seed))
  }

  /// Writes a built-in scenario to `path` (created or truncated), streaming.
  ///
  /// - Throws: ``ScenarioWriteError`` when the file cannot be created or written.
  ///
  /// `progress`, when given, is called after each repetition and each
  /// MiB written, with the rows written so far and the repetitions done.
  public func write(
    _ name: ScenarioName, scale: Int = 1, to path: String, progress: ((_ rows: Int, _ repetitions: Int) -> Void)? = nil
  ) throws(ScenarioWriteError) {
    let random = MT19937RandomSource(seed: seed)
    try write(name.scenario(using: random), scale: scale, random: random, to: path, progress: progress)
  }

  /// Writes a custom scenario to `path` (created or truncated), streaming.
  ///
  /// - Throws: ``ScenarioWriteError`` when the file cannot be created or written.
  public func write(_ scenario: Scenario, scale: Int = 1, to path: String) throws(ScenarioWriteError) {
    try write(scenario, scale: scale, random: MT19937RandomSource(seed: seed), to: path)
  }

  /// Writes every built-in scenario to `<directory>/<name>.csv`, creating the
  /// directory when needed.
  ///
  /// - Returns: the paths written, in `ScenarioName/allCases` order.
  /// - Throws: ``ScenarioWriteError`` for the first file or directory that fails.
  @discardableResult
  public func writeAll(toDirectory directory: String, scale: Int = 1) throws(ScenarioWriteError) -> [String] {
    do {
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    } catch {
      throw ScenarioWriteError(path: directory, reason: error.localizedDescription)
    }
    var paths: [String] = []
    for name in ScenarioName.allCases {
      let path = (directory as NSString).appendingPathComponent("\(name.rawValue).csv")
      try write(name, scale: scale, to: path)
      paths.append(path)
    }
    return paths
  }

  // MARK: - Streaming

  /// The effects stream (see the type's discussion).
  private var effectsRandom: MT19937RandomSource {
    MT19937RandomSource(seed: UInt64(MT19937RandomSource.folded(seed) ^ ScenarioGenerator.effectsStreamSalt))
  }

  /// The bootstrap model and its stream, for ``ScenarioNoise/bootstrap(_:)``.
  private var bootstrap: (model: BootstrapNoiseModel, random: MT19937RandomSource)? {
    guard case .bootstrap(let model) = noise else { return nil }
    return (model, MT19937RandomSource(seed: UInt64(MT19937RandomSource.folded(seed) ^ ScenarioGenerator.bootstrapStreamSalt)))
  }

  private func csvText(_ scenario: Scenario, scale: Int, random: MT19937RandomSource) -> String {
    var text = ""
    emit(scenario, scale: scale, random: random) { (chunk: String) throws(Never) in text += chunk }
    return text
  }

  private func write(
    _ scenario: Scenario, scale: Int, random: MT19937RandomSource, to path: String,
    progress: ((_ rows: Int, _ repetitions: Int) -> Void)? = nil
  ) throws(ScenarioWriteError) {
    guard FileManager.default.createFile(atPath: path, contents: nil),
      let handle = FileHandle(forWritingAtPath: path)
    else {
      throw ScenarioWriteError(path: path, reason: "cannot create the file")
    }
    defer { try? handle.close() }
    try emit(scenario, scale: scale, random: random, progress: progress) { (chunk: String) throws(ScenarioWriteError) in
      do {
        try handle.write(contentsOf: Data(chunk.utf8))
      } catch {
        throw ScenarioWriteError(path: path, reason: error.localizedDescription)
      }
    }
  }

  /// Calls `sink` with the text in order, in chunks of about 1 MiB.
  private func emit<E: Error>(
    _ scenario: Scenario, scale: Int, random: MT19937RandomSource,
    progress: ((_ rows: Int, _ repetitions: Int) -> Void)? = nil, to sink: (String) throws(E) -> Void
  ) throws(E) {
    precondition(scale >= 1, "ScenarioGenerator: scale must be at least 1")
    let scenario = adjusted(scenario)
    let effectsRandom = self.effectsRandom
    let bootstrap = self.bootstrap
    var buffer = commentLines(scenario, scale: scale)
      + (phoneMotion == nil ? ScenarioGenerator.header : ScenarioGenerator.poseHeader) + "\n"
    var offset = 0.0
    var rows = 0
    for repetition in 0..<scale {
      let simulation = ScenarioSimulation(
        scenario: scenario, offsetSeconds: offset, random: random, effectsRandom: effectsRandom, bootstrap: bootstrap,
        phoneMotion: phoneMotion)
      let (repetitionRows, tracks) = simulation.rowsAndTracks()
      // Which recording each object's errors come from (comment lines may stand anywhere, docs/FORMATS.md §1).
      for (object, track) in zip(scenario.objects, tracks) {
        buffer += "# repetition \(repetition) object \(object.name): residual_track=\(track.qualifiedName)\n"
      }
      for row in repetitionRows {
        buffer += row.text
        buffer += "\n"
        rows += 1
        if buffer.utf8.count >= 1 << 20 {
          try sink(buffer)
          buffer = ""
          progress?(rows, repetition)
        }
      }
      offset += scenario.durationSeconds + repetitionGapSeconds
      progress?(rows, repetition + 1)
    }
    if !buffer.isEmpty { try sink(buffer) }
  }

  /// The `#` lines that describe the file.
  private func commentLines(_ scenario: Scenario, scale: Int) -> String {
    var lines = [
      "scenario: \(scenario.name)",
      "summary: \(scenario.summary)",
      "seed: \(seed) (GSL mt19937 seeded with \(MT19937RandomSource.folded(seed)))",
      "scale: \(scale) (repetitions; each shifted by duration + \(repetitionGapSeconds) s, fresh noise)",
      "duration_s: \(scenario.durationSeconds)",
      // Version 2 was written when the generator lived in the module RangingData; the name stays, so
      // that a seed writes the same file byte for byte (datasets/*/samples.csv).
      "generator: RangingData.ScenarioGenerator 2; randomness gsl_rng_mt19937, gsl_ran_gaussian, gsl_ran_flat, gsl_rng_uniform_int",
      "effects stream: gsl_rng_mt19937 seeded with \(MT19937RandomSource.folded(seed) ^ ScenarioGenerator.effectsStreamSalt)",
      "options: update_rate_hz=\(updateRateHz.map { "\($0) (every object)" } ?? "per object") effects=\(effects)"
        + (isGaussian ? " noise=gaussian" : ""),
    ]
    if let bootstrap {
      lines.append("bootstrap stream: gsl_rng_mt19937 seeded with \(MT19937RandomSource.folded(seed) ^ ScenarioGenerator.bootstrapStreamSalt)")
      lines += bootstrap.model.commentLines
    }
    lines += [
      "frame: +x right, +y up, +z towards the user (ahead is -z); true_distance = |(true_x, true_y, true_z)|",
      "time: t = repetition offset + scenario time; the intervals below are in scenario time",
    ]
    if let phoneMotion {
      lines.append(
        "phone_motion: \(phoneMotion.rawValue) (paths in a fixed world frame; dir_* and true_* in the turned phone's frame; "
          + "pose_* = attitude q, v_world = q v_phone q*, Hamilton, at \(Int(PhoneMotion.poseRateHz)) Hz on pose-only rows)")
    }
    for object in scenario.objects {
      lines.append("object \(object.name): \(object.model.commentFields)")
      if !object.nlosIntervals.isEmpty {
        let spans = object.nlosIntervals.map {
          "\(ScenarioNumberFormat.fixed($0.lowerBound, decimals: 3))..\(ScenarioNumberFormat.fixed($0.upperBound, decimals: 3))"
        }
        lines.append("object \(object.name): nlos_intervals_s=\(spans.joined(separator: ","))")
      }
      for interruption in object.interruptions {
        let span = "\(ScenarioNumberFormat.fixed(interruption.interval.lowerBound, decimals: 3))..\(ScenarioNumberFormat.fixed(interruption.interval.upperBound, decimals: 3))"
        let kind: String =
          switch interruption.kind {
          case .suspension: "suspension"
          case .removedTimeout(let timeout): "removed_timeout after \(timeout) s"
          case .silence: "silence"
          }
        lines.append("object \(object.name): no_updates_s=\(span) (\(kind))")
      }
    }
    return lines.map { "# \($0)\n" }.joined()
  }
}
