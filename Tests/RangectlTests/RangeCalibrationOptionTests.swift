// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

/// A static recording at 2 m of a device 0.1 m long (±0.01), no truth.
private let staticTwoMetres: String = {
  var lines = ["t,object,distance"]
  for step in 0..<40 { lines.append("\(Double(step) * 0.1),tag,\(step % 2 == 0 ? 2.11 : 2.09)") }
  return lines.joined(separator: "\n") + "\n"
}()

/// In-process: replay, evaluate, calibrate and plot run as ReplayInProcess, InProcessCommand and PlotInProcess run them.
@Suite("rangectl --range-offset and --range-scale")
struct RangeCalibrationOptionTests {
  struct EngineOptionCase: Sendable, CustomTestStringConvertible {
    var arguments: [String]
    var message: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  // Each limit is checked in-process (RangingReplayOptionsTests, EngineOptionsTests); one case here shows that
  // both commands refuse through the engine options with exit 64.
  @Test("--range-offset and --range-scale outside the engine's limits exit 64 with the limit",
        arguments: [
          EngineOptionCase(arguments: ["--range-scale", "102"], message: "--range-scale must be in 0.5...2.0 (a ratio, not a percentage), got 102.0"),
        ])
  func engineOptionLimits(_ c: EngineOptionCase) throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = try scratch.write("static.csv", staticTwoMetres)
    let results = [
      ("replay", try ReplayInProcess.result([path] + c.arguments)), ("evaluate", InProcessCommand.evaluate([path] + c.arguments)),
    ]
    for (command, result) in results {
      #expect(result.status == 64, "\(command) stderr: \(result.stderr)")
      #expect(result.stderr.contains(c.message), "\(command) stderr: \(result.stderr)")
    }
  }

  @Test("A calibrated replay reports corrected distances: a device 0.1 m long at 2 m reads 2 m")
  func calibratedReplay() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = try scratch.write("static.csv", staticTwoMetres)
    let filtered = scratch.path("filtered.csv")
    let result = try ReplayInProcess.result([path, "--range-offset", "0.1", "--filtered", filtered])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    let last = try #require(try scratch.read("filtered.csv").split(separator: "\n").last)
    let distance = try #require(Double(last.split(separator: ",", omittingEmptySubsequences: false)[2]))
    #expect(abs(distance - 2) < 0.005, "\(last)")
  }

  // Each refusal is checked in-process (RangingReplayOptionsTests, EngineOptionsTests); one case here shows that
  // the three commands that take the engine options refuse through them with exit 64.
  @Test("--object-calibration that cannot be read, is out of range, names an object twice or joins --range-offset exits 64",
        arguments: [
          EngineOptionCase(
            arguments: ["--object-calibration", "tag=0.1", "--object-calibration", "tag=0.2"],
            message: "--object-calibration names 'tag' twice"),
        ])
  func objectCalibrationRefusals(_ c: EngineOptionCase) throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = try scratch.write("static.csv", staticTwoMetres)
    let replay = try ReplayInProcess.result([path] + c.arguments), evaluate = InProcessCommand.evaluate([path] + c.arguments)
    let plot = PlotInProcess.refusal([path, "-o", scratch.path("plot.svg")] + c.arguments)
    for (command, status, message) in [
      ("replay", replay.status, replay.stderr), ("evaluate", evaluate.status, evaluate.stderr),
      ("plot", plot?.status, plot?.message ?? "plotted"),
    ] {
      #expect(status == 64, "\(command) stderr: \(message)")
      #expect(message.contains(c.message), "\(command) stderr: \(message)")
    }
  }

  @Test("--object-calibration corrects only its object: the same filtered rows as the input corrected beforehand by (d - b) / s, with a calibrated sigma")
  func objectCalibrationCorrectsItsObject() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    // Two devices at 2 m: "long" reads 0.1 + 1.02 x true, "plain" reads true.
    var measured = ["t,object,distance"], corrected = ["t,object,distance"]
    for step in 0..<40 {
      let t = Double(step) * 0.1, noise = step % 2 == 0 ? 0.01 : -0.01
      let long = 0.1 + 1.02 * 2 + noise
      measured += ["\(t),long,\(long)", "\(t),plain,\(2 + noise)"]
      corrected += ["\(t),long,\((long - 0.1) / 1.02)", "\(t),plain,\(2 + noise)"]
    }
    let raw = try scratch.write("measured.csv", measured.joined(separator: "\n") + "\n")
    let fixed = try scratch.write("corrected.csv", corrected.joined(separator: "\n") + "\n")
    let calibrated = try ReplayInProcess.result([raw, "--object-calibration", "long=0.1,1.02", "--filtered", scratch.path("a.csv")])
    let reference = try ReplayInProcess.result([fixed, "--filtered", scratch.path("b.csv")])
    #expect(calibrated.status == 0 && reference.status == 0, "\(calibrated.stderr) \(reference.stderr)")
    let a = try scratch.read("a.csv"), b = try scratch.read("b.csv")
    let rowsA = a.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
    let rowsB = b.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
    #expect(!rowsA.isEmpty && rowsA.count == rowsB.count)
    // The same rows but for the sigma (column 3): a calibrated device's bias term is the smaller
    // one (ReportedRangeUncertainty), so "long" reports less, and "plain" the same.
    for (ra, rb) in zip(rowsA.dropFirst(), rowsB.dropFirst()) {
      #expect(ra.count == rb.count && ra.indices.allSatisfy { $0 == 3 || ra[$0] == rb[$0] }, "\(ra) \(rb)")
      guard ra.count > 3, let sa = Double(ra[3]), let sb = Double(rb[3]) else { continue }
      #expect(ra[1] == "long" ? sa < sb : sa == sb, "\(ra) \(rb)")
    }
  }

  @Test("calibrate --per-object prints each object's fit and one --object-calibration flag per object")
  func perObjectFits() throws {
    #if GSL
      let scratch = try ScratchFolder()
      defer { scratch.remove() }
      // Static recordings of two devices at 2 m: 0.1 m and 0.3 m long.
      var lines = ["t,object,distance"]
      for step in 0..<40 {
        let t = Double(step) * 0.1, noise = step % 2 == 0 ? 0.01 : -0.01
        lines += ["\(t),near,\(2.1 + noise)", "\(t),far,\(2.3 + noise)"]
      }
      let path = try scratch.write("two.csv", lines.joined(separator: "\n") + "\n")
      let result = InProcessCommand.calibrate([path, "--known-distance", "2", "--per-object"])
      #expect(result.status == 0, "stderr: \(result.stderr)")
      // The Huber location of ±0.01 around 0.1 and 0.3 is 0.1 and 0.3 exactly (symmetric data).
      #expect(result.stdoutText.contains(
        "flags for all: --object-calibration near=0.100 --object-calibration far=0.300 --band-offset 0"), "\(result.stdoutText)")
      // One line of flags, for all: no per-object `flags: --range-offset` line to take by mistake.
      #expect(!result.stdoutText.contains("flags: --range-offset"), "\(result.stdoutText)")
      let both = InProcessCommand.calibrate([path, "--per-object", "--object", "near"])
      #expect(both.status == 64)
    #endif
  }

  /// Issue 58, item 2: names were printed bare, so `tag one` split in two when pasted and `$(id)` ran.
  /// (A CSV name cannot hold a comma or a line break; ShellQuotedTests covers those words.)
  @Test("calibrate --per-object quotes hostile names for sh, and --json gives the flags as words too")
  func perObjectHostileNames() throws {
    #if GSL
      let scratch = try ScratchFolder()
      defer { scratch.remove() }
      let names = ["tag one", "it's", "$(id)", "café ☃", "a;b|c", "`id`", "plain"]
      var lines = ["t,object,distance"]
      for step in 0..<40 {
        let t = Double(step) * 0.1, noise = step % 2 == 0 ? 0.01 : -0.01
        lines += names.map { "\(t),\($0),\(2.1 + noise)" }
      }
      let path = try scratch.write("hostile.csv", lines.joined(separator: "\n") + "\n")
      let result = InProcessCommand.calibrate([path, "--known-distance", "2", "--per-object"])
      #expect(result.status == 0, "stderr: \(result.stderr)")
      let line = try #require(result.stdoutLines.first { $0.hasPrefix("flags for all: ") }).dropFirst("flags for all: ".count)
      let expected = names.flatMap { ["--object-calibration", "\($0)=0.100"] } + ["--band-offset", "0"]
      #expect(try shellWords(String(line)) == expected, "\(line)")
      // --json: the same line in `flags`, and its words in `flagArguments`.
      let json = InProcessCommand.calibrate([path, "--known-distance", "2", "--per-object", "--json"])
      let report = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
      #expect(report["flagArguments"] as? [String] == expected)
      #expect(try shellWords(try #require(report["flags"] as? String)) == expected)
      // The words run the engine: every name is read back as its object's.
      let replay = try ReplayInProcess.result([path, "--quiet"] + expected)
      #expect(replay.status == 0, "stderr: \(replay.stderr)")
    #endif
  }

  @Test("calibrate of a file whose objects read apart notes it on standard error and points to --per-object")
  func objectSpreadNoted() throws {
    #if GSL
      let scratch = try ScratchFolder()
      defer { scratch.remove() }
      // Static recordings at 2 m: two devices 0.1 and 0.3 m long, then two devices both 0.1 m long.
      func file(_ name: String, far: Double) throws -> String {
        var lines = ["t,object,distance"]
        for step in 0..<40 {
          let t = Double(step) * 0.1, noise = step % 2 == 0 ? 0.01 : -0.01
          lines += ["\(t),near,\(2.1 + noise)", "\(t),far,\(far + noise)"]
        }
        return try scratch.write(name, lines.joined(separator: "\n") + "\n")
      }
      let apart = InProcessCommand.calibrate([try file("apart.csv", far: 2.3), "--known-distance", "2"])
      #expect(apart.status == 0, "stderr: \(apart.stderr)")
      // By symmetry the Huber location of all rows is 0.2, of each object's 0.1 and 0.3.
      #expect(apart.stderr.contains("the objects read -0.100 to +0.100 m from this fit"), "\(apart.stderr)")
      #expect(apart.stderr.contains("near -0.100 m, far +0.100 m"), "\(apart.stderr)")
      #expect(apart.stderr.contains("--per-object"), "\(apart.stderr)")
      let together = InProcessCommand.calibrate([try file("together.csv", far: 2.1), "--known-distance", "2"])
      #expect(together.status == 0, "stderr: \(together.stderr)")
      #expect(!together.stderr.contains("note:"), "\(together.stderr)")
    #endif
  }
}
