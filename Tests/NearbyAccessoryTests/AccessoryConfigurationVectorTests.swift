// SPDX-License-Identifier: Apache-2.0
import NearbyAccessory
import Testing

/// A message written out by hand from the specification's field table
/// (AccessoryConfigurationField's doc comment), with what it must decode to.
struct ConfigurationVector: Sendable, CustomTestStringConvertible {
  var name: String
  var rate: PreferredUpdateRate
  var uwbConfigData: [UInt8]
  var bytes: [UInt8]
  var testDescription: String { name }
}

@Suite("Accessory Configuration Data: hand-written vectors")
struct AccessoryConfigurationVectorTests {
  static let vectors: [ConfigurationVector] = [
    ConfigurationVector(
      name: "user-interactive, 3 bytes of UWBConfigData",
      rate: .userInteractive, uwbConfigData: [0xa1, 0xb2, 0xc3],
      bytes: [
        0x01, 0x00,  // MajorVersion 1, little-endian
        0x00, 0x00,  // MinorVersion 0
        0x14,  // PreferredUpdateRate 20: user interactive
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,  // RFU, 10 zero bytes
        0x03,  // UWBConfigDataLength 3
        0xa1, 0xb2, 0xc3,  // UWBConfigData
      ]),
    ConfigurationVector(
      name: "automatic, no UWBConfigData",
      rate: .automatic, uwbConfigData: [],
      bytes: [
        0x01, 0x00,  // MajorVersion 1
        0x00, 0x00,  // MinorVersion 0
        0x00,  // PreferredUpdateRate 0: automatic
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,  // RFU
        0x00,  // UWBConfigDataLength 0
      ]),
    ConfigurationVector(
      name: "infrequent, 1 byte of UWBConfigData equal to a header byte",
      rate: .infrequent, uwbConfigData: [0x01],
      bytes: [
        0x01, 0x00,  // MajorVersion 1
        0x00, 0x00,  // MinorVersion 0
        0x0a,  // PreferredUpdateRate 10: infrequent
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,  // RFU
        0x01,  // UWBConfigDataLength 1
        0x01,  // UWBConfigData
      ]),
    ConfigurationVector(
      name: "infrequent, the longest UWBConfigData (255 bytes 0x00...0xfe)",
      rate: .infrequent, uwbConfigData: (0...254).map { UInt8($0) },
      bytes: [
        0x01, 0x00,  // MajorVersion 1
        0x00, 0x00,  // MinorVersion 0
        0x0a,  // PreferredUpdateRate 10
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,  // RFU
        0xff,  // UWBConfigDataLength 255
      ] + (0...254).map { UInt8($0) }),  // UWBConfigData
  ]

  @Test("Encoding gives the hand-written bytes", arguments: vectors)
  func encodes(_ vector: ConfigurationVector) throws {
    var output = [UInt8](repeating: 0xee, count: AccessoryConfigurationData.maximumByteCount)
    let count: Int
    do {
      var span = output.mutableSpan
      count = try AccessoryConfigurationData.encode(
        preferredUpdateRate: vector.rate, uwbConfigData: vector.uwbConfigData.span, into: &span)
    }
    #expect(count == vector.bytes.count)
    #expect(Array(output[..<count]) == vector.bytes)
    #expect(output[count...].allSatisfy { $0 == 0xee }, "bytes after the message were written")
  }

  @Test("Decoding the hand-written bytes gives the rate and where UWBConfigData lies", arguments: vectors)
  func decodes(_ vector: ConfigurationVector) throws {
    let decoded = try AccessoryConfigurationData.decode(vector.bytes.span)
    #expect(decoded.preferredUpdateRate == vector.rate)
    #expect(decoded.uwbConfigDataRange == 16..<(16 + vector.uwbConfigData.count))
    #expect(Array(vector.bytes[decoded.uwbConfigDataRange]) == vector.uwbConfigData)
    #expect(decoded.warning == nil)
    #expect(decoded.byteCount == vector.bytes.count)
  }

  @Test("The raw-memory entry points (the C layer's) agree with the Span ones", arguments: vectors)
  func rawMemory(_ vector: ConfigurationVector) throws {
    let decoded = try vector.bytes.withUnsafeBytes { raw in try AccessoryConfigurationData.decode(raw) }
    #expect(decoded == (try AccessoryConfigurationData.decode(vector.bytes.span)))
    var output = [UInt8](repeating: 0, count: vector.bytes.count)
    let count = try vector.uwbConfigData.withUnsafeBytes { source in
      try output.withUnsafeMutableBytes { destination in
        try AccessoryConfigurationData.encode(
          preferredUpdateRate: vector.rate, uwbConfigData: source, into: destination)
      }
    }
    #expect(count == vector.bytes.count)
    #expect(output == vector.bytes)
  }

  @Test("Sizes: 16 header bytes, UWBConfigData 0-255 bytes, messages 16-271 bytes")
  func sizes() {
    #expect(AccessoryConfigurationData.headerByteCount == 16)
    #expect(AccessoryConfigurationData.maximumUWBConfigDataByteCount == 255)
    #expect(AccessoryConfigurationData.maximumByteCount == 271)
    #expect(AccessoryConfigurationData.byteCount(uwbConfigDataByteCount: 0) == 16)
    #expect(AccessoryConfigurationData.byteCount(uwbConfigDataByteCount: 255) == 271)
    #expect(AccessoryConfigurationData.byteCount(uwbConfigDataByteCount: 256) == nil)
    #expect(AccessoryConfigurationData.byteCount(uwbConfigDataByteCount: -1) == nil)
  }

  @Test("The field table: offsets and sizes tile the 16-byte header in order")
  func fieldTable() {
    var next = 0
    for field in AccessoryConfigurationField.allCases {
      guard let offset = field.offset else { continue }
      #expect(offset == next, "\(field.name) starts at \(offset), expected \(next)")
      next = offset + (field.byteCount ?? 0)
    }
    #expect(next == 16)
  }
}

@Suite("PreferredUpdateRate")
struct PreferredUpdateRateTests {
  @Test("The three defined bytes are 0, 10 and 20; the other 253 are reserved")
  func rawValues() {
    #expect(PreferredUpdateRate.automatic.rawValue == 0)
    #expect(PreferredUpdateRate.infrequent.rawValue == 10)
    #expect(PreferredUpdateRate.userInteractive.rawValue == 20)
    let defined = (0...255).filter { PreferredUpdateRate(rawValue: UInt8($0)) != nil }
    #expect(defined == [0, 10, 20])
  }

  @Test("Expected intervals: 1 s at about 1 Hz and for automatic (its slowest), 0.2 s at about 5 Hz")
  func intervals() {
    #expect(PreferredUpdateRate.automatic.expectedUpdateIntervalMicroseconds == 1_000_000)
    #expect(PreferredUpdateRate.infrequent.expectedUpdateIntervalMicroseconds == 1_000_000)
    #expect(PreferredUpdateRate.userInteractive.expectedUpdateIntervalMicroseconds == 200_000)
  }

  @Test("Lost timeouts: 5 missed updates, at least 2 s (5 s, 5 s, 2 s)")
  func lostTimeouts() {
    #expect(PreferredUpdateRate.automatic.lostTimeoutMicroseconds == 5_000_000)
    #expect(PreferredUpdateRate.infrequent.lostTimeoutMicroseconds == 5_000_000)
    #expect(PreferredUpdateRate.userInteractive.lostTimeoutMicroseconds == 2_000_000)
  }
}
