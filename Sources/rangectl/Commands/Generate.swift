// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import Foundation
import RangingScenarios

/// `rangectl generate --seed N --out DIR [--only NAME] [--scale N] [--rate HZ] [--effects SET]
/// [--noise parametric|bootstrap [--residuals PATH] [--residual-sources LIST]] [--phone-motion KIND] [--list]`
struct Generate: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Write seeded scenario recordings (ranging CSV with ground truth).",
    // The generated usage would show --out as optional: it is required unless --list.
    usage: """
      rangectl generate --out <dir> [--seed <seed>] [--only <name>] [--scale <n>] [--rate <hz>] [--effects <set>] [--noise <model>] [--quiet]
      rangectl generate --list
      """,
    discussion: """
      The same seed and options give the same bytes. Each file's # comments record every parameter. \
      --rate and --effects change only the measurements: the paths drawn from a seed stay the same.
      --noise bootstrap draws each object's range errors from the residuals (measured minus true distance) of real \
      recordings, in blocks of 5 s of one recorded track near the generated range (datasets/README.md, "Real noise"); \
      direction and timing stay parametric, and of --effects only body-blocking applies.

      Examples:
        rangectl generate --list
        rangectl generate --seed 1 --out generated
        rangectl generate --seed 7 --only walk-in-out --rate 1 --out generated
      """)

  @Option(parsing: .unconditional, help: "Random seed.") var seed: UInt64 = 1
  @Option(help: ArgumentHelp("Folder to write <scenario>.csv files into (required unless --list).", valueName: "dir")) var out: String?
  @Option(help: ArgumentHelp("Write only this scenario.", valueName: "name")) var only: String?
  @Option(parsing: .unconditional, help: ArgumentHelp("Repeat each scenario this many times with fresh noise.", valueName: "n")) var scale: Int = 1
  @Option(parsing: .unconditional, help: ArgumentHelp("Update rate of every object, 1...100 Hz (default: each scenario's own).", valueName: "hz"))
  var rate: Double?
  @Option(help: ArgumentHelp(
    "Measurement effects left on: all, none, or a comma-separated list of \(MeasurementEffects.named.map(\.name).joined(separator: ", ")).",
    valueName: "set"))
  var effects: String = "all"
  @Option(help: ArgumentHelp("Range errors: parametric (the measurement model) or bootstrap (real recordings' residuals).", valueName: "model"))
  var noise: String = "parametric"
  @Option(help: ArgumentHelp(
    "Residual library for --noise bootstrap (default \(Generate.defaultResiduals), relative to the current folder).", valueName: "path"))
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

  /// The committed residual library (scripts/residual-library).
  static let defaultResiduals = "datasets/real/derived/residuals.csv"
  @Flag(help: "Write no progress on standard error.") var quiet = false

  func validate() throws {
    if !list, out == nil { throw ValidationError("--out DIR is required (or --list)") }
    guard scale >= 1 else { throw ValidationError("--scale must be at least 1") }
    if let rate, !(1...100).contains(rate) { throw ValidationError("--rate must be in 1...100 Hz, got \(rate)") }
    if MeasurementEffects(names: effects) == nil {
      let names = MeasurementEffects.named.map(\.name).joined(separator: ", ")
      throw ValidationError("--effects: expected all, none or a comma-separated list of: \(names); got '\(effects)'")
    }
    guard noise == "parametric" || noise == "bootstrap" else {
      throw ValidationError("--noise: expected parametric or bootstrap, got '\(noise)'")
    }
    if noise == "parametric", residuals != nil || residualSources != nil {
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
    if list {
      for name in ScenarioName.allCases { print("\(name.rawValue): \(name.summary)") }
      return
    }
    guard let out else { return }
    var generator = ScenarioGenerator(
      seed: seed, updateRateHz: rate, effects: MeasurementEffects(names: effects) ?? .all, noise: try scenarioNoise())
    generator.phoneMotion = phoneMotion.flatMap(PhoneMotion.init(rawValue:))
    let names = only.flatMap(ScenarioName.init(rawValue:)).map { [$0] } ?? ScenarioName.allCases
    // Percent and time left by repetitions written, of every scenario's --scale.
    let progress = ProgressLine(unit: "rows", totalBytes: names.count * scale, enabled: !quiet)
    defer { progress?.finish() }
    do {
      try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
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
        print(path)
      }
    } catch {
      Diagnostics.write("rangectl generate: \(error)\n")
      throw ExitCode(73)
    }
  }

  /// The parametric model, or the bootstrap over the residual library
  /// restricted to `--residual-sources`; exits 66 when the library cannot be
  /// read, 65 when it is malformed, 64 for a source it does not hold.
  private func scenarioNoise() throws -> ScenarioNoise {
    guard noise == "bootstrap" else { return .parametric }
    let path = residuals ?? Generate.defaultResiduals
    guard FileManager.default.isReadableFile(atPath: path) else {
      Diagnostics.write("rangectl generate: \(path): cannot open the residual library (--residuals PATH; it is written by scripts/residual-library)\n")
      throw ExitCode(66)
    }
    var library: ResidualLibrary
    do {
      library = try ResidualLibrary(contentsOfFile: path)
    } catch {
      Diagnostics.write("rangectl generate: \(error)\n")
      throw ExitCode(65)
    }
    if let residualSources {
      do {
        library = try library.restricted(to: residualSources.split(separator: ",").map(String.init))
      } catch {
        Diagnostics.write("rangectl generate: --residual-sources: \(error)\n")
        throw ExitCode(64)
      }
    }
    return .bootstrap(BootstrapNoiseModel(library: library))
  }
}
