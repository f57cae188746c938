// swift-tools-version: 6.1
// SPDX-License-Identifier: Apache-2.0
// RangingEngine: filters Ultra-Wideband ranging updates and decides zone membership.
// The package's own code is Apache-2.0. The GSL trait (on by default) links GNU GSL, which is
// GPL-3.0-or-later, so a build with it is a combined work under the GPL; a build with
// `--disable-default-traits` contains no GPL code (README, "Licence"; docs/PLATFORMS.md).
import PackageDescription

let package = Package(
  name: "RangingEngine",
  products: [
    .library(name: "RangingEngine", targets: ["RangingEngine"]),
    .library(name: "ZoneMonitor", targets: ["ZoneMonitor"]),
    .library(name: "RangingOutputs", targets: ["RangingOutputs"]),
    .library(name: "RangingFormats", targets: ["RangingFormats"]),
    .library(name: "RangingReplay", targets: ["RangingReplay"]),
    .library(name: "RangingReplayThreads", targets: ["RangingReplayThreads"]),
    .library(name: "RangingReplayOptions", targets: ["RangingReplayOptions"]),
    .library(name: "RangingSmoothing", targets: ["RangingSmoothing"]),
    .library(name: "RangingCalibration", targets: ["RangingCalibration"]),
    .library(name: "RangingEvaluation", targets: ["RangingEvaluation"]),
    .library(name: "RangingScenarios", targets: ["RangingScenarios"]),
    .library(name: "RangingPlots", targets: ["RangingPlots"]),
    .library(name: "NearbyAccessory", targets: ["NearbyAccessory"]),
    .library(name: "RangingSession", targets: ["RangingSession"]),
    .executable(name: "rangectl", targets: ["rangectl"]),
    .library(name: "RangingEngineCAPI", type: .static, targets: ["RangingEngineCAPI"]),
    // The host C library: ranging_replay.h and ranging_engine.h in one archive (Foundation linked beside it).
    .library(name: "RangingReplayCAPI", type: .static, targets: ["RangingReplayCAPI", "RangingEngineCAPI"]),
  ],
  traits: [
    .trait(
      name: "GSL",
      description: "Links GNU GSL (GPL-3.0-or-later): the GSL Kalman backend, the host default, and the robust regression "
        + "of `rangectl calibrate`. Off: no GPL code, the Swift backend is the default."),
    .default(enabledTraits: ["GSL"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    // `swift package generate-documentation` (scripts/checks/check-docs); a plugin only, linked into nothing.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
  ],
  targets: [
    // Debian's libgsl-dev (Homebrew's gsl on macOS); the shim header includes only the GSL headers we call.
    .systemLibrary(
      name: "CGSL", pkgConfig: "gsl",
      providers: [.apt(["libgsl-dev"]), .brew(["gsl"])]),
    // atan2, sin, cos for the core as clang builtins (no Glibc or Foundation import).
    // libm by name: without the GSL trait nothing else links it, and a consumer of the core
    // (no Foundation) would not link on Linux.
    .target(name: "_RangingMath", linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux, .android]))]),
    // Core: Swift standard library only (Embedded Swift subset); CGSL only under LinearAlgebra/GSL*, with the GSL trait.
    .target(name: "RangingEngine", dependencies: [.target(name: "CGSL", condition: .when(traits: ["GSL"])), "_RangingMath"]),
    .target(name: "ZoneMonitor", dependencies: ["RangingEngine"]),
    // Core: Nearby Interaction Accessory Protocol messages and session (Embedded Swift subset).
    .target(name: "NearbyAccessory", dependencies: ["RangingEngine"]),
    // Host-only: named objects and zones, events with their JSON line, an AsyncSequence of events, for apps.
    .target(name: "RangingSession", dependencies: ["RangingEngine", "ZoneMonitor", "RangingOutputs"]),
    // Host tools (Foundation allowed), one module per concept; each imports only the layers below it
    // (docs/DESIGN.md, "Layers").
    // The output formats of docs/FORMATS.md: the events and filtered-track writers (each format stated once), output
    // files that report every failed write, text formatting, shell quoting.
    .target(name: "RangingOutputs", dependencies: ["RangingEngine", "ZoneMonitor"]),
    // The input formats of docs/FORMATS.md: the ranging CSV reader, column mappings, row rejections.
    .target(name: "RangingFormats", dependencies: ["RangingOutputs", "RangingEngine", "ZoneMonitor"]),
    // A recording through the pipeline, row by row: the replay driver, its summary, object names, zone lists.
    .target(name: "RangingReplay", dependencies: ["RangingFormats", "RangingEngine", "ZoneMonitor"]),
    // One replay on several threads (`rangectl replay --jobs`): a reader thread, shard threads, the merge.
    // The replay job (options, rows and sinks in; summary, status and messages out), the one path of
    // `rangectl replay` and of the replay reached from C.
    .target(
      name: "RangingReplayThreads", dependencies: ["RangingReplay", "RangingFormats", "RangingOutputs", "RangingEngine", "ZoneMonitor"]),
    // `rangectl replay`'s engine and input options (argument-parser), parsed and checked in one place for the
    // command line and for the replay reached from C (RangingReplayCAPI).
    .target(
      name: "RangingReplayOptions",
      dependencies: [
        "RangingReplay", "RangingFormats", "RangingOutputs", "RangingEngine", "ZoneMonitor",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    // The offline Rauch-Tung-Striebel pass over a replay's track, and the zone events decided on it; GSL with the
    // trait, refused without it.
    .target(
      name: "RangingSmoothing",
      dependencies: ["RangingReplay", "RangingEngine", "ZoneMonitor", .target(name: "CGSL", condition: .when(traits: ["GSL"]))]),
    // A device's range offset and scale from a recording (GSL's robust regression with the trait).
    .target(
      name: "RangingCalibration",
      dependencies: ["RangingFormats", "RangingOutputs", .target(name: "CGSL", condition: .when(traits: ["GSL"]))]),
    // Scoring against ground truth: event matching, distance and direction error, the baseline detectors, and the
    // engine's replay scored as it streams (with its offline-smoothed track).
    .target(
      name: "RangingEvaluation",
      dependencies: ["RangingFormats", "RangingOutputs", "RangingReplay", "RangingSmoothing", "RangingEngine", "ZoneMonitor"]),
    // Seeded scenario recordings with ground truth (MT19937 and GSL's distributions, in Swift).
    .target(name: "RangingScenarios", dependencies: ["RangingEngine"]),
    // SVG plots of a replayed (or smoothed) run, one object or all of them.
    .target(
      name: "RangingPlots",
      dependencies: ["RangingFormats", "RangingOutputs", "RangingReplay", "RangingSmoothing", "RangingEngine", "ZoneMonitor"]),
    // `rangectl bench`'s kernels: the engine's filters, pipeline and constant-velocity step timed on fixed inputs.
    .target(name: "RangingBench", dependencies: ["RangingEngine", "ZoneMonitor", "RangingOutputs"]),
    // Command line: parses options, calls one module per command, prints.
    .executableTarget(
      name: "rangectl",
      dependencies: [
        "RangingFormats", "RangingOutputs", "RangingReplay", "RangingReplayThreads", "RangingReplayOptions", "RangingSmoothing",
        "RangingCalibration",
        "RangingEvaluation", "RangingScenarios", "RangingPlots", "RangingBench", "RangingEngine", "ZoneMonitor",
        "NearbyAccessory",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    // C API (ranging_engine.h): the header as a Clang module, and @c thunks over the pipeline on the Swift backend
    // and over NearbyAccessory (Accessory Configuration Data, accessory sessions).
    .systemLibrary(name: "_RangingEngineCHeader", path: "Sources/RangingEngineCAPI/include"),
    .target(
      name: "RangingEngineCAPI", dependencies: ["RangingEngine", "ZoneMonitor", "NearbyAccessory", "_RangingEngineCHeader"],
      exclude: ["include"]),
    // The whole replay from C (ranging_replay.h): rangectl replay's options, reader, replay and writers, into
    // memory, for the Python package and other non-Swift hosts. A host library: Foundation, no firmware.
    .systemLibrary(name: "_RangingReplayCHeader", path: "Sources/RangingReplayCAPI/include"),
    .target(
      name: "RangingReplayCAPI",
      dependencies: [
        "RangingReplayOptions", "RangingReplay", "RangingReplayThreads", "RangingFormats", "RangingOutputs", "RangingEngineCAPI",
        "RangingEngine", "ZoneMonitor", "_RangingReplayCHeader",
      ],
      exclude: ["include"]),
    // Tests/CAPI/smoke.c without its main(), so `swift test` runs it too (scripts/checks/check-firmware links it alone).
    .target(
      name: "_CAPISmoke", dependencies: ["RangingEngineCAPI"], path: "Tests/CAPI", sources: ["smoke.c"],
      cSettings: [.define("RANGING_SMOKE_NO_MAIN"), .headerSearchPath("../../Sources/RangingEngineCAPI/include")]),
    .testTarget(name: "RangingEngineCAPITests", dependencies: ["_CAPISmoke"]),
    .testTarget(
      name: "RangingEngineTests", dependencies: ["RangingEngine", .target(name: "CGSL", condition: .when(traits: ["GSL"]))]),
    .testTarget(name: "ZoneMonitorTests", dependencies: ["ZoneMonitor", "RangingEngine"]),
    .testTarget(
      name: "RangingFormatsTests", dependencies: ["RangingFormats", "RangingOutputs", "RangingReplay", "RangingEngine", "ZoneMonitor"]),
    .testTarget(
      name: "RangingReplayTests", dependencies: ["RangingReplay", "RangingFormats", "RangingOutputs", "RangingEngine", "ZoneMonitor"]),
    // The seeded hostile recordings that the tests of `--jobs` replay, in-process and through the C replay.
    .target(name: "ReplayTestRecordings", path: "Tests/ReplayTestRecordings"),
    // `--jobs N` in-process: the router, the dispatch of the one table's slots, the merge, and N shards against one replay.
    .testTarget(
      name: "RangingReplayThreadsTests",
      dependencies: [
        "RangingReplayThreads", "RangingReplay", "RangingFormats", "RangingOutputs", "RangingEngine", "ZoneMonitor",
        "ReplayTestRecordings",
      ]),
    // `rangectl replay`'s options parsed in-process (argument-parser's `parse`), against the core's ranges and defaults.
    .testTarget(
      name: "RangingReplayOptionsTests",
      dependencies: [
        "RangingReplayOptions", "RangingFormats", "RangingEngine", "ZoneMonitor",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    // The C replay entry points (ranging_replay.h) called in-process; RangectlTests holds their outputs to the command's.
    .testTarget(
      name: "RangingReplayCAPITests",
      dependencies: ["RangingReplayCAPI", "RangingFormats", "_RangingReplayCHeader", "ReplayTestRecordings"]),
    .testTarget(
      name: "RangingSmoothingTests",
      dependencies: ["RangingSmoothing", "RangingReplay", "RangingFormats", "RangingEngine", "ZoneMonitor"]),
    .testTarget(name: "RangingCalibrationTests", dependencies: ["RangingCalibration", "RangingFormats", "RangingEngine"]),
    .testTarget(
      name: "RangingEvaluationTests",
      dependencies: [
        "RangingEvaluation", "RangingFormats", "RangingReplay", "RangingScenarios", "RangingEngine", "ZoneMonitor",
      ]),
    .testTarget(
      name: "RangingScenariosTests",
      dependencies: [
        "RangingScenarios", "RangingFormats", "RangingEvaluation", "RangingEngine",
        .target(name: "CGSL", condition: .when(traits: ["GSL"])),
      ]),
    .testTarget(name: "RangingPlotsTests", dependencies: ["RangingPlots", "RangingFormats", "RangingEngine"]),
    .testTarget(
      name: "RangectlTests",
      dependencies: ["rangectl", "RangingEngine", "RangingFormats", "RangingReplayCAPI", "_RangingReplayCHeader"]),
    .testTarget(name: "RangingSessionTests", dependencies: ["RangingSession", "RangingEngine", "ZoneMonitor"]),
    .testTarget(name: "NearbyAccessoryTests", dependencies: ["NearbyAccessory", "RangingEngine", "ZoneMonitor"]),
  ]
)
