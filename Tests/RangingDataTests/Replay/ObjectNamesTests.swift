// SPDX-License-Identifier: Apache-2.0
import Testing
@testable import RangingData

@Suite("ObjectNames")
struct ObjectNamesTests {
  /// Interns `name` as the replay does: from a line's bytes, with the line's other bytes after it.
  static func idFromLine(_ names: inout ObjectNames, _ name: String, followedBy rest: String) -> UInt64 {
    var bytes = Array(name.utf8)
    let count = bytes.count
    bytes.append(contentsOf: rest.utf8)
    bytes.append(0x0A)
    bytes.append(contentsOf: repeatElement(0xAB, count: LineSource.readableBytesAfterLine))
    return bytes.withUnsafeBufferPointer { names.id(forLineBytes: UnsafeBufferPointer(rebasing: $0[0..<count])) }
  }

  @Test("Ids from line bytes are the ids of the same names as Strings, whatever follows them on the line")
  func lineBytesMatchStrings() {
    // Lengths 0 to 20 around the 8- and 16-byte word limits, names equal in their first 8 or 16 bytes,
    // and enough of them (300) that both tables grow several times.
    var texts = ["", "a", "tag-01", "tag-0123", "tag-01234", "tag-0123456789ab", "tag-0123456789abc", "tag-0123456789abcdef"]
    for i in 0..<300 { texts.append("tag-\(i)" + String(repeating: "x", count: i % 21)) }
    texts.append("tag-0123456789abX")
    texts.append("tag-0123X")
    var fromLines = ObjectNames()
    var fromStrings = ObjectNames()
    var expected: [String: UInt64] = [:]
    for round in 0..<3 {
      for (index, text) in texts.enumerated() {
        let rest = round == 0 ? ",1.5,2" : String(repeating: "9", count: index % 17)
        let id = Self.idFromLine(&fromLines, text, followedBy: rest)
        #expect(id == fromStrings.id(for: text), "\(text)")
        if let earlier = expected[text] { #expect(id == earlier, "\(text) changed id") } else { expected[text] = id }
        #expect(fromLines.name(of: id) == text)
      }
    }
    #expect(fromLines.count == Set(texts).count)
    #expect(Set(expected.values).count == expected.count)
  }
}
