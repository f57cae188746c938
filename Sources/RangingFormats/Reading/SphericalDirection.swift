// SPDX-License-Identifier: Apache-2.0
import Foundation
import RangingEngine

/// Azimuth and elevation as a unit direction in the phone frame of
/// docs/FORMATS.md §1 (+x right, +y up, +z out of the screen; the boresight,
/// straight out of the back, is (0, 0, -1)).
///
/// The convention is Android's (`com.android.server.uwb.correction.math.SphericalVector`
/// in AOSP's packages/modules/Uwb; androidx.core.uwb `RangingPosition`):
/// azimuth θ turns about +y from the boresight towards +x (positive: the peer
/// is to the right), elevation φ is the angle above the x–z plane (positive:
/// above), so
///
///     x = cos φ · sin θ,   y = sin φ,   z = −cos φ · cos θ
///
/// which has length 1 for every θ, φ, and gives back θ = atan2(x, −z) (the
/// azimuth `rangectl plot` draws) and φ = asin(y).
enum SphericalDirection {
  /// Largest accepted |azimuth|, radians: π, with room for the rounding of
  /// 180° to radians.
  static let azimuthLimit = Double.pi * (1 + 1e-12)
  /// Largest accepted |elevation|, radians: π/2, likewise.
  static let elevationLimit = Double.pi / 2 * (1 + 1e-12)

  /// The unit vector of azimuth `θ` and elevation `φ`, radians.
  static func unitVector(azimuthRadians θ: Double, elevationRadians φ: Double) -> Direction {
    Direction(x: cos(φ) * sin(θ), y: sin(φ), z: -cos(φ) * cos(θ))
  }

  /// Why a row's angles cannot be used.
  enum Problem: Error, Equatable {
    /// Elevation without azimuth: no direction can be made of it.
    case elevationWithoutAzimuth
    /// |azimuth| > π.
    case azimuthOutOfRange
    /// |elevation| > π/2.
    case elevationOutOfRange
  }

  /// The direction and horizontal angle of one row from its azimuth and
  /// elevation (radians, nil when empty) and its own horizontal angle.
  ///
  /// Both angles give a direction; azimuth alone gives the horizontal angle,
  /// unless the row has its own; neither changes nothing.
  static func resolve(
    azimuthRadians azimuth: Double?, elevationRadians elevation: Double?, horizontalAngleRadians horizontal: Double?
  ) -> Result<(direction: Direction?, horizontalAngleRadians: Double?), Problem> {
    guard let azimuth else {
      return elevation == nil ? .success((nil, horizontal)) : .failure(.elevationWithoutAzimuth)
    }
    guard abs(azimuth) <= azimuthLimit else { return .failure(.azimuthOutOfRange) }
    let θ = min(max(azimuth, -Double.pi), Double.pi)
    guard let elevation else { return .success((nil, horizontal ?? θ)) }
    guard abs(elevation) <= elevationLimit else { return .failure(.elevationOutOfRange) }
    let φ = min(max(elevation, -Double.pi / 2), Double.pi / 2)
    return .success((unitVector(azimuthRadians: θ, elevationRadians: φ), horizontal))
  }
}
