// SPDX-License-Identifier: Apache-2.0
import Testing

@testable import RangingFormats
@testable import RangingReplay

/// Invalid UTF-8 is kept distinct instead of merged into U+FFFD (issue 13, row 13).
@Suite("UTF8Text")
struct UTF8TextTests {
  @Test("Valid text is unchanged; each byte of an invalid sequence becomes \\xNN", arguments: [
    ([0x6C, 0x6F, 0x63, 0x6B], "lock"),
    ([0x63, 0x61, 0x66, 0xC3, 0xA9], "café"),
    ([0xFF], "\\xff"),
    ([0xFE], "\\xfe"),
    ([0x61, 0xFF, 0x62], "a\\xffb"),
    ([0xE2, 0x82], "\\xe2\\x82"),  // a truncated euro sign
    ([0xC0, 0xAF, 0x7A], "\\xc0\\xafz"),  // an overlong '/', then 'z'
  ] as [([UInt8], String)])
  func decode(_ pair: ([UInt8], String)) {
    #expect(UTF8Text.decode(pair.0) == pair.1)
  }

  @Test("ObjectNames gives different invalid names different ids, and a row's bytes and its decoded text the same id")
  func objectNames() {
    var names = ObjectNames()
    let ff = [UInt8(0xFF)].withUnsafeBufferPointer { names.id(forBytes: $0) }
    let fe = [UInt8(0xFE)].withUnsafeBufferPointer { names.id(forBytes: $0) }
    #expect(ff != fe)
    #expect(names.id(for: "\\xff") == ff)
    #expect(names.name(of: fe) == "\\xfe")
    let line: [UInt8] = [0xFF] + [UInt8](repeating: 0x0A, count: 16)
    #expect(line.withUnsafeBufferPointer { names.id(forLineBytes: UnsafeBufferPointer(rebasing: $0[0..<1])) } == ff)
    #expect(names.count == 2)
  }
}
