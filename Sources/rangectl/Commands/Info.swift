// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import RangingFormats
import RangingReplayOptions

/// `rangectl info FILE`: what a recording holds (``RecordingInventory``).
struct Info: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "List a ranging CSV's columns, rows, time span and objects, with their rates and truth.",
    discussion: """
      Reads FILE once, without running the engine, and prints its columns (and those no reader \
      uses), which of them hold ground truth, its rows by kind (rows read = measurements + \
      life-cycle + poses + rejected, rejected by reason), its time span, and a table with one \
      line per object: measurement rows, how many carry a distance, a direction, true_distance \
      and a true position (true_x, true_y, true_z), life-cycle rows, first and last t, and the \
      mean update rate ((rows - 1) / span). The first rejected row is named on standard error \
      (file:line:column). Exit status: 0 when FILE was read, 65 when it is not a ranging CSV, \
      66 when it cannot be opened, 74 when reading fails.

      Examples:
        rangectl info datasets/walk-in-out/samples.csv
        rangectl info ../shared/datasets/lias-trolley-fast.csv
        rangectl info Tests/Fixtures/Import/android-export.csv --preset android
      """)

  @Argument(help: "Ranging CSV file, or - for standard input.")
  var file: String

  @OptionGroup(title: "Input columns and units")
  var input: InputOptions

  func run() throws {
    try info(streams: .standard)
  }

  /// What `run()` does, with its report and messages written to `streams`; a
  /// failure is noted there and thrown as its `ExitCode`.
  func info(streams: CommandStreams) throws {
    let mapping = try input.mapping()
    let inventory: RecordingInventory
    do {
      inventory = try RecordingInventory(path: file, mapping: mapping)
    } catch {
      streams.note("rangectl info: \(error)\n")
      throw ExitCode(error.exitCode)
    }
    let name = file == "-" ? "<stdin>" : file
    if let first = inventory.firstRejection {
      streams.note("rangectl info: \(inventory.rejectedRows) rows rejected; first: \(first.message(path: name))\n")
    }
    // The report ends with its own newline.
    streams.print(String(inventory.report(path: name).dropLast()))
  }
}
