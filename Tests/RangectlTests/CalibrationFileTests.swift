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

  struct Refusal: Sendable, CustomTestStringConvertible {
    var text: String
    /// What the message must hold after `--calibration-file: PATH`.
    var message: String
    var testDescription: String { message }
  }

  static let refusals: [Refusal] = [
    Refusal(text: "", message: ": the file is empty"),
    Refusal(text: "object,offset_m,scale\n", message: ":1: no object after the header"),
    Refusal(text: "object,offset_m,scale\ntag,0.1,1\ntag,0.2,1\n", message: ":3: field 'object': 'tag' is also on line 2"),
    // A quoted name with a comma and a line break is one field, and the lines after it are counted.
    Refusal(text: "object,offset_m,scale\n\"a, \"\"b\"\"\nc\",0.1,1\nx,0.1,1\n\"a, \"\"b\"\"\nc\",0.2,1\n",
            message: ":5: field 'object': 'a, \"b\"\\nc' is also on line 2"),
    Refusal(text: "object,offset_m,scale\ntag,nan,1\n", message: ":2: field 'offset_m': expected a finite number, found 'nan'"),
    Refusal(text: "object,offset_m,scale\ntag,0.1,inf\n", message: ":2: field 'scale': expected a finite number, found 'inf'"),
    Refusal(text: "object,offset_m,scale\ntag,0.1,0\n", message: ":2: field 'scale': the scale must be positive"),
    Refusal(text: "object,offset_m,scale\ntag,0.1,-1.02\n", message: ":2: field 'scale': the scale must be positive"),
    Refusal(text: "object,offset_m,scale\ntag,0.1,100\n", message: ":2: field 'scale': the scale must be in 0.5...2.0"),
    Refusal(text: "object,offset_m,scale\ntag,11,1\n", message: ":2: field 'offset_m': the offset must be in -10.0...10.0 m"),
    Refusal(text: "object,offset_m,scale\ntag,ten,1\n", message: ":2: field 'offset_m': expected a number, found 'ten'"),
    Refusal(text: "object,offset_m,scale\n,0.1,1\n", message: ":2: field 'object': empty"),
    Refusal(text: "object,offset_m,scale\ntag,0.1\n", message: ":2: expected 3 fields"),
    Refusal(text: "name,offset\ntag,0.1\n", message: ":1: expected the header 'object,offset_m,scale'"),
    Refusal(text: "object,offset_m,scale\n\"tag,0.1,1\n", message: ":2: field 'object': a quoted field runs to the end of the file"),
    Refusal(text: "object,offset_m,scale\n\"tag\"x,0.1,1\n", message: ":2: field 'object': text after the closing quote"),
  ]

  @Test("A calibration file that is empty, repeats an object, or holds a number that is not finite, a scale of 0 or less or a broken quote exits 64 naming the file, line and field",
        arguments: refusals)
  func refused(_ refusal: Refusal) throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let data = try Self.staticFile(in: scratch)
    let file = try scratch.write("calibration.csv", refusal.text)
    for command in ["replay", "evaluate", "plot"] {
      let extra = command == "plot" ? ["-o", scratch.path("p.svg")] : []
      let result = try Rangectl.run([command, data, "--calibration-file", file] + extra)
      #expect(result.status == 64, "\(command): \(result.stderr)")
      #expect(result.stderr.contains("--calibration-file: \(file)\(refusal.message)"), "\(command): \(result.stderr)")
    }
  }

  @Test("A missing calibration file, one beside --range-offset, and an object in both the file and --object-calibration are refused")
  func refusedWithOptions() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let data = try Self.staticFile(in: scratch)
    let file = try scratch.write("calibration.csv", "object,offset_m,scale\nplain,0.1,1\n")
    let missing = try Rangectl.run(["replay", data, "--calibration-file", scratch.path("none.csv")])
    #expect(missing.status == 64)
    #expect(missing.stderr.contains("none.csv: no such file"), "\(missing.stderr)")
    let beside = try Rangectl.run(["replay", data, "--calibration-file", file, "--range-offset", "0.1"])
    #expect(beside.status == 64)
    #expect(beside.stderr.contains("--calibration-file and --range-offset/--range-scale"), "\(beside.stderr)")
    let twice = try Rangectl.run(["replay", data, "--calibration-file", file, "--object-calibration", "plain=0.2"])
    #expect(twice.status == 64)
    #expect(twice.stderr.contains("--object-calibration names 'plain', which --calibration-file"), "\(twice.stderr)")
    // Other objects' flags join the file's.
    let joined = try Rangectl.run(["replay", data, "--quiet", "--calibration-file", file, "--object-calibration", "$(id)=0.1"])
    #expect(joined.status == 0, "\(joined.stderr)")
  }

  @Test("calibrate --per-object --write-calibration writes each name as RFC 4180 quotes it, prints --calibration-file, and replay, evaluate and plot read it as the equivalent flags")
  func roundTrip() throws {
    #if GSL
      let scratch = try ScratchFolder()
      defer { scratch.remove() }
      let data = try Self.staticFile(in: scratch)
      let file = scratch.path("calibration.csv")
      let written = try Rangectl.run(
        ["calibrate", data, "--known-distance", "2", "--per-object", "--write-calibration", file, "--json"])
      #expect(written.status == 0, "\(written.stderr)")
      let report = try #require(try JSONSerialization.jsonObject(with: written.stdout) as? [String: Any])
      #expect(report["flagArguments"] as? [String] == ["--calibration-file", file, "--band-offset", "0"])
      // The file as RFC 4180 writes it (§2, rules 6-7): quotes only around the field holding one, doubled inside.
      let expectedRows = ["tag one,0.100,", "\"it's \"\"q\"\"\",0.100,", "$(id),0.100,", "`id`,0.100,", "café ☃,0.100,",
                          "a;b|c,0.100,", "plain,0.100,"]
      #expect(try scratch.read("calibration.csv") == (["object,offset_m,scale"] + expectedRows).joined(separator: "\n") + "\n")
      // The flags the same fits give without the file.
      let flagged = try Rangectl.run(["calibrate", data, "--known-distance", "2", "--per-object", "--json"])
      let flagReport = try #require(try JSONSerialization.jsonObject(with: flagged.stdout) as? [String: Any])
      let flags = try #require(flagReport["flagArguments"] as? [String])
      #expect(flags.count == 2 * Self.names.count + 2)
      // inner at 2.05 m: the calibrated distance (2.0 m) is inside, the uncalibrated one (2.1 m) is not.
      let zones = ["--zones", "inner=2.05,outer=3", "--hysteresis", "0.02", "--band-offset", "0"]
      let fromFile = try Rangectl.run(
        ["replay", data, "--calibration-file", file, "--filtered", scratch.path("a.csv")] + zones)
      let fromFlags = try Rangectl.run(["replay", data, "--filtered", scratch.path("b.csv")] + flags + zones)
      let uncalibrated = try Rangectl.run(["replay", data] + zones)
      #expect(fromFile.status == 0, "\(fromFile.stderr)")
      #expect(fromFlags.status == 0, "\(fromFlags.stderr)")
      #expect(!fromFile.stdout.isEmpty)
      #expect(fromFile.stdout == fromFlags.stdout)
      #expect(try scratch.read("a.csv") == scratch.read("b.csv"))
      #expect(fromFile.stdout != uncalibrated.stdout, "the calibration changed nothing: the test cannot tell")
      let enters = try EventLine.parseAll(fromFile.stdoutText).filter { $0.event == "enter" && $0.zone == "inner" }
      #expect(Set(enters.map(\.object)) == Set(Self.names))
      // evaluate and plot read it through the same option.
      let evaluated = try Rangectl.run(["evaluate", data, "--calibration-file", file] + zones)
      let evaluatedFlags = try Rangectl.run(["evaluate", data] + flags + zones)
      #expect(evaluated.status == evaluatedFlags.status)
      #expect(evaluated.stdout == evaluatedFlags.stdout)
      let plotted = try Rangectl.run(["plot", data, "--calibration-file", file, "-o", scratch.path("a.svg"), "--object", "tag one"])
      let plottedFlags = try Rangectl.run(["plot", data, "-o", scratch.path("b.svg"), "--object", "tag one"] + flags.dropLast(2))
      #expect(plotted.status == 0, "\(plotted.stderr)")
      #expect(plottedFlags.status == 0, "\(plottedFlags.stderr)")
      #expect(try scratch.read("a.svg") == scratch.read("b.svg"))
    #endif
  }

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
      let result = try Rangectl.run(["calibrate", data, "--known-distance", "2"] + arguments)
      #expect(result.status == 64, "\(arguments): \(result.stderr)")
      #if GSL
        #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
      #endif
    }
  }
}
