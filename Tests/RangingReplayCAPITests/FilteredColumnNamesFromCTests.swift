// SPDX-License-Identifier: Apache-2.0
import Foundation
import RangingReplayCAPI
import Testing
import _RangingReplayCHeader

/// `ranging_filtered_column_name` (ranging_replay.h): the filtered track's
/// column names, from their one statement (`FilteredTrackWriter.columns`),
/// against docs/FORMATS.md §3's header line, the contract; and the lists that
/// restate them where the library cannot be called (the Spark job's Java
/// driver code) held to it.
@Suite("ranging_filtered_column_name: the filtered track's columns, stated once")
struct FilteredColumnNamesFromCTests {
  private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The library's names: column 0, 1, 2... until NULL.
  private static var libraryNames: [String] {
    var names: [String] = []
    while let name = ranging_filtered_column_name(Int32(names.count)) { names.append(String(cString: name)) }
    return names
  }

  /// The header line of docs/FORMATS.md §3, the one code line starting `t,object,distance,`.
  private static func contractHeader() throws -> [String] {
    let text = try String(contentsOf: root.appendingPathComponent("docs/FORMATS.md"), encoding: .utf8)
    let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("t,object,distance,sigma,") })
    return line.split(separator: ",").map(String.init)
  }

  @Test("The names, in order, are the contract's header, and NULL past the last and for a negative column")
  func namesAreTheContract() throws {
    let contract = try Self.contractHeader()
    #expect(contract.count == 10)
    #expect(Self.libraryNames == contract)
    #expect(ranging_filtered_column_name(-1) == nil)
    #expect(ranging_filtered_column_name(Int32.max) == nil)
    #expect(ranging_filtered_column_name(Int32.min) == nil)
  }

  /// The quoted names of the Java source text that follows `start` up to the first `)`.
  private static func javaNames(in path: String, after start: String) throws -> [String] {
    let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    let from = try #require(text.range(of: start), "\(start) in \(path)")
    let list = text[from.upperBound...].prefix { $0 != ")" }
    return list.split(separator: "\"", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
  }

  @Test("The Spark job's Java lists of the columns are the library's")
  func javaListsFollowTheLibrary() throws {
    let names = Self.libraryNames
    #expect(
      try Self.javaNames(
        in: "jvm/spark/src/main/java/rangingengine/spark/SparkReplay.java", after: "FILTERED_COLUMNS = List.of(")
        == names)
    #expect(
      try Self.javaNames(
        in: "jvm/spark/src/main/java/rangingengine/spark/SparkWriters.java", after: "filtered.select(") == names)
  }
}
