// SPDX-License-Identifier: Apache-2.0
@_spi(Benchmarking) import RangingEngine
import ZoneMonitor

#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
@preconcurrency import Darwin
#endif

/// The kernels `rangectl bench` times, on the inputs of `Benchmarks/`: a walk
/// `d = 3 + 2 sin(2π i / 4096)` m at 10 Hz with ±0.08 m uniform noise, and an
/// ellipse in front of the phone for the 3-D filter.
package enum BenchKernels {
  package static let count = 4096
  package static let mask = count - 1
  package static let step: Int64 = 100_000
  package static let configuration = RangeFilterConfiguration()

  /// SplitMix64 (Steele, Lea & Flood, OOPSLA 2014): uniform in [-0.5, 0.5).
  package static func noise(_ state: inout UInt64) -> Double {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    z ^= z >> 31
    return Double(z >> 11) / Double(1 << 53) - 0.5
  }

  package static let distances: [Double] = {
    var state: UInt64 = 0x5EED_0005
    return (0..<count).map { 3 + 2 * sin(2 * .pi * Double($0) / Double(count)) + 0.16 * noise(&state) }
  }()

  package static let positions: [(distance: Double, direction: Direction)] = {
    var state: UInt64 = 0x5EED_0003
    return (0..<count).map { i in
      let phase = 2 * Double.pi * Double(i) / Double(count)
      let x = 2 * sin(phase), y = 0.3, z = -3 - cos(phase)
      let r = (x * x + y * y + z * z).squareRoot()
      let u = Direction(x: x / r + 0.03 * noise(&state), y: y / r + 0.03 * noise(&state), z: z / r + 0.03 * noise(&state))
      return (r + 0.07 * noise(&state), u.normalized)
    }
  }()

  /// Arrival of sample `i` within one period of `count` samples, µs: `i · step`
  /// plus up to 10 ms of jitter. Read from a table, as a filter reads its last
  /// time from memory, so that the compiler cannot fold the limit's time
  /// step (and its Q) into constants while the filter computes them.
  package static let arrivals: [Int64] = {
    var state: UInt64 = 0x5EED_0007
    return (0..<count).map { Int64($0) &* step &+ Int64((noise(&state) + 0.5) * 10_000) }
  }()

  /// The time of sample `i`, for any `i >= 0`; increasing in `i`.
  @inline(__always)
  package static func time(_ i: Int, _ arrivals: [Int64]) -> Timestamp {
    Timestamp(microseconds: Int64(i / count) &* Int64(count) &* step &+ arrivals[i & mask])
  }

  /// Runs `chunk` (which handles 1,000 updates from a running index and
  /// returns how many it handled) for ~0.25 s, three times; the best rate.
  package static func best(_ chunk: () -> Int) -> Double {
    var best = 0.0
    for _ in 0..<3 {
      let start = now()
      var handled = 0
      var elapsed = 0.0
      repeat {
        handled += chunk()
        elapsed = now() - start
      } while elapsed < 0.25
      best = max(best, Double(handled) / elapsed)
    }
    return best
  }

  package static func now() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
  }

  package static func scalarLimit() -> BenchResult {
    let arrivals = Self.arrivals  // one lookup of the lazily made table, not one per update
    var kernel = ScalarRangeKernel(configuration: configuration, distanceMeters: distances[0])
    var next = 1
    var ratios = 0.0
    let rate = best {
      for i in next..<(next + 1000) {
        ratios += kernel.update(distanceMeters: distances[i & mask], dtSeconds: time(i, arrivals).seconds(since: time(i - 1, arrivals)))
      }
      next += 1000
      return 1000
    }
    precondition(ratios.isFinite && kernel.distanceMeters > 0, "bench: the scalar kernel diverged")
    return BenchResult(name: "ScalarRangeKernel.update(limit)", perSecond: rate, unit: "updates", ofLimit: 1)
  }

  static func rangeFilter<B: KalmanBackend>(_: B.Type, name: String, limit: Double) -> BenchResult {
    let arrivals = Self.arrivals  // one lookup of the lazily made table, not one per update
    let filter = RangeFilter<B>(configuration: configuration)
    var next = 0
    var fused = 0
    let rate = best {
      for i in next..<(next + 1000) {
        if case .fused = filter.update(distanceMeters: distances[i & mask], at: time(i, arrivals)) { fused += 1 }
      }
      next += 1000
      return 1000
    }
    // The timed filter measures the walk's noise (the default); the kernel keeps R at the
    // configured sigma. So the same inputs go through a filter with R held too, which must
    // agree with the kernel to rounding (the arithmetic is the kernel's), and the timed
    // filter must have fused every update and stay on the same walk.
    let held = RangeFilter<B>(configuration: fixedNoise)
    var reference = ScalarRangeKernel(configuration: configuration, distanceMeters: distances[0])
    _ = held.update(distanceMeters: distances[0], at: time(0, arrivals))
    for i in 1..<next {
      _ = held.update(distanceMeters: distances[i & mask], at: time(i, arrivals))
      _ = reference.update(distanceMeters: distances[i & mask], dtSeconds: time(i, arrivals).seconds(since: time(i - 1, arrivals)))
    }
    let estimate = filter.estimate, heldEstimate = held.estimate
    precondition(
      fused == next - 1
        && abs(heldEstimate.distanceMeters - reference.distanceMeters) <= 1e-9 * max(1, reference.distanceMeters)
        && abs(estimate.distanceMeters - reference.distanceMeters) <= Self.trackAgreementMeters,
      "bench: \(name) disagrees with the scalar kernel")
    return BenchResult(name: name, perSecond: rate, unit: "updates", ofLimit: rate / limit)
  }

  /// The defaults with the measurement sigma held at its configured value, as the scalar kernel keeps it.
  package static let fixedNoise: RangeFilterConfiguration = {
    var held = configuration
    held.adaptsMeasurementNoise = false
    return held
  }()

  /// How far the noise-measuring filter's distance may lie from the kernel's at
  /// the end of the walk: both follow the same walk, with R from 0.046 m of
  /// measured noise against 0.065 m configured, which moves a filtered distance
  /// by millimetres; 0.05 m is an order of magnitude above that and far below
  /// the walk's 2 m swing.
  package static let trackAgreementMeters = 0.05

  static func directionFilter<B: KalmanBackend>(_: B.Type, name: String) -> BenchResult {
    let arrivals = Self.arrivals  // one lookup of the lazily made table, not one per update
    let filter = DirectionFilter<B>()
    var next = 0
    var measured = 0
    let rate = best {
      for i in next..<(next + 1000) {
        let sample = positions[i & mask]
        let update = RangingUpdate(time: time(i, arrivals), distanceMeters: sample.distance, direction: sample.direction)
        if filter.update(with: update).state == .measured { measured += 1 }
      }
      next += 1000
      return 1000
    }
    precondition(measured == next, "bench: \(name) lost the track")
    return BenchResult(name: name, perSecond: rate, unit: "updates", ofLimit: nil)
  }

  static func pipeline<B: KalmanBackend>(_: B.Type, objects: Int, name: String) -> BenchResult {
    let pipeline = RangingPipeline<B>(tracker: TrackerConfiguration(capacity: max(64, objects)))
    let step = Self.step / Int64(objects)
    var next = 0
    var accepted = 0
    var events = 0
    let rate = best {
      for i in next..<(next + 1000) {
        let object = i % objects
        let update = RangingUpdate(
          time: Timestamp(microseconds: Int64(i) &* step), distanceMeters: distances[(i / objects + 4 * object) & mask])
        if case .accepted = pipeline.process(object: UInt64(object), update: update, emit: { _ in events += 1 }) {
          accepted += 1
        }
      }
      next += 1000
      return 1000
    }
    precondition(accepted == next && (next < count * objects || events > 0), "bench: \(name) rejected updates")
    return BenchResult(name: name, perSecond: rate, unit: "updates", ofLimit: nil)
  }
}
