// SPDX-License-Identifier: Apache-2.0
/// Decides from a track's filtered positions, in the world frame, whether
/// the object is standing still: its position has stayed within a radius of
/// an anchor for at least ``stillSeconds``.
///
/// A moving-window test of the kind used for zero-velocity detection in
/// pedestrian navigation (Skog, Händel, Nilsson and Rantakokko,
/// "Zero-velocity detection: an algorithm evaluation", IEEE Trans.
/// Biomedical Engineering 57(11), 2010): stillness is declared only after a
/// window in which the motion stayed below a threshold. Here the window
/// starts at the anchor, the first position of the current still stretch,
/// and the threshold is a radius, so the test needs one position and one
/// time per object instead of a window of samples.
///
/// Only meaningful in a frame that does not turn: in the phone frame a
/// turn of the phone moves a still object (``DirectionFilter`` uses it only
/// with a pose).
///
/// - Complexity: O(1). Does not allocate.
struct StillnessDetector {
  /// How long the position must stay within the radius before the object
  /// counts as still, seconds. A person walking at 0.5 m/s leaves the
  /// smallest radius (0.25 m) within half of it.
  static var stillSeconds: Double { 1.0 }
  /// The radius's fixed part, metres: the sway of someone standing with a
  /// tag or phone in hand is a few centimetres, and the filtered position
  /// scatters by a few more.
  static var radiusMeters: Double { 0.25 }

  private var anchor = (x: 0.0, y: 0.0, z: 0.0)
  private var since = Timestamp(microseconds: 0)
  /// Whether the object counts as still.
  private(set) var isStill = false

  /// Starts a new stretch at `position`, not still.
  mutating func restart(at position: (x: Double, y: Double, z: Double), time: Timestamp) {
    anchor = position
    since = time
    isStill = false
  }

  /// Takes the filtered position after a measured direction.
  ///
  /// - Parameters:
  ///   - position: metres, world frame.
  ///   - slackMeters: added to ``radiusMeters``: the measurement's own
  ///     scatter across the ray at this range (range times the angle
  ///     sigma), so that a far object is not taken for a moving one.
  /// - Returns: true when the object was still and has now left the radius.
  mutating func observe(position: (x: Double, y: Double, z: Double), slackMeters: Double, time: Timestamp) -> Bool {
    let dx = position.x - anchor.x, dy = position.y - anchor.y, dz = position.z - anchor.z
    let radius = Self.radiusMeters + slackMeters
    guard dx * dx + dy * dy + dz * dz <= radius * radius else {
      let wasStill = isStill
      restart(at: position, time: time)
      return wasStill
    }
    if !isStill && time.seconds(since: since) >= Self.stillSeconds { isStill = true }
    return false
  }
}
