// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import Testing

/// The zone decision's smoother (in RangingEngine) is the textbook constant-velocity
/// filter with a floor on its measurement variance and a gate for readings the
/// estimate rejected. Its reference values are FilterPy's (the cv-kalman peer's
/// reference, `scripts/reference/baseline_peers_reference.py`) and closed forms,
/// never its own output; the suite lives here, beside that reference.
@Suite("ZoneDecisionSmoother")
struct ZoneDecisionSmootherTests {
  /// Runs the smoother over the reference rows as the peer runs (restarting on a
  /// life-cycle row, fusing every reading), with the object's measured variance
  /// `measuredVariance`, and returns the distance after each reading.
  private func distances(measuredVariance: Double) -> [Double] {
    var smoother = ZoneDecisionSmoother()
    var started = false, last: Int64 = 0
    var out: [Double] = []
    for (time, distance) in BaselinePeersReference.rows {
      guard let distance else {
        started = false
        continue
      }
      if started {
        smoother.predict(dt: Double(time - last) / 1_000_000)
        smoother.fuse(distance, measuredVariance: measuredVariance)
      } else {
        // The peer's P0 = diag(0.15², 1): an initial rate sigma of 1 m/s.
        smoother.start(at: distance, measuredVariance: measuredVariance, initialRateSigma: 1)
        started = true
      }
      last = time
      out.append(smoother.distanceMeters)
    }
    return out
  }

  @Test("With a quiet device it is FilterPy's textbook filter (q 0.3, sigma 0.15 m, no gate) to 1e-9 m")
  func textbookOnQuietDevices() {
    for measured in [0.0, 0.01 * 0.01, 0.15 * 0.15] {
      let ours = distances(measuredVariance: measured)
      #expect(ours.count == BaselinePeersReference.kalmanDistances.count)
      let worst = zip(ours, BaselinePeersReference.kalmanDistances).map { abs($0 - $1) }.max() ?? .infinity
      #expect(worst < 1e-9, "measured variance \(measured): largest difference \(worst) m")
    }
  }

  @Test("A device noisier than the floor is smoothed with its own variance: the first gain is P/(P+R)")
  func noisyDeviceUsesItsVariance() {
    // Start at 1.0 with r² = 0.3² (above the floor): P00 = 0.09. Fusing 1.3 at dt = 0:
    // K = 0.09 / (0.09 + 0.09) = 1/2, so d = 1.15 and P00 = (1/2)² 0.09 + 0.09 (1/2)² = 0.045.
    var smoother = ZoneDecisionSmoother()
    smoother.start(at: 1.0, measuredVariance: 0.09, initialRateSigma: 1)
    smoother.predict(dt: 0)
    smoother.fuse(1.3, measuredVariance: 0.09)
    #expect(abs(smoother.distanceMeters - 1.15) < 1e-12)
    // With the floor instead (a quiet device): K = 0.0225 / 0.045 = 1/2 as well, from P00 = 0.0225.
    var quiet = ZoneDecisionSmoother()
    quiet.start(at: 1.0, measuredVariance: 0.0001, initialRateSigma: 1)
    quiet.fuse(1.3, measuredVariance: 0.0001)
    #expect(abs(quiet.distanceMeters - 1.15) < 1e-12)
    // A second reading at the same time: P00 = 0.01125, K = 0.01125 / 0.03375 = 1/3.
    quiet.fuse(1.45, measuredVariance: 0.0001)
    #expect(abs(quiet.distanceMeters - (1.15 + (1.45 - 1.15) / 3)) < 1e-12)
  }

  @Test("A reading the estimate rejected is fused within 3.5 of the decision's sigmas and only then")
  func gateForRejectedReadings() {
    // After a start at 2.0 with the floor: P00 = 0.0225, S = 0.045, the gate 3.5 √0.045 = 0.7425 m.
    let gate = 3.5 * (0.0225 + 0.0225).squareRoot()
    var inside = ZoneDecisionSmoother()
    inside.start(at: 2.0, measuredVariance: 0, initialRateSigma: 1)
    inside.fuseWithinGate(2.0 + gate - 0.001, measuredVariance: 0)
    #expect(abs(inside.distanceMeters - (2.0 + (gate - 0.001) / 2)) < 1e-12)
    var outside = ZoneDecisionSmoother()
    outside.start(at: 2.0, measuredVariance: 0, initialRateSigma: 1)
    outside.fuseWithinGate(2.0 - gate - 0.001, measuredVariance: 0)
    #expect(outside.distanceMeters == 2.0)
  }

  @Test("The distance never goes below zero, and extrapolation does not either")
  func nonNegative() {
    var smoother = ZoneDecisionSmoother()
    smoother.start(at: 0.1, measuredVariance: 0, initialRateSigma: 1)
    smoother.predict(dt: 0.1)
    smoother.fuse(0.0, measuredVariance: 0)
    smoother.predict(dt: 0.1)
    smoother.fuse(0.0, measuredVariance: 0)
    #expect(smoother.distanceMeters >= 0 && smoother.distance(after: 10) >= 0)
  }
}
