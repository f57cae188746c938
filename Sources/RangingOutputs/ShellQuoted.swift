// SPDX-License-Identifier: Apache-2.0
/// A word written so that a POSIX shell reads it back as it is.
///
/// `rangectl calibrate` prints flags to paste into the next command, and
/// they carry object names from the recording: a name with a space split
/// into two words, and one with `$(id)` ran a command. A word made only of
/// characters no POSIX shell treats specially (ASCII letters and digits and
/// `-_./,:=+@%`) is left as it is, so ordinary flags read as before; any
/// other word, and the empty word, is put in single quotes, inside which
/// sh takes every byte literally (POSIX.1-2017, XCU 2.2.2), a newline and
/// non-ASCII text included. A single quote cannot appear inside them, so
/// each one closes the quotes, adds an escaped quote and opens them again:
/// `it's` becomes `'it'\''s'`.
///
///     "\(ShellQuoted("tag one"))"   // 'tag one'
public struct ShellQuoted: CustomStringConvertible, Sendable {
  /// The word as sh source.
  public let description: String

  /// - Parameter word: any text.
  /// - Complexity: O(word.count).
  public init<S: StringProtocol>(_ word: S) {
    guard word.isEmpty || !word.unicodeScalars.allSatisfy(Self.isPlain) else {
      description = String(word)
      return
    }
    var quoted = "'"
    for scalar in word.unicodeScalars {
      if scalar == "'" { quoted += "'\\''" } else { quoted.unicodeScalars.append(scalar) }
    }
    description = quoted + "'"
  }

  /// `words` as one sh command line: each quoted as needed, joined by spaces.
  public static func commandLine<Words: Sequence>(_ words: Words) -> String where Words.Element: StringProtocol {
    words.map { ShellQuoted($0).description }.joined(separator: " ")
  }

  /// A character that no POSIX shell splits, expands or reads as an operator,
  /// wherever it stands in an argument (`~` and `#` do at a word's start).
  private static func isPlain(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "a"..."z", "A"..."Z", "0"..."9", "-", "_", ".", "/", ",", ":", "=", "+", "@", "%": true
    default: false
    }
  }
}
