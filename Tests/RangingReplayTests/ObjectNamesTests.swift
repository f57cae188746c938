// SPDX-License-Identifier: Apache-2.0
import Testing

@testable import RangingFormats
@testable import RangingReplay

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

/// Names leave with their objects, so memory follows the live names (issue 13, row 8).
@Suite("ObjectNames forgetting")
struct ObjectNamesForgettingTests {
  @Test("Forgotten names free their entries; the others keep their ids on both lookup paths; a returning name gets a new id",
    arguments: [UInt64(1), 2026])
  func forgetting(seed: UInt64) {
    var state = seed
    func next() -> UInt64 {  // SplitMix64 (Steele, Lea & Flood 2014)
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    var names = ObjectNames()
    var ids: [String: UInt64] = [:]
    for round in 0..<4 {
      for i in 0..<1500 {
        let text = "tag-\(round)-\(i)" + String(repeating: "x", count: Int(next() % 20))
        ids[text] = ObjectNamesTests.idFromLine(&names, text, followedBy: ",1")
      }
      for (text, id) in ids where next() % 2 == 0 {
        names.forget(id)
        #expect(!names.contains(id), "seed \(seed): \(text)")
        ids[text] = nil
        let again = ObjectNamesTests.idFromLine(&names, text, followedBy: ",2")
        #expect(again != id, "seed \(seed): \(text) got its old id back")
        names.forget(again)
      }
      #expect(names.count == ids.count, "seed \(seed)")
      for (text, id) in ids {
        #expect(ObjectNamesTests.idFromLine(&names, text, followedBy: "") == id, "seed \(seed): \(text)")
        #expect(names.id(for: text) == id, "seed \(seed): \(text)")
        #expect(names.name(of: id) == text, "seed \(seed)")
      }
    }
    #expect(Set(names.ids) == Set(ids.values), "seed \(seed)")
    #expect(names.assignedCount > names.count)
  }
}
