// SPDX-License-Identifier: Apache-2.0
/// The unit of an input's angle columns (`azimuth`, `elevation`,
/// `horizontal_angle`), for `rangectl --angle-unit` (docs/FORMATS.md §5).
public enum AngleUnit: String, CaseIterable, Sendable {
  case deg, rad

  /// How many of this unit make one radian: the value read is divided by it
  /// (180/π for degrees).
  public var perRadian: Double {
    switch self {
    case .deg: 180 / Double.pi
    case .rad: 1
    }
  }
}
