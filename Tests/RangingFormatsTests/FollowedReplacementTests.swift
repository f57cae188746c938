// SPDX-License-Identifier: Apache-2.0
import Foundation
import RangingFormats
import Testing

/// A followed path that comes to name another file (a log rotated by
/// rename) is followed as `tail -F` follows it (issue 58, item 13: the
/// reader went on at the end of the renamed file and never read the new one).
@Suite("Following a file replaced at its path")
struct FollowedReplacementTests {
  @Test("Renamed away and created anew: the old file read to its end, then the new one from line 1, its header skipped")
  func rotatedByRename() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("follow-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("live.csv").path
    try "t,object,distance\n0,a,1.0\n0.5,a,1.1\n0.9,a,1".write(toFile: path, atomically: false, encoding: .utf8)
    var waits = 0
    var replaced: [Int] = []
    let live = LiveInput(follows: true, pollMilliseconds: 1, shouldStop: {
      // Asked before every read: the second time, the old file has been read to its end.
      waits += 1
      if waits == 2 {
        #expect(rename(path, path + ".1") == 0)
        try? "t,object,distance\n10,b,2.0\n11,b,2.1\n".write(toFile: path, atomically: false, encoding: .utf8)
      }
      return waits > 5
    }, onReplacement: { replaced.append($0) })
    var reader = try RangingCSVReader(path: path, live: live)
    var lines: [String] = []
    while let record = try reader.next() {
      switch record {
      case .measurement(let line, let object, _, _, _, _): lines.append("\(line) \(object)")
      case .rejected(let rejection): lines.append("rejected \(rejection.line) \(rejection.reason)")
      default: lines.append("other")
      }
    }
    // The unfinished "0.9,a,1" (7 bytes, no line end) is dropped with the old file.
    #expect(replaced == [7])
    #expect(lines == ["2 a", "3 a", "2 b", "3 b"])
  }

  @Test("A FIFO put at the path is not opened (its open would block until a writer came): the old file stays followed")
  func fifoAtThePath() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("follow-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("live.csv").path
    try "t,object,distance\n0,a,1.0\n".write(toFile: path, atomically: false, encoding: .utf8)
    // Should the reader open the FIFO, a writer opened without blocking lets that open return
    // (and the test fail on the replacement reported) instead of hanging.
    let done = Locked(false)
    Thread.detachNewThread {
      while !done.value {
        var status = stat()
        let isFIFO = stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFIFO
        let writer = isFIFO ? open(path, O_WRONLY | O_NONBLOCK) : -1
        if writer >= 0 {
          close(writer)
          return
        }
        usleep(10_000)
      }
    }
    defer { done.value = true }
    var waits = 0
    var replaced: [Int] = []
    let live = LiveInput(follows: true, pollMilliseconds: 1, shouldStop: {
      waits += 1
      if waits == 2 {
        #expect(rename(path, path + ".1") == 0)
        #expect(mkfifo(path, 0o600) == 0)
      }
      return waits > 5
    }, onReplacement: { replaced.append($0) })
    var reader = try RangingCSVReader(path: path, live: live)
    var rows = 0
    while try reader.next() != nil { rows += 1 }
    #expect(replaced.isEmpty && rows == 1, "\(replaced), \(rows) rows")
  }
}

/// A value shared with another thread.
private final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Value
  init(_ value: Value) { stored = value }
  var value: Value {
    get { lock.withLock { stored } }
    set { lock.withLock { stored = newValue } }
  }
}
