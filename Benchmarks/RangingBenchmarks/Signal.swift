// SPDX-License-Identifier: Apache-2.0
@_spi(Benchmarking) import RangingEngine

/// The measurements every filter benchmark replays: a person walking to and fro
/// in front of the phone, `d(t) = 3 + 2 sin(2π t / T)` metres, sampled at 10 Hz
/// with up to 10 ms of arrival jitter (ranging updates do not arrive on a
/// fixed clock), with uniform noise of ±0.08 m (σ ≈ 0.046 m, about the default
/// measurement sigma). One period is exactly `count` samples, so sample `i` is
/// `distances[i & mask]` at ``time(_:)`` for any `i`, and the walk never
/// jumps. The noise is bounded, so no measurement leaves the gate: every update
/// runs the whole predict-gate-correct path, and the result can be checked
/// against ``ScalarRangeKernel``.
///
/// The times come from a table, as a filter's do, so that no harness can
/// fold the time step into a constant: with `t = i · 0.1 s` the compiler
/// computed the limit's `dt` and Q once for the whole loop, while the filter,
/// which reads its last time from memory, computes them on every update.
struct RangeSignal: Sendable {
  static let count = 4096
  static let mask = count - 1
  static let stepMicroseconds: Int64 = 100_000
  static let periodMicroseconds = Int64(count) * stepMicroseconds

  let distances: [Double]
  /// Arrival of sample `i` within its period, µs: `i · step` + 0 to 10 ms.
  let arrivals: [Int64]
  let configuration = RangeFilterConfiguration()

  static let shared = RangeSignal()

  init() {
    var state: UInt64 = 0x5EED_0005
    var distances = [Double](repeating: 0, count: Self.count)
    var arrivals = [Int64](repeating: 0, count: Self.count)
    for i in 0..<Self.count {
      // SplitMix64 (Steele, Lea & Flood, OOPSLA 2014), for reproducible noise.
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      z ^= z >> 31
      let unit = Double(z >> 11) / Double(1 << 53)
      let phase = 2 * Double.pi * Double(i) / Double(Self.count)
      distances[i] = 3 + 2 * Self.sine(phase) + 0.16 * (unit - 0.5)
      // The low bits of the same draw: up to 10 ms late, uniform.
      arrivals[i] = Int64(i) * Self.stepMicroseconds + Int64(z % 10_000)
    }
    self.distances = distances
    self.arrivals = arrivals
  }

  /// The time of sample `i`, for any `i >= 0`; increasing in `i`.
  @inline(__always)
  func time(_ i: Int) -> Timestamp {
    Timestamp(microseconds: Int64(i / Self.count) &* Self.periodMicroseconds &+ arrivals[i & Self.mask])
  }

  /// The scalar reference run over samples `0..<count`.
  func reference(count: Int) -> ScalarRangeKernel {
    var kernel = ScalarRangeKernel(configuration: configuration, distanceMeters: distances[0])
    for i in 1..<max(1, count) {
      _ = kernel.update(distanceMeters: distances[i & Self.mask], dtSeconds: time(i).seconds(since: time(i - 1)))
    }
    return kernel
  }

  /// sin by its Taylor series after reduction to [-π, π]: no Foundation needed.
  static func sine(_ x: Double) -> Double {
    var x = x.truncatingRemainder(dividingBy: 2 * .pi)
    if x > .pi { x -= 2 * .pi }
    var term = x, sum = x
    for n in stride(from: 2, through: 40, by: 2) {
      term *= -x * x / Double(n * (n + 1))
      sum += term
    }
    return sum
  }
}

/// Whether `a` and `b` agree to `relative` (with a floor of 1 on the scale).
func agree(_ a: Double, _ b: Double, relative: Double = 1e-9) -> Bool {
  abs(a - b) <= relative * max(1, abs(a), abs(b))
}
