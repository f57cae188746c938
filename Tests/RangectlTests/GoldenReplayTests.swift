// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

/// The committed golden datasets: folders `datasets/<name>/` of the package
/// with `samples.csv` and `expected/events.jsonl` (docs/CONVENTIONS.md §6).
enum GoldenDatasets {
  static let folder = PackagePaths.root.appendingPathComponent("datasets")

  /// Names of the folders that have both files, sorted.
  static var names: [String] {
    let manager = FileManager.default
    let entries = (try? manager.contentsOfDirectory(atPath: folder.path)) ?? []
    return entries.sorted().filter { name in
      let base = folder.appendingPathComponent(name)
      return manager.fileExists(atPath: base.appendingPathComponent("samples.csv").path)
        && manager.fileExists(atPath: base.appendingPathComponent("expected/events.jsonl").path)
    }
  }

  /// The first line where `actual` differs from `expected`, for a short
  /// failure message, or nil when they are equal.
  static func firstDifference(expected: String, actual: String) -> String? {
    guard expected != actual else { return nil }
    let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
    for index in 0..<max(e.count, a.count) {
      let wanted = index < e.count ? "\(e[index])" : "<end of file>"
      let got = index < a.count ? "\(a[index])" : "<end of file>"
      if wanted != got {
        return "first difference at line \(index + 1) (expected \(e.count) lines, got \(a.count)):\n"
          + "- expected: \(wanted)\n+ actual:   \(got)"
      }
    }
    return "the texts differ in bytes that do not show per line (encoding or line endings)"
  }
}

@Suite("Golden replays of datasets/<name>")
struct GoldenReplayTests {
  @Test("The package has golden datasets to replay")
  func goldenDatasetsExist() {
    if GoldenDatasets.names.isEmpty {
      let folder = GoldenDatasets.folder.path
      Issue.record("no golden datasets found: expected <name>/samples.csv and <name>/expected/events.jsonl in \(folder)")
    }
  }

  @Test("Replaying samples.csv with default options reproduces expected/ byte for byte",
        arguments: GoldenDatasets.names)
  func replayMatchesExpected(name: String) throws {
    let relative = "datasets/\(name)/samples.csv"
    let expectedFolder = GoldenDatasets.folder.appendingPathComponent("\(name)/expected")
    // From the package root with a relative path: the summary's first line
    // names the path exactly as given.
    let result = try Rangectl.run(["replay", relative], in: PackagePaths.root)
    #expect(result.status == 0, "stderr: \(result.stderr)")

    let expectedEvents = try Data(contentsOf: expectedFolder.appendingPathComponent("events.jsonl"))
    if result.stdout != expectedEvents {
      let difference = GoldenDatasets.firstDifference(
        expected: String(decoding: expectedEvents, as: UTF8.self), actual: result.stdoutText)
      Issue.record("\(name): stdout differs from expected/events.jsonl; \(difference ?? "")")
    }

    let summaryURL = expectedFolder.appendingPathComponent("summary.txt")
    if FileManager.default.fileExists(atPath: summaryURL.path) {
      let expectedSummary = try String(contentsOf: summaryURL, encoding: .utf8)
      if let difference = GoldenDatasets.firstDifference(expected: expectedSummary, actual: result.stderr) {
        Issue.record("\(name): stderr differs from expected/summary.txt; \(difference)")
      }
    }
  }
}
