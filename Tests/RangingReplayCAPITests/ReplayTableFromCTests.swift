// SPDX-License-Identifier: Apache-2.0
import Foundation
import RangingReplayCAPI
import Testing
import _RangingReplayCHeader

/// `ranging_replay_table` (ranging_replay.h, issue 35 item 1) replays a
/// table as `ranging_replay_file` replays the CSV the table would be written
/// as: the reference is that CSV, written by the test (`OwnedTable.csv`)
/// and replayed from its file, whose outputs ReplayFromCMatchesRangectlTests hold to
/// rangectl's. Every output is compared byte for byte: events, filtered
/// track, rejected rows, messages, counts.
@Suite("ranging_replay_table: a table replays as its CSV")
struct ReplayTableFromCTests {
  /// The table's replay and its CSV's, with the same options: the same bytes.
  static func expectSameAsItsCSV(
    _ table: OwnedTable, _ options: [String], sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = try scratch.write("table.csv", table.csv)
    let fromFile = ReplayFromC(path: path, options + ["--write-filtered"])
    let fromTable = table.replay(name: path, options + ["--write-filtered"])
    #expect(fromTable.status == fromFile.status, "\(options)", sourceLocation: sourceLocation)
    #expect(fromTable.messages == fromFile.messages, sourceLocation: sourceLocation)
    #expect(fromTable.events == fromFile.events, sourceLocation: sourceLocation)
    #expect(fromTable.filtered == fromFile.filtered, sourceLocation: sourceLocation)
    #expect(fromTable.rejected == fromFile.rejected, sourceLocation: sourceLocation)
    #expect(fromTable.counts == fromFile.counts, sourceLocation: sourceLocation)
    #expect(fromTable.objectNames == fromFile.objectNames, sourceLocation: sourceLocation)
    #expect(fromTable.stateRecords.count == fromFile.stateRecords.count, sourceLocation: sourceLocation)
    if fromTable.status == 0 {
      #expect(fromTable.counts[0] == fromTable.counts[1] + fromTable.counts[2] + fromTable.counts[3] + fromTable.counts[4])
    }
  }

  static var recordings: [String] {
    let root = PackagePaths.root.path
    let datasets = ((try? FileManager.default.contentsOfDirectory(atPath: "\(root)/datasets")) ?? []).sorted()
      .filter { FileManager.default.fileExists(atPath: "\(root)/datasets/\($0)/samples.csv") }
    return datasets.map { "datasets/\($0)/samples.csv" }
  }

  @Test("Every real recording of ../shared/datasets, as numbers and as texts",
        .enabled(if: PackagePaths.hasRealRecordings, PackagePaths.noRealRecordings),
        arguments: PackagePaths.realRecordingFiles)
  func realRecording(_ name: String) throws {
    try recording("\(PackagePaths.realRecordingsFromRoot)/\(name)")
  }

  @Test("Every bundled recording, as numbers and as texts", arguments: recordings)
  func recording(_ path: String) throws {
    let csv = try String(contentsOf: PackagePaths.root.appendingPathComponent(path), encoding: .utf8)
    try Self.expectSameAsItsCSV(OwnedTable(csv: csv, numbers: true), [])
    try Self.expectSameAsItsCSV(OwnedTable(csv: csv, numbers: false), ["--capacity", "2"])
  }

  @Test("Under a preset and units: the names are the layout's own")
  func mappedLayout() throws {
    let table = OwnedTable(
      names: ["timestamp_ms", "peer", "range_cm", "status", "azimuth_deg"],
      columns: [
        .numbers([0, 200, 400, 600, 800, 1000]), .texts(["a", "a", "b", "a", "a", nil]),
        .numbers([150, 140, -3, nil, 90, 80]), .texts(["SUCCESS", "SUCCESS", "SUCCESS", "FAIL", nil, "SUCCESS"]),
        .numbers([10, 200, 0, 0, 0, .nan]),
      ], rowCount: 6)
    try Self.expectSameAsItsCSV(
      table,
      ["--column", "t=timestamp_ms", "--column", "object=peer", "--column", "distance=range_cm", "--column",
       "azimuth=azimuth_deg", "--time-unit", "ms", "--distance-unit", "cm", "--angle-unit", "deg"])
  }

  @Test("An object name with a comma: rejected as its CSV line is (wrong_field_count), never written")
  func objectNameWithAComma() throws {
    // docs/FORMATS.md §1: a name holds no comma, and the filtered track does not quote one.
    let table = OwnedTable(
      names: ["t", "object", "distance", "note"],
      columns: [
        .numbers([0.1, 0.2, 0.3, 0.4, 0.5]), .texts(["a,b", "c", " d,e ", "c", ","]),
        .numbers([1.5, 2.5, 1.0, 2.0, 3.0]), .texts(["x", "y,z", "w", nil, "v"]),
      ], rowCount: 5)
    let replayed = table.replay(name: "table", ["--write-filtered"])
    #expect(replayed.status == 0)
    let rejected = String(decoding: replayed.rejected, as: UTF8.self)
    #expect(rejected.components(separatedBy: "wrong_field_count").count - 1 == 3, "\(rejected)")
    #expect(!String(decoding: replayed.filtered, as: UTF8.self).contains("a,b"))
    #expect(replayed.objectNames == ["c"])
    // Each such row as its CSV reads it; with `note` as the object, its comma is the name's.
    let names = OwnedTable(
      names: ["t", "object", "distance", "note"],
      columns: [
        .numbers([0.1, 0.2, 0.3]), .texts(["a,b", "c", "d"]), .numbers([1.5, 2.5, 1.0]), .texts(["x", "y", "z"]),
      ], rowCount: 3)
    try Self.expectSameAsItsCSV(names, [])
  }

  @Test("An object name with a line break: rejected as one with a comma, never a second name")
  func objectNameWithALineBreak() throws {
    // The results list names one a line: "a\nb" was named "a", and the next object "b".
    let table = OwnedTable(
      names: ["t", "object", "distance"],
      columns: [
        .numbers([0.1, 0.2, 0.3, 0.4, 0.5]), .texts(["a\nb", "c", "d\r", "c", "\n"]), .numbers([1.5, 2.5, 1.0, 2.0, 3.0]),
      ], rowCount: 5)
    let replayed = table.replay(name: "table", ["--write-filtered"])
    #expect(replayed.status == 0)
    let rejected = String(decoding: replayed.rejected, as: UTF8.self)
    #expect(rejected.components(separatedBy: "wrong_field_count").count - 1 == 3, "\(rejected)")
    #expect(replayed.objectNames == ["c"])
    #expect(replayed.counts[0] == 5 && replayed.counts[1] == 2 && replayed.counts[4] == 3)
    // A column name with one: refused, as no header holds one.
    for name in ["note\n", "t\r", "\nobject"] {
      let named = OwnedTable(
        names: ["t", "object", "distance", name],
        columns: [.numbers([0.1]), .texts(["a"]), .numbers([1.5]), .texts(["x"])], rowCount: 1)
      let refused = named.replay(name: "table", [])
      #expect(refused.status == 65 && refused.events.isEmpty)
      #expect(refused.messages.hasPrefix("rangectl replay: table:1: not a ranging CSV: column name '"), "\(refused.messages)")
      #expect(!refused.messages.dropLast().contains("\n") && !refused.messages.contains("\r"), "escaped")
    }
  }

  /// Seeded names of hostile bytes (commas, line breaks, blanks, quotes,
  /// NUL, `#`, non-ASCII): every name the result lists is one row's name
  /// trimmed, free of a comma or a line break; every row whose name holds
  /// one is rejected for it; every filtered row has the header's ten fields;
  /// rows read = accepted + rejected.
  @Test("Hostile object names: each listed name is a row's, each refused one rejected", arguments: 0..<30)
  func hostileObjectNames(_ seed: Int) throws {
    var draws = SeededDraws(seed: UInt64(seed) &* 0x2545_F491 &+ 0xC0FFEE)
    let pieces = ["a", "b", "tag-1", ",", "\n", "\r", "\r\n", "\t", " ", "\"", "\u{0}", "#", "é", "\u{85}", "\u{2028}"]
    let rowCount = draws.next(40) + 1
    let names = (0..<rowCount).map { _ in draws.text(of: pieces, upTo: 4) }
    let table = OwnedTable(
      names: ["t", "object", "distance"],
      columns: [
        .numbers((0..<rowCount).map { Double($0) * 0.1 }), .texts(names),
        .numbers((0..<rowCount).map { _ in [1.0, 1.4, 2.0, 3.5][draws.next(4)] }),
      ], rowCount: rowCount)
    let replayed = table.replay(name: "table", ["--write-filtered"])
    #expect(replayed.status == 0, "\(replayed.messages)")
    func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
    let trimmed = names.map { name -> String in
      let bytes = Array(name.utf8)
      guard let first = bytes.firstIndex(where: { !isBlank($0) }) else { return "" }
      let last = bytes.lastIndex(where: { !isBlank($0) })!
      return String(decoding: bytes[first...last], as: UTF8.self)
    }
    // docs/FORMATS.md §1 allows a name no comma; a CSV line ends at LF or CR.
    func cannotName(_ name: String) -> Bool { name.utf8.contains { $0 == UInt8(ascii: ",") || $0 == 0x0A || $0 == 0x0D } }
    let refused = names.filter(cannotName)
    for name in replayed.objectNames {
      #expect(!cannotName(name), "\(name.debugDescription)")
      #expect(trimmed.contains(name), "\(name.debugDescription) is no row's name")
    }
    let rejected = String(decoding: replayed.rejected, as: UTF8.self)
    #expect(rejected.components(separatedBy: "\"wrong_field_count\"").count - 1 == refused.count, "\(rejected)")
    #expect(replayed.counts[0] == Int64(rowCount))
    #expect(replayed.counts[0] == replayed.counts[1] + replayed.counts[2] + replayed.counts[3] + replayed.counts[4])
    for line in String(decoding: replayed.filtered, as: UTF8.self).split(separator: "\n") where !line.hasPrefix("#") {
      #expect(line.split(separator: ",", omittingEmptySubsequences: false).count == 10, "\(line.debugDescription)")
    }
    for record in replayed.eventRecords { #expect(Int(record.object) < replayed.objectNames.count) }
  }

  @Test("Durations (--duration-column, as seconds): read only in the column read as t, in seconds")
  func durationColumns() throws {
    let table = OwnedTable(
      names: ["time_s", "object", "distance"],
      columns: [.numbers([0, 0.1, 0.25]), .texts(["a", "a", "a"]), .numbers([1.0, 1.2, 1.4])], rowCount: 3)
    // In the time column: read as the seconds they are, as the CSV of those seconds.
    let asTime = table.replay(name: "table", ["--column", "t=time_s", "--duration-column", "1"])
    let seconds = table.replay(name: "table", ["--column", "t=time_s"])
    #expect(asTime.status == 0 && asTime.events == seconds.events && asTime.counts == seconds.counts)
    // Elsewhere, or with a unit of its own, refused: status 65, naming the column.
    let cases: [([String], String)] = [
      (["--column", "t=time_s", "--duration-column", "3"],
       "column 'distance' holds durations: only the column read as 't' may hold times"),
      (["--column", "t=time_s", "--time-unit", "ms", "--duration-column", "1"],
       "column 'time_s' holds durations, which carry their own unit: give it without --time-unit"),
    ]
    for (options, reason) in cases {
      let refused = table.replay(name: "table", options)
      #expect(refused.status == 65)
      #expect(refused.messages == "rangectl replay: table:1: not a ranging CSV: \(reason)\n")
      #expect(refused.events.isEmpty)
    }
    // A file's replay has no such column: the option is refused there (64), not ignored.
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let file = ReplayFromC(path: try scratch.write("table.csv", table.csv), ["--duration-column", "1"])
    #expect(file.status == 64 && file.messages.contains("--duration-column") && file.events.isEmpty)
  }

  /// Issue 58, item 5: place 0 was accepted (status 0) and a place past the columns ignored.
  @Test("A --duration-column place outside 1...column_count is refused with status 64, naming it",
        arguments: ["0", "-1", "4", "9223372036854775807"])
  func durationColumnOutsideTheTable(place: String) {
    let table = OwnedTable(
      names: ["time_s", "object", "distance"],
      columns: [.numbers([0, 0.1, 0.25]), .texts(["a", "a", "a"]), .numbers([1.0, 1.2, 1.4])], rowCount: 3)
    let refused = table.replay(name: "table", ["--column", "t=time_s", "--duration-column", "1", "--duration-column", place])
    #expect(refused.status == 64)
    #expect(refused.messages == "rangectl replay: --duration-column \(place): no such column; "
      + "give a 1-based place among the table's 3 columns, 1...3\n")
    #expect(refused.events.isEmpty && refused.counts.allSatisfy { $0 == 0 })
  }

  /// Issue 58, item 5: an offset whose bit lay past any memory read there (a crash); a negative
  /// one was refused. `(1 << 59) - 2` is the last offset whose 2 rows' bits stay within 2^59.
  @Test("A validity_offset past 2^59 bits is refused with status 64, naming the column",
        arguments: [Int64.max, Int64.max - 1, Int64(1) << 62, (Int64(1) << 59) - 1] as [Int64])
  func validityOffsetBeyondMemory(offset: Int64) {
    var result = ranging_replay_result_t()
    let name = strdup("t")!, objectName = strdup("object")!
    defer { free(name); free(objectName) }
    let times: [Double] = [0, 1]
    let objects: [Int64] = [1, 1]
    let bitmap: [UInt8] = [0xFF]
    times.withUnsafeBufferPointer { times in
      objects.withUnsafeBufferPointer { objects in
        bitmap.withUnsafeBufferPointer { bitmap in
          var columns = [ranging_replay_column_t(), ranging_replay_column_t()]
          columns[0].name = UnsafePointer(name)
          columns[0].numbers = times.baseAddress
          columns[1].name = UnsafePointer(objectName)
          columns[1].integers = objects.baseAddress
          columns[1].validity = bitmap.baseAddress
          columns[1].validity_offset = offset
          #expect(rangingReplayTable("table", columns, 2, 2, nil, 0, &result) == 64)
          let messages = String(
            decoding: UnsafeRawBufferPointer(start: result.messages.bytes, count: result.messages.length), as: UTF8.self)
          #expect(messages == "ranging_replay_table: column 1 ('object') has a validity_offset of \(offset): with 2 rows "
            + "its bitmap would span more than 2^59 bits, more than memory holds\n")
          rangingReplayResultFree(&result)
        }
      }
    }
  }

  @Test("A header that is not a ranging header: the file's error, status 65")
  func notARangingTable() throws {
    for names in [["t", "object", "t"], ["object", "distance"], ["time", "object", "distance"]] {
      let table = OwnedTable(names: names, columns: names.map { _ in .numbers([1]) }, rowCount: 1)
      try Self.expectSameAsItsCSV(table, [])
      #expect(table.replay(name: "table", []).status == 65)
    }
    // Without columns (whose CSV would start with a blank line, which a file skips).
    let empty = OwnedTable(names: [], columns: [], rowCount: 3).replay(name: "table", [])
    #expect(empty.status == 65 && empty.messages == "rangectl replay: table:1: not a ranging CSV: a table without columns\n")
  }

  @Test("Offsets out of order, NULL pointers and impossible counts are refused, never read")
  func malformedBuffers() {
    var result = ranging_replay_result_t()
    #expect(rangingReplayTable(nil, nil, 0, 0, nil, 0, &result) == 64)
    rangingReplayResultFree(&result)
    #expect(rangingReplayTable("t", nil, 2, 0, nil, 0, &result) == 64)
    rangingReplayResultFree(&result)
    #expect(rangingReplayTable("t", nil, 0, -1, nil, 0, &result) == 64)
    rangingReplayResultFree(&result)
    #expect(rangingReplayTable("t", nil, 0, 0, nil, 0, nil) == 64)
    let offsets: [Int64] = [0, 5, 2]
    let bytes = Array("tag-1".utf8CString)
    let name = strdup("object")!, time = strdup("t")!
    defer { free(name); free(time) }
    let times: [Double] = [0, 1]
    offsets.withUnsafeBufferPointer { offsets in
      bytes.withUnsafeBufferPointer { bytes in
        times.withUnsafeBufferPointer { times in
          var columns = [ranging_replay_column_t(), ranging_replay_column_t()]
          columns[0].name = UnsafePointer(time)
          columns[0].numbers = times.baseAddress
          columns[1].name = UnsafePointer(name)
          columns[1].offsets = offsets.baseAddress
          columns[1].bytes = bytes.baseAddress
          #expect(rangingReplayTable("t", columns, 2, 2, nil, 0, &result) == 65)
          #expect(String(decoding: UnsafeRawBufferPointer(start: result.messages.bytes, count: result.messages.length), as: UTF8.self)
            .contains("column 'object' does not hold 2 rows"))
          rangingReplayResultFree(&result)
          columns[1].offsets = nil
          #expect(rangingReplayTable("t", columns, 2, 2, nil, 0, &result) == 64)
          rangingReplayResultFree(&result)
        }
      }
    }
  }

  /// Seeded hostile tables: values of every kind in every known column
  /// (NaN, infinities, negative and huge numbers, out-of-range angles and
  /// truths, texts with blanks, non-ASCII or invalid UTF-8, unknown events
  /// and verticals, names too long, numbers where a text belongs), with
  /// options of every kind. The table replays as its CSV, byte for byte.
  @Test("Hostile tables: the same outputs as their CSV", arguments: 0..<40)
  func hostileTable(_ seed: Int) throws {
    let (table, options) = Self.hostileTable(seed: seed)
    try Self.expectSameAsItsCSV(table, options)
  }

  /// Seed `seed`'s hostile table and the options it is replayed with (``hostileTable(_:)``).
  static func hostileTable(seed: Int) -> (table: OwnedTable, options: [String]) {
    var draws = SeededDraws(seed: UInt64(seed) &* 0x9E37_79B9 &+ 0x7AB1E)
    func next(_ bound: Int) -> Int { draws.next(bound) }
    let numberPool: [Double?] = [
      nil, 0, -0.0, 0.1, 1.5, 2.95, 3.05, 4, 1e-7, -1, 250, 1e300, .nan, .infinity, -.infinity, 9.3e12, 0.6, 0.8, -0.6,
    ]
    let textPool: [String?] = [
      nil, "", "a", "b", " a ", "tag-1", "tag\t", "é", "removed_timeout", "suspended", "above", "same", "bogus",
      String(repeating: "n", count: 257), "1.5", "x y", "\u{0}",
    ]
    let known = [
      "t", "object", "distance", "dir_x", "dir_y", "dir_z", "horizontal_angle", "vertical", "event", "true_distance",
      "pose_w", "pose_x", "pose_y", "pose_z", "note",
    ]
    var names = ["t", "object", "distance"]
    for name in known.dropFirst(3) where next(3) == 0 { names.append(name) }
    if next(4) == 0 { names.swapAt(0, next(names.count)) }
    let rowCount = next(60)
    let columns: [OwnedTable.Values] = names.map { name in
      let texts = ["object", "vertical", "event", "note"].contains(name)
      // A column of the other kind now and then: numbers in a text column, texts in a numeric one.
      if texts != (next(8) == 0) {
        return .texts((0..<rowCount).map { _ in textPool[next(textPool.count)] })
      }
      // Times mostly increase, so that rows get through to the engine.
      if name == "t" && next(3) != 0 { return .numbers((0..<rowCount).map { Double($0) * 0.2 + (next(5) == 0 ? -1 : 0) }) }
      // Integers: times in whole seconds, objects numbered, or any of them in any column.
      if next(6) == 0 {
        let integerPool: [Int64?] = [nil, 0, 1, 2, 7, -3, 1000, Int64.max, Int64.min, 9_007_199_254_740_993]
        return .integers((0..<rowCount).map { row in name == "t" ? Int64(row) : integerPool[next(integerPool.count)] })
      }
      return .numbers((0..<rowCount).map { _ in numberPool[next(numberPool.count)] })
    }
    let optionSets: [[String]] = [
      [], ["--capacity", "1"], ["--zones", "x=0.5,y=2@30"], ["--distance-unit", "mm"], ["--backend", "swift"],
      ["--bogus"], ["--direction", "off"], ["--column", "object=note"], ["--gate", "0.5"],
    ]
    return (OwnedTable(names: names, columns: columns, rowCount: rowCount), optionSets[next(optionSets.count)])
  }
}
