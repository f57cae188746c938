// SPDX-License-Identifier: Apache-2.0
/// How an input's columns and units map onto the ranging CSV of
/// docs/FORMATS.md §1 (docs/FORMATS.md §5): which header name holds each
/// canonical column, and the units of lengths, times and angles.
///
/// ``identity`` reads a file exactly as §1 says, with no conversion: the
/// reader's fast path is then the one it always was. A mapping that only
/// renames columns converts nothing either; units other than metres and
/// seconds, or an angle unit, switch on one conversion step per row.
///
/// Azimuth and elevation are read only when ``angleUnit`` says their unit:
/// without it, columns named `azimuth` and `elevation` stay unknown columns
/// (and are listed as unused), as they always were. With it, a row's
/// azimuth θ and elevation φ become the unit vector of
/// `SphericalDirection.unitVector(azimuthRadians:elevationRadians:)`; a row
/// with azimuth alone gives `horizontal_angle`. When the header also has
/// `dir_*` columns, those win and azimuth and elevation are not read.
///
///     var mapping = ColumnMapping.preset(named: "android")!
///     try mapping.setSource("elapsed_ns", for: "t")
///     var reader = try RangingCSVReader(path: "export.csv", mapping: mapping)
public struct ColumnMapping: Equatable, Sendable {
  /// Header name of each canonical column that is not read under its own
  /// name, by canonical name (`distance` → `range_cm`).
  public private(set) var sources: [String: String] = [:]
  /// Canonical names whose source must be in the header: those given by
  /// ``setSource(_:for:)``; a preset's are optional (a log may lack a column).
  public private(set) var requiredSources: Set<String> = []
  /// Unit of `distance`, `true_distance` and `true_x`, `true_y`, `true_z`.
  public var distanceUnit: DistanceUnit = .m
  /// Unit of `t`.
  public var timeUnit: TimeUnit = .s
  /// Unit of `azimuth`, `elevation` and `horizontal_angle`; nil reads
  /// `horizontal_angle` in radians and does not read azimuth or elevation.
  public var angleUnit: AngleUnit? = nil
  /// A column that must hold one word for the row to be a measurement
  /// (Qorvo's `status` must be `SUCCESS`), or nil. A row whose field differs
  /// (or is empty) is rejected as `no_measurement`, naming that field, even
  /// when it carries a distance: the radio says the exchange failed.
  public var successStatus: SuccessStatus? = nil

  /// The column a log marks each measurement's success in, and the word that means success.
  public struct SuccessStatus: Equatable, Sendable {
    /// The header name (`status`).
    public var column: String
    /// The field of a successful measurement (`SUCCESS`), compared exactly.
    public var value: String

    public init(column: String, value: String) {
      self.column = column
      self.value = value
    }
  }

  /// Reads docs/FORMATS.md §1 as it is.
  public static let identity = ColumnMapping()

  public init() {}

  /// The canonical column names a mapping can name (docs/FORMATS.md §1, and
  /// `azimuth`, `elevation` of §5).
  public static var canonicalNames: [String] { KnownColumn.allCases.map(\.name) }

  /// Why ``setSource(_:for:)`` refused a column.
  public enum SourceError: Error, Equatable, CustomStringConvertible {
    /// The canonical name is not a column of docs/FORMATS.md §1 or §5.
    case unknownColumn(String)
    /// The source name is empty or holds a comma.
    case badSource(String)
    /// The canonical column already has another explicit source.
    case mappedTwice(column: String, first: String, second: String)
    /// Another canonical column already reads this source.
    case sourceTaken(source: String, by: String, column: String)
    /// The source is another canonical column's own name, and that column
    /// is still read under it (`--column t=object`).
    case ownNameTaken(source: String, column: String)

    public var description: String {
      switch self {
      case .unknownColumn(let name):
        "'\(name)' is not a column rangectl reads; expected one of \(ColumnMapping.canonicalNames.joined(separator: ", "))"
      case .badSource(let source):
        "'\(source)' cannot be a header name (empty, or holds a comma)"
      case .mappedTwice(let column, let first, let second):
        "'\(column)' is mapped twice ('\(first)' and '\(second)')"
      case .sourceTaken(let source, let by, let column):
        "'\(source)' is already read as '\(by)'; it cannot also be '\(column)'"
      case .ownNameTaken(let source, let column):
        "'\(source)' is read as '\(source)' under its own name; it cannot also be '\(column)' "
          + "unless '\(source)' is read from another header name (--column \(source)=NAME)"
      }
    }
  }

  /// Reads canonical column `canonical` from the header name `source`; the
  /// header must then have `source` (the reader refuses it otherwise).
  /// Overrides a preset's source for the same column.
  ///
  /// - Throws: ``SourceError`` for an unknown canonical name, an empty source
  ///   or one with a comma, a column given two explicit sources, or a source
  ///   already read as another column.
  public mutating func setSource(_ source: String, for canonical: String) throws(SourceError) {
    guard KnownColumn.allCases.contains(where: { $0.name == canonical }) else { throw .unknownColumn(canonical) }
    guard !source.isEmpty, !source.contains(",") else { throw .badSource(source) }
    if requiredSources.contains(canonical), let first = sources[canonical], first != source {
      throw .mappedTwice(column: canonical, first: first, second: source)
    }
    if let (other, _) = sources.first(where: { $0.key != canonical && $0.value == source }) {
      throw .sourceTaken(source: source, by: other, column: canonical)
    }
    sources[canonical] = source
    requiredSources.insert(canonical)
  }

  /// The first header name that two columns would both read: a column given
  /// another column's own name as its source while that column still reads
  /// it (`--column t=object` alone). Checked once every source is set, since a
  /// later `--column object=peer` resolves it; nil when there is none.
  public var sharedSource: SourceError? {
    let readable = KnownColumn.allCases.filter { angleUnit != nil || ($0 != .azimuth && $0 != .elevation) }
    for column in readable {
      guard let source = sources[column.name],
        let owner = readable.first(where: { $0 != column && $0.name == source && self.source(of: $0) == source })
      else { continue }
      return .ownNameTaken(source: owner.name, column: column.name)
    }
    return nil
  }

  /// Sets a source without requiring it in the header: for presets.
  mutating func setOptionalSource(_ source: String, for canonical: String) {
    sources[canonical] = source
  }

  /// The header name that holds `column`.
  func source(of column: KnownColumn) -> String { sources[column.name] ?? column.name }

  /// True when the reader converts nothing: metres, seconds, no angle unit.
  var convertsNothing: Bool { distanceUnit == .m && timeUnit == .s && angleUnit == nil }
}
