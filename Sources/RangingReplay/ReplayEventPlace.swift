// SPDX-License-Identifier: Apache-2.0
import ZoneMonitor

/// Where a zone event falls in a replay: the line of the row that caused it,
/// and the step of that row's processing that emitted it (`ZoneEvent.step`).
public struct ReplayEventPlace: Sendable, Equatable {
  /// The 1-based physical line of the row.
  public var line: Int
  public var step: PipelineStep

  public init(line: Int, step: PipelineStep = .input) {
    self.line = line
    self.step = step
  }
}
