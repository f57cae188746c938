// SPDX-License-Identifier: Apache-2.0
import _RangingReplayCHeader

#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
@preconcurrency import Darwin
#endif

// Thunks for ranging_replay.h, which documents them: each checks its
// pointers, then calls ReplayToMemory.

@c(ranging_replay_file)
public func rangingReplayFile(
  _ path: UnsafePointer<CChar>?, _ options: UnsafePointer<UnsafePointer<CChar>?>?, _ optionCount: Int,
  _ result: UnsafeMutablePointer<ranging_replay_result_t>?
) -> Int32 {
  guard let result else { return 64 }
  result.pointee = ranging_replay_result_t()
  guard let path else { return refuse("ranging_replay_file: path is NULL", result) }
  guard optionCount == 0 || options != nil else {
    return refuse("ranging_replay_file: \(optionCount) options at a NULL pointer", result)
  }
  var arguments: [String] = []
  for index in 0..<optionCount {
    guard let option = options?[index] else {
      return refuse("ranging_replay_file: option \(index) is NULL", result)
    }
    arguments.append(String(cString: option))
  }
  let outcome = ReplayToMemory(path: String(cString: path), arguments: arguments).run()
  result.pointee.status = outcome.status
  result.pointee.events = text(outcome.events)
  result.pointee.filtered = text(outcome.filtered)
  result.pointee.rejected = text(outcome.rejected)
  result.pointee.messages = text(copying: outcome.messages)
  result.pointee.object_names = text(outcome.objectNames)
  result.pointee.zone_names = text(copying: outcome.zoneNames)
  result.pointee.event_records = UnsafeRawPointer(outcome.eventRecords.bytes)?.assumingMemoryBound(to: ranging_replay_event_t.self)
  result.pointee.event_count = outcome.eventCount
  result.pointee.state_records = UnsafeRawPointer(outcome.stateRecords.bytes)?.assumingMemoryBound(to: ranging_replay_state_t.self)
  result.pointee.state_count = outcome.stateCount
  result.pointee.unused_columns = text(copying: outcome.summary.unusedColumns.map { $0 + "\n" }.joined())
  let summary = outcome.summary
  result.pointee.rows_read = Int64(summary.rowsRead)
  result.pointee.measurements_accepted = Int64(summary.measurementsAccepted)
  result.pointee.lifecycle_accepted = Int64(summary.lifecycleAccepted)
  result.pointee.poses_accepted = Int64(summary.posesAccepted)
  result.pointee.rows_rejected = Int64(summary.rowsRejected)
  result.pointee.objects = Int64(summary.objects)
  result.pointee.evictions = Int64(summary.evictions)
  result.pointee.enter_events = Int64(summary.enterEvents)
  result.pointee.exit_events = Int64(summary.exitEvents)
  return outcome.status
}

@c(ranging_replay_result_free)
public func rangingReplayResultFree(_ result: UnsafeMutablePointer<ranging_replay_result_t>?) {
  guard let result else { return }
  let texts = [
    result.pointee.events, result.pointee.filtered, result.pointee.rejected, result.pointee.messages,
    result.pointee.unused_columns, result.pointee.object_names, result.pointee.zone_names,
  ]
  for text in texts {
    free(UnsafeMutableRawPointer(mutating: text.bytes))
  }
  free(UnsafeMutableRawPointer(mutating: result.pointee.event_records))
  free(UnsafeMutableRawPointer(mutating: result.pointee.state_records))
  result.pointee = ranging_replay_result_t()
}

/// Status 64 with `message`, for a call the header does not allow.
private func refuse(_ message: String, _ result: UnsafeMutablePointer<ranging_replay_result_t>) -> Int32 {
  result.pointee.status = 64
  result.pointee.messages = text(copying: message + "\n")
  return 64
}

/// A buffer from `open_memstream`, owned from now on by the result.
private func text(_ buffer: (bytes: UnsafeMutablePointer<CChar>?, length: Int)) -> ranging_replay_text_t {
  ranging_replay_text_t(bytes: UnsafePointer(buffer.bytes), length: buffer.bytes == nil ? 0 : buffer.length)
}

/// `string`'s UTF-8 bytes in a buffer of `malloc`'s, owned by the result (NULL when empty).
private func text(copying string: String) -> ranging_replay_text_t {
  var string = string
  return string.withUTF8 { bytes in
    guard !bytes.isEmpty, let copy = malloc(bytes.count) else { return ranging_replay_text_t(bytes: nil, length: 0) }
    copy.copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
    return ranging_replay_text_t(bytes: copy.assumingMemoryBound(to: CChar.self), length: bytes.count)
  }
}
