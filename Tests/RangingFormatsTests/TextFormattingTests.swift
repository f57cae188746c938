// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

@testable import RangingFormats

@Suite("TextFormatting")
struct TextFormattingTests {
  /// `value` written by ``TextFormatting/appendFixed(_:decimals:to:)`` into a file, read back.
  static func appended(_ value: Double, decimals: Int) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("fixed-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let output = try OutputFile(creating: path)
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

  @Test("Seconds read back as the same Double, and -0 is written 0.0")
  func seconds() {
    #expect(TextFormatting.seconds(-0.0) == "0.0")
    #expect(TextFormatting.seconds(0) == "0.0")
    for value in [0.1, -0.1, 1e-300, -5e-324, 1234567.125] {
      #expect(Double(TextFormatting.seconds(value)) == value)
    }
  }
}
