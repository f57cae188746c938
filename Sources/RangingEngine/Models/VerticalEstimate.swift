// SPDX-License-Identifier: Apache-2.0
/// Coarse vertical position of the object relative to the phone, as Nearby
/// Interaction's `NINearbyObject.VerticalDirectionEstimate` reports it.
public enum VerticalEstimate: UInt8, Sendable {
  case unknown
  case same
  case above
  case below
  case aboveOrBelow
}

extension VerticalEstimate {
  /// The `vertical` column's spelling (docs/FORMATS.md §1, case-sensitive),
  /// stated here once: the CSV readers match it, and the C API exports it
  /// (`ranging_vertical_name`) for the Python package.
  public var name: StaticString {
    switch self {
    case .unknown: "unknown"
    case .same: "same"
    case .above: "above"
    case .below: "below"
    case .aboveOrBelow: "aboveOrBelow"
    }
  }
}
