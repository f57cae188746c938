// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import RangingEngine
import RangingReplayOptions
import Testing
import ZoneMonitor

/// `rangectl replay`'s engine options parsed in-process, as argument-parser parses
/// them for the command (`EngineOptions.parse` runs `validate()` too): a refusal is
/// the message and exit status the command prints; a default is the core's default;
/// each option sets the one configuration field it names.
@Suite("Engine options")
struct EngineOptionsTests {
  struct RefusedCase: Sendable, CustomTestStringConvertible {
    var arguments: [String]
    /// What the refusal must say (the option and its documented range).
    var message: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  /// Options outside their documented ranges: nothing clamped in silence, nonsense refused
  /// with the range, a negative number read as a value, not a missing one (issue 13, rows 4,
  /// 10, 11 and 12; issue 58, item 1). The ranges are the documented ones (docs/COMMAND-LINE.md),
  /// written out here rather than read from the code.
  static let refused: [RefusedCase] = [
    RefusedCase(arguments: ["--hysteresis", "10"], message: "--hysteresis must be in 0...1.5 m"),
    RefusedCase(arguments: ["--hysteresis", "-0.1"], message: "--hysteresis must be in 0...1.5 m"),
    RefusedCase(arguments: ["--max-coast", "inf"], message: "--max-coast must be in 1e-06...3600.0 seconds"),
    RefusedCase(arguments: ["--exit-dwell", "1e300"], message: "--exit-dwell must be in 0.0...86400.0 seconds"),
    RefusedCase(arguments: ["--enter-dwell", "nan"], message: "--enter-dwell must be in 0.0...86400.0 seconds"),
    RefusedCase(arguments: ["--confirmation", "1001"], message: "--confirmation must be in 0...1000"),
    RefusedCase(arguments: ["--confirmation-seconds", "-1"], message: "--confirmation-seconds must be in 0.0...3600.0"),
    RefusedCase(arguments: ["--confirmation-seconds", "nan"], message: "--confirmation-seconds must be in 0.0...3600.0"),
    RefusedCase(arguments: ["--capacity", "-1"], message: "--capacity must be in 1..."),
    RefusedCase(arguments: ["--capacity", "16777217"], message: "--capacity must be in 1...16777216"),
    RefusedCase(arguments: ["--process-noise", "-1"], message: "--process-noise, --measurement-sigma, --gate and --short-gate"),
    RefusedCase(arguments: ["--fov", "-55,45"], message: "--fov: expected azimuth,elevation half-angles"),
    RefusedCase(arguments: ["--reset-after", "1000001"], message: "--reset-after must be in 1...1000000"),
    RefusedCase(arguments: ["--reset-after", "9223372036854775807"], message: "--reset-after must be in 1...1000000"),
    RefusedCase(arguments: ["--hampel-window", "16"], message: "--hampel-window must be in 1...15, got 16"),
    // Checked against the engine's own ranges (ConfigurationError), with the value given.
    RefusedCase(arguments: ["--measurement-sigma", "1e200"], message: "--measurement-sigma must be in 0.0001...1000.0, got 1e+200"),
    RefusedCase(arguments: ["--measurement-sigma", "inf"], message: "--measurement-sigma must be in 0.0001...1000.0, got inf"),
    RefusedCase(arguments: ["--process-noise", "inf"], message: "--process-noise must be in 1e-06...1000000.0, got inf"),
    RefusedCase(arguments: ["--gate", "1e300"], message: "--gate must be in 0.1...1000000.0, got 1e+300"),
    RefusedCase(arguments: ["--zones", "far=1e6"], message: "--zones radius must be in 0.001...10000.0, got 1000000.0"),
    // A trap (SIGILL in RangeFilterConfiguration.init) before: the check and the pipeline built the configuration apart.
    RefusedCase(arguments: ["--max-rate", "0.05"], message: "--max-rate must be in 0.1...inf, got 0.05"),
    RefusedCase(arguments: ["--band-offset", "-1.5"], message: "--band-offset must be in"),
    // The range calibration: the engine's limits (RangeCalibration), in the option's words.
    RefusedCase(arguments: ["--range-offset", "12"], message: "--range-offset must be a number of metres in -10.0...10.0, got 12.0"),
    RefusedCase(arguments: ["--range-offset", "nan"], message: "--range-offset must be a number of metres"),
    RefusedCase(arguments: ["--range-scale", "102"], message: "--range-scale must be in 0.5...2.0 (a ratio, not a percentage), got 102.0"),
    RefusedCase(arguments: ["--range-scale=-1"], message: "--range-scale must be in 0.5...2.0"),
    RefusedCase(arguments: ["--object-calibration", "tag=a"], message: "--object-calibration wants name=offset[,scale] with numbers"),
    RefusedCase(arguments: ["--object-calibration", "tag"], message: "--object-calibration wants name=offset[,scale]"),
    RefusedCase(arguments: ["--object-calibration", "tag=0.1,1,2"], message: "with numbers"),
    RefusedCase(arguments: ["--object-calibration", "tag=12"], message: "--object-calibration tag: the offset must be in -10.0...10.0 m, got 12.0"),
    RefusedCase(arguments: ["--object-calibration", "tag=0,3"], message: "--object-calibration tag: the scale must be in 0.5...2.0, got 3.0"),
    RefusedCase(
      arguments: ["--object-calibration", "tag=0.1", "--object-calibration", "tag=0.2"], message: "--object-calibration names 'tag' twice"),
    RefusedCase(
      arguments: ["--object-calibration", "tag=0.1", "--range-offset", "0.1"],
      message: "--object-calibration and --range-offset/--range-scale would both correct the same distances"),
  ]

  /// What `rangectl` prints and exits with for `arguments`, or nil when they parse.
  static func refusal(_ arguments: [String]) -> (message: String, status: Int32)? {
    do {
      _ = try EngineOptions.parse(arguments)
      return nil
    } catch {
      return (EngineOptions.fullMessage(for: error), EngineOptions.exitCode(for: error).rawValue)
    }
  }

  @Test("An option outside its documented range is refused with exit 64 and its range", arguments: refused)
  func refusedOption(_ fixture: RefusedCase) throws {
    let refusal = try #require(Self.refusal(fixture.arguments), "accepted")
    #expect(refusal.status == 64, "\(refusal.message)")
    #expect(refusal.message.contains(fixture.message), "\(refusal.message)")
    #expect(!refusal.message.contains("Missing value"), "\(refusal.message)")
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
  @Test("--capacity 16777216 is refused with the memory it needs, not OOM-killed (issue 13, row 6)",
    .enabled(if: (availableMemory ?? .max) < 117_000_000_000,
      "this machine has 117 GB or more available, where the capacity would be accepted"))
  func capacityBeyondMemory() throws {
    let refusal = try #require(Self.refusal(["--capacity", "16777216"]), "accepted")
    #expect(refusal.status == 64, "\(refusal.message)")
    #expect(refusal.message.contains("--capacity: 16777216 objects need about 58720 MB of filter state"), "\(refusal.message)")
    #expect(refusal.message.contains("at most"), "\(refusal.message)")
  }

  @Test("The ends of the ranges, and negative values where they are allowed, are accepted", arguments: [
    ["--measurement-sigma", "1000", "--process-noise", "1e-6", "--gate", "1e6"],
    ["--band-offset", "-0.05"], ["--range-offset", "-0.1"], ["--capacity", "1"], ["--confirmation", "0"],
    ["--hampel-window", "15"], ["--exit-dwell", "86400"], ["--hysteresis", "1.5"],
  ])
  func boundsAccepted(_ arguments: [String]) {
    let refusal = Self.refusal(arguments)
    #expect(refusal == nil, "\(refusal?.message ?? "")")
  }

  /// Every number of a tracker configuration that an option can set, by the field's name.
  static func fields(_ c: TrackerConfiguration) -> [String: Double] {
    let r = c.rangeFilter
    var fields: [String: Double] = [
      "capacity": Double(c.capacity), "accelerationSpectralDensity": r.accelerationSpectralDensity,
      "measurementSigmaMeters": r.measurementSigmaMeters, "adaptsMeasurementNoise": r.adaptsMeasurementNoise ? 1 : 0,
      "gatesOnEvidence": r.gatesOnEvidence ? 1 : 0, "gateSigmas": r.gateSigmas, "shortGateSigmas": r.shortGateSigmas,
      "resetAfterRejections": Double(r.resetAfterRejections), "resetAfterSeconds": r.resetAfterSeconds,
      "confirmationCount": Double(r.confirmationCount), "confirmationSeconds": r.confirmationSeconds,
      "maximumRateMetersPerSecond": r.maximumRateMetersPerSecond, "prefilter.window": Double(r.prefilter.window),
      "prefilter.threshold": r.prefilter.threshold, "prefilter.side": r.prefilter.side == .above ? 0 : 1,
      "rangeCalibration.offsetMeters": c.rangeCalibration.offsetMeters, "rangeCalibration.scale": c.rangeCalibration.scale,
      "directionFilter": c.directionFilter == nil ? 0 : 1,
    ]
    if let d = c.directionFilter {
      fields["fieldOfView.azimuthLimitRadians"] = d.fieldOfView.azimuthLimitRadians
      fields["fieldOfView.elevationLimitRadians"] = d.fieldOfView.elevationLimitRadians
      fields["maximumCoastSeconds"] = d.maximumCoastSeconds
      fields["velocityCorrelationSeconds"] = d.velocityCorrelationSeconds
    }
    return fields
  }

  @Test("With no option given, the tracker configuration is the core's default")
  func defaultsAreTheCores() throws {
    let options = try EngineOptions.parse([])
    #expect(Self.fields(options.trackerConfiguration()) == Self.fields(TrackerConfiguration()))
    // The zones: the core's default hysteresis, band offset, dwells and margin on the radii 1.5 and 3 m.
    let zones = try options.validatedZones(options.zoneList())
    #expect(zones.map(\.radiusMeters) == [1.5, 3])
    for zone in zones {
      #expect(zone.hysteresisMeters == Zone.defaultHysteresisMeters)
      #expect(zone.bandOffsetMeters == Zone.defaultBandOffsetMeters)
      #expect(zone.enterDwellSeconds == Zone.defaultEnterDwellSeconds)
      #expect(zone.exitDwellSeconds == Zone.defaultExitDwellSeconds)
      #expect(zone.enterSigmaMultiplier == Zone.defaultEnterSigmaMultiplier)
      #expect(zone.angleLimitRadians == nil)
    }
  }

  struct MappingCase: Sendable, CustomTestStringConvertible {
    var arguments: [String]
    /// The fields that change, by `fields(_:)`'s names, and their values.
    var changes: [String: Double]
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let mappings: [MappingCase] = [
    MappingCase(arguments: ["--capacity", "7"], changes: ["capacity": 7]),
    MappingCase(arguments: ["--process-noise", "0.7"], changes: ["accelerationSpectralDensity": 0.7]),
    MappingCase(arguments: ["--measurement-sigma", "0.3"], changes: ["measurementSigmaMeters": 0.3]),
    MappingCase(arguments: ["--gate", "7.5"], changes: ["gateSigmas": 7.5]),
    MappingCase(arguments: ["--short-gate", "9.5"], changes: ["shortGateSigmas": 9.5]),
    MappingCase(arguments: ["--reset-after", "17"], changes: ["resetAfterRejections": 17]),
    MappingCase(arguments: ["--reset-after-seconds", "4.5"], changes: ["resetAfterSeconds": 4.5]),
    MappingCase(arguments: ["--confirmation", "9"], changes: ["confirmationCount": 9]),
    MappingCase(arguments: ["--confirmation-seconds", "2.5"], changes: ["confirmationSeconds": 2.5]),
    MappingCase(arguments: ["--max-rate", "3.5"], changes: ["maximumRateMetersPerSecond": 3.5]),
    MappingCase(arguments: ["--hampel-window", "11"], changes: ["prefilter.window": 11]),
    MappingCase(arguments: ["--hampel-threshold", "2.25"], changes: ["prefilter.threshold": 2.25]),
    MappingCase(arguments: ["--range-offset", "-0.1"], changes: ["rangeCalibration.offsetMeters": -0.1]),
    MappingCase(arguments: ["--range-scale", "1.02"], changes: ["rangeCalibration.scale": 1.02]),
    MappingCase(arguments: ["--max-coast", "2.5"], changes: ["maximumCoastSeconds": 2.5]),
    MappingCase(arguments: ["--velocity-correlation", "12"], changes: ["velocityCorrelationSeconds": 12]),
    // Degrees on the command line, radians in the engine: 30° = π/6, 60° = π/3.
    MappingCase(
      arguments: ["--fov", "30,60"],
      changes: ["fieldOfView.azimuthLimitRadians": 30 * .pi / 180, "fieldOfView.elevationLimitRadians": 60 * .pi / 180]),
  ]

  @Test("Each option sets the configuration field it names, and no other", arguments: mappings)
  func optionSetsItsField(_ fixture: MappingCase) throws {
    let defaults = Self.fields(try EngineOptions.parse([]).trackerConfiguration())
    let set = Self.fields(try EngineOptions.parse(fixture.arguments).trackerConfiguration())
    for (name, value) in set {
      if let expected = fixture.changes[name] {
        #expect(abs(value - expected) <= 1e-12 * abs(expected), "\(name): \(value), expected \(expected)")
        #expect(value != defaults[name], "\(name): \(expected) is the default, so the case shows nothing")
      } else {
        #expect(value == defaults[name], "\(name) changed to \(value)")
      }
    }
  }

  @Test("The toggles set their switches: measured noise, gating, Hampel side, direction tracking")
  func toggles() throws {
    let defaults = Self.fields(try EngineOptions.parse([]).trackerConfiguration())
    for (arguments, name) in [
      (["--measured-noise", defaults["adaptsMeasurementNoise"] == 1 ? "off" : "on"], "adaptsMeasurementNoise"),
      (["--gating", defaults["gatesOnEvidence"] == 1 ? "always" : "evidence"], "gatesOnEvidence"),
      (["--hampel-side", "both"], "prefilter.side"),
    ] {
      let set = Self.fields(try EngineOptions.parse(arguments).trackerConfiguration())
      #expect(set[name] != defaults[name], "\(arguments)")
      #expect(set.filter { $0.value != defaults[$0.key] }.count == 1, "\(arguments) changed more than \(name)")
    }
    #expect(try EngineOptions.parse(["--direction", "off"]).trackerConfiguration().directionFilter == nil)
  }

  @Test("The zone options set every zone's fields")
  func zoneOptions() throws {
    let options = try EngineOptions.parse([
      "--zones", "near=0.2,far=4", "--hysteresis", "0.15", "--band-offset", "-0.05", "--enter-dwell", "1.5",
      "--exit-dwell", "2.5", "--sigma-margin", "0.5",
    ])
    let zones = try options.validatedZones(options.zoneList())
    #expect(zones.map(\.radiusMeters) == [0.2, 4])
    #expect(zones.map(\.hysteresisMeters) == [0.15, 0.15])
    #expect(zones.allSatisfy { $0.bandOffsetMeters == -0.05 && $0.enterDwellSeconds == 1.5 && $0.exitDwellSeconds == 2.5 })
    #expect(zones.allSatisfy { $0.enterSigmaMultiplier == 0.5 })
  }
}
