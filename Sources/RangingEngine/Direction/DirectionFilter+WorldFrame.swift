// SPDX-License-Identifier: Apache-2.0
// The world frame of ``DirectionFilter``: how a track takes the phone's
// attitude, and what a pose changes in its coast limit (the type's
// documentation gives the equations).
extension DirectionFilter {
  /// The turn, radians, below which a track in the world frame counts as
  /// still for the coast limit. The limit exists because a prediction
  /// drifts from someone walking a curve or stopping faster than its sigma
  /// grows (``DirectionFilterConfiguration/maximumCoastSeconds``); a track
  /// that has barely moved on its own since its last measured direction
  /// has no such drift, and the sigma (its own motion's uncertainty) alone
  /// decides. 10° is a quarter of the 45° error the coast limit was tuned
  /// against (Tuning.md, "Direction: pose").
  static var stillCoastRadians: Double { 10 * .pi / 180 }

  /// Whether the track may coast past ``DirectionFilterConfiguration/maximumCoastSeconds``:
  /// only in the world frame (without a pose the phone's own turns move the
  /// estimate, and the limit stands), and only while the object's own
  /// displacement since the last measured direction, seen from the phone at
  /// `range`, is under ``stillCoastRadians`` (chord over range, which
  /// overstates the angle, so errs towards `unknown`).
  func coastsAsStill(range: Double) -> Bool {
    guard isWorldFrame else { return false }
    let x = backend.storage.x
    let dx = x[0] - lastDirectionPosition.x, dy = x[1] - lastDirectionPosition.y, dz = x[2] - lastDirectionPosition.z
    return (dx * dx + dy * dy + dz * dz).squareRoot() < Self.stillCoastRadians * range
  }

  /// A phone-frame direction in the tracking frame: `M u`, or `u` itself
  /// while the track is in the phone frame.
  func tracked(_ u: Direction) -> Direction {
    guard isWorldFrame else { return u }
    let w = frame.toWorld(u.x, u.y, u.z)
    return Direction(x: w.x, y: w.y, z: w.z)
  }

  /// Takes `attitude` as the current rotation; the first one of a track in
  /// the phone frame turns its state into the world frame: `x ← T x`,
  /// `P ← T P Tᵀ`, `T = diag(M, M)`, as two passes of 3-vector rotations
  /// (`T P` column by column, then `(T P) Tᵀ` row by row).
  func enterFrame(_ attitude: RotationMatrix) {
    defer {
      frame = attitude
      isWorldFrame = true
    }
    guard !isWorldFrame else { return }
    let s = backend.storage
    let n = Self.stateCount
    func rotate(_ v: UnsafeMutablePointer<Double>, _ a: Int, _ b: Int, _ c: Int) {
      let w = attitude.toWorld(v[a], v[b], v[c])
      v[a] = w.x; v[b] = w.y; v[c] = w.z
    }
    rotate(s.x, 0, 1, 2)
    rotate(s.x, 3, 4, 5)
    let p = lastDirectionPosition
    lastDirectionPosition = attitude.toWorld(p.x, p.y, p.z)
    stillness.restart(at: (s.x[0], s.x[1], s.x[2]), time: lastTime)
    for column in 0..<n {
      rotate(s.P, column, n + column, 2 * n + column)
      rotate(s.P, 3 * n + column, 4 * n + column, 5 * n + column)
    }
    for row in 0..<n {
      rotate(s.P, row * n, row * n + 1, row * n + 2)
      rotate(s.P, row * n + 3, row * n + 4, row * n + 5)
    }
  }

  /// A Jacobian row written in phone coordinates in `H[0..<3]`, moved to
  /// the tracking frame: `∂h/∂p_world = (∂h/∂p_phone) Mᵀ`, i.e. `M` times the row.
  func jacobianToTrackedFrame() {
    guard isWorldFrame else { return }
    let s = backend.storage
    let w = frame.toWorld(s.H[0], s.H[1], s.H[2])
    s.H[0] = w.x; s.H[1] = w.y; s.H[2] = w.z
  }
}
