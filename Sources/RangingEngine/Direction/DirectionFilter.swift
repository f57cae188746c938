// SPDX-License-Identifier: Apache-2.0
/// Tracks an object's position and velocity in the phone frame, or in a
/// fixed world frame once the phone's attitude is given, so that a
/// direction stays available, flagged as predicted, while the measured one
/// is missing outside the field of view.
///
/// Frames: without an attitude the state is in the phone frame, and a turn
/// of the phone looks like the object moving. With one
/// (``update(with:attitude:)``, `M` from ``RotationMatrix``), the state is in
/// the world frame: a measured direction `u` enters as `M u`, the angle
/// measurements' Jacobians as `H M ᵀ` (the chain rule through
/// `p_phone = Mᵀ p_world`), and the estimate leaves as `Mᵀ p`, the
/// direction in the phone frame at the latest attitude. The first attitude
/// of a running track turns its state, `x ← T x`, `P ← T P Tᵀ`,
/// `T = diag(M, M)`. The coast limit and the sigma then measure the object's
/// own motion only, and an object that has stood still for a second is
/// tracked with a standing person's motion model until a measurement
/// contradicts it (`DirectionFilter+Stillness.swift`). With no attitude ever
/// given, the arithmetic is the phone-frame filter's, bit for bit.
///
/// A 6-state Kalman filter, `x = [px py pz vx vy vz]ᵀ` (metres, m/s; +x
/// right, +y up, +z towards the user), whose velocity on each axis decays
/// with time constant ``DirectionFilterConfiguration/velocityCorrelationSeconds``
/// under white acceleration noise (`VelocityDecayModel`; the
/// constant-velocity CWNA model of ``RangeFilter`` as that time goes to infinity).
/// What each update carries decides the measurement:
///
/// - distance and direction: a position `z = d u` with covariance
///   `R = σr² u uᵀ + (d σθ)² (I - u uᵀ)`: the range sigma along the ray, the
///   angle sigma (as arc length) across it. A direction outside the field of
///   view has its σθ multiplied by `suspectDirectionFactor`.
/// - distance only: the extended Kalman range update `h(x) = |p|`,
///   `H = [pᵀ/|p|, 0 0 0]`, so the distance keeps correcting the track while
///   the direction coasts. The geometry is derived in
///   `RangingEngine.docc/DirectionDerivation.md`.
/// - horizontal angle: `h(x) = atan2(px, -pz)` (EKF), residual wrapped to (-π, π].
/// - vertical `same`: elevation 0 with a wide sigma; `above`/`below` only when
///   the estimate contradicts them (an inequality constraint applied when
///   violated); `aboveOrBelow` and `unknown` say nothing and are ignored.
/// - no direction while the estimate lies inside the field of view:
///   negative information (Koch, "On exploiting negative sensor evidence for
///   target tracking and sensor data fusion", Information Fusion 8(1), 2007):
///   the cone's nearest edge becomes an angle measurement with sigma
///   `fieldOfViewEdgeSigmaRadians`.
///
/// The filter owns its storage; nothing allocates after `init`.
public final class DirectionFilter<Backend: KalmanBackend> {
  public let configuration: DirectionFilterConfiguration
  let backend: Backend
  // Exclusivity unchecked as in RangeFilter: the class is used from one
  // thread and never lends these out, and the runtime checks on
  // `isInitialized` (public, so not provably unaliased) were 5% of an update.
  @exclusivity(unchecked) private(set) var lastTime = Timestamp(microseconds: 0)
  @exclusivity(unchecked) private(set) var lastDirectionTime = Timestamp(microseconds: 0)
  /// Whether a measured direction (not an azimuth alone) has set the track's
  /// elevation since it started; until then azimuths carry an elevation prior.
  @exclusivity(unchecked) private(set) var hasMeasuredElevation = false
  /// The position after the last measured direction, tracking frame: with a
  /// pose, how far the object itself has moved since (see ``estimate(at:)``).
  @exclusivity(unchecked) var lastDirectionPosition = (x: 0.0, y: 0.0, z: 0.0)
  /// Whether the object stands still, world frame only
  /// (`DirectionFilter+Stillness.swift`).
  @exclusivity(unchecked) var stillness = StillnessDetector()
  @exclusivity(unchecked) private var consecutiveRejections = 0
  /// The rotation phone to world at the latest update that carried one;
  /// meaningful only when ``isWorldFrame`` (a flag beside a plain matrix, so
  /// that the phone-frame path tests one byte and copies nothing).
  @exclusivity(unchecked) var frame = RotationMatrix(.identity)
  /// Whether the state is in the world frame (an attitude has been given
  /// since the track started).
  @exclusivity(unchecked) public internal(set) var isWorldFrame = false
  /// True once a distance and a direction have started the track.
  @exclusivity(unchecked) public private(set) var isInitialized = false

  static var stateCount: Int { 6 }
  /// Position updates rejected in a row after which the track restarts from
  /// the measurement. (The distance filter restarted after 3 too until issue
  /// 22; it now restarts after rejections spanning 0.5 s, Tuning.md.)
  private static var restartAfterRejections: Int { 3 }

  public init(configuration: DirectionFilterConfiguration = DirectionFilterConfiguration()) {
    self.configuration = configuration
    backend = Backend(stateCount: Self.stateCount, measurementCapacity: 3)
  }

  /// Forgets the track.
  public func reset() {
    isInitialized = false
    isWorldFrame = false
    consecutiveRejections = 0
  }

  /// The estimated position, metres, in the phone frame at the latest attitude.
  public var position: (x: Double, y: Double, z: Double) { phonePosition(backend.storage) }

  /// ``position`` from storage the caller has (each `backend.storage` is a call).
  @inline(__always)
  func phonePosition(_ s: KalmanStorage) -> (x: Double, y: Double, z: Double) {
    let x = s.x
    guard isWorldFrame else { return (x[0], x[1], x[2]) }
    return frame.toPhone(x[0], x[1], x[2])
  }

  /// State covariance entry `P[i][j]`, i, j in 0..<6, in the tracking frame
  /// (world once ``isWorldFrame``) (test and diagnostics access).
  public func covariance(_ i: Int, _ j: Int) -> Double { backend.storage.P[i * Self.stateCount + j] }

  /// Processes one update. Starts the track on the first update with both a
  /// distance and a direction; before that every update is ignored.
  ///
  /// - Parameters:
  ///   - update: the measurement, phone frame.
  ///   - attitude: the phone's rotation into the world frame at the update's
  ///     time, or nil for none. Once one has been given, the track stays in
  ///     the world frame until ``reset()``, and an update without one uses
  ///     the latest (the phone is taken not to have turned).
  /// - Returns: the direction after the update, phone frame.
  /// - Complexity: O(1). Does not allocate.
  @discardableResult
  public func update(with update: RangingUpdate, attitude: RotationMatrix? = nil) -> DirectionEstimate {
    guard isInitialized else {
      if let d = update.distanceMeters, d > 0, let (u, sigma) = startingDirection(of: update) {
        if let attitude {
          frame = attitude
          isWorldFrame = true
        }
        start(distance: d, direction: u, time: update.time, angleSigma: sigma)
        return estimate(at: update.time)
      }
      return .unknown
    }
    if let attitude { enterFrame(attitude) }
    predict(to: update.time)
    if let u = update.direction.map({ $0.normalized }) {
      let d = update.distanceMeters ?? predictedRange
      if fusePosition(distance: d, direction: u, rangeMeasured: update.distanceMeters != nil) {
        observeStillness(at: update.time)
        lastDirectionTime = update.time
        hasMeasuredElevation = true
        let x = backend.storage.x
        lastDirectionPosition = (x[0], x[1], x[2])
      } else if consecutiveRejections >= Self.restartAfterRejections, let measured = update.distanceMeters {
        // Directions keep disagreeing with the track: it is lost, start again.
        start(distance: measured, direction: u, time: update.time)
      }
    } else {
      if let d = update.distanceMeters { fuseRange(d) }
      if let azimuth = update.horizontalAngleRadians {
        // An azimuth is a measured direction, as Nearby Interaction's horizontalAngle is: in the plane,
        // with the elevation left to the track. A track that never had an elevation measured keeps the
        // prior it started with (elevation 0, azimuthOnlyStartSigmaRadians) as a measurement beside each
        // azimuth, or its elevation's variance would grow without bound; a `vertical` hint replaces it.
        if fuseAzimuth(azimuth, sigma: configuration.horizontalAngleSigmaRadians) { lastDirectionTime = update.time }
        if !hasMeasuredElevation && update.vertical == nil {
          fuseElevation(0, sigma: Self.azimuthOnlyStartSigmaRadians)
        }
      } else {
        applyFieldOfViewEvidence()
      }
      if let vertical = update.vertical { applyVertical(vertical) }
    }
    leaveStillnessIfMoving()
    return estimate(at: update.time)
  }

  /// The current direction (phone frame, at the latest attitude), its sigma
  /// and state, at `time` (the last update's time).
  public func estimate(at time: Timestamp) -> DirectionEstimate {
    guard isInitialized else { return .unknown }
    let s = backend.storage
    let range = predictedRange
    guard range > 0 else { return .unknown }
    let sigma = Self.angleSigma(range: range, s)
    var u = Direction(x: s.x[0] / range, y: s.x[1] / range, z: s.x[2] / range)
    if isWorldFrame {
      let phone = frame.toPhone(u.x, u.y, u.z)
      u = Direction(x: phone.x, y: phone.y, z: phone.z)
    }
    let state: DirectionState
    if lastDirectionTime == time {
      state = .measured
    } else if sigma <= configuration.unknownAngleSigmaRadians
      && (time.seconds(since: lastDirectionTime) <= configuration.maximumCoastSeconds || coastsAsStill(range: range))
    {
      state = .predicted
    } else {
      state = .unknown
    }
    return DirectionEstimate(direction: state == .unknown ? nil : u, angleSigmaRadians: sigma, state: state)
  }

  /// The angular sigma across the ray at `range = |p|`, radians: the mean
  /// variance across the ray, `(tr(Ppp) - uᵀ Ppp u) / 2`, over `range²`
  /// (both invariant under rotation, so either frame gives it). Takes the
  /// storage the caller has, as each `backend.storage` is a call.
  @inline(__always)
  private static func angleSigma(range: Double, _ s: KalmanStorage) -> Double {
    let u = Direction(x: s.x[0] / range, y: s.x[1] / range, z: s.x[2] / range)
    var trace = 0.0, along = 0.0
    for i in 0..<3 {
      trace += s.P[i * 6 + i]
      for j in 0..<3 { along += u[i] * s.P[i * 6 + j] * u[j] }
    }
    return (max(0, trace - along) / 2).squareRoot() / range
  }

  // MARK: - Steps

  var predictedRange: Double {
    let x = backend.storage.x
    return (x[0] * x[0] + x[1] * x[1] + x[2] * x[2]).squareRoot()
  }

  /// The direction a track starts from and, for an azimuth alone, its
  /// angular sigma: a measured direction (its sigma is the measurement's:
  /// nil), or else an azimuth alone (Qorvo kits, Android without elevation,
  /// Nearby Interaction's horizontalAngle) at elevation 0 with
  /// ``azimuthOnlyStartSigmaRadians``; nil with neither.
  private func startingDirection(of update: RangingUpdate) -> (Direction, Double?)? {
    if let u = update.direction { return (u.normalized, nil) }
    guard let azimuth = update.horizontalAngleRadians else { return nil }
    // atan2(x, -z) = azimuth at elevation 0 (FieldOfView.azimuth).
    return (FieldOfView.direction(azimuth: azimuth), Self.azimuthOnlyStartSigmaRadians)
  }

  /// The angular sigma of a track started from an azimuth alone: 30°, for
  /// the elevation it does not measure (the phone's field of view spans
  /// ±45° of it); later azimuths narrow the horizontal part.
  static var azimuthOnlyStartSigmaRadians: Double { 30 * Double.pi / 180 }

  private func start(distance d: Double, direction u: Direction, time: Timestamp, angleSigma sigma: Double? = nil) {
    let s = backend.storage
    let n = Self.stateCount
    let w = tracked(u)
    for i in 0..<(n * n) { s.P[i] = 0 }
    s.x[0] = d * w.x; s.x[1] = d * w.y; s.x[2] = d * w.z
    s.x[3] = 0; s.x[4] = 0; s.x[5] = 0
    writePositionNoise(distance: d, direction: w, angleSigma: sigma ?? angleSigma(for: u), into: s.P, stride: n)
    hasMeasuredElevation = sigma == nil
    let v2 = configuration.initialVelocitySigmaMetersPerSecond * configuration.initialVelocitySigmaMetersPerSecond
    for i in 3..<6 { s.P[i * n + i] = v2 }
    lastTime = time
    lastDirectionTime = time
    lastDirectionPosition = (s.x[0], s.x[1], s.x[2])
    stillness.restart(at: lastDirectionPosition, time: time)
    consecutiveRejections = 0
    isInitialized = true
  }

  private func predict(to time: Timestamp) {
    let dt = time.seconds(since: lastTime)
    lastTime = time
    guard dt > 0 else { return }
    let s = backend.storage
    let n = Self.stateCount
    // Only the entries below are ever non-zero; the rest stay as the storage
    // was allocated (zero), since no backend writes F or Q.
    let model = motionModel(dt: dt)
    for axis in 0..<3 {
      let p = axis, v = axis + 3
      // F = [I τ(1-a)·I; 0 a·I], Q per axis (VelocityDecayModel)
      s.F[p * n + p] = 1; s.F[v * n + v] = model.velocityKept; s.F[p * n + v] = model.positionPerVelocity
      s.Q[p * n + p] = model.positionVariance
      s.Q[p * n + v] = model.positionVelocityCovariance
      s.Q[v * n + p] = model.positionVelocityCovariance
      s.Q[v * n + v] = model.velocityVariance
    }
    _ = backend.predict()
  }

  /// The angle sigma of a phone-frame direction measurement: suspect outside the cone.
  private func angleSigma(for u: Direction) -> Double {
    let inside = configuration.fieldOfView.contains(x: u.x, y: u.y, z: u.z)
    return configuration.angleSigmaRadians * (inside ? 1 : configuration.suspectDirectionFactor)
  }

  /// `R = σr² u uᵀ + (d σθ)² (I - u uᵀ)` into a 3 x 3 block with row stride `stride`.
  private func writePositionNoise(
    distance d: Double, direction u: Direction, angleSigma: Double, into m: UnsafeMutablePointer<Double>, stride: Int
  ) {
    let along = configuration.rangeSigmaMeters * configuration.rangeSigmaMeters
    let across = (d * angleSigma) * (d * angleSigma)
    for i in 0..<3 {
      for j in 0..<3 {
        let uu = u[i] * u[j]
        m[i * stride + j] = along * uu + across * ((i == j ? 1 : 0) - uu)
      }
    }
  }

  /// Position update from a distance (or the predicted one, with a loose
  /// along-ray sigma, when only a direction came) and a phone-frame
  /// direction, fused as `d M u` with `M R Mᵀ` (the same `R` about `M u`).
  private func fusePosition(distance d: Double, direction u: Direction, rangeMeasured: Bool) -> Bool {
    let s = backend.storage
    let n = Self.stateCount
    let w = tracked(u)
    for i in 0..<(3 * n) { s.H[i] = 0 }
    for i in 0..<3 { s.H[i * n + i] = 1 }
    s.z[0] = d * w.x; s.z[1] = d * w.y; s.z[2] = d * w.z
    writePositionNoise(distance: d, direction: w, angleSigma: angleSigma(for: u), into: s.R, stride: 3)
    if !rangeMeasured {
      // Direction without distance: the range along the ray is the filter's own.
      let loose = 100.0 - configuration.rangeSigmaMeters * configuration.rangeSigmaMeters
      for i in 0..<3 { for j in 0..<3 { s.R[i * 3 + j] += loose * w[i] * w[j] } }
    }
    return fuse(measurementCount: 3, linear: true)
  }

  /// Range-only EKF update: `y = d - |p|`, `H = [pᵀ/|p|, 0, 0, 0]`.
  private func fuseRange(_ d: Double) {
    let s = backend.storage
    let range = predictedRange
    guard range > 0 else { return }
    for j in 0..<Self.stateCount { s.H[j] = j < 3 ? s.x[j] / range : 0 }
    s.y[0] = d - range
    s.R[0] = configuration.rangeSigmaMeters * configuration.rangeSigmaMeters
    _ = fuse(measurementCount: 1, linear: false)
  }

  /// Azimuth EKF update: `h = atan2(px, -pz)` (phone frame); with `a = px`,
  /// `b = -pz`, `∂h/∂px = b / (a² + b²)`, `∂h/∂pz = a / (a² + b²)`.
  @discardableResult
  private func fuseAzimuth(_ azimuth: Double, sigma: Double) -> Bool {
    let s = backend.storage
    let p = phonePosition(s)
    let a = p.x, b = -p.z
    let r2 = a * a + b * b
    guard r2 > 0 else { return false }
    for j in 0..<Self.stateCount { s.H[j] = 0 }
    s.H[0] = b / r2
    s.H[2] = a / r2
    jacobianToTrackedFrame()
    s.y[0] = Self.wrapped(azimuth - FieldOfView.azimuth(x: a, z: p.z))
    s.R[0] = sigma * sigma
    return fuse(measurementCount: 1, linear: false)
  }

  /// Elevation EKF update: `h = atan2(py, ρ)` (phone frame), `ρ = sqrt(px² + pz²)`, `r² = ρ² + py²`;
  /// `∂h/∂py = ρ / r²`, `∂h/∂px = -py px / (ρ r²)`, `∂h/∂pz = -py pz / (ρ r²)`.
  private func fuseElevation(_ elevation: Double, sigma: Double) {
    let s = backend.storage
    let (px, py, pz) = phonePosition(s)
    let rho = (px * px + pz * pz).squareRoot()
    let r2 = rho * rho + py * py
    guard rho > 0 else { return }
    for j in 0..<Self.stateCount { s.H[j] = 0 }
    s.H[0] = -py * px / (rho * r2)
    s.H[1] = rho / r2
    s.H[2] = -py * pz / (rho * r2)
    jacobianToTrackedFrame()
    s.y[0] = elevation - FieldOfView.elevation(x: px, y: py, z: pz)
    s.R[0] = sigma * sigma
    _ = fuse(measurementCount: 1, linear: false)
  }

  /// No direction came although the estimate lies inside the cone: the
  /// object is more likely just outside it. The nearest edge (in whichever of
  /// azimuth and elevation has the smaller margin) becomes a measurement.
  ///
  /// Not with a pose: the phone's turns are then in the prediction already,
  /// and a phone that did not turn is evidence that the object did not
  /// leave the view either, so a direction missing while the estimate is
  /// inside is a dropout (a body in the way, a weak signal) and only the
  /// object's own predicted motion takes the estimate out. On a still
  /// object whose direction stops, the edge moved the estimate 23° in
  /// 0.2 s; without it the error stays under 0.1° until the sigma makes the
  /// direction `unknown`, and an object stepping out of the cone on its own
  /// is followed as closely (Tuning.md, "Direction: pose").
  private func applyFieldOfViewEvidence() {
    guard !isWorldFrame else { return }
    let fov = configuration.fieldOfView
    let (px, py, pz) = position
    guard fov.contains(x: px, y: py, z: pz) else { return }
    let azimuth = FieldOfView.azimuth(x: px, z: pz)
    let elevation = FieldOfView.elevation(x: px, y: py, z: pz)
    let sigma = configuration.fieldOfViewEdgeSigmaRadians
    if fov.azimuthLimitRadians - abs(azimuth) <= fov.elevationLimitRadians - abs(elevation) {
      fuseAzimuth(azimuth < 0 ? -fov.azimuthLimitRadians : fov.azimuthLimitRadians, sigma: sigma)
    } else {
      fuseElevation(elevation < 0 ? -fov.elevationLimitRadians : fov.elevationLimitRadians, sigma: sigma)
    }
  }

  private func applyVertical(_ vertical: VerticalEstimate) {
    let height = position.y
    let sigma = configuration.verticalSameSigmaRadians
    switch vertical {
    case .same: fuseElevation(0, sigma: sigma)
    // Inequalities: act only when the estimate is on the wrong side of level.
    case .above where height < 0, .below where height > 0: fuseElevation(0, sigma: sigma)
    default: break
    }
  }

  /// innovate, gate on yᵀS⁻¹y <= gate², correct. Returns whether it fused.
  /// A still object whose measurement contradicts its stillness moves
  /// again: the covariance gets the walking process noise, and the
  /// innovation is computed again with it (`DirectionFilter+Stillness.swift`).
  private func fuse(measurementCount k: Int, linear: Bool) -> Bool {
    let gate = configuration.gateSigmas
    var innovation = backend.innovate(measurementCount: k, linear: linear)
    if stillness.isStill, case .success(let squaredDistance) = innovation,
      squaredDistance > Self.stillnessGate(measurementCount: k)
    {
      leaveStillness()
      innovation = backend.innovate(measurementCount: k, linear: linear)
    }
    guard case .success(let squaredDistance) = innovation, squaredDistance <= gate * gate
    else {
      consecutiveRejections += 1
      return false
    }
    consecutiveRejections = 0
    if case .failure = backend.correct(measurementCount: k) { return false }
    return true
  }

  /// An angle wrapped to (-π, π].
  static func wrapped(_ angle: Double) -> Double {
    var a = angle
    while a > .pi { a -= 2 * .pi }
    while a <= -.pi { a += 2 * .pi }
    return a
  }
}
