// SPDX-License-Identifier: Apache-2.0
// The pass runs on GSL: these tests run in builds with the package's GSL trait (the default).
#if GSL
  import RangingEngine
  import Testing

  @testable import RangingReplay
  @testable import RangingSmoothing

  @Suite("TrackSmoother")
  struct TrackSmootherTests {
    private static let q = 0.4

    /// A step of `object` at `seconds` with the filter at (d, v), P = [p00 p01; p01 p11].
    private static func step(
      _ object: String, _ seconds: Double, _ outcome: UpdateOutcome?, d: Double, v: Double = 0.1,
      p: (Double, Double, Double) = (0.01, 0.002, 0.05)
    ) -> RangeStep {
      RangeStep(
        seconds: seconds, objectName: object, object: object == "a" ? 1 : 2,
        state: TrackState(
          time: Timestamp(seconds: seconds),
          range: RangeEstimate(distanceMeters: d, sigmaMeters: p.0.squareRoot(), rateMetersPerSecond: v),
          direction: nil, directionState: .unknown),
        outcome: outcome,
        covariance: RangeCovariance(
          distanceVarianceMetersSquared: p.0, distanceRateCovarianceMetersSquaredPerSecond: p.1,
          rateVarianceMetersSquaredPerSecondSquared: p.2),
        filterState: (d, v))
    }

    private static func run(_ steps: [RangeStep]) -> [(Double, String, TrackState)] {
      var out: [(Double, String, TrackState)] = []
      let smoother = TrackSmoother(accelerationSpectralDensity: q) { out.append(($0, $1, $2)) }
      for step in steps { smoother.record(step) }
      smoother.finish()
      return out
    }

    /// Three steps of one run of object "a" near 2 m: a start and two fusions.
    private static let runNear2m = [
      step("a", 0.0, .initialized, d: 2.0, p: (0.0225, 0, 1)),
      step("a", 0.1, .fused(testRatio: 0.1), d: 2.1, p: (0.012, 0.03, 0.6)),
      step("a", 0.2, .fused(testRatio: 0.2), d: 2.05, p: (0.009, 0.02, 0.3)),
    ]

    @Test("Each run of the filter is smoothed on its own: a restart begins a new segment")
    func restartSplitsSegments() throws {
      let steps = Self.runNear2m + [
        Self.step("a", 0.3, .reset(.persistentRejection), d: 5.0, p: (0.0225, 0, 1)),
        Self.step("a", 0.4, .fused(testRatio: 0.1), d: 5.1, p: (0.012, 0.03, 0.6)),
      ]
      let out = Self.run(steps)
      #expect(out.map(\.0) == [0.0, 0.1, 0.2, 0.3, 0.4])
      let first = try RauchTungStriebel.smooth(steps[0..<3].compactMap(\.point), accelerationSpectralDensity: Self.q).get()
      let second = try RauchTungStriebel.smooth(steps[3...].compactMap(\.point), accelerationSpectralDensity: Self.q).get()
      for (state, point) in zip(out.map(\.2), first + second) {
        #expect(state.range.distanceMeters == point.distanceMeters)
        #expect(state.range.sigmaMeters == point.covariance.distanceVarianceMetersSquared.squareRoot())
      }
      // The last state of each segment has nothing after it: it stays as filtered.
      #expect(out[2].2.range.distanceMeters == 2.05)
      #expect(out[4].2.range.distanceMeters == 5.1)
    }

    @Test("The pass runs over the filter's own state, which its covariance describes, not the reported one")
    func smoothsTheFilterStateNotTheReportedOne() throws {
      // Steps whose reported distance is another filter's (the zone decision's
      // while the readings show outliers), 0.3 m off the filter's own.
      var steps = Self.runNear2m
      let own = steps.compactMap(\.point)
      for index in steps.indices {
        steps[index].state.range.distanceMeters += 0.3
        steps[index].state.range.rateMetersPerSecond += 0.5
      }
      let out = Self.run(steps)
      let expected = try RauchTungStriebel.smooth(own, accelerationSpectralDensity: Self.q).get()
      #expect(out.count == expected.count)
      for (state, point) in zip(out.map(\.2), expected) {
        #expect(state.range.distanceMeters == point.distanceMeters)
        #expect(state.range.rateMetersPerSecond == point.rateMetersPerSecond)
      }
    }

    @Test("A row before any distance passes through at once; one object's rows keep their order")
    func orderAndPassThrough() {
      var early = Self.step("b", 0.0, nil, d: .nan)
      early.state.range.sigmaMeters = .infinity
      let out = Self.run([
        Self.step("a", 0.0, .initialized, d: 2.0), early,
        Self.step("b", 0.05, .initialized, d: 3.0), Self.step("a", 0.1, .fused(testRatio: 0.1), d: 2.1),
        Self.step("b", 0.15, .fused(testRatio: 0.1), d: 3.1),
      ])
      #expect(out.map { "\($0.1)@\($0.0)" } == ["b@0.0", "a@0.0", "a@0.1", "b@0.05", "b@0.15"])
      #expect(out[0].2.range.distanceMeters.isNaN)
    }

    // The closed form of the prediction (RangeFilter.estimate(at:)):
    // d + v dt, sigma² = P00 + 2 dt P01 + dt² P11 + q dt³/3.
    @Test("A run restarted after rejections and abandoned at its next distance is predicted through by the run before")
    func abandonedRunIsPredictedThrough() {
      let out = Self.run([
        Self.step("a", 0.0, .initialized, d: 28.8, v: -0.6),
        Self.step("a", 0.1, .fused(testRatio: 0.1), d: 28.7, v: -0.6, p: (0.0016, 0.004, 0.04)),
        Self.step("a", 0.4, .reset(.persistentRejection), d: 12.1, v: 0),
        Self.step("a", 0.5, .reset(.unconfirmedStart), d: 28.2, v: 0),
        Self.step("a", 0.6, .fused(testRatio: 0.1), d: 28.15, v: -0.5),
      ])
      #expect(out.map(\.0) == [0.0, 0.1, 0.4, 0.5, 0.6])
      let dt = 0.3
      #expect(abs(out[2].2.range.distanceMeters - (28.7 - 0.6 * dt)) < 1e-12)
      let variance = 0.0016 + 2 * dt * 0.004 + dt * dt * 0.04 + Self.q * dt * dt * dt / 3
      #expect(abs(out[2].2.range.sigmaMeters - variance.squareRoot()) < 1e-12)
      #expect(out[1].2.range.distanceMeters == 28.7, "the last measured state has only predictions after it")
    }

    @Test("A fusion the filter undid is smoothed as a prediction from the step before it, as the filter's path runs")
    func undoneFusionIsPredictedThrough() throws {
      var undoing = Self.step("a", 2.0, .fused(testRatio: 0.1), d: 5.02, v: 0.01, p: (0.0024, 0.0011, 0.011))
      undoing.undidPreviousFusion = true
      let steps = [
        Self.step("a", 0.0, .initialized, d: 5.0, v: 0, p: (0.0025, 0, 2.25)),
        Self.step("a", 1.0, .fused(testRatio: 0.01), d: 5.01, v: 0.01, p: (0.0024, 0.0023, 0.006)),
        // the outlier the next step undid
        Self.step("a", 1.5, .fused(testRatio: 0.8), d: 6.9, v: 2.5, p: (0.0025, 0.004, 0.02)),
        undoing,
      ]
      let out = Self.run(steps)
      // The same run with the outlier's point replaced by the closed-form prediction of the
      // point before it (d + v dt, P00 + 2 dt P01 + dt² P11 + q dt³/3, P01 + dt P11 + q dt²/2, P11 + q dt).
      let before = try #require(steps[1].point)
      let dt = 0.5
      let predicted = RangeTrackPoint(
        time: steps[2].state.time, distanceMeters: before.distanceMeters + dt * before.rateMetersPerSecond,
        rateMetersPerSecond: before.rateMetersPerSecond,
        covariance: RangeCovariance(
          distanceVarianceMetersSquared: 0.0024 + 2 * dt * 0.0023 + dt * dt * 0.006 + Self.q * dt * dt * dt / 3,
          distanceRateCovarianceMetersSquaredPerSecond: 0.0023 + dt * 0.006 + Self.q * dt * dt / 2,
          rateVarianceMetersSquaredPerSecondSquared: 0.006 + Self.q * dt))
      let points = [steps[0].point!, before, predicted, steps[3].point!]
      let expected = try RauchTungStriebel.smooth(points, accelerationSpectralDensity: Self.q).get()
      for (state, point) in zip(out.map(\.2), expected) {
        #expect(abs(state.range.distanceMeters - point.distanceMeters) < 1e-12)
      }
      // Nowhere near the outlier's 6.9 m.
      #expect(abs(out[2].2.range.distanceMeters - 5.0) < 0.05)
    }

    @Test("Once the threshold of open objects is reached, the segments of objects no longer tracked are handed on")
    func untrackedSegmentsAreSwept() {
      var out: [String] = []
      let smoother = TrackSmoother(accelerationSpectralDensity: Self.q) { seconds, name, _ in
        out.append("\(name)@\(seconds)")
      }
      smoother.sweepThreshold = 2
      smoother.isTracked = { $0 == 2 }  // "b" is tracked, "a" is not
      smoother.record(Self.step("a", 0.0, .initialized, d: 2.0))
      smoother.record(Self.step("b", 0.1, .initialized, d: 3.0))
      #expect(out.isEmpty)
      var third = Self.step("c", 0.2, .initialized, d: 4.0)
      third.object = 3
      smoother.record(third)
      #expect(out == ["a@0.0"])
      smoother.finish()
      #expect(out == ["a@0.0", "b@0.1", "c@0.2"])
    }

    @Test("A run that fused a second distance before it was abandoned is left as its own segment")
    func confirmedLookingRunStays() {
      let out = Self.run([
        Self.step("a", 0.0, .initialized, d: 1.6, v: -1),
        Self.step("a", 0.1, .fused(testRatio: 0.1), d: 1.5, v: -1),
        Self.step("a", 0.2, .reset(.persistentRejection), d: 2.0, v: 0),
        Self.step("a", 0.3, .fused(testRatio: 0.1), d: 2.02, v: 0.1, p: (0.012, 0.03, 0.6)),
        Self.step("a", 0.4, .reset(.unconfirmedStart), d: 2.9, v: 0),
      ])
      #expect(out[3].2.range.distanceMeters == 2.02)
      #expect(out[2].2.range.distanceMeters > 1.9)
    }
  }
#endif
