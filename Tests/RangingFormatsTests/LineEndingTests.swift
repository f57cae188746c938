// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

@testable import RangingFormats

/// Line ends and line lengths the reader must survive (issue 13, rows 7, 14, 15).
@Suite("RangingCSVReader line ends and long lines")
struct LineEndingTests {
  @Test("A file with carriage-return line ends reads like the same file with newlines", arguments: [1, 3, 64, 65_536])
  func carriageReturnOnly(chunkBytes: Int) throws {
    let lf = "# bench\nt,object,distance\n0,a,1\n\n# note\n1,a,2\n2,b,oops\n3,a,3"
    let cr = lf.replacingOccurrences(of: "\n", with: "\r")
    let expected = try CSVFixture.read(lf)
    let read = try CSVFixture.read(cr, chunkBytes: chunkBytes, maxLineBytes: 64)
    #expect(read.columns == ["t", "object", "distance"])
    #expect(read.records.map(\.line) == [3, 6, 7, 8])
    #expect(read.records.map(\.line) == expected.records.map(\.line))
    #expect(read.records.compactMap(\.measurementFields).map(\.seconds) == [0, 1, 3])
    #expect(read.records.compactMap(\.rejection).map(\.reason) == ["malformed_number"])
  }

  @Test("A file that changes its line ends part way reads as lines throughout (issue 23)", arguments: [1, 2, 3, 7, 4096])
  func mixedLineEnds(chunkBytes: Int) throws {
    let lines = ["# bench", "t,object,distance", "0,a,1", "", "1,a,2", "2,b,oops", "3,a,3", "4,a,4", "5,a,5"]
    let expected = try CSVFixture.read(lines.joined(separator: "\n") + "\n")
    // LF, then CR only, then CRLF, then LF again; and a CR-only tail without a last line end.
    let ends = ["\n", "\n", "\r", "\r", "\r", "\r\n", "\r\n", "\n"]
    let mixed = zip(lines, ends).map { $0 + $1 }.joined() + lines[8]
    let read = try CSVFixture.read(mixed, chunkBytes: chunkBytes, maxLineBytes: 64)
    #expect(read.columns == ["t", "object", "distance"])
    #expect(read.records.map(\.line) == [3, 5, 6, 7, 8, 9])
    #expect(read.records.map(\.line) == expected.records.map(\.line))
    #expect(read.records.compactMap(\.measurementFields).map(\.seconds) == [0, 1, 3, 4, 5])
    #expect(read.records.compactMap(\.rejection).map(\.reason) == ["malformed_number"])
  }

  @Test("A carriage return ends a line wherever it stands: it cannot be part of a field")
  func carriageReturnEndsLine() throws {
    let (_, records) = try CSVFixture.read("t,object,distance\n0,a\r,1\n1,a,2\r\n")
    #expect(records.map(\.line) == [2, 3, 4])
    #expect(records.map { $0.rejection?.reason } == ["wrong_field_count", "wrong_field_count", nil])
  }

  @Test("Line ends do not depend on the read size (found by scripts/checks/fuzz)")
  func lineEndsIndependentOfReadSize() throws {
    let csv = "t,object,distance" + String(repeating: "x", count: 30) + "\r0,a,1\r1,a,2"
      + String(repeating: "y", count: 40) + "\n2,a,3\n"
    let outcomes = try [1, 7, 64, 65, 4096].map { chunk in
      let read = try CSVFixture.read(csv, chunkBytes: chunk, maxLineBytes: 64)
      return read.records.map { "\($0.line) \($0.rejection?.reason ?? "ok")" }
    }
    #expect(Set(outcomes.map { $0.joined(separator: ";") }).count == 1, "\(outcomes)")
  }

  @Test("A UTF-16 or UTF-32 file is refused, naming its encoding from its byte order mark (issue 23)", arguments: [
    ("UTF-16LE", String.Encoding.utf16LittleEndian, [0xFF, 0xFE] as [UInt8]),
    ("UTF-16BE", .utf16BigEndian, [0xFE, 0xFF]),
    ("UTF-32LE", .utf32LittleEndian, [0xFF, 0xFE, 0x00, 0x00]),
    ("UTF-32BE", .utf32BigEndian, [0x00, 0x00, 0xFE, 0xFF]),
  ])
  func otherUnicodeEncodings(name: String, encoding: String.Encoding, mark: [UInt8]) throws {
    let text = try #require("t,object,distance\n0,a,1\n".data(using: encoding))
    let path = try CSVFixture.write(bytes: mark + Array(text))
    defer { CSVFixture.remove(path) }
    let reason = "\(name) text (it starts with its byte order mark); the reader takes UTF-8: convert it, "
      + "e.g. iconv -f \(name) -t UTF-8"
    #expect(CSVFixture.openingError(path: path) == DatasetError(path: path, line: 1, kind: .notARangingCSV(reason: reason)))
  }

  @Test("Comments longer than the line limit are skipped before and after the header", arguments: [1, 7, 4096])
  func longComments(chunkBytes: Int) throws {
    let long = "#" + String(repeating: "c", count: 100)
    let csv = "\u{FEFF}\(long)\n\(long)\nt,object,distance\n\(long)\n0,a,1\n\(long)\n1,a,2\n\(long)"
    let (columns, records) = try CSVFixture.read(csv, chunkBytes: chunkBytes, maxLineBytes: 32)
    #expect(columns == ["t", "object", "distance"])
    #expect(records.map(\.line) == [5, 7])
    #expect(records.allSatisfy { $0.rejection == nil })
  }

  @Test("A data line over the limit is rejected once, and reading goes on after it", arguments: [1, 7, 4096])
  func longDataLine(chunkBytes: Int) throws {
    let csv = "t,object,distance\n0,a," + String(repeating: "9", count: 200) + "\n1,a,2\n"
    let (_, records) = try CSVFixture.read(csv, chunkBytes: chunkBytes, maxLineBytes: 32)
    #expect(records.map(\.line) == [2, 3])
    #expect(records.map { $0.rejection?.reason } == ["line_too_long", nil])
  }

  @Test("A line that never ends stops the read at the skip limit", .timeLimit(.minutes(1)))
  func neverEndingLine() throws {
    let path = try CSVFixture.write(bytes: Array("t,object,distance\n0,a,1\n".utf8) + [UInt8](repeating: 0, count: 5000))
    defer { CSVFixture.remove(path) }
    var reader = try RangingCSVReader(path: path, chunkBytes: 64, maxLineBytes: 32, maxSkippedLineBytes: 1000)
    #expect(try reader.next()?.line == 2)
    #expect(try reader.next()?.rejection?.reason == "line_too_long")
    #expect(throws: DatasetError(
      path: path, line: 3, kind: .notARangingCSV(reason: "no line end in 1000 bytes: not a text file"))) {
      _ = try reader.next()
    }
  }

  @Test("/dev/zero is refused at once: its first line is an overlong header", .timeLimit(.minutes(1)),
    .enabled(if: FileManager.default.fileExists(atPath: "/dev/zero"), "needs /dev/zero"))
  func devZero() {
    #expect(CSVFixture.openingError(path: "/dev/zero") == DatasetError(
      path: "/dev/zero", line: 1, kind: .notARangingCSV(reason: "header line longer than 1048576 bytes")))
  }
}
