// SPDX-License-Identifier: Apache-2.0
import Testing

@testable import RangingFormats

@Suite("NumericField")
struct NumericFieldTests {
  @Test("Plain decimal text is a number",
    arguments: [
      ("1", 1.0), ("-0.25", -0.25), ("+3", 3), (".5", 0.5), ("1.", 1), ("6.02e23", 6.02e23),
      ("1E-3", 0.001), ("-0", 0), ("1e-400", 0),
    ])
  func acceptsDecimal(text: String, expected: Double) {
    #expect(NumericField(parsing: text[...]) == .value(expected))
  }

  @Test("Hex, separators, inner spaces, units and lone signs are malformed",
    arguments: ["0x10", "0x1p3", "1_000", "1 000", "1.5m", "1e", "e5", ".", "-", "+.e1", "1..2", "1,5", "nan(1)", "infinit", "--1"])
  func rejectsMalformed(text: String) {
    #expect(NumericField(parsing: text[...]) == .malformed)
  }

  @Test("NaN and infinity spellings, and overflow, are non-finite",
    arguments: ["nan", "NaN", "-nan", "inf", "+Inf", "-INFINITY", "infinity", "1e400", "-1e309"])
  func rejectsNonFinite(text: String) {
    #expect(NumericField(parsing: text[...]) == .nonFinite)
  }

  @Test("An empty field is absent")
  func emptyIsAbsent() {
    #expect(NumericField(parsing: ""[...]) == .absent)
  }
}
