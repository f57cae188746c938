// SPDX-License-Identifier: Apache-2.0
import Benchmark

/// Benchmarks named `Type.operation(variant)` (docs/CONVENTIONS.md §7). Every update-path
/// benchmark has a committed `mallocCountTotal` threshold of 0 under
/// `Thresholds/<swift-version>/`, so one allocation per update fails
/// `swift package benchmark thresholds check`.
let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .throughput, .mallocCountTotal],
    timeUnits: .nanoseconds,
    warmupIterations: 3,
    scalingFactor: .kilo,
    maxDuration: .seconds(1),
    maxIterations: 10_000,
    thresholds: [.mallocCountTotal: .init(absolute: BenchmarkThresholds.Absolute.strict)])
  registerRangeFilterBenchmarks()
  registerDirectionFilterBenchmarks()
  registerPipelineBenchmarks()
  registerDatasetBenchmarks()
}
