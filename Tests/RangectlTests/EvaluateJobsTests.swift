// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

/// `rangectl evaluate FILE... --jobs N`: files scored side by side, with the
/// report, the messages and the exit status of scoring them one after the other;
/// in-process (InProcessCommand.evaluate), the files scored on threads of the test's process.
@Suite("rangectl evaluate --jobs")
struct EvaluateJobsTests {
  /// The table, the JSON report and the messages of `evaluate FILES ARGUMENTS`: the same with 1, 2 and 3
  /// files at a time. FILES end with a file with 2 rejected rows.
  private func expectSameReport(_ files: [String], _ arguments: [String]) throws {
    let one = InProcessCommand.evaluate(files + arguments + ["--jobs", "1"])
    #expect(one.status == 0, "\(one.stderr)")
    #expect(one.stderr.contains("2 rows rejected and not scored"), "\(one.stderr)")
    if arguments.contains("--json") {
      #expect(one.stdoutText.contains("\"direction\""), "the directions are pooled")
    }
    for jobs in [2, 3] {
      let many = InProcessCommand.evaluate(files + arguments + ["--jobs", "\(jobs)"])
      #expect(many.status == 0, "\(many.stderr)")
      #expect(many.stdout == one.stdout, "--jobs \(jobs): the report differs")
      #expect(many.stderr == one.stderr, "--jobs \(jobs): the messages differ")
    }
  }

  @Test("The table, the JSON report and the messages are the same with 1, 2 and 3 files at a time",
        arguments: [[], ["--json"], ["--decimate", "2", "--json"]])
  func sameReport(arguments: [String]) throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let rejected = try scratch.write("rows.csv", EvaluateInputAccountingTests.withRejections)
    try expectSameReport(GoldenDatasets.names.map { PackagePaths.file("datasets/\($0)/samples.csv") } + [rejected], arguments)
  }

  /// The real recordings: several anchors, arexp-stage's directions, files of 859 to 53,914 rows side by side;
  /// the table and the JSON report, whose merges differ. `--decimate` thins each file before it is scored,
  /// alone, and the bundled datasets above check it with threads.
  @Test("On the real recordings of ../shared/datasets too",
        .enabled(if: PackagePaths.hasRealRecordings, PackagePaths.noRealRecordings),
        arguments: [[], ["--json"]])
  func sameReportOnRealRecordings(arguments: [String]) throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let rejected = try scratch.write("rows.csv", EvaluateInputAccountingTests.withRejections)
    try expectSameReport(PackagePaths.realRecordingFiles.map { PackagePaths.realRecordings.appendingPathComponent($0).path } + [rejected], arguments)
  }

  @Test("A file that cannot be scored stops the run where one after the other stops: same messages and status")
  func failureInTheMiddle() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let rejected = try scratch.write("rows.csv", EvaluateInputAccountingTests.withRejections)
    let noTruth = try scratch.write("notruth.csv", "t,object,distance\n0,a,1\n")
    let files = [rejected, PackagePaths.file("datasets/walk-in-out/samples.csv"), noTruth,
                 PackagePaths.file("datasets/circling/samples.csv"), rejected]
    let one = InProcessCommand.evaluate(files + ["--jobs", "1"])
    #expect(one.status == 65, "\(one.stderr)")
    #expect(one.stderr.contains("missing column 'true_distance'"), "\(one.stderr)")
    // Only the first file's rejections are listed: the run stops at the third.
    #expect(one.stderr.components(separatedBy: "2 rows rejected and not scored").count == 2, "\(one.stderr)")
    for jobs in [2, 4] {
      let many = InProcessCommand.evaluate(files + ["--jobs", "\(jobs)"])
      #expect(many.status == one.status)
      #expect(many.stdout == one.stdout)
      #expect(many.stderr == one.stderr, "--jobs \(jobs)")
    }
  }

  @Test("--jobs is refused out of 1...256", arguments: ["0", "257"])
  func refused(jobs: String) throws {
    let result = InProcessCommand.evaluate([PackagePaths.file("datasets/walk-in-out/samples.csv"), "--jobs", jobs])
    #expect(result.status == 64, "\(result.stderr)")
    #expect(result.stderr.contains("--jobs"), "\(result.stderr)")
  }
}
