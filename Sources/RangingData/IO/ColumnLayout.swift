// SPDX-License-Identifier: Apache-2.0
/// A column that docs/FORMATS.md §1 defines, by its header name.
enum KnownColumn: Int, CaseIterable {
  case t, object, distance, dirX, dirY, dirZ, horizontalAngle, vertical, event
  case trueDistance, trueX, trueY, trueZ

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
    case .trueDistance: "true_distance"
    case .trueX: "true_x"
    case .trueY: "true_y"
    case .trueZ: "true_z"
    }
  }

  /// True for the columns that hold decimal numbers.
  var isNumeric: Bool {
    switch self {
    case .object, .vertical, .event: false
    default: true
    }
  }

  /// The columns that carry a measurement; they must be empty on an `event` row.
  static let measurementColumns: [KnownColumn] = [
    .distance, .dirX, .dirY, .dirZ, .horizontalAngle, .vertical,
  ]
}

/// Where each known column sits in one file's header.
///
/// Built once from the header line. Unknown names are ignored (docs/FORMATS.md §1
/// keeps them for other tools); a known name given twice makes the file
/// ambiguous, so it is refused rather than guessed at.
struct ColumnLayout {
  /// Number of fields in the header; every data row must have as many.
  let fieldCount: Int
  /// Known columns present, in file order (by index).
  let present: [(column: KnownColumn, index: Int)]
  /// 0-based index of each known column, indexed by `KnownColumn.rawValue`.
  private let indices: [Int?]

  /// Reads the layout from the header's trimmed field names.
  ///
  /// - Returns: the layout, or the reason the header is not a ranging CSV
  ///   header (`no 't' column`, `no 'object' column`, `duplicate column 'x'`).
  static func make(names: [Substring]) -> Result<ColumnLayout, HeaderProblem> {
    var indices = [Int?](repeating: nil, count: KnownColumn.allCases.count)
    for (index, name) in names.enumerated() {
      guard let column = KnownColumn.allCases.first(where: { $0.name == name }) else { continue }
      if indices[column.rawValue] != nil {
        return .failure(HeaderProblem("duplicate column '\(column.name)'"))
      }
      indices[column.rawValue] = index
    }
    for required in [KnownColumn.t, .object] where indices[required.rawValue] == nil {
      return .failure(HeaderProblem("no '\(required.name)' column"))
    }
    return .success(ColumnLayout(fieldCount: names.count, indices: indices))
  }

  private init(fieldCount: Int, indices: [Int?]) {
    self.fieldCount = fieldCount
    self.indices = indices
    self.present = KnownColumn.allCases
      .compactMap { column in indices[column.rawValue].map { (column, $0) } }
      .sorted { $0.index < $1.index }
  }

  /// The 0-based index of `column`, or nil when the header lacks it.
  subscript(column: KnownColumn) -> Int? { indices[column.rawValue] }
}

/// Why a header line is not a ranging CSV header, in words.
struct HeaderProblem: Error {
  let reason: String
  init(_ reason: String) { self.reason = reason }
}
