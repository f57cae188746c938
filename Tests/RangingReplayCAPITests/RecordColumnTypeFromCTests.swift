// SPDX-License-Identifier: Apache-2.0
import Foundation
import RangingReplayCAPI
import Testing
import _RangingReplayCHeader

/// `ranging_record_column_type` (ranging_replay.h): the type of each column
/// of the Spark routes' records, whose schemas (SparkReplay.OUTPUT in Java,
/// `rangingengine.spark._OUTPUT` in Python) are built from it. Held to what
/// the formats say of each field: docs/FORMATS.md §6's `type` column for a
/// rejected row, and for an event (§2) and a filtered row (§3) the fields
/// that are names or spellings, every other one a number.
@Suite("ranging_record_column_type: the Spark records' column types, stated once")
struct RecordColumnTypeFromCTests {
  private static func type(_ record: String?, _ column: String?) -> Int32 {
    switch (record, column) {
    case let (record?, column?): ranging_record_column_type(record, column)
    case let (record?, nil): ranging_record_column_type(record, nil)
    case let (nil, column?): ranging_record_column_type(nil, column)
    case (nil, nil): ranging_record_column_type(nil, nil)
    }
  }

  private static let numbers = Int32(RANGING_RECORD_NUMBERS)
  private static let integers = Int32(RANGING_RECORD_INTEGERS)
  private static let texts = Int32(RANGING_RECORD_TEXTS)

  @Test("An event's names and spellings are texts, its time and distances numbers")
  func events() {
    let expected: [String: Int32] = [
      "t": Self.numbers, "object": Self.texts, "zone": Self.texts, "event": Self.texts, "distance": Self.numbers,
      "sigma": Self.numbers, "reason": Self.texts,
    ]
    for (column, type) in expected { #expect(Self.type("event", column) == type, "event.\(column)") }
  }

  @Test("A filtered row's object and direction state are texts, the rest numbers")
  func filtered() {
    let expected: [String: Int32] = [
      "t": Self.numbers, "object": Self.texts, "distance": Self.numbers, "sigma": Self.numbers, "dir_x": Self.numbers,
      "dir_y": Self.numbers, "dir_z": Self.numbers, "direction_state": Self.texts, "dir_sigma_deg": Self.numbers,
      "nlos": Self.numbers,
    ]
    for (column, type) in expected { #expect(Self.type("filtered", column) == type, "filtered.\(column)") }
  }

  @Test("A rejected row's fields have docs/FORMATS.md §6's types, its line given as the table's row")
  func rejected() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let text = try String(contentsOf: root.appendingPathComponent("docs/FORMATS.md"), encoding: .utf8)
    let from = try #require(text.range(of: "\n## §6 Rejected rows"))
    // The table's rows: | `field` | type | meaning |.
    let rows = text[from.upperBound...].prefix { $0 != "#" }.split(separator: "\n").filter { $0.hasPrefix("| `") }
    let documented = rows.map { row -> (field: String, type: String) in
      let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      return (cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`")), cells[1])
    }
    #expect(documented.map(\.field) == ["line", "column", "field", "reason", "text"])
    for (field, type) in documented {
      let column = field == "line" ? "row" : field
      #expect(Self.type("rejected", column) == (type.hasPrefix("integer") ? Self.integers : Self.texts), "\(field)")
    }
  }

  @Test("A summary's columns are its counts")
  func summary() {
    for column in ["rows_read", "rows_accepted", "rows_rejected", "objects", "evictions", "exit_events"] {
      #expect(Self.type("summary", column) == Self.integers, "summary.\(column)")
    }
  }

  @Test("Another kind of record, or a NULL, is -1")
  func unknown() {
    #expect(Self.type("events", "t") == -1)
    #expect(Self.type("", "t") == -1)
    #expect(Self.type(nil, "t") == -1)
    #expect(Self.type("event", nil) == -1)
    #expect(Self.type(nil, nil) == -1)
  }
}
