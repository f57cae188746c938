// SPDX-License-Identifier: Apache-2.0
#if GSL
internal import CGSL

/// The distance filter's constant-velocity step for many objects at once,
/// through GSL: one GSL vector call per operation for all objects (lanes),
/// over structure-of-arrays storage, where ``GSLKalmanBackend`` makes a
/// series of BLAS calls on 2 x 2 matrices per object and pays gslcblas' call
/// setup each time (issue 38; docs/PERFORMANCE.md).
///
/// Each lane gets the bits
/// ``GSLKalmanBackend/constantVelocityStep(dt:accelerationSpectralDensity:measurement:constrain:accept:)``
/// gives that object, for finite values: the element-wise operations are
/// the products and sums gslcblas forms in those calls, in the same order
/// (`cblas/source_gemm_r.h`, `source_gemv_r.h`, `source_ger.h`,
/// `source_axpy_r.h` in GSL's sources), with three exact rewritings only:
/// a product by an exact 1 is the value itself; a product by an exact 0
/// added to a sum is left out, because the sum is never -0 (it starts at
/// +0, and in round-to-nearest only -0 + -0 is -0), so adding ±0 changes
/// no bit; and dgemm's skipping of a zero factor is the same left-out term.
/// `0 + v` is kept wherever gslcblas forms it: it turns -0 into +0. Those
/// rewritings hold for finite values; with an infinity, where gslcblas
/// would form `0 · ∞ = NaN`, a lane may differ (the filter never holds
/// one). `BatchedConstantVelocityTests` checks the bits against the
/// per-object step on random and hostile lanes.
///
/// A step (``step(count:constrain:accept:)``) is three calls, with the
/// filter's own decisions between them made per lane, as the per-object
/// step makes them through its closures:
///
/// 1. ``predict(count:)`` from each lane's `dt` and Q
///    (``setStep(lane:dt:accelerationSpectralDensity:)``); then the
///    constraint on each lane's `x0, x1`;
/// 2. ``innovate(count:)`` from `z` and `r` (R), which leaves the
///    innovation `y` and its variance `s`; ``accepted`` set per lane (false
///    where `s` is not positive: the per-object step's numerical failure);
/// 3. ``correct(count:)``; then the constraint on each accepted lane.
///
/// Does not allocate after `init`. Not thread-safe; one batch per thread.
/// Reached through `@_spi(Benchmarking)` until the replay uses it.
@_spi(Benchmarking)
public final class GSLConstantVelocityBatch {
  /// The most lanes a call may cover.
  public let capacity: Int
  /// The state per lane: `x = [x0, x1]`, row-major `P = [p00 p01; p10 p11]`.
  public let x0, x1, p00, p01, p10, p11: UnsafeMutablePointer<Double>
  /// The inputs of ``predict(count:)``: the step in seconds (a lane with
  /// `dt <= 0` is not predicted, as in the per-object step) and Q's entries.
  public let dt, q00, q01, q11: UnsafeMutablePointer<Double>
  /// The inputs of ``innovate(count:)``: the measurement and its variance R.
  public let z, r: UnsafeMutablePointer<Double>
  /// The outputs of ``innovate(count:)``: `y = z - x0` and `s = p00 + r`.
  public let y, s: UnsafeMutablePointer<Double>
  /// The input of ``correct(count:)``: which lanes fuse their measurement.
  public let accepted: UnsafeMutablePointer<Bool>

  /// Scratch vectors, one lane each: the gain, the non-constant entries
  /// of `I - K H`, `r K`, and a product on its way into a sum.
  private let k0, k1, a00, a10, rk0, rk1, t: UnsafeMutablePointer<Double>
  /// The lanes a call leaves as they were (not predicted, not accepted, or
  /// with an innovation of exactly 0, where daxpy leaves x): their index,
  /// whether all of the state or only x is kept, and the kept values, six
  /// per lane. The vector calls run over every lane in place, and these
  /// few lanes are put back after them.
  private let keptLanes: UnsafeMutablePointer<Int>
  private let keptWhole: UnsafeMutablePointer<Bool>
  private let kept: UnsafeMutablePointer<Double>
  private var keptCount = 0
  private let base: UnsafeMutablePointer<Double>

  /// The number of lane vectors in the one buffer: state 6, inputs and
  /// innovation 8, scratch 7, kept values 6.
  private static let vectorCount = 27

  public init(capacity: Int) {
    precondition(capacity >= 1, "GSLConstantVelocityBatch: capacity must be at least 1")
    gslDisableAbortOnError()
    self.capacity = capacity
    let buffer = UnsafeMutablePointer<Double>.allocate(capacity: Self.vectorCount * capacity)
    buffer.initialize(repeating: 0, count: Self.vectorCount * capacity)
    base = buffer
    var next = buffer
    func take(_ vectors: Int = 1) -> UnsafeMutablePointer<Double> {
      defer { next += vectors * capacity }
      return next
    }
    x0 = take(); x1 = take(); p00 = take(); p01 = take(); p10 = take(); p11 = take()
    dt = take(); q00 = take(); q01 = take(); q11 = take(); z = take(); r = take(); y = take(); s = take()
    k0 = take(); k1 = take(); a00 = take(); a10 = take(); rk0 = take(); rk1 = take(); t = take()
    kept = take(6)
    precondition(next == buffer + Self.vectorCount * capacity, "GSLConstantVelocityBatch: layout does not match its size")
    accepted = UnsafeMutablePointer<Bool>.allocate(capacity: capacity)
    accepted.initialize(repeating: false, count: capacity)
    keptLanes = UnsafeMutablePointer<Int>.allocate(capacity: capacity)
    keptLanes.initialize(repeating: 0, count: capacity)
    keptWhole = UnsafeMutablePointer<Bool>.allocate(capacity: capacity)
    keptWhole.initialize(repeating: false, count: capacity)
    outcomes = UnsafeMutablePointer<ConstantVelocityStepOutcome.Measurement>.allocate(capacity: capacity)
    outcomes.initialize(repeating: .rejected, count: capacity)
  }

  deinit {
    base.deallocate()
    accepted.deallocate()
    keptLanes.deallocate()
    keptWhole.deallocate()
    outcomes.deallocate()
  }

  /// What the last ``step(count:constrain:accept:)`` did with each lane's measurement.
  public let outcomes: UnsafeMutablePointer<ConstantVelocityStepOutcome.Measurement>

  /// Writes lane `i`'s step: `dt` and Q of ``ConstantVelocityModel``.
  @inlinable @inline(__always)
  public func setStep(lane i: Int, dt: Double, accelerationSpectralDensity q: Double) {
    let model = ConstantVelocityModel(dt: dt, accelerationSpectralDensity: q)
    self.dt[i] = dt
    q00[i] = model.q00; q01[i] = model.q01; q11[i] = model.q11
  }

  /// One constant-velocity step of the first `count` lanes, from each
  /// lane's step (``setStep(lane:dt:accelerationSpectralDensity:)``),
  /// measurement `z` and variance `r`: what
  /// ``GSLKalmanBackend/constantVelocityStep(dt:accelerationSpectralDensity:measurement:constrain:accept:)``
  /// does for one object, with its closures called per lane (`accept`
  /// only where the innovation variance is positive, and told the lane).
  /// Each lane's outcome is left in ``outcomes``.
  @inlinable
  public func step(
    count: Int, constrain: (_ distance: inout Double, _ rate: inout Double) -> Void,
    accept: (_ lane: Int, _ innovation: Double, _ innovationVariance: Double) -> Bool
  ) -> Result<Void, LinearAlgebraError> {
    var status = predict(count: count)
    for i in 0..<count { constrain(&x0[i], &x1[i]) }
    status = status.flatMap { innovate(count: count) }
    for i in 0..<count {
      // Written so that NaN fails, as in the per-object step.
      let variance = s[i]
      let fused = variance > 0 && accept(i, y[i], variance)
      accepted[i] = fused
      outcomes[i] = fused ? .fused : variance > 0 ? .rejected : .numericalFailure
    }
    status = status.flatMap { correct(count: count) }
    for i in 0..<count where accepted[i] { constrain(&x0[i], &x1[i]) }
    return status
  }

  /// Copies a per-object filter's state into `lane`.
  public func load(lane i: Int, from storage: KalmanStorage) {
    precondition(storage.stateCount == 2 && i >= 0 && i < capacity, "GSLConstantVelocityBatch.load: two states, a lane in range")
    x0[i] = storage.x[0]; x1[i] = storage.x[1]
    p00[i] = storage.P[0]; p01[i] = storage.P[1]; p10[i] = storage.P[2]; p11[i] = storage.P[3]
    r[i] = storage.R[0]
  }

  /// Copies `lane`'s state into a per-object filter's storage.
  public func store(lane i: Int, into storage: KalmanStorage) {
    precondition(storage.stateCount == 2 && i >= 0 && i < capacity, "GSLConstantVelocityBatch.store: two states, a lane in range")
    storage.x[0] = x0[i]; storage.x[1] = x1[i]
    storage.P[0] = p00[i]; storage.P[1] = p01[i]; storage.P[2] = p10[i]; storage.P[3] = p11[i]
  }

  /// `x = F x`, `P = F P Fᵀ + Q`, then P made symmetric, for the first
  /// `count` lanes with `dt > 0` (F and Q of ``ConstantVelocityModel``):
  /// ``GSLKalmanBackend/predict()``'s `dgemv`, two `dgemm` and mean.
  public func predict(count: Int) -> Result<Void, LinearAlgebraError> {
    guard count > 0 else { return .success(()) }
    precondition(count <= capacity, "GSLConstantVelocityBatch.predict: more lanes than the capacity")
    keptCount = 0
    for i in 0..<count where !(dt[i] > 0) { keep(lane: i, whole: true) }
    let v = VectorCalls(count: count)
    // A = F P (dgemm, beta 0), in P: A0j = (0 + P0j) + dt P1j; A1j = 0 + P1j (F10 = 0 is skipped).
    var status = v.copy(p10, to: t).flatMap { v.multiply(t, by: dt) }.flatMap { v.addConstant(0, to: p00) }.flatMap { v.add(t, to: p00) }
      .flatMap { v.copy(p11, to: t) }.flatMap { v.multiply(t, by: dt) }.flatMap { v.addConstant(0, to: p01) }.flatMap { v.add(t, to: p01) }
      .flatMap { v.addConstant(0, to: p10) }.flatMap { v.addConstant(0, to: p11) }
    // P = A Fᵀ + Q (dgemm, beta 1): Pij = Qij + ((0 + Ai0 Fj0) + Ai1 Fj1). A00, A01 and A10 are never
    // -0 (each is +0 plus something), so with F's 1s and 0s: P00 = q00 + (A00 + A01 dt),
    // P01 = q01 + A01, P10 = q01 + (A10 + A11 dt), P11 = q11 + A11.
    status = status.flatMap { v.copy(p01, to: t) }.flatMap { v.multiply(t, by: dt) }.flatMap { v.add(t, to: p00) }
      .flatMap { v.add(q00, to: p00) }.flatMap { v.add(q01, to: p01) }
      .flatMap { v.copy(p11, to: t) }.flatMap { v.multiply(t, by: dt) }.flatMap { v.add(t, to: p10) }.flatMap { v.add(q01, to: p10) }
      .flatMap { v.add(q11, to: p11) }
      // P = (P + Pᵀ) / 2 (KalmanStorage.symmetrizeCovariance)
      .flatMap { v.add(p10, to: p01) }.flatMap { v.scale(p01, by: 0.5) }.flatMap { v.copy(p01, to: p10) }
    // x = F x (dgemv, beta 0): x0 = (0 + x0) + x1 dt, x1 = 0 + ((0 + x0 · 0) + x1) = 0 + x1.
    status = status.flatMap { v.copy(x1, to: t) }.flatMap { v.multiply(t, by: dt) }.flatMap { v.addConstant(0, to: x0) }
      .flatMap { v.add(t, to: x0) }.flatMap { v.addConstant(0, to: x1) }
    restoreKept()
    return status
  }

  /// `y = z - x0` and `s = p00 + r` for the first `count` lanes: with
  /// H = [1 0] the innovation and its variance are these scalars, as in the
  /// per-object step.
  public func innovate(count: Int) -> Result<Void, LinearAlgebraError> {
    guard count > 0 else { return .success(()) }
    precondition(count <= capacity, "GSLConstantVelocityBatch.innovate: more lanes than the capacity")
    let v = VectorCalls(count: count)
    return v.copy(z, to: y).flatMap { v.subtract(x0, from: y) }
      .flatMap { v.copy(p00, to: s) }.flatMap { v.add(r, to: s) }
  }

  /// The measurement update of the first `count` lanes that are
  /// ``accepted``, from ``innovate(count:)``'s `y` and `s`: `K = P Hᵀ / s`,
  /// `x = x + K y`, the Joseph form `P = (I - K H) P (I - K H)ᵀ + K r Kᵀ`
  /// (Bar-Shalom et al. 2001, eq. 5.2.3-18), then P made symmetric; the
  /// per-object step's `daxpy`, `dger`, two `dgemm`, `dger` and mean.
  public func correct(count: Int) -> Result<Void, LinearAlgebraError> {
    guard count > 0 else { return .success(()) }
    precondition(count <= capacity, "GSLConstantVelocityBatch.correct: more lanes than the capacity")
    keptCount = 0
    for i in 0..<count {
      // daxpy returns at once when its factor y is 0, leaving x (and a -0 in it) as it was.
      if !accepted[i] { keep(lane: i, whole: true) } else if y[i] == 0 { keep(lane: i, whole: false) }
    }
    let v = VectorCalls(count: count)
    // K = P Hᵀ / S
    var status = v.copy(p00, to: k0).flatMap { v.divide(k0, by: s) }.flatMap { v.copy(p10, to: k1) }.flatMap { v.divide(k1, by: s) }
    // x = x + y K (daxpy)
    status = status.flatMap { v.copy(k0, to: t) }.flatMap { v.multiply(t, by: y) }.flatMap { v.add(t, to: x0) }
      .flatMap { v.copy(k1, to: t) }.flatMap { v.multiply(t, by: y) }.flatMap { v.add(t, to: x1) }
    // A = I - K H (dger on the identity, alpha -1): A00 = 1 + (-K0), A10 = 0 + (-K1);
    // A01 = 0 + 0 · (-K0) = +0 and A11 = 1 + 0 · (-K1) = 1.
    status = status.flatMap { v.copy(k0, to: a00) }.flatMap { v.scale(a00, by: -1) }.flatMap { v.addConstant(1, to: a00) }
      .flatMap { v.copy(k1, to: a10) }.flatMap { v.scale(a10, by: -1) }.flatMap { v.addConstant(0, to: a10) }
    // B = A P (dgemm, beta 0), in P: B0j = 0 + A00 P0j; B1j = (0 + A10 P0j) + P1j (A01 = +0 is
    // skipped). Row 1 first, while row 0 is still P's.
    status = status.flatMap { v.copy(p00, to: t) }.flatMap { v.multiply(t, by: a10) }.flatMap { v.addConstant(0, to: t) }
      .flatMap { v.add(t, to: p10) }
      .flatMap { v.copy(p01, to: t) }.flatMap { v.multiply(t, by: a10) }.flatMap { v.addConstant(0, to: t) }.flatMap { v.add(t, to: p11) }
      .flatMap { v.multiply(p00, by: a00) }.flatMap { v.addConstant(0, to: p00) }
      .flatMap { v.multiply(p01, by: a00) }.flatMap { v.addConstant(0, to: p01) }
    // P = B Aᵀ (dgemm, beta 0): Pij = 0 + ((0 + Bi0 Aj0) + Bi1 Aj1); with A01 = +0 and A11 = 1:
    // P01 = (0 + B00 A10) + B01, P00 = 0 + B00 A00, P11 = (0 + B10 A10) + B11, P10 = 0 + B10 A00
    // (in that order, each Bi0 used before it is replaced).
    status = status.flatMap { v.copy(p00, to: t) }.flatMap { v.multiply(t, by: a10) }.flatMap { v.addConstant(0, to: t) }
      .flatMap { v.add(t, to: p01) }
      .flatMap { v.multiply(p00, by: a00) }.flatMap { v.addConstant(0, to: p00) }
      .flatMap { v.copy(p10, to: t) }.flatMap { v.multiply(t, by: a10) }.flatMap { v.addConstant(0, to: t) }.flatMap { v.add(t, to: p11) }
      .flatMap { v.multiply(p10, by: a00) }.flatMap { v.addConstant(0, to: p10) }
    // P = P + K (r K)ᵀ (dger, alpha r): Pij += Kj (r Ki).
    status = status.flatMap { v.copy(k0, to: rk0) }.flatMap { v.multiply(rk0, by: r) }
      .flatMap { v.copy(k1, to: rk1) }.flatMap { v.multiply(rk1, by: r) }
      .flatMap { v.copy(k0, to: t) }.flatMap { v.multiply(t, by: rk0) }.flatMap { v.add(t, to: p00) }
      .flatMap { v.copy(k1, to: t) }.flatMap { v.multiply(t, by: rk0) }.flatMap { v.add(t, to: p01) }
      .flatMap { v.multiply(k0, by: rk1) }.flatMap { v.add(k0, to: p10) }
      .flatMap { v.multiply(k1, by: rk1) }.flatMap { v.add(k1, to: p11) }
      // P = (P + Pᵀ) / 2
      .flatMap { v.add(p10, to: p01) }.flatMap { v.scale(p01, by: 0.5) }.flatMap { v.copy(p01, to: p10) }
    restoreKept()
    return status
  }

  /// Keeps lane `i`'s state (or only its x) to be put back by ``restoreKept()``.
  @inline(__always)
  private func keep(lane i: Int, whole: Bool) {
    let k = keptCount
    keptLanes[k] = i
    keptWhole[k] = whole
    let values = kept + 6 * k
    values[0] = x0[i]; values[1] = x1[i]
    values[2] = p00[i]; values[3] = p01[i]; values[4] = p10[i]; values[5] = p11[i]
    keptCount = k + 1
  }

  /// Puts back what ``keep(lane:whole:)`` kept since the call began.
  private func restoreKept() {
    for k in 0..<keptCount {
      let i = keptLanes[k]
      let values = kept + 6 * k
      x0[i] = values[0]; x1[i] = values[1]
      if keptWhole[k] {
        p00[i] = values[2]; p01[i] = values[3]; p10[i] = values[4]; p11[i] = values[5]
      }
    }
    keptCount = 0
  }
}
#endif
