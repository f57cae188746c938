// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import RangingEngine

#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
@preconcurrency import Darwin
#endif

/// `rangectl`: replays, generates and evaluates ranging recordings.
///
/// Exit status, for every command (sysexits.h): 0 success, 64 bad options,
/// 65 bad input data, 66 an input that cannot be opened, 73 an output that
/// cannot be created, 74 a read or write that failed part way (output lost).
@main
struct RangeCtl: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "rangectl",
    abstract: "Filter Ultra-Wideband ranging recordings and report zone events.",
    discussion: """
      Exit status: 0 success, 64 bad options, 65 bad input data, 66 an input that cannot \
      be opened, 73 an output that cannot be created, 74 a read or write that failed \
      (standard output included: nothing reports success after losing output).

      Examples:
        rangectl replay datasets/walk-in-out/samples.csv
        rangectl replay datasets/many-objects/samples.csv --jobs 2 > events.jsonl
        rangectl info datasets/many-objects/samples.csv
        rangectl evaluate datasets/*/ --decimate 2
        rangectl calibrate datasets/many-objects/samples.csv --per-object
        rangectl generate --out scenarios --seed 7 --rate 5
        rangectl plot datasets/walk-in-out/samples.csv -o walk.svg
        rangectl help replay
      """,
    version: RangingEngineVersion.string.description,
    subcommands: [Replay.self, Info.self, Generate.self, Evaluate.self, Calibrate.self, Plot.self, Bench.self, Config.self])

  /// argument-parser's `main()`, between guarding the standard descriptors
  /// and checking that standard output really took what was printed.
  static func main() {
    // A closed pipe ends the run as it ends any Unix filter (docs/COMMAND-LINE.md),
    // whatever disposition the parent left: an ignored SIGPIPE is inherited.
    signal(SIGPIPE, SIG_DFL)
    StandardStreams.guardClosedDescriptors()
    UnknownCommandOption.refuseFirst(in: Array(CommandLine.arguments.dropFirst()))
    main(nil)
    StandardStreams.finishStandardOutput()
  }
}

/// The standard descriptors, made safe against being closed (`>&-`, `<&-`)
/// and checked at the end.
enum StandardStreams {
  /// Gives every closed descriptor among 0, 1 and 2 a stand-in opened the
  /// wrong way round (`/dev/null` write-only for standard input, read-only
  /// for standard output and error): reads and writes on it then fail with
  /// EBADF, as on the closed descriptor, and no file this process opens can
  /// take the number and receive text meant for standard output.
  static func guardClosedDescriptors() {
    for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
      let standIn = open("/dev/null", descriptor == 0 ? O_WRONLY : O_RDONLY)
      if standIn >= 0, standIn != descriptor {
        // Lower descriptors were open, so open() returns `descriptor` unless it failed.
        dup2(standIn, descriptor)
        close(standIn)
      }
    }
  }

  /// Flushes standard output and exits 74 with a message when any write to
  /// it failed (a full disk, a closed descriptor, a broken pipe's EPIPE), and
  /// 74 without one when a write to standard error failed.
  static func finishStandardOutput() {
    let flushFailed = fflush(stdout) != 0
    let code = errno
    if flushFailed || ferror(stdout) != 0 {
      let reason = flushFailed ? String(cString: strerror(code)) : "a write failed"
      fputs("rangectl: cannot write <stdout>: \(reason)\n", stderr)
      exit(74)  // EX_IOERR
    }
    // Messages and summaries are output too: when standard error lost some
    // (`2>/dev/full`), the run did not succeed, though it cannot say why.
    if fflush(stderr) != 0 || ferror(stderr) != 0 { exit(74) }
  }
}
