// SPDX-License-Identifier: Apache-2.0
import RangingEngine

/// A fully specified scenario: what every object really does, and how its
/// measurements are corrupted. ``ScenarioGenerator`` turns it into rows.
///
/// The built-in scenarios come from ``ScenarioName/scenario(seed:)``; a test
/// or a tuning script may build its own.
public struct Scenario: Sendable {
  /// Name written in the CSV comments (`walk-in-out`, ...).
  public var name: String
  /// One line for people.
  public var summary: String
  /// Length of one repetition, seconds: measurements are generated for
  /// scenario times in `0 ..< durationSeconds`.
  public var durationSeconds: Double
  /// The objects, in the order their rows are ranked when times tie.
  public var objects: [ScenarioObject]

  public init(name: String, summary: String, durationSeconds: Double, objects: [ScenarioObject]) {
    precondition(durationSeconds > 0, "Scenario: duration must be positive")
    precondition(Set(objects.map(\.name)).count == objects.count, "Scenario: object names must be unique")
    self.name = name
    self.summary = summary
    self.durationSeconds = durationSeconds
    self.objects = objects
  }
}

/// One object of a scenario: its identifier, true path, measurement model,
/// NLOS intervals and interruptions.
public struct ScenarioObject: Sendable {
  /// The `object` column; no commas, no surrounding spaces.
  public var name: String
  /// The true path.
  public var trajectory: Trajectory
  /// How measurements depart from the truth.
  public var model: MeasurementModel
  /// Scenario-time intervals, seconds, during which the path is not in line
  /// of sight (bias and extra noise, see ``MeasurementModel``).
  public var nlosIntervals: [Range<Double>]
  /// Intervals without updates, with the life-cycle rows they produce.
  public var interruptions: [Interruption]

  public init(
    name: String, trajectory: Trajectory, model: MeasurementModel = MeasurementModel(),
    nlosIntervals: [Range<Double>] = [], interruptions: [Interruption] = []
  ) {
    precondition(!name.isEmpty && !name.contains(",") && name.first != " " && name.last != " ",
                 "ScenarioObject: name must be non-empty, without commas or surrounding spaces")
    self.name = name
    self.trajectory = trajectory
    self.model = model
    self.nlosIntervals = nlosIntervals
    self.interruptions = interruptions
  }
}

/// A stretch of scenario time in which an object delivers no updates.
public struct Interruption: Equatable, Sendable {
  /// What the session reports about it.
  public enum Kind: Equatable, Sendable {
    /// A `suspended` row at the start and a `suspension_ended` row at the end
    /// (the app went to the background and came back).
    case suspension
    /// A `removed_timeout` row `timeoutSeconds` after the start (the session
    /// gave up on the object), then the object returns at the end.
    case removedTimeout(timeoutSeconds: Double)
    /// No rows at all: the object is simply not heard.
    case silence
  }

  /// Scenario time of the start and end, seconds.
  public var interval: Range<Double>
  public var kind: Kind

  public init(interval: Range<Double>, kind: Kind) {
    if case .removedTimeout(let timeout) = kind {
      precondition(timeout >= 0 && timeout < interval.upperBound - interval.lowerBound,
                   "Interruption: the removal must fall inside the interval")
    }
    self.interval = interval
    self.kind = kind
  }

  /// The life-cycle rows this interruption writes: scenario time and `event`
  /// text, spelled by `LifecycleEvent.name`, the spellings' one home.
  var lifecycleRows: [(seconds: Double, event: String)] {
    switch kind {
    case .suspension:
      [(interval.lowerBound, LifecycleEvent.suspended.name.description),
       (interval.upperBound, LifecycleEvent.suspensionEnded.name.description)]
    case .removedTimeout(let timeout): [(interval.lowerBound + timeout, LifecycleEvent.removedTimeout.name.description)]
    case .silence: []
    }
  }
}
