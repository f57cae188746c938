// SPDX-License-Identifier: Apache-2.0
import Foundation
import RangingEngine

/// How the phone turns in a generated scenario (issue 26), so that the
/// scenario's paths, drawn in a fixed world frame, reach the engine in the
/// turning phone's frame and the file carries the phone's attitude in the
/// `pose_*` columns (docs/FORMATS.md §1).
///
/// The motion is deterministic (it draws nothing), so the scenario's random
/// streams and hence its noise are the same with and without it. The phone
/// only turns: its position stays at the origin (for `walk`, the user's
/// steps sway and turn the hand, but the paths stay relative to the user).
/// Yaw is a turn to the left about +y, pitch a tilt up about +x, roll about
/// +z; the attitude is `q = q_yaw q_pitch q_roll`, world = phone at rest.
public enum PhoneMotion: String, CaseIterable, Sendable {
  /// Still 3 s, a 90° turn left in 1 s, still 3 s, back in 1 s, and the
  /// same to the right: a 16 s cycle of 90°/s turns.
  case turns
  /// A continuous scan, yaw 60° sin(2π t / 6 s) (at most 63°/s).
  case sweeps
  /// The phone in hand while walking: sway of ±8° yaw at 0.9 Hz, ±4° pitch
  /// at 1.8 Hz and ±3° roll, and a 90° change of heading in 1.5 s every
  /// 10 s, alternately left and right.
  case walk

  /// Pose rows per second in the file.
  public static var poseRateHz: Double { 50 }

  /// The phone's attitude at scenario time `t`, seconds.
  public func attitude(at t: Double) -> Attitude {
    let (yaw, pitch, roll) = angles(at: t)
    // q_yaw q_pitch q_roll with q_axis(θ) = (cos θ/2, sin θ/2 · axis)
    let (cy, sy) = (cos(yaw / 2), sin(yaw / 2))
    let (cp, sp) = (cos(pitch / 2), sin(pitch / 2))
    let (cr, sr) = (cos(roll / 2), sin(roll / 2))
    // q_yaw q_pitch = (cy cp, cy sp, sy cp, -sy sp)
    let a = (w: cy * cp, x: cy * sp, y: sy * cp, z: -sy * sp)
    // (a) q_roll, q_roll = (cr, 0, 0, sr)
    return Attitude(
      w: a.w * cr - a.z * sr, x: a.x * cr + a.y * sr, y: a.y * cr - a.x * sr, z: a.z * cr + a.w * sr)
  }

  /// Yaw, pitch and roll at `t`, radians.
  func angles(at t: Double) -> (yaw: Double, pitch: Double, roll: Double) {
    let degree = Double.pi / 180
    switch self {
    case .turns:
      // Segments of the 16 s cycle: hold 0, turn to +90, hold, back, hold 0, turn to -90, hold, back.
      let phase = t.truncatingRemainder(dividingBy: 16)
      let yaw: Double
      switch phase {
      case ..<3: yaw = 0
      case ..<4: yaw = 90 * (phase - 3)
      case ..<7: yaw = 90
      case ..<8: yaw = 90 * (8 - phase)
      case ..<11: yaw = 0
      case ..<12: yaw = -90 * (phase - 11)
      case ..<15: yaw = -90
      default: yaw = -90 * (16 - phase)
      }
      return (yaw * degree, 0, 0)
    case .sweeps:
      return (60 * degree * sin(2 * .pi * t / 6), 0, 0)
    case .walk:
      let leg = (t / 10).rounded(.down)
      let intoLeg = t - 10 * leg
      // Headings 0, +90, 0, +90 ... : alternate left and back right, each change over 1.5 s.
      let from = leg.truncatingRemainder(dividingBy: 2) == 0 ? 0.0 : 90.0
      let to = 90 - from
      let heading = intoLeg < 1.5 ? from + (to - from) * intoLeg / 1.5 : to
      let sway = 8 * sin(2 * .pi * 0.9 * t)
      return ((heading + sway) * degree, 4 * degree * sin(2 * .pi * 1.8 * t), 3 * degree * sin(2 * .pi * 0.9 * t + 1))
    }
  }

  /// A world-frame position in the phone's frame at `t`: `q* p q`.
  func phoneFrame(_ p: (x: Double, y: Double, z: Double), at t: Double) -> (x: Double, y: Double, z: Double) {
    RotationMatrix(attitude(at: t)).toPhone(p.x, p.y, p.z)
  }
}
