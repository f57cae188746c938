// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import RangingData
import RangingEngine
import ZoneMonitor

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `rangectl replay FILE [--events PATH] [--filtered PATH] [--zones inner=1.5,outer=3]`
/// (docs/FORMATS.md §4), plus tuning options.
struct Replay: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Replay a ranging CSV through the engine and write zone events.",
    discussion: """
      Writes zone events as JSON Lines (standard output unless --events is given) and, with \
      --filtered, the filtered track as CSV. A summary (rows read, accepted, rejected by \
      reason, objects, events) and each rejected row (file:line:column, field, reason) go to \
      standard error. Exit status: 0 when the run completed, 65 when FILE is not a ranging \
      CSV, 66 when FILE cannot be opened, 64 for bad options, 73 when an output cannot be \
      created, 74 when reading FILE or writing an output fails (the message names the path; \
      no summary is written after output was lost).
      """)

  @Argument(help: "Ranging CSV file, or - for standard input.")
  var file: String

  @Option(help: ArgumentHelp("Where to write zone events (JSON Lines).", valueName: "path"))
  var events: String = "-"

  @Option(help: ArgumentHelp("Where to write the filtered track (CSV).", valueName: "path"))
  var filtered: String?

  @OptionGroup var engine: EngineOptions

  @Option(parsing: .unconditional, help: ArgumentHelp("List at most this many rejected rows on standard error (all are counted).", valueName: "n"))
  var listRejected: Int = 100

  func validate() throws {
    guard listRejected >= 0 else { throw ValidationError("--list-rejected must not be negative") }
    if filtered != nil, filtered == events, events != "-" {
      throw ValidationError("--filtered and --events must be different files")
    }
    if filtered == "-", events == "-" {
      throw ValidationError("--filtered - needs --events PATH: both cannot go to standard output")
    }
    // Opening an output truncates it: never let an output be the input.
    for (option, output) in [("--events", events), ("--filtered", filtered ?? "-")] where output != "-" && file != "-" {
      if output == file || Self.sameFile(output, file) {
        throw ValidationError("\(option) \(output) is the input file; choose another path")
      }
    }
  }

  /// Whether two paths name the same existing file (same device and inode).
  private static func sameFile(_ a: String, _ b: String) -> Bool {
    var statA = stat(), statB = stat()
    guard stat(a, &statA) == 0, stat(b, &statB) == 0 else { return false }
    return statA.st_dev == statB.st_dev && statA.st_ino == statB.st_ino
  }

  func run() throws {
    switch engine.backend {
    #if GSL
      case .gsl: try replay(with: GSLKalmanBackend.self)
    #else
      case .gsl: preconditionFailure("--backend gsl is refused by EngineOptions.validate() without the GSL trait")
    #endif
    case .swift: try replay(with: SwiftKalmanBackend.self)
    }
  }

  private func replay<Backend: KalmanBackend>(with _: Backend.Type) throws {
    let zoneList = try engine.zoneList()
    var reader: RangingCSVReader
    do {
      reader = try RangingCSVReader(path: file)
    } catch {
      Diagnostics.write("rangectl replay: \(error)\n")
      throw ExitCode(error.exitCode)
    }
    let eventsOutput: OutputFile
    let filteredOutput: OutputFile?
    do {
      eventsOutput = try OutputFile(creating: events)
      filteredOutput = try filtered.map { path throws(OutputError) in try OutputFile(creating: path) }
    } catch {
      Diagnostics.write("rangectl replay: cannot write \(error)\n")
      throw ExitCode(73)  // EX_CANTCREAT (sysexits.h)
    }
    var replayer = Replayer(pipeline: engine.pipeline(Backend.self, zones: zoneList), zoneNames: zoneList.names)
    var listed = 0
    let path = file
    let limit = listRejected
    replayer.onRejection = { rejection in
      listed += 1
      if listed <= limit {
        Diagnostics.write("\(rejection.message(path: path))\n")
      } else if listed == limit + 1 {
        Diagnostics.write("(further rejected rows are counted in the summary, not listed; see --list-rejected)\n")
      }
    }
    let eventsWriter = EventsWriter(output: eventsOutput, zoneNames: zoneList.names)
    replayer.onEvent = { event, name in eventsWriter.write(event, objectName: name) }
    if let filteredWriter = filteredOutput.map(FilteredTrackWriter.init(output:)) {
      replayer.onState = { seconds, name, state in filteredWriter.write(seconds: seconds, objectName: name, state: state) }
    }
    let summary: ReplaySummary
    do {
      summary = try replayer.run(&reader)
      // Both are closed, and both checked, before the summary says the run completed.
      let eventsResult = Result { () throws(OutputError) in try eventsOutput.close() }
      try filteredOutput?.close()
      try eventsResult.get()
    } catch let error as DatasetError {
      Diagnostics.write("rangectl replay: \(error)\n")
      throw ExitCode(error.exitCode)
    } catch {
      Diagnostics.write("rangectl replay: cannot write \(error)\n")
      throw ExitCode(74)  // EX_IOERR
    }
    Diagnostics.write(summary.report(path: file == "-" ? "<stdin>" : file))
  }
}

extension DatasetError {
  /// sysexits.h codes, as docs/FORMATS.md §4 assigns them.
  var exitCode: Int32 {
    switch kind {
    case .cannotOpen: 66  // EX_NOINPUT
    case .notARangingCSV: 65  // EX_DATAERR
    case .readFailed: 74  // EX_IOERR
    }
  }
}

/// Messages for people, on standard error.
enum Diagnostics {
  /// Writes `text` with every control character but the line breaks shown
  /// as an escape (``Escaped``), whatever part of it came from the input.
  static func write(_ text: String) {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    fputs(lines.map { Escaped($0).description }.joined(separator: "\n"), stderr)
  }
}
