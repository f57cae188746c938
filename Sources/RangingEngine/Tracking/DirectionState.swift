// SPDX-License-Identifier: Apache-2.0
/// How a track's direction was obtained (docs/FORMATS.md §3 `direction_state`).
public enum DirectionState: UInt8, Sendable {
  /// Measured on this update.
  case measured
  /// Extrapolated while the input has no direction (coasting).
  case predicted
  /// No usable direction.
  case unknown

  /// The text of the filtered-track CSV.
  public var name: StaticString {
    switch self {
    case .measured: "measured"
    case .predicted: "predicted"
    case .unknown: "unknown"
    }
  }
}
