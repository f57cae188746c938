// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import RangingFormats
import RangingReplayOptions
import Testing

/// `--preset`, `--column` and the unit options (docs/FORMATS.md §5) parsed in-process:
/// bad ones are refused with exit 64 before anything is read; good ones give the mapping
/// they name.
@Suite("Input options")
struct InputOptionsTests {
  @Test("Bad mapping options are refused with exit 64", arguments: [
    ["--distance-unit", "km"], ["--time-unit", "min"], ["--angle-unit", "grad"], ["--preset", "ios"],
    ["--column", "distance"], ["--column", "range=r"], ["--column", "distance="], ["--column", "distance=a,b"],
    ["--column", "distance=a", "--column", "distance=b"], ["--column", "distance=a", "--column", "true_distance=a"],
    ["--column", "t=object"], ["--column", "t=object", "--column", "object=distance"],
  ])
  func badOptions(_ options: [String]) {
    do {
      _ = try InputOptions.parse(options)
      Issue.record("\(options) accepted")
    } catch {
      #expect(InputOptions.exitCode(for: error).rawValue == 64, "\(InputOptions.fullMessage(for: error))")
    }
  }

  @Test("An unknown preset is refused naming the presets there are")
  func unknownPreset() {
    #expect(throws: (any Error).self) { try InputOptions.parse(["--preset", "ios"]) }
    do {
      _ = try InputOptions.parse(["--preset", "ios"])
    } catch {
      #expect(InputOptions.fullMessage(for: error).contains("--preset: unknown preset 'ios'; expected one of android, qorvo"),
              "\(InputOptions.fullMessage(for: error))")
    }
  }

  @Test("No option is the identity mapping; a preset is the preset's mapping")
  func mappings() throws {
    #expect(try InputOptions.parse([]).mapping() == .identity)
    for name in ["android", "qorvo"] {
      let preset = try #require(ColumnMapping.preset(named: name))
      #expect(try InputOptions.parse(["--preset", name]).mapping() == preset)
      #expect(preset != .identity, "\(name)")
    }
  }

  @Test("A unit option overrides the preset's unit, and only that")
  func unitOverride() throws {
    let preset = try #require(ColumnMapping.preset(named: "qorvo"))
    let mapping = try InputOptions.parse(["--preset", "qorvo", "--distance-unit", "m"]).mapping()
    #expect(mapping.distanceUnit == .m)
    #expect(preset.distanceUnit != .m)
    var expected = preset
    expected.distanceUnit = .m
    #expect(mapping == expected)
  }
}
