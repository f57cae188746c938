// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import RangingReplayOptions

/// The options of a read reached from C (`ranging_read_file`): `rangectl
/// replay`'s input options alone, parsed and checked by the same
/// declarations; any other is refused as unknown (``UnknownOption``).
struct ReadFileOptions: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "replay")

  @OptionGroup var input: InputOptions
}
