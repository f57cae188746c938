// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

@testable import RangingScenarios

/// Each effect's statistics on a long generated run, against the distribution
/// it was configured with. Tolerances are four standard errors from the
/// closed forms named at each check (binomial, Poisson, uniform, renewal).
@Suite("Measurement effects")
struct MeasurementEffectsTests {
  /// One measurement row of a generated file.
  struct GeneratedRow {
    var seconds: Double
    var object: Substring
    var distance: Double
    var hasDirection: Bool
    var truth: Double
    var x: Double, y: Double, z: Double
    var error: Double { distance - truth }
    /// Azimuth of the truth, degrees, positive to the right of -z.
    var azimuthDegrees: Double { atan2(x, -z) * 180 / .pi }
  }

  /// The measurement rows (life-cycle rows left out) of a generated text.
  static func rows(_ text: String) -> [GeneratedRow] {
    text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.hasPrefix("t,") }.compactMap { line in
      let f = line.split(separator: ",", omittingEmptySubsequences: false)
      guard f[8].isEmpty, let d = Double(f[2]) else { return nil }
      return GeneratedRow(
        seconds: Double(f[0])!, object: f[1], distance: d, hasDirection: !f[3].isEmpty, truth: Double(f[9])!,
        x: Double(f[10])!, y: Double(f[11])!, z: Double(f[12])!)
    }
  }

  /// Maximal runs of consecutive rows that satisfy `predicate`.
  static func runs(_ rows: [GeneratedRow], where predicate: (GeneratedRow) -> Bool) -> [ArraySlice<GeneratedRow>] {
    var result: [ArraySlice<GeneratedRow>] = []
    var start: Int?
    for index in rows.indices {
      if predicate(rows[index]) {
        if start == nil { start = index }
      } else if let first = start {
        result.append(rows[first..<index])
        start = nil
      }
    }
    if let first = start { result.append(rows[first...]) }
    return result
  }

  static func mean<C: Collection>(_ values: C) -> Double where C.Element == Double {
    values.reduce(0, +) / Double(values.count)
  }

  static func standardDeviation<C: Collection>(_ values: C) -> Double where C.Element == Double {
    let m = mean(values)
    return (values.map { ($0 - m) * ($0 - m) }.reduce(0, +) / Double(values.count - 1)).squareRoot()
  }

  /// A model with every random departure off except 3 cm Gaussian noise, no
  /// jitter, so each effect can be switched on alone.
  static func quiet(rate: Double = 20) -> MeasurementModel {
    MeasurementModel(
      updateRateHz: rate, intervalJitterFraction: 0, heavyTailProbability: 0, spikeProbability: 0,
      shortOutlierProbability: 0, deviceOffsetMeters: 0...0, deviceScaleFraction: 0...0, nlosEpisodesPerMinute: 0,
      bodyBlockingHalfAngleDegrees: 0, dropoutProbability: 0, gapsPerMinute: 0)
  }

  /// One tag standing still straight ahead.
  static func standing(_ model: MeasurementModel, meters: Double = 2, seconds: Double) -> Scenario {
    let path = Trajectory(start: .init(seconds: 0, distanceMeters: meters, azimuthRadians: 0, elevationRadians: 0))
    return Scenario(name: "standing", summary: "one tag standing still", durationSeconds: seconds,
                    objects: [ScenarioObject(name: "tag", trajectory: path, model: model)])
  }

  /// Uniform(a, b): standard deviation (b - a)/√12.
  static func uniformSD(_ range: ClosedRange<Double>) -> Double { (range.upperBound - range.lowerBound) / 12.0.squareRoot() }

  @Test("Short outliers: runs of 1-3 updates at a uniform fraction of the truth, as often as configured")
  func shortOutliers() {
    var model = Self.quiet()
    model.shortOutlierProbability = 0.01
    model.shortOutlierFraction = 0.1...0.8
    let rows = Self.rows(ScenarioGenerator(seed: 41).csvText(Self.standing(model, meters: 3, seconds: 3000)))
    // f·3 + σn ≤ 2.4 + 0.15 against a line-of-sight 3 ± 0.15.
    let runs = Self.runs(rows) { $0.distance < 2.7 }
    // Renewal: a run of mean E[L] = 2 updates, then Geometric(p) updates to the next start (mean (1-p)/p).
    let (p, meanLength, varianceLength) = (0.01, 2.0, 2.0 / 3)
    let cycleMean = meanLength + (1 - p) / p
    let cycleVariance = varianceLength + (1 - p) / (p * p)
    let expectedRuns = Double(rows.count) / cycleMean
    let runsSD = (Double(rows.count) * cycleVariance / (cycleMean * cycleMean * cycleMean)).squareRoot()
    #expect(abs(Double(runs.count) - expectedRuns) < 4 * runsSD, "runs \(runs.count), expected \(expectedRuns) ± \(runsSD)")

    let fractions = runs.map { run in Self.mean(run.map(\.distance)) / 3 }
    let fractionSE = Self.uniformSD(0.1...0.8) / Double(runs.count).squareRoot()
    #expect(abs(Self.mean(fractions) - 0.45) < 4 * fractionSE)
    #expect(fractions.allSatisfy { (0.1 - 0.05)...(0.8 + 0.05) ~= $0 })
    // One fraction per run: every reading of a run within noise of the run's mean, except where two runs
    // met back to back (probability p per run, so ~1 % of runs; 3 % allowed).
    let uneven = runs.filter { run in run.contains { abs($0.distance - Self.mean(run.map(\.distance))) >= 0.2 } }
    #expect(uneven.count <= runs.count * 3 / 100)
    // Back-to-back runs merge with probability p, so a few may be longer than 3.
    let lengths = runs.map { Double($0.count) }
    #expect(abs(Self.mean(lengths) - meanLength) < 4 * (varianceLength / Double(runs.count)).squareRoot() + p * meanLength)
    #expect(lengths.filter { $0 > 3 }.count <= max(3, runs.count / 20))
  }

  @Test("Short outliers are clamped at 0: at fraction 0 about half read exactly 0")
  func shortOutliersClamp() {
    var model = Self.quiet()
    model.shortOutlierProbability = 0.05
    model.shortOutlierFraction = 0...0
    let rows = Self.rows(ScenarioGenerator(seed: 42).csvText(Self.standing(model, meters: 0.5, seconds: 600)))
    let outliers = rows.filter { $0.distance < 0.3 }  // 0 + σn against 0.5 ± 0.15
    let zeros = outliers.filter { $0.distance == 0 }.count
    #expect(rows.allSatisfy { $0.distance >= 0 })
    // Binomial(n, 1/2) (a reading of 0.00004 m or less also prints as 0).
    let n = Double(outliers.count)
    #expect(abs(Double(zeros) - n / 2) < 4 * (n / 4).squareRoot() + 2, "\(zeros) of \(outliers.count)")
  }

  @Test("Heavy tails: the share beyond 3σ and the variance match the two-Gaussian mixture")
  func heavyTails() {
    var model = Self.quiet()
    model.heavyTailProbability = 0.1
    model.heavyTailNoiseFactor = 3
    let rows = Self.rows(ScenarioGenerator(seed: 43).csvText(Self.standing(model, seconds: 1800)))
    let n = Double(rows.count)
    let sigma = 0.03
    // P(|e| > 3σ) = (1-q)·P(|z| > 3) + q·P(|z| > 3/k) with P(|z| > a) = erfc(a/√2)
    let q = 0.1
    let beyond = (1 - q) * erfc(3 / 2.0.squareRoot()) + q * erfc(1 / 2.0.squareRoot())
    let observed = Double(rows.filter { abs($0.error) > 3 * sigma }.count) / n
    #expect(abs(observed - beyond) < 4 * (beyond * (1 - beyond) / n).squareRoot(), "\(observed) vs \(beyond)")
    // E[e²] = σ²((1-q) + q·k²); Var(e²) = E[e⁴] - E[e²]², E[e⁴] = 3σ⁴((1-q) + q·k⁴)
    let second = sigma * sigma * ((1 - q) + q * 9)
    let fourth = 3 * pow(sigma, 4) * ((1 - q) + q * 81)
    let meanSquare = Self.mean(rows.map { $0.error * $0.error })
    #expect(abs(meanSquare - second) < 4 * ((fourth - second * second) / n).squareRoot())
  }

  @Test("Device bias: each repetition draws one offset and one scale error from the configured ranges")
  func deviceBias() {
    var model = Self.quiet(rate: 10)
    model.deviceOffsetMeters = -0.2...0.25
    model.deviceScaleFraction = -0.01...0.025
    var path = Trajectory(start: .init(seconds: 0, distanceMeters: 1, azimuthRadians: 0, elevationRadians: 0))
    path.pause(seconds: 20)
    path.move(toDistance: 5, speedMetersPerSecond: 20)
    path.pause(seconds: 20)
    let scenario = Scenario(name: "two-stops", summary: "1 m then 5 m", durationSeconds: 41,
                            objects: [ScenarioObject(name: "tag", trajectory: path, model: model)])
    let repetitions = 200
    let rows = Self.rows(ScenarioGenerator(seed: 44, repetitionGapSeconds: 9).csvText(scenario, scale: repetitions))
    var offsets: [Double] = []
    var scales: [Double] = []
    for repetition in 0..<repetitions {
      let span = Double(repetition * 50)..<Double(repetition * 50 + 41)
      let own = rows.filter { span.contains($0.seconds) }
      let near = Self.mean(own.filter { $0.truth == 1 }.map(\.error))  // b + s·1
      let far = Self.mean(own.filter { $0.truth == 5 }.map(\.error))  // b + s·5
      scales.append((far - near) / 4)
      offsets.append(near - (far - near) / 4)
    }
    // Each estimate averages 200 readings at σ = 0.03: errors ~0.002 m (offset) and ~0.0008 (scale).
    #expect(offsets.allSatisfy { (-0.2 - 0.015)...(0.25 + 0.015) ~= $0 })
    #expect(scales.allSatisfy { (-0.01 - 0.004)...(0.025 + 0.004) ~= $0 })
    let n = Double(repetitions).squareRoot()
    #expect(abs(Self.mean(offsets) - 0.025) < 4 * Self.uniformSD(-0.2...0.25) / n)
    #expect(abs(Self.mean(scales) - 0.0075) < 4 * Self.uniformSD(-0.01...0.025) / n)
    #expect(Set(offsets.map { ($0 * 100).rounded() }).count > 20)  // drawn per repetition, not once
  }

  @Test("NLOS episodes: steps of the configured bias and length, at the configured rate, half without direction")
  func nlosEpisodes() {
    var model = Self.quiet()
    model.nlosEpisodesPerMinute = 2
    model.nlosEpisodeSeconds = 1...5
    model.nlosBiasMeters = 0.4...1
    model.nlosNoiseFactor = 1
    model.nlosDirectionLossProbability = 0.5
    let rows = Self.rows(ScenarioGenerator(seed: 45).csvText(Self.standing(model, seconds: 3600)))
    let episodes = Self.runs(rows) { $0.error > 0.2 }  // bias ≥ 0.4 against 6.7σ
    // Poisson starts, at probability 1 - exp(-λΔt) on every update outside an episode.
    let startProbability = -expm1(-2.0 / 60 / 20)
    let free = Double(rows.count - episodes.map(\.count).reduce(0, +))
    let expected = startProbability * free
    #expect(abs(Double(episodes.count) - expected) < 4 * expected.squareRoot(), "\(episodes.count) vs \(expected)")

    let n = Double(episodes.count).squareRoot()
    let biases = episodes.map { Self.mean($0.map(\.error)) }
    #expect(abs(Self.mean(biases) - 0.7) < 4 * Self.uniformSD(0.4...1) / n + 0.01)
    // An episode covers the updates in [start, start + length) with the start uniform between two updates:
    // rows × 0.05 s has the length's mean and lies within 0.05 s of it.
    let lengths = episodes.map { $0.last!.seconds - $0.first!.seconds + 0.05 }
    #expect(abs(Self.mean(lengths) - 3) < 4 * Self.uniformSD(1...5) / n + 0.01)
    #expect(lengths.allSatisfy { $0 > 0.94 && $0 < 5.06 || $0 > 5.06 && $0 < 10.1 })  // the second: two back to back
    // A step: the first reading of an episode is already at its bias (one σ = 0.03 apart, 5σ allowed).
    #expect(episodes.allSatisfy { abs($0.first!.error - Self.mean($0.map(\.error))) < 0.15 })
    // The direction goes for the whole episode or not at all.
    #expect(episodes.allSatisfy { run in run.allSatisfy { $0.hasDirection == run.first!.hasDirection } })
    let lost = Double(episodes.filter { !$0.first!.hasDirection }.count)
    #expect(abs(lost / Double(episodes.count) - 0.5) < 4 * (0.25 / Double(episodes.count)).squareRoot())
    #expect(rows.filter { $0.error <= 0.2 }.allSatisfy { $0.hasDirection })
  }

  @Test("Body blocking: behind the user the range carries one bias and noise factor per episode and no direction")
  func bodyBlocking() {
    var model = Self.quiet()
    model.bodyBlockingHalfAngleDegrees = 60
    model.bodyBlockingBiasMeters = 0.07...0.6
    model.bodyBlockingNoiseFactor = 4...10
    model.fieldOfViewAzimuthDegrees = 180  // every direction present unless blocked
    var path = Trajectory(start: .init(seconds: 0, distanceMeters: 2, azimuthRadians: 0, elevationRadians: 0))
    path.turn(toAzimuth: 200 * .pi, angularSpeedRadiansPerSecond: 0.5)  // 100 laps, 4.2 s behind on each
    let scenario = Scenario(name: "laps", summary: "circles at 2 m", durationSeconds: path.endSeconds,
                            objects: [ScenarioObject(name: "tag", trajectory: path, model: model)])
    let rows = Self.rows(ScenarioGenerator(seed: 46).csvText(scenario))
    let clear = rows.filter { abs(abs($0.azimuthDegrees) - 120) > 0.1 }  // 4-decimal truth cannot flip these
    #expect(clear.allSatisfy { $0.hasDirection == (abs($0.azimuthDegrees) < 120) })
    #expect(clear.filter { abs($0.azimuthDegrees) < 120 }.allSatisfy { abs($0.error) < 0.2 })  // line of sight: 6.7σ

    let episodes = Self.runs(rows) { abs($0.azimuthDegrees) > 120 }.filter { $0.count > 40 }
    #expect(episodes.count >= 98)
    let biases = episodes.map { Self.mean($0.map(\.error)) }
    let factors = episodes.map { Self.standardDeviation($0.map(\.error)) / 0.03 }
    // ~84 readings each: the bias estimate is within 4·10σ/√84 ≈ 0.13 m, the factor within ~35 %.
    #expect(biases.allSatisfy { (0.07 - 0.14)...(0.6 + 0.14) ~= $0 })
    #expect(factors.allSatisfy { (4 * 0.65)...(10 * 1.35) ~= $0 })
    let n = Double(episodes.count).squareRoot()
    #expect(abs(Self.mean(biases) - 0.335) < 4 * (Self.uniformSD(0.07...0.6) + 7 * 0.03 / 84.0.squareRoot()) / n)
    #expect(abs(Self.mean(factors) - 7) < 4 * (Self.uniformSD(4...10) + 7 / (2 * 83.0).squareRoot()) / n + 0.1)
    // One bias per episode: its two halves agree within noise.
    #expect(episodes.allSatisfy { run in
      let half = run.count / 2
      let sd = Self.standardDeviation(run.map(\.error))
      let first = Self.mean(run.prefix(half).map(\.error)), second = Self.mean(run.suffix(half).map(\.error))
      return abs(first - second) < 4.5 * sd * (2 / Double(half)).squareRoot()
    })
  }

  @Test("At 1 Hz a gap of 0.2-1 s removes an update with probability E[L]/1 s, not always")
  func gapsAtLowRate() {
    var model = Self.quiet(rate: 1)
    model.gapsPerMinute = 6
    model.gapSeconds = 0.2...1
    let rows = Self.rows(ScenarioGenerator(seed: 52).csvText(Self.standing(model, seconds: 20_000)))
    // A gap starts at an update with p = 1 - exp(-6/60), at a uniform φ ∈ [0, 1) s before it, and ends
    // before the next one (φ > L - 1): the update is missing when φ < L, so with probability p·E[L] = p·0.6.
    let p = -expm1(-0.1)
    let share = p * 0.6
    let missing = 1 - Double(rows.count) / 20_000
    #expect(abs(missing - share) < 4 * (share * (1 - share) / 20_000).squareRoot(), "\(missing) vs \(share)")
  }

  @Test("Gaps: bursts of missing updates at the configured rate and length")
  func gaps() {
    var model = Self.quiet()
    model.gapsPerMinute = 6
    model.gapSeconds = 0.2...1
    let rows = Self.rows(ScenarioGenerator(seed: 47).csvText(Self.standing(model, seconds: 3600)))
    let steps = zip(rows, rows.dropFirst()).map { (($1.seconds - $0.seconds) / 0.05).rounded() }
    #expect(steps.allSatisfy { $0 >= 1 })
    let missing = steps.filter { $0 > 1 }.map { $0 - 1 }
    let startProbability = -expm1(-6.0 / 60 / 20)
    let expected = startProbability * Double(rows.count)
    #expect(abs(Double(missing.count) - expected) < 4 * expected.squareRoot(), "\(missing.count) vs \(expected)")
    // A gap of length L from a uniform time between updates removes L/0.05 updates on average
    // (4...20): mean 12 for L ~ U(0.2, 1).
    let n = Double(missing.count).squareRoot()
    #expect(abs(Self.mean(missing) - 12) < 4 * (16 / 12.0.squareRoot()) / n + 0.05)
    #expect(missing.allSatisfy { $0 >= 4 })
  }

  @Test("--rate: every object is updated at the given rate, the paths stay the same, the comments say so",
        arguments: [1.0, 5, 20, 100])
  func rateOverride(rate: Double) {
    let text = ScenarioGenerator(seed: 48, updateRateHz: rate).csvText(.manyObjects)
    let rows = Self.rows(text)
    for object in Set(rows.map(\.object)) {
      let times = rows.filter { $0.object == object }.map(\.seconds)
      let spacing = zip(times, times.dropFirst()).map { $1 - $0 }.sorted()
      // Median interval: the nominal one; 5 % jitter and ~50-5000 intervals move it by a few per cent at most.
      #expect(abs(spacing[spacing.count / 2] - 1 / rate) < 0.06 / rate, "\(object)")
    }
    let comments = text.split(separator: "\n").prefix { $0.hasPrefix("#") }
    #expect(comments.contains("# options: update_rate_hz=\(rate) (every object) effects=all"))
    #expect(comments.filter { $0.contains("update_rate_hz=\(rate) interval_jitter") }.count == 20)
    let duration = { (t: String) in t.split(separator: "\n").first { $0.hasPrefix("# duration_s:") } }
    #expect(duration(text) == duration(ScenarioGenerator(seed: 48).csvText(.manyObjects)))
  }

  @Test("The same seed and options give the same bytes, another seed or other options other bytes",
        arguments: ScenarioName.allCases)
  func determinismWithOptions(name: ScenarioName) {
    let effects: MeasurementEffects = [.gaps, .shortOutliers, .bodyBlocking]
    let text = ScenarioGenerator(seed: 49, updateRateHz: 20, effects: effects).csvText(name)
    // A second generator, made after a third drew from another seed: only the
    // seed and the options decide the bytes, not what was generated before.
    let otherSeed = ScenarioGenerator(seed: 50, updateRateHz: 20, effects: effects).csvText(name)
    #expect(ScenarioGenerator(seed: 49, updateRateHz: 20, effects: effects).csvText(name) == text)
    // The comparison above can fail: the seed changes the bytes, and so do the options.
    #expect(otherSeed != text)
    #expect(ScenarioGenerator(seed: 49, updateRateHz: 20).csvText(name) != text)
  }

  /// `t,object` and the truth columns of a data line.
  static func key(_ line: Substring) -> String {
    let f = line.split(separator: ",", omittingEmptySubsequences: false)
    return ([f[0], f[1]] + f[9...]).joined(separator: ",")
  }

  static func dataLines(_ text: String) -> [Substring] {
    text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.hasPrefix("t,") }
  }

  struct SwitchCase: Sendable, CustomTestStringConvertible {
    var name: String
    var testDescription: String { "switching \(name) off" }
  }

  @Test("Switching one effect off leaves every row it does not touch unchanged",
        arguments: MeasurementEffects.named.map { SwitchCase(name: $0.name) })
  func switchingOneOff(effect: SwitchCase) {
    let removed = MeasurementEffects(names: effect.name)!
    let on = Self.dataLines(ScenarioGenerator(seed: 50, updateRateHz: 20).csvText(.circling, scale: 10))
    let off = Self.dataLines(
      ScenarioGenerator(seed: 50, updateRateHz: 20, effects: MeasurementEffects.all.subtracting(removed))
        .csvText(.circling, scale: 10))
    if removed == .gaps {
      // Gaps only remove rows: every row with gaps is a row without them, byte for byte.
      #expect(on.count < off.count)
      #expect(Set(on).isSubset(of: Set(off)))
      return
    }
    #expect(on.count == off.count)
    #expect(zip(on, off).allSatisfy { Self.key($0) == Self.key($1) })
    let changed = zip(on, off).filter { $0 != $1 }
    #expect(!changed.isEmpty)
    if removed == .shortOutliers || removed == .heavyTails || removed == .deviceBias {
      // Range-only effects: the direction columns never change.
      #expect(changed.allSatisfy { a, b in
        a.split(separator: ",", omittingEmptySubsequences: false)[3...5] == b.split(separator: ",", omittingEmptySubsequences: false)[3...5]
      })
    }
    if removed == .shortOutliers || removed == .nlosEpisodes || removed == .bodyBlocking {
      #expect(changed.count < on.count / 4)  // episodic: most rows untouched
    }
  }

  @Test("Effect sets parse from all, none and names, and print back the same")
  func effectNames() {
    #expect(MeasurementEffects(names: "all") == .all)
    #expect(MeasurementEffects(names: "none") == [])
    #expect(MeasurementEffects(names: "gaps,short-outliers") == [.gaps, .shortOutliers])
    #expect(MeasurementEffects(names: "gaps,bogus") == nil)
    #expect(MeasurementEffects(names: "") == nil)
    for effects: MeasurementEffects in [.all, [], [.shortOutliers, .gaps], [.bodyBlocking]] {
      #expect(MeasurementEffects(names: effects.description) == effects)
    }
  }

  @Test("Effects none gives the version-1 model: no offset, tails, short readings, episodes, blocking or gaps")
  func restrictedToNone() {
    let model = MeasurementModel().restricted(to: [])
    #expect(model.deviceOffsetMeters == 0...0 && model.deviceScaleFraction == 0...0)
    #expect(model.heavyTailProbability == 0 && model.shortOutlierProbability == 0)
    #expect(model.nlosEpisodesPerMinute == 0 && model.bodyBlockingHalfAngleDegrees == 0 && model.gapsPerMinute == 0)
    #expect(MeasurementModel().restricted(to: .all) == MeasurementModel())
  }

  @Test("The boundary scenarios have no device bias; the others have the default")
  func boundaryScenariosUnbiased() {
    for name in ScenarioName.allCases {
      for object in name.scenario(seed: 51).objects {
        let unbiased = object.model.deviceOffsetMeters == 0...0 && object.model.deviceScaleFraction == 0...0
        #expect(unbiased == (name == .standInnerBoundary || name == .standOuterBoundary), "\(name.rawValue)")
      }
    }
  }
}
