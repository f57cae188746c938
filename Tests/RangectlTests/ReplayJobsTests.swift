// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

/// `rangectl replay --jobs N`: objects shared among threads, the same output as one.
@Suite("rangectl replay --jobs")
struct ReplayJobsTests {
  /// Standard output and standard error of `replay FILE --jobs N ARGS`.
  private func replay(_ path: String, jobs: Int, _ arguments: [String] = []) throws -> RangectlResult {
    try Rangectl.run(["replay", path, "--jobs", "\(jobs)"] + arguments)
  }

  private func expectSameAsOneThread(_ path: String, jobs: [Int], _ arguments: [String] = []) throws {
    let one = try replay(path, jobs: 1, arguments)
    #expect(one.status == 0, "\(one.stderr)")
    #expect(!one.stdout.isEmpty, "\(path) has events")
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
    try expectSameAsOneThread("datasets/\(name)/samples.csv", jobs: [2, 3])
  }

  @Test("A generated suite of 60 objects with bad rows, life-cycle rows and lost objects gives the same output")
  func generatedWithTrouble() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let generated = try Rangectl.run(["generate", "--seed", "4", "--only", "many-objects", "--scale", "3",
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

  @Test("The filtered track and the events written to files are the same bytes with 2 and 3 threads",
        arguments: GoldenDatasets.names)
  func filteredTrack(name: String) throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    var outputs: [[String]] = []
    for jobs in [1, 2, 3] {
      let events = scratch.path("events-\(jobs).jsonl"), filtered = scratch.path("filtered-\(jobs).csv")
      let result = try replay("datasets/\(name)/samples.csv", jobs: jobs, ["--events", events, "--filtered", filtered])
      #expect(result.status == 0, "\(result.stderr)")
      outputs.append([result.stderr, try String(contentsOfFile: events, encoding: .utf8),
                      try String(contentsOfFile: filtered, encoding: .utf8)])
    }
    #expect(outputs[0][2].split(separator: "\n").count > 1, "the track has rows")
    #expect(outputs[1] == outputs[0], "--jobs 2 differs from --jobs 1")
    #expect(outputs[2] == outputs[0], "--jobs 3 differs from --jobs 1")
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
    let result = try Rangectl.run(["replay", "datasets/walk-in-out/samples.csv"] + arguments)
    #expect(result.status == 64, "\(result.stderr)")
    #expect(result.stderr.contains("--jobs") || result.stderr.contains("GSL"), "\(result.stderr)")
  }
}
