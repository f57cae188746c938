// SPDX-License-Identifier: Apache-2.0
import RangingFormats

extension ReplaySummary {
  /// What a replay warns of when it ends, in the order `rangectl replay`
  /// writes them (even with `--quiet`): a zone gated by angle that no row
  /// could enter (``ZoneList/angleGateWarning(for:path:)``), then data
  /// implausible for the input's units (``UnitWarning``), then objects
  /// evicted from a full table (``evictionWarning(path:)``). Each a line without
  /// its prefix, which the replay job adds (`ReplayOutcome.prefix` of
  /// RangingReplayThreads, then `warning: `). The command line and the replay
  /// from C (`ranging_replay_file`) both write these.
  public func warnings(zones: ZoneList, mapping: ColumnMapping, path: String) -> [String] {
    let angleGate = zones.angleGateWarning(for: self, path: path).map { [$0] } ?? []
    return angleGate + UnitWarning.warnings(for: unitEvidence, mapping: mapping, path: path)
      + (evictionWarning(path: path).map { [$0] } ?? [])
  }
}
