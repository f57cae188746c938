// SPDX-License-Identifier: Apache-2.0
import Benchmark
import RangingEngine
import RangingFormats
import RangingOutputs
import RangingReplay
import RangingScenarios
import ZoneMonitor

#if canImport(Glibc)
import Glibc
#endif

/// CSV parsing alone, and replay end to end (parse, pipeline, zone events
/// written as JSON Lines to /dev/null), over exactly 1,000,000 rows of the
/// generated `many-objects` scenario (20 tags at 1-10 Hz; spikes, NLOS,
/// dropouts, directions leaving the field of view). One sample handles the
/// whole file, so with the `.mega` scaling every figure is per row.
///
/// Opening the reader and building the pipeline happen before the
/// measurement; what allocates inside it (20 interned names, the counts) does
/// not grow with the rows, so the committed malloc thresholds fail on any
/// per-row allocation.
func registerDatasetBenchmarks() {
  let configuration = Benchmark.Configuration(
    metrics: [.wallClock, .throughput, .mallocCountTotal], timeUnits: .nanoseconds,
    warmupIterations: 1, scalingFactor: .mega, maxDuration: .seconds(10), maxIterations: 20,
    // Up to 1,000 allocations per million-row run (a few per distinct object) are
    // tolerated; one per row would be a million.
    thresholds: [.mallocCountTotal: .init(absolute: [.p90: 1_000])])

  Benchmark("RangingCSVReader.next(many-objects)", configuration: configuration) { benchmark in
    var reader = try! RangingCSVReader(path: GeneratedDataset.path)
    var rows = 0
    benchmark.startMeasurement()
    while let record = try! reader.next() {
      if case .measurement = record { rows += 1 }
    }
    benchmark.stopMeasurement()
    blackHole(rows)
    precondition(rows == GeneratedDataset.rows, "RangingCSVReader.next: \(rows) measurement rows")
  }

  // The yardstick of the two above (issue 38): the same file's lines read with getline, t and distance
  // parsed with strtod, nothing else (ParseLimit, as `rangectl bench` times it).
  Benchmark("ParseLimit.pass(many-objects)", configuration: configuration) { benchmark in
    let header = try! RangingCSVReader(path: GeneratedDataset.path)
    let time = header.headerColumn(for: "t")!.column - 1, distance = header.headerColumn(for: "distance")!.column - 1
    benchmark.startMeasurement()
    let pass = ParseLimit.pass(path: GeneratedDataset.path, timeField: time, distanceField: distance)!
    benchmark.stopMeasurement()
    blackHole(pass.sum)
    precondition(pass.rows >= GeneratedDataset.rows, "ParseLimit.pass: \(pass.rows) rows")
  }

  Benchmark("Replayer.run(many-objects,swift)", configuration: configuration) { benchmark in
    replay(benchmark, tracker: TrackerConfiguration())
  }
  // As `rangectl replay --direction off`: the distance filter and zones only.
  Benchmark("Replayer.run(many-objects,swift,distance-only)", configuration: configuration) { benchmark in
    replay(benchmark, tracker: TrackerConfiguration(directionFilter: nil))
  }
}

/// One replay of the generated file with the fixed-size Swift backend, events to /dev/null.
func replay(_ benchmark: Benchmark, tracker: TrackerConfiguration) {
    var reader = try! RangingCSVReader(path: GeneratedDataset.path)
    let zones = ZoneList.defaults
    let replayer = Replayer(
      pipeline: RangingPipeline<SwiftKalmanBackend>(tracker: tracker, zones: zones.zones()), zoneNames: zones.names)
    let output = try! OutputFile(creating: "/dev/null")
    let events = EventsOnly(EventsWriter(output: output, zoneNames: zones.names))
    benchmark.startMeasurement()
    let summary = try! replayer.run(&reader, observer: events)
    try! output.flush()
    benchmark.stopMeasurement()
    blackHole(summary)
    precondition(
      summary.rowsRead == GeneratedDataset.rows && summary.enterEvents > 1000,
      "Replayer.run: \(summary.rowsRead) rows, \(summary.enterEvents) enter events")
}

/// The first 1,000,000 data rows of `rangectl generate --only many-objects
/// --scale 158` (seed 1), written once to the temporary directory.
enum GeneratedDataset {
  static let rows = 1_000_000
  static let path: String = {
    let directory = (getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp") + "/ranging-benchmarks"
    let path = directory + "/many-objects-1M.csv"
    if access(path, R_OK) != 0 {
      mkdir(directory, 0o755)
      let text = ScenarioGenerator(seed: 1).csvText(.manyObjects, scale: 158)
      var kept = 0
      var lines: [Substring] = []
      lines.reserveCapacity(rows + 100)
      for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        let isData = !line.hasPrefix("#") && !line.hasPrefix("t,") && !line.isEmpty
        if isData {
          guard kept < rows else { break }
          kept += 1
        }
        lines.append(line)
      }
      precondition(kept == rows, "GeneratedDataset: only \(kept) rows generated")
      let temporary = path + ".partial"
      guard let file = fopen(temporary, "w") else { preconditionFailure("GeneratedDataset: cannot write \(temporary)") }
      for line in lines {
        var line = String(line) + "\n"
        line.withUTF8 { _ = fwrite($0.baseAddress, 1, $0.count, file) }
      }
      fclose(file)
      rename(temporary, path)
    }
    return path
  }()
}

/// The replay's observer: events written, as `rangectl replay --events` writes them.
private final class EventsOnly: ReplayObserver {
  private let writer: EventsWriter
  init(_ writer: EventsWriter) { self.writer = writer }
  func event(_ event: ZoneEvent, objectName: String) { writer.write(event, objectName: objectName) }
}
