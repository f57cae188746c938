// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import Dispatch
import RangingFormats
import RangingReplay
import RangingEngine
import ZoneMonitor

/// `rangectl replay --jobs N`: N threads, each with its own reader and engine,
/// replay the objects of one shard each (``ReplayShard``: every thread reads
/// the whole file, runs its own objects' rows and moves its clock on the
/// others'), and their events are merged into the order of one replay: by the
/// line of the row that caused them, a row's own events before the exits its
/// lost check found.
extension Replay {
  /// What one shard's thread produced. Each is written by its own thread
  /// only, and read once concurrentPerform has returned (which orders the
  /// threads' writes before the reads), hence unchecked.
  final class ShardOutput: @unchecked Sendable {
    var events: [(line: Int, afterRow: Bool, text: String)] = []
    var rejections: [RowRejection] = []
    var summary = ReplaySummary()
    var failure: DatasetError?
  }

  /// Replays `file` in `jobs` shards and writes the events, the rejected rows
  /// and the summary as one replay would.
  ///
  /// - Throws: `ExitCode` as the one-thread replay does.
  func replaySharded<Backend: KalmanBackend>(
    _: Backend.Type, zoneList: ZoneList, eventsOutput: OutputFile
  ) throws {
    let mapping = try input.mapping()
    let calibrations = try engine.objectCalibrations()
    // Read-only on every thread: line(for:objectName:) only formats.
    nonisolated(unsafe) let writer = EventsWriter(output: eventsOutput, zoneNames: zoneList.names)
    let outputs = (0..<jobs).map { _ in ShardOutput() }
    let shards = jobs
    // Each thread's whole replay, made here (generic over Backend) and run below.
    nonisolated(unsafe) let runs: [() -> Void] = (0..<shards).map { index in
      let output = outputs[index]
      let pipeline = engine.pipeline(Backend.self, zones: zoneList)
      return {
        do throws(DatasetError) {
          var reader = try RangingCSVReader(path: file, mapping: mapping)
          var replayer = Replayer(pipeline: pipeline, zoneNames: zoneList.names)
          replayer.objectCalibrations = calibrations
          replayer.shard = ReplayShard(index: index, count: shards)
          replayer.onPlacedEvent = { event, name, place in
            output.events.append((place.line, place.afterRow, writer.line(for: event, objectName: name)))
          }
          replayer.onRejection = { output.rejections.append($0) }
          output.summary = try replayer.run(&reader)
        } catch {
          output.failure = error
        }
      }
    }
    DispatchQueue.concurrentPerform(iterations: shards) { index in runs[index]() }
    if let failure = outputs.compactMap(\.failure).first {
      Diagnostics.write("rangectl replay: \(failure)\n")
      throw ExitCode(failure.exitCode)
    }
    // One replay's order: by line, a row's own events first, then shard by shard.
    var events: [(line: Int, afterRow: Bool, shard: Int, sequence: Int, text: String)] = []
    for (shard, output) in outputs.enumerated() {
      for (sequence, event) in output.events.enumerated() {
        events.append((event.line, event.afterRow, shard, sequence, event.text))
      }
    }
    events.sort { a, b in
      (a.line, a.afterRow ? 1 : 0, a.shard, a.sequence) < (b.line, b.afterRow ? 1 : 0, b.shard, b.sequence)
    }
    for event in events { eventsOutput.write(event.text + "\n") }
    var rejections = outputs.flatMap(\.rejections)
    rejections.sort { $0.line < $1.line }  // stable: one row has one rejection
    for (listed, rejection) in rejections.enumerated() {
      if listed < listRejected {
        Diagnostics.write("\(rejection.message(path: file))\n")
      } else {
        Diagnostics.write("(further rejected rows are counted in the summary, not listed; see --list-rejected)\n")
        break
      }
    }
    let summary = ReplaySummary.merging(outputs.map(\.summary))
    do {
      try eventsOutput.close()
    } catch {
      Diagnostics.write("rangectl replay: cannot write \(error)\n")
      throw ExitCode(74)  // EX_IOERR
    }
    warnAboutAngleGates(zoneList, summary)
    if !quiet { Diagnostics.write(summary.report(path: file)) }
  }
}
