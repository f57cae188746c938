// SPDX-License-Identifier: Apache-2.0
/// What a replay saw of its data's scale, to tell a unit mistake (a distance
/// in centimetres read as metres, a time in milliseconds read as seconds)
/// from data that is merely unusual: samples of the accepted distances and
/// of the intervals between an object's consecutive accepted measurements,
/// each a ``RowSample`` (fixed memory). `rangectl` warns from their medians.
public struct UnitEvidence: Equatable, Sendable {
  /// Accepted measurements' distances as read (before any calibration), metres.
  public var distancesMeters = RowSample()
  /// Seconds from an object's previous accepted measurement to this one.
  public var intervalsSeconds = RowSample()

  public init() {}
}

/// Each object's time of its last accepted measurement, for
/// ``UnitEvidence/intervalsSeconds``: a fixed table of ``slots`` entries
/// (open addressing, at most half full). When half the entries are taken,
/// the table starts over empty, so that a live replay keeps following the
/// objects that come and go; an object's next measurement after that adds
/// no interval. Up to ``slots`` / 2 objects the table never starts over.
@usableFromInline
struct LastMeasurementTimes {
  @usableFromInline static let slots = 1024
  @usableFromInline var objects: [UInt64]
  @usableFromInline var seconds: [Double]
  @usableFromInline var used: [Bool]
  @usableFromInline var count = 0

  @usableFromInline init() {
    objects = [UInt64](repeating: 0, count: Self.slots)
    seconds = [Double](repeating: 0, count: Self.slots)
    used = [Bool](repeating: false, count: Self.slots)
  }

  /// Records `object`'s measurement at `time`; returns the seconds since its
  /// previous one, or nil for its first (since the table last started over).
  @inlinable
  mutating func interval(of object: UInt64, at time: Double) -> Double? {
    var slot = Int(truncatingIfNeeded: (object &* 0x9E37_79B9_7F4A_7C15) >> 54)  // top 10 bits: 0..<1024
    while used[slot] {
      if objects[slot] == object {
        let previous = seconds[slot]
        seconds[slot] = time
        return time - previous
      }
      slot = (slot + 1) & (Self.slots - 1)
    }
    if count == Self.slots / 2 {
      startOver()
      return interval(of: object, at: time)
    }
    used[slot] = true
    objects[slot] = object
    seconds[slot] = time
    count += 1
    return nil
  }

  @usableFromInline
  mutating func startOver() {
    for index in used.indices { used[index] = false }
    count = 0
  }
}
