// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import RangingEngineCAPI
import RangingFormats
import RangingOutputs
import RangingReplay
import ZoneMonitor
import _RangingReplayCHeader

#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
@preconcurrency import Darwin
#endif

// Thunks for ranging_replay.h's writers, which it documents: events,
// filtered rows and a summary that a caller holds (a DataFrame's columns,
// a Spark job's counts) written by rangectl's own writers (EventsWriter,
// FilteredTrackWriter, ReplaySummary.report), so that no binding restates
// docs/FORMATS.md §2 or §3 or the summary's lines. Each checks every pointer,
// index and code before it writes a byte, and refuses with 64 what it cannot
// write.

@c(ranging_write_events)
public func rangingWriteEvents(
  _ events: UnsafePointer<ranging_replay_event_t>?, _ eventCount: Int, _ objects: UnsafePointer<ranging_names_t>?,
  _ zones: UnsafePointer<ranging_names_t>?, _ text: UnsafeMutablePointer<ranging_replay_text_t>?
) -> Int32 {
  guard let text else { return 64 }
  text.pointee = ranging_replay_text_t()
  guard eventCount >= 0, eventCount == 0 || events != nil, let objectNames = names(objects),
    let zoneNames = names(zones)
  else { return 64 }
  let records = UnsafeBufferPointer(start: events, count: eventCount)
  // Every record is checked before the first is written: a refusal writes nothing.
  var parsed: [ZoneEvent] = []
  parsed.reserveCapacity(eventCount)
  for record in records {
    guard (0..<Int64(objectNames.count)).contains(record.object), Int(record.zone) < zoneNames.count,
      record.kind <= 1, let reason = exitReason(code: record.reason), let time = timestamp(record.t)
    else { return 64 }
    parsed.append(ZoneEvent(
      object: UInt64(record.object), zone: Int(record.zone), kind: record.kind == 0 ? .enter : .exit, time: time,
      distanceMeters: record.distance_m, sigmaMeters: record.sigma_m, reason: reason))
  }
  guard let output = MemoryOutput(name: "events") else { return 74 }
  let writer = EventsWriter(output: output.file, zoneNames: zoneNames)
  for event in parsed {
    writer.write(event, objectName: objectNames[Int(event.object)])
  }
  return take(output, into: text)
}

@c(ranging_write_filtered)
public func rangingWriteFiltered(
  _ columns: UnsafePointer<ranging_filtered_columns_t>?, _ rowCount: Int, _ objects: UnsafePointer<ranging_names_t>?,
  _ text: UnsafeMutablePointer<ranging_replay_text_t>?
) -> Int32 {
  guard let text else { return 64 }
  text.pointee = ranging_replay_text_t()
  // docs/FORMATS.md §1: a name holds no comma, and the track does not quote one (it would add a field).
  guard rowCount >= 0, let columns = columns?.pointee, let objectNames = names(objects),
    !objectNames.contains(where: { $0.utf8.contains(UInt8(ascii: ",")) })
  else { return 64 }
  var rows: [FilteredTrackWriter.Row] = []
  // No rows may come with NULL columns; a row needs every one.
  if rowCount > 0 {
    guard let t = columns.t, let objects = columns.object, let distance = columns.distance_m, let sigma = columns.sigma_m,
      let dirX = columns.dir_x, let dirY = columns.dir_y, let dirZ = columns.dir_z, let states = columns.direction_state,
      let dirSigma = columns.dir_sigma_deg, let nlos = columns.nlos
    else { return 64 }
    rows.reserveCapacity(rowCount)
    for index in 0..<rowCount {
      let object = objects[index]
      guard (0..<Int64(objectNames.count)).contains(object),
        let state = CAPIStatus.directionState(code: states[index])
      else { return 64 }
      rows.append(FilteredTrackWriter.Row(
        seconds: t[index], objectName: objectNames[Int(object)], distanceMeters: distance[index],
        sigmaMeters: sigma[index], direction: direction(dirX[index], dirY[index], dirZ[index]),
        directionState: state, directionSigmaDegrees: dirSigma[index], nonLineOfSightProbability: nlos[index]))
    }
  }
  guard let output = MemoryOutput(name: "filtered track") else { return 74 }
  let writer = FilteredTrackWriter(output: output.file)
  for row in rows {
    writer.write(row)
  }
  return take(output, into: text)
}

@c(ranging_write_summary)
public func rangingWriteSummary(
  _ name: UnsafePointer<CChar>?, _ summary: UnsafePointer<ranging_replay_summary_t>?,
  _ text: UnsafeMutablePointer<ranging_replay_text_t>?
) -> Int32 {
  guard let text else { return 64 }
  text.pointee = ranging_replay_text_t()
  guard let name, let counts = summary?.pointee,
    let reasons = counts.rejected_reasons == nil ? [] : names(counts.rejected_reasons),
    reasons.isEmpty || counts.rejected_counts != nil, Set(reasons).count == reasons.count,
    let unused = counts.unused_columns == nil ? [] : names(counts.unused_columns)
  else { return 64 }
  let given = [
    counts.rows_read, counts.measurements_accepted, counts.lifecycle_accepted, counts.poses_accepted, counts.objects,
    counts.evictions, counts.enter_events, counts.exit_events,
  ]
  let rejected = UnsafeBufferPointer(start: counts.rejected_counts, count: reasons.count)
  guard !given.contains(where: { $0 < 0 }), !rejected.contains(where: { $0 < 0 }) else { return 64 }
  var replayed = ReplaySummary()
  replayed.rowsRead = Int(counts.rows_read)
  replayed.measurementsAccepted = Int(counts.measurements_accepted)
  replayed.lifecycleAccepted = Int(counts.lifecycle_accepted)
  replayed.posesAccepted = Int(counts.poses_accepted)
  replayed.objects = Int(counts.objects)
  replayed.evictions = Int(counts.evictions)
  replayed.enterEvents = Int(counts.enter_events)
  replayed.exitEvents = Int(counts.exit_events)
  replayed.rejectedByReason = Dictionary(uniqueKeysWithValues: zip(reasons, rejected.map { Int($0) }))
  replayed.unusedColumns = unused
  // A report is never empty: no bytes is a failed allocation.
  let report = RangingReplayCAPI.text(copying: replayed.report(path: String(cString: name)))
  guard report.bytes != nil else { return 74 }
  text.pointee = report
  return 0
}

@c(ranging_replay_text_free)
public func rangingReplayTextFree(_ text: UnsafeMutablePointer<ranging_replay_text_t>?) {
  guard let text else { return }
  free(UnsafeMutableRawPointer(mutating: text.pointee.bytes))
  text.pointee = ranging_replay_text_t()
}

/// The names of a `ranging_names_t`, or nil for a NULL one or offsets out of
/// order: read as a table's column of texts is (``TableColumn``).
private func names(_ names: UnsafePointer<ranging_names_t>?) -> [String]? {
  guard let names = names?.pointee, names.count < Int.max / 16 else { return nil }
  let count = Int(names.count)
  guard let start = names.offsets else { return count == 0 ? [] : nil }
  let offsets = UnsafeBufferPointer(start: start, count: count + 1)
  let bytes = UnsafeRawPointer(names.bytes).map { $0.assumingMemoryBound(to: UInt8.self) }
  guard TableColumn(name: "", values: .texts(offsets: offsets, bytes: bytes)).isWellFormed(rowCount: count) else {
    return nil
  }
  return (0..<count).map { String(decoding: TableColumn.bytes($0, offsets: offsets, bytes: bytes), as: UTF8.self) }
}

/// The exit reason of a `RANGING_EXIT_*` code (nil inside: none), or nil for a code that is none of them.
private func exitReason(code: UInt8) -> ExitReason?? {
  let reasons: [ExitReason?] = [nil, .lost, .removedTimeout, .removedPeerEnded, .suspended, .invalidated, .evicted]
  return reasons.first { CAPIStatus.exitReason($0) == code }
}

/// A direction as the C records and columns hold it (`ranging_replay_state_t`,
/// `ranging_filtered_columns_t`): none when any component is NaN (a replay's
/// records hold NaN in all three for none).
func direction(_ x: Double, _ y: Double, _ z: Double) -> (x: Double, y: Double, z: Double)? {
  x.isNaN || y.isNaN || z.isNaN ? nil : (x, y, z)
}

/// An event's time on the engine's clock, or nil for one no clock holds (the reader's range of `t`).
private func timestamp(_ seconds: Double) -> Timestamp? {
  guard seconds.isFinite, abs(seconds) < RangingCSVReader.maximumSeconds else { return nil }
  return Timestamp(seconds: seconds)
}

/// Hands `output`'s bytes to `text`: 0, or 74 when they could not be written.
private func take(_ output: MemoryOutput, into text: UnsafeMutablePointer<ranging_replay_text_t>) -> Int32 {
  guard let bytes = try? output.take() else { return 74 }
  text.pointee = RangingReplayCAPI.text(bytes)
  return 0
}
