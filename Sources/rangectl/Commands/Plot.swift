// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import Foundation
import RangingEngine
import RangingFormats
import RangingOutputs
import RangingPlots
import RangingReplay
import RangingReplayOptions
import ZoneMonitor

/// `rangectl plot FILE -o OUT.svg [--object NAME] [--zones ...]`
struct Plot: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Draw one object's run through the engine as an SVG.",
    discussion: """
      Runs the engine on FILE in memory, with the engine options below (so the plot matches \
      `rangectl replay` with the same options), and draws one object: raw distance (dots), \
      filtered distance with a ±1 sigma band, true distance when recorded (dashed), zone radii \
      with their hysteresis bands, enter and exit events; below, measured and filtered azimuth \
      (atan2(dir_x, -dir_z)) with shading where the direction was missing. With --smooth the \
      distance line and band are the track smoothed offline, as replay --smooth writes it \
      (needs a build with the GSL trait); events stay the live engine's. The SVG is \
      self-contained (no scripts or external resources) and opens in any browser. Exit status: \
      0 on success, 64 for bad options or an object not in FILE, 65 when FILE is not a ranging \
      CSV or has no measurements, 66 when FILE cannot be opened, 73 when OUT cannot be created, \
      74 when writing it fails, 69 when OUT ends in .png and rsvg-convert (Debian package librsvg2-bin) \
      is not on PATH.

      Examples:
        rangectl plot datasets/walk-in-out/samples.csv -o walk.svg
        rangectl plot datasets/circling/samples.csv --from 10 --to 40 -o part.svg
        rangectl plot datasets/many-objects/samples.csv --object tag-02 -o tag-02.svg
        rangectl plot datasets/many-objects/samples.csv --overview -o all.svg
      """)

  @Argument(help: "Ranging CSV file (read twice, so not standard input, except with --overview).")
  var file: String

  @Option(name: [.customShort("o"), .customLong("output")],
          help: ArgumentHelp("Where to write the SVG; a name ending in .png gets a PNG, through rsvg-convert.", valueName: "path"))
  var output: String

  @Option(parsing: .unconditional, help: ArgumentHelp("The object to plot; default the first object in FILE, named on standard error.", valueName: "name"))
  var object: String?

  @Option(help: ArgumentHelp("Draw from this time on (seconds, the input's t).", valueName: "seconds"))
  var from: Double?

  @Option(help: ArgumentHelp("Draw up to this time (seconds, the input's t).", valueName: "seconds"))
  var to: Double?

  @Flag(help: "Draw every object, one row each: when it was measured, its zones and events.")
  var overview = false

  @Option(help: ArgumentHelp("With --overview, the most objects drawn (those with the most measurements), 1...500.",
                             valueName: "count"))
  var maxObjects = 30

  @Flag(help: "Write no progress and no summary on standard error.")
  var quiet = false

  @Flag(help: "Draw the distance smoothed offline (Rauch-Tung-Striebel; needs the GSL trait).")
  var smooth = false
  @OptionGroup(title: "Input columns and units") var input: InputOptions

  @OptionGroup var engine: EngineOptions

  func validate() throws {
    if smooth { try Replay.validateSmoothing() }
    for (name, value) in [("--from", from), ("--to", to)] {
      if let value, !value.isFinite { throw ValidationError("\(name) must be a finite number of seconds, got \(value)") }
    }
    if window == nil { throw ValidationError("--from must be before --to") }
    if overview, object != nil { throw ValidationError("--overview draws every object; leave out --object") }
    if overview, smooth { throw ValidationError("--overview draws no distance; leave out --smooth") }
    // 500 rows of one overview is already a tall page; the bound keeps the SVG's size bounded too.
    if !(1...500).contains(maxObjects) { throw ValidationError("--max-objects must be in 1...500, got \(maxObjects)") }
    if file == "-", !overview { throw ValidationError("plot reads FILE twice; give a file, not standard input (--overview reads it once)") }
    if let refusal = OutputCollision.inputRefusal(option: "--output", output: output, input: file) {
      throw ValidationError(refusal)
    }
  }

  /// The span to draw; nil only when `validate()` refuses the options.
  private var window: PlotWindow? { PlotWindow(from: from, to: to) }

  /// Whether the output is to be a PNG (the name ends in `.png`, any case).
  private var wantsPNG: Bool { output.lowercased().hasSuffix(".png") }

  func run() throws {
    // Checked before the engine runs, so a missing converter costs no replay.
    let converter = wantsPNG ? Self.executable(named: "rsvg-convert") : nil
    if wantsPNG, converter == nil {
      Diagnostics.write("rangectl plot: --output \(Escaped(output)) is a PNG, made with rsvg-convert, which is not on PATH; "
        + "install it (Debian package librsvg2-bin) or write an .svg\n")
      throw ExitCode(69)  // EX_UNAVAILABLE (sysexits.h)
    }
    let svg: String
    do {
      svg = try self.svg { Diagnostics.write("rangectl plot: \($0)\n") }
    } catch let error as RunTraceError {
      Diagnostics.write("rangectl plot: \(error)\n")
      throw ExitCode(error.exitCode)
    }
    if wantsPNG, let converter = Self.executable(named: "rsvg-convert") {
      try writePNG(svg, converter: converter)
      return
    }
    let out: OutputFile
    do {
      out = try OutputFile(creating: output)
    } catch {
      Diagnostics.write("rangectl plot: cannot write \(error)\n")
      throw ExitCode(73)  // EX_CANTCREAT (sysexits.h)
    }
    do {
      out.write(svg)
      try out.close()
    } catch {
      Diagnostics.write("rangectl plot: cannot write \(error)\n")
      throw ExitCode(74)  // EX_IOERR
    }
  }

  /// The plot's SVG, made by a ``PlotJob`` with these options on the backend
  /// `--backend` names, each note handed to `note`.
  ///
  /// - Throws: `RunTraceError`, or a `ValidationError` of the engine options.
  func svg(note: @escaping (String) -> Void) throws -> String {
    try engine.backend.dispatch(BackendPlot(command: self, note: note))
  }

  /// ``plot(with:note:)`` on the backend `--backend` names.
  private struct BackendPlot: BackendUser {
    let command: Plot
    let note: (String) -> Void

    func run<Backend: KalmanBackend>(_: Backend.Type) throws -> String { try command.plot(with: Backend.self, note: note) }
  }

  /// The first executable file `name` in the folders of PATH.
  static func executable(named name: String) -> String? {
    let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
    return folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// Converts `svg` to a PNG at `output` with rsvg-convert at `converter`,
  /// through a temporary SVG file beside nothing else. Throws the exit code.
  private func writePNG(_ svg: String, converter: String) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rangectl-plot-\(UUID().uuidString)")
    let source = folder.appendingPathComponent("plot.svg")
    defer { try? FileManager.default.removeItem(at: folder) }
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data(svg.utf8).write(to: source)
    } catch {
      Diagnostics.write("rangectl plot: cannot write a temporary SVG for rsvg-convert: \(error)\n")
      throw ExitCode(73)  // EX_CANTCREAT
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: converter)
    process.arguments = ["--format", "png", "--output", output, source.path]
    process.standardInput = FileHandle.nullDevice
    do {
      try process.run()
      process.waitUntilExit()
    } catch {
      Diagnostics.write("rangectl plot: cannot run \(converter): \(error)\n")
      throw ExitCode(69)  // EX_UNAVAILABLE
    }
    guard process.terminationReason == .exit, process.terminationStatus == 0 else {
      Diagnostics.write("rangectl plot: \(converter) could not write \(Escaped(output)) (status \(process.terminationStatus))\n")
      throw ExitCode(73)  // EX_CANTCREAT: its own message above says why
    }
  }

  private func plot<Backend: KalmanBackend>(with _: Backend.Type, note: (String) -> Void) throws -> String {
    let zoneList = try engine.zoneList()
    var replayer = Replayer(pipeline: engine.pipeline(Backend.self, zones: zoneList), zoneNames: zoneList.names)
    replayer.objectCalibrations = try engine.objectCalibrations()
    var job = PlotJob(path: file, zones: zoneList)
    job.object = object
    job.overview = overview
    job.maximumObjects = maxObjects
    job.smoothed = smooth
    job.mapping = try input.mapping()
    job.window = window ?? .all
    job.givesNotes = !quiet
    let size = ProgressLine.regularFileSize(file)
    // The single-object plot reads the file twice; the overview once.
    let progress = ProgressLine(unit: "lines", totalBytes: size.map { overview ? $0 : 2 * $0 }, enabled: !quiet)
    defer { progress?.finish() }
    job.onRead = progress.map { progress in { (lines: Int, bytes: Int) in progress.update(count: lines, bytes: bytes) } }
    return try job.svg(replayer, note: note)
  }
}
