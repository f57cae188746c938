// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

/// A static recording at 2 m of a device 0.1 m long (±0.01), no truth.
private let staticTwoMetres: String = {
  var lines = ["t,object,distance"]
  for step in 0..<40 { lines.append("\(Double(step) * 0.1),tag,\(step % 2 == 0 ? 2.11 : 2.09)") }
  return lines.joined(separator: "\n") + "\n"
}()

@Suite("rangectl --range-offset and --range-scale")
struct RangeCalibrationOptionTests {
  struct EngineOptionCase: Sendable, CustomTestStringConvertible {
    var arguments: [String]
    var message: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  @Test("--range-offset and --range-scale outside the engine's limits exit 64 with the limit",
        arguments: [
          EngineOptionCase(arguments: ["--range-offset", "12"], message: "--range-offset must be a number of metres in -10.0...10.0, got 12.0"),
          EngineOptionCase(arguments: ["--range-offset", "nan"], message: "--range-offset must be a number of metres"),
          EngineOptionCase(arguments: ["--range-scale", "102"], message: "--range-scale must be in 0.5...2.0 (a ratio, not a percentage), got 102.0"),
          EngineOptionCase(arguments: ["--range-scale=-1"], message: "--range-scale must be in 0.5...2.0"),
        ])
  func engineOptionLimits(_ c: EngineOptionCase) throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = try scratch.write("static.csv", staticTwoMetres)
    for command in ["replay", "evaluate"] {
      let result = try Rangectl.run([command, path] + c.arguments)
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
    let result = try Rangectl.run(["replay", path, "--range-offset", "0.1", "--filtered", filtered])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    let last = try #require(try scratch.read("filtered.csv").split(separator: "\n").last)
    let distance = try #require(Double(last.split(separator: ",", omittingEmptySubsequences: false)[2]))
    #expect(abs(distance - 2) < 0.005, "\(last)")
  }
}
