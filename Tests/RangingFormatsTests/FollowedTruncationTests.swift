// SPDX-License-Identifier: Apache-2.0
import Foundation
import RangingFormats
import Testing

/// A followed file that is truncated is read again from its start, as
/// `tail -f` reads it (issue 34, item 6: the reader went on at the old
/// offset, misreading rows as "wrong field count" and never counting others).
@Suite("Following a truncated file")
struct FollowedTruncationTests {
  /// Follows a file of `before`, truncates it when the reader has read it and
  /// waits at its end, and writes `after` (shorter than `before`, so the truncation is
  /// seen), stops at the next wait, and returns every record with the
  /// truncations reported.
  static func follow(before: String, after: String) throws -> (records: [DatasetRecord], dropped: [Int]) {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("follow-\(UUID().uuidString).csv").path
    try before.write(toFile: path, atomically: false, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    var waits = 0
    var dropped: [Int] = []
    let live = LiveInput(follows: true, pollMilliseconds: 1, shouldStop: {
      // Asked before every read: the first before any, the second once
      // everything of `before` has been read and its complete lines returned.
      waits += 1
      if waits == 2 {
        // In place (not atomically: a new file would be another inode).
        let handle = FileHandle(forWritingAtPath: path)!
        try? handle.truncate(atOffset: 0)
        handle.write(Data(after.utf8))
        try? handle.close()
        return false
      }
      return waits > 4
    }, onTruncation: { dropped.append($0) })
    var reader = try RangingCSVReader(path: path, live: live)
    var records: [DatasetRecord] = []
    while let record = try reader.next() { records.append(record) }
    return (records, dropped)
  }

  static let before = "t,object,distance\n0,a,1.0\n0.5,a,1.1\n1.0,a,1.2\n1.5,a,1.3\n2.0,a,1"

  @Test("A rewritten file with its header: the header is read as the header, its rows from line 2, nothing rejected")
  func rewrittenWithHeader() throws {
    let (records, dropped) = try Self.follow(before: Self.before, after: "t,object,distance\n10,b,2.0\n11,b,2.1\n")
    // The unfinished "2.0,a,1" (7 bytes, no line end) goes with the truncation.
    #expect(dropped == [7])
    let lines = records.map { record -> String in
      switch record {
      case .measurement(let line, let object, _, _, _, _): "\(line) \(object)"
      case .rejected(let rejection): "rejected \(rejection.line) \(rejection.reason)"
      default: "other"
      }
    }
    #expect(lines == ["2 a", "3 a", "4 a", "5 a", "2 b", "3 b"])
  }

  @Test("A truncated file appended to without a header (copy and truncate): its rows from line 1")
  func truncatedWithoutHeader() throws {
    let (records, dropped) = try Self.follow(before: Self.before + "\n", after: "10,b,2.0\n")
    #expect(dropped == [0])
    guard case .measurement(let line, let object, let seconds, _, _, _)? = records.last else {
      Issue.record("no row after the truncation: \(records)")
      return
    }
    #expect(records.count == 6 && line == 1 && object == "b" && seconds == 10)
  }
}
