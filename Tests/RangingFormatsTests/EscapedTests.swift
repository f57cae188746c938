// SPDX-License-Identifier: Apache-2.0
import Testing

@testable import RangingFormats
@testable import RangingOutputs

/// Text quoted in messages never reaches a terminal as control characters (issue 13, row 17).
@Suite("Escaped")
struct EscapedTests {
  @Test("Control characters become visible escapes; other text is unchanged", arguments: [
    ("tag\u{1B}[31m", "tag\\x1b[31m"),
    ("a\tb\r\nc", "a\\tb\\r\\nc"),
    ("\u{00}\u{07}\u{7F}", "\\x00\\x07\\x7f"),
    ("\u{9B}2J", "\\x9b2J"),  // C1 control sequence introducer
    ("lock-1", "lock-1"),
    ("café \u{FFFD} ✓", "café \u{FFFD} ✓"),
    ("", ""),
  ])
  func escapes(_ pair: (String, String)) {
    #expect(Escaped(pair.0).description == pair.1)
  }

  @Test("A rejected row's message escapes the field's text and the path")
  func rejectionMessage() {
    let rejection = RowRejection(line: 3, column: 3, field: "distance", reason: "malformed_number", text: "\u{1B}[31m")
    let message = rejection.message(path: "odd\u{1B}]0;title\u{07}.csv")
    #expect(message == "odd\\x1b]0;title\\x07.csv:3:3: field 'distance': malformed number '\\x1b[31m'")
    #expect(!message.unicodeScalars.contains { $0.value < 0x20 })
  }
}
