// SPDX-License-Identifier: Apache-2.0
/// One object's filtered state after an update.
public struct TrackState: Sendable {
  /// The time of the update.
  public var time: Timestamp
  /// Filtered distance, its sigma and rate.
  public var range: RangeEstimate
  /// Direction, or nil when ``directionState`` is `.unknown`.
  public var direction: Direction?
  /// Whether the direction was measured, predicted or is unknown.
  public var directionState: DirectionState
  /// Angular standard deviation of ``direction``, radians (NaN when only
  /// measured directions are reported, infinite when unknown).
  public var directionSigmaRadians: Double
  /// Whether zones may act on the distance (``RangeFilter/isConfirmed``: a
  /// fresh track at once, a restarted one once it has held).
  public var isConfirmed: Bool

  public init(
    time: Timestamp, range: RangeEstimate, direction: Direction?, directionState: DirectionState,
    directionSigmaRadians: Double = .nan, isConfirmed: Bool = true
  ) {
    self.directionSigmaRadians = directionSigmaRadians
    self.isConfirmed = isConfirmed
    self.time = time
    self.range = range
    self.direction = direction
    self.directionState = directionState
  }
}
