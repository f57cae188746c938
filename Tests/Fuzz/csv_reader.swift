// SPDX-License-Identifier: Apache-2.0
// libFuzzer target: the ranging CSV reader (RangingCSVReader: LineSource,
// RowScanner's fast path, RowParser) and a replay of what it reads, built with
// AddressSanitizer by scripts/checks/fuzz.
//
// The input is written to a file and read three times:
//   1. with 7-byte reads, 2. with 4096-byte reads: the records (kind, line,
//      reason) must be the same, however the bytes arrive;
//   3. replayed through the pipeline: every row accounted for
//      (rows read = accepted + rejected, and = the records of pass 2), and
//      every filtered state with a sigma finite and >= 0 and a direction that
//      is a unit vector or absent.
// Each record is checked on its own: line numbers increase, a measurement
// passes the core's SampleValidation with a time the engine can hold, a
// rejection has a reason and a field.
import RangingEngine
import ZoneMonitor

@testable import RangingFormats
@testable import RangingReplay

#if canImport(Glibc)
import Glibc
#endif

private let path: String = {
  let directory = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp"
  return "\(directory)/ranging-fuzz-csv-\(getpid()).csv"
}()

private func require(_ condition: Bool, _ message: @autoclosure () -> String, line: Int = #line) {
  if !condition {
    fputs("csv_reader.swift:\(line): invariant failed: \(message())\n", stderr)
    abort()
  }
}

/// What pass 1 and 2 compare: the kind, line and reason of each record.
private func summaries(chunkBytes: Int) -> [String]? {
  guard var reader = try? RangingCSVReader(path: path, chunkBytes: chunkBytes, maxLineBytes: 300) else { return nil }
  var result: [String] = []
  var lastLine = 0
  while true {
    let record: DatasetRecord?
    do { record = try reader.next() } catch { require(false, "read failed: \(error)"); return nil }
    guard let record else { break }
    require(record.line > lastLine, "line \(record.line) after \(lastLine)")
    lastLine = record.line
    switch record {
    case .measurement(let line, _, let seconds, let update, _, _):
      require(seconds.isFinite && abs(seconds) < RowParser.maximumSeconds, "time \(seconds)")
      require(SampleValidation().rejection(of: update) == nil, "line \(line): an invalid measurement was accepted")
      result.append("m\(line)")
    case .lifecycle(let line, _, let seconds, let event):
      require(seconds.isFinite, "time \(seconds)")
      result.append("l\(line) \(event)")
    case .pose(let line, let seconds, _):
      require(seconds.isFinite && abs(seconds) < RowParser.maximumSeconds, "time \(seconds)")
      result.append("p\(line)")
    case .rejected(let rejection):
      require(!rejection.reason.isEmpty && !rejection.field.isEmpty, "rejection without a reason")
      require(rejection.text.count <= RowRejection.maximumTextLength + 3, "text not clipped")
      result.append("r\(rejection.line) \(rejection.reason)")
    }
  }
  return result
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard let file = fopen(path, "wb") else { return 0 }
  if size > 0 { fwrite(data, 1, size, file) }
  fclose(file)

  let small = summaries(chunkBytes: 7)
  let large = summaries(chunkBytes: 4096)
  require(small == large, "the records depend on the read size: \(String(describing: small)) vs \(String(describing: large))")
  guard let large, var reader = try? RangingCSVReader(path: path, chunkBytes: 4096, maxLineBytes: 300) else { return 0 }

  let pipeline = RangingPipeline<SwiftKalmanBackend>(
    tracker: TrackerConfiguration(capacity: 4), zones: RangingPipeline<SwiftKalmanBackend>.defaultZones)
  let replayer = Replayer(pipeline: pipeline, zoneNames: ["inner", "outer"])
  let summary: ReplaySummary
  do { summary = try replayer.run(&reader, observer: OutputChecks()) } catch { require(false, "replay failed: \(error)"); return 0 }
  require(summary.rowsRead == summary.rowsAccepted + summary.rowsRejected,
          "rows read \(summary.rowsRead) != accepted \(summary.rowsAccepted) + rejected \(summary.rowsRejected)")
  require(summary.rowsRead == large.count, "replay read \(summary.rowsRead) rows, the reader \(large.count)")
  return 0
}

/// Checks every state and event the replay hands out: sigmas never negative,
/// distances finite and non-negative when known, directions of unit length.
final class OutputChecks: ReplayObserver {
  var observesStates: Bool { true }

  func state(seconds: Double, object _: UInt64, objectName: String, _ state: TrackState) {
    if state.range.distanceMeters.isNaN {
      require(!state.range.sigmaMeters.isFinite || state.range.sigmaMeters >= 0, "sigma \(state.range.sigmaMeters)")
    } else {
      require(state.range.sigmaMeters.isFinite && state.range.sigmaMeters >= 0, "sigma \(state.range.sigmaMeters)")
      require(state.range.distanceMeters.isFinite && state.range.distanceMeters >= 0, "distance \(state.range.distanceMeters)")
    }
    if let direction = state.direction {
      require(abs(direction.length - 1) < 1e-9, "direction length \(direction.length)")
    }
    require(state.directionSigmaRadians.isNaN || state.directionSigmaRadians >= 0, "direction sigma")
  }

  func event(_ event: ZoneEvent, objectName: String) {
    require(event.sigmaMeters.isNaN || (event.sigmaMeters.isFinite && event.sigmaMeters >= 0), "event sigma")
  }
}
