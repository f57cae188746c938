// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

@testable import RangingFormats
@testable import RangingOutputs

@Suite("TextFormatting")
struct TextFormattingTests {
  /// `value` written into a file through the writers' path (``TextSink``), read back.
  static func appended(_ value: Double, decimals: Int) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("fixed-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    var output = try OutputFile(creating: path)
    output.append(fixed: value, decimals: decimals)
    try output.close()
    return try String(contentsOfFile: path, encoding: .utf8)
  }

  @Test("A value that rounds to zero is written without a sign, on both paths (issue 23)", arguments: [
    (-0.0, 4, "0.0000"), (-0.00004, 4, "0.0000"), (-1e-300, 6, "0.000000"), (-0.0000001, 6, "0.000000"),
    (-0.0004, 3, "0.000"), (-0.4, 0, "0"),
    // Beside them, negatives that do not round to zero keep their sign.
    (-0.00006, 4, "-0.0001"), (-0.0000005001, 6, "-0.000001"), (-2.5, 1, "-2.5"),
  ])
  func noNegativeZero(value: Double, decimals: Int, text: String) throws {
    #expect(TextFormatting.fixed(value, decimals: decimals) == text)
    #expect(try Self.appended(value, decimals: decimals) == text)
  }

  @Test("fixed writes what printf's %.Nf writes, near ties, zeros and huge values included (seeded)")
  func fixedIsPrintf() {
    var state: UInt64 = 0x5EED_2025
    func next() -> UInt64 {
      // SplitMix64 (Steele, Lea and Flood 2014).
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    var values: [Double] = [0, -0.0, 0.5, -0.5, 2.5, 0.0005, -0.00049, 1e12, 2e12, -3e15, .ulpOfOne, 1234.56785]
    for _ in 0..<20_000 {
      let magnitude = pow(10, Double(next() % 16) - 6)
      values.append((Double(next() % 2_000_001) / 1_000_000 - 1) * magnitude)
    }
    for value in values {
      for decimals in 0...7 {
        let reference = String(format: "%.\(decimals)f", value)
        // printf's own text, less the sign of a value that prints as zero (issue 23).
        let unsigned = reference.hasPrefix("-") && reference.dropFirst().allSatisfy { $0 == "0" || $0 == "." }
        #expect(TextFormatting.fixed(value, decimals: decimals) == (unsigned ? String(reference.dropFirst()) : reference),
                "\(value) with \(decimals) decimals")
      }
    }
  }

  @Test("Seconds read back as the same Double, and -0 is written 0.0")
  func seconds() {
    #expect(TextFormatting.seconds(-0.0) == "0.0")
    #expect(TextFormatting.seconds(0) == "0.0")
    for value in [0.1, -0.1, 1e-300, -Double.leastNonzeroMagnitude, 1234567.125] {
      #expect(Double(TextFormatting.seconds(value)) == value)
    }
  }
}
