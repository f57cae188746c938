// SPDX-License-Identifier: Apache-2.0
import NearbyAccessory
import RangingEngine
import Testing

@Suite("ShareableConfigurationData")
struct ShareableConfigurationDataTests {
  @Test("Bytes pass through unchanged, by Span and by raw memory")
  func passThrough() throws {
    let received: [UInt8] = [0x01, 0x00, 0x01, 0x00, 0x19, 0x55, 0x53, 0xde, 0xad]
    let shareable = try ShareableConfigurationData(copying: received.span)
    #expect(shareable.byteCount == received.count)
    #expect(shareable.withSpan { span in (0..<span.count).map { span[$0] } } == received)
    #expect(shareable.withUnsafeBytes { Array($0) } == received)
    let fromRaw = try received.withUnsafeBytes { raw in try ShareableConfigurationData(copying: raw) }
    #expect(fromRaw == shareable)
  }

  @Test("1 to 255 bytes are accepted; none and 256 are refused")
  func bounds() throws {
    #expect(ShareableConfigurationData.maximumByteCount == 255)
    #expect(throws: ShareableConfigurationError.empty) { try ShareableConfigurationData(copying: [UInt8]().span) }
    #expect(throws: ShareableConfigurationError.tooLong(byteCount: 256)) {
      try ShareableConfigurationData(copying: [UInt8](repeating: 1, count: 256).span)
    }
    let longest = (0..<255).map { UInt8($0) }
    #expect(try ShareableConfigurationData(copying: longest.span).withUnsafeBytes { Array($0) } == longest)
    #expect(try ShareableConfigurationData(copying: [0].span).byteCount == 1)
    #expect(throws: ShareableConfigurationError.tooLong(byteCount: 512)) {
      try ShareableConfigurationData.check(byteCount: 512)
    }
    #expect(throws: ShareableConfigurationError.empty) { try ShareableConfigurationData.check(byteCount: 0) }
  }

  @Test("Equal exactly when the bytes are")
  func equality() throws {
    let a = try ShareableConfigurationData(copying: [1, 2, 3].span)
    #expect(a == (try ShareableConfigurationData(copying: [1, 2, 3].span)))
    #expect(a != (try ShareableConfigurationData(copying: [1, 2].span)))
    #expect(a != (try ShareableConfigurationData(copying: [1, 2, 4].span)))
  }
}

@Suite("NearbyInteractionGATT")
struct NearbyInteractionGATTTests {
  @Test("The service and characteristic UUIDs read as the specification's text")
  func text() {
    #expect(NearbyInteractionGATT.serviceUUID.description == "48fe3e40-0817-4bb2-8633-3073689c2dba")
    #expect(NearbyInteractionGATT.accessoryConfigurationDataUUID.description == "95e8d9d5-d8ef-4721-9a4e-807375f53328")
  }

  @Test("Over the air the UUID bytes go least significant first")
  func littleEndian() {
    // 48fe3e40-0817-4bb2-8633-3073689c2dba, written backwards byte by byte.
    let service: [UInt8] = [
      0xba, 0x2d, 0x9c, 0x68, 0x73, 0x30, 0x33, 0x86, 0xb2, 0x4b, 0x17, 0x08, 0x40, 0x3e, 0xfe, 0x48,
    ]
    // 95e8d9d5-d8ef-4721-9a4e-807375f53328, backwards.
    let characteristic: [UInt8] = [
      0x28, 0x33, 0xf5, 0x75, 0x73, 0x80, 0x4e, 0x9a, 0x21, 0x47, 0xef, 0xd8, 0xd5, 0xd9, 0xe8, 0x95,
    ]
    #expect((0..<16).map { NearbyInteractionGATT.serviceUUID.littleEndianByte(at: $0) } == service)
    var output = [UInt8](repeating: 0, count: 16)
    do {
      var span = output.mutableSpan
      NearbyInteractionGATT.accessoryConfigurationDataUUID.writeLittleEndian(into: &span)
    }
    #expect(output == characteristic)
  }

  @Test("The characteristic is read-only, encrypted, and needs user descriptions only when there are several")
  func characteristic() {
    #expect(NearbyInteractionGATT.characteristicProperties == 0x02)
    #expect(NearbyInteractionGATT.readRequiresEncryption)
    #expect(NearbyInteractionGATT.userDescriptionDescriptorUUID == 0x2901)
    #expect(!NearbyInteractionGATT.requiresUserDescription(instanceCount: 1))
    #expect(NearbyInteractionGATT.requiresUserDescription(instanceCount: 2))
    #expect(NearbyInteractionGATT.requiresUserDescription(instanceCount: 8))
  }
}

@Suite("TrackerConfiguration and PreferredUpdateRate")
struct TrackerConfigurationRateTests {
  @Test("The engine's lost timeout follows the rate: 5 s by default, 2 s at user-interactive")
  func expectUpdates() {
    var configuration = TrackerConfiguration()
    #expect(configuration.lostTimeoutSeconds == 5)
    configuration.expectUpdates(at: .userInteractive)
    #expect(configuration.lostTimeoutSeconds == 2)
    configuration.expectUpdates(at: .automatic)
    #expect(configuration.lostTimeoutSeconds == 5)
    configuration.expectUpdates(at: .infrequent)
    #expect(configuration.lostTimeoutSeconds == 5)
  }
}
