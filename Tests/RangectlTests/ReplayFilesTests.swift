// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

/// `rangectl replay FILE|FOLDER... --out-dir DIR` (docs/FORMATS.md §4,
/// "Several inputs"): each input's outputs and summary as its own replay's.
/// In-process (ReplayInProcess), but for the exit status of a run with a
/// missing input and nothing on standard output.
@Suite("rangectl replay, several inputs")
struct ReplayFilesTests {
  private func expected(_ name: String, _ file: String) throws -> String {
    try String(contentsOf: GoldenDatasets.folder.appendingPathComponent("\(name)/expected/\(file)"), encoding: .utf8)
  }

  /// A bundled dataset's samples, by their path in the package (`datasets/NAME/samples.csv`): the path a golden
  /// summary names, given to the replay from the package root.
  private func samples(_ name: String) -> (inPackage: String, path: String) {
    ("datasets/\(name)/samples.csv", PackagePaths.file("datasets/\(name)/samples.csv"))
  }

  @Test("Every golden dataset at once: each one's events and summary are its committed golden outputs",
        arguments: [1, 3, 16])
  func goldenDatasets(jobs: Int) throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let names = GoldenDatasets.names
    let result = ReplayInProcess.run(names.map { samples($0).path } + ["--out-dir", scratch.path("out"), "--jobs", "\(jobs)"])
    #expect(result.status == 0, "\(result.messages)")
    // Every input is named samples.csv: the outputs take their folders' names.
    for name in names {
      let events = try scratch.read("out/\(name)-samples.events.jsonl")
      #expect(events == (try expected(name, "events.jsonl")), "\(name)")
    }
    // Each golden summary names its input from the package root; here it is given by its full path.
    let summaries = try names.map { name in
      try expected(name, "summary.txt").replacingOccurrences(of: samples(name).inPackage, with: samples(name).path)
    }
    #expect(result.messages == summaries.joined(), "summaries in input order")
  }

  @Test("A folder replays each .csv directly in it, by name, skipping other files and subfolders; --write-filtered writes the tracks that --filtered writes")
  func folder() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let folder = scratch.url.appendingPathComponent("in")
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("deeper.csv"), withIntermediateDirectories: true)
    for (name, dataset) in [("b", "walk-past"), ("a", "walk-in-out")] {
      try FileManager.default.copyItem(
        atPath: samples(dataset).path, toPath: folder.appendingPathComponent("\(name).csv").path)
    }
    _ = try scratch.write("in/notes.txt", "not a recording\n")
    let result = ReplayInProcess.run([folder.path, "--out-dir", scratch.path("out"), "--write-filtered"])
    #expect(result.status == 0, "\(result.messages)")
    let written = try FileManager.default.contentsOfDirectory(atPath: scratch.path("out")).sorted()
    #expect(written == ["a.events.jsonl", "a.filtered.csv", "b.events.jsonl", "b.filtered.csv"])
    for (name, dataset) in [("a", "walk-in-out"), ("b", "walk-past")] {
      let one = try ReplayInProcess.result([folder.appendingPathComponent("\(name).csv").path, "--filtered", scratch.path("\(name)-one.csv")])
      #expect(try scratch.read("out/\(name).events.jsonl") == (try expected(dataset, "events.jsonl")))
      #expect(try scratch.read("out/\(name).filtered.csv") == (try scratch.read("\(name)-one.csv")))
      #expect(result.messages.contains(one.stderr))
    }
    let a = try #require(result.messages.range(of: "a.csv:")), b = try #require(result.messages.range(of: "b.csv:"))
    #expect(a.lowerBound < b.lowerBound, "a's summary first")
  }

  @Test("A missing input is reported with status 66 while the others are still replayed")
  func missingInput() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let result = try Rangectl.run([
      "replay", "datasets/walk-in-out/samples.csv", scratch.path("absent.csv"), "--out-dir", scratch.path("out"),
    ])
    #expect(result.status == 66, "\(result.stderr)")
    #expect(result.stdout.isEmpty, "each input's events go to --out-dir")
    #expect(result.stderr.contains("absent.csv"))
    #expect(try scratch.read("out/samples.events.jsonl") == (try expected("walk-in-out", "events.jsonl")))
  }

  struct Refusal: Sendable, CustomTestStringConvertible {
    var arguments: [String]
    var status: Int32
    var says: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  @Test("Refused: several inputs without --out-dir, standard input, --events or --follow beside it, two inputs that would write one output, a folder with no .csv", arguments: [
    Refusal(arguments: ["datasets/walk-in-out/samples.csv", "datasets/walk-past/samples.csv"], status: 64, says: "--out-dir"),
    Refusal(arguments: ["-", "--out-dir", "OUT"], status: 64, says: "standard input"),
    Refusal(arguments: ["datasets/walk-past/samples.csv", "--out-dir", "OUT", "--events", "e.jsonl"], status: 64,
            says: "--events"),
    Refusal(arguments: ["datasets/walk-past/samples.csv", "--out-dir", "OUT", "--follow"], status: 64, says: "--follow"),
    Refusal(arguments: ["datasets/walk-past/samples.csv", "--write-filtered"], status: 64, says: "--out-dir"),
    Refusal(arguments: ["datasets/walk-past/samples.csv", "datasets/walk-past/samples.csv", "--out-dir", "OUT"],
            status: 64, says: "would both write"),
    Refusal(arguments: ["Tests/RangectlTests/Support", "--out-dir", "OUT"], status: 66, says: "no .csv"),
  ])
  func refused(refusal: Refusal) throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let arguments = refusal.arguments.map {
      $0 == "OUT" ? scratch.path("out") : $0.hasPrefix("datasets/") || $0.hasPrefix("Tests/") ? PackagePaths.file($0) : $0
    }
    let result = ReplayInProcess.run(arguments)
    #expect(result.status == refusal.status, "\(result.messages)")
    #expect(result.messages.contains(refusal.says), "\(result.messages)")
  }
}
