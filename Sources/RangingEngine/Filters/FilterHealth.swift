// SPDX-License-Identifier: Apache-2.0
/// Bits describing what happened on a filter's last update (the pattern of
/// PX4's `innovation_fault_status_u`).
public struct FilterHealth: OptionSet, Sendable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// The pre-filter replaced the sample by its window median.
  public static let prefilterReplacedSample = FilterHealth(rawValue: 1 << 0)
  /// The sample fell outside the innovation gate.
  public static let innovationRejected = FilterHealth(rawValue: 1 << 1)
  /// The filter restarted after repeated rejections.
  public static let resetByRejections = FilterHealth(rawValue: 1 << 2)
  /// The linear algebra failed and the filter restarted.
  public static let numericalFailure = FilterHealth(rawValue: 1 << 3)
  /// The measurement was fused after undoing the previous fusion, whose
  /// measurement it showed to be the outlier (``RangeFilter``, "One fusion
  /// can be undone"): the state before this update is not its prior.
  public static let undidPreviousFusion = FilterHealth(rawValue: 1 << 4)
}
