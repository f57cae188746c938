// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

@testable import RangingFormats

/// The third-party recordings, read from `../shared/datasets` beside the
/// package root: the package does not ship them (that folder's README.md
/// says where each comes from and under which licence). A clone without that
/// folder skips these tests, saying so.
enum RealRecordings {
  /// `<package root>/../shared/datasets`, found from this file's path.
  static let directory: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // RangingFormatsTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()  // package root
    .deletingLastPathComponent()  // the folder holding it
    .appendingPathComponent("shared/datasets")

  /// Whether the folder is there.
  static let isPresent: Bool = {
    var isFolder: ObjCBool = false
    return FileManager.default.fileExists(atPath: directory.path, isDirectory: &isFolder) && isFolder.boolValue
  }()

  /// Why the tests of the recordings skip when the folder is absent.
  static let absentReason: Comment =
    "../shared/datasets is absent: the third-party recordings are read from there, not shipped (README.md, Accuracy)"

  /// The eight recordings the tests read, by name (the folder's INRoL files
  /// are not among them). Fixed, so that a folder that lacks one fails
  /// rather than passing on fewer cases.
  static let csvFiles: [String] = [
    "arexp-stage.csv", "arexp-static5m.csv", "hanyang-los-trajA-case1.csv", "hanyang-los-trajB-case3.csv",
    "hanyang-nlos-trajA-case2.csv", "hanyang-nlos-trajB-case3.csv", "hanyang-static.csv", "lias-trolley-fast.csv",
  ]

  /// Data rows counted without the reader: lines that are not comments,
  /// blank, or the header.
  static func dataRowCount(_ path: String) throws -> Int {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      .filter { !$0.hasPrefix("#") && !$0.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" } }
    return max(lines.count - 1, 0)
  }
}

@Suite("RangingCSVReader on real recordings", .enabled(if: RealRecordings.isPresent, RealRecordings.absentReason))
struct RealDatasetTests {
  /// Every one of the eight, so that the test below, one case per file,
  /// cannot pass on a folder that lacks some.
  @Test("The ../shared/datasets folder holds the eight recordings")
  func folderHoldsRecordings() {
    let missing = RealRecordings.csvFiles.filter {
      !FileManager.default.fileExists(atPath: RealRecordings.directory.appendingPathComponent($0).path)
    }
    #expect(missing.isEmpty, "not in \(RealRecordings.directory.path): \(missing)")
  }

  @Test("Every row of a recording is read, and the clean recordings give no rejections",
    arguments: RealRecordings.csvFiles)
  func readsRecording(file: String) throws {
    let path = RealRecordings.directory.appendingPathComponent(file).path
    var reader = try RangingCSVReader(path: path)
    var measurements = 0
    var lifecycle = 0
    var rejected: [RowRejection] = []
    while let record = try reader.next() {
      switch record {
      case .measurement: measurements += 1
      case .lifecycle: lifecycle += 1
      case .rejected(let rejection): rejected.append(rejection)
      case .pose: Issue.record("no recording here has pose columns")
      }
    }
    #expect(measurements + lifecycle + rejected.count == (try RealRecordings.dataRowCount(path)))
    #expect(rejected.isEmpty, "\(rejected.prefix(5).map { $0.message(path: file) })")
    #expect(reader.columns.contains("t") && reader.columns.contains("object"))
  }
}
