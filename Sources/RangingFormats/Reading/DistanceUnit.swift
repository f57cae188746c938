// SPDX-License-Identifier: Apache-2.0
/// The unit of the length columns of an input (`distance`, `true_distance`,
/// `true_x`, `true_y`, `true_z`), for `rangectl --distance-unit`
/// (docs/FORMATS.md §5).
public enum DistanceUnit: String, CaseIterable, Sendable {
  case m, cm, mm

  /// How many of this unit make one metre: the value read is divided by it.
  /// A power of ten, so a whole number of centimetres converts to the
  /// correctly rounded metre value (one division of exact operands).
  public var perMeter: Double {
    switch self {
    case .m: 1
    case .cm: 100
    case .mm: 1000
    }
  }
}
