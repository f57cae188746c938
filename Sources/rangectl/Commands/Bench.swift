// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
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
    let limit = BenchKernels.scalarLimit()
    report(limit)
    report(BenchKernels.rangeFilter(SwiftKalmanBackend.self, name: "RangeFilter.update(swift)", limit: limit.perSecond))
    #if GSL
      report(BenchKernels.rangeFilter(GSLKalmanBackend.self, name: "RangeFilter.update(gsl)", limit: limit.perSecond))
    #endif
    let objects = "\(BenchKernels.stepObjects)-objects"
    report(BenchKernels.perObjectStep(SwiftKalmanBackend.self, name: "constantVelocityStep(\(objects),swift)", limit: limit.perSecond))
    #if GSL
      report(BenchKernels.perObjectStep(GSLKalmanBackend.self, name: "constantVelocityStep(\(objects),gsl)", limit: limit.perSecond))
    #endif
    report(BenchKernels.directionFilter(SwiftKalmanBackend.self, name: "DirectionFilter.update(position,swift)"))
    #if GSL
      report(BenchKernels.directionFilter(GSLKalmanBackend.self, name: "DirectionFilter.update(position,gsl)"))
    #endif
    for objects in [1, 1000] {
      let label = objects == 1 ? "1-object" : "\(objects)-objects"
      report(BenchKernels.pipeline(SwiftKalmanBackend.self, objects: objects, name: "RangingPipeline.process(\(label),swift)"))
      #if GSL
        report(BenchKernels.pipeline(GSLKalmanBackend.self, objects: objects, name: "RangingPipeline.process(\(label),gsl)"))
      #endif
    }
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

/// One line of the report.
struct BenchResult {
  var name: String
  /// Updates (or rows) per second, best run.
  var perSecond: Double
  /// `updates` or `rows`.
  var unit: String
  /// perSecond / its limit's: the scalar kernel's for filter kernels, the
  /// parse limit's for the replay; nil otherwise.
  var ofLimit: Double?

  static func format(_ value: Double) -> String {
    value >= 1e6 ? "\(Double(Int(value / 1e4)) / 100) M" : "\(Double(Int(value / 10)) / 100) K"
  }

  static func table(_ results: [BenchResult]) -> String {
    let width = (results.map(\.name.count).max() ?? 0) + 2
    var text = "kernel".padding(width) + "per second".leftPadding(14) + "  unit     of limit\n"
    for result in results {
      text += result.name.padding(width) + format(result.perSecond).leftPadding(14) + "  " + result.unit.padding(9)
      if let ratio = result.ofLimit { text += "\(Double(Int(ratio * 100)) / 100)" }
      text += "\n"
    }
    return text
  }

  static func json(_ results: [BenchResult]) -> String {
    let entries = results.map { result in
      var entry = "{\"name\":\"\(result.name.jsonEscaped)\",\"per_second\":\(Int(result.perSecond.rounded())),\"unit\":\"\(result.unit)\""
      if let ratio = result.ofLimit { entry += ",\"of_limit\":\(Double(Int(ratio * 1000)) / 1000)" }
      return entry + "}"
    }
    return "{\"results\":[" + entries.joined(separator: ",") + "]}\n"
  }
}

extension String {
  fileprivate func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
  fileprivate func leftPadding(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
  fileprivate var jsonEscaped: String {
    var out = ""
    for scalar in unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case _ where scalar.value < 0x20: out += "\\u00" + String(scalar.value, radix: 16).leftPadding(2).replacingSpaces
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
  fileprivate var replacingSpaces: String { String(map { $0 == " " ? "0" : $0 }) }
}

/// The kernels `rangectl bench` times, on the inputs of `Benchmarks/`: a walk
/// `d = 3 + 2 sin(2π i / 4096)` m at 10 Hz with ±0.08 m uniform noise, and an
/// ellipse in front of the phone for the 3-D filter.
enum BenchKernels {
  static let count = 4096
  static let mask = count - 1
  static let step: Int64 = 100_000
  static let configuration = RangeFilterConfiguration()

  /// SplitMix64 (Steele, Lea & Flood, OOPSLA 2014): uniform in [-0.5, 0.5).
  static func noise(_ state: inout UInt64) -> Double {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    z ^= z >> 31
    return Double(z >> 11) / Double(1 << 53) - 0.5
  }

  static let distances: [Double] = {
    var state: UInt64 = 0x5EED_0005
    return (0..<count).map { 3 + 2 * sin(2 * .pi * Double($0) / Double(count)) + 0.16 * noise(&state) }
  }()

  static let positions: [(distance: Double, direction: Direction)] = {
    var state: UInt64 = 0x5EED_0003
    return (0..<count).map { i in
      let phase = 2 * Double.pi * Double(i) / Double(count)
      let x = 2 * sin(phase), y = 0.3, z = -3 - cos(phase)
      let r = (x * x + y * y + z * z).squareRoot()
      let u = Direction(x: x / r + 0.03 * noise(&state), y: y / r + 0.03 * noise(&state), z: z / r + 0.03 * noise(&state))
      return (r + 0.07 * noise(&state), u.normalized)
    }
  }()

  /// Arrival of sample `i` within one period of `count` samples, µs: `i · step`
  /// plus up to 10 ms of jitter. Read from a table, as a filter reads its last
  /// time from memory, so that the compiler cannot fold the limit's time
  /// step (and its Q) into constants while the filter computes them.
  static let arrivals: [Int64] = {
    var state: UInt64 = 0x5EED_0007
    return (0..<count).map { Int64($0) &* step &+ Int64((noise(&state) + 0.5) * 10_000) }
  }()

  /// The time of sample `i`, for any `i >= 0`; increasing in `i`.
  @inline(__always)
  static func time(_ i: Int, _ arrivals: [Int64]) -> Timestamp {
    Timestamp(microseconds: Int64(i / count) &* Int64(count) &* step &+ arrivals[i & mask])
  }

  /// Runs `chunk` (which handles 1,000 updates from a running index and
  /// returns how many it handled) for ~0.25 s, three times; the best rate.
  static func best(_ chunk: () -> Int) -> Double {
    var best = 0.0
    for _ in 0..<3 {
      let start = now()
      var handled = 0
      var elapsed = 0.0
      repeat {
        handled += chunk()
        elapsed = now() - start
      } while elapsed < 0.25
      best = max(best, Double(handled) / elapsed)
    }
    return best
  }

  static func now() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
  }

  static func scalarLimit() -> BenchResult {
    let arrivals = Self.arrivals  // one lookup of the lazily made table, not one per update
    var kernel = ScalarRangeKernel(configuration: configuration, distanceMeters: distances[0])
    var next = 1
    var ratios = 0.0
    let rate = best {
      for i in next..<(next + 1000) {
        ratios += kernel.update(distanceMeters: distances[i & mask], dtSeconds: time(i, arrivals).seconds(since: time(i - 1, arrivals)))
      }
      next += 1000
      return 1000
    }
    precondition(ratios.isFinite && kernel.distanceMeters > 0, "bench: the scalar kernel diverged")
    return BenchResult(name: "ScalarRangeKernel.update(limit)", perSecond: rate, unit: "updates", ofLimit: 1)
  }

  static func rangeFilter<B: KalmanBackend>(_: B.Type, name: String, limit: Double) -> BenchResult {
    let arrivals = Self.arrivals  // one lookup of the lazily made table, not one per update
    let filter = RangeFilter<B>(configuration: configuration)
    var next = 0
    var fused = 0
    let rate = best {
      for i in next..<(next + 1000) {
        if case .fused = filter.update(distanceMeters: distances[i & mask], at: time(i, arrivals)) { fused += 1 }
      }
      next += 1000
      return 1000
    }
    // The timed filter measures the walk's noise (the default); the kernel keeps R at the
    // configured sigma. So the same inputs go through a filter with R held too, which must
    // agree with the kernel to rounding (the arithmetic is the kernel's), and the timed
    // filter must have fused every update and stay on the same walk.
    let held = RangeFilter<B>(configuration: fixedNoise)
    var reference = ScalarRangeKernel(configuration: configuration, distanceMeters: distances[0])
    _ = held.update(distanceMeters: distances[0], at: time(0, arrivals))
    for i in 1..<next {
      _ = held.update(distanceMeters: distances[i & mask], at: time(i, arrivals))
      _ = reference.update(distanceMeters: distances[i & mask], dtSeconds: time(i, arrivals).seconds(since: time(i - 1, arrivals)))
    }
    let estimate = filter.estimate, heldEstimate = held.estimate
    precondition(
      fused == next - 1
        && abs(heldEstimate.distanceMeters - reference.distanceMeters) <= 1e-9 * max(1, reference.distanceMeters)
        && abs(estimate.distanceMeters - reference.distanceMeters) <= Self.trackAgreementMeters,
      "bench: \(name) disagrees with the scalar kernel")
    return BenchResult(name: name, perSecond: rate, unit: "updates", ofLimit: rate / limit)
  }

  /// The defaults with the measurement sigma held at its configured value, as the scalar kernel keeps it.
  static let fixedNoise: RangeFilterConfiguration = {
    var held = configuration
    held.adaptsMeasurementNoise = false
    return held
  }()

  /// How far the noise-measuring filter's distance may lie from the kernel's at
  /// the end of the walk: both follow the same walk, with R from 0.046 m of
  /// measured noise against 0.065 m configured, which moves a filtered distance
  /// by millimetres; 0.05 m is an order of magnitude above that and far below
  /// the walk's 2 m swing.
  static let trackAgreementMeters = 0.05

  static func directionFilter<B: KalmanBackend>(_: B.Type, name: String) -> BenchResult {
    let arrivals = Self.arrivals  // one lookup of the lazily made table, not one per update
    let filter = DirectionFilter<B>()
    var next = 0
    var measured = 0
    let rate = best {
      for i in next..<(next + 1000) {
        let sample = positions[i & mask]
        let update = RangingUpdate(time: time(i, arrivals), distanceMeters: sample.distance, direction: sample.direction)
        if filter.update(with: update).state == .measured { measured += 1 }
      }
      next += 1000
      return 1000
    }
    precondition(measured == next, "bench: \(name) lost the track")
    return BenchResult(name: name, perSecond: rate, unit: "updates", ofLimit: nil)
  }

  static func pipeline<B: KalmanBackend>(_: B.Type, objects: Int, name: String) -> BenchResult {
    let pipeline = RangingPipeline<B>(tracker: TrackerConfiguration(capacity: max(64, objects)))
    let step = Self.step / Int64(objects)
    var next = 0
    var accepted = 0
    var events = 0
    let rate = best {
      for i in next..<(next + 1000) {
        let object = i % objects
        let update = RangingUpdate(
          time: Timestamp(microseconds: Int64(i) &* step), distanceMeters: distances[(i / objects + 4 * object) & mask])
        if case .accepted = pipeline.process(object: UInt64(object), update: update, emit: { _ in events += 1 }) {
          accepted += 1
        }
      }
      next += 1000
      return 1000
    }
    precondition(accepted == next && (next < count * objects || events > 0), "bench: \(name) rejected updates")
    return BenchResult(name: name, perSecond: rate, unit: "updates", ofLimit: nil)
  }

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
