// SPDX-License-Identifier: Apache-2.0
import Foundation
import RangingPlots
import Testing
@testable import rangectl

/// `rangectl plot ARGUMENTS` run in-process as the command runs it, up to its
/// SVG: the options parsed by `RangeCtl.parseAsRoot` (`validate()` included),
/// the plot made by `Plot.svg(note:)`, the SVG and notes that `run()` writes.
/// A refusal is what the command prints and exits with.
enum PlotInProcess {
  /// What a plot drew and noted.
  struct Plotted {
    var svg: String
    /// The notes `run()` writes on standard error, each after "rangectl plot: ".
    var notes: [String]
  }

  /// Collects the notes handed out while plotting.
  private final class Notes {
    var lines: [String] = []
  }

  /// The plot of `arguments` (after `plot`), or the refusal as the command gives it.
  static func run(_ arguments: [String]) -> Result<Plotted, Refusal> {
    let notes = Notes()
    do {
      let command = try RangeCtl.parseAsRoot(["plot"] + arguments)
      guard let plot = command as? Plot else { return .failure(Refusal(status: -1, message: "not a plot: \(command)")) }
      let svg = try plot.svg { notes.lines.append($0) }
      return .success(Plotted(svg: svg, notes: notes.lines))
    } catch let error as RunTraceError {
      return .failure(Refusal(status: error.exitCode, message: "rangectl plot: \(error)"))
    } catch {
      return .failure(Refusal(status: RangeCtl.exitCode(for: error).rawValue, message: RangeCtl.fullMessage(for: error)))
    }
  }

  /// The plot of `arguments`; a refusal is a test failure.
  static func plot(_ arguments: [String]) throws -> Plotted {
    switch run(arguments) {
    case .success(let plotted): return plotted
    case .failure(let refusal):
      Issue.record("refused with \(refusal.status): \(refusal.message)")
      throw refusal
    }
  }

  /// Why a plot was refused: its exit status and message.
  struct Refusal: Error {
    var status: Int32
    var message: String
  }

  /// The refusal of `arguments`, or nil (a test failure) when they plot.
  static func refusal(_ arguments: [String]) -> Refusal? {
    switch run(arguments) {
    case .success:
      Issue.record("\(arguments) plotted")
      return nil
    case .failure(let refusal): return refusal
    }
  }
}
