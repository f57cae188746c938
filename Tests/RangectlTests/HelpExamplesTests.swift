// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

/// The examples that `rangectl --help` and `rangectl evaluate --help` print
/// run as printed (issue 34, item 16: `rangectl evaluate datasets --json`
/// exited 66, and the top-level help had no example).
@Suite("rangectl help examples")
struct HelpExamplesTests {
  /// The `rangectl ...` lines under "Examples:" in `help`.
  static func examples(in help: String) -> [String] {
    guard let start = help.range(of: "Examples:\n") else { return [] }
    return help[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false)
      .prefix { $0.hasPrefix("  ") }
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { $0.hasPrefix("rangectl ") }
  }

  /// An example's arguments, a trailing `> FILE` dropped (standard output is
  /// captured anyway) and `datasets/*/` expanded as a shell would.
  static func arguments(of example: String) throws -> [String] {
    var words = example.split(separator: " ").map(String.init).dropFirst()
    if let redirect = words.firstIndex(of: ">") { words = words[..<redirect] }
    return try words.flatMap { word -> [String] in
      guard word.hasSuffix("/*/") else { return [word] }
      let folder = PackagePaths.root.appendingPathComponent(String(word.dropLast(3)))
      return try FileManager.default.contentsOfDirectory(atPath: folder.path)
        .filter { name in
          var isFolder: ObjCBool = false
          return !name.hasPrefix(".")
            && FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path, isDirectory: &isFolder)
            && isFolder.boolValue
        }
        .sorted().map { word.dropLast(2) + $0 + "/" }
    }
  }

  @Test("Every example of the top-level and evaluate help that reads bundled data exits 0", arguments: [[], ["evaluate"]])
  func examplesRun(command: [String]) throws {
    let help = try Rangectl.run(command + ["--help"])
    let examples = Self.examples(in: help.stdoutText)
    #expect(examples.count >= 3, "\(help.stdoutText)")
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    // Run from a folder that holds the bundled datasets, so outputs (walk.svg, scenarios/) land in scratch.
    try FileManager.default.createSymbolicLink(
      atPath: scratch.path("datasets"), withDestinationPath: PackagePaths.root.appendingPathComponent("datasets").path)
    for example in examples {
      let arguments = try Self.arguments(of: example)
      // Examples of files the reader has to bring (run.csv) are shapes, not runs.
      let inputs = arguments.filter { $0.hasSuffix(".csv") && !$0.hasPrefix("-") }
      guard inputs.allSatisfy({ FileManager.default.fileExists(atPath: scratch.path($0)) }) else { continue }
      let result = try Rangectl.run(arguments, in: scratch.url)
      #expect(result.status == 0, "\(example): \(result.stderr)")
    }
  }

  @Test("A folder of recording folders says how to give them")
  func folderOfFolders() throws {
    let result = try Rangectl.run(["evaluate", "datasets", "--json"])
    #expect(result.status == 66)
    #expect(result.stderr.contains("datasets: no .csv files in this folder (its "), "\(result.stderr)")
    #expect(result.stderr.contains("subfolders are not read: give them, e.g. datasets/*/)"), "\(result.stderr)")
  }
}
