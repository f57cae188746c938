// SPDX-License-Identifier: Apache-2.0
import RangingFormats

/// The measured distances of a ranging CSV, with their truth where the row
/// has one: what ``RangeCalibrationFit`` fits.
public struct CalibrationSamples: Sendable {
  /// One measurement row with a distance.
  public struct Row: Sendable, Equatable {
    /// The 1-based physical line.
    public var line: Int
    public var object: String
    /// The device's distance, metres (finite, >= 0: it passed validation).
    public var measuredMeters: Double
    /// `true_distance`, metres, or nil when the row has none.
    public var trueMeters: Double?

    public init(line: Int, object: String, measuredMeters: Double, trueMeters: Double?) {
      self.line = line
      self.object = object
      self.measuredMeters = measuredMeters
      self.trueMeters = trueMeters
    }
  }

  /// The path as the caller gave it.
  public var path: String
  /// Measurement rows with a distance, in file order (all objects).
  public var rows: [Row] {
    didSet { index = Self.index(rows) }
  }
  /// The objects in order of first appearance, and the rows of each (indices
  /// into ``rows``, in order): grouped once, so that fitting every object of
  /// a recording is linear in its rows, not rows times objects (issue 34, item 9).
  private var index: (objects: [String], rowsOfObject: [String: [Int]])
  /// Data rows read (measurements, life-cycle rows and rejected rows).
  public var rowsRead: Int
  /// Rows the reader rejected (`RowRejection`), which are not used.
  public var rejectedRows: Int
  /// The first rejected row, for the message (`<path>:<line>:<column>: ...`).
  public var firstRejection: RowRejection?

  public init(path: String, rows: [Row], rowsRead: Int = 0, rejectedRows: Int = 0, firstRejection: RowRejection? = nil) {
    self.path = path
    self.rows = rows
    index = Self.index(rows)
    self.rowsRead = rowsRead
    self.rejectedRows = rejectedRows
    self.firstRejection = firstRejection
  }

  /// Reads every measurement row of `path` that has a distance.
  ///
  /// - Throws: `DatasetError` when the file cannot be opened or read, or is
  ///   not a ranging CSV.
  /// - Complexity: O(rows).
  public init(path: String) throws(DatasetError) {
    var reader = try RangingCSVReader(path: path)
    var rows: [Row] = []
    var rowsRead = 0
    var rejected = 0
    var first: RowRejection?
    while let record = try reader.next() {
      rowsRead += 1
      switch record {
      case .measurement(let line, let object, _, let update, let truth, _):
        if let measured = update.distanceMeters {
          rows.append(Row(line: line, object: object, measuredMeters: measured, trueMeters: truth.distanceMeters))
        }
      case .lifecycle, .pose: break
      case .rejected(let rejection):
        rejected += 1
        if first == nil { first = rejection }
      }
    }
    self.init(path: path, rows: rows, rowsRead: rowsRead, rejectedRows: rejected, firstRejection: first)
  }

  /// The object names in order of first appearance.
  public var objects: [String] { index.objects }

  /// The rows of `object` only (none for an unknown one), or all of them for nil.
  ///
  /// - Complexity: O(rows of `object`).
  public func rows(of object: String?) -> [Row] {
    guard let object else { return rows }
    return (index.rowsOfObject[object] ?? []).map { rows[$0] }
  }

  /// Whether `object` has rows here. - Complexity: O(1) expected.
  public func contains(object: String) -> Bool { index.rowsOfObject[object] != nil }

  private static func index(_ rows: [Row]) -> (objects: [String], rowsOfObject: [String: [Int]]) {
    var objects: [String] = []
    var rowsOfObject: [String: [Int]] = [:]
    for (position, row) in rows.enumerated() {
      if rowsOfObject[row.object] == nil { objects.append(row.object) }
      rowsOfObject[row.object, default: []].append(position)
    }
    return (objects, rowsOfObject)
  }
}
