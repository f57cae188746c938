// SPDX-License-Identifier: Apache-2.0
/// The steps of the pipeline's processing of one input (a measurement, a
/// life-cycle row, a clock advance), in the order their events are emitted
/// (`TrackRegistry` states the order; `RangingPipeline` follows it).
public enum PipelineStep: UInt8, Sendable, Comparable {
  /// The exits of the object that a new object evicts from a full table
  /// (``RangingPipeline/evict(object:at:emit:)`` for a table shared by several pipelines).
  case eviction = 0
  /// The input's own events: its object's zones, the exits of its object
  /// lost by its own silence, the exits a life-cycle row causes.
  case input = 1
  /// The exits of the lost check that the input's time made due, in the
  /// object table's slot order.
  case lostCheck = 2

  public static func < (a: PipelineStep, b: PipelineStep) -> Bool { a.rawValue < b.rawValue }
}
