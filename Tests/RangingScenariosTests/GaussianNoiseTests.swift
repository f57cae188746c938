// SPDX-License-Identifier: Apache-2.0
import RangingScenarios
import Testing

/// `ScenarioNoise.gaussian` with a device sigma (`rangectl generate --noise gaussian
/// --range-sigma S`): the clean data of the accuracy sweep.
@Suite("Gaussian noise only")
struct GaussianNoiseTests {
  /// Measured minus true distance of every row with both, for one scenario.
  static func errors(_ generator: ScenarioGenerator, _ name: ScenarioName) -> [Double] {
    var errors: [Double] = []
    for line in MeasurementEffectsTests.dataLines(generator.csvText(name)) {
      let fields = line.split(separator: ",", omittingEmptySubsequences: false)
      guard let measured = Double(fields[2]), let truth = Double(fields[9]) else { continue }
      errors.append(measured - truth)
    }
    return errors
  }

  /// Readings are the truth plus N(0, σ²), clamped at 0 and rounded to 0.1 mm:
  /// the errors' mean is within 4 standard errors of 0, their standard deviation
  /// within 6 % of σ (its standard error is σ/√(2n), under 1 % here), and none
  /// is beyond 5.5 σ (probability 4e-8 per reading, against the multipath spikes
  /// of metres, NLOS offsets of tenths and heavy tails the parametric model adds).
  @Test("Each reading is the truth plus Gaussian noise of the given sigma, nothing else",
        arguments: [0.02, 0.15, 0.3])
  func readingsAreTruthPlusGaussianNoise(sigma: Double) {
    var generator = ScenarioGenerator(seed: 11, updateRateHz: 10, noise: .gaussian)
    generator.rangeSigmaMeters = sigma
    let errors = ScenarioName.allCases.filter { $0 != .fastApproach }.flatMap { Self.errors(generator, $0) }
    let n = Double(errors.count)
    let mean = errors.reduce(0, +) / n
    let sd = (errors.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / (n - 1)).squareRoot()
    #expect(errors.count > 5000)
    #expect(abs(mean) < 4 * sigma / n.squareRoot(), "mean \(mean)")
    #expect(abs(sd / sigma - 1) < 0.06, "sd \(sd)")
    #expect(errors.allSatisfy { abs($0) < 5.5 * sigma }, "largest \(errors.map(abs).max() ?? 0)")
  }

  /// The scheduled NLOS intervals keep their draws, so the main stream, and with
  /// it the update times, dropouts and paths of a seed, are those of the
  /// parametric model with the same effects.
  @Test("The rows, times and true distances of a seed are those of the parametric model")
  func sameRowsAsParametric() {
    for name in [ScenarioName.walkInOut, .nlosApproach, .manyObjects] {
      let gaussian = ScenarioGenerator(seed: 5, effects: .gaps, noise: .gaussian).csvText(name)
      let parametric = ScenarioGenerator(seed: 5, effects: .gaps).csvText(name)
      func keys(_ text: String) -> [String] {
        MeasurementEffectsTests.dataLines(text).map {
          let f = $0.split(separator: ",", omittingEmptySubsequences: false)
          return "\(f[0]),\(f[1]),\(f[8]),\(f[9])"
        }
      }
      #expect(keys(gaussian) == keys(parametric), "\(name)")
    }
  }
}
