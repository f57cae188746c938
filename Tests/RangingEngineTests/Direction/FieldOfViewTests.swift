// SPDX-License-Identifier: Apache-2.0
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import RangingEngine
import Testing

/// `FieldOfView.contains` against its definition in angles, computed here
/// with the C library's `atan2`: `|atan2(x, -z)| < A` and
/// `|atan2(y, sqrt(x² + z²))| < E`.
@Suite("FieldOfView")
struct FieldOfViewTests {
  /// `|azimuth|` and `|elevation|` of a point, by the definition.
  static func absoluteAngles(_ x: Double, _ y: Double, _ z: Double) -> (azimuth: Double, elevation: Double) {
    (abs(atan2(x, -z)), abs(atan2(y, (x * x + z * z).squareRoot())))
  }

  static func byAngles(_ x: Double, _ y: Double, _ z: Double, azimuth a: Double, elevation e: Double) -> Bool {
    let angles = absoluteAngles(x, y, z)
    return angles.azimuth < a && angles.elevation < e
  }

  /// Limits from narrow to the widest allowed (π in azimuth, π/2 in elevation).
  static let limits: [(azimuth: Double, elevation: Double)] = [
    (55 * .pi / 180, 45 * .pi / 180), (10 * .pi / 180, 80 * .pi / 180), (.pi / 2, .pi / 4),
    (170 * .pi / 180, 5 * .pi / 180), (.pi, .pi / 2),
  ]

  @Test("Without a margin it agrees with the angles on 20,000 random directions and points per cone")
  func agreesWithAngles() {
    var random = SplitMix64(seed: 2026)
    for limit in Self.limits {
      let cone = FieldOfView(azimuthLimitRadians: limit.azimuth, elevationLimitRadians: limit.elevation)
      var insideCount = 0, outsideCount = 0
      for index in 0..<20_000 {
        // Unit directions, then points at 0.1-10 m.
        let scale = index < 10_000 ? 1 : random.uniform(0.1, 10)
        var (x, y, z) = (random.normal(), random.normal(), random.normal())
        let length = (x * x + y * y + z * z).squareRoot()
        (x, y, z) = (scale * x / length, scale * y / length, scale * z / length)
        // Points within 1e-9 rad of a limit may round either way; they are checked below.
        let angles = Self.absoluteAngles(x, y, z)
        guard abs(angles.azimuth - limit.azimuth) > 1e-9, abs(angles.elevation - limit.elevation) > 1e-9 else { continue }
        let expected = Self.byAngles(x, y, z, azimuth: limit.azimuth, elevation: limit.elevation)
        #expect(cone.contains(x: x, y: y, z: z) == expected, "(\(x), \(y), \(z)) in \(limit)")
        if expected { insideCount += 1 } else { outsideCount += 1 }
      }
      // Both answers occur, so the comparison tested something; only the
      // widest cone (everything but the backward axis) has no outside.
      #expect(insideCount > 0)
      #expect(outsideCount > 0 || (limit.azimuth == .pi && limit.elevation == .pi / 2))
    }
  }

  @Test("Just inside and just outside each limit, 1e-7 rad from it")
  func nearTheLimits() {
    for limit in Self.limits {
      let cone = FieldOfView(azimuthLimitRadians: limit.azimuth, elevationLimitRadians: limit.elevation)
      for side in [-1.0, 1.0] {
        // In the horizontal plane, at azimuth ±(A ∓ 1e-7).
        for (offset, inside) in [(-1e-7, true), (1e-7, false)] {
          let angle = side * (limit.azimuth + offset)
          if abs(angle) < .pi {
            #expect(cone.contains(x: sin(angle), y: 0, z: -cos(angle)) == inside, "azimuth \(angle) in \(limit)")
          }
          // Straight ahead in azimuth, at elevation ±(E ∓ 1e-7).
          let elevation = side * (limit.elevation + offset)
          if abs(elevation) < .pi / 2 {
            #expect(
              cone.contains(x: 0, y: sin(elevation), z: -cos(elevation)) == inside, "elevation \(elevation) in \(limit)")
          }
        }
      }
    }
  }

  @Test("On the y axis, at the origin and for NaN it answers as the angles do")
  func degenerateDirections() {
    let cone = FieldOfView()
    let a = cone.azimuthLimitRadians, e = cone.elevationLimitRadians
    for (x, y, z) in [(0.0, 1.0, 0.0), (0, -1, 0), (0, 0, 0), (0, 0, -0.0), (-0.0, 0, 0), (.nan, 0, -1), (0, 0, .nan)] {
      #expect(cone.contains(x: x, y: y, z: z) == Self.byAngles(x, y, z, azimuth: a, elevation: e), "(\(x), \(y), \(z))")
    }
  }

  @Test("Changing a limit changes the answer (the cosines follow the limits)")
  func mutatedLimits() {
    var cone = FieldOfView()
    // 40° to the right, level: inside ±55°, outside ±30°.
    let angle = 40 * Double.pi / 180
    #expect(cone.contains(x: sin(angle), y: 0, z: -cos(angle)))
    cone.azimuthLimitRadians = 30 * .pi / 180
    #expect(!cone.contains(x: sin(angle), y: 0, z: -cos(angle)))
    // 40° up: outside ±30° in elevation, inside ±45°.
    cone.elevationLimitRadians = 30 * .pi / 180
    #expect(!cone.contains(x: 0, y: sin(angle), z: -cos(angle)))
    cone.elevationLimitRadians = 45 * .pi / 180
    #expect(cone.contains(x: 0, y: sin(angle), z: -cos(angle)))
  }

  @Test("With a margin the cone shrinks by it on every side")
  func margin() {
    let cone = FieldOfView()
    let margin = 5 * Double.pi / 180
    let justInside = cone.azimuthLimitRadians - 2 * Double.pi / 180
    #expect(cone.contains(x: sin(justInside), y: 0, z: -cos(justInside)))
    #expect(!cone.contains(x: sin(justInside), y: 0, z: -cos(justInside), marginRadians: margin))
  }
}
