// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import Testing

@testable import RangingFormats

/// docs/FORMATS.md §1: the format has no quoting, so a field is exactly the
/// text between commas, whatever the characters around a comma are.
@Suite("CSVFields")
struct CSVFieldsTests {
  /// Pieces of lines: commas, the blanks a field is trimmed of, and the
  /// characters that join a comma into one `Character` that is not a comma
  /// (combining marks, a zero-width joiner, a variation selector) or are
  /// several bytes long.
  static let pieces = [
    ",", ",", " ", "\t", "a", "1.5", "\u{301}", "\u{20DD}", "\u{200D}", "\u{FE0F}", "é", "e\u{301}", "👩‍💻", "\u{FEFF}",
    "\"", "x y",
  ]

  /// The fields as §1 defines them, computed on the line's bytes: the bytes
  /// between commas, without the spaces and tabs at their ends.
  static func bytesBetweenCommas(_ line: String) -> [[UInt8]] {
    Array(line.utf8).split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false).map { field in
      let blank: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
      guard let first = field.firstIndex(where: { !blank($0) }), let last = field.lastIndex(where: { !blank($0) })
      else { return [] }
      return Array(field[first...last])
    }
  }

  @Test("A comma followed by a combining mark ends its field as any comma does")
  func combiningMarkAfterAComma() {
    #expect(CSVFields.split("x,\u{301}y").map(String.init) == ["x", "\u{301}y"])
    #expect(CSVFields.split("0.1,a,2.0,x,\u{200D}y").count == 5)
  }

  @Test("Seeded lines of hostile pieces split into the trimmed bytes between their commas", arguments: 0..<200)
  func hostileLines(seed: UInt64) {
    var generator = SplitMix64(state: seed)
    let count = Int(generator.next() % 40)
    let line = (0..<count).map { _ in Self.pieces[Int(generator.next() % UInt64(Self.pieces.count))] }.joined()
    let fields = CSVFields.split(line)
    #expect(fields.map { Array($0.utf8) } == Self.bytesBetweenCommas(line), "line \(Array(line.utf8))")
  }

  @Test("A row of one field too many is rejected when its extra comma comes before a combining mark")
  func readerRejectsTheExtraField() throws {
    // Line 2 has five fields for a header of four; line 3's distance is a combining mark and digits.
    let (_, records) = try CSVFixture.read(
      "t,object,distance,note\n0.1,a,2.0,x,\u{301}y\n0.2,a,\u{301}1.5,n\n0.3,a,2.5,x\u{301}y\n")
    #expect(records.count == 3)
    #expect(records[0].rejection?.reason == "wrong_field_count")
    #expect(records[1].rejection?.reason == "malformed_number")
    #expect(records[1].rejection?.field == "distance")
    #expect(records[1].rejection?.column == 3)
    #expect(records[2].measurementFields?.line == 4)
  }
}
