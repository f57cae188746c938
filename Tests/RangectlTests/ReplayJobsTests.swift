// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

/// `rangectl replay --jobs N`: objects shared among threads, the same output as one. In-process
/// (ReplayInProcess, InProcessCommand), but for standard input through a pipe.
@Suite("rangectl replay --jobs")
struct ReplayJobsTests {
  /// Standard output (the events) and standard error of `replay FILE --jobs N ARGS`, ARGS without `--events`.
  private func replay(_ path: String, jobs: Int, _ arguments: [String] = []) throws -> RangectlResult {
    try ReplayInProcess.result([path, "--jobs", "\(jobs)"] + arguments)
  }

  /// `hasEvents`: whether the file has zone events (a recording of one static tag need not).
  private func expectSameAsOneThread(_ path: String, jobs: [Int], _ arguments: [String] = [], hasEvents: Bool = true)
    throws
  {
    let one = try replay(path, jobs: 1, arguments)
    #expect(one.status == 0, "\(one.stderr)")
    if hasEvents { #expect(!one.stdout.isEmpty, "\(path) has events") }
    for count in jobs {
      let many = try replay(path, jobs: count, arguments)
      #expect(many.status == 0, "\(many.stderr)")
      #expect(many.stdout == one.stdout, "\(path) --jobs \(count): events differ")
      #expect(many.stderr == one.stderr, "\(path) --jobs \(count): rejected rows or summary differ")
    }
  }

  @Test("Every golden dataset gives the same events, rejected rows and summary with 2 and 3 threads",
        arguments: GoldenDatasets.names)
  func goldenDatasets(name: String) throws {
    try expectSameAsOneThread(PackagePaths.file("datasets/\(name)/samples.csv"), jobs: [2, 3])
  }

  @Test("A generated suite of 60 objects with bad rows, life-cycle rows and lost objects gives the same output")
  func generatedWithTrouble() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let generated = InProcessCommand.generate(["--seed", "4", "--only", "many-objects", "--scale", "3",
                                               "--out", scratch.url.path, "--quiet"])
    #expect(generated.status == 0, "\(generated.stderr)")
    let text = try String(contentsOfFile: scratch.path("many-objects.csv"), encoding: .utf8)
    var lines: [String] = []
    for (index, line) in text.split(separator: "\n").enumerated() {
      let fields = line.split(separator: ",", omittingEmptySubsequences: false)
      // Every tag whose name ends in 3 falls silent between 20 and 28 s: the lost check exits it.
      if fields.count > 1, fields[1].hasSuffix("3"), let t = Double(fields[0]), t >= 20, t < 28 { continue }
      lines.append(String(line))
      if index == 500 { lines.append("1.0,\(fields[1]),n/a,,,,,,,,,,") }            // malformed number
      if index == 600 { lines.append("-5.0,\(fields[1]),2.0,,,,,,,,,,") }           // time went backwards
      if index == 700 { lines.append("\(fields[0]),\(fields[1]),,,,,,,suspended,,,,") }  // life-cycle row
      if index == 701 { lines.append("\(fields[0]),\(fields[1]),,,,,,,suspension_ended,,,,") }
    }
    let path = try scratch.write("troubled.csv", lines.joined(separator: "\n") + "\n")
    let one = try replay(path, jobs: 1)
    #expect(one.stdoutText.contains("\"reason\":\"lost\""), "the silent tags are lost")
    #expect(one.summary?.rejected == 2, "\(one.stderr)")
    try expectSameAsOneThread(path, jobs: [2, 4])
  }

  /// The real recordings of ../shared/datasets (several anchors, long
  /// files): skipped, saying so, without the folder; with it, one case per
  /// recording, whose file must be there (the names are fixed, so a folder
  /// that lacks them fails rather than passing on no case).
  @Test("Every real recording gives the same events, rejected rows and summary with 2 and 3 threads",
        .enabled(if: PackagePaths.hasRealRecordings, PackagePaths.noRealRecordings),
        arguments: PackagePaths.realRecordingFiles)
  func realRecordings(name: String) throws {
    let path = PackagePaths.realRecordings.appendingPathComponent(name).path
    #expect(FileManager.default.fileExists(atPath: path), "\(path) is missing")
    // Some recordings never bring their tag into a zone: no events, and still the same summary.
    try expectSameAsOneThread(path, jobs: [2, 3], hasEvents: false)
  }

  /// The 50-object recording of python/tests/fleet.py: the many-objects
  /// scenario of seeds 11, 12 and 13, objects renamed per seed, the first 50
  /// kept, rows merged in time order. Its objects update at 1 to 10 Hz, so
  /// shares of objects are not shares of rows.
  private static func fleet(in scratch: ScratchFolder, objects: Int = 50) throws -> String {
    var rows: [(t: Double, seed: Int, line: String)] = []
    var header = ""
    var names: [String] = []
    for seed in [11, 12, 13] {
      let out = scratch.path("seed-\(seed)")
      let generated = InProcessCommand.generate(["--seed", "\(seed)", "--only", "many-objects", "--out", out, "--quiet"])
      #expect(generated.status == 0, "\(generated.stderr)")
      let text = try String(contentsOfFile: out + "/many-objects.csv", encoding: .utf8)
      for line in text.split(separator: "\n") where !line.hasPrefix("#") {
        if line.hasPrefix("t,") { header = String(line); continue }
        var fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        fields[1] = "s\(seed)-\(fields[1])"
        if !names.contains(fields[1]) { names.append(fields[1]) }
        rows.append((Double(fields[0]) ?? 0, seed, fields.joined(separator: ",")))
      }
    }
    let kept = Set(names.prefix(objects))
    let merged = rows.filter { kept.contains(String($0.line.split(separator: ",")[1])) }
      .sorted { ($0.t, $0.seed) < ($1.t, $1.seed) }
    #expect(kept.count == objects)
    return try scratch.write("fleet-\(objects).csv", header + "\n" + merged.map { $0.line + "\n" }.joined())
  }

  @Test("A generated 50-object recording gives the same events, filtered track and summary with 1, 2 and 3 threads")
  func fiftyObjects() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = try Self.fleet(in: scratch)
    var outputs: [[String]] = []
    for jobs in [1, 2, 3] {
      let filtered = scratch.path("filtered-\(jobs).csv")
      let result = try replay(path, jobs: jobs, ["--filtered", filtered])
      #expect(result.status == 0, "\(result.stderr)")
      outputs.append([result.stdoutText, result.stderr, try String(contentsOfFile: filtered, encoding: .utf8)])
    }
    #expect(outputs[0][0].split(separator: "\n").count > 100, "the recording has events")
    #expect(outputs[0][1].contains("objects: 50 "), "\(outputs[0][1])")
    #expect(outputs[1] == outputs[0], "--jobs 2 differs from --jobs 1")
    #expect(outputs[2] == outputs[0], "--jobs 3 differs from --jobs 1")
  }

  @Test("The filtered track and the events written to files are the same bytes with 2 and 3 threads",
        arguments: GoldenDatasets.names)
  func filteredTrack(name: String) throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    var outputs: [[String]] = []
    for jobs in [1, 2, 3] {
      let events = scratch.path("events-\(jobs).jsonl"), filtered = scratch.path("filtered-\(jobs).csv")
      let result = ReplayInProcess.run(
        [PackagePaths.file("datasets/\(name)/samples.csv"), "--jobs", "\(jobs)", "--events", events, "--filtered", filtered])
      #expect(result.status == 0, "\(result.messages)")
      outputs.append([result.messages, try String(contentsOfFile: events, encoding: .utf8),
                      try String(contentsOfFile: filtered, encoding: .utf8)])
    }
    #expect(outputs[0][2].split(separator: "\n").count > 1, "the track has rows")
    #expect(outputs[1] == outputs[0], "--jobs 2 differs from --jobs 1")
    #expect(outputs[2] == outputs[0], "--jobs 3 differs from --jobs 1")
  }

  @Test("With --capacity 8, blocks of 6 tags walking in, each step beside 2 tags never seen again (evictions at most rows, names past the 65,536 kept), the output is the same")
  func evictingAtMostRows() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    var text = "t,object,distance\n"
    var seconds = 0.0, fresh = 0
    for block in 0..<3000 {
      for step in 0..<8 {
        for tag in 0..<6 {
          seconds += 0.01
          text += "\(seconds),b\(block)-\(tag),\(4 - 0.4 * Double(step))\n"
        }
        for _ in 0..<2 {
          seconds += 0.01
          fresh += 1
          text += "\(seconds),x\(fresh),2.5\n"
        }
      }
    }
    let path = try scratch.write("evicting.csv", text)
    let one = try replay(path, jobs: 1, ["--capacity", "8"])
    #expect(one.stdoutText.contains("\"reason\":\"evicted\""), "a block's tags are evicted inside their zones")
    let summary = try #require(one.summary, "\(one.stderr)")
    #expect(summary.objects > 65_536, "\(one.stderr)")
    try expectSameAsOneThread(path, jobs: [2, 3], ["--capacity", "8"])
  }

  @Test("Standard input replays with 2 threads as with one")
  func standardInput() throws {
    let text = try String(contentsOfFile: "datasets/many-objects/samples.csv", encoding: .utf8)
    let one = try Rangectl.run(["replay", "-"], stdin: text)
    let two = try Rangectl.run(["replay", "-", "--jobs", "2"], stdin: text)
    #expect(one.status == 0 && two.status == 0, "\(two.stderr)")
    #expect(!one.stdout.isEmpty)
    #expect(two.stdout == one.stdout)
    #expect(two.stderr == one.stderr)
  }

  @Test("--jobs is refused out of 1...256, and with --smooth", arguments: [
    ["--jobs", "0"], ["--jobs", "257"], ["--jobs", "2", "--smooth", "--filtered", "/tmp/never.csv"],
  ])
  func refused(arguments: [String]) throws {
    let result = try ReplayInProcess.result([PackagePaths.file("datasets/walk-in-out/samples.csv")] + arguments)
    #expect(result.status == 64, "\(result.stderr)")
    #expect(result.stderr.contains("--jobs") || result.stderr.contains("GSL"), "\(result.stderr)")
  }
}
