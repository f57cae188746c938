// SPDX-License-Identifier: Apache-2.0
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
@preconcurrency import Darwin
#endif

/// The parse limit of a recording: each line read with `getline` and its
/// `t` and `distance` fields parsed with `strtod`, nothing else, as the
/// smallest C program that reads a recording does (issue 38). A replay's
/// rate is judged against it: `rangectl bench` prints the replay as a share
/// of it, and `Benchmarks/` measures it beside the reader and the replay.
///
/// Comments, empty lines and the first other line (the header) are skipped;
/// every later line counts as a row, whatever it holds.
public enum ParseLimit {
  /// What one pass read: the rows, and the sum of the values parsed, which
  /// the caller reads so that the parsing cannot be optimised away.
  public struct Pass: Sendable {
    public var rows: Int
    public var sum: Double
  }

  /// Reads `path` once, parsing the 0-based fields `timeField` and
  /// `distanceField` of each row (-1: none).
  ///
  /// - Returns: nil when the file cannot be opened (`errno` says why).
  public static func pass(path: String, timeField: Int, distanceField: Int) -> Pass? {
    guard let file = fopen(path, "r") else { return nil }
    defer { fclose(file) }
    var line: UnsafeMutablePointer<CChar>? = nil
    var capacity = 0
    defer { free(line) }
    let lastField = max(timeField, distanceField)
    var headerSkipped = false
    var pass = Pass(rows: 0, sum: 0)
    while true {
      let length = getline(&line, &capacity, file)
      guard length > 0, let text = line else { break }
      // Its own test of the first byte, not `CSVFields`: the yardstick is the
      // smallest C program's work, so it keeps C's terms, and a line of
      // spaces counts as a row here.
      let first = UInt8(bitPattern: text[0])
      if first == UInt8(ascii: "#") || first == UInt8(ascii: "\n") || first == UInt8(ascii: "\r") { continue }
      if !headerSkipped {
        headerSkipped = true
        continue
      }
      var field = 0
      var cursor = text
      let end = text + length
      while field <= lastField && cursor < end {
        if field == timeField || field == distanceField { pass.sum += strtod(cursor, nil) }
        guard let comma = memchr(cursor, Int32(UInt8(ascii: ",")), end - cursor) else { break }
        cursor = comma.assumingMemoryBound(to: CChar.self) + 1
        field += 1
      }
      pass.rows += 1
    }
    return pass
  }
}
