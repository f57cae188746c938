// SPDX-License-Identifier: Apache-2.0
/// Splitting a ranging-CSV line into fields.
///
/// The format has no quoting (docs/FORMATS.md §1: `object` holds no commas), so a
/// field is exactly the text between commas; `"` is an ordinary character.
/// Each field is trimmed of ASCII spaces and tabs at both ends, so `" 1.5 "`
/// reads as `1.5` and a field of only spaces is empty, that is, absent.
package enum CSVFields {
  /// The trimmed fields of `line`, in order; `n` commas give `n + 1` fields.
  ///
  /// - Complexity: O(line length). Allocates the result array.
  static func split(_ line: String) -> [Substring] {
    untrimmedFields(line).map(trimmed)
  }

  /// The fields of `line` as they stand, untrimmed: the text between commas.
  ///
  /// Split at each comma byte of the UTF-8 text, not at each `Character`
  /// that is a comma: a comma followed by a combining mark (`,\u{301}`) is one
  /// `Character` that is not a comma, so a split by characters kept the two
  /// fields around it as one, accepting a row of one field too many when
  /// the extra comma fell in a column nothing reads (and skipping grapheme
  /// breaking makes this path several times faster). Also the split of
  /// `rangectl evaluate`'s filtered-track reader.
  package static func untrimmedFields(_ line: String) -> [Substring] {
    line.utf8.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false).map { Substring($0) }
  }

  /// `field` without leading and trailing ASCII spaces and tabs.
  static func trimmed(_ field: Substring) -> Substring {
    let utf8 = field.utf8
    guard let first = utf8.firstIndex(where: { !isBlank($0) }) else {
      return field[field.endIndex...]
    }
    let last = utf8.lastIndex(where: { !isBlank($0) })!  // the first non-blank byte is one
    return field[first...last]
  }

  /// True for a line with nothing but spaces and tabs: such lines are skipped.
  static func isBlank(_ line: String) -> Bool {
    line.utf8.allSatisfy(isBlank)
  }

  /// Whether `byte` ends a line: a line feed, or a carriage return (alone
  /// or before a line feed), as ``LineSource`` splits a file.
  @inline(__always)
  static func isLineBreak(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
  }

  /// True for a comment line: its first character is `#`.
  static func isComment(_ line: String) -> Bool {
    line.utf8.first == UInt8(ascii: "#")
  }

  private static func isBlank(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
  }
}
