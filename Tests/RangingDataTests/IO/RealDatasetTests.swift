// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing
@testable import RangingData

/// The third-party recordings in `../shared/datasets` (next to the package
/// root). They are not part of the repository, so a fresh clone outside CI
/// has none and these tests are skipped.
enum SharedDatasets {
  /// `<package root>/../shared/datasets`, found from this file's path.
  static let directory: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // IO
    .deletingLastPathComponent()  // RangingDataTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()  // package root
    .appendingPathComponent("../shared/datasets")
    .standardizedFileURL

  static var isPresent: Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory)
      && isDirectory.boolValue
  }

  /// The CSV file names in the folder, sorted; empty when it is absent.
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
  @Test("The shared datasets folder holds CSV recordings",
    .enabled(if: SharedDatasets.isPresent, "../shared/datasets is absent (fresh clone outside CI)"))
  func folderHoldsRecordings() {
    #expect(!SharedDatasets.csvFiles.isEmpty)
  }

  @Test("Every row of a recording is read, and the clean recordings give no rejections",
    .enabled(if: SharedDatasets.isPresent, "../shared/datasets is absent (fresh clone outside CI)"),
    arguments: SharedDatasets.csvFiles)
  func readsRecording(file: String) throws {
    let path = SharedDatasets.directory.appendingPathComponent(file).path
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
    #expect(measurements + lifecycle + rejected.count == (try SharedDatasets.dataRowCount(path)))
    #expect(rejected.isEmpty, "\(rejected.prefix(5).map { $0.message(path: file) })")
    #expect(reader.columns.contains("t") && reader.columns.contains("object"))
  }
}
