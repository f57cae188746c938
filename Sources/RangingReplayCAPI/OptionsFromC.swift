// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import RangingReplayOptions

/// The options of a call from C, as strings, parsed by a command's
/// declarations (``ReplayFileOptions``, ``ReadFileOptions``) as rangectl
/// parses its own: an unknown option first (argument-parser would take it
/// for a value), then every value's check.
enum OptionsFromC {
  /// The parsed command, or the message rangectl would print first ("Error: ...", with its newline).
  static func parse<Command: ParsableCommand>(_ arguments: [String], as _: Command.Type) -> Result<Command, Refusal> {
    if let unknown = UnknownOption.first(in: arguments[...], of: Command.self) {
      return .failure(Refusal(message: "Error: \(unknown.message)\n"))
    }
    do {
      return .success(try Command.parse(arguments))
    } catch {
      // The first line of rangectl's message (its usage lines follow it there).
      return .failure(Refusal(message: "Error: " + Command.message(for: error) + "\n"))
    }
  }

  /// Options refused: status 64 (EX_USAGE) with `message`.
  struct Refusal: Error {
    let message: String
  }

  /// The C array of `count` options as strings, or nil when a pointer is NULL
  /// (or the count is negative: a `size_t` of 2^63 or more).
  static func strings(_ options: UnsafePointer<UnsafePointer<CChar>?>?, _ count: Int) -> Result<[String], Refusal> {
    guard count >= 0, count == 0 || options != nil else {
      return .failure(Refusal(message: "\(UInt(bitPattern: count)) options at a NULL pointer"))
    }
    var arguments: [String] = []
    for index in 0..<count {
      guard let option = options?[index] else { return .failure(Refusal(message: "option \(index) is NULL")) }
      arguments.append(String(cString: option))
    }
    return .success(arguments)
  }
}
