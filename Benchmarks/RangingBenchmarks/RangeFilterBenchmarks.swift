// SPDX-License-Identifier: Apache-2.0
import Benchmark
@_spi(Benchmarking) import RangingEngine

/// The distance filter (2-state constant velocity) on each backend, and the
/// scalar kernel that does the same arithmetic with nothing around it (the
/// "limit"): filter throughput reads as a fraction of it.
func registerRangeFilterBenchmarks() {
  Benchmark("ScalarRangeKernel.update(limit)") { benchmark in
    let signal = RangeSignal.shared
    let count = benchmark.scaledIterations.count
    var kernel = ScalarRangeKernel(configuration: signal.configuration, distanceMeters: signal.distances[0])
    var ratios = 0.0
    benchmark.startMeasurement()
    for i in 1..<count {
      let dt = signal.time(i).seconds(since: signal.time(i - 1))
      ratios += kernel.update(distanceMeters: signal.distances[i & RangeSignal.mask], dtSeconds: dt)
    }
    benchmark.stopMeasurement()
    blackHole(ratios)
    let reference = signal.reference(count: count)
    precondition(kernel.distanceMeters == reference.distanceMeters && kernel.p00 == reference.p00,
                 "ScalarRangeKernel.update(limit): result differs from the reference run")
  }
  Benchmark("RangeFilter.update(swift)") { benchmark in
    updateRangeFilter(SwiftKalmanBackend.self, benchmark)
  }
  Benchmark("RangeFilter.update(gsl)") { benchmark in
    updateRangeFilter(GSLKalmanBackend.self, benchmark)
  }
}

/// `scaledIterations` updates of one filter with ``RangeSignal`` (the default
/// configuration: the filter measures the signal's noise), then the checks: every
/// update fused; the same samples through a filter with R held at the configured
/// sigma agree with the scalar reference run (the arithmetic is the kernel's);
/// and the timed filter's distance within 0.05 m of the reference's (both follow
/// the same walk; measured R of 0.046 m against 0.065 m moves it by millimetres).
func updateRangeFilter<Backend: KalmanBackend>(_: Backend.Type, _ benchmark: Benchmark) {
  let signal = RangeSignal.shared
  let count = benchmark.scaledIterations.count
  let filter = RangeFilter<Backend>(configuration: signal.configuration)
  var fused = 0
  benchmark.startMeasurement()
  for i in 0..<count {
    let outcome = filter.update(distanceMeters: signal.distances[i & RangeSignal.mask], at: signal.time(i))
    if case .fused = outcome { fused += 1 }
  }
  benchmark.stopMeasurement()
  blackHole(fused)
  var heldConfiguration = signal.configuration
  heldConfiguration.adaptsMeasurementNoise = false
  let held = RangeFilter<Backend>(configuration: heldConfiguration)
  for i in 0..<count { _ = held.update(distanceMeters: signal.distances[i & RangeSignal.mask], at: signal.time(i)) }
  let reference = signal.reference(count: count)
  let estimate = held.estimate
  precondition(
    fused == count - 1 && agree(estimate.distanceMeters, reference.distanceMeters)
      && agree(estimate.sigmaMeters * estimate.sigmaMeters, reference.p00)
      && agree(estimate.rateMetersPerSecond, reference.rateMetersPerSecond)
      && abs(filter.estimate.distanceMeters - reference.distanceMeters) <= 0.05,
    "RangeFilter.update(\(Backend.self)): \(fused) of \(count - 1) fused, \(estimate) against \(reference)")
}
