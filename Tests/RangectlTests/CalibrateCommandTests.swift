// SPDX-License-Identifier: Apache-2.0
// The robust fits run on GSL: these tests run in builds with the package's GSL trait (the default).
#if GSL
import Foundation
import Testing

/// A device reading `1.02 · true + 0.15`, ±0.01 m, walking 1...5 m, plus two
/// NLOS readings 2 m long, one malformed row and one row without truth.
/// Bisquare regression gives offset 0.15 and scale 1.02 exactly (see
/// RangeCalibrationFitTests.closedForm for why).
private let walkWithTruth: String = {
  var lines = ["# calibration fixture", "t,object,distance,true_distance"]
  var t = 0.0
  for step in 0...40 {
    let truth = 1 + Double(step) / 10
    for sign in [1.0, -1.0] {
      lines.append("\(t),tag,\(1.02 * truth + 0.15 + sign * 0.01),\(truth)")
      t += 0.1
    }
  }
  lines.append("\(t),tag,\(1.02 * 2 + 2.15),2")
  lines.append("\(t + 0.1),tag,\(1.02 * 4 + 2.15),4")
  lines.append("\(t + 0.2),tag,oops,3")
  lines.append("\(t + 0.3),tag,2.5,")
  return lines.joined(separator: "\n") + "\n"
}()

/// A static recording at 2 m of a device 0.1 m long (±0.01), no truth.
private let staticTwoMetres: String = {
  var lines = ["t,object,distance"]
  for step in 0..<40 { lines.append("\(Double(step) * 0.1),tag,\(step % 2 == 0 ? 2.11 : 2.09)") }
  return lines.joined(separator: "\n") + "\n"
}()

struct CalibrateFailureCase: Sendable, CustomTestStringConvertible {
  var name: String
  var contents: String?
  var arguments: [String]
  var status: Int32
  /// Text standard error must contain ("FILE" stands for the input's path).
  var message: String
  var testDescription: String { name }
}

/// In-process (InProcessCommand.calibrate), but for one process test of the exit status.
@Suite("rangectl calibrate")
struct CalibrateCommandTests {
  @Test("With truth: the fit, its uncertainty, the outliers and the exact flags, on standard output")
  func fitsWithTruth() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = try scratch.write("walk.csv", walkWithTruth)
    let result = InProcessCommand.calibrate([path])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    let lines = result.stdoutLines
    #expect(lines.first == "range calibration of \(path), all objects")
    // The estimates are exact (see the fixture); the standard errors are checked against statsmodels in
    // RangeCalibrationFitTests, here only that they are shown.
    #expect(lines.contains { $0.hasPrefix("offset  0.1500 m  (standard error ") }, "\(lines)")
    #expect(lines.contains { $0.hasPrefix("scale   1.02000   (standard error ") }, "\(lines)")
    #expect(lines.contains { $0.hasPrefix("residual robust sigma ") }, "\(lines)")
    #expect(lines.contains(
      "rows: 84 used (true distance 1.00...5.00 m), 2 down-weighted as outliers (weight < 0.5), 2 of them given weight 0"),
      "\(lines)")
    // The flags are the fit's, as the check on the second half recommends them (CalibrationCheckTests).
    #expect(lines.contains { $0.hasPrefix("check: fitted on the ") }, "\(lines)")
    #expect(["flags: none (the uncalibrated engine scored best on the check part)",
             "flags: --range-offset 0.150 --range-scale 1.0200",
             "flags: --range-offset 0.150 --range-scale 1.0200 --band-offset 0"].contains(lines.last ?? ""), "\(lines)")
    #expect(result.stderr.contains("1 rows rejected and not used; first: \(path):"), "stderr: \(result.stderr)")
  }

  @Test("--json writes one object with the estimates, standard errors, counts and flags")
  func json() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = try scratch.write("walk.csv", walkWithTruth)
    let result = InProcessCommand.calibrate([path, "--json"])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    let object = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
    #expect(object["model"] as? String == "offset-scale")
    let check = try #require(object["check"] as? [String: Any])
    #expect(object["flags"] as? String == check["recommended"] as? String)
    #expect(object["file"] as? String == path)
    #expect(abs((object["offsetMeters"] as? Double ?? 0) - 0.15) < 1e-9)
    #expect(abs((object["scale"] as? Double ?? 0) - 1.02) < 1e-9)
    #expect(object["rowsUsed"] as? Int == 84 && object["rowsRejected"] as? Int == 2)
    #expect(object["scaleStandardError"] is Double && object["residualSigmaMeters"] is Double)
  }

  @Test("--known-distance fits the offset of a static recording without truth; its flags run the engine")
  func knownDistance() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = try scratch.write("static.csv", staticTwoMetres)
    let result = InProcessCommand.calibrate([path, "--known-distance", "2"])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    #expect(result.stdoutLines.contains("scale   1 (fixed)"))
    #expect(result.stdoutLines.last == "flags: --range-offset 0.100 --band-offset 0")
    // The flags as printed are accepted by every command that runs the engine.
    let flags = try #require(result.stdoutLines.last?.dropFirst("flags: ".count))
    let replay = ReplayFromC(path: path, flags.split(separator: " ").map(String.init))
    #expect(replay.status == 0, "messages: \(replay.messages)")
  }

  /// Issue 34, item 14: "the fit's offset standard error is not finite (nan); check that 'distance' and the
  /// true distance are both in metres" before, exit 65.
  @Test("A perfect fit (truth equal to distance, or a static recording exactly at the known distance) is offset 0",
        arguments: [["--fit", "offset"], ["--fit", "offset-scale"], ["--known-distance", "2"]])
  func perfectFit(_ arguments: [String]) throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let rows = arguments[0] == "--known-distance" ? (0..<6).map { "\($0),tag,2,2" } : (1...6).map { "\($0),tag,\($0),\($0)" }
    let path = try scratch.write("perfect.csv", (["t,object,distance,true_distance"] + rows).joined(separator: "\n") + "\n")
    let result = InProcessCommand.calibrate([path] + arguments)
    #expect(result.status == 0, "stderr: \(result.stderr)")
    #expect(result.stdoutLines.contains("offset  0.0000 m  (standard error 0.0000 m)"), "\(result.stdout)")
    #expect(result.stdoutLines.contains("residual robust sigma 0.0000 m"), "\(result.stdout)")
    #expect(!result.stderr.contains("not finite"), "stderr: \(result.stderr)")
  }

  static let failures: [CalibrateFailureCase] = [
    CalibrateFailureCase(
      name: "a missing file", contents: nil, arguments: [], status: 66, message: "FILE: cannot open"),
    CalibrateFailureCase(
      name: "not a ranging CSV", contents: "time,distance\n1,2\n", arguments: [], status: 65,
      message: "FILE:1: not a ranging CSV"),
    CalibrateFailureCase(
      name: "no truth", contents: staticTwoMetres, arguments: [], status: 65,
      message: "FILE: no measurement rows with both 'distance' and 'true_distance' (40 rows have a distance); "
        + "for a static recording give --known-distance M"),
    CalibrateFailureCase(
      name: "an unknown object", contents: walkWithTruth, arguments: ["--object", "other"], status: 65,
      message: "FILE: no measurement rows for object 'other'; the file has 'tag'"),
    CalibrateFailureCase(
      name: "a scale outside what the engine accepts", contents: "t,object,distance,true_distance\n0,a,1,1\n1,a,4,2\n2,a,7,3\n3,a,10,4\n",
      arguments: [], status: 65, message: "the fit is outside what the engine accepts"),
    CalibrateFailureCase(
      name: "a negative known distance", contents: staticTwoMetres, arguments: ["--known-distance=-1"],
      status: 64, message: "--known-distance must be 0 to 1e6 metres (the range of true_distance), got -1.0"),
    CalibrateFailureCase(
      name: "a known distance beyond the range of true_distance", contents: staticTwoMetres,
      arguments: ["--known-distance", "1e308", "--json"], status: 64,
      message: "--known-distance must be 0 to 1e6 metres (the range of true_distance), got 1e+308"),
    CalibrateFailureCase(
      name: "truth beyond its range, rejected row by row", contents: "t,object,distance,true_distance\n0,a,2,1e170\n1,a,2,1e170\n2,a,3,2\n",
      arguments: ["--fit", "offset", "--json"], status: 65,
      message: "2 rows rejected and not used; first: FILE:2:4: field 'true_distance': truth out of range '1e170'"),
    CalibrateFailureCase(
      name: "a known distance with --fit offset-scale", contents: staticTwoMetres,
      arguments: ["--known-distance", "2", "--fit", "offset-scale"], status: 64,
      message: "--known-distance fits the offset only"),
    CalibrateFailureCase(
      name: "an unknown fit", contents: staticTwoMetres, arguments: ["--fit", "scale"], status: 64,
      message: "--fit"),
  ]

  @Test("Unusable input exits 65 (data), 66 (cannot open) or 64 (options), naming the file", arguments: failures)
  func refusals(_ c: CalibrateFailureCase) throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = try c.contents.map { try scratch.write("input.csv", $0) } ?? scratch.path("missing.csv")
    let result = InProcessCommand.calibrate([path] + c.arguments)
    #expect(result.status == c.status, "stderr: \(result.stderr)")
    #expect(result.stderr.contains(c.message.replacingOccurrences(of: "FILE", with: path)), "stderr: \(result.stderr)")
  }

  // A process test: the exit status, and the message on standard error.
  @Test("A file that cannot be opened exits 66 with its message on standard error and nothing on standard output")
  func refusalProcess() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = scratch.path("missing.csv")
    let result = try Rangectl.run(["calibrate", path])
    #expect(result.status == 66, "stderr: \(result.stderr)")
    #expect(result.stderr.contains("rangectl calibrate: \(path): cannot open"), "stderr: \(result.stderr)")
    #expect(result.stdout.isEmpty)
  }
}
#endif
