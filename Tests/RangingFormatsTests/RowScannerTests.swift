// SPDX-License-Identifier: Apache-2.0
import Foundation
import RangingEngine
import Testing

@testable import RangingFormats

/// The fast ``RowScanner`` against the independent ``RowParser``: whenever the
/// scanner accepts a line, the parser must make the same record of it.
@Suite("RowScanner")
struct RowScannerTests {
  static let header = "t,object,distance,dir_x,dir_y,dir_z,horizontal_angle,vertical,event,true_distance,true_x,true_y,true_z"

  /// The data lines of a generated scenario in `datasets/`, found from this file's path.
  static func datasetLines(_ name: String) throws -> [String] {
    let url = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("datasets/\(name)/samples.csv")
    let text = try String(contentsOf: url, encoding: .utf8)
    return text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") && $0 != header }
  }

  let layout: ColumnLayout
  let scanner: RowScanner
  let parser: RowParser

  init() throws {
    layout = try ColumnLayout.make(names: CSVFields.split(Self.header)).get()
    scanner = RowScanner(layout: layout)
    parser = RowParser(layout: layout)
  }

  /// The scanner's row for `line`, laid out as ``LineSource`` lays lines out.
  func scan(_ line: String, convertingTruth: Bool = true) -> (row: RowView, object: String)? {
    var bytes = Array(line.utf8)
    let count = bytes.count
    bytes.append(0x0A)
    bytes.append(contentsOf: repeatElement(0x37, count: LineSource.readableBytesAfterLine))  // digits: must not be read as the line's
    return bytes.withUnsafeBufferPointer { buffer in
      let text = UnsafeBufferPointer(rebasing: buffer[0..<count])
      var row = RowView()
      guard scanner.scan(text, into: &row, convertingTruth: convertingTruth) else { return nil }
      return (row, String(decoding: row.object, as: UTF8.self))
    }
  }

  static func same(_ a: Double?, _ b: Double?) -> Bool { a?.bitPattern == b?.bitPattern }

  /// Whether the scanner and the parser agree on `line`; true when the scanner accepted it.
  @discardableResult
  func expectAgreement(_ line: String, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
    // Checking the truth fields without converting them must decide every row the same way.
    let unconverted = scan(line, convertingTruth: false)
    guard let (row, object) = scan(line) else {
      #expect(unconverted == nil, "accepted only without truth values: \(line)", sourceLocation: sourceLocation)
      return false
    }
    if let (other, otherObject) = unconverted {
      #expect(otherObject == object && other.event == row.event && other.update.time == row.update.time
        && Self.same(other.update.distanceMeters, row.update.distanceMeters)
        && other.update.direction == row.update.direction && other.truth.isEmpty,
        "rows differ without truth values: \(line)", sourceLocation: sourceLocation)
    } else {
      Issue.record("refused only without truth values: \(line)", sourceLocation: sourceLocation)
    }
    switch parser.record(line: 1, text: line) {
    case .measurement(_, let name, let seconds, let update, let truth, _):
      let u = row.update
      let agrees = row.event == nil && object == name && Self.same(row.seconds, seconds)
        && u.time == update.time && Self.same(u.distanceMeters, update.distanceMeters)
        && Self.same(u.direction?.x, update.direction?.x) && Self.same(u.direction?.y, update.direction?.y)
        && Self.same(u.direction?.z, update.direction?.z)
        && Self.same(u.horizontalAngleRadians, update.horizontalAngleRadians) && u.vertical == update.vertical
        && Self.same(row.truth.distanceMeters, truth.distanceMeters) && Self.same(row.truth.x, truth.x)
        && Self.same(row.truth.y, truth.y) && Self.same(row.truth.z, truth.z)
      #expect(agrees, "scanner and parser differ on \(line)", sourceLocation: sourceLocation)
    case .lifecycle(_, let name, let seconds, let event):
      #expect(row.event == event && object == name && Self.same(row.seconds, seconds),
              "scanner and parser differ on \(line)", sourceLocation: sourceLocation)
    case .rejected(let rejection):
      Issue.record("scanner accepted a line the parser rejects (\(rejection.reason)): \(line)", sourceLocation: sourceLocation)
    case .pose:
      Issue.record("scanner accepted a pose row, which is the parser's: \(line)", sourceLocation: sourceLocation)
    }
    return true
  }

  @Test("Every row of the generated scenarios takes the fast path, with the parser's record")
  func generatedRows() throws {
    for name in ["many-objects", "walk-in-out", "circling", "nlos-approach"] {
      let lines = try Self.datasetLines(name)
      #expect(lines.count > 100)
      for line in lines { #expect(expectAgreement(line), "not scanned: \(line)") }
    }
  }

  @Test("Hand-written rows: accepted ones agree with the parser, unusual ones are left to it",
    arguments: [
      "1.5,tag,2.0,,,,,,,,,,", " 1.5 , tag , 2.0 ,,,,,,,,,,", "1.5,\ttag\t,2.0,,,,,,,,,,",
      "1.5,tag,,0,0,-1,,,,,,,", "1.5,tag,,,,,0.5,above,,,,,", "1.5,tag,,,,,,,suspended,,,,",
      "2,tag,,,,,,,removed_timeout,,,,", "1.5,tag,2.0,,,,,same,,2.1,1,1,1", "1e3,tag,2.5e0,,,,,,,,,,",
      // Left to the parser: each of these must make the scanner answer nil or agree.
      "1.5,tag,2.0,,,,,,,,,", "1.5,tag,2.0,,,,,,,,,,,", "1.5,tag,2.0m,,,,,,,,,,", "1.5,,2.0,,,,,,,,,,",
      ",tag,2.0,,,,,,,,,,", "1.5,tag,-2.0,,,,,,,,,,", "1.5,tag,nan,,,,,,,,,,", "1.5,tag,2.0,1,0,,,,,,,,",
      "1.5,tag,2.0,1,0,0.5,,,,,,,", "1.5,tag,2.0,,,,4,,,,,,", "1.5,tag,2.0,,,,,sideways,,,,,",
      "1.5,tag,2.0,,,,,,suspended,,,,", "1.5,tag,,,,,,,exploded,,,,", "1.5,täg,2.0,,,,,,,,,,",
      "1.5,tag,,,,,,,,,,,", "1.5,tag,2.0,,,,,,,x,,,", "1.5,tag,2.0,,,,,,,,,,1e999", "1e13,tag,2.0,,,,,,,,,,",
      "1.5,tag,0x10,,,,,,,,,,", "1.5,tag,2.0 3,,,,,,,,,,", "1.5,tag,12345678901234567890123,,,,,,,,,,",
      "1.5,tag,2.0,,,,,,,,,,-", "1.5,tag,.,,,,,,,,,,", "1.5,tag,+2,,,,,,,,,,",
    ])
  func handWritten(line: String) {
    expectAgreement(line)
  }

  @Test("Rows with random damage: whatever the scanner accepts, the parser reads the same")
  func damagedRows() throws {
    let lines = try Self.datasetLines("many-objects")
    let alphabet = Array("0123456789.,-+eE \tx#é".unicodeScalars)
    var random = SplitMix64(state: 99)
    var accepted = 0, refused = 0
    for _ in 0..<30_000 {
      let line = LineDamage.damaged(lines[Int(random.next() % UInt64(lines.count))], alphabet: alphabet, random: &random)
      if expectAgreement(line) { accepted += 1 } else { refused += 1 }
    }
    // Both outcomes occur often, so both sides of the comparison were exercised.
    #expect(accepted > 3_000 && refused > 3_000)
  }
}
