// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

/// `rangectl evaluate FILE... --jobs N`: files scored side by side, with the
/// report, the messages and the exit status of scoring them one after the other.
@Suite("rangectl evaluate --jobs")
struct EvaluateJobsTests {
  /// Every golden dataset, the real recordings (poses, several anchors) and a file with rejected rows.
  private func inputs(in scratch: ScratchFolder) throws -> [String] {
    let rejected = try scratch.write("rows.csv", EvaluateInputAccountingTests.withRejections)
    return GoldenDatasets.names.map { "datasets/\($0)/samples.csv" } + ["datasets/real", rejected]
  }

  @Test("The table, the JSON report and the messages are the same with 1, 2 and 3 files at a time",
        arguments: [[], ["--json"], ["--decimate", "2", "--json"]])
  func sameReport(arguments: [String]) throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let files = try inputs(in: scratch)
    let one = try Rangectl.run(["evaluate"] + files + arguments + ["--jobs", "1"])
    #expect(one.status == 0, "\(one.stderr)")
    #expect(one.stderr.contains("2 rows rejected and not scored"), "\(one.stderr)")
    if arguments.contains("--json") {
      #expect(one.stdoutText.contains("\"direction\""), "the real recordings' directions are pooled")
    }
    for jobs in [2, 3] {
      let many = try Rangectl.run(["evaluate"] + files + arguments + ["--jobs", "\(jobs)"])
      #expect(many.status == 0, "\(many.stderr)")
      #expect(many.stdout == one.stdout, "--jobs \(jobs): the report differs")
      #expect(many.stderr == one.stderr, "--jobs \(jobs): the messages differ")
    }
  }

  @Test("A file that cannot be scored stops the run where one after the other stops: same messages and status")
  func failureInTheMiddle() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let rejected = try scratch.write("rows.csv", EvaluateInputAccountingTests.withRejections)
    let noTruth = try scratch.write("notruth.csv", "t,object,distance\n0,a,1\n")
    let files = [rejected, "datasets/walk-in-out/samples.csv", noTruth, "datasets/circling/samples.csv", rejected]
    let one = try Rangectl.run(["evaluate"] + files + ["--jobs", "1"])
    #expect(one.status == 65, "\(one.stderr)")
    #expect(one.stderr.contains("missing column 'true_distance'"), "\(one.stderr)")
    // Only the first file's rejections are listed: the run stops at the third.
    #expect(one.stderr.components(separatedBy: "2 rows rejected and not scored").count == 2, "\(one.stderr)")
    for jobs in [2, 4] {
      let many = try Rangectl.run(["evaluate"] + files + ["--jobs", "\(jobs)"])
      #expect(many.status == one.status)
      #expect(many.stdout == one.stdout)
      #expect(many.stderr == one.stderr, "--jobs \(jobs)")
    }
  }

  @Test("--jobs is refused out of 1...256", arguments: ["0", "257"])
  func refused(jobs: String) throws {
    let result = try Rangectl.run(["evaluate", "datasets/walk-in-out/samples.csv", "--jobs", jobs])
    #expect(result.status == 64, "\(result.stderr)")
    #expect(result.stderr.contains("--jobs"), "\(result.stderr)")
  }
}
