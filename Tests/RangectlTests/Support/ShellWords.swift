// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The words `/bin/sh` reads from `line`, a command line's arguments: it runs
/// `printf '%s\0' <line>`, so each word comes back whole, ended by a NUL that
/// no word can hold. Nil when sh fails.
func shellWords(_ line: String) throws -> [String]? {
  let shell = Process()
  shell.executableURL = URL(fileURLWithPath: "/bin/sh")
  shell.arguments = ["-c", "printf '%s\\0' " + line]
  let output = Pipe()
  shell.standardOutput = output
  try shell.run()
  let bytes = output.fileHandleForReading.readDataToEndOfFile()
  shell.waitUntilExit()
  guard shell.terminationStatus == 0 else { return nil }
  return bytes.split(separator: 0, omittingEmptySubsequences: false).dropLast().map { String(decoding: $0, as: UTF8.self) }
}
