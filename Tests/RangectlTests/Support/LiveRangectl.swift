// SPDX-License-Identifier: Apache-2.0
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A `rangectl` run fed and read while it runs: its standard input is a pipe
/// the test writes to when it likes, and every line of its standard output
/// is recorded with the instant it arrived, by a thread that reads the pipe.
final class LiveRangectl: @unchecked Sendable {
  let process = Process()
  private let input = Pipe()
  private let output = Pipe()
  private let errorPath: String
  private let lock = NSLock()
  private var received: [(instant: ContinuousClock.Instant, line: String)] = []
  private let reading = DispatchSemaphore(value: 0)

  /// Starts `rangectl arguments...`; standard error goes to `errorPath`.
  init(_ arguments: [String], errorPath: String) throws {
    self.errorPath = errorPath
    _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
    process.executableURL = try Rangectl.location.get()
    process.arguments = arguments
    process.currentDirectoryURL = PackagePaths.root
    process.standardInput = input
    process.standardOutput = output
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
    try process.run()
    let descriptor = output.fileHandleForReading.fileDescriptor
    Thread.detachNewThread { [self] in
      var pending: [UInt8] = []
      var chunk = [UInt8](repeating: 0, count: 65_536)
      while true {
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR { continue }
        if count <= 0 { break }
        let now = ContinuousClock.now
        pending += chunk[..<count]
        while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
          let line = String(decoding: pending[..<newline], as: UTF8.self)
          pending.removeSubrange(...newline)
          lock.withLock { received.append((now, line)) }
        }
      }
      reading.signal()
    }
  }

  /// Writes `text` to the run's standard input at once.
  func send(_ text: String) {
    input.fileHandleForWriting.write(Data(text.utf8))
  }

  /// Closes the run's standard input.
  func closeInput() throws { try input.fileHandleForWriting.close() }

  /// The lines of standard output so far, with when each arrived.
  var lines: [(instant: ContinuousClock.Instant, line: String)] { lock.withLock { received } }

  /// Waits for the run to end and for its output to be read; returns the
  /// exit status and standard error.
  func wait() throws -> (status: Int32, stderr: String) {
    process.waitUntilExit()
    reading.wait()
    return (process.terminationStatus, try String(contentsOfFile: errorPath, encoding: .utf8))
  }
}
