// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One row of `Tests/Corpus/manifest.json`: an input, a command, and the
/// outcome it must have.
struct CorpusCase: Decodable, Sendable, CustomTestStringConvertible {
  struct Summary: Decodable, Sendable {
    var read: Int?
    var accepted: Int?
    var rejected: Int?
    var reasons: [String: Int]?
    var objects: Int?
  }

  var name: String
  /// A file in `Tests/Corpus`, an absolute path, or `generated:<kind>`.
  var input: String
  var command: [String]
  var redirections: String?
  var status: Int32
  var stderr: [String]?
  var summary: Summary?
  var stdoutLines: Int?
  /// Text that must appear on standard output, and text that must not.
  var stdout: [String]?
  var stdoutAbsent: [String]?

  var testDescription: String { name }
}

/// The corpus of malformed inputs (issue 13, item 2), run through every
/// command that reads user input: replay, evaluate, plot, calibrate and
/// config decode. Each case pins the exit status, the message's
/// file:line:field and, for replay, the rows read, accepted and rejected by
/// reason. Inputs too large to commit are generated here.
@Suite("Malformed-input corpus")
struct CorpusTests {
  static let folder = PackagePaths.root.appendingPathComponent("Tests/Corpus")

  static let cases: [CorpusCase] = {
    struct Manifest: Decodable { var cases: [CorpusCase] }
    let url = folder.appendingPathComponent("manifest.json")
    do {
      let all = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: url)).cases
      #if GSL
        return all
      #else
        // calibrate needs the GSL trait; without it, it refuses every input with 64 (CalibrateCommandTests).
        return all.filter { $0.command.first != "calibrate" }
      #endif
    } catch {
      preconditionFailure("CorpusTests: cannot read \(url.path): \(error)")
    }
  }()

  /// The corpus page's count is a figure that drifts as cases are added (issue 37, item 7).
  @Test("docs/COMMAND-LINE.md gives the manifest's number of cases")
  func documentedCount() throws {
    struct Manifest: Decodable { var cases: [CorpusCase] }
    let count = try JSONDecoder().decode(
      Manifest.self, from: Data(contentsOf: Self.folder.appendingPathComponent("manifest.json"))
    ).cases.count
    let page = try String(
      contentsOf: PackagePaths.root.appendingPathComponent("docs/COMMAND-LINE.md"), encoding: .utf8)
    let flat = page.replacingOccurrences(of: "\n", with: " ")
    #expect(flat.contains("`Tests/Corpus/manifest.json` lists \(count) cases"), "the manifest has \(count) cases")
  }

  @Test("Every corpus input gives its recorded outcome", arguments: cases)
  func corpusCase(_ fixture: CorpusCase) throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = try Self.inputPath(fixture.input, in: scratch)
    let substitute = { (text: String) in
      text.replacingOccurrences(of: "FILE", with: path).replacingOccurrences(of: "OUT", with: scratch.path("out"))
    }
    let result = try Rangectl.run(fixture.command.map(substitute), redirections: fixture.redirections.map(substitute))
    #expect(result.status == fixture.status, "stderr: \(result.stderr)")
    for text in fixture.stderr ?? [] {
      #expect(result.stderr.contains(substitute(text)), "missing '\(substitute(text))' in stderr: \(result.stderr)")
    }
    #expect(!result.stderr.contains("\u{1B}"), "a raw escape on stderr")
    #expect(!result.stderr.contains("Fatal error"), "stderr: \(result.stderr)")
    if let lines = fixture.stdoutLines { #expect(result.stdoutLines.count == lines, "stdout: \(result.stdoutText)") }
    for text in fixture.stdout ?? [] { #expect(result.stdoutText.contains(text), "missing '\(text)' in stdout: \(result.stdoutText)") }
    for text in fixture.stdoutAbsent ?? [] { #expect(!result.stdoutText.contains(text), "'\(text)' in stdout: \(result.stdoutText)") }
    if let summary = result.summary {
      // Every summary adds up, whatever the case pins.
      #expect(summary.rowsRead == summary.accepted + summary.rejected)
      #expect(summary.rejectedByReason.values.reduce(0, +) == summary.rejected)
    }
    guard let expected = fixture.summary else { return }
    let summary = try #require(result.summary, "no summary in: \(result.stderr)")
    if let read = expected.read { #expect(summary.rowsRead == read) }
    if let accepted = expected.accepted { #expect(summary.accepted == accepted) }
    if let rejected = expected.rejected { #expect(summary.rejected == rejected) }
    for (reason, count) in expected.reasons ?? [:] { #expect(summary.rejectedByReason[reason] == count, "\(reason)") }
    if let objects = expected.objects { #expect(summary.objects == objects) }
  }

  /// The replay cases whose output is all on standard output and error.
  static let replayCases = cases.filter { fixture in
    fixture.command.first == "replay" && fixture.redirections == nil && !fixture.command.contains("--jobs")
      && !fixture.command.contains { $0.contains("OUT") }
  }

  /// `--jobs N` writes what one thread writes, byte for byte, on every
  /// replay case of the corpus (issue 34, item 4): events, messages and summary.
  @Test("Every replay case writes the same bytes at --jobs 1, 2 and 3", arguments: replayCases)
  func jobsWriteOneThreadsBytes(_ fixture: CorpusCase) throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = try Self.inputPath(fixture.input, in: scratch)
    let command = fixture.command.map { $0.replacingOccurrences(of: "FILE", with: path) }
    let one = try Rangectl.run(command + ["--jobs", "1"])
    for jobs in [2, 3] {
      let many = try Rangectl.run(command + ["--jobs", "\(jobs)"])
      #expect(many.status == one.status, "--jobs \(jobs)")
      #expect(many.stdout == one.stdout, "--jobs \(jobs)")
      #expect(many.stderr == one.stderr, "--jobs \(jobs)")
    }
  }

  /// Peak memory does not grow with the number of distinct object names
  /// (issue 13, row 8): 1e6 distinct names against 1,000 names cycling, the
  /// same number of rows. On one thread within 2 MB of each other. With
  /// threads, the reader keeps the first 65,536 names with their threads
  /// (docs/FORMATS.md §4, "Threads"), so up to 65,536 names' worth more, and
  /// no more: within 32 MB, where the 1e6 names themselves would take more.
  @Test("1e6 distinct object names replay in the memory of 1,000", .enabled(
    if: FileManager.default.isExecutableFile(atPath: "/usr/bin/time"), "needs GNU time for the peak RSS"),
    arguments: [(jobs: 1, kilobytes: 2048), (jobs: 2, kilobytes: 32768)])
  func distinctNamesInFlatMemory(jobs: Int, kilobytes: Int) throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let distinct = try Self.inputPath("generated:distinct-objects", in: scratch)
    let cycling = try Self.inputPath("generated:thousand-objects", in: scratch)
    let replay = { (path: String) in ["replay", path, "--events", "/dev/null", "--jobs", "\(jobs)"] }
    let distinctPeak = try Self.peakKilobytes(replay(distinct), scratch: scratch)
    let cyclingPeak = try Self.peakKilobytes(replay(cycling), scratch: scratch)
    #expect(distinctPeak - cyclingPeak < kilobytes, "peak RSS \(distinctPeak) KB for 1e6 names, \(cyclingPeak) KB for 1,000")
  }

  /// The input's path, generating the input in `scratch` when it is `generated:<kind>`.
  static func inputPath(_ input: String, in scratch: ScratchFolder) throws -> String {
    if input.hasPrefix("/") { return input }
    guard input.hasPrefix("generated:") else { return folder.appendingPathComponent(input).path }
    let kind = input.dropFirst("generated:".count)
    let path = scratch.path(String(kind))
    switch kind {
    case "missing":
      break
    case "empty-dir":
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    case "fifo-folder":
      // A recording beside a FIFO and a link to /dev/zero, both named .csv (issue 34, item 3). Should
      // the FIFO be opened, the unblocker ends the wait after 10 s: the case fails instead of hanging.
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
      try write(path + "/a.csv", ["t,object,distance,true_distance\n0,tag,2,2\n0.2,tag,2,2\n"])
      guard mkfifo(path + "/b.csv", 0o600) == 0 else { throw CocoaError(.fileWriteUnknown) }
      _ = FIFOUnblocker(path + "/b.csv")
      try FileManager.default.createSymbolicLink(atPath: path + "/c.csv", withDestinationPath: "/dev/zero")
    case "long-comments":
      let comment = "#" + String(repeating: "c", count: (1 << 20) + 100) + "\n"
      try write(path, [comment, comment, "t,object,distance,true_distance\n", comment, "0,tag,1,1\n", comment, "1,tag,2,2\n", comment])
    case "long-line":
      try write(path, ["t,object,distance\n0,tag,1\n1,tag,", String(repeating: "9", count: (1 << 20) + 100), "\n2,tag,2\n"])
    case "endless-line":
      // A header, a row, and 70 MiB of NUL bytes (a sparse file: nothing is written).
      try write(path, ["t,object,distance\n0,tag,1\n"])
      let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
      try handle.truncate(atOffset: 70 << 20)
      try handle.close()
    case "distinct-objects", "thousand-objects":
      let cycle = kind == "distinct-objects" ? Int.max : 1000
      var chunks = ["t,object,distance\n"]
      var chunk = ""
      for row in 0..<1_000_000 {
        chunk += "\(row / 1000).\(row % 1000),obj-\(row % cycle),\(1 + row % 50)\n"
        if chunk.utf8.count > 1 << 20 {
          chunks.append(chunk)
          chunk = ""
        }
      }
      chunks.append(chunk)
      try write(path, chunks)
    default:
      preconditionFailure("CorpusTests: unknown generated input \(kind)")
    }
    return path
  }

  private static func write(_ path: String, _ chunks: [String]) throws {
    _ = FileManager.default.createFile(atPath: path, contents: nil)
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    for chunk in chunks { try handle.write(contentsOf: Data(chunk.utf8)) }
    try handle.close()
  }

  /// Runs `rangectl arguments` under `/usr/bin/time -f %M` and returns its peak RSS in KB.
  private static func peakKilobytes(_ arguments: [String], scratch: ScratchFolder) throws -> Int {
    let report = scratch.path("time.txt")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
    process.arguments = ["-f", "%M", "-o", report, try Rangectl.location.get().path] + arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let text = try String(contentsOfFile: report, encoding: .utf8)
    return try #require(Int(text.split(separator: "\n").last ?? ""), "time printed: \(text)")
  }
}
