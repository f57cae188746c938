// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

/// Issue 58, item 2: with 100,000 objects the `--object-calibration` flags of
/// `calibrate --per-object` are megabytes, which no shell takes; a calibration
/// file (docs/FORMATS.md, "Calibration file") carries them instead.
@Suite("Calibration file: calibrate --write-calibration, --calibration-file")
struct CalibrationFileTests {
  /// Names a shell or a CSV writer could mangle: a space, quotes, `$(id)`, backquotes, non-ASCII, spaces at the ends.
  static let names = ["tag one", "it's \"q\"", "$(id)", "`id`", "café ☃", "a;b|c", "plain"]

  /// A static recording at 2 m of devices reading 0.1 m long (±0.01), no truth: every name at every step.
  static func staticFile(in scratch: ScratchFolder) throws -> String {
    var lines = ["t,object,distance"]
    for step in 0..<40 {
      let t = Double(step) * 0.1, noise = step % 2 == 0 ? 0.01 : -0.01
      lines += names.map { "\(t),\($0),\(2.1 + noise)" }
    }
    return try scratch.write("static.csv", lines.joined(separator: "\n") + "\n")
  }

  // Every refusal of a calibration file, and of the file beside other options, is checked in-process
  // (RangingReplayOptionsTests, CalibrationFileOptionTests); one here shows that the three commands that take the
  // engine options refuse through them with exit 64 and the file, line and field on standard error.
  @Test("A calibration file repeating an object exits 64 from replay, evaluate and plot, naming the file, line and field")
  func refused() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let data = try Self.staticFile(in: scratch)
    let file = try scratch.write("calibration.csv", "object,offset_m,scale\ntag,0.1,1\ntag,0.2,1\n")
    for command in ["replay", "evaluate", "plot"] {
      let extra = command == "plot" ? ["-o", scratch.path("p.svg")] : []
      let result = try Rangectl.run([command, data, "--calibration-file", file] + extra)
      #expect(result.status == 64, "\(command): \(result.stderr)")
      #expect(result.stderr.contains("--calibration-file: \(file):3: field 'object': 'tag' is also on line 2"),
              "\(command): \(result.stderr)")
      #expect(result.stdout.isEmpty, "\(command)")
    }
  }

  // The chain a user runs, each command in-process: calibrate writes the file and prints the option, and three
  // other commands read it. The file's calibrations against the flags' are checked in RangingReplayOptionsTests
  // too (CalibrationFileOptionTests.fileEqualsFlags).
  @Test("calibrate --per-object --write-calibration writes each name as RFC 4180 quotes it, prints --calibration-file, and replay, evaluate and plot read it as the equivalent flags")
  func roundTrip() throws {
    #if GSL
      let scratch = try ScratchFolder()
      defer { scratch.remove() }
      let data = try Self.staticFile(in: scratch)
      let file = scratch.path("calibration.csv")
      let written = InProcessCommand.calibrate(
        [data, "--known-distance", "2", "--per-object", "--write-calibration", file, "--json"])
      #expect(written.status == 0, "\(written.stderr)")
      let report = try #require(try JSONSerialization.jsonObject(with: written.stdout) as? [String: Any])
      #expect(report["flagArguments"] as? [String] == ["--calibration-file", file, "--band-offset", "0"])
      // The file as RFC 4180 writes it (§2, rules 6-7): quotes only around the field holding one, doubled inside.
      let expectedRows = ["tag one,0.100,", "\"it's \"\"q\"\"\",0.100,", "$(id),0.100,", "`id`,0.100,", "café ☃,0.100,",
                          "a;b|c,0.100,", "plain,0.100,"]
      #expect(try scratch.read("calibration.csv") == (["object,offset_m,scale"] + expectedRows).joined(separator: "\n") + "\n")
      // The flags the same fits give without the file.
      let flagged = InProcessCommand.calibrate([data, "--known-distance", "2", "--per-object", "--json"])
      let flagReport = try #require(try JSONSerialization.jsonObject(with: flagged.stdout) as? [String: Any])
      let flags = try #require(flagReport["flagArguments"] as? [String])
      #expect(flags.count == 2 * Self.names.count + 2)
      // inner at 2.05 m: the calibrated distance (2.0 m) is inside, the uncalibrated one (2.1 m) is not.
      let zones = ["--zones", "inner=2.05,outer=3", "--hysteresis", "0.02", "--band-offset", "0"]
      func replay(_ name: String, _ arguments: [String]) throws -> String {
        let replayed = ReplayInProcess.run(
          [data, "--events", scratch.path("\(name).jsonl"), "--filtered", scratch.path("\(name).csv")] + arguments + zones)
        #expect(replayed.status == 0, "\(replayed.messages)")
        return try scratch.read("\(name).jsonl")
      }
      let fromFile = try replay("a", ["--calibration-file", file])
      let fromFlags = try replay("b", flags)
      let uncalibrated = try replay("c", [])
      #expect(!fromFile.isEmpty)
      #expect(fromFile == fromFlags)
      #expect(try scratch.read("a.csv") == scratch.read("b.csv"))
      #expect(fromFile != uncalibrated, "the calibration changed nothing: the test cannot tell")
      let enters = try EventLine.parseAll(fromFile).filter { $0.event == "enter" && $0.zone == "inner" }
      #expect(Set(enters.map(\.object)) == Set(Self.names))
      // evaluate and plot read it through the same option.
      let evaluated = InProcessCommand.evaluate([data, "--calibration-file", file] + zones)
      let evaluatedFlags = InProcessCommand.evaluate([data] + flags + zones)
      #expect(evaluated.status == evaluatedFlags.status)
      #expect(evaluated.stdout == evaluatedFlags.stdout)
      let plotted = try PlotInProcess.plot([data, "--calibration-file", file, "-o", "a.svg", "--object", "tag one"])
      let plottedFlags = try PlotInProcess.plot([data, "-o", "b.svg", "--object", "tag one"] + flags.dropLast(2))
      #expect(plotted.svg == plottedFlags.svg)
    #endif
  }

  /// Parsed in-process (parseRefusal), `Calibrate.validate()` included.
  @Test("calibrate --write-calibration fits every object (not with --object) and needs a file other than the input")
  func writeCalibrationRefusals() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let data = try Self.staticFile(in: scratch)
    for (arguments, message) in [
      (["--write-calibration", scratch.path("c.csv"), "--object", "plain"], "not with --object"),
      (["--per-object", "--write-calibration", "-"], "needs a file path"),
      (["--per-object", "--write-calibration", data], "is the input file"),
    ] {
      let refusal = parseRefusal(["calibrate", data, "--known-distance", "2"] + arguments)
      #expect(refusal?.status == 64, "\(arguments): \(refusal?.message ?? "accepted")")
      #if GSL
        #expect(refusal?.message.contains(message) == true, "\(arguments): \(refusal?.message ?? "accepted")")
      #endif
    }
  }
}
