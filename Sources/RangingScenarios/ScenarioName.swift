// SPDX-License-Identifier: Apache-2.0
/// The built-in scenario suite: each name is one CSV file.
///
/// Every object uses the default ``MeasurementModel`` (all effects on) unless
/// its case says otherwise.
///
/// Every scenario starts and ends with all objects outside every default zone
/// (inner 1.5 m, outer 3 m), so truth crossings are well defined and a
/// repeated scenario (``ScenarioGenerator`` `scale`) never jumps across a
/// boundary between repetitions. Speeds, pauses, angles and standing
/// distances are drawn from the seed within the ranges given in each case.
public enum ScenarioName: String, CaseIterable, Sendable {
  /// One person walks from 5 m to 0.5 m and back, twice, at 1.0-1.4 m/s with
  /// pauses; walks out of the field of view once; one suspension at 5 m.
  case walkInOut = "walk-in-out"
  /// Two people walk up and stand still for 30 s, one 3-5 cm inside and one
  /// 3-5 cm outside 1.5 m (no scheduled NLOS; no device offset or scale error,
  /// see `ScenarioPlans/standOnBoundary(radiusMeters:startMeters:)`).
  case standInnerBoundary = "stand-inner-boundary"
  /// The same at 3 m.
  case standOuterBoundary = "stand-outer-boundary"
  /// Three runs from 6 m to 0.5 m and back at 2.5 m/s, with pauses.
  case fastApproach = "fast-approach"
  /// Like walk-in-out, with six NLOS stretches of 1-4 s, spikes three times as
  /// likely, and a `removed_timeout` at 5 m after which the person returns.
  case nlosApproach = "nlos-approach"
  /// Twenty tags, each at its own rate (1-10 Hz) on its own random in/out
  /// path, rows merged in time order.
  case manyObjects = "many-objects"
  /// One person walks up and circles the phone twice at about 2 m; the
  /// direction leaves and re-enters the field of view; the user's body blocks
  /// the path while the person is behind the user (|azimuth| > 120°).
  case circling = "circling"
  /// One person walks past in front of the phone ten times, side to side; the
  /// direction is missing at both ends.
  case walkPast = "walk-past"

  /// One line for people (also written to the CSV comments).
  public var summary: String {
    switch self {
    case .walkInOut: "one person walks 5 m -> 0.5 m -> 5 m twice at 1.0-1.4 m/s with pauses; one suspension at 5 m"
    case .standInnerBoundary: "two people stand still 30 s, 3-5 cm inside and 3-5 cm outside 1.5 m (no device bias)"
    case .standOuterBoundary: "two people stand still 30 s, 3-5 cm inside and 3-5 cm outside 3 m (no device bias)"
    case .fastApproach: "three runs 6 m -> 0.5 m -> 6 m at 2.5 m/s with pauses"
    case .nlosApproach: "walk-in-out with NLOS stretches (1-4 s), extra spikes and a removed_timeout at 5 m"
    case .manyObjects: "20 tags at 1-10 Hz, each on its own random in/out path"
    case .circling: "one person circles the phone twice at ~2 m (direction leaves the field of view; body-blocked behind)"
    case .walkPast: "one person walks past in front (1-1.4 m) from 4 m on one side to 4 m on the other, ten times"
    }
  }

  /// The scenario this name draws from `seed`: the same scenario
  /// ``ScenarioGenerator`` with that seed writes.
  ///
  /// - Parameter seed: any value; see ``ScenarioGenerator`` for how it seeds MT19937.
  public func scenario(seed: UInt64) -> Scenario {
    scenario(using: MT19937RandomSource(seed: seed))
  }

  /// Draws the scenario's plan from `random` (the generator then continues
  /// the same stream for the measurement noise).
  func scenario(using random: MT19937RandomSource) -> Scenario {
    let plans = ScenarioPlans(random: random)
    let objects: [ScenarioObject] =
      switch self {
      case .walkInOut: [plans.walkInOut(interruption: .suspension, nlosBursts: 0, model: MeasurementModel())]
      case .standInnerBoundary: plans.standOnBoundary(radiusMeters: 1.5, startMeters: 4)
      case .standOuterBoundary: plans.standOnBoundary(radiusMeters: 3, startMeters: 5)
      case .fastApproach: [plans.fastApproach()]
      case .nlosApproach:
        [plans.walkInOut(interruption: .removedTimeout(timeoutSeconds: 3), nlosBursts: 6,
                         model: MeasurementModel(spikeProbability: 0.03))]
      case .manyObjects: plans.manyObjects(count: 20)
      case .circling: [plans.circling()]
      case .walkPast: [plans.walkPast()]
      }
    let end = objects.map(\.trajectory.endSeconds).max() ?? 0
    return Scenario(name: rawValue, summary: summary, durationSeconds: (end + 1).rounded(.up), objects: objects)
  }
}
