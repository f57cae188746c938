// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import RangingOutputs
import RangingReplayOptions

/// The options of a replay reached from C (`ranging_replay_file`):
/// `rangectl replay`'s engine and input options, parsed and checked by the
/// same declarations (RangingReplayOptions), and whether to write the
/// filtered track, and `--jobs`, the threads of one replay. The options of
/// several files are not among them, so they are refused as unknown
/// (``UnknownOption``, as rangectl refuses a misspelt option). A command, so
/// that its options can be described for that check.
struct ReplayFileOptions: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "replay")

  @OptionGroup var input: InputOptions
  @OptionGroup var engine: EngineOptions

  @Flag(help: "Also write the filtered track (docs/FORMATS.md §3) and its states as records.")
  var writeFiltered = false

  @Flag(help: "Also give the filtered states as records, without the filtered track's text.")
  var stateRecords = false

  /// Where the events go as they are made, instead of into memory: memory
  /// then stays bounded however long the input (the Python package's `events_path`).
  @Option(help: ArgumentHelp("Write the zone events to this file (JSON Lines, as rangectl replay --events), not into memory.", valueName: "path"))
  var events: String?

  /// Where the filtered track goes as it is made, instead of into memory.
  @Option(help: ArgumentHelp("Write the filtered track to this file (CSV, as rangectl replay --filtered), not into memory.", valueName: "path"))
  var filtered: String?

  /// A table's columns (1-based places) whose values were durations, handed
  /// over as seconds (pandas' `timedelta64`, Spark's day-time intervals):
  /// ``ReplayToMemory`` refuses them unless the column is the one read as `t`, in seconds.
  @Option(
    name: .customLong("duration-column"),
    // -1 is a value (refused by ReplayToMemory, naming it), not a missing one.
    parsing: .unconditionalSingleValue,
    help: ArgumentHelp("A table's column (its 1-based place) that held durations, given as seconds.", valueName: "n"))
  var durationColumns: [Int] = []

  /// Threads that share the objects of the one input (`rangectl replay
  /// --jobs`, `ShardedReplay`): the same output, byte for byte, as 1.
  /// Default 1, not one per core: the caller knows what else runs beside it
  /// (a Spark executor's other tasks).
  @Option(
    // -1 is a value (refused by validate(), naming the option), not a missing one.
    parsing: .unconditional,
    help: ArgumentHelp(
      "Threads that share the objects (\(ThreadsOption.rangeText)), beside one that reads: the same output in the same "
        + "order as 1.",
      valueName: "n"))
  var jobs = 1

  func validate() throws {
    try ThreadsOption.validate(jobs)
    for (option, path) in [("--events", events), ("--filtered", filtered)] {
      guard let path else { continue }
      guard !path.isEmpty, path != "-" else {
        throw ValidationError("\(option) needs a file path: standard output is not an output of a replay reached from C")
      }
    }
    if filtered != nil, writeFiltered {
      throw ValidationError("--filtered writes the filtered track to a file and --write-filtered into memory; give one of them")
    }
    if let events, let filtered, OutputCollision.collide(events, filtered) {
      throw ValidationError(
        "--filtered \(filtered) and --events \(events) are one file, and each would overwrite the other: "
          + "choose different files (a device such as /dev/null may take both)")
    }
  }
}
