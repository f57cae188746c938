// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import RangingEngine
import RangingFormats
import RangingOutputs
import RangingReplay
import RangingReplayOptions
import RangingReplayThreads
import RangingSmoothing
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

      Live input: when FILE is - and standard input is not a regular file (a pipe, a \
      terminal, a socket), or with --follow, each zone event is flushed as soon as its row \
      is processed and the filtered track before every wait for input. --follow keeps \
      reading at the end of FILE, as tail -F does, until SIGINT or SIGTERM: a FILE truncated \
      is read again from its start, and one replaced at its path (a log rotated by rename) \
      is read to its end and the new file from its start, each said on standard error. In live mode \
      SIGINT and SIGTERM end the input: the outputs are flushed, the summary is written, \
      and the exit status is 0. On a terminal, a replay of a file shows its progress on \
      standard error; --quiet writes neither progress nor summary.

      --smooth replays offline: the --filtered track is smoothed (a Rauch-Tung-Striebel pass \
      over each run of an object's distance filter, with the filter's own model), so distance, \
      sigma and rate use the measurements after each row as well as before it, and the zone \
      events are decided offline, on the zone decision's own filter smoothed the same way; each \
      such event carries "offline":true. An object's rows and events are written when its life \
      ends (it is no longer tracked, starts afresh, or the input ends), so one object's rows and \
      events keep their order but objects are no longer interleaved as in the input, and memory \
      grows with the rows of the objects tracked at once. Needs a build with the GSL trait; not \
      with --follow.

      Several inputs: with --out-dir DIR, any number of files and folders (each regular .csv \
      file directly in a folder, by name; a FIFO or device named .csv is skipped with a \
      message) are replayed side by side, --jobs at a time (or, with fewer files \
      than --jobs, each on --jobs / files threads). Each writes DIR/NAME.events.jsonl (NAME: \
      its file name without .csv; files whose names collide are named FOLDER-NAME) and, with \
      --write-filtered, DIR/NAME.filtered.csv; each file's rejected rows and summary are \
      written together on standard error, in the inputs' order. The exit status is that of \
      the first input, in that order, that did not complete; 0 when all did.

      Examples:
        rangectl replay datasets/walk-in-out/samples.csv
        rangectl replay datasets/circling/samples.csv --zones 'near=1,door=2@30'
        rangectl replay datasets/circling/samples.csv --smooth --filtered f.csv
        rangectl replay datasets/many-objects/samples.csv --jobs 2 > events.jsonl
        rangectl replay datasets/*/ --out-dir out --write-filtered --jobs 4
        cat datasets/walk-in-out/samples.csv | rangectl replay - --quiet
      """)

  @Argument(help: ArgumentHelp(
    "Ranging CSV file, or - for standard input; with --out-dir, any number of files and folders (each .csv in a folder).",
    valueName: "file"))
  var inputs: [String] = []

  /// The input of a replay of one file.
  var file: String { inputs.first ?? "-" }

  @Option(help: ArgumentHelp(
    "Replay every input into this folder: NAME.events.jsonl per input (NAME: its file name without .csv).",
    valueName: "dir"))
  var outDir: String?

  @Flag(help: "With --out-dir: also write each input's filtered track, NAME.filtered.csv.")
  var writeFiltered = false

  @Option(help: ArgumentHelp("Where to write zone events (JSON Lines).", valueName: "path"))
  var events: String = "-"

  @Option(help: ArgumentHelp("Where to write the filtered track (CSV).", valueName: "path"))
  var filtered: String?

  @Flag(help: "Keep reading at the end of FILE (a file still being written) until SIGINT or SIGTERM.")
  var follow = false

  @Flag(help: "Replay offline: smooth the --filtered track and decide the events on the smoothed track (Rauch-Tung-Striebel; needs the GSL trait).")
  var smooth = false

  @Flag(help: "Write no progress and no summary on standard error (rejected rows are still listed).")
  var quiet = false

  @OptionGroup(title: "Input columns and units") var input: InputOptions

  @OptionGroup var engine: EngineOptions

  @Option(parsing: .unconditional, help: ArgumentHelp(
    "List at most this many rejected rows on standard error (all are counted), "
      + "\(Replay.listRejectedRange.lowerBound)...\(Replay.listRejectedRange.upperBound).",
    valueName: "n"))
  var listRejected: Int = 100

  /// Accepted --list-rejected: a billion lines is more than anyone reads or
  /// keeps of a listing, and leaves the listing's count (`limit + 1`) far
  /// from overflow.
  static let listRejectedRange: ClosedRange<Int> = 0...1_000_000_000

  @Option(parsing: .unconditional, help: ArgumentHelp(
    "Threads that share the objects (\(ThreadsOption.rangeText); default: one per core, or 1 with --smooth), beside one that "
      + "reads: the same output in the same order as 1; more than 1 not with --smooth.", valueName: "n"))
  var jobs: Int?

  /// ``jobs``, or its default: one thread per core, except for one input
  /// smoothed (its runs are written as they end, on one thread).
  var threads: Int { jobs ?? (smooth && outDir == nil ? 1 : ThreadCount.onePerCore) }

  func validate() throws {
    guard !inputs.isEmpty else { throw ValidationError("give a ranging CSV file, or - for standard input") }
    guard Replay.listRejectedRange.contains(listRejected) else {
      throw ValidationError(
        "--list-rejected must be in \(Replay.listRejectedRange.lowerBound)...\(Replay.listRejectedRange.upperBound), got \(listRejected)")
    }
    if inputs.count > 1 || outDir != nil {
      try validateSeveralInputs()
    } else if writeFiltered {
      throw ValidationError("--write-filtered names a file per input in --out-dir; give --out-dir DIR, or --filtered PATH")
    }
    if let jobs {
      try ThreadsOption.validate(jobs)
      if jobs > 1 && smooth && outDir == nil {
        throw ValidationError("--smooth writes each run when it ends, on one thread: not with --jobs \(jobs)")
      }
    }
    if follow, file == "-" {
      throw ValidationError("--follow needs a file: standard input is read live until it ends anyway")
    }
    if smooth {
      try Self.validateSmoothing()
      if follow {
        throw ValidationError("--smooth writes each run when it ends, and --follow never ends; drop one of them")
      }
    }
    if let filtered, filtered != "-", events != "-", OutputCollision.collide(filtered, events) {
      throw ValidationError(
        "--filtered \(filtered) and --events \(events) are one file, and each would overwrite the other: "
          + "choose different files (a device such as /dev/null may take both)")
    }
    if filtered == "-", events == "-" {
      throw ValidationError("--filtered - needs --events PATH: both cannot go to standard output")
    }
    try validateOutputs()
  }

  /// Opening an output truncates it: never let an output be the input.
  func validateOutputs() throws {
    for (option, output) in [("--events", events), ("--filtered", filtered ?? "-")] {
      if let refusal = OutputCollision.inputRefusal(option: option, output: output, input: file) {
        throw ValidationError(refusal)
      }
    }
  }

  /// The rules of several inputs (docs/FORMATS.md §4, "Several inputs").
  private func validateSeveralInputs() throws {
    guard outDir != nil else {
      throw ValidationError(
        "\(inputs.count) inputs write \(inputs.count) sets of outputs: give --out-dir DIR "
          + "(each input's events go to DIR/NAME.events.jsonl)")
    }
    if inputs.contains("-") { throw ValidationError("standard input (-) cannot be one of several inputs or use --out-dir") }
    if follow { throw ValidationError("--follow reads one file; not with --out-dir") }
    if events != "-" || filtered != nil {
      throw ValidationError("--out-dir names each input's outputs: not with --events or --filtered (--write-filtered writes the tracks)")
    }
  }

  /// Whether the input is read live (see the discussion): `--follow`, or
  /// standard input that is not a regular file. A regular file, even on
  /// standard input, takes the buffered fast path.
  private var readsLive: Bool {
    if follow { return true }
    guard file == "-" else { return false }
    var status = stat()
    return !(fstat(STDIN_FILENO, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG)
  }

  /// Opens the input, live or not; on failure, the message and the exit code.
  private func openReader(live: Bool, messages: MessageSink) throws -> RangingCSVReader {
    do {
      let mapping = try input.mapping()
      guard live else { return try RangingCSVReader(path: file, mapping: mapping) }
      StopSignal.install()
      let name = DatasetError.displayName(for: file)
      func dropping(_ bytes: Int) -> String {
        bytes > 0 ? " (an unfinished last line of \(bytes) bytes dropped)" : ""
      }
      let live = LiveInput(
        follows: follow, shouldStop: { StopSignal.received != nil },
        onTruncation: { dropped in
          messages.write("\(ReplayOutcome.prefix)\(name): file truncated; reading it again from line 1\(dropping(dropped))\n")
        },
        onReplacement: { dropped in
          messages.write("\(ReplayOutcome.prefix)\(name): file replaced (renamed or rotated); the old one was read to its end, "
            + "reading the new one from line 1\(dropping(dropped))\n")
        })
      return try RangingCSVReader(path: file, live: live, mapping: mapping)
    } catch let error as DatasetError {
      throw Self.exit(.readFailed(error), messages: messages)
    }
  }

  /// Writes `outcome`'s messages, and gives its status to exit with.
  private static func exit(_ outcome: ReplayOutcome, messages: MessageSink) -> ExitCode {
    messages.write(outcome.messages)
    return ExitCode(outcome.status)
  }

  func run() throws {
    try replay(messages: .standardError)
  }

  /// What `run()` does, with its messages for people written to `messages`:
  /// several inputs into ``outDir`` (``replayFiles(into:messages:)``), or one
  /// file (``validate()`` gives several inputs an `--out-dir`).
  /// A test runs the command in-process through it, with a buffered sink and
  /// no progress line.
  func replay(messages: MessageSink, showsProgress: Bool = true) throws {
    if let outDir {
      try replayFiles(into: outDir, messages: messages)
    } else {
      try replayFile(messages: messages, showsProgress: showsProgress)
    }
  }

  /// Replays ``file`` to ``events`` and ``filtered``, writing messages to `messages`.
  func replayFile(messages: MessageSink, showsProgress: Bool = true) throws {
    try engine.backend.dispatch(FileReplay(command: self, messages: messages, showsProgress: showsProgress))
  }

  /// ``replayFile(messages:showsProgress:)`` on the backend `--backend` names.
  private struct FileReplay: BackendUser {
    let command: Replay
    let messages: MessageSink
    let showsProgress: Bool

    func run<Backend: KalmanBackend>(_: Backend.Type) throws {
      try command.replay(with: Backend.self, messages: messages, showsProgress: showsProgress)
    }
  }

  /// The options turned into a ``ReplayJob`` and its sinks, on ``threads``
  /// (the shards only take the rejected rows from the observer), and the
  /// job's outcome into messages and an exit.
  private func replay<Backend: KalmanBackend>(with _: Backend.Type, messages: MessageSink, showsProgress: Bool) throws {
    let zoneList = try engine.zoneList()
    let live = readsLive
    let reader = try openReader(live: live, messages: messages)
    let eventsOutput: OutputFile
    let filteredOutput: OutputFile?
    do {
      eventsOutput = try OutputFile(creating: events)
      filteredOutput = try filtered.map { path throws(OutputError) in try OutputFile(creating: path) }
    } catch {
      throw Self.exit(.cannotCreate(error), messages: messages)
    }
    var replayer = Replayer(pipeline: engine.pipeline(Backend.self, zones: zoneList), zoneNames: zoneList.names)
    replayer.objectCalibrations = try engine.objectCalibrations()
    let eventsWriter = EventsWriter(output: eventsOutput, zoneNames: zoneList.names)
    let filteredWriter = filteredOutput.map(FilteredTrackWriter.init(output:))
    let outputs = ReplayOutputs(
      events: eventsWriter, rejections: RejectionListing(path: file, limit: listRejected, messages: messages, quiet: quiet),
      filtered: filteredWriter, smoothedFrom: smooth ? replayer : nil, flushesEachEvent: live)
    let progress = live
      ? nil : ProgressLine(unit: "lines", totalBytes: ProgressLine.regularFileSize(file), enabled: !quiet && showsProgress)
    // The mapping was checked by validate() before the replay.
    var job = ReplayJob(path: file, zones: zoneList, mapping: (try? input.mapping()) ?? .identity)
    job.threads = threads
    job.live = live
    job.writesSummary = !quiet
    if live { job.stopReason = { StopSignal.received.map(StopSignal.name) } }
    let sinks = ReplaySinks(
      events: eventsWriter, filtered: filteredWriter, observer: outputs,
      progress: progress.map { progress in { progress.update(count: $0, bytes: $1) } })
    let outcome = job.run(replayer, reading: reader, into: sinks)
    progress?.finish()
    messages.write(outcome.messages)
    if outcome.status != 0 { throw ExitCode(outcome.status) }
    if quiet { return }
    if let smoother = outputs.smoother {
      messages.write("smoothed: \(smoother.segmentsSmoothed) runs, \(outputs.offline?.eventCount ?? 0) offline events"
        + (smoother.segmentsLeftFiltered > 0 ? ", \(smoother.segmentsLeftFiltered) left as filtered (covariance not positive definite)" : "")
        + "\n")
    }
  }

  /// Refuses `--smooth` in a build without the GSL trait, as `calibrate` is refused (exit 64).
  static func validateSmoothing() throws {
    guard TrackSmoother.isAvailable else {
      throw ValidationError(
        "--smooth: the Rauch-Tung-Striebel pass runs on GSL, and this rangectl was built without the GSL trait "
          + "(swift build --disable-default-traits); build with the default traits to smooth")
    }
  }
}

/// Messages for people, on standard error.
enum Diagnostics {
  /// Writes `text` as ``shown(_:)`` shows it.
  static func write(_ text: String) {
    fputs(shown(text), stderr)
  }

  /// `text` with every control character but the line breaks shown as an
  /// escape (``Escaped``), whatever part of it came from the input: what
  /// ``write(_:)`` puts on standard error, and so what a test that runs a
  /// command in-process holds the command's kept messages to.
  static func shown(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { Escaped($0).description }.joined(separator: "\n")
  }
}
