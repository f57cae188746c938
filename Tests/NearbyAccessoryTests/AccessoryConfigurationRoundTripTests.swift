// SPDX-License-Identifier: Apache-2.0
import NearbyAccessory
import Testing

@Suite("Accessory Configuration Data: round trips and arbitrary bytes")
struct AccessoryConfigurationRoundTripTests {
  static let seed: UInt64 = 20_260_707

  @Test("encode then decode gives back the rate and the UWBConfigData, for 2,000 random messages")
  func roundTrip() throws {
    var random = SplitMix64(seed: Self.seed)
    for trial in 0..<2_000 {
      let rate = PreferredUpdateRate.allCases[Int(random.next() % 3)]
      let data = random.bytes(Int(random.next() % 256))
      var output = [UInt8](repeating: 0, count: AccessoryConfigurationData.maximumByteCount)
      let count: Int
      do {
        var span = output.mutableSpan
        count = try AccessoryConfigurationData.encode(preferredUpdateRate: rate, uwbConfigData: data.span, into: &span)
      }
      let message = Array(output[..<count])
      let decoded = try AccessoryConfigurationData.decode(message.span)
      let context = Comment(rawValue: "seed \(Self.seed), trial \(trial)")
      #expect(decoded.preferredUpdateRate == rate, context)
      #expect(Array(message[decoded.uwbConfigDataRange]) == data, context)
      #expect(decoded.warning == nil, context)
      // The header, by the field table: 01 00 00 00 rate, ten zeros, length.
      #expect(Array(message[..<16]) == [1, 0, 0, 0, rate.rawValue] + [UInt8](repeating: 0, count: 10) + [UInt8(data.count)], context)
    }
  }

  @Test("decode then encode gives back every valid message, for 2,000 random ones")
  func reverseRoundTrip() throws {
    var random = SplitMix64(seed: Self.seed &+ 1)
    for trial in 0..<2_000 {
      let length = Int(random.next() % 256)
      let message =
        [1, 0, 0, 0, [0, 10, 20][Int(random.next() % 3)]] + [UInt8](repeating: 0, count: 10) + [UInt8(length)]
        + random.bytes(length)
      let decoded = try AccessoryConfigurationData.decode(message.span)
      var output = [UInt8](repeating: 0, count: message.count)
      do {
        var span = output.mutableSpan
        try AccessoryConfigurationData.encode(
          preferredUpdateRate: decoded.preferredUpdateRate,
          uwbConfigData: message.span.extracting(decoded.uwbConfigDataRange), into: &span)
      }
      #expect(output == message, "seed \(Self.seed &+ 1), trial \(trial)")
    }
  }

  @Test("Arbitrary bytes never trap: every outcome is a value or a typed error inside the message")
  func arbitraryBytes() {
    var random = SplitMix64(seed: Self.seed &+ 2)
    var accepted = 0
    for trial in 0..<20_000 {
      // Mostly near-valid messages, so that every check is reached, not just the first.
      var bytes = random.bytes(Int(random.next() % 300))
      if bytes.count >= 16, random.next() % 4 != 0 {
        bytes[0] = 1
        bytes[1] = 0
        bytes[2] = 0
        bytes[3] = 0
        bytes[4] = [0, 10, 20, UInt8(truncatingIfNeeded: random.next())][Int(random.next() % 4)]
        if random.next() % 2 == 0 { bytes[15] = UInt8(bytes.count - 16 > 255 ? 255 : bytes.count - 16) }
      }
      // Stop at the first failure: one clear report, with the seed and trial to replay it.
      do {
        let decoded = try AccessoryConfigurationData.decode(bytes.span)
        accepted += 1
        guard decoded.byteCount == bytes.count, decoded.uwbConfigDataRange.lowerBound == 16 else {
          Issue.record("seed \(Self.seed &+ 2), trial \(trial): accepted \(bytes) as \(decoded)")
          return
        }
      } catch {
        guard error.offset >= 0 && error.offset <= bytes.count else {
          Issue.record("seed \(Self.seed &+ 2), trial \(trial): \(error) for \(bytes.count) bytes")
          return
        }
      }
    }
    #expect(accepted > 100, "the generator reached too few valid messages to test acceptance")
  }

  @Test("Every prefix of a valid message is refused, each at the field it cuts")
  func prefixes() throws {
    let message: [UInt8] = [1, 0, 0, 0, 20, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0xa, 0xb, 0xc]
    for length in 0..<message.count {
      // The field the cut falls in, by the table: bytes 0-1, 2-3, 4, 5-14, 15, then UWBConfigData.
      let expected: AccessoryConfigurationError =
        switch length {
        case 0...1: .init(offset: 0, field: .majorVersion, kind: .truncated(byteCount: length))
        case 2...3: .init(offset: 2, field: .minorVersion, kind: .truncated(byteCount: length))
        case 4: .init(offset: 4, field: .preferredUpdateRate, kind: .truncated(byteCount: length))
        case 5...14: .init(offset: 5, field: .reserved, kind: .truncated(byteCount: length))
        case 15: .init(offset: 15, field: .uwbConfigDataLength, kind: .truncated(byteCount: length))
        default: .init(offset: 15, field: .uwbConfigDataLength, kind: .lengthPastEnd(declared: 3, available: length - 16))
        }
      // Exactly `length` bytes of memory, so a read past them would leave the allocation.
      let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: length, alignment: 1)
      defer { buffer.deallocate() }
      message.withUnsafeBytes { source in buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[..<length])) }
      #expect(throws: expected, "\(length) bytes") { try AccessoryConfigurationData.decode(UnsafeRawBufferPointer(buffer)) }
    }
    #expect(try AccessoryConfigurationData.decode(message.span).uwbConfigDataRange == 16..<19)
  }
}
