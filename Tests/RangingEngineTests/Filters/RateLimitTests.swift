// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import Testing

/// The rate limit (RateLimit, RangeFilterConfiguration.maximumRateMetersPerSecond).
@Suite("RateLimit")
struct RateLimitTests {
  /// 2 m, then 8 m one second later, with every gate open and no confirmation.
  /// From x = [2, 0], P = diag(r², v0²), the CWNA prediction over 1 s gives
  /// P00 = r² + v0² + q/3 and P01 = v0² + q/2, so the unconstrained rate after
  /// the second measurement is K1 · y = P01 / (P00 + r²) · 6 m (about 6.2 m/s).
  static func run(_ kind: BackendKind, limit: Double) -> RangeEstimate {
    let configuration = RangeFilterConfiguration(
      accelerationSpectralDensity: 0.5, measurementSigmaMeters: 0.05, initialRateSigmaMetersPerSecond: 1.5,
      gateSigmas: 1e6, shortGateSigmas: 1e6, confirmationCount: 0, prefilter: .off,
      maximumRateMetersPerSecond: limit)
    let filter = RangeFilterTests.AnyRangeFilter(kind, configuration)
    _ = filter.update(2, Timestamp(seconds: 0))
    _ = filter.update(8, Timestamp(seconds: 1))
    return filter.estimate()
  }

  @Test("Without a limit the rate follows the closed form; with 3 m/s it is held at 3", arguments: BackendKind.allCases)
  func clampsTheRate(kind: BackendKind) {
    let r2 = 0.05 * 0.05, v02 = 1.5 * 1.5, q = 0.5
    // predicted P = [r² + v0² + q/3, v0² + q/2; ., v0² + q]; K1 = P01 / (P00 + r²)
    let p00 = r2 + v02 + q / 3, p01 = v02 + q / 2
    let expected = p01 / (p00 + r2) * 6
    let free = Self.run(kind, limit: .infinity)
    #expect(abs(free.rateMetersPerSecond - expected) < 1e-9)
    #expect(expected > 3)
    let limited = Self.run(kind, limit: 3)
    #expect(limited.rateMetersPerSecond == 3)
    // The distance correction is the same; only the rate is projected.
    #expect(abs(limited.distanceMeters - free.distanceMeters) < 1e-12)
  }
}
