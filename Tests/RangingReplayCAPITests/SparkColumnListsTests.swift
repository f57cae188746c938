// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing
import _RangingReplayCHeader

/// The Spark job's Java lists of its DataFrames' columns (SparkReplay.java),
/// which the driver cannot take from the library, held to what they restate:
/// the events' fields of docs/FORMATS.md §2, the rejected rows' fields of §6
/// and the summary's counts of `ranging_replay_result_t` (ranging_replay.h).
/// The filtered track's list is held by `FilteredColumnNamesFromCTests`; the
/// Python route's DataFrames are held to the JVM route's, names and types, by
/// python/tests/test_spark_jvm.py.
@Suite("The Spark job's column lists against the formats they restate")
struct SparkColumnListsTests {
  private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  private static let sparkReplay = "jvm/spark/src/main/java/rangingengine/spark/SparkReplay.java"

  /// The quoted names of SparkReplay.java's `NAME = List.of(...)`.
  private static func javaList(_ name: String) throws -> [String] {
    let text = try String(contentsOf: root.appendingPathComponent(sparkReplay), encoding: .utf8)
    let start = "\(name) = List.of("
    let from = try #require(text.range(of: start), "\(start) in \(sparkReplay)")
    let list = text[from.upperBound...].prefix { $0 != ")" }
    return list.split(separator: "\"", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }
      .map { String($0.element) }
  }

  /// The field names of the table of docs/FORMATS.md's section `heading`: each row's first cell, in backquotes.
  private static func documentedFields(section heading: String) throws -> [String] {
    let text = try String(contentsOf: root.appendingPathComponent("docs/FORMATS.md"), encoding: .utf8)
    let from = try #require(text.range(of: "\n## \(heading)"), "## \(heading) in docs/FORMATS.md")
    let section = text[from.upperBound...].prefix { $0 != "#" }
    return section.split(separator: "\n").compactMap { line -> String? in
      guard line.hasPrefix("| `") else { return nil }
      return line.dropFirst(3).prefix { $0 != "`" }.description
    }
  }

  @Test("EVENT_COLUMNS are §2's fields, in order, but `offline` (rangectl replay --smooth's alone)")
  func eventColumns() throws {
    let fields = try Self.documentedFields(section: "§2 Zone events")
    #expect(fields.last == "offline")
    #expect(try Self.javaList("EVENT_COLUMNS") == fields.dropLast())
  }

  @Test("REJECTED_COLUMNS are §6's fields, in order, the line given as the table's row")
  func rejectedColumns() throws {
    let fields = try Self.documentedFields(section: "§6 Rejected rows")
    #expect(fields.first == "line")
    #expect(try Self.javaList("REJECTED_COLUMNS") == ["row"] + fields.dropFirst())
  }

  @Test("SUMMARY_COLUMNS are ranging_replay_result_t's counts, in order, with rows_accepted after rows_read")
  func summaryColumns() throws {
    // The C structure's fields as the header declares them: the counts are the last, from rows_read on.
    let fields = Mirror(reflecting: ranging_replay_result_t()).children.compactMap(\.label)
    let counts = Array(fields.drop { $0 != "rows_read" })
    #expect(counts.count == 9)
    #expect(try Self.javaList("SUMMARY_COLUMNS") == ["rows_read", "rows_accepted"] + counts.dropFirst())
  }
}
