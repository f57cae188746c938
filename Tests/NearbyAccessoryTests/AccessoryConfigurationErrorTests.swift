// SPDX-License-Identifier: Apache-2.0
import NearbyAccessory
import Testing

/// A malformed message and the one problem a decoder must report for it.
struct MalformedCase: Sendable, CustomTestStringConvertible {
  var name: String
  var bytes: [UInt8]
  var offset: Int
  var field: AccessoryConfigurationField
  var kind: AccessoryConfigurationError.Kind
  var testDescription: String { name }
}

/// The 16 header bytes of a valid user-interactive message with
/// UWBConfigDataLength `length`, before any UWBConfigData.
private func header(length: UInt8 = 0) -> [UInt8] {
  [0x01, 0x00, 0x00, 0x00, 0x14] + [UInt8](repeating: 0, count: 10) + [length]
}

/// `bytes` with byte `offset` replaced by `value`.
private func setting(_ offset: Int, to value: UInt8, in bytes: [UInt8]) -> [UInt8] {
  var copy = bytes
  copy[offset] = value
  return copy
}

@Suite("Accessory Configuration Data: every malformed message")
struct AccessoryConfigurationErrorTests {
  static let cases: [MalformedCase] = [
    MalformedCase(
      name: "empty", bytes: [], offset: 0, field: .majorVersion, kind: .truncated(byteCount: 0)),
    MalformedCase(
      name: "1 byte: MajorVersion cut in half", bytes: [0x01],
      offset: 0, field: .majorVersion, kind: .truncated(byteCount: 1)),
    MalformedCase(
      name: "3 bytes: MinorVersion cut in half", bytes: [0x01, 0x00, 0x00],
      offset: 2, field: .minorVersion, kind: .truncated(byteCount: 3)),
    MalformedCase(
      name: "4 bytes: no PreferredUpdateRate", bytes: [0x01, 0x00, 0x00, 0x00],
      offset: 4, field: .preferredUpdateRate, kind: .truncated(byteCount: 4)),
    MalformedCase(
      name: "10 bytes: RFU cut short", bytes: Array(header()[..<10]),
      offset: 5, field: .reserved, kind: .truncated(byteCount: 10)),
    MalformedCase(
      name: "15 bytes: no UWBConfigDataLength", bytes: Array(header()[..<15]),
      offset: 15, field: .uwbConfigDataLength, kind: .truncated(byteCount: 15)),
    MalformedCase(
      name: "MajorVersion 2", bytes: setting(0, to: 0x02, in: header()),
      offset: 0, field: .majorVersion, kind: .unsupportedVersion(found: 2, expected: 1)),
    MalformedCase(
      name: "MajorVersion written big-endian (00 01 reads as 256)", bytes: setting(1, to: 0x01, in: setting(0, to: 0x00, in: header())),
      offset: 0, field: .majorVersion, kind: .unsupportedVersion(found: 256, expected: 1)),
    MalformedCase(
      name: "MajorVersion 2 in a 2-byte message: the version is reported, not the length",
      bytes: [0x02, 0x00], offset: 0, field: .majorVersion, kind: .unsupportedVersion(found: 2, expected: 1)),
    MalformedCase(
      name: "MinorVersion 1", bytes: setting(2, to: 0x01, in: header()),
      offset: 2, field: .minorVersion, kind: .unsupportedVersion(found: 1, expected: 0)),
    MalformedCase(
      name: "MinorVersion 0x0100 (high byte set)", bytes: setting(3, to: 0x01, in: header()),
      offset: 2, field: .minorVersion, kind: .unsupportedVersion(found: 256, expected: 0)),
    MalformedCase(
      name: "PreferredUpdateRate 5 (reserved)", bytes: setting(4, to: 5, in: header()),
      offset: 4, field: .preferredUpdateRate, kind: .reservedUpdateRate(5)),
    MalformedCase(
      name: "PreferredUpdateRate 21 (next to a defined value)", bytes: setting(4, to: 21, in: header()),
      offset: 4, field: .preferredUpdateRate, kind: .reservedUpdateRate(21)),
    MalformedCase(
      name: "PreferredUpdateRate 255", bytes: setting(4, to: 0xff, in: header()),
      offset: 4, field: .preferredUpdateRate, kind: .reservedUpdateRate(255)),
    MalformedCase(
      name: "UWBConfigDataLength 4 with 3 bytes following", bytes: header(length: 4) + [1, 2, 3],
      offset: 15, field: .uwbConfigDataLength, kind: .lengthPastEnd(declared: 4, available: 3)),
    MalformedCase(
      name: "UWBConfigDataLength 255 with nothing following", bytes: header(length: 255),
      offset: 15, field: .uwbConfigDataLength, kind: .lengthPastEnd(declared: 255, available: 0)),
    MalformedCase(
      name: "one trailing byte after UWBConfigData", bytes: header(length: 2) + [1, 2, 3],
      offset: 18, field: .end, kind: .trailingBytes(count: 1)),
    MalformedCase(
      name: "UWBConfigDataLength 0 followed by 4 bytes", bytes: header(length: 0) + [9, 9, 9, 9],
      offset: 16, field: .end, kind: .trailingBytes(count: 4)),
    MalformedCase(
      name: "a reserved rate, a non-zero RFU byte and trailing bytes: the rate comes first",
      bytes: setting(7, to: 1, in: setting(4, to: 7, in: header(length: 0))) + [0],
      offset: 4, field: .preferredUpdateRate, kind: .reservedUpdateRate(7)),
  ]

  @Test("Each malformed message is refused with its offset, field and kind", arguments: cases)
  func refused(_ fixture: MalformedCase) {
    #expect(throws: AccessoryConfigurationError(offset: fixture.offset, field: fixture.field, kind: fixture.kind)) {
      try AccessoryConfigurationData.decode(fixture.bytes.span)
    }
    // The raw-memory entry point gives the same answer.
    #expect(throws: AccessoryConfigurationError(offset: fixture.offset, field: fixture.field, kind: fixture.kind)) {
      try fixture.bytes.withUnsafeBytes { raw in try AccessoryConfigurationData.decode(raw) }
    }
  }

  @Test("A non-zero RFU byte is a warning naming the first such byte; strict decoding refuses it")
  func reservedByte() throws {
    // RFU bytes are offsets 5-14; bytes 9 and 12 are set.
    let bytes = setting(12, to: 0x01, in: setting(9, to: 0x80, in: header(length: 1))) + [0x42]
    let expected = AccessoryConfigurationError(offset: 9, field: .reserved, kind: .nonZeroReserved(value: 0x80))
    let decoded = try AccessoryConfigurationData.decode(bytes.span)
    #expect(decoded.warning == expected)
    #expect(decoded.warning?.isWarning == true)
    #expect(decoded.preferredUpdateRate == .userInteractive)
    #expect(decoded.uwbConfigDataRange == 16..<17)
    #expect(throws: expected) { try AccessoryConfigurationData.decode(bytes.span, strict: true) }
  }

  @Test("Only the RFU problem is a warning")
  func warningsAreOnlyRFU() {
    for fixture in Self.cases {
      #expect(!AccessoryConfigurationError(offset: fixture.offset, field: fixture.field, kind: fixture.kind).isWarning)
    }
  }

  @Test("Messages name the byte offset and the field as the specification spells it")
  func descriptions() {
    let expected: [(AccessoryConfigurationError, String)] = [
      (.init(offset: 0, field: .majorVersion, kind: .truncated(byteCount: 0)),
       "byte 0 (MajorVersion): the message is empty; it needs at least 16 bytes"),
      (.init(offset: 2, field: .minorVersion, kind: .truncated(byteCount: 3)),
       "byte 2 (MinorVersion): the message ends after 3 bytes; this field needs 4"),
      (.init(offset: 0, field: .majorVersion, kind: .unsupportedVersion(found: 2, expected: 1)),
       "byte 0 (MajorVersion): version 2 is not supported; expected 1"),
      (.init(offset: 4, field: .preferredUpdateRate, kind: .reservedUpdateRate(7)),
       "byte 4 (PreferredUpdateRate): reserved value 7; expected 0 (automatic), 10 (infrequent) or 20 (user-interactive)"),
      (.init(offset: 9, field: .reserved, kind: .nonZeroReserved(value: 0x80)),
       "byte 9 (RFU): reserved byte is 0x80, expected 0x00"),
      (.init(offset: 15, field: .uwbConfigDataLength, kind: .lengthPastEnd(declared: 4, available: 3)),
       "byte 15 (UWBConfigDataLength): length 4 runs past the end: only 3 bytes of UWBConfigData follow"),
      (.init(offset: 18, field: .end, kind: .trailingBytes(count: 1)),
       "byte 18 (end of message): 1 unexpected byte after UWBConfigData"),
      (.init(offset: 16, field: .end, kind: .trailingBytes(count: 4)),
       "byte 16 (end of message): 4 unexpected bytes after UWBConfigData"),
    ]
    for (error, text) in expected { #expect(error.description == text) }
  }

  @Test("Encoding refuses UWBConfigData over 255 bytes and an output too small, writing nothing")
  func encodingErrors() {
    let long = [UInt8](repeating: 7, count: 256)
    var output = [UInt8](repeating: 0xee, count: 300)
    #expect(throws: AccessoryConfigurationEncodingError.uwbConfigDataTooLong(byteCount: 256)) {
      var span = output.mutableSpan
      try AccessoryConfigurationData.encode(preferredUpdateRate: .automatic, uwbConfigData: long.span, into: &span)
    }
    var small = [UInt8](repeating: 0xee, count: 18)
    #expect(throws: AccessoryConfigurationEncodingError.outputTooSmall(needed: 19, available: 18)) {
      var span = small.mutableSpan
      try AccessoryConfigurationData.encode(preferredUpdateRate: .automatic, uwbConfigData: [1, 2, 3].span, into: &span)
    }
    #expect(output.allSatisfy { $0 == 0xee })
    #expect(small.allSatisfy { $0 == 0xee })
  }

  @Test("An empty raw buffer with no base address decodes as an empty message")
  func nilBaseAddress() {
    #expect(throws: AccessoryConfigurationError(offset: 0, field: .majorVersion, kind: .truncated(byteCount: 0))) {
      try AccessoryConfigurationData.decode(UnsafeRawBufferPointer(start: nil, count: 0))
    }
  }
}
