// SPDX-License-Identifier: Apache-2.0
/// The 3 x 3 rotation matrix of an ``Attitude``, phone frame to world frame,
/// so that the direction filter rotates each vector with 9 multiplications
/// instead of two quaternion products.
///
/// For `q = (w, x, y, z)` normalised, `v_world = q v_phone q*` is
/// `v_world = M v_phone` with `M` the product `q v q*` written out for a
/// pure quaternion `v` (Hamilton's `i j = k`; the same matrix as Eigen's
/// `Quaternion::toRotationMatrix`):
///
///     M = [1-2(y²+z²)  2(xy-wz)    2(xz+wy)  ]
///         [2(xy+wz)    1-2(x²+z²)  2(yz-wx)  ]
///         [2(xz-wy)    2(yz+wx)    1-2(x²+y²)]
///
/// `M` is orthogonal, so `v_phone = Mᵀ v_world`.
public struct RotationMatrix: Equatable, Sendable {
  /// Row-major entries `m[row][column]`.
  public var m00, m01, m02: Double
  public var m10, m11, m12: Double
  public var m20, m21, m22: Double

  /// The rotation of `attitude`, normalised first. Precondition (not
  /// checked): the norm is finite and not 0, as validation guarantees.
  ///
  /// - Complexity: O(1). Does not allocate.
  public init(_ attitude: Attitude) {
    let n = attitude.norm
    let w = attitude.w / n, x = attitude.x / n, y = attitude.y / n, z = attitude.z / n
    m00 = 1 - 2 * (y * y + z * z); m01 = 2 * (x * y - w * z); m02 = 2 * (x * z + w * y)
    m10 = 2 * (x * y + w * z); m11 = 1 - 2 * (x * x + z * z); m12 = 2 * (y * z - w * x)
    m20 = 2 * (x * z - w * y); m21 = 2 * (y * z + w * x); m22 = 1 - 2 * (x * x + y * y)
  }

  /// Entry `[row][column]`, both in 0..<3, for loops over the axes.
  @inlinable
  public subscript(row: Int, column: Int) -> Double {
    switch (row, column) {
    case (0, 0): m00
    case (0, 1): m01
    case (0, 2): m02
    case (1, 0): m10
    case (1, 1): m11
    case (1, 2): m12
    case (2, 0): m20
    case (2, 1): m21
    default: m22
    }
  }

  /// `M v`: a phone-frame vector in the world frame.
  @inlinable
  public func toWorld(_ x: Double, _ y: Double, _ z: Double) -> (x: Double, y: Double, z: Double) {
    (m00 * x + m01 * y + m02 * z, m10 * x + m11 * y + m12 * z, m20 * x + m21 * y + m22 * z)
  }

  /// `Mᵀ v`: a world-frame vector in the phone frame.
  @inlinable
  public func toPhone(_ x: Double, _ y: Double, _ z: Double) -> (x: Double, y: Double, z: Double) {
    (m00 * x + m10 * y + m20 * z, m01 * x + m11 * y + m21 * z, m02 * x + m12 * y + m22 * z)
  }
}
