// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

/// `--preset`, `--column` and the unit options (docs/FORMATS.md §5) end to
/// end: a log in another layout replays, evaluates and plots like the same
/// session written in metres and seconds (Tests/Fixtures/Import, written by
/// scripts/reference/import_fixtures_reference.py from the public documentation).
/// In-process (ReplayInProcess, InProcessCommand, PlotInProcess), but for the
/// exit status of bad options with nothing on standard output.
@Suite("Input mapping options")
struct InputMappingCommandTests {
  static let fixtures = PackagePaths.file("Tests/Fixtures/Import") + "/"

  /// The event lines with every object renamed to `peer`: the layouts name the peer differently.
  static func events(_ result: RangectlResult) -> [String] {
    result.stdoutLines.map { $0.replacing(#/"object":"[^"]*"/#, with: #""object":"peer""#) }
  }

  @Test("An Android export and a Qorvo cm/ms log replay with the events of the metre/second CSV", arguments: [
    ["--preset", "android", fixtures + "android-export.csv"],
    ["--preset", "qorvo", fixtures + "qorvo-session-info.csv"],
    // The qorvo preset spelled out option by option.
    ["--column", "t=time_ms", "--column", "object=mac_address", "--column", "distance=distance[cm]",
     "--column", "azimuth=loc_az", "--column", "elevation=loc_el", "--distance-unit", "cm", "--time-unit", "ms",
     "--angle-unit", "deg", fixtures + "qorvo-session-info.csv"],
  ])
  func sameEvents(_ arguments: [String]) throws {
    let plain = try ReplayInProcess.result([Self.fixtures + "metres-seconds.csv"])
    let mapped = try ReplayInProcess.result(arguments)
    #expect(plain.status == 0 && mapped.status == 0, "\(mapped.stderr)")
    #expect(plain.stdoutLines.count == 4, "the session enters and leaves both zones")
    #expect(Self.events(mapped) == plain.stdoutLines)
    #expect(mapped.summary?.measurements == plain.summary?.measurements)
  }

  @Test("The filtered distances of the Android export are those of the metre/second CSV")
  func sameTrack() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let plainTrack = folder.path("plain.csv"), mappedTrack = folder.path("mapped.csv")
    _ = ReplayInProcess.run([Self.fixtures + "metres-seconds.csv", "--filtered", plainTrack, "--events", "/dev/null"])
    _ = ReplayInProcess.run(["--preset", "android", Self.fixtures + "android-export.csv", "--filtered", mappedTrack,
                             "--events", "/dev/null"])
    // t, object, distance, sigma: the direction columns differ in the last digits (12-decimal fixture).
    func columns(_ path: String) throws -> [String] {
      try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").dropFirst()
        .map { $0.split(separator: ",", omittingEmptySubsequences: false).enumerated().filter { [0, 2, 3].contains($0.offset) }
          .map { String($0.element) }.joined(separator: ",") }
    }
    let plain = try columns(plainTrack)
    #expect(plain.count == 101)
    #expect(try columns(mappedTrack) == plain)
  }

  @Test("Columns present but unused are named once in the summary; a file without any has no such line")
  func unusedColumns() throws {
    let qorvo = try ReplayInProcess.result(["--preset", "qorvo", Self.fixtures + "qorvo-session-info.csv"])
    let line = "  columns not used: loc_az_pdoa, loc_el_pdoa, rmt_az, rmt_el, RSSI[dBm]"
    #expect(qorvo.stderrLines.filter { $0 == line }.count == 1, "\(qorvo.stderr)")
    // Without --angle-unit, azimuth and elevation are named, not silently dropped.
    let unmapped = try ReplayInProcess.result(["--column", "t=elapsed_realtime_nanos", "--column", "object=device_address",
                                                "--time-unit", "ns", Self.fixtures + "android-export.csv"])
    #expect(unmapped.stderrLines.contains("  columns not used: azimuth, azimuth_fom, elevation, elevation_fom"))
    let plain = try ReplayInProcess.result([Self.fixtures + "metres-seconds.csv"])
    #expect(!plain.stderr.contains("columns not used"))
  }

  // Each bad mapping option is refused in-process (RangingReplayOptionsTests, InputOptionsTests); one here
  // shows that every command that reads a CSV takes the input options and exits 64 with nothing on stdout.
  @Test("Bad mapping options exit 64 before reading, in every command that reads a CSV", arguments: [
    ["--column", "distance=a", "--column", "true_distance=a"],
  ])
  func badOptions(_ options: [String]) throws {
    let file = Self.fixtures + "metres-seconds.csv"
    for command in [["replay", file], ["evaluate", file], ["plot", file, "-o", "/dev/null"]] {
      let result = try Rangectl.run(command + options)
      #expect(result.status == 64, "\(command[0]) \(options): \(result.stderr)")
      #expect(result.stdout.isEmpty)
    }
  }

  @Test("A --column source missing from the header exits 65 naming the file and the header line")
  func missingSource() throws {
    let result = try ReplayInProcess.result(["--column", "distance=range_cm", Self.fixtures + "metres-seconds.csv"])
    #expect(result.status == 65)
    #expect(result.stderr == "rangectl replay: \(Self.fixtures)metres-seconds.csv:2: not a ranging CSV: "
      + "no column 'range_cm' (--column distance=range_cm)\n")
  }

  @Test("evaluate scores a cm/ms log with renamed columns exactly as its metre/second twin")
  func evaluateMapped() throws {
    // Two folders, so that both files are named `walk` in the report.
    let plainFolder = try ScratchFolder(), mappedFolder = try ScratchFolder()
    defer {
      plainFolder.remove()
      mappedFolder.remove()
    }
    // A walk in and out in whole centimetres and milliseconds; the twin writes the same numbers in m and s.
    var plain = "t,object,distance,true_distance\n", mapped = "time_ms,peer,range_cm,truth_cm\n"
    for i in 0...100 {
      let ms = 5000 + 200 * i
      let truth = i <= 50 ? 420 - 7 * i : 70 + 7 * (i - 50)
      let measured = truth + [0, 2, -1, 3, -2][i % 5]
      mapped += "\(ms),lock,\(measured),\(truth)\n"
      plain += "\(ms / 1000).\(String(format: "%03d", ms % 1000)),lock,\(measured / 100).\(String(format: "%02d", measured % 100)),"
        + "\(truth / 100).\(String(format: "%02d", truth % 100))\n"
    }
    let plainPath = try plainFolder.write("walk.csv", plain), mappedPath = try mappedFolder.write("walk.csv", mapped)
    let expected = InProcessCommand.evaluate([plainPath])
    let result = InProcessCommand.evaluate([mappedPath, "--time-unit", "ms", "--distance-unit", "cm",
                                            "--column", "t=time_ms", "--column", "object=peer", "--column", "distance=range_cm",
                                            "--column", "true_distance=truth_cm"])
    #expect(expected.status == 0 && result.status == 0, "\(result.stderr)")
    #expect(result.stdoutText == expected.stdoutText)
    #expect(expected.stdoutText.contains("walk"))
  }

  @Test("plot draws an Android export as it draws the metre/second CSV, and names the unused columns")
  func plotMapped() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    // Each plot failing to plot is a test failure.
    let plain = try PlotInProcess.plot([Self.fixtures + "metres-seconds.csv", "-o", folder.path("plain.svg")])
    let mapped = try PlotInProcess.plot(["--preset", "android", Self.fixtures + "android-export.csv", "-o", folder.path("mapped.svg")])
    // The object it chose (no --object), then the columns it did not use.
    #expect(mapped.notes == [
      "plotting object 5A:3C, the first in \(Self.fixtures)android-export.csv; choose another with --object NAME",
      "\(Self.fixtures)android-export.csv: columns not used: azimuth_fom, elevation_fom",
    ])
    // The same drawing but for the title; coordinates may differ by the 0.01 px of a rounding (the fixture's
    // directions have 12 decimals).
    let drawn = mapped.svg
      .replacingOccurrences(of: "android-export.csv — object 5A:3C", with: "metres-seconds.csv — object peer")
    let expected = plain.svg
    let number = #/-?[0-9]+(\.[0-9]+)?/#
    #expect(drawn.replacing(number, with: "#") == expected.replacing(number, with: "#"))
    let pairs = zip(drawn.matches(of: number).map { Double($0.output.0)! }, expected.matches(of: number).map { Double($0.output.0)! })
    #expect(pairs.allSatisfy { abs($0 - $1) <= 0.0101 })
  }
}
