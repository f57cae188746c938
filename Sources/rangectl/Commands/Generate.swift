// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import Foundation
import RangingFormats
import RangingOutputs
import RangingScenarios

/// `rangectl generate --seed N --out DIR [--only NAME] [--scale N] [--rate HZ] [--effects SET]
/// [--noise parametric|bootstrap|gaussian [--residuals PATH] [--residual-sources LIST]] [--range-sigma M]
/// [--interval-jitter F] [--phone-motion KIND] [--list]`
struct Generate: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Write seeded scenario recordings (ranging CSV with ground truth).",
    // The generated usage would show --out as optional: it is required unless --list.
    usage: """
      rangectl generate --out <dir> [--seed <seed>] [--only <name>] [--scale <n>] [--rate <hz>] [--effects <set>] [--noise <model>] [--range-sigma <m>] [--interval-jitter <f>] [--phone-motion <kind>] [--residuals <path>] [--residual-sources <list>] [--quiet]
      rangectl generate --list
      """,
    discussion: """
      The same seed and options give the same bytes. Each file's # comments record every parameter. \
      --rate and --effects change only the measurements: the paths drawn from a seed stay the same.
      --noise bootstrap draws each object's range errors from the residuals (measured minus true distance) of real \
      recordings, in blocks of 5 s of one recorded track near the generated range (datasets/README.md, "Real noise"); \
      direction and timing stay parametric, and of --effects only body-blocking applies. The residual library is not \
      shipped (it derives from third-party recordings): scripts/generators/residual-library builds it from \
      ../shared/datasets into \(Generate.defaultResiduals), where generate looks without --residuals.
      --noise gaussian adds only N(0, sigma^2) to each true distance (no multipath, NLOS, body blocking, bias, \
      heavy tails or short outliers); dropouts, gaps, interruptions and timing jitter stay. --range-sigma sets \
      sigma for every object (the scenarios' own is 0.03 m), --interval-jitter the spread of the update interval \
      as a fraction of it (default 0.05): a sweep across devices, e.g. --noise gaussian --range-sigma 0.3 --rate 1.

      Examples:
        rangectl generate --list
        rangectl generate --seed 1 --out generated
        rangectl generate --seed 7 --only walk-in-out --rate 1 --out generated
        rangectl generate --noise gaussian --range-sigma 0.15 --out clean
      """)

  @Option(parsing: .unconditional, help: "Random seed.") var seed: UInt64 = 1
  @Option(help: ArgumentHelp("Folder to write <scenario>.csv files into (required unless --list).", valueName: "dir")) var out: String?
  @Option(help: ArgumentHelp("Write only this scenario.", valueName: "name")) var only: String?
  @Option(parsing: .unconditional, help: ArgumentHelp(
    "Repeat each scenario this many times with fresh noise, \(Generate.scaleRange.lowerBound)...\(Generate.scaleRange.upperBound).",
    valueName: "n"))
  var scale: Int = 1
  @Option(parsing: .unconditional, help: ArgumentHelp("Update rate of every object, 1...100 Hz (default: each scenario's own).", valueName: "hz"))
  var rate: Double?
  @Option(help: ArgumentHelp(
    "Measurement effects left on: all, none, or a comma-separated list of \(MeasurementEffects.named.map(\.name).joined(separator: ", ")).",
    valueName: "set"))
  var effects: String = "all"
  @Option(help: ArgumentHelp(
    "Range errors: parametric (the measurement model), bootstrap (real recordings' residuals) or gaussian (N(0, sigma^2) only).",
    valueName: "model"))
  var noise: String = "parametric"
  @Option(parsing: .unconditional, help: ArgumentHelp(
    "Line-of-sight range sigma of every object, \(Generate.rangeSigmaRange.lowerBound)...\(Generate.rangeSigmaRange.upperBound) m (default: each scenario's own).",
    valueName: "m"))
  var rangeSigma: Double?
  @Option(parsing: .unconditional, help: ArgumentHelp(
    "Standard deviation of the update interval as a fraction of it, 0 to under 1/3 (default: each scenario's own, 0.05).",
    valueName: "f"))
  var intervalJitter: Double?
  @Option(help: ArgumentHelp(
    "Residual library for --noise bootstrap (default \(Generate.defaultResiduals), relative to the current folder: built by scripts/generators/residual-library).",
    valueName: "path"))
  var residuals: String?
  @Option(help: ArgumentHelp(
    "Comma-separated sources of the residual library to draw from, e.g. hanyang,lias (default: all).", valueName: "list"))
  var residualSources: String?
  @Option(help: ArgumentHelp(
    "Turn the phone: \(PhoneMotion.allCases.map(\.rawValue).joined(separator: ", ")) (default: it does not turn). "
      + "Adds the pose_w,pose_x,pose_y,pose_z columns and pose-only rows at \(Int(PhoneMotion.poseRateHz)) Hz; "
      + "the noise stays that of the same seed without it.",
    valueName: "kind"))
  var phoneMotion: String?
  @Flag(help: "List the scenarios and exit.") var list = false

  /// Accepted --scale. A repetition of every scenario is about 0.7 MB at their
  /// own rates (many-objects alone 0.54 MB, ~7,000 rows) and up to 20 times
  /// that at --rate 100; docs/PERFORMANCE.md's 10 M-row file takes 1,400. Ten
  /// thousand is seven times that, some 7 GB for the whole suite: a size
  /// asked for on purpose, where an unchecked count filled the disk or
  /// overflowed `names.count * scale` (issue 58, item 1).
  static let scaleRange: ClosedRange<Int> = 1...10_000

  /// Accepted --range-sigma, metres: 0 (exact readings) to 2 m, far noisier than any UWB device.
  static let rangeSigmaRange: ClosedRange<Double> = 0...2

  /// Where scripts/generators/residual-library writes the residual library
  /// by default, from the repository root: a build product (ignored by git,
  /// removed with the rest of .build), since the library derives from the
  /// third-party recordings of ../shared/datasets, which the package does not ship.
  static let defaultResiduals = ".build/residuals.csv"
  @Flag(help: "Write no progress on standard error.") var quiet = false

  func validate() throws {
    if !list, out == nil { throw ValidationError("--out DIR is required (or --list)") }
    guard Generate.scaleRange.contains(scale) else {
      throw ValidationError("--scale must be in \(Generate.scaleRange.lowerBound)...\(Generate.scaleRange.upperBound), got \(scale)")
    }
    if let rate, !(1...100).contains(rate) { throw ValidationError("--rate must be in 1...100 Hz, got \(rate)") }
    if MeasurementEffects(names: effects) == nil {
      let names = MeasurementEffects.named.map(\.name).joined(separator: ", ")
      throw ValidationError("--effects: expected all, none or a comma-separated list of: \(names); got '\(effects)'")
    }
    guard ["parametric", "bootstrap", "gaussian"].contains(noise) else {
      throw ValidationError("--noise: expected parametric, bootstrap or gaussian, got '\(noise)'")
    }
    if let rangeSigma, !Generate.rangeSigmaRange.contains(rangeSigma) {
      throw ValidationError("--range-sigma must be in \(Generate.rangeSigmaRange.lowerBound)...\(Generate.rangeSigmaRange.upperBound) m, got \(rangeSigma)")
    }
    if noise == "bootstrap", rangeSigma != nil {
      throw ValidationError("--range-sigma needs --noise parametric or gaussian (bootstrap draws real residuals)")
    }
    if let intervalJitter, !(intervalJitter >= 0 && intervalJitter < 1.0 / 3) {
      throw ValidationError("--interval-jitter must be at least 0 and under 1/3, got \(intervalJitter)")
    }
    if noise != "bootstrap", residuals != nil || residualSources != nil {
      throw ValidationError("--residuals and --residual-sources need --noise bootstrap")
    }
    if let residualSources, residualSources.split(separator: ",", omittingEmptySubsequences: false).contains(where: \.isEmpty) {
      throw ValidationError("--residual-sources: expected comma-separated source names, got '\(residualSources)'")
    }
    if let phoneMotion, PhoneMotion(rawValue: phoneMotion) == nil {
      let names = PhoneMotion.allCases.map(\.rawValue).joined(separator: ", ")
      throw ValidationError("--phone-motion: unknown kind '\(phoneMotion)'; one of: \(names)")
    }
    if let only, ScenarioName(rawValue: only) == nil {
      let names = ScenarioName.allCases.map(\.rawValue).joined(separator: ", ")
      throw ValidationError("--only: unknown scenario '\(only)'; one of: \(names)")
    }
  }

  func run() throws {
    try generate(streams: .standard)
  }

  /// What `run()` does, with its listing, the paths it writes and its
  /// messages written to `streams`; a failure is noted there and thrown as
  /// its `ExitCode`.
  func generate(streams: CommandStreams) throws {
    if list {
      for name in ScenarioName.allCases { streams.print("\(name.rawValue): \(name.summary)") }
      return
    }
    guard let out else { return }
    var generator = ScenarioGenerator(
      seed: seed, updateRateHz: rate, effects: MeasurementEffects(names: effects) ?? .all, noise: try scenarioNoise(streams: streams))
    generator.phoneMotion = phoneMotion.flatMap(PhoneMotion.init(rawValue:))
    generator.rangeSigmaMeters = rangeSigma
    generator.intervalJitterFraction = intervalJitter
    let names = only.flatMap(ScenarioName.init(rawValue:)).map { [$0] } ?? ScenarioName.allCases
    // Percent and time left by repetitions written, of every scenario's --scale.
    let progress = ProgressLine(unit: "rows", totalBytes: names.count * scale, enabled: !quiet)
    defer { progress?.finish() }
    if let reason = OutputFolder.create(out) {
      streams.note("rangectl generate: cannot create --out \(out): \(reason)\n")
      throw ExitCode(73)  // EX_CANTCREAT
    }
    do {
      var rowsBefore = 0
      for (index, name) in names.enumerated() {
        let path = (out as NSString).appendingPathComponent(name.rawValue + ".csv")
        var rowsWritten = 0
        try generator.write(name, scale: scale, to: path) { rows, repetitions in
          rowsWritten = rows
          progress?.update(count: rowsBefore + rows, bytes: index * scale + repetitions)
        }
        rowsBefore += rowsWritten
        progress?.finish()
        streams.print(path)
      }
    } catch {
      streams.note("rangectl generate: \(error)\n")
      throw ExitCode(73)
    }
  }

  /// The parametric model, or the bootstrap over the residual library
  /// restricted to `--residual-sources`; exits 66 when the library cannot be
  /// read, 65 when it is malformed, 64 for a source it does not hold, each
  /// with a message noted on `streams`.
  private func scenarioNoise(streams: CommandStreams) throws -> ScenarioNoise {
    if noise == "gaussian" { return .gaussian }
    guard noise == "bootstrap" else { return .parametric }
    let path = residuals ?? Generate.defaultResiduals
    guard FileManager.default.isReadableFile(atPath: path) else {
      if residuals == nil {
        // The default library is built, not shipped: say how.
        streams.note("rangectl generate: \(Escaped(path)): cannot open the residual library: it is not shipped; build it from the repository root with scripts/generators/residual-library (it reads the real recordings in ../shared/datasets), or give --residuals PATH\n")
      } else {
        streams.note("rangectl generate: \(Escaped(path)): cannot open the residual library (--residuals PATH; it is written by scripts/generators/residual-library)\n")
      }
      throw ExitCode(66)
    }
    var library: ResidualLibrary
    do {
      library = try ResidualLibrary(contentsOfFile: path)
    } catch {
      streams.note("rangectl generate: \(error)\n")
      throw ExitCode(65)
    }
    if let residualSources {
      do {
        library = try library.restricted(to: residualSources.split(separator: ",").map(String.init))
      } catch {
        streams.note("rangectl generate: --residual-sources: \(error)\n")
        throw ExitCode(64)
      }
    }
    return .bootstrap(BootstrapNoiseModel(library: library))
  }
}
