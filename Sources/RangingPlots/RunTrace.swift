// SPDX-License-Identifier: Apache-2.0
import Foundation
import RangingEngine
import RangingFormats

/// Everything ``RunPlot`` draws for one object of one recording: what was
/// measured, what the engine made of it, the truth when recorded, the zones
/// and the events. Times are the input's `t`, seconds.
public struct RunTrace: Sendable {
  /// One measurement row of the object.
  public struct Measurement: Equatable, Sendable {
    public var timeSeconds: Double
    /// Measured distance, metres, or nil.
    public var distanceMeters: Double?
    /// Azimuth of the measured `dir_*`, degrees (``RunTrace/azimuthDegrees(of:)``), or nil.
    public var azimuthDegrees: Double?
    /// The `horizontal_angle` column in degrees, or nil.
    public var horizontalAngleDegrees: Double?
    /// `true_distance`, metres, or nil.
    public var trueDistanceMeters: Double?

    public init(timeSeconds: Double, distanceMeters: Double? = nil, azimuthDegrees: Double? = nil,
                horizontalAngleDegrees: Double? = nil, trueDistanceMeters: Double? = nil) {
      self.timeSeconds = timeSeconds
      self.distanceMeters = distanceMeters
      self.azimuthDegrees = azimuthDegrees
      self.horizontalAngleDegrees = horizontalAngleDegrees
      self.trueDistanceMeters = trueDistanceMeters
    }
  }

  /// The engine's filtered state after one accepted measurement.
  public struct FilteredPoint: Equatable, Sendable {
    public var timeSeconds: Double
    /// Filtered distance, metres (finite).
    public var distanceMeters: Double
    /// Its standard deviation, metres.
    public var sigmaMeters: Double
    /// Azimuth of the filtered direction, degrees, or nil when there is none.
    public var azimuthDegrees: Double?
    /// Whether that direction is predicted (the row had no direction and the
    /// 3-D filter is coasting, `direction_state` `predicted`) rather than measured.
    public var isDirectionPredicted: Bool

    public init(timeSeconds: Double, distanceMeters: Double, sigmaMeters: Double, azimuthDegrees: Double? = nil,
                isDirectionPredicted: Bool = false) {
      self.timeSeconds = timeSeconds
      self.distanceMeters = distanceMeters
      self.sigmaMeters = sigmaMeters
      self.azimuthDegrees = azimuthDegrees
      self.isDirectionPredicted = isDirectionPredicted
    }
  }

  /// A zone event of the object.
  public struct Event: Equatable, Sendable {
    public var timeSeconds: Double
    public var zone: String
    public var kind: CrossingKind
    /// The filtered distance that decided it, metres, or nil (an exit
    /// caused by losing the object may have none).
    public var distanceMeters: Double?

    public init(timeSeconds: Double, zone: String, kind: CrossingKind, distanceMeters: Double?) {
      self.timeSeconds = timeSeconds
      self.zone = zone
      self.kind = kind
      self.distanceMeters = distanceMeters
    }
  }

  /// A zone's radius and its hysteresis band, where the engine's zone has it:
  /// centred ``bandOffsetMeters`` above the radius (`Zone/bandOffsetMeters`),
  /// so that an object enters below ``lowerEdgeMeters`` and exits above
  /// ``upperEdgeMeters`` (`Zone`'s thresholds, applied to the decision
  /// distance, `RangeEstimate.decisionDistanceMeters`).
  public struct ZoneBand: Equatable, Sendable {
    public var name: String
    /// Radius, metres.
    public var radiusMeters: Double
    /// Full width of the band, metres (`Zone/hysteresisMeters`).
    public var hysteresisMeters: Double
    /// How far the band's centre lies above the radius, metres (`Zone/bandOffsetMeters`).
    public var bandOffsetMeters: Double

    public init(name: String, radiusMeters: Double, hysteresisMeters: Double, bandOffsetMeters: Double = 0) {
      self.name = name
      self.radiusMeters = radiusMeters
      self.hysteresisMeters = hysteresisMeters
      self.bandOffsetMeters = bandOffsetMeters
    }

    /// The enter threshold: `radius - hysteresis / 2 + bandOffset`.
    public var lowerEdgeMeters: Double { radiusMeters - hysteresisMeters / 2 + bandOffsetMeters }
    /// The exit threshold: `radius + hysteresis / 2 + bandOffset`.
    public var upperEdgeMeters: Double { radiusMeters + hysteresisMeters / 2 + bandOffsetMeters }
  }

  /// A life-cycle row of the object (`suspended`, `removed_timeout`, ...).
  public struct Lifecycle: Equatable, Sendable {
    public var timeSeconds: Double
    public var name: String

    public init(timeSeconds: Double, name: String) {
      self.timeSeconds = timeSeconds
      self.name = name
    }
  }

  /// The recording's name as shown in the title (the path as given).
  public var source: String
  /// The object's identifier.
  public var object: String
  public var measurements: [Measurement]
  public var filtered: [FilteredPoint]
  /// Whether ``filtered`` holds the track smoothed offline (`TrackSmoother`)
  /// rather than the live filter's; the legend says which.
  public var isSmoothed = false
  public var events: [Event]
  public var zones: [ZoneBand]
  public var lifecycle: [Lifecycle]
  /// The span of time drawn; rows outside it are not recorded.
  public var window = PlotWindow.all

  public init(source: String, object: String, measurements: [Measurement], filtered: [FilteredPoint] = [],
              events: [Event] = [], zones: [ZoneBand] = [], lifecycle: [Lifecycle] = []) {
    self.source = source
    self.object = object
    self.measurements = measurements
    self.filtered = filtered
    self.events = events
    self.zones = zones
    self.lifecycle = lifecycle
  }

  /// Azimuth of a direction in the phone frame, degrees, positive to the
  /// right: `atan2(x, -z)`, so straight ahead (0, 0, -1) is 0 and (1, 0, 0) is 90.
  public static func azimuthDegrees(of direction: Direction) -> Double {
    atan2(direction.x, -direction.z) * 180 / Double.pi
  }

  /// The time intervals in which the measured direction was missing: from
  /// each measurement without `dir_*` or `horizontal_angle` to the next measurement, merged where
  /// they touch. An interval is cut to one ``medianIntervalSeconds`` when the
  /// next measurement is more than ``lineBreakSeconds`` away (or there is
  /// none): a stretch without any update is not a stretch without direction.
  /// Seconds, ascending.
  public var directionGaps: [(start: Double, end: Double)] {
    let median = medianIntervalSeconds ?? 0
    let limit = lineBreakSeconds
    var gaps: [(start: Double, end: Double)] = []
    // An azimuth alone (`horizontal_angle`) is a direction too: the engine tracks it as one.
    for (index, row) in measurements.enumerated() where row.azimuthDegrees == nil && row.horizontalAngleDegrees == nil {
      var end = row.timeSeconds + median
      if index + 1 < measurements.count, measurements[index + 1].timeSeconds - row.timeSeconds <= limit {
        end = measurements[index + 1].timeSeconds
      }
      if let last = gaps.last, last.end >= row.timeSeconds {
        gaps[gaps.count - 1].end = max(last.end, end)
      } else {
        gaps.append((row.timeSeconds, end))
      }
    }
    return gaps
  }

  /// The median time between consecutive measurements (the upper median for
  /// an even count; zero intervals left out), or nil with fewer than two times.
  public var medianIntervalSeconds: Double? {
    let times = measurements.map(\.timeSeconds)
    let intervals = zip(times.dropFirst(), times).map { $0 - $1 }.filter { $0 > 0 }.sorted()
    return intervals.isEmpty ? nil : intervals[intervals.count / 2]
  }

  /// The longest time between two points of one line before it is broken:
  /// three times ``medianIntervalSeconds``, at least 0.5 s, so that
  /// suspensions and dropouts show as gaps rather than as straight segments
  /// across them. Infinite when there is no interval.
  public var lineBreakSeconds: Double {
    medianIntervalSeconds.map { max(0.5, 3 * $0) } ?? .infinity
  }
}
