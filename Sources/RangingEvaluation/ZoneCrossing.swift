// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import RangingFormats

/// One zone event, from the engine or from the ground truth, as evaluation
/// compares them: who, which zone, which way, when.
public struct ZoneCrossing: Equatable, Hashable, Sendable {
  /// When it happened (engine: the deciding update; truth: the interpolated crossing).
  public var time: Timestamp
  /// The object's identifier as in the input.
  public var object: String
  /// The zone's name (`inner`, `outer`, ...).
  public var zone: String
  public var kind: CrossingKind

  public init(time: Timestamp, object: String, zone: String, kind: CrossingKind) {
    self.time = time
    self.object = object
    self.zone = zone
    self.kind = kind
  }
}

/// One measurement row of a dataset, reduced to what evaluation needs.
public struct TruthRow: Equatable, Sendable {
  /// The row's time.
  public var time: Timestamp
  /// The object's identifier.
  public var object: String
  /// The measured (raw) distance, metres, or nil when the row has none.
  public var measuredDistanceMeters: Double?
  /// The true distance, metres.
  public var trueDistanceMeters: Double

  public init(time: Timestamp, object: String, measuredDistanceMeters: Double?, trueDistanceMeters: Double) {
    self.time = time
    self.object = object
    self.measuredDistanceMeters = measuredDistanceMeters
    self.trueDistanceMeters = trueDistanceMeters
  }
}

/// One row of a filtered track (docs/FORMATS.md §3), reduced to its distance.
public struct FilteredDistanceRow: Equatable, Sendable {
  /// The row's time: the time of the input row it was computed from.
  public var time: Timestamp
  /// The object's identifier.
  public var object: String
  /// The filtered distance, metres.
  public var distanceMeters: Double
  /// The distance's reported sigma, metres (the track's `sigma`), or nil.
  public var sigmaMeters: Double?

  public init(time: Timestamp, object: String, distanceMeters: Double, sigmaMeters: Double? = nil) {
    self.time = time
    self.object = object
    self.distanceMeters = distanceMeters
    self.sigmaMeters = sigmaMeters
  }
}
