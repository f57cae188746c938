// SPDX-License-Identifier: Apache-2.0
// The robust fits run on GSL: these tests run in builds with the package's GSL trait (the default).
#if GSL
import Foundation
import Testing

/// `rangectl calibrate` checks what it recommends on the second part of the
/// recording, which the fit did not see (issue 36, item 5).
@Suite("rangectl calibrate: the check on unseen rows")
struct CalibrationCheckTests {
  /// A tag walking in from 5 m to 0.5 m and out again every 20 s, at 5 Hz for
  /// 120 s, its device reading `truth + bias(t)` with a deterministic
  /// ±0.02 m wobble: six crossings of each default zone per minute.
  static func walk(bias: (Double) -> Double, lineEnd: String = "\n") -> String {
    var lines = ["# check fixture", "t,object,distance,true_distance"]
    for step in 0..<600 {
      let t = Double(step) / 5
      let phase = t.truncatingRemainder(dividingBy: 20) / 20
      let truth = 0.5 + 4.5 * abs(2 * phase - 1)
      let measured = truth + bias(t) + 0.02 * sin(7.3 * t)
      lines.append(String(format: "%.1f,tag,%.4f,%.4f", t, measured, truth))
    }
    return lines.joined(separator: lineEnd) + lineEnd
  }

  /// The check's variants as `calibrate --json` writes them.
  struct Variant {
    var f1: Double
    var falseEvents: Int
    var rmse: Double
  }

  /// The variant the documented rule picks (docs/COMMAND-LINE.md, "The check"):
  /// the highest F1, then fewer false events, then a lower filtered RMSE, then
  /// the later (uncalibrated, calibrated with the default band, calibrated with band offset 0).
  static func pick(_ variants: [Variant]) -> Int {
    var best = 0
    for index in variants.indices.dropFirst() {
      let (v, b) = (variants[index], variants[best])
      if v.f1 > b.f1 || (v.f1 == b.f1 && (v.falseEvents < b.falseEvents
        || (v.falseEvents == b.falseEvents && v.rmse <= b.rmse))) { best = index }
    }
    return best
  }

  static func variants(_ check: [String: Any]) throws -> [Variant] {
    let list = try #require(check["variants"] as? [[String: Any]])
    return try list.map { item in
      Variant(f1: try #require(item["f1"] as? Double), falseEvents: try #require(item["falseEvents"] as? Int),
              rmse: item["rmseMeters"] as? Double ?? .infinity)
    }
  }

  @Test("A bias that lasts is corrected, and the recommended flags are the check's best by the documented rule")
  func lastingBias() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = try scratch.write("walk.csv", Self.walk { _ in 0.3 })
    let result = InProcessCommand.calibrate([path, "--fit", "offset", "--json"])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    let object = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
    let check = try #require(object["check"] as? [String: Any])
    // The cut is at the middle row with truth: 600 rows, the header on line 2, so row 300 is on line 303.
    #expect(check["checkFromLine"] as? Int == 303)
    #expect(check["fittingRows"] as? Int == 300 && check["checkRows"] as? Int == 300)
    let variants = try Self.variants(check)
    #expect(variants.count == 3)
    // 0.3 m long: the uncalibrated engine's filtered error is about the bias, the calibrated one's near the wobble.
    #expect(variants[0].rmse > 0.25 && variants[1].rmse < 0.1, "\(variants)")
    let chosen = Self.pick(variants)
    #expect(chosen != 0, "a lasting 0.3 m bias is worth correcting: \(variants)")
    let calibrationFlags = "--range-offset 0.300"
    let expected = ["", calibrationFlags, calibrationFlags + " --band-offset 0"][chosen]
    #expect(object["flags"] as? String == expected)
    #expect(check["recommended"] as? String == expected)
  }

  @Test("A bias that the second part no longer has is not recommended")
  func biasThatGoes() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    // 0.3 m long for the first minute, then right: the fit on the first part is wrong for the second.
    let path = try scratch.write("walk.csv", Self.walk { $0 < 60 ? 0.3 : 0 })
    let result = InProcessCommand.calibrate([path, "--fit", "offset"])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    #expect(result.stdoutLines.contains { $0.hasPrefix("check: fitted on the 300 rows before line 303") }, "\(result.stdoutText)")
    #expect(result.stdoutLines.last == "flags: none (the uncalibrated engine scored best on the check part)",
            "\(result.stdoutText)")
  }

  @Test("The fit the check applied, the first part's, is printed beside the scores (text and --json), not only the whole recording's")
  func checkedFitShown() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    // 0.3 m long for the first minute only: the first part's offset is 0.3 m, the whole recording's about half that.
    let path = try scratch.write("walk.csv", Self.walk { $0 < 60 ? 0.3 : 0 })
    let text = InProcessCommand.calibrate([path, "--fit", "offset"])
    #expect(text.status == 0, "stderr: \(text.stderr)")
    let lines = text.stdoutLines
    let check = try #require(lines.firstIndex { $0.hasPrefix("check: ") }, "\(text.stdoutText)")
    let fitLine = lines[check + 1]
    #expect(fitLine.hasPrefix("  fit of the first part, all objects: offset 0.3"), "\(text.stdoutText)")
    #expect(fitLine.hasSuffix("scale 1.00000 (true distance 0.50...5.00 m)"), "\(fitLine)")
    let json = InProcessCommand.calibrate([path, "--fit", "offset", "--json"])
    let object = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
    let whole = try #require(object["offsetMeters"] as? Double)
    let fits = try #require((object["check"] as? [String: Any])?["fits"] as? [[String: Any]], "\(json.stdoutText)")
    let part = try #require(fits.first?["offsetMeters"] as? Double)
    #expect(fits.count == 1 && abs(part - 0.3) < 0.01 && abs(whole - part) > 0.1, "\(fits), whole \(whole)")
    #expect(fits.first?["scale"] as? Double == 1)
    // Per object: one fit per object, named.
    let perObject = InProcessCommand.calibrate([path, "--fit", "offset", "--per-object", "--json"])
    let document = try #require(try JSONSerialization.jsonObject(with: perObject.stdout) as? [String: Any])
    let objectFits = try #require((document["check"] as? [String: Any])?["fits"] as? [[String: Any]])
    #expect(objectFits.map { $0["object"] as? String } == ["tag"], "\(perObject.stdoutText)")
  }

  @Test("The cut and the rows replayed are the same whatever the line ends (LF, CRLF, CR)")
  func lineEnds() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    var checks: [String] = []
    for (name, end) in [("lf", "\n"), ("crlf", "\r\n"), ("cr", "\r")] {
      let path = try scratch.write("\(name).csv", Self.walk(bias: { _ in 0.2 }, lineEnd: end))
      let result = InProcessCommand.calibrate([path, "--fit", "offset"])
      #expect(result.status == 0, "\(name): \(result.stderr)")
      let lines = result.stdoutLines
      let start = try #require(lines.firstIndex { $0.hasPrefix("check: ") }, "\(name): \(result.stdoutText)")
      checks.append(lines[start...].joined(separator: "\n"))
    }
    #expect(checks[0].contains("before line 303, replayed on the 300 rows from it"), "\(checks[0])")
    #expect(checks[1] == checks[0])
    #expect(checks[2] == checks[0])
  }

  @Test("No check without truth or from standard input: the fit's flags, and a note saying why")
  func unchecked() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    var lines = ["t,object,distance"]
    for step in 0..<100 { lines.append("\(Double(step) / 10),tag,\(step % 2 == 0 ? 2.11 : 2.09)") }
    let path = try scratch.write("static.csv", lines.joined(separator: "\n") + "\n")
    let known = InProcessCommand.calibrate([path, "--known-distance", "2"])
    #expect(known.status == 0, "stderr: \(known.stderr)")
    #expect(known.stdoutLines.last == "flags: --range-offset 0.100 --band-offset 0")
    #expect(!known.stdoutText.contains("check: "))
    // A process: standard input through a pipe.
    let piped = try Rangectl.run(["calibrate", "-", "--fit", "offset"], stdin: Self.walk { _ in 0.3 })
    #expect(piped.status == 0, "stderr: \(piped.stderr)")
    #expect(piped.stderr.contains("not checked on a part of the recording the fit did not see: standard input"), "\(piped.stderr)")
    #expect(piped.stdoutLines.last == "flags: --range-offset 0.300 --band-offset 0", "\(piped.stdoutText)")
  }
}
#endif
