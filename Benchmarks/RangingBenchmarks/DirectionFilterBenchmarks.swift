// SPDX-License-Identifier: Apache-2.0
import Benchmark
import RangingEngine

/// The 3-D direction filter (6-state constant velocity) on each backend, fed
/// a distance and a direction on every update (the 3-component position
/// update), from ``PositionSignal``.
func registerDirectionFilterBenchmarks() {
  Benchmark("DirectionFilter.update(position,swift)") { benchmark in
    updateDirectionFilter(SwiftKalmanBackend.self, benchmark)
  }
  Benchmark("DirectionFilter.update(position,gsl)") { benchmark in
    updateDirectionFilter(GSLKalmanBackend.self, benchmark)
  }
}

func updateDirectionFilter<Backend: KalmanBackend>(_: Backend.Type, _ benchmark: Benchmark) {
  let signal = PositionSignal.shared
  let clock = RangeSignal.shared
  let count = benchmark.scaledIterations.count
  let filter = DirectionFilter<Backend>()
  var measured = 0
  benchmark.startMeasurement()
  for i in 0..<count {
    let sample = signal.samples[i & PositionSignal.mask]
    let estimate = filter.update(
      with: RangingUpdate(time: clock.time(i), distanceMeters: sample.distance, direction: sample.direction))
    if estimate.state == .measured { measured += 1 }
  }
  benchmark.stopMeasurement()
  blackHole(measured)
  // The track follows the walk: its position is within 0.25 m of the truth.
  let truth = signal.truth[(count - 1) & PositionSignal.mask]
  let p = filter.position
  let error = ((p.x - truth.x) * (p.x - truth.x) + (p.y - truth.y) * (p.y - truth.y) + (p.z - truth.z) * (p.z - truth.z)).squareRoot()
  precondition(measured == count && error < 0.25,
               "DirectionFilter.update(\(Backend.self)): \(measured) of \(count) measured, position error \(error) m")
}

/// A person walking an ellipse in front of the phone, 10 Hz, with 2 cm range
/// noise and about 1° of direction noise: `(2 sin ωt, 0.3, -3 - cos ωt)` metres,
/// one lap per 4096 samples.
struct PositionSignal: Sendable {
  static let count = 4096
  static let mask = count - 1
  let samples: [(distance: Double, direction: Direction)]
  let truth: [(x: Double, y: Double, z: Double)]
  static let shared = PositionSignal()

  init() {
    var state: UInt64 = 0x5EED_0003
    func uniform() -> Double {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      z ^= z >> 31
      return Double(z >> 11) / Double(1 << 53) - 0.5
    }
    var samples: [(distance: Double, direction: Direction)] = []
    var truth: [(x: Double, y: Double, z: Double)] = []
    for i in 0..<Self.count {
      let phase = 2 * Double.pi * Double(i) / Double(Self.count)
      let x = 2 * RangeSignal.sine(phase), y = 0.3, z = -3 - RangeSignal.sine(phase + .pi / 2)
      let r = (x * x + y * y + z * z).squareRoot()
      let ux = x / r + 0.03 * uniform(), uy = y / r + 0.03 * uniform(), uz = z / r + 0.03 * uniform()
      let length = (ux * ux + uy * uy + uz * uz).squareRoot()
      samples.append((r + 0.07 * uniform(), Direction(x: ux / length, y: uy / length, z: uz / length)))
      truth.append((x, y, z))
    }
    self.samples = samples
    self.truth = truth
  }
}
