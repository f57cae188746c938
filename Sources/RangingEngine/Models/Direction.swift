// SPDX-License-Identifier: Apache-2.0
/// A unit direction in the phone frame: +x right, +y up, +z out of the screen
/// towards the user, so straight ahead of the back camera is (0, 0, -1).
public struct Direction: Equatable, Sendable {
  public var x: Double
  public var y: Double
  public var z: Double

  @inlinable
  public init(x: Double, y: Double, z: Double) {
    self.x = x
    self.y = y
    self.z = z
  }

  /// Euclidean length; 1 for a valid direction.
  @inlinable
  public var length: Double { (x * x + y * y + z * z).squareRoot() }

  /// Component `i` (0 x, 1 y, 2 z), for loops over the axes.
  @inlinable
  public subscript(i: Int) -> Double {
    switch i {
    case 0: x
    case 1: y
    default: z
    }
  }

  /// The same direction scaled to length 1. Precondition: length > 0.
  @inlinable
  public var normalized: Direction {
    let n = length
    return Direction(x: x / n, y: y / n, z: z / n)
  }
}
