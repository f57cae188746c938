// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import RangingEvaluation
import RangingFormats
import Testing

@Suite("cv-rts: the textbook filter smoothed by Rauch-Tung-Striebel")
struct ConstantVelocityRauchTungStriebelTests {
  /// Reference: numpy 1.x, written from the equations of Rauch, Tung & Striebel
  /// (1965) as Särkkä (2013, Theorem 8.2) states them, independently of this
  /// package: forward `m = F m, P = F P Fᵀ + Q` (skipped at dt = 0), `K = P Hᵀ / (P00 + R)`,
  /// `m += K (z - m0)`, `P -= K H P`; backward `G = P_k Fᵀ inv(F P_k Fᵀ + Q)`,
  /// `m^s_k = m_k + G (m^s_{k+1} - F m_k)`, with q 0.3, R 0.15², P0 diag(R, 1):
  ///
  ///     t = [0, .2, .4, .4, .7, 1, 1.1, 1.5]; z = [2, 1.9, 1.75, 1.8, 1.55, 1.3, 1.35, 1]
  ///     print([round(float(s[0]), 12) for s in smoothed])
  static let times = [0, 0.2, 0.4, 0.4, 0.7, 1.0, 1.1, 1.5]
  static let distances = [2.0, 1.9, 1.75, 1.8, 1.55, 1.3, 1.35, 1.0]
  static let reference = [
    2.006000753754, 1.888402521795, 1.763526218754, 1.763526218754, 1.56486155443, 1.360084794946,
    1.291383634065, 1.012214303502,
  ]

  @Test("The smoothed distances equal an independent numpy implementation's to 1e-9 (a repeated time included)")
  func matchesNumpy() {
    let readings = zip(Self.times, Self.distances).map { (time: Timestamp(seconds: $0), distanceMeters: $1) }
    let smoothed = ConstantVelocityRauchTungStriebel.smooth(readings)
    #expect(smoothed.count == Self.reference.count)
    for (value, expected) in zip(smoothed, Self.reference) {
      #expect(abs(value - expected) < 1e-9, "\(value) vs \(expected)")
    }
  }

  @Test("No reading gives no distance; one reading gives itself")
  func degenerate() {
    #expect(ConstantVelocityRauchTungStriebel.smooth([]).isEmpty)
    #expect(ConstantVelocityRauchTungStriebel.smooth([(Timestamp(seconds: 3), 1.25)]) == [1.25])
  }

  @Test("An offline detector decides when its run ends: one enter and one exit for a walk in and out")
  func detectorDecidesAtFinish() {
    var detector = BaselineDetector(method: .smoothedConstantVelocityKalman(.textbook), zones: [("inner", 1.5)])
    for step in 0...60 {
      let t = Double(step) / 5
      detector.update(object: "a", time: Timestamp(seconds: t), distanceMeters: t <= 6 ? 4 - 0.5 * t : 1 + 0.5 * (t - 6))
    }
    #expect(detector.crossings.isEmpty)
    detector.finish()
    #expect(detector.crossings.map(\.kind) == [.enter, .exit])
    #expect(detector.distances.count == 61)
  }
}
