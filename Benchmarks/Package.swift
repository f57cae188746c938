// swift-tools-version: 6.1
// SPDX-License-Identifier: Apache-2.0
// Benchmarks for RangingEngine (package-benchmark). A nested package, so that the
// root package's `swift test` does not build the benchmark tool and its dependencies.
//
//   cd Benchmarks && swift package benchmark
//   cd Benchmarks && swift package benchmark thresholds check --path Thresholds/6.3
//
// See the README's "Performance" section.
import PackageDescription

let package = Package(
  name: "RangingBenchmarks",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(name: "RangingEngine", path: ".."),
    .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
  ],
  targets: [
    .executableTarget(
      name: "RangingBenchmarks",
      dependencies: [
        .product(name: "RangingEngine", package: "RangingEngine"),
        .product(name: "ZoneMonitor", package: "RangingEngine"),
        .product(name: "RangingFormats", package: "RangingEngine"),
        .product(name: "RangingOutputs", package: "RangingEngine"),
        .product(name: "RangingReplay", package: "RangingEngine"),
        .product(name: "RangingScenarios", package: "RangingEngine"),
        .product(name: "Benchmark", package: "benchmark"),
      ],
      path: "RangingBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
  ]
)
