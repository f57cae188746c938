// SPDX-License-Identifier: Apache-2.0
/// The phone's attitude: a unit quaternion `q = w + x i + y j + z k`
/// (Hamilton's convention, `i j = k`) that rotates phone-frame vectors into a
/// fixed world frame, `v_world = q v_phone q*`.
///
/// The phone frame is ``Direction``'s: +x right, +y up, +z out of the screen
/// towards the user. The world frame is whatever fixed frame the attitude
/// source uses (CoreMotion's reference frame, Android's rotation vector);
/// the engine needs only that it does not turn. A rotation by θ about the
/// unit axis `a` is `q = (cos θ/2, sin θ/2 · a)`.
///
/// Worked example: the phone turns 90° left (counter-clockwise seen from
/// above, about +y): `q = (cos 45°, 0, sin 45°, 0) ≈ (0.7071, 0, 0.7071, 0)`.
/// Its back camera's axis, `(0, 0, -1)` in the phone frame, then points to
/// `q (0, 0, -1) q* = (-1, 0, 0)` in the world, and an object that was 2 m
/// straight ahead, world `(0, 0, -2)`, is at `q* (0, 0, -2) q = (2, 0, 0)`
/// in the phone frame: 90° to the right.
///
/// Only the direction of `q` matters (`q` and `-q` are the same rotation);
/// `SampleValidation.rejection(of:)` rejects a quaternion whose norm is not
/// within ``SampleValidation/attitudeNormTolerance`` of 1, and the engine
/// normalises the rest.
public struct Attitude: Equatable, Sendable {
  /// Scalar part, `cos θ/2`.
  public var w: Double
  /// Vector part, `sin θ/2` times the rotation axis.
  public var x: Double
  public var y: Double
  public var z: Double

  @inlinable
  public init(w: Double, x: Double, y: Double, z: Double) {
    self.w = w
    self.x = x
    self.y = y
    self.z = z
  }

  /// The phone lying as the world frame: no rotation.
  public static var identity: Attitude { Attitude(w: 1, x: 0, y: 0, z: 0) }

  /// Euclidean norm `sqrt(w² + x² + y² + z²)`; 1 for a valid attitude.
  @inlinable
  public var norm: Double { (w * w + x * x + y * y + z * z).squareRoot() }
}
