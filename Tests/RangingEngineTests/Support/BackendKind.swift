// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import Testing

/// The Kalman backends of this build, as a test argument (GSL only with the
/// package's GSL trait).
enum BackendKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
  #if GSL
    case gsl
  #endif
  case swift

  var testDescription: String {
    switch self {
    #if GSL
      case .gsl: "GSLKalmanBackend"
    #endif
    case .swift: "SwiftKalmanBackend"
    }
  }
}

/// Outcome as the reference script codes it: 0 initialized, 1 fused,
/// 2 rejected, 3 reset by rejections, 4 reset by numerical failure,
/// 5 restart of an unconfirmed track.
func outcomeCode(_ outcome: UpdateOutcome) -> UInt8 {
  switch outcome {
  case .initialized: 0
  case .fused: 1
  case .rejected: 2
  case .reset(.persistentRejection): 3
  case .reset(.numericalFailure): 4
  case .reset(.unconfirmedStart): 5
  }
}

/// `testRatio` carried by an outcome, 0 when it carries none.
func testRatio(of outcome: UpdateOutcome) -> Double {
  switch outcome {
  case .fused(let ratio), .rejected(let ratio): ratio
  case .initialized, .reset: 0
  }
}

/// The filter's state, read through its public API only.
///
/// x0, x1 and P00 come from ``RangeFilter/estimate``. P01 and P11 are not
/// public; they are recovered from ``RangeFilter/estimate(at:)``, whose
/// documented variance is `P00 + 2 t P01 + t² P11 + q t³/3`: with
/// `e(t) = σ²(t) - P00 - q t³/3 = 2 t P01 + t² P11` at t = 1 s and 2 s,
/// `P11 = (e(2) - 2 e(1)) / 2` and `P01 = (e(1) - P11) / 2`.
struct ObservedState: CustomStringConvertible {
  var x0, x1, p00, p01, p11: Double

  init<B: KalmanBackend>(_ filter: RangeFilter<B>) {
    let q = filter.configuration.accelerationSpectralDensity
    let now = filter.estimate
    x0 = now.distanceMeters
    x1 = now.rateMetersPerSecond
    p00 = now.sigmaMeters * now.sigmaMeters
    func extrapolatedVariance(_ seconds: Int64) -> Double {
      let sigma = filter.estimate(at: Timestamp(microseconds: filter.time.microseconds + seconds * 1_000_000)).sigmaMeters
      return sigma * sigma
    }
    let e1 = extrapolatedVariance(1) - p00 - q / 3
    let e2 = extrapolatedVariance(2) - p00 - 8 * q / 3
    p11 = (e2 - 2 * e1) / 2
    p01 = (e1 - p11) / 2
  }

  var description: String { "x = [\(x0), \(x1)], P = [\(p00) \(p01); \(p01) \(p11)]" }
}
