// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import RangingEngine
import RangingFormats
import RangingOutputs
import RangingReplay
import RangingReplayThreads
import ZoneMonitor

/// `rangectl replay --jobs N`: one thread reads the rows and keeps the one
/// object table, N threads run the engines of its slots (``ShardedReplay``),
/// and this thread writes the merged events, rejected rows and filtered track
/// in one replay's order.
extension Replay {
  /// Replays `reader` in ``threads`` shards and writes the events, the rejected
  /// rows, the filtered track and the summary as one replay would.
  ///
  /// - Throws: `ExitCode` as the one-thread replay does.
  func replaySharded<Backend: KalmanBackend>(
    _: Backend.Type, zoneList: ZoneList, reader: RangingCSVReader, live: Bool,
    eventsOutput: OutputFile, filteredOutput: OutputFile?, messages: MessageSink, showsProgress: Bool
  ) throws {
    let calibrations = try engine.objectCalibrations()
    var replayer = Replayer(pipeline: engine.pipeline(Backend.self, zones: zoneList), zoneNames: zoneList.names)
    replayer.objectCalibrations = calibrations
    // Both only format (their output is written on this thread below), so the shards may share them.
    let eventsWriter = EventsWriter(output: eventsOutput, zoneNames: zoneList.names)
    let filteredWriter = filteredOutput.map(FilteredTrackWriter.init(output:))
    let rejections = RejectionListing(path: file, limit: listRejected, messages: messages, quiet: quiet)
    let progress = live || !showsProgress
      ? nil : ProgressLine(unit: "lines", totalBytes: ProgressLine.regularFileSize(file), enabled: !quiet)
    try completeReplay(
      zoneList: zoneList, eventsOutput: eventsOutput, filteredOutput: filteredOutput, live: live, progress: progress, messages: messages
    ) {
      try ShardedReplay(replayer: replayer, jobs: threads).run(
        reader, live: live,
        eventText: { event, name in eventsWriter.line(for: event, objectName: name) },
        stateText: filteredWriter.map { writer in { writer.row(seconds: $0, objectName: $1, state: $2) } }
      ) { batch in
        // Line and newline written apart: joined, each would be copied into a new string first.
        for event in batch.events {
          eventsOutput.write(event)
          eventsOutput.write("\n")
        }
        for rejection in batch.rejections { rejections.list(rejection) }
        if let filteredOutput {
          for state in batch.states {
            filteredOutput.write(state)
            filteredOutput.write("\n")
          }
        }
        if live {
          try? eventsOutput.flush()  // a failure is kept, and thrown by close()
          try? filteredOutput?.flush()
        }
        progress?.update(count: batch.linesRead, bytes: batch.bytesRead)
      }
    }
  }
}

/// Lists rejected rows on standard error, up to a limit, then says that
/// further ones are only counted: one replay's listing, for any number of threads.
/// With `--quiet` there is no summary to count them in, and no such line.
final class RejectionListing {
  private let path: String
  private let limit: Int
  private let messages: MessageSink
  private let quiet: Bool
  private var listed = 0

  init(path: String, limit: Int, messages: MessageSink, quiet: Bool) {
    self.path = path
    self.limit = limit
    self.messages = messages
    self.quiet = quiet
  }

  func list(_ rejection: RowRejection) {
    listed += 1
    if listed <= limit {
      messages.write("\(rejection.message(path: path))\n")
    } else if listed == limit + 1, !quiet {
      messages.write("(further rejected rows are counted in the summary, not listed; see --list-rejected)\n")
    }
  }
}
