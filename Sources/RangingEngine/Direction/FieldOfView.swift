// SPDX-License-Identifier: Apache-2.0
internal import _RangingMath

/// The cone in which the phone measures a direction, around straight ahead (-z).
///
/// Azimuth is `atan2(x, -z)` (positive to the right), elevation
/// `atan2(y, sqrt(x² + z²))` (positive up). The defaults are the cone Apple
/// documents for Nearby Interaction on iPhone (about ±55° horizontally and
/// ±45° vertically around the back camera's axis).
public struct FieldOfView: Sendable {
  /// Half-width of the cone in azimuth, radians.
  public var azimuthLimitRadians: Double {
    didSet { azimuthLimitCosine = ranging_cos(azimuthLimitRadians) }
  }
  /// Half-height of the cone in elevation, radians.
  public var elevationLimitRadians: Double {
    didSet { elevationLimitCosine = ranging_cos(elevationLimitRadians) }
  }
  /// The limits' cosines, so that ``contains(x:y:z:marginRadians:)`` compares
  /// instead of calling `atan2` twice (it runs on every measured direction).
  private var azimuthLimitCosine: Double
  private var elevationLimitCosine: Double

  public init(azimuthLimitRadians: Double = 55 * .pi / 180, elevationLimitRadians: Double = 45 * .pi / 180) {
    self.azimuthLimitRadians = azimuthLimitRadians
    self.elevationLimitRadians = elevationLimitRadians
    azimuthLimitCosine = ranging_cos(azimuthLimitRadians)
    elevationLimitCosine = ranging_cos(elevationLimitRadians)
    do { try validate() } catch { error.trap() }
  }

  /// Accepted ``azimuthLimitRadians``: a microradian to π (every direction in azimuth).
  public static let azimuthLimitRange: ClosedRange<Double> = 1e-6...Double.pi
  /// Accepted ``elevationLimitRadians``: a microradian to π/2 (straight up).
  public static let elevationLimitRange: ClosedRange<Double> = 1e-6...(Double.pi / 2)

  /// Throws when a limit is outside ``azimuthLimitRange`` or ``elevationLimitRange``.
  ///
  /// - Throws: ``ConfigurationError``.
  /// - Complexity: O(1). Does not allocate.
  public func validate() throws(ConfigurationError) {
    try ConfigurationError.check(.fieldOfViewAzimuthLimit, azimuthLimitRadians, in: Self.azimuthLimitRange)
    try ConfigurationError.check(.fieldOfViewElevationLimit, elevationLimitRadians, in: Self.elevationLimitRange)
  }

  /// Azimuth of a direction or position, radians, positive to the right.
  public static func azimuth(x: Double, z: Double) -> Double { ranging_atan2(x, -z) }

  /// The unit direction of `azimuth` radians (positive to the right) at elevation 0:
  /// `(sin a, 0, -cos a)`, whose ``azimuth(x:z:)`` is `a`.
  public static func direction(azimuth: Double) -> Direction {
    Direction(x: ranging_sin(azimuth), y: 0, z: -ranging_cos(azimuth))
  }

  /// Elevation of a direction or position, radians, positive up.
  public static func elevation(x: Double, y: Double, z: Double) -> Double {
    ranging_atan2(y, (x * x + z * z).squareRoot())
  }

  /// Angle between a direction or position and straight ahead (-z), radians in [0, π].
  public static func offAxisAngle(x: Double, y: Double, z: Double) -> Double {
    ranging_atan2((x * x + y * y).squareRoot(), -z)
  }

  /// Whether the point is inside the cone, with `margin` radians to spare on every side:
  /// `|azimuth| < azimuth limit − margin` and `|elevation| < elevation limit − margin`.
  ///
  /// Without a margin, and off the y axis, the test compares cosines instead
  /// of angles. With `ρ = sqrt(x² + z²) > 0` and `r = |(x, y, z)|`: the
  /// azimuth `atan2(x, -z)` is the angle whose cosine is `-z/ρ`, and cos
  /// decreases on [0, π], so `|azimuth| < A ⇔ -z > ρ cos A`; the elevation
  /// `atan2(y, ρ)` lies in [-π/2, π/2] with cosine `ρ/r`, so
  /// `|elevation| < E ⇔ ρ > r cos E`. The two agree with the angles except
  /// within rounding (about 1e-16 rad) of a limit; tests hold them together.
  public func contains(x: Double, y: Double, z: Double, marginRadians margin: Double = 0) -> Bool {
    let rho = (x * x + z * z).squareRoot()
    guard margin == 0, rho > 0 else {
      // On the y axis (or NaN) the angles' own conventions decide (atan2 of ±0).
      return abs(Self.azimuth(x: x, z: z)) < azimuthLimitRadians - margin
        && abs(Self.elevation(x: x, y: y, z: z)) < elevationLimitRadians - margin
    }
    let r = (rho * rho + y * y).squareRoot()
    return -z > rho * azimuthLimitCosine && rho > r * elevationLimitCosine
  }
}
