// SPDX-License-Identifier: Apache-2.0
import _RangingEngineCHeader

// The batch: thunk for ranging_engine_process_batch, documented in
// ranging_engine.h. It checks the caller's pointers and sizes, then hands
// the rows to CAPIEngine. Does not allocate.

@c(ranging_engine_process_batch)
public func rangingEngineProcessBatch(
  _ engine: OpaquePointer?, _ batch: UnsafeMutablePointer<ranging_batch_t>?
) -> ranging_status_t {
  guard let engine = CAPIEngine.from(engine), let batch else { return CAPIStatus.nullArgument }
  batch.pointee.event_count = 0
  let rows = batch.pointee
  // size_t above PTRDIFF_MAX arrives negative: no array is that large.
  guard rows.count >= 0, rows.event_capacity >= 0, rows.rows_done >= 0, rows.rows_done <= rows.count else {
    return CAPIStatus.invalidArgument
  }
  guard let events = rows.events, rows.count == 0 || (rows.time_us != nil && rows.object_id != nil) else {
    return CAPIStatus.nullArgument
  }
  guard rows.event_capacity >= engine.events.capacity else { return CAPIStatus.bufferTooSmall }
  return engine.process(batch: &batch.pointee, events: events)
}
