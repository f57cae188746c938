// SPDX-License-Identifier: Apache-2.0
import RangingEngine
import Testing

@testable import RangingFormats

@Suite("RangingCSVReader")
struct RangingCSVReaderTests {
  @Test("Comments before and after the header and blank lines are skipped but counted in line numbers")
  func commentsAndBlankLines() throws {
    let csv = "# source: bench\n\n#t,object\nt,object,distance\n# mid-file note\n1,a,1.5\n   \n\n2,a,2.5\n# end\n"
    let (columns, records) = try CSVFixture.read(csv)
    #expect(columns == ["t", "object", "distance"])
    #expect(records.map(\.line) == [6, 9])
    #expect(records.compactMap(\.measurementFields).map(\.update.distanceMeters) == [1.5, 2.5])
  }

  @Test("Columns may come in any order and unknown columns are ignored, whatever they hold")
  func columnOrderAndUnknownColumns() throws {
    let csv = "note,distance,object,rssi,t\nhello world,1.25,lock-1,0x??,12.5\n"
    let (columns, records) = try CSVFixture.read(csv)
    #expect(columns == ["note", "distance", "object", "rssi", "t"])
    let row = try #require(records.first?.measurementFields)
    #expect(row.object == "lock-1")
    #expect(row.seconds == 12.5)
    #expect(row.update.distanceMeters == 1.25)
    #expect(row.update.direction == nil)
    #expect(row.truth.isEmpty)
  }

  @Test("CRLF line ends read like LF, so the last field carries no carriage return")
  func crlf() throws {
    let (columns, records) = try CSVFixture.read("t,distance,object\r\n1,1.5,a\r\n2,2.5,b\r\n")
    #expect(columns == ["t", "distance", "object"])
    #expect(records.compactMap(\.measurementFields).map(\.object) == ["a", "b"])
  }

  @Test("A UTF-8 byte order mark before the header or a first comment is dropped")
  func byteOrderMark() throws {
    let plain = try CSVFixture.read("\u{FEFF}t,object,distance\n1,a,1\n")
    #expect(plain.columns.first == "t")
    #expect(plain.records.count == 1)
    let commented = try CSVFixture.read("\u{FEFF}# note\nt,object,distance\n1,a,1\n")
    #expect(commented.records.map(\.line) == [3])
  }

  @Test("The last line is read without a final newline; a header alone gives no records")
  func endOfFile() throws {
    #expect(try CSVFixture.read("t,object,distance\n1,a,1").records.count == 1)
    #expect(try CSVFixture.read("t,object,distance\n").records.isEmpty)
    #expect(try CSVFixture.read("t,object,distance").records.isEmpty)
  }

  @Test("Fields and header names are trimmed of spaces and tabs; a blank field is absent")
  func trimsFields() throws {
    let (columns, records) = try CSVFixture.read(" t ,object,\tdistance , vertical\n 1.5 , front door ,\t2 ,  \n")
    #expect(columns == ["t", "object", "distance", "vertical"])
    let row = try #require(records.first?.measurementFields)
    #expect(row.object == "front door")
    #expect(row.update.distanceMeters == 2)
    #expect(row.update.vertical == nil)
  }

  @Test("Every value of a full row reaches the update and the ground truth")
  func fullRow() throws {
    let csv = """
      t,object,distance,dir_x,dir_y,dir_z,horizontal_angle,vertical,event,true_distance,true_x,true_y,true_z
      0.1234567,tag,2.5,0,0.6,-0.8,-0.25,above,,2.4,0.1,1.4,-1.9
      """
    let row = try #require(try CSVFixture.read(csv).records.first?.measurementFields)
    #expect(row.line == 2)
    #expect(row.seconds == 0.1234567)
    #expect(row.update.time == Timestamp(microseconds: 123_457))
    #expect(row.update.distanceMeters == 2.5)
    #expect(row.update.direction == Direction(x: 0, y: 0.6, z: -0.8))
    #expect(row.update.horizontalAngleRadians == -0.25)
    #expect(row.update.vertical == .above)
    #expect(row.truth == GroundTruth(distanceMeters: 2.4, x: 0.1, y: 1.4, z: -1.9))
  }

  @Test("Each vertical spelling maps to its estimate",
    arguments: [
      ("same", VerticalEstimate.same), ("above", .above), ("below", .below),
      ("aboveOrBelow", .aboveOrBelow), ("unknown", .unknown),
    ])
  func verticalSpellings(text: String, expected: VerticalEstimate) throws {
    let row = try #require(try CSVFixture.read("t,object,vertical\n1,a,\(text)\n").records.first?.measurementFields)
    #expect(row.update.vertical == expected)
  }

  @Test("Each event spelling becomes a life-cycle record; ground truth on it is ignored",
    arguments: [
      ("removed_timeout", LifecycleEvent.removedTimeout), ("removed_peer_ended", .removedPeerEnded),
      ("suspended", .suspended), ("suspension_ended", .suspensionEnded), ("invalidated", .invalidated),
    ])
  func eventSpellings(text: String, expected: LifecycleEvent) throws {
    let csv = "t,object,distance,event,true_distance\n4.5,lock-1,,\(text),3\n"
    let record = try #require(try CSVFixture.read(csv).records.first)
    #expect(record.line == 2)
    let event = try #require(record.lifecycle)
    #expect(event.object == "lock-1")
    #expect(event.seconds == 4.5)
    #expect(event.event == expected)
  }

  @Test("Reading in small chunks gives exactly the records of reading in one chunk",
    arguments: [1, 2, 7, 61])
  func chunkBoundaries(chunkBytes: Int) throws {
    var csv = "# generated\nt,object,distance,dir_x,dir_y,dir_z\r\n"
    for i in 0..<400 {
      switch i % 5 {
      case 0: csv += "\(Double(i) * 0.01),obj-\(i % 3),\(1 + Double(i) / 100),,,\n"
      case 1: csv += "# note \(i)\n"
      case 2: csv += "\(Double(i) * 0.01),o,1.5,0,0,-1\r\n"
      case 3: csv += "\n"
      default: csv += "\(i),bad,-1,,,\n"
      }
    }
    let whole = try CSVFixture.read(csv).records
    let chunked = try CSVFixture.read(csv, chunkBytes: chunkBytes, maxLineBytes: 64).records
    #expect(whole.count == 240)
    #expect(chunked.map(\.line) == whole.map(\.line))
    #expect(chunked.compactMap(\.measurementFields).map(\.object)
      == whole.compactMap(\.measurementFields).map(\.object))
    #expect(chunked.compactMap(\.rejection) == whole.compactMap(\.rejection))
    #expect(whole.compactMap(\.rejection).count == 80)
  }

  @Test("A line of exactly the length limit is kept; one byte longer is rejected",
    arguments: [1, 5, 16])
  func lengthLimit(chunkBytes: Int) throws {
    let exact = "1,a,1.000000000000000000000000"  // 30 bytes
    let csv = "t,object,distance\n\(exact)\n\(exact)0\n\(exact)\r\n\(exact)"
    let (_, records) = try CSVFixture.read(csv, chunkBytes: chunkBytes, maxLineBytes: 30)
    #expect(exact.utf8.count == 30)
    // The limit counts the bytes before the line end, whichever it is (`\r\n` here).
    #expect(records.map { $0.rejection?.reason } == [nil, "line_too_long", nil, nil])
    #expect(records.map(\.line) == [2, 3, 4, 5])
  }

  @Test("Invalid UTF-8 in a field is kept as \\xNN, not refused, and different bytes stay different")
  func invalidUTF8() throws {
    let bytes = Array("t,object,distance\n1,a".utf8) + [0xFF] + Array(",1\n0.5,a".utf8) + [0xFE] + Array(",1\n".utf8)
    let path = try CSVFixture.write(bytes: bytes)
    defer { CSVFixture.remove(path) }
    let rows = try CSVFixture.readFile(path).records.compactMap(\.measurementFields)
    #expect(rows.map(\.object) == ["a\\xff", "a\\xfe"])
  }
}
