// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import RangingReplay
import ZoneMonitor

/// The engines and zones of one shard's slots in a ``ShardedReplay``: it
/// carries out the commands the reader thread sent the shard
/// (``SlotCommand``), with the same steps as one replay's slots
/// (`SlotSteps`), and has its ``ShardedReplayOutputs`` make their events and
/// filtered states on the thread that carries the round out, each with its
/// command's number. One round at a time, in order, whichever thread that
/// is (``ReplayRounds``). It holds no object table and no clock: which
/// object is in which slot, and when, the reader decided.
@usableFromInline
final class ShardSlots<Backend: KalmanBackend, Outputs: ShardedReplayOutputs> {
  @usableFromInline @exclusivity(unchecked) var engines: SlotEngines<Backend>
  @usableFromInline @exclusivity(unchecked) var zones: ZoneMembership
  /// The tracker's validation's minimum distance, which calibrated distances keep.
  @usableFromInline let minimumDistanceMeters: Double
  /// The name of each slot's object, set when its track starts.
  @usableFromInline @exclusivity(unchecked) var names: [String]
  @usableFromInline let outputs: Outputs
  @usableFromInline let writesStates: Bool
  /// Where the current command's output goes, and its number: set by
  /// ``run(_:into:)`` before the commands it carries out, which alone emit.
  @usableFromInline @exclusivity(unchecked) var output: ShardOutput<Outputs.Event, Outputs.State>? = nil
  @usableFromInline @exclusivity(unchecked) var sequence = 0
  /// Enter and exit events written so far.
  @usableFromInline @exclusivity(unchecked) var enterEvents = 0
  @usableFromInline @exclusivity(unchecked) var exitEvents = 0

  /// The engines and zones of `count` slots.
  @inlinable
  init(configuration: TrackerConfiguration, zones: [Zone], count: Int, outputs: Outputs) {
    engines = SlotEngines(configuration: configuration, count: count)
    self.zones = ZoneMembership(zones: zones, capacity: count)
    minimumDistanceMeters = configuration.validation.minimumDistanceMeters
    names = Array(repeating: "", count: count)
    self.outputs = outputs
    writesStates = outputs.writesStates
  }

  @inlinable
  func emit(_ event: ZoneEvent) {
    if event.kind == .enter { enterEvents += 1 } else { exitEvents += 1 }
    output.unsafelyUnwrapped.events.append((sequence, outputs.shardEvent(event, objectName: names[Int(slotOfEvent)])))
  }

  /// The slot whose event is being emitted.
  @usableFromInline @exclusivity(unchecked) var slotOfEvent: Int32 = 0

  /// Carries out `list`'s commands, writing to `output`.
  @inlinable
  func run(_ list: ShardCommandList, into output: ShardOutput<Outputs.Event, Outputs.State>) {
    self.output = output
    for command in list.commands {
      sequence = command.sequence
      switch command.step {
      case .exit(let slot, let object, let time, let reason, let endsTrack):
        slotOfEvent = slot
        SlotSteps.exit(
          engines: &engines, zones: &zones, slot: Int(slot), object: object, at: time, reason: reason,
          endsTrack: endsTrack, emit: emit)
      case .measure(let slot, let object, let update, let seconds, let start):
        var newTrack: RangeCalibration? = nil
        if start >= 0 {
          names[Int(slot)] = list.starts[Int(start)].name
          newTrack = list.starts[Int(start)].calibration
        }
        slotOfEvent = slot
        let fused = SlotSteps.measure(
          engines: &engines, zones: &zones, slot: Int(slot), object: object, update: update, newTrack: newTrack,
          minimumDistanceMeters: minimumDistanceMeters, emit: emit)
        if writesStates {
          output.states.append(
            (sequence, outputs.shardState(seconds: seconds, object: object, objectName: names[Int(slot)], fused.state)))
        }
      case .restart(let slot):
        engines.reset(Int(slot))
      case .calibrate(let slot, let calibration):
        engines.setCalibration(calibration, in: Int(slot))
      case .pose(let pose):
        engines.take(pose)
      }
    }
    self.output = nil
  }
}
