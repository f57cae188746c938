// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

/// Unit mistakes do not pass in silence (issue 34, item 12): a log in
/// centimetres and milliseconds mapped without `--distance-unit cm` or
/// `--time-unit ms` replayed with exit 0 and no events, and no word why.
/// In-process: the replays run as ReplayInProcess runs them.
@Suite("rangectl replay: data implausible for its units")
struct UnitWarningTests {
  /// Two tags 1.5 to 3.49 m away, ten rows a second each, for 20 s: in
  /// centimetres and milliseconds.
  static let log: String = {
    var lines = ["timestamp_ms,device,range_cm"]
    for step in 0..<200 {
      for tag in ["a", "b"] { lines.append("\(1000 + step * 100),\(tag),\(150 + step)") }
    }
    return lines.joined(separator: "\n") + "\n"
  }()
  static let mapping = ["--column", "t=timestamp_ms", "--column", "object=device", "--column", "distance=range_cm"]

  static func distanceWarning(_ path: String) -> String {
    "rangectl replay: warning: \(path): the median accepted distance is 249 m, far beyond UWB's reach: "
      + "if 'distance' is in centimetres or millimetres, give --distance-unit cm or --distance-unit mm"
  }
  static func timeWarning(_ path: String) -> String {
    "rangectl replay: warning: \(path): the median interval between an object's updates is 100 s, where ranging "
      + "updates several times a second: if 't' is in milliseconds, give --time-unit ms"
  }

  @Test("Without the units: a warning naming each flag, exit 0, also with --quiet and with --jobs 2",
        arguments: [[], ["--quiet"], ["--jobs", "2"]])
  func warnsNamingTheFlags(_ extra: [String]) throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = try scratch.write("log.csv", Self.log)
    let result = try ReplayInProcess.result([path] + Self.mapping + extra)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderrLines.contains(Self.distanceWarning(path)), "\(result.stderr)")
    #expect(result.stderrLines.contains(Self.timeWarning(path)), "\(result.stderr)")
  }

  @Test("Each unit given silences its warning")
  func unitsGiven() throws {
    let scratch = try ScratchFolder()
    defer { scratch.remove() }
    let path = try scratch.write("log.csv", Self.log)
    let centimetres = try ReplayInProcess.result([path, "--distance-unit", "cm"] + Self.mapping)
    #expect(!centimetres.stderrLines.contains(Self.distanceWarning(path)), "\(centimetres.stderr)")
    #expect(centimetres.stderrLines.contains(Self.timeWarning(path)), "\(centimetres.stderr)")
    let both = try ReplayInProcess.result([path, "--distance-unit", "cm", "--time-unit", "ms"] + Self.mapping)
    #expect(both.status == 0)
    #expect(!both.stderr.contains("warning"), "\(both.stderr)")
    #expect(both.stdoutLines.count == 4, "both tags enter and leave the outer zone")
  }

  @Test("The bundled recordings give no warning", arguments: ["walk-in-out", "many-objects"])
  func bundledRecordings(_ name: String) throws {
    let path = PackagePaths.root.appendingPathComponent("datasets/\(name)/samples.csv").path
    let result = try ReplayInProcess.result([path, "--quiet"])
    #expect(result.status == 0)
    #expect(!result.stderr.contains("warning"), "\(result.stderr)")
  }
}
