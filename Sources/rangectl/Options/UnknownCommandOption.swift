// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import RangingReplayOptions

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An option that the command named on rangectl's command line does not
/// have (``UnknownOption``), with that command, so that rangectl refuses it
/// with the command's usage.
struct UnknownCommandOption {
  let option: UnknownOption
  /// The command that does not have it.
  let command: ParsableCommand.Type
  /// Its name as typed after `rangectl` (`config decode`; empty for `rangectl` itself).
  let commandPath: [String]

  /// Exits 64 with argument-parser's usage error when ``first(in:)`` finds an
  /// option the command does not have; returns otherwise.
  static func refuseFirst(in arguments: [String]) {
    guard let unknown = first(in: arguments) else { return }
    let name = (["rangectl"] + unknown.commandPath).joined(separator: " ")
    // Through Diagnostics, which shows control characters in the option as escapes.
    Diagnostics.write("""
      Error: \(unknown.option.message)
      Usage: \(RangeCtl.usageString(for: unknown.command))
        See '\(name) --help' for more information.

      """)
    exit(ExitCode.validationFailure.rawValue)
  }

  /// The first option in `arguments` (after the program's name) that the
  /// command they name does not have; nil when there is none, or for
  /// `rangectl help`, whose arguments are command names.
  static func first(in arguments: [String]) -> UnknownCommandOption? {
    var command: ParsableCommand.Type = RangeCtl.self
    var rest = arguments[...]
    var path: [String] = []
    // The command path: `replay`, `config decode`.
    while let word = rest.first,
      let sub = command.configuration.subcommands.first(where: { $0._commandName == word })
    {
      command = sub
      path.append(word)
      rest = rest.dropFirst()
    }
    guard command._commandName != "help", let option = UnknownOption.first(in: rest, of: command) else { return nil }
    return UnknownCommandOption(option: option, command: command, commandPath: path)
  }
}
