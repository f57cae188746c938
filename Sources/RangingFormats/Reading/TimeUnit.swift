// SPDX-License-Identifier: Apache-2.0
/// The unit of an input's `t` column, for `rangectl --time-unit`
/// (docs/FORMATS.md §5).
public enum TimeUnit: String, CaseIterable, Sendable {
  case s, ms, us, ns

  /// How many of this unit make one second: the value read is divided by it
  /// (exact powers of ten, as for ``DistanceUnit/perMeter``).
  public var perSecond: Double {
    switch self {
    case .s: 1
    case .ms: 1e3
    case .us: 1e6
    case .ns: 1e9
    }
  }
}
