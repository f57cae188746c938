// SPDX-License-Identifier: Apache-2.0
#if GSL
  import RangingEngine
  import Testing

  @testable import RangingSmoothing

  @Suite("RauchTungStriebel")
  struct RauchTungStriebelTests {
    private static func points(_ rows: [RauchTungStriebelReference.Point]) -> [RangeTrackPoint] {
      rows.map {
        RangeTrackPoint(
          time: Timestamp(microseconds: $0.0), distanceMeters: $0.1, rateMetersPerSecond: $0.2,
          covariance: RangeCovariance(
            distanceVarianceMetersSquared: $0.3, distanceRateCovarianceMetersSquaredPerSecond: $0.4,
            rateVarianceMetersSquaredPerSecondSquared: $0.5))
      }
    }

    @Test("The backward pass reproduces FilterPy's rts_smoother on filtered segments with predictions and repeated times",
          arguments: RauchTungStriebelReference.cases.map(\.name))
    func matchesFilterPy(name: String) throws {
      let reference = try #require(RauchTungStriebelReference.cases.first { $0.name == name })
      let smoothed = try RauchTungStriebel.smooth(
        Self.points(reference.filtered), accelerationSpectralDensity: reference.q).get()
      let expected = Self.points(reference.smoothed)
      #expect(smoothed.count == expected.count)
      for (index, (got, want)) in zip(smoothed, expected).enumerated() {
        #expect(got.time == want.time, "step \(index)")
        #expect(abs(got.distanceMeters - want.distanceMeters) < 1e-9, "step \(index)")
        #expect(abs(got.rateMetersPerSecond - want.rateMetersPerSecond) < 1e-9, "step \(index)")
        let g = got.covariance, w = want.covariance
        #expect(abs(g.distanceVarianceMetersSquared - w.distanceVarianceMetersSquared) < 1e-12, "step \(index)")
        #expect(abs(g.distanceRateCovarianceMetersSquaredPerSecond - w.distanceRateCovarianceMetersSquaredPerSecond) < 1e-12,
                "step \(index)")
        #expect(abs(g.rateVarianceMetersSquaredPerSecondSquared - w.rateVarianceMetersSquaredPerSecondSquared) < 1e-10,
                "step \(index)")
      }
    }

    @Test("With every step at the same time (F = I, Q = 0, so G = I), each smoothed state is the last filtered one")
    func zeroStepsCarryTheLastStateBack() throws {
      let times = Array(repeating: Int64(1_000_000), count: 4)
      let filtered = Self.points(zip(times, [(2.0, 0.1, 0.04), (2.2, -0.3, 0.02), (1.9, 0.0, 0.015), (2.05, 0.2, 0.01)])
        .map { ($0.0, $0.1.0, $0.1.1, $0.1.2, 0.001, 0.5) })
      let smoothed = try RauchTungStriebel.smooth(filtered, accelerationSpectralDensity: 0.3).get()
      for point in smoothed {
        #expect(abs(point.distanceMeters - 2.05) < 1e-12)
        #expect(abs(point.rateMetersPerSecond - 0.2) < 1e-12)
        #expect(abs(point.covariance.distanceVarianceMetersSquared - 0.01) < 1e-12)
      }
    }

    @Test("A covariance that is not positive definite is reported, not trapped")
    func brokenCovarianceFails() {
      let bad = RangeCovariance(
        distanceVarianceMetersSquared: -1, distanceRateCovarianceMetersSquaredPerSecond: 0,
        rateVarianceMetersSquaredPerSecondSquared: -1)
      let points = [0, 100_000].map {
        RangeTrackPoint(time: Timestamp(microseconds: Int64($0)), distanceMeters: 1, rateMetersPerSecond: 0, covariance: bad)
      }
      #expect(throws: RauchTungStriebelError.notPositiveDefinite) {
        try RauchTungStriebel.smooth(points, accelerationSpectralDensity: 0.3).get()
      }
    }
  }
#endif
import RangingSmoothing
