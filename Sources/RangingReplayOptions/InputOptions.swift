// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import RangingFormats

extension DistanceUnit: ExpressibleByArgument {}
extension TimeUnit: ExpressibleByArgument {}
extension AngleUnit: ExpressibleByArgument {}

/// How the input's columns and units map onto docs/FORMATS.md §1
/// (docs/FORMATS.md §5), shared by every command that reads a ranging CSV.
///
/// With none of these options the input is read as §1 says, on the reader's
/// unconverted fast path. A preset sets columns and units first; `--column`
/// and the unit options given beside it override it.
public struct InputOptions: ParsableArguments, Sendable {
  public init() {}

  @Option(help: ArgumentHelp(
    "Read a known log layout: android (RangingPosition export: ns, m, degrees) or qorvo "
      + "(QM33 SDK SESSION_INFO_NTF as CSV: ms, cm, degrees).", valueName: "name"))
  public var preset: String?

  @Option(name: .customLong("column"), help: ArgumentHelp(
    "Read a column from another header name, e.g. distance=range_cm (repeatable).", valueName: "column=name"))
  public var columns: [String] = []

  @Option(help: ArgumentHelp("Unit of distance and the true_* columns.", valueName: "unit"))
  public var distanceUnit: DistanceUnit?

  @Option(help: ArgumentHelp("Unit of t.", valueName: "unit"))
  public var timeUnit: TimeUnit?

  @Option(help: ArgumentHelp(
    "Unit of the azimuth, elevation and horizontal_angle columns; azimuth and elevation are read "
      + "only when it is given.", valueName: "unit"))
  public var angleUnit: AngleUnit?

  public func validate() throws {
    _ = try mapping()
  }

  /// The mapping these options describe; `.identity` when none is given.
  ///
  /// - Throws: `ValidationError` (exit 64) for an unknown preset, a
  ///   `--column` that is not `column=name`, names an unknown column, maps
  ///   one twice, or reads one header name as two columns.
  public func mapping() throws -> ColumnMapping {
    var mapping = ColumnMapping.identity
    if let preset {
      guard let named = ColumnMapping.preset(named: preset) else {
        throw ValidationError(
          "--preset: unknown preset '\(preset)'; expected one of \(ColumnMapping.presetNames.joined(separator: ", "))")
      }
      mapping = named
    }
    for entry in columns {
      guard let equals = entry.firstIndex(of: "=") else {
        throw ValidationError("--column \(entry): expected column=name, e.g. distance=range_cm")
      }
      let canonical = entry[..<equals].trimmingSpaces, source = entry[entry.index(after: equals)...].trimmingSpaces
      do {
        try mapping.setSource(source, for: canonical)
      } catch {
        throw ValidationError("--column \(entry): \(error)")
      }
    }
    if let angleUnit { mapping.angleUnit = angleUnit }
    if let shared = mapping.sharedSource { throw ValidationError("--column: \(shared)") }
    if let distanceUnit { mapping.distanceUnit = distanceUnit }
    if let timeUnit { mapping.timeUnit = timeUnit }
    return mapping
  }
}

extension Substring {
  /// Without leading and trailing ASCII spaces and tabs, as the reader trims header names.
  fileprivate var trimmingSpaces: String {
    let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    return String(drop(while: blank).reversed().drop(while: blank).reversed())
  }
}
