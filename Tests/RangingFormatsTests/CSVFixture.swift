// SPDX-License-Identifier: Apache-2.0
import Foundation
import RangingEngine

@testable import RangingFormats

/// Small CSV inputs written to unique temporary files, for reader tests.
enum CSVFixture {
  /// Writes `contents` (UTF-8) to a new temporary file and returns its path.
  static func write(_ contents: String) throws -> String {
    try write(bytes: Array(contents.utf8))
  }

  /// Writes raw bytes to a new temporary file and returns its path.
  static func write(bytes: [UInt8]) throws -> String {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("ranging-csv-\(UUID().uuidString).csv")
    try Data(bytes).write(to: url)
    return url.path
  }

  /// Removes a file written by ``write(_:)``.
  static func remove(_ path: String) {
    try? FileManager.default.removeItem(atPath: path)
  }

  /// Reads every record of `contents` through a reader with the given buffer sizes.
  static func read(
    _ contents: String, chunkBytes: Int = 65_536, maxLineBytes: Int = 1 << 20
  ) throws -> (columns: [String], records: [DatasetRecord]) {
    let path = try write(contents)
    defer { remove(path) }
    return try readFile(path, chunkBytes: chunkBytes, maxLineBytes: maxLineBytes)
  }

  /// Reads every record of the file at `path`.
  static func readFile(
    _ path: String, chunkBytes: Int = 65_536, maxLineBytes: Int = 1 << 20
  ) throws(DatasetError) -> (columns: [String], records: [DatasetRecord]) {
    var reader = try RangingCSVReader(path: path, chunkBytes: chunkBytes, maxLineBytes: maxLineBytes)
    var records: [DatasetRecord] = []
    while let record = try reader.next() { records.append(record) }
    return (reader.columns, records)
  }

  /// The error `RangingCSVReader(path:)` throws for `contents`, or nil.
  static func openingError(_ contents: String, maxLineBytes: Int = 1 << 20) throws -> DatasetError? {
    let path = try write(contents)
    defer { remove(path) }
    return openingError(path: path, maxLineBytes: maxLineBytes)
  }

  /// The error `RangingCSVReader(path:)` throws for `path`, or nil.
  static func openingError(path: String, maxLineBytes: Int = 1 << 20) -> DatasetError? {
    do {
      _ = try RangingCSVReader(path: path, chunkBytes: 65_536, maxLineBytes: maxLineBytes)
      return nil
    } catch {
      return error
    }
  }
}

/// A measurement record's fields, flattened for assertions.
struct MeasurementFields {
  let line: Int
  let object: String
  let seconds: Double
  let update: RangingUpdate
  let truth: GroundTruth
}

extension DatasetRecord {
  /// The measurement's fields, or nil for another kind of record.
  var measurementFields: MeasurementFields? {
    guard case .measurement(let line, let object, let seconds, let update, let truth, _) = self else {
      return nil
    }
    return MeasurementFields(line: line, object: object, seconds: seconds, update: update, truth: truth)
  }

  /// The rejection, or nil for another kind of record.
  var rejection: RowRejection? {
    guard case .rejected(let rejection) = self else { return nil }
    return rejection
  }

  /// The life-cycle event with its object and time, or nil for another kind of record.
  var lifecycle: (object: String, seconds: Double, event: LifecycleEvent)? {
    guard case .lifecycle(_, let object, let seconds, let event) = self else { return nil }
    return (object, seconds, event)
  }
}
