// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

@testable import RangingFormats

/// The third-party recordings shipped in `datasets/real` (their README.md
/// says where each comes from and under which licence).
enum RealRecordings {
  /// `<package root>/datasets/real`, found from this file's path.
  static let directory: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // RangingFormatsTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()  // package root
    .appendingPathComponent("datasets/real")

  /// The CSV file names in the folder, sorted.
  static var csvFiles: [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix(".csv") }.sorted()
  }

  /// Data rows counted without the reader: lines that are not comments,
  /// blank, or the header.
  static func dataRowCount(_ path: String) throws -> Int {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      .filter { !$0.hasPrefix("#") && !$0.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" } }
    return max(lines.count - 1, 0)
  }
}

@Suite("RangingCSVReader on real recordings")
struct RealDatasetTests {
  /// At least one file, so that the test below, one case per file, cannot
  /// pass on an empty or missing folder.
  @Test("The datasets/real folder holds CSV recordings")
  func folderHoldsRecordings() {
    #expect(!RealRecordings.csvFiles.isEmpty, "no .csv in \(RealRecordings.directory.path)")
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
