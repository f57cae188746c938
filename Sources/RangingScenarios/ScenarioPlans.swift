// SPDX-License-Identifier: Apache-2.0
/// The paths of the built-in scenarios, drawn from a random source.
///
/// Angles are drawn in degrees and stored in radians. Speeds are radial
/// (rate of change of the true distance).
struct ScenarioPlans {
  let random: MT19937RandomSource

  private static let radiansPerDegree = Double.pi / 180

  private func degrees(_ lower: Double, _ upper: Double) -> Double {
    random.uniform(lower, upper) * ScenarioPlans.radiansPerDegree
  }

  private func walkingSpeed() -> Double { random.uniform(1.0, 1.4) }

  /// 5 m -> 0.5 m -> 5 m (walking off to one side, out of the field of view),
  /// a long pause holding `interruption`, then 0.5 m and back to 5 m.
  func walkInOut(interruption kind: Interruption.Kind, nlosBursts: Int, model: MeasurementModel) -> ScenarioObject {
    var path = Trajectory(start: .init(
      seconds: 0, distanceMeters: 5, azimuthRadians: degrees(-15, 15), elevationRadians: degrees(-10, 5)))
    path.pause(seconds: 3)
    path.move(toDistance: 0.5, speedMetersPerSecond: walkingSpeed(), azimuthRadians: degrees(-20, 20))
    path.pause(seconds: random.uniform(3, 5))
    let side: Double = random.chance(0.5) ? 1 : -1
    path.move(toDistance: 5, speedMetersPerSecond: walkingSpeed(), azimuthRadians: side * degrees(60, 75))
    let farPause = path.endSeconds
    path.pause(seconds: 8)
    path.move(toDistance: 0.5, speedMetersPerSecond: walkingSpeed(), azimuthRadians: degrees(-20, 20))
    path.pause(seconds: random.uniform(3, 5))
    path.move(toDistance: 5, speedMetersPerSecond: walkingSpeed(), azimuthRadians: degrees(-15, 15))
    path.pause(seconds: 3)
    let interruption = Interruption(interval: (farPause + 1)..<(farPause + 7), kind: kind)
    return ScenarioObject(
      name: "person-1", trajectory: path, model: model,
      nlosIntervals: nlosIntervals(count: nlosBursts, within: 0..<path.endSeconds), interruptions: [interruption])
  }

  /// `count` non-overlapping stretches of 1-4 s: one inside each of `count`
  /// equal slots of `span`.
  func nlosIntervals(count: Int, within span: Range<Double>) -> [Range<Double>] {
    guard count > 0 else { return [] }
    let slot = (span.upperBound - span.lowerBound) / Double(count)
    return (0..<count).map { index in
      let length = min(random.uniform(1, 4), slot)
      let start = span.lowerBound + Double(index) * slot + random.uniform(0, slot - length)
      return start..<(start + length)
    }
  }

  /// Two people walk up from `startMeters`, stand still 30 s 3-5 cm inside and
  /// 3-5 cm outside `radiusMeters`, and walk away.
  ///
  /// Their devices have no offset or scale error (every other effect is on):
  /// a default device error (-0.2...+0.25 m, -1...+2.5 %) is several times
  /// the 3-5 cm margin, so with it the right decision could not be made from
  /// the data by any method without calibration, and these scenarios would
  /// score the draw instead of the engine's behaviour at a boundary.
  /// Device bias is exercised by every other scenario.
  func standOnBoundary(radiusMeters: Double, startMeters: Double) -> [ScenarioObject] {
    let model = MeasurementModel(deviceOffsetMeters: 0...0, deviceScaleFraction: 0...0)
    return [("inside-1", -1.0, -25.0), ("outside-1", 1.0, 25.0)].map { name, sign, azimuth in
      let standing = radiusMeters + sign * random.uniform(0.03, 0.05)
      var path = Trajectory(start: .init(
        seconds: 0, distanceMeters: startMeters, azimuthRadians: degrees(azimuth - 5, azimuth + 5),
        elevationRadians: degrees(-10, 0)))
      let speed = walkingSpeed()
      path.pause(seconds: random.uniform(2, 3))
      path.move(toDistance: standing, speedMetersPerSecond: speed)
      path.pause(seconds: 30)
      path.move(toDistance: startMeters, speedMetersPerSecond: speed)
      return ScenarioObject(name: name, trajectory: path, model: model)
    }
  }

  /// Three runs 6 m -> 0.5 m -> 6 m at 2.5 m/s, 3 s at 0.5 m, 4 s at 6 m.
  func fastApproach() -> ScenarioObject {
    var path = Trajectory(start: .init(
      seconds: 0, distanceMeters: 6, azimuthRadians: degrees(-10, 10), elevationRadians: degrees(-10, 0)))
    path.pause(seconds: 3)
    for _ in 0..<3 {
      path.move(toDistance: 0.5, speedMetersPerSecond: 2.5, azimuthRadians: degrees(-15, 15))
      path.pause(seconds: 3)
      path.move(toDistance: 6, speedMetersPerSecond: 2.5)
      path.pause(seconds: 4)
    }
    return ScenarioObject(name: "runner-1", trajectory: path)
  }

  /// `count` tags (`tag-01`...) at 1-10 Hz, each alternating an approach to
  /// 0.5-2.8 m and a retreat to 3.2-8 m at 0.8-1.6 m/s with 1-6 s pauses,
  /// from a start at 3.5-8 m until at least 45 s, ending outside 3 m.
  func manyObjects(count: Int) -> [ScenarioObject] {
    (1...count).map { index in
      let model = MeasurementModel(updateRateHz: Double(random.integer(1, 10)))
      var path = Trajectory(start: .init(
        seconds: 0, distanceMeters: random.uniform(3.5, 8), azimuthRadians: degrees(-80, 80),
        elevationRadians: degrees(-20, 10)))
      path.pause(seconds: random.uniform(0, 5))
      while path.endSeconds < 45 {
        path.move(toDistance: random.uniform(0.5, 2.8), speedMetersPerSecond: random.uniform(0.8, 1.6),
                  azimuthRadians: degrees(-80, 80))
        path.pause(seconds: random.uniform(1, 6))
        path.move(toDistance: random.uniform(3.2, 8), speedMetersPerSecond: random.uniform(0.8, 1.6),
                  azimuthRadians: degrees(-80, 80))
        path.pause(seconds: random.uniform(1, 6))
      }
      let name = index < 10 ? "tag-0\(index)" : "tag-\(index)"
      return ScenarioObject(name: name, trajectory: path, model: model)
    }
  }

  /// Circles the phone twice at 1.8-2.2 m, walking 1.0 m/s: the direction
  /// leaves the field of view on each side and returns; while the person is
  /// behind the phone's user (|azimuth| > 120°) the body blocks the line of
  /// sight (``MeasurementModel/bodyBlockingHalfAngleDegrees``, from the
  /// geometry: no interval is scheduled, so switching body blocking off
  /// leaves this scenario in line of sight all round).
  func circling() -> ScenarioObject {
    let radius = random.uniform(1.8, 2.2)
    let start = degrees(-10, 10)
    var path = Trajectory(start: .init(
      seconds: 0, distanceMeters: 5, azimuthRadians: start, elevationRadians: degrees(-10, 0)))
    path.pause(seconds: 2)
    path.move(toDistance: radius, speedMetersPerSecond: walkingSpeed())
    let angularSpeed = 1.0 / radius
    let direction: Double = random.chance(0.5) ? 1 : -1
    path.turn(toAzimuth: start + direction * 4 * .pi, angularSpeedRadiansPerSecond: angularSpeed)
    path.pause(seconds: 2)
    path.move(toDistance: 5, speedMetersPerSecond: walkingSpeed())
    path.pause(seconds: 2)
    return ScenarioObject(name: "circler-1", trajectory: path)
  }

  /// Walks past in front of the phone from one side to the other, ten times
  /// alternately: 4 m at 70-80° to one side, 1.0-1.4 m in front, 4 m on the other side.
  /// The direction is missing at both ends (outside the ±55° cone).
  func walkPast() -> ScenarioObject {
    let side: Double = random.chance(0.5) ? 1 : -1
    var path = Trajectory(start: .init(
      seconds: 0, distanceMeters: 4, azimuthRadians: -side * degrees(70, 80), elevationRadians: degrees(-10, 0)))
    path.pause(seconds: 2)
    for leg in 0..<10 {
      let towards: Double = leg % 2 == 0 ? side : -side
      path.move(toDistance: random.uniform(1.0, 1.4), speedMetersPerSecond: walkingSpeed(), azimuthRadians: degrees(-5, 5))
      path.move(toDistance: 4, speedMetersPerSecond: walkingSpeed(), azimuthRadians: towards * degrees(70, 80))
      path.pause(seconds: 2)
    }
    return ScenarioObject(name: "passer-1", trajectory: path)
  }
}
