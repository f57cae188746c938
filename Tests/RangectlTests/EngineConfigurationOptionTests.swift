// SPDX-License-Identifier: Apache-2.0
import Testing

/// Issue 13, row 10: engine options are checked against the engine's own documented ranges
/// (ConfigurationError), so values that break the filter stop with exit 64 and the range.
/// In-process: replay and evaluate run as ReplayInProcess and InProcessCommand run them.
@Suite("rangectl engine options against the engine's ranges")
struct EngineConfigurationOptionTests {
  struct OptionCase: Sendable, CustomTestStringConvertible {
    var arguments: [String]
    var message: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  // Every setting's range is checked in-process (RangingReplayOptionsTests, EngineOptionsTests); one setting
  // here shows that both commands that take the engine options refuse through them with exit 64.
  @Test("A setting outside the engine's range exits 64 naming the option, its range and the value", arguments: [
    OptionCase(arguments: ["--measurement-sigma", "1e200"], message: "--measurement-sigma must be in 0.0001...1000.0, got 1e+200"),
  ])
  func outOfRange(_ c: OptionCase) throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = try scratch.write("walk.csv", "t,object,distance\n0,tag,2\n0.2,tag,2\n")
    let results = [
      ("replay", try ReplayInProcess.result([path] + c.arguments)), ("evaluate", InProcessCommand.evaluate([path] + c.arguments)),
    ]
    for (command, result) in results {
      #expect(result.status == 64, "\(command) stderr: \(result.stderr)")
      #expect(result.stderr.contains(c.message), "\(command) stderr: \(result.stderr)")
    }
  }

  @Test("Absurd distances are rejected rows with reason distance_out_of_range (issue 13, row 9)")
  func absurdDistances() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = try scratch.write(
      "absurd.csv", "t,object,distance,dir_x,dir_y,dir_z\n0,tag,1e155,0.6,0,-0.8\n0.2,tag,1e-150,0.6,0,-0.8\n0.4,tag,2,0.6,0,-0.8\n")
    let result = try ReplayInProcess.result([path])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    #expect(result.stderr.contains("absurd.csv:2:3: field 'distance': distance out of range '1e155'"), "\(result.stderr)")
    #expect(result.stderr.contains("absurd.csv:3:3: field 'distance': distance out of range '1e-150'"), "\(result.stderr)")
    #expect(result.stderr.contains("rejected distance_out_of_range: 2"), "\(result.stderr)")
  }
}
