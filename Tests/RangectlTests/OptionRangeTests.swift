// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

/// A command line that must exit 64 with a message giving the real reason.
struct RefusedOptionCase: Sendable, CustomTestStringConvertible {
  /// The command line after `rangectl`; `FILE` is replaced by a small recording.
  var arguments: [String]
  /// What standard error must say (the option and its documented range).
  var message: String
  var testDescription: String { arguments.joined(separator: " ") }
}

/// Options are checked against documented ranges: nothing is clamped in
/// silence, nonsense is refused with the range, and a negative number is a
/// value, not a missing one (issue 13, rows 4, 11 and 12).
@Suite("rangectl option ranges")
struct OptionRangeTests {
  static let recording = "t,object,distance,true_distance\n0,tag,4,4\n1,tag,3,3\n2,tag,1,1\n"

  static let refused: [RefusedOptionCase] = [
    // Row 11: clamped or accepted before.
    RefusedOptionCase(arguments: ["replay", "FILE", "--hysteresis", "10"], message: "--hysteresis must be in 0...1.5 m"),
    RefusedOptionCase(arguments: ["replay", "FILE", "--max-coast", "inf"], message: "--max-coast must be in (0, 60.0] seconds"),
    RefusedOptionCase(arguments: ["replay", "FILE", "--exit-dwell", "1e300"], message: "--exit-dwell must be in 0...3600.0 seconds"),
    RefusedOptionCase(arguments: ["replay", "FILE", "--enter-dwell", "nan"], message: "--enter-dwell must be in 0...3600.0 seconds"),
    RefusedOptionCase(arguments: ["replay", "FILE", "--confirmation", "0"], message: "--confirmation must be in 1...100"),
    RefusedOptionCase(arguments: ["replay", "FILE", "--confirmation-seconds", "-1"], message: "--confirmation-seconds must be in 0.0...3600.0"),
    RefusedOptionCase(arguments: ["replay", "FILE", "--confirmation-seconds", "nan"], message: "--confirmation-seconds must be in 0.0...3600.0"),
    // Row 12: "Missing value" before.
    RefusedOptionCase(arguments: ["replay", "FILE", "--capacity", "-1"], message: "--capacity must be in 1..."),
    RefusedOptionCase(arguments: ["replay", "FILE", "--hysteresis", "-0.1"], message: "--hysteresis must be in 0...1.5 m"),
    RefusedOptionCase(
      arguments: ["replay", "FILE", "--process-noise", "-1"], message: "--process-noise, --measurement-sigma, --gate and --short-gate"),
    RefusedOptionCase(arguments: ["replay", "FILE", "--list-rejected", "-1"], message: "--list-rejected must not be negative"),
    RefusedOptionCase(arguments: ["evaluate", "FILE", "--tolerance", "-1"], message: "--tolerance must be in (0, 3600.0] seconds"),
    RefusedOptionCase(
      arguments: ["calibrate", "FILE", "--known-distance", "-1"], message: "--known-distance must be 0 to 1e6 metres"),
    RefusedOptionCase(arguments: ["generate", "--out", "/nonexistent", "--scale", "-2"], message: "--scale must be at least 1"),
    RefusedOptionCase(arguments: ["replay", "FILE", "--fov", "-55,45"], message: "--fov: expected azimuth,elevation half-angles"),
    RefusedOptionCase(arguments: ["plot", "FILE", "-o", "/dev/null", "--object", "-1"], message: "no measurements of object '-1'"),
    // Row 4: a trap (SIGILL in EventMatcher) before.
    RefusedOptionCase(arguments: ["evaluate", "FILE", "--tolerance", "inf"], message: "--tolerance must be in (0, 3600.0] seconds"),
    RefusedOptionCase(arguments: ["evaluate", "FILE", "--tolerance", "1e300"], message: "--tolerance must be in (0, 3600.0] seconds"),
    RefusedOptionCase(arguments: ["evaluate", "FILE", "--decimate", "0"], message: "--decimate must be in (0, 1000000] Hz"),
    RefusedOptionCase(arguments: ["evaluate", "FILE", "--decimate", "-2"], message: "--decimate must be in (0, 1000000] Hz"),
    RefusedOptionCase(arguments: ["evaluate", "FILE", "--decimate", "nan"], message: "--decimate must be in (0, 1000000] Hz"),
    RefusedOptionCase(arguments: ["evaluate", "FILE", "--decimate", "inf"], message: "--decimate must be in (0, 1000000] Hz"),
    RefusedOptionCase(arguments: ["evaluate", "FILE", "--decimate", "2e6"], message: "--decimate must be in (0, 1000000] Hz"),
  ]

  /// The cases this build can run: calibrate needs the GSL trait (without it, it refuses with its own message).
  static var runnableRefused: [RefusedOptionCase] {
    #if GSL
      refused
    #else
      refused.filter { $0.arguments.first != "calibrate" }
    #endif
  }

  @Test("An option outside its documented range exits 64 and names the range", arguments: runnableRefused)
  func refusedOption(_ fixture: RefusedOptionCase) throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = try scratch.write("small.csv", Self.recording)
    let result = try Rangectl.run(fixture.arguments.map { $0 == "FILE" ? path : $0 })
    #expect(result.status == 64, "stderr: \(result.stderr)")
    #expect(result.stderr.contains(fixture.message), "stderr: \(result.stderr)")
    #expect(!result.stderr.contains("Missing value"), "stderr: \(result.stderr)")
    #expect(result.stdout.isEmpty)
  }

  /// `MemAvailable` in bytes, or nil off Linux.
  static var availableMemory: Int? {
    guard let text = try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8),
      let match = text.firstMatch(of: #/MemAvailable:\s+(\d+) kB/#)
    else { return nil }
    return Int(match.1).map { $0 * 1024 }
  }

  // Enabled only where the refusal is certain: with over 117 GB available the
  // capacity would be accepted and cost 59 GB.
  @Test("--capacity 16777216 is refused with the memory it needs, not OOM-killed (row 6)",
    .enabled(if: (availableMemory ?? .max) < 117_000_000_000,
      "this machine has 117 GB or more available, where the capacity would be accepted"))
  func capacityBeyondMemory() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = try scratch.write("small.csv", Self.recording)
    let result = try Rangectl.run(["replay", path, "--capacity", "16777216"])
    #expect(result.status == 64, "stderr: \(result.stderr)")
    #expect(result.stderr.contains("--capacity: 16777216 objects need about 58720 MB of filter state"), "stderr: \(result.stderr)")
    #expect(result.stderr.contains("at most"), "stderr: \(result.stderr)")
  }

  @Test("Negative values where they are allowed are read as values", arguments: [
    ["--band-offset", "-0.05"], ["--range-offset", "-0.1"],
  ])
  func negativeValuesAccepted(_ options: [String]) throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = try scratch.write("small.csv", Self.recording)
    let result = try Rangectl.run(["replay", path] + options)
    #expect(result.status == 0, "stderr: \(result.stderr)")
  }
}
