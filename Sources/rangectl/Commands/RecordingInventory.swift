// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import RangingFormats

/// What a ranging CSV holds, read in one pass without running the engine:
/// its columns, its rows by kind, its time span, and per object the rows,
/// what they carry (distance, direction, truth), the time span and the mean
/// update rate (`rangectl info`).
struct RecordingInventory: Sendable {
  /// One object's rows.
  struct Object: Sendable, Equatable {
    var name: String
    /// Measurement rows of this object.
    var rows = 0
    /// Measurement rows with a distance, and with a direction: `dir_*`, or an
    /// azimuth alone (`horizontal_angle`), which the engine tracks as a direction.
    var rowsWithDistance = 0
    var rowsWithDirection = 0
    /// Measurement rows with `true_distance`, and with a true position
    /// (`true_x`, `true_y`, `true_z`: the truth of the direction).
    var rowsWithTrueDistance = 0
    var rowsWithTruePosition = 0
    /// Life-cycle rows of this object.
    var lifecycleRows = 0
    /// `t` of its first and last measurement row, seconds; nil before its
    /// first measurement row.
    var firstSeconds: Double?
    var lastSeconds: Double?
    /// Smallest and largest distance of its measurement rows, metres (after
    /// the mapping's unit); nil without a distance. A range of hundreds of
    /// metres is a sign of a unit left out (`--distance-unit cm`).
    var distanceMinMeters: Double?
    var distanceMaxMeters: Double?

    init(name: String) { self.name = name }

    /// Mean update rate, Hz: (rows - 1) / span, since n rows span n - 1
    /// intervals; nil for fewer than two rows or a zero span.
    var meanRateHz: Double? {
      guard rows > 1, let firstSeconds, let lastSeconds, lastSeconds > firstSeconds else { return nil }
      return Double(rows - 1) / (lastSeconds - firstSeconds)
    }
  }

  /// The header's column names, as written.
  let columns: [String]
  /// Header columns the reader does not use.
  let unusedColumns: [String]
  /// Data rows read: measurements + life-cycle + poses + rejected.
  private(set) var rowsRead = 0
  private(set) var measurementRows = 0
  private(set) var lifecycleRows = 0
  private(set) var poseRows = 0
  /// Rejected rows by reason, and the first one, for the message.
  private(set) var rejectedByReason: [String: Int] = [:]
  private(set) var firstRejection: RowRejection?
  /// Objects in order of first appearance.
  private(set) var objects: [Object] = []
  /// `t` of the first and last accepted row of any kind, seconds.
  private(set) var firstSeconds: Double?
  private(set) var lastSeconds: Double?

  var rejectedRows: Int { rejectedByReason.values.reduce(0, +) }

  /// Reads every row of `path` (`-` for standard input).
  ///
  /// - Throws: ``DatasetError`` when the file cannot be opened or read, or is
  ///   not a ranging CSV.
  /// - Complexity: O(rows) time, O(objects) memory.
  init(path: String, mapping: ColumnMapping = .identity) throws(DatasetError) {
    var reader = try RangingCSVReader(path: path, mapping: mapping)
    columns = reader.columns
    unusedColumns = reader.unusedColumns
    var index: [String: Int] = [:]
    while let record = try reader.next() {
      rowsRead += 1
      switch record {
      case .measurement(_, let name, let seconds, let update, let truth, _):
        measurementRows += 1
        let at = Self.slot(of: name, in: &objects, index: &index)
        objects[at].count(update, truth: truth, at: seconds)
        extendSpan(seconds)
      case .lifecycle(_, let name, let seconds, _):
        lifecycleRows += 1
        objects[Self.slot(of: name, in: &objects, index: &index)].lifecycleRows += 1
        extendSpan(seconds)
      case .pose(_, let seconds, _):
        poseRows += 1
        extendSpan(seconds)
      case .rejected(let rejection):
        rejectedByReason[rejection.reason, default: 0] += 1
        if firstRejection == nil { firstRejection = rejection }
      }
    }
  }

  /// The index of `name` in `objects`, appending it on its first row.
  private static func slot(of name: String, in objects: inout [Object], index: inout [String: Int]) -> Int {
    if let found = index[name] { return found }
    index[name] = objects.count
    objects.append(Object(name: name))
    return objects.count - 1
  }

  private mutating func extendSpan(_ seconds: Double) {
    firstSeconds = min(firstSeconds ?? seconds, seconds)
    lastSeconds = max(lastSeconds ?? seconds, seconds)
  }
}

extension RecordingInventory.Object {
  /// Counts one measurement row and what it carries.
  fileprivate mutating func count(_ update: RangingUpdate, truth: GroundTruth, at seconds: Double) {
    rows += 1
    if let distance = update.distanceMeters {
      rowsWithDistance += 1
      distanceMinMeters = min(distanceMinMeters ?? distance, distance)
      distanceMaxMeters = max(distanceMaxMeters ?? distance, distance)
    }
    if update.direction != nil || update.horizontalAngleRadians != nil { rowsWithDirection += 1 }
    if truth.distanceMeters != nil { rowsWithTrueDistance += 1 }
    if truth.x != nil, truth.y != nil, truth.z != nil { rowsWithTruePosition += 1 }
    // Time may go back between objects and, as a rejected row, within one; the span is min to max.
    firstSeconds = min(firstSeconds ?? seconds, seconds)
    lastSeconds = max(lastSeconds ?? seconds, seconds)
  }
}
