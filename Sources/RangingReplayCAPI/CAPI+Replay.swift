// SPDX-License-Identifier: Apache-2.0
import RangingFormats
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
  let arguments: [String]
  switch OptionsFromC.strings(options, optionCount) {
  case .success(let strings): arguments = strings
  case .failure(let refusal): return refuse("ranging_replay_file: " + refusal.message, result)
  }
  return fill(result, with: ReplayToMemory(path: String(cString: path), arguments: arguments).run())
}

@c(ranging_replay_table)
public func rangingReplayTable(
  _ name: UnsafePointer<CChar>?, _ columns: UnsafePointer<ranging_replay_column_t>?, _ columnCount: Int,
  _ rowCount: Int, _ options: UnsafePointer<UnsafePointer<CChar>?>?, _ optionCount: Int,
  _ result: UnsafeMutablePointer<ranging_replay_result_t>?
) -> Int32 {
  guard let result else { return 64 }
  result.pointee = ranging_replay_result_t()
  guard let name else { return refuse("ranging_replay_table: name is NULL", result) }
  // size_t arrives as Int: a count of 2^63 or more is negative here, and none fits in memory.
  guard columnCount >= 0, rowCount >= 0, rowCount < Int.max / 16 else {
    return refuse("ranging_replay_table: \(UInt(bitPattern: columnCount)) columns of \(UInt(bitPattern: rowCount)) rows cannot be in memory", result)
  }
  guard columnCount == 0 || columns != nil else {
    return refuse("ranging_replay_table: \(columnCount) columns at a NULL pointer", result)
  }
  var table: [TableColumn] = []
  for (index, column) in UnsafeBufferPointer(start: columns, count: columnCount).enumerated() {
    guard let columnName = column.name else { return refuse("ranging_replay_table: column \(index) has no name", result) }
    let values: TableColumn.Values
    if let numbers = column.numbers {
      values = .numbers(UnsafeBufferPointer(start: numbers, count: rowCount))
    } else if let integers = column.integers {
      values = .integers(UnsafeBufferPointer(start: integers, count: rowCount))
    } else if let offsets = column.offsets {
      let bytes = UnsafeRawPointer(column.bytes).map { $0.assumingMemoryBound(to: UInt8.self) }
      values = .texts(offsets: UnsafeBufferPointer(start: offsets, count: rowCount + 1), bytes: bytes)
    } else {
      return refuse("ranging_replay_table: column \(index) ('\(String(cString: columnName))') has no numbers, integers or offsets", result)
    }
    guard column.validity_offset >= 0 else {
      return refuse("ranging_replay_table: column \(index) has a negative validity_offset", result)
    }
    // Row i's bit is validity_offset + i: past 2^59 bits the bitmap would be
    // over 2^56 bytes, more than any 64-bit machine maps (57-bit addresses,
    // half of them a process's), and the sum would near Int64's overflow.
    // Such an offset is no slice of a real bitmap: refused, never read.
    let bitLimit: Int64 = 1 << 59
    if column.validity != nil, column.validity_offset > bitLimit - Int64(rowCount) {
      return refuse(
        "ranging_replay_table: column \(index) ('\(String(cString: columnName))') has a validity_offset of "
          + "\(column.validity_offset): with \(rowCount) rows its bitmap would span more than 2^59 bits, more than memory holds",
        result)
    }
    table.append(TableColumn(
      name: String(cString: columnName), values: values, validity: column.validity,
      validityOffset: Int(column.validity_offset)))
  }
  let arguments: [String]
  switch OptionsFromC.strings(options, optionCount) {
  case .success(let strings): arguments = strings
  case .failure(let refusal): return refuse("ranging_replay_table: " + refusal.message, result)
  }
  let replay = ReplayToMemory(name: String(cString: name), columns: table, rowCount: rowCount, arguments: arguments)
  return fill(result, with: replay.run())
}

/// Hands a replay's outcome to the C result, which owns its bytes from now on.
private func fill(_ result: UnsafeMutablePointer<ranging_replay_result_t>, with outcome: ReplayToMemory.Outcome) -> Int32 {
  result.pointee.status = outcome.status
  result.pointee.events = text(outcome.events)
  result.pointee.filtered = text(outcome.filtered)
  result.pointee.rejected = text(outcome.rejected)
  result.pointee.messages = text(copying: outcome.messages)
  result.pointee.object_names = text(copying: outcome.objectNames)
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
func text(_ buffer: (bytes: UnsafeMutablePointer<CChar>?, length: Int)) -> ranging_replay_text_t {
  ranging_replay_text_t(bytes: UnsafePointer(buffer.bytes), length: buffer.bytes == nil ? 0 : buffer.length)
}

/// `string`'s UTF-8 bytes in a buffer of `malloc`'s, owned by the result (NULL when empty).
func text(copying string: String) -> ranging_replay_text_t {
  var string = string
  return string.withUTF8 { bytes in
    guard let base = bytes.baseAddress, !bytes.isEmpty, let copy = malloc(bytes.count) else {
      return ranging_replay_text_t(bytes: nil, length: 0)
    }
    copy.copyMemory(from: base, byteCount: bytes.count)
    return ranging_replay_text_t(bytes: copy.assumingMemoryBound(to: CChar.self), length: bytes.count)
  }
}
