// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

@testable import RangingFormats

/// An input that cannot be read as a ranging CSV, and the error it must raise.
struct DatasetErrorCase: Sendable, CustomTestStringConvertible {
  enum Input: Sendable {
    /// A path that does not exist.
    case missingFile
    /// A path that is a directory.
    case directory
    /// A file with these contents.
    case contents(String)
  }

  let name: String
  let input: Input
  let line: Int?
  let kind: DatasetError.Kind

  var testDescription: String { name }

  static let all: [DatasetErrorCase] = [
    .init(name: "missing file", input: .missingFile, line: nil,
      kind: .cannotOpen(reason: "No such file or directory")),
    .init(name: "directory", input: .directory, line: nil, kind: .cannotOpen(reason: "Is a directory")),
    .init(name: "empty file", input: .contents(""), line: nil, kind: .notARangingCSV(reason: "empty file")),
    .init(name: "only comments and blank lines", input: .contents("# a\n\n   \n# b\n"), line: nil,
      kind: .notARangingCSV(reason: "no header line, only comments and blank lines")),
    .init(name: "no t column", input: .contents("# c\nobject,distance\na,1\n"), line: 2,
      kind: .notARangingCSV(reason: "no 't' column; found 'object', 'distance': name the columns to read, e.g. --column t=NAME")),
    .init(name: "no object column", input: .contents("t,distance\n1,1\n"), line: 1,
      kind: .notARangingCSV(reason: "no 'object' column; found 't', 'distance': name the columns to read, e.g. --column object=NAME")),
    .init(name: "headerless data", input: .contents("0,dw3000,0.94\n"), line: 1,
      kind: .notARangingCSV(reason: "no 't' column; found '0', 'dw3000', '0.94': name the columns to read, e.g. --column t=NAME --column object=NAME")),
    .init(name: "known column twice", input: .contents("\nt,object,distance,distance\n"), line: 2,
      kind: .notARangingCSV(reason: "duplicate column 'distance'")),
  ]
}

@Suite("DatasetError")
struct DatasetErrorTests {
  @Test("Each unusable input raises its kind, pinned to the line at fault", arguments: DatasetErrorCase.all)
  func raisesError(_ example: DatasetErrorCase) throws {
    let path: String
    switch example.input {
    case .missingFile:
      path = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-\(UUID()).csv").path
    case .directory:
      path = FileManager.default.temporaryDirectory.path
    case .contents(let text):
      path = try CSVFixture.write(text)
    }
    defer { if case .contents = example.input { CSVFixture.remove(path) } }
    let error = try #require(CSVFixture.openingError(path: path))
    #expect(error == DatasetError(path: path, line: example.line, kind: example.kind))
  }

  @Test("A header line longer than the limit is not a ranging CSV")
  func overlongHeader() throws {
    let header = "t,object," + String(repeating: "x", count: 64)
    let error = try CSVFixture.openingError("# c\n" + header + "\n", maxLineBytes: 32)
    #expect(error == DatasetError(path: error?.path ?? "", line: 2,
      kind: .notARangingCSV(reason: "header line longer than 32 bytes")))
  }

  @Test("A read that fails after opening is readFailed, naming the line being read",
    .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/mem"),
      "needs Linux /proc/self/mem, whose first page cannot be read"))
  func readFailure() {
    // Offset 0 of a process's memory is never mapped, so read(2) fails with EIO.
    let error = CSVFixture.openingError(path: "/proc/self/mem")
    #expect(error == DatasetError(path: "/proc/self/mem", line: 1,
      kind: .readFailed(reason: "Input/output error")))
  }

  @Test("The description reads path, line, what and why, and names standard input <stdin>")
  func descriptionFormat() {
    #expect(DatasetError(path: "data.csv", line: 1, kind: .notARangingCSV(reason: "no 't' column")).description
      == "data.csv:1: not a ranging CSV: no 't' column")
    #expect(DatasetError(path: "gone.csv", kind: .cannotOpen(reason: "No such file or directory")).description
      == "gone.csv: cannot open: No such file or directory")
    #expect(DatasetError(path: "-", line: 12, kind: .readFailed(reason: "Input/output error")).description
      == "<stdin>:12: read failed: Input/output error")
  }
}
