// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import RangingReplayOptions

/// The options of a read reached from C (`ranging_read_file`): `rangectl
/// replay`'s input options, parsed and checked by the same declarations,
/// whether to hand out the other columns' fields, and the rows as arrays or records; any other is refused
/// as unknown (``UnknownOption``).
struct ReadFileOptions: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "replay")

  @OptionGroup var input: InputOptions

  @Flag(help: "Also give the fields of the columns nothing reads, row by row.")
  var unusedFields = false

  @Flag(help: "Give the rows as one array per value instead of as records.")
  var arrays = false
}
