// SPDX-License-Identifier: Apache-2.0
import Foundation
import RangingEngine
import Testing

@testable import RangingFormats

/// The rules of docs/FORMATS.md §5, one test each, through the reader.
/// Reference values are closed forms (unit conversions by hand, and the unit
/// vector of azimuth θ and elevation φ at angles whose sines are known).
@Suite("ColumnMapping")
struct ColumnMappingTests {
  /// Every record of `contents` read through `mapping`.
  static func read(_ contents: String, _ mapping: ColumnMapping) throws -> (reader: RangingCSVReader, records: [DatasetRecord]) {
    let path = try CSVFixture.write(contents)
    defer { CSVFixture.remove(path) }
    var reader = try RangingCSVReader(path: path, mapping: mapping)
    var records: [DatasetRecord] = []
    while let record = try reader.next() { records.append(record) }
    return (reader, records)
  }

  static func mapping(_ build: (inout ColumnMapping) throws -> Void) rethrows -> ColumnMapping {
    var mapping = ColumnMapping.identity
    try build(&mapping)
    return mapping
  }

  @Test("--column reads a canonical column from another header name, and the file's own column of that name is unused")
  func renamedColumn() throws {
    let mapping = try Self.mapping { try $0.setSource("range_cm", for: "distance") }
    let (reader, records) = try Self.read("t,object,range_cm,distance\n1,a,2.5,9\n", mapping)
    #expect(records.first?.measurementFields?.update.distanceMeters == 2.5)
    #expect(reader.unusedColumns == ["distance"])
    #expect(reader.headerColumn(for: "distance")?.name == "range_cm")
  }

  struct UnitCase: Sendable, CustomTestStringConvertible {
    let distance: DistanceUnit
    let time: TimeUnit
    let distanceText: String
    let timeText: String
    let meters: Double
    let seconds: Double
    var testDescription: String { "\(distanceText) \(distance), \(timeText) \(time)" }
  }

  static let unitCases: [UnitCase] = [
    UnitCase(distance: .m, time: .s, distanceText: "1.5", timeText: "2.25", meters: 1.5, seconds: 2.25),
    UnitCase(distance: .cm, time: .ms, distanceText: "150", timeText: "2250", meters: 1.5, seconds: 2.25),
    UnitCase(distance: .mm, time: .us, distanceText: "1500", timeText: "2250000", meters: 1.5, seconds: 2.25),
    UnitCase(distance: .cm, time: .ns, distanceText: "123", timeText: "86400123000000", meters: 1.23, seconds: 86_400.123),
  ]

  @Test("--distance-unit and --time-unit divide by the unit's exact power of ten", arguments: unitCases)
  func units(_ unit: UnitCase) throws {
    let mapping = Self.mapping {
      $0.distanceUnit = unit.distance
      $0.timeUnit = unit.time
    }
    let (_, records) = try Self.read(
      "t,object,distance,true_distance\n\(unit.timeText),a,\(unit.distanceText),\(unit.distanceText)\n", mapping)
    let fields = try #require(records.first?.measurementFields)
    // The same Doubles as the decimal text in metres and seconds would give.
    #expect(fields.update.distanceMeters == unit.meters)
    #expect(fields.truth.distanceMeters == unit.meters)
    #expect(fields.seconds == unit.seconds)
    #expect(fields.update.time == Timestamp(seconds: unit.seconds))
  }

  struct AngleCase: Sendable, CustomTestStringConvertible {
    let azimuth: String
    let elevation: String
    let unit: AngleUnit
    /// x = cos φ sin θ, y = sin φ, z = −cos φ cos θ, worked out by hand.
    let expected: (x: Double, y: Double, z: Double)
    var testDescription: String { "az \(azimuth) el \(elevation) \(unit)" }
  }

  static let angleCases: [AngleCase] = [
    AngleCase(azimuth: "0", elevation: "0", unit: .deg, expected: (0, 0, -1)),
    AngleCase(azimuth: "90", elevation: "0", unit: .deg, expected: (1, 0, 0)),
    AngleCase(azimuth: "-90", elevation: "0", unit: .deg, expected: (-1, 0, 0)),
    AngleCase(azimuth: "30", elevation: "0", unit: .deg, expected: (0.5, 0, -(3.0).squareRoot() / 2)),
    AngleCase(azimuth: "0", elevation: "30", unit: .deg, expected: (0, 0.5, -(3.0).squareRoot() / 2)),
    AngleCase(azimuth: "0", elevation: "-90", unit: .deg, expected: (0, -1, 0)),
    AngleCase(azimuth: "-45", elevation: "45", unit: .deg, expected: (-0.5, (2.0).squareRoot() / 2, -0.5)),
    AngleCase(azimuth: "180", elevation: "0", unit: .deg, expected: (0, 0, 1)),
    AngleCase(azimuth: "0.5235987755982988", elevation: "0.7853981633974483", unit: .rad,
              expected: ((2.0).squareRoot() / 4, (2.0).squareRoot() / 2, -(6.0).squareRoot() / 4)),
  ]

  @Test("Azimuth and elevation become the unit vector of Android's convention", arguments: angleCases)
  func direction(_ angle: AngleCase) throws {
    let mapping = Self.mapping { $0.angleUnit = angle.unit }
    let (_, records) = try Self.read("t,object,azimuth,elevation\n1,a,\(angle.azimuth),\(angle.elevation)\n", mapping)
    let direction = try #require(records.first?.measurementFields?.update.direction)
    #expect(abs(direction.x - angle.expected.x) < 1e-15)
    #expect(abs(direction.y - angle.expected.y) < 1e-15)
    #expect(abs(direction.z - angle.expected.z) < 1e-15)
  }

  @Test("Azimuth alone is the horizontal angle in radians, unless the row has its own")
  func azimuthAlone() throws {
    let mapping = Self.mapping { $0.angleUnit = .deg }
    let (_, records) = try Self.read("t,object,azimuth,elevation,horizontal_angle\n1,a,-60,,\n2,a,-60,,30\n", mapping)
    #expect(records[0].measurementFields?.update.direction == nil)
    #expect(abs(records[0].measurementFields!.update.horizontalAngleRadians! + Double.pi / 3) < 1e-15)
    #expect(abs(records[1].measurementFields!.update.horizontalAngleRadians! - Double.pi / 6) < 1e-15)
  }

  @Test("Elevation without azimuth, and angles out of range, are rejected against the file's column")
  func angleRejections() throws {
    var mapping = try Self.mapping { try $0.setSource("loc_el", for: "elevation") }
    mapping.angleUnit = .deg
    let (_, records) = try Self.read("t,object,azimuth,loc_el\n1,a,,10\n2,a,180.5,0\n3,a,10,-91\n4,a,1e308,0\n", mapping)
    let rejections = records.compactMap(\.rejection)
    #expect(rejections.map(\.reason) == ["incomplete_direction", "angle_out_of_range", "angle_out_of_range", "angle_out_of_range"])
    #expect(rejections.map(\.field) == ["azimuth", "azimuth", "loc_el", "azimuth"])
    #expect(rejections.map(\.column) == [3, 3, 4, 3])
  }

  @Test("Without an angle unit, azimuth and elevation stay unknown columns, named as unused")
  func anglesNeedAUnit() throws {
    let (reader, records) = try Self.read("t,object,distance,azimuth,elevation\n1,a,2,10,5\n", .identity)
    #expect(records.first?.measurementFields?.update.direction == nil)
    #expect(reader.unusedColumns == ["azimuth", "elevation"])
  }

  @Test("dir_* win over azimuth and elevation, which are then unused")
  func dirColumnsWin() throws {
    let mapping = Self.mapping { $0.angleUnit = .deg }
    let (reader, records) = try Self.read("t,object,dir_x,dir_y,dir_z,azimuth,elevation\n1,a,0,0,-1,90,0\n", mapping)
    #expect(records.first?.measurementFields?.update.direction == Direction(x: 0, y: 0, z: -1))
    #expect(reader.unusedColumns == ["azimuth", "elevation"])
  }

  @Test("A rejected field is named as the file names it")
  func rejectionNamesTheSource() throws {
    let mapping = try Self.mapping {
      try $0.setSource("distance[cm]", for: "distance")
      $0.distanceUnit = .cm
    }
    let (_, records) = try Self.read("t,object,distance[cm]\n1,a,n/a\n2,a,-5\n", mapping)
    let rejections = records.compactMap(\.rejection)
    #expect(rejections.map(\.field) == ["distance[cm]", "distance[cm]"])
    #expect(rejections.map(\.reason) == ["malformed_number", "negative_distance"])
  }

  @Test("Converted values are checked after conversion: a time beyond Timestamp's range is rejected, not trapped")
  func checksAfterConversion() throws {
    let mapping = Self.mapping {
      $0.timeUnit = .ns
      $0.distanceUnit = .mm
    }
    let (_, records) = try Self.read("t,object,distance\n1e30,a,1\n1,a,2000000\n1e300,a,1e308\n", mapping)
    #expect(records.compactMap(\.rejection).map(\.reason) == ["time_out_of_range", "distance_out_of_range", "time_out_of_range"])
  }

  @Test("A column that --column names must be in the header; a preset's may be missing")
  func requiredSources() throws {
    let mapping = try Self.mapping { try $0.setSource("range_cm", for: "distance") }
    let error = try #require(throws: DatasetError.self) { try Self.read("t,object,distance\n1,a,2\n", mapping) }
    #expect(error.line == 1)
    #expect(error.kind == .notARangingCSV(reason: "no column 'range_cm' (--column distance=range_cm)"))
    // The android preset names device_address; a file with another object column fails for `object`, not for it.
    let preset = try #require(ColumnMapping.preset(named: "android"))
    let (_, records) = try Self.read("elapsed_realtime_nanos,device_address,distance\n1000000000,a,2\n", preset)
    #expect(records.first?.measurementFields?.seconds == 1)
  }

  struct SourceCase: Sendable, CustomTestStringConvertible {
    let entries: [(String, String)]
    let error: ColumnMapping.SourceError
    var testDescription: String { "\(entries)" }
  }

  static let sourceCases: [SourceCase] = [
    SourceCase(entries: [("range", "r")], error: .unknownColumn("range")),
    SourceCase(entries: [("distance", "")], error: .badSource("")),
    SourceCase(entries: [("distance", "a,b")], error: .badSource("a,b")),
    SourceCase(entries: [("distance", "a"), ("distance", "b")], error: .mappedTwice(column: "distance", first: "a", second: "b")),
    SourceCase(entries: [("distance", "a"), ("true_distance", "a")], error: .sourceTaken(source: "a", by: "distance", column: "true_distance")),
  ]

  @Test("setSource refuses what cannot be a mapping", arguments: sourceCases)
  func sourceErrors(_ entry: SourceCase) {
    var mapping = ColumnMapping.identity
    #expect(throws: entry.error) {
      for (canonical, source) in entry.entries { try mapping.setSource(source, for: canonical) }
    }
  }

  @Test("A column given another column's own name is refused while that column still reads it")
  func sharedSource() throws {
    #expect(try Self.mapping { try $0.setSource("object", for: "t") }.sharedSource
      == .ownNameTaken(source: "object", column: "t"))
    // Resolved when `object` reads another header name, whatever the order.
    #expect(try Self.mapping { try $0.setSource("object", for: "t"); try $0.setSource("peer", for: "object") }
      .sharedSource == nil)
    // `azimuth` is read only with an angle unit: before it, the name is free.
    var angles = try Self.mapping { try $0.setSource("azimuth", for: "horizontal_angle") }
    #expect(angles.sharedSource == nil)
    angles.angleUnit = .deg
    #expect(angles.sharedSource == .ownNameTaken(source: "azimuth", column: "horizontal_angle"))
  }

  @Test("Under the qorvo preset a row whose status is not SUCCESS is rejected, naming the field, distance or not")
  func qorvoStatus() throws {
    let csv = "time_ms,mac_address,status,distance[cm]\n1000,a,SUCCESS,150\n1100,a,FAIL,150\n1200,a, ,150\n"
      + "1300,a,RX_TIMEOUT,\n1400,a,success,160\n"
    let (_, records) = try Self.read(csv, .qorvo)
    #expect(records.compactMap(\.measurementFields).map(\.update.distanceMeters) == [1.5])
    #expect(records.compactMap(\.rejection) == [
      RowRejection(line: 3, column: 3, field: "status", reason: "no_measurement", text: "FAIL"),
      RowRejection(line: 4, column: 3, field: "status", reason: "no_measurement", text: ""),
      RowRejection(line: 5, column: 3, field: "status", reason: "no_measurement", text: "RX_TIMEOUT"),
      RowRejection(line: 6, column: 3, field: "status", reason: "no_measurement", text: "success"),
    ])
    // Without the preset the status column is not read.
    var plain = ColumnMapping.qorvo
    plain.successStatus = nil
    #expect(try Self.read(csv, plain).1.compactMap(\.measurementFields).count == 4)
  }

  /// The lines of a preset fixture and the scanner and parser of its header under `mapping`.
  static func fixtureReaders(_ file: String, _ mapping: ColumnMapping) throws -> (lines: [String], scanner: RowScanner, parser: RowParser) {
    let lines = try String(contentsOf: fixture(file), encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }
    let layout = try ColumnLayout.make(names: CSVFields.split(String(lines[0])), mapping: mapping).get()
    return (lines.dropFirst().map(String.init), RowScanner(layout: layout), RowParser(layout: layout))
  }

  /// Whether the scanner took `line`; when it did, the parser must make the same measurement of it.
  @discardableResult
  static func expectAgreement(_ line: String, _ scanner: RowScanner, _ parser: RowParser) -> Bool {
    guard let row = scan(line, scanner) else { return false }
    guard let fields = parser.record(line: 1, text: line).measurementFields else {
      Issue.record("the scanner took a line the parser does not read as a measurement: \(line)")
      return true
    }
    #expect(row.seconds.bitPattern == fields.seconds.bitPattern && row.update.time == fields.update.time, "\(line)")
    #expect(row.update.distanceMeters == fields.update.distanceMeters, "\(line)")
    #expect(row.update.direction == fields.update.direction, "\(line)")
    #expect(row.update.horizontalAngleRadians == fields.update.horizontalAngleRadians, "\(line)")
    return true
  }

  @Test("The fast scanner and the parser agree on every row of the preset fixtures")
  func scannerAgreesUnderMappings() throws {
    for (file, mapping) in [("android-export.csv", ColumnMapping.android), ("qorvo-session-info.csv", .qorvo)] {
      let (lines, scanner, parser) = try Self.fixtureReaders(file, mapping)
      let scanned = lines.filter { Self.expectAgreement($0, scanner, parser) }.count
      #expect(scanned == 101, "\(file): the scanner should take every measurement row")
    }
  }

  @Test("Rows of a mapped layout with random damage: whatever the scanner accepts, the parser reads the same")
  func damagedMappedRows() throws {
    let (lines, scanner, parser) = try Self.fixtureReaders("qorvo-session-info.csv", .qorvo)
    let alphabet = Array("0123456789.,-+eE \tx".unicodeScalars)
    var random = SplitMix64(state: 15)
    var accepted = 0, refused = 0
    for _ in 0..<20_000 {
      let line = LineDamage.damaged(lines[Int(random.next() % UInt64(lines.count))], alphabet: alphabet, random: &random)
      if Self.expectAgreement(line, scanner, parser) { accepted += 1 } else { refused += 1 }
    }
    // Seed 15; both outcomes occur often, so both sides of the comparison were exercised.
    #expect(accepted > 2_000 && refused > 2_000, "seed 15: \(accepted) accepted, \(refused) refused")
  }

  static func fixture(_ name: String) -> URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures/Import/\(name)")
  }

  /// The scanner's row for `line`, laid out as `LineSource` lays lines out.
  static func scan(_ line: String, _ scanner: RowScanner) -> RowView? {
    var bytes = Array(line.utf8)
    let count = bytes.count
    bytes.append(0x0A)
    bytes.append(contentsOf: repeatElement(0x37, count: LineSource.readableBytesAfterLine))
    return bytes.withUnsafeBufferPointer { buffer in
      var row = RowView()
      return scanner.scan(UnsafeBufferPointer(rebasing: buffer[0..<count]), into: &row) ? row : nil
    }
  }
}
