// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

@testable import RangingFormats
@testable import RangingOutputs

/// The words `/bin/sh` reads from `line`: it runs `printf '%s\0' <line>`, so
/// each word comes back whole, ended by a NUL that no word can hold, even one
/// with a newline.
func shellWords(_ line: String) throws -> [String] {
  let shell = Process()
  shell.executableURL = URL(fileURLWithPath: "/bin/sh")
  shell.arguments = ["-c", "printf '%s\\0' " + line]
  let output = Pipe()
  shell.standardOutput = output
  try shell.run()
  let bytes = output.fileHandleForReading.readDataToEndOfFile()
  shell.waitUntilExit()
  #expect(shell.terminationStatus == 0, "sh -c: \(line)")
  return bytes.split(separator: 0, omittingEmptySubsequences: false).dropLast().map { String(decoding: $0, as: UTF8.self) }
}

/// `calibrate --per-object` printed object names bare: a space split one, a
/// quote broke the line, `$(id)` ran a command (issue 58, item 2).
@Suite("ShellQuoted")
struct ShellQuotedTests {
  static let hostile = [
    "tag one", "it's", "$(id)", "`id`", "a\nb", "café ☃", "", "'", "''", "\\", "\"x\"", "~root", "#c", "*", "a;b|c&d",
    "x=$HOME", "tab\there", "-n", "--band-offset", "!", "{a,b}", "[ab]", "\u{1B}[31m",
  ]

  @Test("sh reads each hostile word back exactly as it was", arguments: hostile)
  func roundTrip(_ word: String) throws {
    let line = "--object-calibration " + ShellQuoted(word + "=0.102,0.9998").description
    #expect(try shellWords(line) == ["--object-calibration", word + "=0.102,0.9998"])
  }

  @Test("A line of many hostile words reads back as those words, in order")
  func commandLine() throws {
    let words = Self.hostile.flatMap { ["--object-calibration", $0 + "=0.1"] } + ["--band-offset", "0"]
    #expect(try shellWords(ShellQuoted.commandLine(words)) == words)
  }

  @Test("Plain words stay as they were: the flags of ordinary names read as before", arguments: [
    "--object-calibration", "a1-t0=0.090,1.0139", "--range-offset=-0.017", "lock_1/front:2@x+y%z", "0",
  ])
  func plainWords(_ word: String) {
    #expect(ShellQuoted(word).description == word)
  }

  @Test("Others are single-quoted, a quote as '\\''", arguments: [
    ("tag one", "'tag one'"), ("it's", "'it'\\''s'"), ("", "''"), ("$(id)", "'$(id)'"), ("café", "'café'"),
  ])
  func quoted(_ pair: (String, String)) {
    #expect(ShellQuoted(pair.0).description == pair.1)
  }
}
