// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

/// A run whose output or input fails at the operating system.
struct FailingStreamCase: Sendable, CustomTestStringConvertible {
  /// The command line after `rangectl`; `FILE` is a small recording, `OUT` a fresh path.
  var arguments: [String]
  /// Shell redirections (see ``Rangectl/run(_:stdin:redirections:in:)``).
  var redirections: String? = nil
  var status: Int32
  /// What standard error must say (the path and the system's reason).
  var message: String
  var testDescription: String { (arguments + [redirections ?? ""]).joined(separator: " ") }
}

/// Nothing lost in silence: a failed write, the final flush included, exits
/// 74 naming the path and no summary claims success; a missing or unreadable
/// input is 66 or 74 with its name, never a trap (issue 13, rows 1, 5, 19).
@Suite("rangectl output and input failures", .enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "needs /dev/full"))
struct OutputFailureTests {
  static let recording = "t,object,distance,true_distance\n0,tag,4,4\n1,tag,2,2\n2,tag,1,1\n3,tag,4,4\n"
  /// `rangectl config encode --uwb-config 0102`.
  static let message = "010000000000000000000000000000020102"

  static let cases: [FailingStreamCase] = [
    FailingStreamCase(arguments: ["replay", "FILE", "--events", "/dev/full"], status: 74, message: "/dev/full: No space left on device"),
    FailingStreamCase(arguments: ["replay", "FILE"], redirections: ">/dev/full", status: 74, message: "<stdout>: No space left on device"),
    FailingStreamCase(arguments: ["replay", "FILE"], redirections: ">&-", status: 74, message: "<stdout>: Bad file descriptor"),
    FailingStreamCase(
      arguments: ["replay", "FILE", "--events", "OUT", "--filtered", "/dev/full"], status: 74, message: "/dev/full: No space left"),
    FailingStreamCase(arguments: ["replay", "FILE", "--events", "/nonexistent/events.jsonl"], status: 73, message: "/nonexistent/events.jsonl"),
    FailingStreamCase(arguments: ["replay", "-"], redirections: "<&-", status: 74, message: "<stdin>:1: read failed: Bad file descriptor"),
    FailingStreamCase(arguments: ["evaluate", "FILE"], redirections: ">/dev/full", status: 74, message: "<stdout>: No space left"),
    FailingStreamCase(arguments: ["evaluate", "FILE", "--json"], redirections: ">&-", status: 74, message: "<stdout>: Bad file descriptor"),
    FailingStreamCase(arguments: ["calibrate", "FILE"], redirections: ">/dev/full", status: 74, message: "<stdout>: No space left"),
    FailingStreamCase(arguments: ["plot", "FILE", "-o", "/dev/full"], status: 74, message: "/dev/full: No space left on device"),
    FailingStreamCase(arguments: ["plot", "FILE", "-o", "/nonexistent/plot.svg"], status: 73, message: "/nonexistent/plot.svg"),
    FailingStreamCase(arguments: ["config", "decode", message], redirections: ">/dev/full", status: 74, message: "<stdout>: No space left"),
    FailingStreamCase(arguments: ["config", "encode", "--uwb-config", "0102"], redirections: ">&-", status: 74, message: "<stdout>: Bad file"),
    // Row 5: SIGILL in FileHandle.readDataToEndOfFile before.
    FailingStreamCase(arguments: ["config", "decode", "-"], redirections: "</tmp", status: 74, message: "<stdin>: read failed: Is a directory"),
    FailingStreamCase(arguments: ["config", "decode", "-"], redirections: "<&-", status: 74, message: "<stdin>: read failed: Bad file descriptor"),
    FailingStreamCase(arguments: ["config", "decode", "-"], redirections: "</dev/zero", status: 65, message: "longer than 1048576 bytes"),
    // Row 19: 64 before ("neither a file nor a hexadecimal message").
    FailingStreamCase(arguments: ["config", "decode", "/nonexistent/message.bin"], status: 66, message: "/nonexistent/message.bin: cannot open"),
    FailingStreamCase(arguments: ["config", "decode", "/tmp"], status: 66, message: "/tmp: cannot open: Is a directory"),
    FailingStreamCase(
      arguments: ["config", "decode", "zz"], status: 66, message: "zz: cannot open: No such file or directory (and it is not a hexadecimal message)"),
  ]

  /// The cases this build can run: calibrate needs the GSL trait.
  static var runnable: [FailingStreamCase] {
    #if GSL
      cases
    #else
      cases.filter { $0.arguments.first != "calibrate" }
    #endif
  }

  @Test("A failed read or write exits with its sysexits code and names the path", arguments: runnable)
  func failingStream(_ fixture: FailingStreamCase) throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = try scratch.write("small.csv", Self.recording)
    let arguments = fixture.arguments.map { $0 == "FILE" ? path : $0 == "OUT" ? scratch.path("out") : $0 }
    let result = try Rangectl.run(arguments, redirections: fixture.redirections)
    #expect(result.status == fixture.status, "stderr: \(result.stderr)")
    #expect(result.stderr.contains(fixture.message), "stderr: \(result.stderr)")
    #expect(result.summary == nil, "a summary after lost output: \(result.stderr)")
  }

  /// Issue 34, item 20: the summary is output too, and `2>/dev/full` lost it with exit 0.
  @Test("A failed write to standard error exits 74", arguments: [["replay", "FILE"], ["info", "FILE"]])
  func failedStandardError(_ command: [String]) throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = try scratch.write("small.csv", Self.recording)
    let result = try Rangectl.run(command.map { $0 == "FILE" ? path : $0 }, redirections: "2>/dev/full")
    #expect(result.status == (command[0] == "replay" ? 74 : 0), "info writes nothing to standard error")
  }

  /// Issue 34, item 20: a reader that stops early ends rangectl as it ends
  /// any Unix filter (docs/COMMAND-LINE.md): SIGPIPE, 141 in a shell, no message.
  @Test("A reader that closes standard output early ends the run by SIGPIPE, without a message")
  func closedPipe() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    // Two objects walking in and out of both zones every 4 s: 2,004 events, 178 kB
    // of output, far more than a pipe holds, so rangectl is still writing when the pipe closes.
    var rows = ["t,object,distance"]
    for step in 0..<40_000 {
      let phase = (Double(step / 2) * 0.05).truncatingRemainder(dividingBy: 4) / 2
      let distance = 0.5 + 3.5 * (phase < 1 ? phase : 2 - phase)
      rows.append("\(Double(step / 2) * 0.05),o\(step % 2),\(distance)")
    }
    let path = try scratch.write("many.csv", rows.joined(separator: "\n") + "\n")
    // As `rangectl replay many.csv | head -c 1`: read one byte, then close the pipe.
    let process = Process()
    process.executableURL = try Rangectl.location.get()
    process.arguments = ["replay", path]
    let pipe = Pipe()
    process.standardOutput = pipe
    _ = FileManager.default.createFile(atPath: scratch.path("err"), contents: nil)
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: scratch.path("err")))
    try process.run()
    _ = try pipe.fileHandleForReading.read(upToCount: 1)
    try pipe.fileHandleForReading.close()
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGPIPE,
            "\(process.terminationReason) \(process.terminationStatus)")
    #expect(try scratch.read("err").isEmpty)
  }

  @Test("--quiet --list-rejected 0 writes nothing to standard error, not even the line about further rejected rows")
  func quietListsNothing() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = try scratch.write("bad.csv", "t,object,distance\n0,a,abc\n1,a,2\n")
    // In-process (ReplayInProcess): the replay writes every message for standard error to the messages it keeps.
    for jobs in ["1", "2"] {
      let result = try ReplayInProcess.result([path, "--quiet", "--list-rejected", "0", "--jobs", jobs])
      #expect(result.status == 0)
      #expect(result.stderr.isEmpty, "--jobs \(jobs): \(result.stderr)")
    }
  }

  @Test("A file name with a newline is printed escaped in the summary and the messages")
  func newlineInName() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = try scratch.write("a\nb.csv", "t,object,distance\n0,a,abc\n1,a,2\n")
    // In-process (ReplayInProcess): its messages as standard error shows them.
    let result = try ReplayInProcess.result([path])
    #expect(result.status == 0)
    let escaped = path.replacingOccurrences(of: "\n", with: "\\n")
    #expect(result.stderr.contains("\(escaped):2:3: field 'distance'"), "\(result.stderr)")
    #expect(result.stderr.contains("\(escaped): 2 rows read"), "\(result.stderr)")
    #expect(!result.stderr.contains("a\nb.csv"), "\(result.stderr)")
  }

  /// Issue 34, item 14: Foundation's error dump before ("Error Domain=NSCocoaErrorDomain ...").
  @Test("An output folder that cannot be made is one line naming the path and why, exit 73", arguments: [
    (["generate", "--only", "walk-past", "--out", "FILE"], "rangectl generate: cannot create --out FILE: it is a file, not a folder"),
    (["generate", "--only", "walk-past", "--out", "FILE/sub"], "rangectl generate: cannot create --out FILE/sub: FILE is a file, not a folder"),
    (["replay", "FILE", "--out-dir", "FILE/out"], "rangectl replay: cannot create --out-dir FILE/out: FILE is a file, not a folder"),
    (["replay", "FILE", "--out-dir", "FILE"], "rangectl replay: cannot create --out-dir FILE: it is a file, not a folder"),
  ])
  func outputFolderRefused(_ command: [String], _ message: String) throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = try scratch.write("small.csv", Self.recording)
    // In-process (InProcessCommand, ReplayInProcess).
    let arguments = command.dropFirst().map { $0.replacingOccurrences(of: "FILE", with: path) }
    let (status, stderr) = command[0] == "generate"
      ? { let result = InProcessCommand.generate(arguments); return (result.status, result.stderr) }()
      : ReplayInProcess.run(arguments)
    #expect(status == 73, "stderr: \(stderr)")
    #expect(stderr == message.replacingOccurrences(of: "FILE", with: path) + "\n")
  }

  @Test("An output folder under one that does not exist yet is made with its parents")
  func outputFolderWithParents() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    // In-process (InProcessCommand).
    let result = InProcessCommand.generate(["--only", "walk-past", "--quiet", "--out", scratch.path("a/b/c")])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    #expect(FileManager.default.fileExists(atPath: scratch.path("a/b/c/walk-past.csv")))
  }

  @Test("Output that reaches its file still exits 0 (the checks cost nothing when writes succeed)")
  func successStillSucceeds() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = try scratch.write("small.csv", Self.recording)
    let result = try Rangectl.run(
      ["replay", path, "--events", scratch.path("events.jsonl"), "--filtered", scratch.path("track.csv")])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    #expect(try scratch.read("track.csv").split(separator: "\n").count == 5)
    #expect(!(try scratch.read("events.jsonl")).isEmpty)
  }
}
