// SPDX-License-Identifier: Apache-2.0
/// Text from a file or a command line, made safe to print on a terminal.
///
/// Messages quote what they read (a field, an object name, a path). A control
/// character in it would reach the terminal raw: `\u{1B}[31m` turns the rest of
/// the output red, `\r` overwrites the message, and other sequences can retitle
/// the window or worse. Every C0 control (U+0000-U+001F), DEL and C1 control
/// (U+0080-U+009F) is shown instead as a visible escape: `\t`, `\n`, `\r`, and
/// `\x1b` style for the rest. Other text, including U+FFFD for invalid UTF-8,
/// is unchanged.
///
///     "\(Escaped("tag\u{1B}[31m"))"   // tag\x1b[31m
public struct Escaped: CustomStringConvertible, Sendable {
  /// The escaped text.
  public let description: String

  /// - Parameter text: any text.
  /// - Complexity: O(text.count); allocates only when something is escaped.
  public init<S: StringProtocol>(_ text: S) {
    guard text.unicodeScalars.contains(where: Self.needsEscape) else {
      description = String(text)
      return
    }
    var escaped = ""
    for scalar in text.unicodeScalars {
      guard Self.needsEscape(scalar) else {
        escaped.unicodeScalars.append(scalar)
        continue
      }
      switch scalar {
      case "\t": escaped += "\\t"
      case "\n": escaped += "\\n"
      case "\r": escaped += "\\r"
      default:
        let hex = String(scalar.value, radix: 16)  // at most 0x9f
        escaped += (hex.count == 1 ? "\\x0" : "\\x") + hex
      }
    }
    description = escaped
  }

  private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }
}
