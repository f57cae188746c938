// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

@testable import RangingFormats
@testable import RangingScenarios

@Suite("ScenarioGenerator")
struct ScenarioGeneratorTests {
  /// Data lines (after comments and the header) of a generated text.
  private func dataLines(_ text: String) -> [Substring] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    let header = lines.firstIndex { !$0.hasPrefix("#") }!
    return Array(lines[(header + 1)...])
  }

  @Test("The same seed gives identical bytes, for every scenario", arguments: ScenarioName.allCases)
  func sameSeedSameBytes(name: ScenarioName) {
    let first = ScenarioGenerator(seed: 7).csvText(name)
    let second = ScenarioGenerator(seed: 7).csvText(name)
    #expect(first == second)
    #expect(first.utf8.count > 10_000)
  }

  @Test("Different seeds give different rows", arguments: ScenarioName.allCases)
  func differentSeedsDiffer(name: ScenarioName) {
    let a = dataLines(ScenarioGenerator(seed: 1).csvText(name))
    let b = dataLines(ScenarioGenerator(seed: 2).csvText(name))
    #expect(a != b)
  }

  @Test("Comments come first and name the scenario, the seed and the noise parameters")
  func commentsDescribeTheFile() {
    let text = ScenarioGenerator(seed: 99).csvText(.nlosApproach)
    let comments = text.split(separator: "\n").prefix { $0.hasPrefix("#") }
    #expect(comments.contains("# scenario: nlos-approach"))
    #expect(comments.contains { $0.hasPrefix("# seed: 99 ") })
    #expect(comments.contains { $0.contains("range_sigma_m=0.03") && $0.contains("spike_probability=0.03") })
    #expect(comments.contains { $0.contains("nlos_intervals_s=") })
    #expect(text.split(separator: "\n")[comments.count] == Substring(ScenarioGenerator.header))
  }

  @Test("Every scenario reads back through RangingCSVReader with no rejected row", arguments: ScenarioName.allCases)
  func parsesBack(name: ScenarioName) throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("scen-\(name.rawValue)-\(UUID()).csv").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let generator = ScenarioGenerator(seed: 3)
    try generator.write(name, to: path)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text == generator.csvText(name))
    let lines = dataLines(text)
    #expect(lines.allSatisfy { $0.split(separator: ",", omittingEmptySubsequences: false).count == 13 })

    var reader = try RangingCSVReader(path: path)
    #expect(reader.columns.joined(separator: ",") == ScenarioGenerator.header)
    var measurements = 0, lifecycle = 0, rejected = 0
    var lastTime: [String: Double] = [:]
    var timeWentBack = false
    while let record = try reader.next() {
      switch record {
      case .measurement(_, let object, let seconds, let update, let truth, _):
        measurements += 1
        if let last = lastTime[object], seconds < last { timeWentBack = true }
        lastTime[object] = seconds
        #expect(update.distanceMeters != nil && truth.distanceMeters != nil)
      case .lifecycle(_, let object, let seconds, _):
        lifecycle += 1
        if let last = lastTime[object], seconds < last { timeWentBack = true }
        lastTime[object] = seconds
      case .rejected(let rejection):
        rejected += 1
        Issue.record("rejected: \(rejection)")
      case .pose:
        Issue.record("pose row without --phone-motion")
      }
    }
    #expect(measurements + lifecycle == lines.count)
    #expect(rejected == 0)
    #expect(!timeWentBack)
    let expectedObjects = name == .manyObjects ? 20 : (name == .standInnerBoundary || name == .standOuterBoundary ? 2 : 1)
    #expect(lastTime.count == expectedObjects)
  }

  @Test("Life-cycle rows appear where the scenario asks for them")
  func lifecycleRows() {
    let walk = ScenarioGenerator(seed: 5).csvText(.walkInOut)
    #expect(walk.contains(",suspended,") && walk.contains(",suspension_ended,"))
    let nlos = ScenarioGenerator(seed: 5).csvText(.nlosApproach)
    #expect(nlos.contains(",removed_timeout,"))
    #expect(!ScenarioGenerator(seed: 5).csvText(.fastApproach).contains("removed"))
  }

  @Test("scale repeats the scenario with fresh noise, later in time, and streams the same bytes")
  func scaleRepeats() throws {
    // Effects off: gaps remove whole seconds at random, which would blur the count below.
    let generator = ScenarioGenerator(seed: 11, repetitionGapSeconds: 10, effects: [])
    let once = dataLines(generator.csvText(.fastApproach))
    let text = generator.csvText(.fastApproach, scale: 3)
    let thrice = dataLines(text)
    // Dropouts are random, so the count is close to 3x, not equal.
    #expect(abs(Double(thrice.count) / Double(once.count) - 3) < 0.1)
    #expect(thrice.prefix(once.count) != once[...] || thrice.count != 3 * once.count)
    let times = thrice.map { Double($0.prefix { $0 != "," })! }
    #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 })
    let duration = ScenarioName.fastApproach.scenario(seed: 11).durationSeconds
    #expect(times.last! > 2 * (duration + 10))

    let path = FileManager.default.temporaryDirectory.appendingPathComponent("scen-scale-\(UUID()).csv").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try generator.write(.fastApproach, scale: 3, to: path)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
  }

  @Test("With the effects off, range noise away from spikes has the documented sigma (0.03 m)")
  func rangeNoiseSigma() {
    let lines = dataLines(ScenarioGenerator(seed: 21, effects: []).csvText(.standInnerBoundary, scale: 4))
    var errors: [Double] = []
    for line in lines {
      let f = line.split(separator: ",", omittingEmptySubsequences: false)
      guard let d = Double(f[2]), let truth = Double(f[9]) else { continue }
      if abs(d - truth) < 0.3 { errors.append(d - truth) }  // spikes add ≥ 0.5 m
    }
    let mean = errors.reduce(0, +) / Double(errors.count)
    let sd = (errors.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(errors.count - 1)).squareRoot()
    // ~1200 rows: the standard error of sd is 0.03/√(2·1200) ≈ 0.0006.
    #expect(abs(mean) < 0.004)
    #expect(abs(sd - 0.03) < 0.003)
  }

  /// A trajectory sweeping one angle from -90° to +90° at constant rate at 2 m.
  struct SweepCase: Sendable, CustomTestStringConvertible {
    var sweepsAzimuth: Bool
    /// Fraction of the sweep outside the field of view: (180 - 2·half-angle)/180.
    var expectedMissing: Double
    var testDescription: String {
      sweepsAzimuth ? "azimuth sweep, ±55°: 70/180 missing" : "elevation sweep, ±45°: 90/180 missing"
    }
  }

  @Test("The fraction of rows without direction matches the field-of-view geometry",
        arguments: [SweepCase(sweepsAzimuth: true, expectedMissing: 70.0 / 180),
                    SweepCase(sweepsAzimuth: false, expectedMissing: 90.0 / 180)])
  func fieldOfView(sweep: SweepCase) {
    let quarter = Double.pi / 2
    let path = Trajectory(keyframes: [
      .init(seconds: 0, distanceMeters: 2, azimuthRadians: sweep.sweepsAzimuth ? -quarter : 0,
            elevationRadians: sweep.sweepsAzimuth ? 0 : -quarter),
      .init(seconds: 60, distanceMeters: 2, azimuthRadians: sweep.sweepsAzimuth ? quarter : 0,
            elevationRadians: sweep.sweepsAzimuth ? 0 : quarter),
    ])
    let scenario = Scenario(
      name: "sweep", summary: "angle sweep", durationSeconds: 60,
      objects: [ScenarioObject(name: "tag", trajectory: path, model: MeasurementModel(updateRateHz: 20))])
    // Effects off: NLOS episodes may drop the direction inside the field of view.
    let lines = dataLines(ScenarioGenerator(seed: 4, effects: []).csvText(scenario))
    let missing = lines.filter { $0.split(separator: ",", omittingEmptySubsequences: false)[3].isEmpty }.count
    // ~1180 rows spread evenly over the sweep: the fraction is within a few rows of the geometry.
    #expect(abs(Double(missing) / Double(lines.count) - sweep.expectedMissing) < 0.01)
  }

  @Test("Directions are unit vectors near the true direction")
  func directionsAreUnit() {
    for line in dataLines(ScenarioGenerator(seed: 8).csvText(.walkInOut)) {
      let f = line.split(separator: ",", omittingEmptySubsequences: false)
      guard let x = Double(f[3]), let y = Double(f[4]), let z = Double(f[5]) else { continue }
      let (tx, ty, tz, td) = (Double(f[10])!, Double(f[11])!, Double(f[12])!, Double(f[9])!)
      #expect(abs((x * x + y * y + z * z).squareRoot() - 1) < 1e-5)
      let cosine = (x * tx + y * ty + z * tz) / td
      // 2° per component, 6° in NLOS (factor 3): 40° is > 6σ of the NLOS angular error.
      #expect(cosine > cos(40 * Double.pi / 180))
    }
  }

  @Test("Truth positions have length true_distance and, effects off, the ±55° cone decides direction")
  func truthGeometry() {
    let model = MeasurementModel()
    // Effects off: NLOS episodes and body blocking also remove directions inside the cone.
    for line in dataLines(ScenarioGenerator(seed: 9, effects: []).csvText(.manyObjects)) {
      let f = line.split(separator: ",", omittingEmptySubsequences: false)
      guard f[8].isEmpty else { continue }
      let (td, x, y, z) = (Double(f[9])!, Double(f[10])!, Double(f[11])!, Double(f[12])!)
      #expect(abs((x * x + y * y + z * z).squareRoot() - td) < 2e-4)  // 4-decimal rounding
      let azimuth = abs(atan2(x, -z)) * 180 / .pi
      let elevation = abs(atan2(y, (x * x + z * z).squareRoot())) * 180 / .pi
      if abs(azimuth - 55) > 0.1 && abs(elevation - 45) > 0.1 {  // away from the edge, rounding cannot flip it
        #expect(f[3].isEmpty == !model.isInFieldOfView(x: x, y: y, z: z))
      }
    }
  }

  @Test("Every built-in scenario lasts 30-90 s and starts and ends outside 3 m", arguments: ScenarioName.allCases)
  func scenarioShape(name: ScenarioName) {
    let scenario = name.scenario(seed: 13)
    #expect((30...90).contains(scenario.durationSeconds))
    for object in scenario.objects {
      #expect(object.trajectory.state(at: 0).distanceMeters > 3)
      #expect(object.trajectory.state(at: scenario.durationSeconds).distanceMeters > 3)
    }
  }

  @Test("Standing distances are 3-5 cm either side of the boundary")
  func standingDistances() {
    for (name, radius) in [(ScenarioName.standInnerBoundary, 1.5), (.standOuterBoundary, 3.0)] {
      let scenario = name.scenario(seed: 17)
      let standing = scenario.objects.map { $0.trajectory.state(at: scenario.durationSeconds / 2).distanceMeters }
      #expect((0.03...0.05).contains(radius - standing[0]))
      #expect((0.03...0.05).contains(standing[1] - radius))
    }
  }

  @Test("many-objects has 20 objects at integer rates in 1...10 Hz")
  func manyObjectsRates() {
    let scenario = ScenarioName.manyObjects.scenario(seed: 23)
    #expect(scenario.objects.count == 20)
    #expect(scenario.objects.allSatisfy { (1...10).contains($0.model.updateRateHz) && $0.model.updateRateHz.rounded() == $0.model.updateRateHz })
    #expect(Set(scenario.objects.map(\.model.updateRateHz)).count > 3)
  }

  @Test("writeAll writes one file per scenario, named after it")
  func writeAll() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scen-all-\(UUID())").path
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let paths = try ScenarioGenerator(seed: 1).writeAll(toDirectory: directory)
    #expect(paths.map { ($0 as NSString).lastPathComponent } == ScenarioName.allCases.map { "\($0.rawValue).csv" })
    #expect(paths.allSatisfy { FileManager.default.fileExists(atPath: $0) })
  }

  @Test("A path that cannot be created is a ScenarioWriteError naming it")
  func writeError() {
    #expect(throws: ScenarioWriteError.self) {
      try ScenarioGenerator(seed: 1).write(.walkInOut, to: "/nonexistent-dir/x.csv")
    }
  }
}
