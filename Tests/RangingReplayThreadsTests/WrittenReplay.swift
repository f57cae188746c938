// SPDX-License-Identifier: Apache-2.0
import Foundation
import RangingEngine
import RangingFormats
import ZoneMonitor

@testable import RangingOutputs
@testable import RangingReplay
@testable import RangingReplayThreads

/// What a replay wrote: the bytes of its two files (the events, the filtered
/// track with its header), the rejected rows and the summary.
struct WrittenReplay: Equatable {
  var events: Data
  var filtered: Data
  var rejections: [RowRejection]
  var summary: ReplaySummary

  /// The two output files of a replay named `name` in `folder`, and their
  /// bytes once `replay` has written them through writers of `zones`.
  static func written(
    in folder: TemporaryFolder, _ name: String, zones: ZoneList = .defaults,
    replay: (EventsWriter, FilteredTrackWriter) throws -> ([RowRejection], ReplaySummary)
  ) throws -> WrittenReplay {
    let eventsPath = folder.url.appendingPathComponent("\(name).events.jsonl").path
    let filteredPath = folder.url.appendingPathComponent("\(name).filtered.csv").path
    let eventsFile = try OutputFile(creating: eventsPath)
    let filteredFile = try OutputFile(creating: filteredPath)
    let (rejections, summary) = try replay(
      EventsWriter(output: eventsFile, zoneNames: zones.names), FilteredTrackWriter(output: filteredFile))
    try eventsFile.close()
    try filteredFile.close()
    return WrittenReplay(
      events: try Data(contentsOf: URL(fileURLWithPath: eventsPath)),
      filtered: try Data(contentsOf: URL(fileURLWithPath: filteredPath)), rejections: rejections, summary: summary)
  }

  /// `sharded`'s replay of the file at `path`, written through the outputs
  /// `rangectl replay --jobs N` writes through (`ShardedTextOutputs`, as
  /// `ReplayJob` runs it), into files named `name` in `folder`.
  static func sharded<Backend: KalmanBackend>(
    _ sharded: ShardedReplay<Backend>, reading path: String, in folder: TemporaryFolder, _ name: String
  ) throws -> WrittenReplay {
    try written(in: folder, name) { events, filtered in
      var rejections: [RowRejection] = []
      let result = try sharded.run(
        try RangingCSVReader(path: path), live: false, into: ShardedTextOutputs(events: events, filtered: filtered)
      ) { rejected, _ in rejections += rejected }
      return (rejections, result.summary)
    }
  }

  /// The events' lines, without their newlines.
  var eventLines: [String] { Self.lines(events) }
  /// The filtered track's rows, without the header and the newlines.
  var stateLines: [String] { Array(Self.lines(filtered).dropFirst()) }

  private static func lines(_ data: Data) -> [String] {
    data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast().map {
      String(decoding: $0, as: UTF8.self)
    }
  }
}

extension ShardedTextOutputs {
  /// Outputs that are never written, for a replay's parts built but not run.
  static func unwritten() -> ShardedTextOutputs {
    ShardedTextOutputs(events: EventsWriter(output: .standardOutput(), zoneNames: []), filtered: nil)
  }
}
