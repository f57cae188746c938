// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import RangingEngine

/// `rangectl`: replays, generates and evaluates ranging recordings.
@main
struct RangeCtl: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "rangectl",
    abstract: "Filter Ultra-Wideband ranging recordings and report zone events.",
    version: RangingEngineVersion.string.description,
    subcommands: [Replay.self, Generate.self, Evaluate.self, Calibrate.self, Plot.self, Bench.self, Config.self])
}
