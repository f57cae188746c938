// SPDX-License-Identifier: Apache-2.0
import Benchmark
@_spi(Benchmarking) import RangingEngine

/// The distance filter's constant-velocity step alone for 1,000 objects:
/// per object on each backend, one backend each stepped in turn, and through
/// GSL for all of them per call (``GSLConstantVelocityBatch``, issue 38).
/// Each object follows ``RangeSignal``'s walk from its own phase; the
/// constraint is `d >= 0` and a measurement is fused within 5 standard
/// deviations. An iteration is one update (`scaledIterations` of them, in
/// steps of every object), so the figures compare per update.
func registerConstantVelocityBatchBenchmarks() {
  let swiftWalk = PerObjectWalk(SwiftKalmanBackend.self), gslWalk = PerObjectWalk(GSLKalmanBackend.self)
  let batchWalk = BatchWalk()
  Benchmark("constantVelocityStep(1000-objects,swift)") { benchmark in swiftWalk.run(benchmark) }
  Benchmark("constantVelocityStep(1000-objects,gsl)") { benchmark in gslWalk.run(benchmark) }
  Benchmark("GSLConstantVelocityBatch.step(1000-objects)") { benchmark in batchWalk.run(benchmark) }
}

private let objects = 1000

private func constrainDistance(_ d: inout Double, _: inout Double) { if d < 0 { d = 0 } }

private func withinGate(_ y: Double, _ s: Double) -> Bool { y * y < 25 * s }

/// Object `object`'s measurement at step `i`, and the step's length, seconds.
@inline(__always)
private func input(_ signal: RangeSignal, object: Int, step i: Int) -> (z: Double, dt: Double) {
  (signal.distances[(i &+ 4 &* object) & RangeSignal.mask], signal.time(i).seconds(since: signal.time(i - 1)))
}

private func backends<B: KalmanBackend>(_: B.Type, _ signal: RangeSignal) -> [B] {
  let variance = signal.configuration.measurementSigmaMeters * signal.configuration.measurementSigmaMeters
  return (0..<objects).map { object in
    let backend = B(stateCount: 2, measurementCapacity: 1)
    backend.storage.x[0] = signal.distances[(4 * object) & RangeSignal.mask]
    backend.storage.P[0] = variance; backend.storage.P[3] = 1
    backend.storage.R[0] = variance
    return backend
  }
}

/// Steps `steps` of every object on its own backend; the fused count.
private func runPerObject<B: KalmanBackend>(_ filters: [B], steps: Range<Int>, _ signal: RangeSignal) -> Int {
  let q = signal.configuration.accelerationSpectralDensity
  var fused = 0
  for i in steps {
    for (object, backend) in filters.enumerated() {
      let (z, dt) = input(signal, object: object, step: i)
      let outcome = backend.constantVelocityStep(
        dt: dt, accelerationSpectralDensity: q, measurement: z, constrain: constrainDistance, accept: withinGate)
      if case .fused = outcome.measurement { fused += 1 }
    }
  }
  return fused
}

/// 1,000 objects on backends of their own, stepped on from one sample to
/// the next: a sample times warm state, as in a replay's steady state (fresh
/// objects each sample would time cold caches).
private final class PerObjectWalk<B: KalmanBackend>: @unchecked Sendable {
  let filters: [B]
  var next = 1

  init(_: B.Type) { filters = backends(B.self, RangeSignal.shared) }

  func run(_ benchmark: Benchmark) {
    let signal = RangeSignal.shared
    let steps = max(1, benchmark.scaledIterations.count / objects)
    benchmark.startMeasurement()
    let fused = runPerObject(filters, steps: next..<(next + steps), signal)
    benchmark.stopMeasurement()
    blackHole(fused)
    next += steps
    precondition(fused == steps * objects, "constantVelocityStep(\(B.self)): \(fused) of \(steps * objects) fused")
  }
}

/// The same 1,000 objects as lanes of one batch, stepped on from one sample
/// to the next, beside backends of their own stepped likewise (not timed)
/// for the first samples: after each of those every lane must hold its
/// backend's bits. Later samples leave the backends, whose 1,000 storages
/// would push the lanes out of the cache between samples.
private final class BatchWalk: @unchecked Sendable {
  let batch = GSLConstantVelocityBatch(capacity: objects)
  let reference = backends(GSLKalmanBackend.self, RangeSignal.shared)
  let probe = GSLKalmanBackend(stateCount: 2, measurementCapacity: 1)
  var next = 1
  /// The steps after which the lanes are compared with the backends.
  static let checkedSteps = 20

  init() {
    for (lane, backend) in reference.enumerated() { batch.load(lane: lane, from: backend.storage) }
  }

  func run(_ benchmark: Benchmark) {
    let signal = RangeSignal.shared
    let steps = max(1, benchmark.scaledIterations.count / objects)
    let q = signal.configuration.accelerationSpectralDensity
    var fused = 0
    benchmark.startMeasurement()
    for i in next..<(next + steps) {
      for lane in 0..<objects {
        let (z, dt) = input(signal, object: lane, step: i)
        batch.setStep(lane: lane, dt: dt, accelerationSpectralDensity: q)
        batch.z[lane] = z
      }
      let status = batch.step(count: objects, constrain: constrainDistance) { withinGate($1, $2) }
      if case .failure = status { fatalError("GSLConstantVelocityBatch.step: \(status)") }
      for lane in 0..<objects where batch.outcomes[lane] == .fused { fused += 1 }
    }
    benchmark.stopMeasurement()
    blackHole(fused)
    defer { next += steps }
    guard next <= Self.checkedSteps else {
      precondition(fused == steps * objects, "GSLConstantVelocityBatch.step: \(fused) of \(steps * objects) fused")
      return
    }
    let expected = runPerObject(reference, steps: next..<(next + steps), signal)
    for (lane, backend) in reference.enumerated() {
      batch.store(lane: lane, into: probe.storage)
      precondition(
        (0..<2).allSatisfy { probe.storage.x[$0].bitPattern == backend.storage.x[$0].bitPattern }
          && (0..<4).allSatisfy { probe.storage.P[$0].bitPattern == backend.storage.P[$0].bitPattern },
        "GSLConstantVelocityBatch.step: lane \(lane) differs from the per-object GSL step")
    }
    precondition(fused == expected && fused == steps * objects, "GSLConstantVelocityBatch.step: \(fused) of \(steps * objects) fused")
  }
}
