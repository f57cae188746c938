// SPDX-License-Identifier: Apache-2.0
/// The ranging CSV's rules for a line: which lines hold no row (comments and
/// blank lines), and splitting a line into trimmed fields; every reader of
/// the format asks them here.
///
/// The format has no quoting (docs/FORMATS.md §1: `object` holds no commas), so a
/// field is exactly the text between commas; `"` is an ordinary character.
/// Each field is trimmed of ASCII spaces and tabs at both ends, so `" 1.5 "`
/// reads as `1.5` and a field of only spaces is empty, that is, absent.
package enum CSVFields {
  /// The trimmed fields of `line`, in order; `n` commas give `n + 1` fields.
  /// Also the split of `rangectl evaluate`'s filtered-track reader.
  ///
  /// - Complexity: O(line length). Allocates the result array.
  package static func split(_ line: String) -> [Substring] {
    untrimmedFields(line).map(trimmed)
  }

  /// The fields of `line` as they stand, untrimmed: the text between commas.
  ///
  /// Split at each comma byte of the UTF-8 text, not at each `Character`
  /// that is a comma: a comma followed by a combining mark (`,\u{301}`) is one
  /// `Character` that is not a comma, so a split by characters kept the two
  /// fields around it as one, accepting a row of one field too many when
  /// the extra comma fell in a column nothing reads (and skipping grapheme
  /// breaking makes this path several times faster).
  static func untrimmedFields(_ line: String) -> [Substring] {
    untrimmedFields(line.utf8).map { Substring($0) }
  }

  /// The untrimmed fields of a line as its bytes, for a caller that holds the
  /// line undecoded and reads only some of its fields.
  static func untrimmedFields<Line: Collection<UInt8>>(_ line: Line) -> [Line.SubSequence] {
    line.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
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

  /// True for a line that holds no row and is skipped: a comment (its first
  /// byte is `#`), or a blank line (nothing but spaces and tabs, or nothing).
  ///
  /// Asked of every line the reader reads, so the usual data line is
  /// answered from its first byte; a caller outside the module gets the
  /// same code through `@inlinable`.
  @inlinable
  package static func isCommentOrBlank<Line: Collection<UInt8>>(_ line: Line) -> Bool {
    guard let first = line.first else { return true }
    if isComment(line) { return true }
    if !isBlank(first) { return false }
    return line.allSatisfy(isBlank)
  }

  /// Whether `byte` ends a line: a line feed, or a carriage return (alone
  /// or before a line feed), as ``LineSource`` splits a file.
  @inlinable @inline(__always)
  package static func isLineBreak(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
  }

  /// True for a comment line: its first byte is `#`. Also the test of a line
  /// too long to hold, of which only the start is looked at (``LineSource``).
  @inlinable @inline(__always)
  package static func isComment<Line: Collection<UInt8>>(_ line: Line) -> Bool {
    line.first == UInt8(ascii: "#")
  }

  /// Whether `byte` is one that trimming removes and that a blank line is
  /// made of: an ASCII space or tab.
  @inlinable @inline(__always)
  package static func isBlank(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
  }
}
