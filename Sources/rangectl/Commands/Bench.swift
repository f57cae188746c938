// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import RangingBench
@_spi(Benchmarking) import RangingEngine
import RangingFormats
import RangingOutputs
import RangingReplay
import RangingScenarios
import ZoneMonitor

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `rangectl bench [FILE] [--json] [--rows N]`: a quick throughput report on
/// one core, without the package-benchmark suite (`Benchmarks/`,
/// docs/PERFORMANCE.md).
///
/// Every kernel runs for about a quarter of a second, three times, and the
/// best run counts. Filter results are checked against `ScalarRangeKernel`
/// run over the same measurements, so a kernel that measured nothing fails.
/// The last line is `updates_per_second=<n>`, the fastest full-pipeline
/// figure, for scripts.
struct Bench: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Measure filter, pipeline and replay throughput on one core.",
    discussion: """
      Reports updates per second for the distance filter and the 3-D direction filter on each \
      backend, beside the scalar constant-velocity kernel (the limit) that does the distance \
      filter's arithmetic with nothing around it; the distance filter's constant-velocity step alone \
      for 1,000 objects, per object on each backend; the full per-update pipeline for 1 and 1,000 \
      interleaved objects; and rows per second for replaying FILE (or, without FILE, a generated \
      many-objects recording of --rows rows; a tenth of them in a debug build, which says so and \
      how long it expects to take) on one thread, on the Swift backend and, with GSL, on \
      the default backend, with zone events written to /dev/null, beside the same \
      file's parse limit (each line read with getline and its t and distance parsed with strtod, \
      nothing else) and as a share of it. The last line \
      is updates_per_second=<fastest full-pipeline figure>. Build in release for figures \
      that mean anything (swift build -c release).

      Examples:
        rangectl bench
        rangectl bench --rows 100000 --json
        rangectl bench datasets/many-objects/samples.csv
      """)

  @Argument(help: "Ranging CSV to replay (default: a generated recording, deleted afterwards).")
  var file: String?

  @Flag(help: "Print the results as one JSON object (before the last line).")
  var json = false

  @Option(name: .customLong("rows"), parsing: .unconditional, help: ArgumentHelp(
    "Rows of the generated recording when no FILE is given, \(Bench.rowsRange.lowerBound)...\(Bench.rowsRange.upperBound) "
      + "(default: \(Bench.releaseRows), or \(Bench.debugRows) in a debug build).",
    valueName: "n"))
  var rowsOption: Int?

  /// The generated recording's rows in a release build, unless --rows says otherwise.
  static let releaseRows = 1_000_000
  /// ... and in a debug build, whose replay runs some 30 times slower: a
  /// million rows took about two minutes there (issue 58, item 13), a
  /// tenth of them gives the same kind of figure in seconds.
  static let debugRows = 100_000

  /// `rowsOption`, or the build's default.
  var rows: Int {
    #if DEBUG
      rowsOption ?? Self.debugRows
    #else
      rowsOption ?? Self.releaseRows
    #endif
  }

  /// Accepted --rows: a hundred million rows is some 8 GB in /tmp and minutes
  /// of replay, far past where the figure settles (the default is a million).
  static let rowsRange: ClosedRange<Int> = 1...100_000_000

  func validate() throws {
    guard Bench.rowsRange.contains(rows) else {
      throw ValidationError("--rows must be in \(Bench.rowsRange.lowerBound)...\(Bench.rowsRange.upperBound), got \(rows)")
    }
  }

  func run() throws {
    if let file {
      // Fail on an unusable FILE before spending time on the kernels.
      _ = try BenchKernels.openReader(file)
    }
    var results: [BenchResult] = []
    func report(_ result: BenchResult) {
      results.append(result)
    }
    #if DEBUG
      // `swift run` builds in debug, where the kernels run about 30 times slower (issue 34, item 18), and
      // a million rows took two minutes without a word of how long (issue 58, item 13): say both up front.
      Diagnostics.write(
        "rangectl bench: warning: this is a debug build (swift run, swift build); its figures are far below a release "
          + "build's: swift build -c release, then .build/release/rangectl bench\n")
      Diagnostics.write("rangectl bench: \(debugEstimate())\n")
    #endif
    #if GSL
      Diagnostics.write("rangectl bench: 11 kernels, best of 3 runs of ~0.25 s each, then the parse limit and two replays\n")
    #else
      Diagnostics.write("rangectl bench: 6 kernels (no GSL trait), best of 3 runs of ~0.25 s each, then the parse limit and a replay\n")
    #endif
    BenchKernels.runKernels(report: report)
    let (parsing, replays) = try replay()
    report(parsing)
    for replayed in replays { report(replayed) }
    print(json ? BenchResult.json(results) : BenchResult.table(results), terminator: "")
    let fastest = results.filter { $0.name.hasPrefix("RangingPipeline.") }.map(\.perSecond).max() ?? 0
    print("updates_per_second=\(Int(fastest.rounded()))")
  }

  /// What a debug build's run will take, and, for the generated recording,
  /// that it was scaled down. Measured on a debug build on two busy cores:
  /// about `debugKernelSeconds` for the kernels (each is time-bounded)
  /// and `debugSecondsPerRow` a row for writing, parsing and replaying
  /// twice (20 s for the default 100,000 rows, 27 s for 200,000, with 12 kernels then); a FILE's
  /// rows are estimated from its size at `generatedBytesPerRow`.
  func debugEstimate() -> String {
    let replayed: Int?
    if let file {
      var status = stat()
      replayed = stat(file, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
        ? Int(status.st_size) / Self.generatedBytesPerRow : nil
    } else {
      replayed = rows
    }
    let scaled = file == nil && rowsOption == nil
      ? "the generated recording is \(Self.debugRows) rows, a tenth of a release build's (--rows N to choose); " : ""
    guard let replayed else {
      return "\(scaled)expect about \(Int(Self.debugKernelSeconds)) s for the kernels, then FILE's parse and replays "
        + "at some \(Int((Self.debugSecondsPerRow * 1e6).rounded())) µs a row"
    }
    let seconds = Self.debugKernelSeconds + Double(replayed) * Self.debugSecondsPerRow
    return "\(scaled)expect about \(Int(seconds.rounded())) s in all (\(Int(Self.debugKernelSeconds)) s of kernels, then "
      + "\(file == nil ? "" : "about ")\(replayed) rows parsed and replayed at some \(Int((Self.debugSecondsPerRow * 1e6).rounded())) µs a row)"
  }

  /// A debug build's kernels, seconds, and its cost per row of the recording (see `debugEstimate()`).
  static let debugKernelSeconds = 11.0
  static let debugSecondsPerRow = 75e-6
  /// The generated many-objects recording's bytes per row (about 550 KB for 6,800 rows).
  static let generatedBytesPerRow = 80

  /// Replays FILE, or a generated recording written to a temporary folder
  /// and removed afterwards, on the fixed-size Swift backend and (with GSL)
  /// the default one, beside the same file's parse limit.
  private func replay() throws -> (limit: BenchResult, replays: [BenchResult]) {
    if let file { return try Self.replay(path: file, label: file) }
    var template = Array("/tmp/rangectl-bench-XXXXXX".utf8CString)
    guard let directory = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }).map({ String(cString: $0) })
    else {
      Diagnostics.write("rangectl bench: cannot create a temporary folder: \(String(cString: strerror(errno)))\n")
      throw ExitCode(73)
    }
    let path = directory + "/many-objects.csv"
    defer {
      unlink(path)
      rmdir(directory)
    }
    Diagnostics.write("rangectl bench: writing \(rows) generated rows to \(Escaped(path))\n")
    try BenchKernels.writeGenerated(rows: rows, to: path)
    return try Self.replay(path: path, label: "many-objects-\(rows)")
  }

  /// The parse limit of `path` (``BenchKernels/parseLimit(path:name:)``), then
  /// its replay on the Swift backend and, with GSL, on the default backend
  /// (one thread each), reported as shares of that limit.
  private static func replay(path: String, label: String) throws -> (limit: BenchResult, replays: [BenchResult]) {
    let limit = try BenchKernels.parseLimit(path: path, name: "getline+strtod(\(label))")
    var replays = [try BenchKernels.replay(SwiftKalmanBackend.self, path: path, name: "Replayer.run(\(label),swift)")]
    #if GSL
      replays.append(try BenchKernels.replay(GSLKalmanBackend.self, path: path, name: "Replayer.run(\(label),gsl)"))
    #endif
    for i in replays.indices { replays[i].ofLimit = limit.perSecond > 0 ? replays[i].perSecond / limit.perSecond : nil }
    return (limit, replays)
  }
}

/// `rangectl bench`'s replay and parse-limit rows and its generated file: the
/// kernels that read and write files, with rangectl's messages and exit statuses.
extension BenchKernels {
  /// Replays `path` once as `rangectl replay --backend swift|gsl --jobs 1 --events /dev/null` does.
  static func replay<B: KalmanBackend>(_: B.Type, path: String, name: String) throws -> BenchResult {
    var reader = try openReader(path)
    let zones = ZoneList.defaults
    let replayer = Replayer(pipeline: RangingPipeline<B>(zones: zones.zones()), zoneNames: zones.names)
    let output = try OutputFile(creating: "/dev/null")
    let events = EventsOnly(EventsWriter(output: output, zoneNames: zones.names))
    let start = now()
    let summary: ReplaySummary
    do {
      summary = try replayer.run(&reader, observer: events)
      try output.flush()
    } catch {
      Diagnostics.write("rangectl bench: \(error)\n")
      throw ExitCode(74)
    }
    let elapsed = max(now() - start, 1e-9)
    return BenchResult(name: name, perSecond: Double(summary.rowsRead) / elapsed, unit: "rows", ofLimit: nil)
  }

  /// The parse limit of a replay of `path` (``ParseLimit``), timed. The
  /// replays' rows are reported as shares of it (issue 38). The two columns
  /// are where the replay's reader finds them
  /// (``RangingCSVReader/headerColumn(for:)``), so that the header has one reading.
  static func parseLimit(path: String, name: String) throws -> BenchResult {
    let header = try openReader(path)
    // 0-based fields; a file without them has nothing to parse but its lines.
    let timeField = (header.headerColumn(for: "t")?.column ?? 0) - 1
    let distanceField = (header.headerColumn(for: "distance")?.column ?? 0) - 1
    let start = now()
    guard let pass = ParseLimit.pass(path: path, timeField: timeField, distanceField: distanceField) else {
      Diagnostics.write("rangectl bench: cannot read \(Escaped(path)): \(String(cString: strerror(errno)))\n")
      throw ExitCode(66)  // EX_NOINPUT
    }
    // At least a nanosecond, the clock's tick: a rate, never infinity.
    let elapsed = max(now() - start, 1e-9)
    // Read, so that the parsing cannot be optimised away; NaN only from a NaN in the file.
    if pass.sum.isNaN { Diagnostics.write("rangectl bench: the parse limit read a NaN\n") }
    return BenchResult(name: name, perSecond: Double(pass.rows) / elapsed, unit: "rows", ofLimit: nil)
  }

  /// Opens a ranging CSV, or exits as `rangectl replay` does (65, 66, 74).
  static func openReader(_ path: String) throws -> RangingCSVReader {
    do {
      return try RangingCSVReader(path: path)
    } catch {
      Diagnostics.write("rangectl bench: \(error)\n")
      throw ExitCode(error.exitCode)
    }
  }

  /// The first `rows` data rows of the many-objects scenario (seed 1),
  /// generated at the scale that gives enough of them.
  static func writeGenerated(rows: Int, to path: String) throws {
    let generator = ScenarioGenerator(seed: 1)
    let perRepetition = max(1, generator.csvText(.manyObjects).split(separator: "\n").count(where: isDataLine))
    let text = generator.csvText(.manyObjects, scale: rows / perRepetition + 1)
    guard let file = fopen(path, "w") else {
      Diagnostics.write("rangectl bench: cannot write \(Escaped(path)): \(String(cString: strerror(errno)))\n")
      throw ExitCode(73)
    }
    var kept = 0
    var failed = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if isDataLine(line) {
        guard kept < rows else { break }
        kept += 1
      }
      var text = String(line) + "\n"
      text.withUTF8 { if fwrite($0.baseAddress, 1, $0.count, file) != $0.count { failed = true } }
    }
    if fclose(file) != 0 || failed {
      Diagnostics.write("rangectl bench: cannot write \(Escaped(path)): \(String(cString: strerror(errno)))\n")
      throw ExitCode(74)  // EX_IOERR
    }
  }

  private static func isDataLine(_ line: Substring) -> Bool {
    !line.isEmpty && !line.hasPrefix("#") && !line.hasPrefix("t,")
  }
}

/// The replay's observer of `bench`'s replay row: events written, as `rangectl replay --events` writes them.
private final class EventsOnly: ReplayObserver {
  private let writer: EventsWriter
  init(_ writer: EventsWriter) { self.writer = writer }
  func event(_ event: ZoneEvent, objectName: String) { writer.write(event, objectName: objectName) }
}
