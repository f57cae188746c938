// SPDX-License-Identifier: Apache-2.0
import Foundation
import RangingEngine
import RangingReplayOptions
import Testing

/// `--calibration-file` parsed in-process as the engine options of `replay`, `evaluate` and `plot` parse it
/// (`EngineOptions.parse` runs `validate()`, which reads the file): a refusal is the message and exit status the
/// commands print. RangectlTests keeps one refusal through each command's process (CalibrationFileTests).
@Suite("Calibration file options")
struct CalibrationFileOptionTests {
  /// A folder of its own under the temporary folder, removed by ``remove()``.
  struct Scratch {
    let folder: String

    init() throws {
      folder = FileManager.default.temporaryDirectory.appendingPathComponent("calibration-file-\(UUID().uuidString)").path
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    func write(_ name: String, _ text: String) throws -> String {
      let path = folder + "/" + name
      try Data(text.utf8).write(to: URL(fileURLWithPath: path))
      return path
    }

    func remove() { try? FileManager.default.removeItem(atPath: folder) }
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

  @Test("A calibration file that is empty, repeats an object, or holds a number that is not finite, a scale of 0 or less or a broken quote is refused with exit 64 naming the file, line and field",
        arguments: refusals)
  func refused(_ refusal: Refusal) throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let file = try scratch.write("calibration.csv", refusal.text)
    let refused = try #require(EngineOptionsTests.refusal(["--calibration-file", file]), "accepted")
    #expect(refused.status == 64, "\(refused.message)")
    #expect(refused.message.contains("--calibration-file: \(file)\(refusal.message)"), "\(refused.message)")
  }

  @Test("A missing calibration file, one beside --range-offset, and an object in both the file and --object-calibration are refused; other objects' flags join the file's")
  func refusedWithOptions() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let file = try scratch.write("calibration.csv", "object,offset_m,scale\nplain,0.1,1\n")
    let missing = try #require(EngineOptionsTests.refusal(["--calibration-file", scratch.folder + "/none.csv"]), "accepted")
    #expect(missing.status == 64)
    #expect(missing.message.contains("none.csv: no such file"), "\(missing.message)")
    let beside = try #require(EngineOptionsTests.refusal(["--calibration-file", file, "--range-offset", "0.1"]), "accepted")
    #expect(beside.status == 64)
    #expect(beside.message.contains("--calibration-file and --range-offset/--range-scale"), "\(beside.message)")
    let twice = try #require(
      EngineOptionsTests.refusal(["--calibration-file", file, "--object-calibration", "plain=0.2"]), "accepted")
    #expect(twice.status == 64)
    #expect(twice.message.contains("--object-calibration names 'plain', which --calibration-file"), "\(twice.message)")
    let joined = try EngineOptions.parse(["--calibration-file", file, "--object-calibration", "$(id)=0.1"])
    let calibrations = try joined.objectCalibrations()
    #expect(calibrations["plain"] == (try RangeCalibration(offsetMeters: 0.1, scale: 1)))
    #expect(calibrations["$(id)"] == (try RangeCalibration(offsetMeters: 0.1, scale: 1)))
    #expect(calibrations.count == 2)
  }

  /// Names a shell or a CSV writer could mangle: a space, quotes, `$(id)`, backquotes, non-ASCII, spaces at the ends.
  static let names = ["tag one", "it's \"q\"", "$(id)", "`id`", "café ☃", "a;b|c", "plain"]

  @Test("The file ObjectCalibrationFile writes (each name as RFC 4180 quotes it) gives the engine options the calibrations of the equivalent flags")
  func fileEqualsFlags() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let entries = Self.names.enumerated().map { index, name in
      ObjectCalibrationFile.Entry(object: name, offsetText: "0.\(index + 1)00", scaleText: index.isMultiple(of: 2) ? "" : "1.01")
    }
    let text = ObjectCalibrationFile.text(entries)
    // RFC 4180, §2, rules 6-7: quotes only around the field holding one, doubled inside.
    let rows = ["tag one,0.100,", "\"it's \"\"q\"\"\",0.200,1.01", "$(id),0.300,", "`id`,0.400,1.01", "café ☃,0.500,",
                "a;b|c,0.600,1.01", "plain,0.700,"]
    #expect(text == (["object,offset_m,scale"] + rows).joined(separator: "\n") + "\n")
    let file = try scratch.write("calibration.csv", text)
    let flags = entries.flatMap { ["--object-calibration", "\($0.object)=\($0.offsetText)" + ($0.scaleText.isEmpty ? "" : ",\($0.scaleText)")] }
    let fromFile = try EngineOptions.parse(["--calibration-file", file]).objectCalibrations()
    let fromFlags = try EngineOptions.parse(flags).objectCalibrations()
    #expect(fromFile.count == Self.names.count)
    #expect(fromFile == fromFlags)
    #expect(fromFile["a;b|c"] == (try RangeCalibration(offsetMeters: 0.6, scale: 1.01)))
  }
}
