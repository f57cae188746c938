// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import RangingFormats
import RangingOutputs
import RangingReplay
import RangingReplayOptions
import RangingReplayThreads
import ZoneMonitor
import _RangingReplayCHeader

/// One replay of a file, or of a table in memory, into memory, as
/// `rangectl replay FILE --jobs N` runs it: options through the command
/// line's declarations, the reader (``RangingCSVReader``, or
/// ``RangingTableReader`` for a table, which reads it as the CSV it would be
/// written as), and the command's replay job (``ReplayJob``) into the writers
/// of each format and the records, so that it ends with the same status and
/// messages (warnings, then the summary).
struct ReplayToMemory {
  /// What is replayed.
  enum Input {
    /// A CSV file's path ("-": standard input).
    case file(String)
    /// A table's columns, each of `rowCount` rows.
    case table(columns: [TableColumn], rowCount: Int)
  }

  /// The file's path as given, or the table's name; messages name it as rangectl does.
  let path: String
  let input: Input
  let arguments: [String]

  /// A replay of the CSV file at `path`.
  init(path: String, arguments: [String]) {
    self.path = path
    input = .file(path)
    self.arguments = arguments
  }

  /// A replay of a table named `name` in messages.
  init(name: String, columns: [TableColumn], rowCount: Int, arguments: [String]) {
    path = name
    input = .table(columns: columns, rowCount: rowCount)
    self.arguments = arguments
  }

  /// What the replay gave; every text is owned by the caller (`free`).
  struct Outcome {
    var status: Int32 = 0
    var events: (bytes: UnsafeMutablePointer<CChar>?, length: Int) = (nil, 0)
    var filtered: (bytes: UnsafeMutablePointer<CChar>?, length: Int) = (nil, 0)
    var rejected: (bytes: UnsafeMutablePointer<CChar>?, length: Int) = (nil, 0)
    var eventRecords: (bytes: UnsafeMutablePointer<CChar>?, length: Int) = (nil, 0)
    var stateRecords: (bytes: UnsafeMutablePointer<CChar>?, length: Int) = (nil, 0)
    /// The objects' names, one a line (``ObjectNameIndex/text``).
    var objectNames = ""
    var eventCount = 0
    var stateCount = 0
    var messages = ""
    /// The zones' names as JSON strings, one per line.
    var zoneNames = ""
    var summary = ReplaySummary()
  }

  func run() -> Outcome {
    var outcome = Outcome()
    let options: ReplayFileOptions
    switch OptionsFromC.parse(arguments, as: ReplayFileOptions.self) {
    case .success(let parsed): options = parsed
    case .failure(let refusal):
      outcome.status = 64
      outcome.messages = refusal.message
      return outcome
    }
    // A file's columns are the file's text: none of them was handed over as durations.
    if case .file = input, !options.durationColumns.isEmpty {
      outcome.status = 64
      outcome.messages = "\(ReplayOutcome.prefix)--duration-column names a table's column: a file has none handed over as durations\n"
      return outcome
    }
    // A place is 1-based and names one of the table's columns: 0, or one past
    // them, is a mistake in the call, never a column to leave unchecked.
    if case .table(let columns, _) = input,
      let place = options.durationColumns.first(where: { $0 < 1 || $0 > columns.count })
    {
      outcome.status = 64
      outcome.messages = "\(ReplayOutcome.prefix)--duration-column \(place): no such column; "
        + (columns.isEmpty ? "the table has none\n" : "give a 1-based place among the table's \(columns.count) columns, 1...\(columns.count)\n")
      return outcome
    }
    do {
      return try options.engine.backend.dispatch(BackendReplay(replay: self, options: options))
    } catch {
      // A backend this build does not link (parse(_:) refuses it first).
      outcome.status = 64
      outcome.messages = "Error: \(ReplayFileOptions.message(for: error))\n"
      return outcome
    }
  }

  /// The replay on the backend `--backend` names.
  private struct BackendReplay: BackendUser {
    let replay: ReplayToMemory
    let options: ReplayFileOptions

    func run<Backend: KalmanBackend>(_: Backend.Type) -> Outcome {
      var outcome = Outcome()
      replay.replay(Backend.self, options, into: &outcome)
      return outcome
    }
  }

  private func replay<Backend: KalmanBackend>(_: Backend.Type, _ options: ReplayFileOptions, into outcome: inout Outcome) {
    // Built again after parse(_:) checked them (each option group's
    // validate()): the mapping and the zones from the same options cannot
    // fail now, but a calibration file may have changed on disk since. Any
    // refusal here is told as parse(_:) tells it, never a trap.
    let mapping: ColumnMapping
    let zoneList: ZoneList
    let calibrations: [String: RangeCalibration]
    do {
      mapping = try options.input.mapping()
      zoneList = try options.engine.zoneList()
      calibrations = try options.engine.objectCalibrations()
    } catch {
      outcome.status = 64
      outcome.messages = "Error: \(ReplayFileOptions.message(for: error))\n"
      return
    }
    do throws(DatasetError) {
      switch input {
      case .file(let file):
        var reader = try RangingCSVReader(path: file, mapping: mapping)
        replay(Backend.self, options, &reader, zoneList, calibrations, mapping, into: &outcome)
      case .table(let columns, let rowCount):
        var reader = try RangingTableReader(path: path, columns: columns, rowCount: rowCount, mapping: mapping)
        try Self.checkDurations(at: options.durationColumns, of: reader, mapping: mapping)
        replay(Backend.self, options, &reader, zoneList, calibrations, mapping, into: &outcome)
      }
    } catch {
      outcome.report(.readFailed(error))
    }
  }

  /// Refuses durations (`--duration-column`, given as seconds) anywhere but
  /// in the column read as `t`, and there with a time unit other than
  /// seconds: a duration carries its own unit, and nothing else is a time.
  private static func checkDurations(
    at places: [Int], of reader: RangingTableReader, mapping: ColumnMapping
  ) throws(DatasetError) {
    let time = reader.headerColumn(for: "t")
    // Every place is one of the table's columns (run() refuses the others).
    for place in places where reader.columns.indices.contains(place - 1) {
      let name = reader.columns[place - 1]
      let reason: String
      if time?.column != place {
        reason = "column '\(name)' holds durations: only the column read as 't' may hold times"
      } else if mapping.timeUnit != .s {
        reason = "column '\(name)' holds durations, which carry their own unit: give it without --time-unit"
      } else {
        continue
      }
      throw DatasetError(path: reader.path, line: 1, kind: .notARangingCSV(reason: reason))
    }
  }

  /// The replay of `reader`'s rows, with the options already checked.
  private func replay<Backend: KalmanBackend, Source: ShardedRowSource>(
    _: Backend.Type, _ options: ReplayFileOptions, _ reader: inout Source, _ zoneList: ZoneList,
    _ calibrations: [String: RangeCalibration], _ mapping: ColumnMapping, into outcome: inout Outcome
  ) {
    let filtered = options.writeFiltered ? MemoryOutput(name: "filtered track") : nil
    let wantsStates = options.writeFiltered || options.stateRecords
    // A table's states are at most its rows: room for them all at once.
    let rows: Int = if case .table(_, let rowCount) = input { rowCount } else { 0 }
    let stateRecords = wantsStates ? RecordBuffer<ranging_replay_state_t>(capacity: rows) : nil
    // Events written to a file are not kept as records too: memory stays bounded.
    let eventRecords = options.events == nil ? RecordBuffer<ranging_replay_event_t>() : nil
    guard let events = MemoryOutput(name: "events"), let rejected = MemoryOutput(name: "rejected rows"),
      filtered != nil || !options.writeFiltered
    else {
      outcome.report(.cannotWrite("the outputs in memory"))
      return
    }
    // The outputs to files, as rangectl replay opens them (an output is never the input).
    let eventsFile: OutputFile?
    let filteredFile: OutputFile?
    do {
      for (option, output) in [("--events", options.events), ("--filtered", options.filtered)] {
        if case .file(let file) = input, let output,
          let refusal = OutputCollision.inputRefusal(option: option, output: output, input: file)
        {
          outcome.status = 64
          outcome.messages = "Error: \(refusal)\n"
          return
        }
      }
      eventsFile = try options.events.map { path throws(OutputError) in try OutputFile(creating: path) }
      filteredFile = try options.filtered.map { path throws(OutputError) in try OutputFile(creating: path) }
    } catch {
      outcome.report(.cannotCreate(error))
      return
    }
    let eventsWriter = EventsWriter(output: eventsFile ?? events.file, zoneNames: zoneList.names)
    let filteredWriter = (filteredFile ?? filtered?.file).map { FilteredTrackWriter(output: $0) }
    let observer = MemoryReplayOutputs(
      events: eventsWriter, filtered: filteredWriter, rejected: RejectedRowsWriter(output: rejected.file),
      eventRecords: eventRecords, stateRecords: stateRecords)
    outcome.zoneNames = zoneList.names.map { TextFormatting.jsonString($0) + "\n" }.joined()
    var replayer = Replayer(pipeline: options.engine.pipeline(Backend.self, zones: zoneList), zoneNames: zoneList.names)
    replayer.objectCalibrations = calibrations
    let sinks = ReplaySinks(events: eventsWriter, filtered: filteredWriter, others: [rejected.file], observer: observer)
    var job = ReplayJob(path: path, zones: zoneList, mapping: mapping)
    job.threads = options.jobs
    let ended = job.run(replayer, rowsOf: &reader, into: sinks, sharding: observer)
    outcome.summary = ended.summary ?? ReplaySummary()
    if eventRecords?.failed == true || stateRecords?.failed == true {
      outcome.report(.cannotWrite("the \(eventRecords?.failed == true ? "event" : "state") records in memory"))
      return
    }
    outcome.report(ended)
    // Nothing is handed out once an output was lost; else every output, with what the rows before a read error gave.
    guard ended.writeFailures.isEmpty else { return }
    do {
      // Closed by the job: each hands its buffer over.
      if eventsFile == nil { outcome.events = try events.take() }
      outcome.rejected = try rejected.take()
      if let filtered { outcome.filtered = try filtered.take() }
    } catch {
      outcome.report(.cannotWrite("\(error)"))
      return
    }
    if let eventRecords { outcome.eventRecords = eventRecords.take() }
    if let stateRecords { outcome.stateRecords = stateRecords.take() }
    outcome.objectNames = observer.objectNames.text
    outcome.eventCount = observer.eventCount
    outcome.stateCount = observer.stateCount
  }
}
