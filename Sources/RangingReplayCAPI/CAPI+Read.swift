// SPDX-License-Identifier: Apache-2.0
import _RangingReplayCHeader

#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
@preconcurrency import Darwin
#endif

// Thunks for ranging_replay.h's read of a file (ranging_read_file), which it
// documents: each checks its pointers, then calls ReadToMemory.

@c(ranging_read_file)
public func rangingReadFile(
  _ path: UnsafePointer<CChar>?, _ options: UnsafePointer<UnsafePointer<CChar>?>?, _ optionCount: Int,
  _ result: UnsafeMutablePointer<ranging_read_result_t>?
) -> Int32 {
  guard let result else { return 64 }
  result.pointee = ranging_read_result_t()
  func refused(_ message: String) -> Int32 {
    result.pointee.status = 64
    result.pointee.messages = text(copying: message + "\n")
    return 64
  }
  guard let path else { return refused("ranging_read_file: path is NULL") }
  let arguments: [String]
  switch OptionsFromC.strings(options, optionCount) {
  case .success(let strings): arguments = strings
  case .failure(let refusal): return refused("ranging_read_file: " + refusal.message)
  }
  let outcome = ReadToMemory(path: String(cString: path), arguments: arguments).run()
  result.pointee.status = outcome.status
  result.pointee.messages = text(copying: outcome.messages)
  result.pointee.rows = UnsafeRawPointer(outcome.rows.bytes)?.assumingMemoryBound(to: ranging_read_row_t.self)
  result.pointee.row_count = outcome.rowCount
  result.pointee.object_names = text(copying: outcome.objectNames)
  result.pointee.rejected = text(outcome.rejected)
  result.pointee.columns = text(copying: outcome.columns)
  result.pointee.unused_columns = text(copying: outcome.unusedColumns)
  result.pointee.rows_read = Int64(outcome.rowsRead)
  result.pointee.rows_rejected = Int64(outcome.rowsRejected)
  result.pointee.unused_fields = text(copying: outcome.unusedFields)
  result.pointee.arrays = outcome.arrays
  return outcome.status
}

@c(ranging_read_result_free)
public func rangingReadResultFree(_ result: UnsafeMutablePointer<ranging_read_result_t>?) {
  guard let result else { return }
  for text in [result.pointee.messages, result.pointee.object_names, result.pointee.rejected, result.pointee.columns,
               result.pointee.unused_columns, result.pointee.unused_fields] {
    free(UnsafeMutableRawPointer(mutating: text.bytes))
  }
  free(UnsafeMutableRawPointer(mutating: result.pointee.rows))
  ReadArrays.release(result.pointee.arrays)
  result.pointee = ranging_read_result_t()
}
