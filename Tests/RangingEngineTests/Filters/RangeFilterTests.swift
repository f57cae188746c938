// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import Testing

/// RangeFilter against independent references: FilterPy runs
/// (`RangeFilterTests+Reference.swift`), the steady-state closed form
/// (`+SteadyState`), and the gate/reset behaviour (`+Behaviour`).
@Suite("RangeFilter")
struct RangeFilterTests {
  /// Relative tolerance against the reference (docs/CONVENTIONS.md §6). The two
  /// implementations differ only in rounding (operation order, explicit
  /// symmetrisation, S⁻¹ by Cholesky against numpy.linalg.inv), which stays
  /// near 1e-15 because the filter is stable.
  static let tolerance = 1e-9

  /// Feeds `measurements` to a new filter and calls `check` after each update.
  static func replay<B: KalmanBackend>(
    _: B.Type, configuration: RangeFilterConfiguration, times: [Int64], measurements: [Double],
    check: (Int, UpdateOutcome, RangeFilter<B>) -> Bool
  ) {
    let filter = RangeFilter<B>(configuration: configuration)
    for step in times.indices {
      let outcome = filter.update(distanceMeters: measurements[step], at: Timestamp(microseconds: times[step]))
      if !check(step, outcome, filter) { return }
    }
  }

  /// A filter on the chosen backend behind closures, so one test body covers both.
  struct AnyRangeFilter {
    let update: (Double, Timestamp) -> UpdateOutcome
    let estimate: () -> RangeEstimate
    let health: () -> FilterHealth
    let observe: () -> ObservedState
    let isConfirmed: () -> Bool
    let hasHeld: () -> Bool

    init(_ kind: BackendKind, _ configuration: RangeFilterConfiguration) {
      switch kind {
      #if GSL
        case .gsl: self.init(RangeFilter<GSLKalmanBackend>(configuration: configuration))
      #endif
      case .swift: self.init(RangeFilter<SwiftKalmanBackend>(configuration: configuration))
      }
    }

    init<B: KalmanBackend>(_ filter: RangeFilter<B>) {
      update = { filter.update(distanceMeters: $0, at: $1) }
      estimate = { filter.estimate }
      health = { filter.health }
      observe = { ObservedState(filter) }
      isConfirmed = { filter.isConfirmed }
      hasHeld = { filter.hasHeld }
    }
  }
}
