// SPDX-License-Identifier: Apache-2.0
/// A column that docs/FORMATS.md §1 defines, by its header name, and the
/// `azimuth` and `elevation` of §5, read only under a ``ColumnMapping`` with
/// an angle unit. The `true_*` columns come after the measurement's:
/// ``RowScanner`` skips the conversion of the raw values from `trueDistance`
/// on. The `pose_*` columns come last: ``RowScanner`` leaves every row of a
/// file that has them to ``RowParser``.
enum KnownColumn: Int, CaseIterable {
  case t, object, distance, dirX, dirY, dirZ, horizontalAngle, vertical, event
  case azimuth, elevation
  case trueDistance, trueX, trueY, trueZ
  case poseW, poseX, poseY, poseZ

  /// The header name, exactly as in docs/FORMATS.md §1.
  var name: String {
    switch self {
    case .t: "t"
    case .object: "object"
    case .distance: "distance"
    case .dirX: "dir_x"
    case .dirY: "dir_y"
    case .dirZ: "dir_z"
    case .horizontalAngle: "horizontal_angle"
    case .vertical: "vertical"
    case .event: "event"
    case .azimuth: "azimuth"
    case .elevation: "elevation"
    case .trueDistance: "true_distance"
    case .trueX: "true_x"
    case .trueY: "true_y"
    case .trueZ: "true_z"
    case .poseW: "pose_w"
    case .poseX: "pose_x"
    case .poseY: "pose_y"
    case .poseZ: "pose_z"
    }
  }

  /// True for the columns that hold decimal numbers.
  var isNumeric: Bool {
    switch self {
    case .object, .vertical, .event: false
    default: true
    }
  }

  /// How many known columns there are (`allCases.count`, without building the array).
  static let columnCount = KnownColumn.allCases.count

  /// The columns that carry a measurement; they must be empty on an `event` row.
  static let measurementColumns: [KnownColumn] = [
    .distance, .dirX, .dirY, .dirZ, .horizontalAngle, .vertical, .azimuth, .elevation,
  ]

  /// The phone's attitude, `w x y z` (docs/FORMATS.md §1).
  static let poseColumns: [KnownColumn] = [.poseW, .poseX, .poseY, .poseZ]

  /// The ground-truth columns, in order (``GroundTruth``).
  static let truthColumns: [KnownColumn] = [.trueDistance, .trueX, .trueY, .trueZ]

  /// How many of this column's input unit make one of ours under `mapping`:
  /// the value read is divided by it (1 for columns without a unit).
  func unitsPerCanonicalUnit(under mapping: ColumnMapping) -> Double {
    switch self {
    case .t: mapping.timeUnit.perSecond
    case .distance, .trueDistance, .trueX, .trueY, .trueZ: mapping.distanceUnit.perMeter
    case .horizontalAngle, .azimuth, .elevation: mapping.angleUnit?.perRadian ?? 1
    case .object, .dirX, .dirY, .dirZ, .vertical, .event, .poseW, .poseX, .poseY, .poseZ: 1
    }
  }
}

/// Where each known column sits in one file's header, and how its values
/// convert to ours.
///
/// Built once from the header line and a ``ColumnMapping``. Unknown names are
/// ignored (docs/FORMATS.md §1 keeps them for other tools) and listed in
/// ``unusedColumns``; a known name given twice makes the file ambiguous, so
/// it is refused rather than guessed at.
struct ColumnLayout {
  /// Number of fields in the header; every data row must have as many.
  let fieldCount: Int
  /// Known columns present, in file order (by index).
  let present: [(column: KnownColumn, index: Int)]
  /// 0-based index of each known column, indexed by `KnownColumn.rawValue`.
  private let indices: [Int?]
  /// The header's names, trimmed, in file order.
  private let names: [String]
  /// Divisor of each known column's values (by `KnownColumn.rawValue`) from
  /// the input's units to ours; nil when the mapping converts nothing, so
  /// that the plain layout takes no conversion step at all.
  let divisors: [Double]?
  /// Header names that no known column reads, in file order, each once.
  let unusedColumns: [String]
  /// The 0-based column of each of ``unusedColumns``: its first in the header.
  let unusedColumnIndices: [Int]
  /// The 0-based index of ``ColumnMapping/successStatus``'s column and the
  /// word a measurement's field must hold there, when the mapping has one
  /// and the header has its column.
  let successStatus: (index: Int, value: String)?

  /// Reads the layout from the header's trimmed field names.
  ///
  /// - Returns: the layout, or the reason the header is not a ranging CSV
  ///   header (`no 't' column; found ...` with ``ForeignHeader/hint``,
  ///   `no 'object' column; found ...`, `duplicate column 'x'`,
  ///   `no column 'x' (--column distance=x)`).
  static func make(names: [Substring], mapping: ColumnMapping = .identity) -> Result<ColumnLayout, HeaderProblem> {
    let readable = KnownColumn.allCases.filter {
      mapping.angleUnit != nil || ($0 != .azimuth && $0 != .elevation)
    }
    var indices = [Int?](repeating: nil, count: KnownColumn.allCases.count)
    for (index, name) in names.enumerated() {
      // A column mapped to this name wins over one that only has it as its own name.
      let matches = readable.filter { mapping.source(of: $0) == name }
      guard let column = matches.first(where: { mapping.sources[$0.name] != nil }) ?? matches.first else { continue }
      if indices[column.rawValue] != nil {
        return .failure(HeaderProblem("duplicate column '\(name)'"))
      }
      indices[column.rawValue] = index
    }
    for name in mapping.requiredSources.sorted() {
      let source = mapping.sources[name] ?? name
      if !names.contains(where: { $0 == source }) {
        return .failure(HeaderProblem("no column '\(source)' (--column \(name)=\(source))"))
      }
    }
    for required in [KnownColumn.t, .object] where indices[required.rawValue] == nil {
      let hint = ForeignHeader(names: names, mapping: mapping).hint
      return .failure(HeaderProblem("no '\(mapping.source(of: required))' column; \(hint)"))
    }
    // `dir_*` win over azimuth and elevation (docs/FORMATS.md §5).
    if [KnownColumn.dirX, .dirY, .dirZ].contains(where: { indices[$0.rawValue] != nil }) {
      indices[KnownColumn.azimuth.rawValue] = nil
      indices[KnownColumn.elevation.rawValue] = nil
    }
    let divisors = mapping.convertsNothing ? nil : KnownColumn.allCases.map { $0.unitsPerCanonicalUnit(under: mapping) }
    let status = mapping.successStatus.flatMap { status in
      names.firstIndex { $0 == status.column }.map { (index: $0, value: status.value) }
    }
    return .success(
      ColumnLayout(names: names.map(String.init), indices: indices, divisors: divisors, successStatus: status))
  }

  private init(names: [String], indices: [Int?], divisors: [Double]?, successStatus: (index: Int, value: String)?) {
    self.successStatus = successStatus
    self.fieldCount = names.count
    self.names = names
    self.indices = indices
    self.divisors = divisors
    let present: [(column: KnownColumn, index: Int)] = KnownColumn.allCases
      .compactMap { column in indices[column.rawValue].map { (column, $0) } }
      .sorted { $0.index < $1.index }
    self.present = present
    var unused: [String] = []
    var unusedIndices: [Int] = []
    for (index, name) in names.enumerated()
    where !name.isEmpty && !present.contains(where: { $0.index == index }) && index != successStatus?.index
      && !unused.contains(name)
    {
      unused.append(name)
      unusedIndices.append(index)
    }
    self.unusedColumns = unused
    self.unusedColumnIndices = unusedIndices
  }

  /// The 0-based index of `column`, or nil when the header lacks it.
  subscript(column: KnownColumn) -> Int? { indices[column.rawValue] }

  /// The header's name for `column`: its mapped source, or its own name
  /// when the header lacks it. Rejections name the field this way, so that
  /// the name is the one in the file.
  func headerName(of column: KnownColumn) -> String {
    indices[column.rawValue].map { names[$0] } ?? column.name
  }

  /// The header's name of the field at 0-based `index`.
  func headerName(ofField index: Int) -> String { names[index] }
}

/// Why a header line is not a ranging CSV header, in words.
struct HeaderProblem: Error {
  let reason: String
  init(_ reason: String) { self.reason = reason }
}
