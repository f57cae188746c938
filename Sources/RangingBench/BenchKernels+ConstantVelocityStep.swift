// SPDX-License-Identifier: Apache-2.0
@_spi(Benchmarking) import RangingEngine

/// The distance filter's constant-velocity step alone, without the filter's
/// rules around it, for many objects: per object on each backend (one
/// backend per object, stepped in turn, as a replay steps them).
/// Every object follows the walk of ``BenchKernels/distances`` from its own
/// phase; the constraint is the distance filter's `d >= 0`, and a
/// measurement is fused when its innovation is within 5 standard deviations.
extension BenchKernels {
  /// Objects per round of the per-object rows.
  package static let stepObjects = 1000

  package static func constrainDistance(_ d: inout Double, _: inout Double) { if d < 0 { d = 0 } }

  package static func withinGate(_ y: Double, _ s: Double) -> Bool { y * y < 25 * s }

  /// The measurement of object `object` at step `i`, and the step's length in seconds.
  /// (The tables are passed in: read through the lazily made statics, every update
  /// would pay their initialisation check.)
  @inline(__always)
  package static func stepInput(object: Int, step i: Int, _ walk: [Double], _ arrivals: [Int64]) -> (z: Double, dt: Double) {
    (walk[(i &+ 4 &* object) & mask], time(i, arrivals).seconds(since: time(i - 1, arrivals)))
  }

  /// `stepObjects` backends, each started at its object's first distance with the configured R.
  package static func perObjectBackends<B: KalmanBackend>(_: B.Type) -> [B] {
    let sigma = configuration.measurementSigmaMeters
    return (0..<stepObjects).map { object in
      let backend = B(stateCount: 2, measurementCapacity: 1)
      let s = backend.storage
      s.x[0] = distances[(4 * object) & mask]
      s.P[0] = sigma * sigma; s.P[3] = 1
      s.R[0] = sigma * sigma
      return backend
    }
  }

  /// Steps `backends` through steps `range` (one step per object per step).
  /// Returns how many measurements were fused.
  package static func stepPerObject<B: KalmanBackend>(_ backends: [B], steps range: Range<Int>, _ arrivals: [Int64]) -> Int {
    let q = configuration.accelerationSpectralDensity
    let walk = distances
    var fused = 0
    for i in range {
      for (object, backend) in backends.enumerated() {
        let input = stepInput(object: object, step: i, walk, arrivals)
        let outcome = backend.constantVelocityStep(
          dt: input.dt, accelerationSpectralDensity: q, measurement: input.z, constrain: constrainDistance,
          accept: withinGate)
        if case .fused = outcome.measurement { fused += 1 }
      }
    }
    return fused
  }

  /// The per-object step on backend `B`, `stepObjects` objects in turn.
  static func perObjectStep<B: KalmanBackend>(_: B.Type, name: String, limit: Double) -> BenchResult {
    let arrivals = Self.arrivals  // one lookup of the lazily made table, not one per update
    let backends = perObjectBackends(B.self)
    return timedSteps(name: name, limit: limit) { stepPerObject(backends, steps: $0..<($0 + 1), arrivals) }
  }

  /// Times `step` (step `i` of every object; returns how many measurements
  /// it fused) from step 1 on, as ``best(_:)`` times a chunk; every
  /// measurement of the walk must have been fused.
  package static func timedSteps(name: String, limit: Double, _ step: (Int) -> Int) -> BenchResult {
    var next = 1
    var fused = 0
    let rate = best {
      fused += step(next)
      next += 1
      return stepObjects
    }
    precondition(fused == (next - 1) * stepObjects, "bench: \(name) rejected measurements of the walk")
    return BenchResult(name: name, perSecond: rate, unit: "updates", ofLimit: rate / limit)
  }
}
