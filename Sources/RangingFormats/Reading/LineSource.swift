// SPDX-License-Identifier: Apache-2.0
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One physical line read by a `LineSource`.
package enum SourceLine: Equatable {
  /// A line's text without its `\n`, `\r\n` or `\r`, and (on line 1 only)
  /// a leading UTF-8 byte order mark. Invalid UTF-8 bytes are written as
  /// `\xNN` (`UTF8Text`), so that different bytes stay different.
  case text(number: Int, String)
  /// A line longer than the source's limit; its bytes are skipped.
  /// `isComment`: its first byte is `#` (after a byte order mark on line 1).
  case overlong(number: Int, isComment: Bool)
}

/// One physical line as bytes, from ``LineSource/nextRawLine()``.
enum RawLine {
  /// The line's bytes without its `\n`, `\r\n` or `\r`, and (on line 1
  /// only) a leading byte order mark; they stay valid until the next read.
  ///
  /// The byte right after the line is its `\r` or `\n` (a `\n` is written after
  /// a last line that has none), and at least ``LineSource/readableBytesAfterLine``
  /// bytes after the line are readable: a scanner can stop at the terminator
  /// instead of checking the length, and load 8 bytes at a time near the end.
  case bytes(number: Int, UnsafeBufferPointer<UInt8>)
  /// A line longer than the source's limit; its bytes are skipped.
  /// `isComment`: its first byte is `#` (after a byte order mark on line 1).
  case overlong(number: Int, isComment: Bool)
}

/// Splits a file or standard input into lines, reading fixed-size chunks.
///
/// Memory stays bounded by `maxLineBytes + chunkBytes` whatever the file size:
/// bytes are read with `read(2)` into one buffer, lines are cut at their
/// terminator with `memchr`, and a line longer than `maxLineBytes` is reported
/// as ``SourceLine/overlong(number:isComment:)`` as soon as it passes the
/// limit, and the rest of it is skipped without being held.
///
/// Line ends are `\n`, `\r\n`, or `\r` alone (classic Mac OS, and some
/// spreadsheet exports), each line on its own: a line ends at the first `\r`
/// or `\n`, and a `\n` right after a `\r` belongs to that `\r` (Python's
/// "universal newlines", PEP 278). A file that changes its line ends part
/// way, such as a log appended to by two tools, therefore reads as lines
/// throughout; a `\r` cannot be part of a field.
///
/// A line that never ends (`/dev/zero`, a binary file without a newline) is
/// not skipped forever: once its skipped part passes 64 MiB (``defaultMaxSkippedLineBytes``),
/// reading stops with ``DatasetError/Kind/notARangingCSV(reason:)``.
/// A class, because it owns the descriptor and the buffer and frees them in
/// `deinit` (swift-collections' handle pattern).
package final class LineSource {
  /// The path as the caller gave it; `-` is standard input.
  let path: String
  /// Longest line returned as text, in bytes, excluding the `\n`.
  let maxLineBytes: Int
  /// Longest line skipped; a longer one ends the read (``defaultMaxSkippedLineBytes``).
  let maxSkippedLineBytes: Int
  /// Lines returned so far; the number of the last line returned.
  private(set) var lineNumber = 0

  /// Replaced when a followed file is replaced at its path (``reopenIfReplaced(_:)``).
  private var descriptor: Int32
  private let ownsDescriptor: Bool
  private let chunkBytes: Int
  /// Bytes usable for input; the buffer has ``readableBytesAfterLine`` more.
  private var capacity: Int
  private var buffer: UnsafeMutableBufferPointer<UInt8>
  /// Unconsumed bytes are `buffer[start..<end]`; `buffer[start..<scanned]` holds no `\n`.
  private var start = 0
  private var end = 0
  private var scanned = 0
  private var atEndOfFile = false
  /// True while skipping the rest of an overlong line, already returned.
  private var skipping = false
  /// Bytes of the current overlong line skipped so far.
  private var skippedBytes = 0
  /// The index of the next `\n` at or after ``scanned``, when one has been found.
  private var newlineAt: Int? = nil
  /// `buffer[start..<newlineFrom]` has been searched for `\n`; only ``newlineAt`` holds one.
  private var newlineFrom = 0
  /// The last line ended at a `\r`: a `\n` right after it is the rest of its `\r\n`.
  private var swallowsNewline = false
  /// Bytes read from the input so far.
  private(set) var bytesRead = 0
  /// Times a followed file was found truncated and read again from its start.
  private(set) var truncations = 0
  /// When set, how to wait for input that is still arriving (`LiveInput`).
  let live: LiveInput?
  /// Called before each `read` (once per chunk, or before each wait for
  /// input): flushes outputs for a live replay, draws progress.
  var beforeRead: ((ReadProgress) -> Void)? = nil

  /// The longest line that is skipped, in bytes; a longer one ends the read.
  /// 64 MiB: 64 times the default line limit, read at `memchr` speed in
  /// milliseconds, and no text file has a longer line.
  static let defaultMaxSkippedLineBytes = 1 << 26
  /// Bytes after every returned line that may be read (see ``RawLine/bytes(number:_:)``).
  static let readableBytesAfterLine = 16

  /// Opens `path` for reading (`-` = standard input, which is not closed).
  ///
  /// - Parameters:
  ///   - path: a file path, or `-`.
  ///   - chunkBytes: bytes requested per `read`, ≥ 1.
  ///   - maxLineBytes: longest line kept, ≥ 1.
  ///   - maxSkippedLineBytes: longest line skipped, ≥ `maxLineBytes`.
  ///   - live: how to wait for input still arriving; nil to read to the end.
  /// - Throws: ``DatasetError/Kind/cannotOpen(reason:)`` when the path cannot
  ///   be opened or is a directory.
  package init(
    path: String, chunkBytes: Int = 65_536, maxLineBytes: Int = 1 << 20,
    maxSkippedLineBytes: Int = LineSource.defaultMaxSkippedLineBytes, live: LiveInput? = nil
  ) throws(DatasetError) {
    precondition(chunkBytes >= 1 && maxLineBytes >= 1 && maxSkippedLineBytes >= maxLineBytes,
                 "LineSource: sizes must be positive, and the skip limit at least the line limit")
    self.path = path
    self.maxSkippedLineBytes = maxSkippedLineBytes
    self.chunkBytes = chunkBytes
    self.maxLineBytes = maxLineBytes
    self.live = live
    if path == "-" {
      descriptor = STDIN_FILENO
      ownsDescriptor = false
    } else {
      descriptor = try LineSource.openRegularFile(path)
      ownsDescriptor = true
    }
    capacity = chunkBytes
    buffer = LineSource.allocateBuffer(capacity: chunkBytes)
  }

  /// `capacity` bytes for input plus the readable tail, all initialised.
  private static func allocateBuffer(capacity: Int) -> UnsafeMutableBufferPointer<UInt8> {
    let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: capacity + readableBytesAfterLine)
    buffer.initialize(repeating: 0)
    return buffer
  }

  deinit {
    buffer.deallocate()
    if ownsDescriptor { close(descriptor) }
  }

  /// Returns the next line, or nil at the end of the input.
  ///
  /// A final line without `\n` is returned; an input ending in `\n` has no
  /// empty line after it.
  ///
  /// - Throws: ``DatasetError/Kind/readFailed(reason:)`` naming the line being read.
  package func nextLine() throws(DatasetError) -> SourceLine? {
    switch try nextRawLine() {
    case nil: nil
    case .overlong(let number, let isComment): .overlong(number: number, isComment: isComment)
    case .bytes(let number, let bytes): .text(number: number, UTF8Text.decode(bytes))
    }
  }

  /// ``nextLine()`` without building a String: the line's bytes in the
  /// source's buffer, valid until the next call. Does not allocate (unless a
  /// line outgrows the buffer, which then grows once).
  ///
  /// - Throws: ``DatasetError/Kind/readFailed(reason:)`` naming the line being
  ///   read; ``DatasetError/Kind/notARangingCSV(reason:)`` for a line longer
  ///   than ``maxSkippedLineBytes``.
  func nextRawLine() throws(DatasetError) -> RawLine? {
    while true {
      if swallowsNewline, start < end {
        swallowsNewline = false
        if buffer[start] == 0x0A { consume(through: start) }
      }
      if let lineEnd = findLineEnd() {
        let lineStart = start
        swallowsNewline = buffer[lineEnd] == 0x0D
        consume(through: lineEnd)
        if skipping {
          // The end of a line already returned as overlong.
          skipping = false
          continue
        }
        return finishLine(bytes: lineStart..<lineEnd)
      }
      if atEndOfFile {
        guard !skipping, start < end else {
          skipping = false
          start = end
          return nil
        }
        let lineStart = start
        start = end
        buffer[end] = 0x0A  // the terminator the last line lacks; `end` < buffer.count
        return finishLine(bytes: lineStart..<end)
      }
      if !skipping, end - start > maxLineBytes {
        // Too long to keep: report it now, and skip the rest on later calls.
        let line = finishLine(bytes: start..<end)
        skipping = true
        skippedBytes = 0
        return line
      }
      try makeRoom()
      try fill()
    }
  }

  /// The index of the first `\r` or `\n` in `buffer[scanned..<end]`,
  /// recording how far was searched.
  ///
  /// Two `memchr` calls, each byte searched at most once by each: the `\n`
  /// found is kept until its line is taken, and the `\r` search stops there.
  private func findLineEnd() -> Int? {
    guard scanned < end, let base = buffer.baseAddress else { return nil }
    if newlineAt == nil, newlineFrom < end {
      let from = max(newlineFrom, scanned)
      newlineAt = memchr(base + from, 0x0A, end - from).map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) }
      newlineFrom = end
    }
    let limit = newlineAt ?? end
    if let hit = memchr(base + scanned, 0x0D, limit - scanned) {
      return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
    }
    if let newlineAt { return newlineAt }
    scanned = end
    return nil
  }

  /// Takes `buffer[...index]` as read: the next line starts after it.
  private func consume(through index: Int) {
    start = index + 1
    scanned = start
    if let newline = newlineAt, newline <= index {
      newlineAt = nil
      newlineFrom = start
    }
  }

  /// Counts the line held in `buffer[bytes]` and turns it into a ``RawLine``.
  private func finishLine(bytes: Range<Int>) -> RawLine {
    lineNumber += 1
    if bytes.count > maxLineBytes { return overlongLine(bytes: bytes) }
    return .bytes(number: lineNumber, trimmed(buffer[bytes]))
  }

  /// The ``RawLine/overlong(number:isComment:)`` of the line in `buffer[bytes]`.
  ///
  /// Out of line, for a line that is rare: with its comment test inlined
  /// here, the path of every line made a release `rangectl replay --jobs 1`
  /// about 4% slower.
  @inline(never)
  private func overlongLine(bytes: Range<Int>) -> RawLine {
    var first = bytes.lowerBound
    if lineNumber == 1, bytes.count >= 3, buffer[first] == 0xEF, buffer[first + 1] == 0xBB, buffer[first + 2] == 0xBF {
      first += 3
    }
    return .overlong(number: lineNumber, isComment: CSVFields.isComment(buffer[first..<bytes.upperBound]))
  }

  /// Drops consumed bytes, or the skipped part of an overlong line, and grows
  /// the buffer when a kept line fills it.
  ///
  /// - Throws: ``DatasetError/Kind/notARangingCSV(reason:)`` when the line
  ///   being skipped passes ``maxSkippedLineBytes``.
  private func makeRoom() throws(DatasetError) {
    if skipping {
      // Forget the overlong line's bytes and go on looking for its end.
      skippedBytes += end - start
      start = 0
      end = 0
      scanned = 0
      newlineFrom = 0
      if skippedBytes > maxSkippedLineBytes {
        throw DatasetError(
          path: path, line: lineNumber,
          kind: .notARangingCSV(reason: "no line end in \(maxSkippedLineBytes) bytes: not a text file"))
      }
      return
    }
    if start > 0 {
      let held = end - start
      if held > 0, let base = buffer.baseAddress {
        memmove(base, base + start, held)  // regions may overlap
      }
      scanned -= start
      // Called only when no line end is held, so no `\n` is known.
      newlineFrom = max(0, newlineFrom - start)
      end = held
      start = 0
    }
    if end == capacity {
      capacity = min(capacity * 2, maxLineBytes + chunkBytes)
      let grown = LineSource.allocateBuffer(capacity: capacity)
      grown.baseAddress!.update(from: buffer.baseAddress!, count: end)
      buffer.deallocate()
      buffer = grown
    }
  }

  /// Reads up to one chunk after `end`, retrying on `EINTR`.
  private func fill() throws(DatasetError) {
    beforeRead?(ReadProgress(bytesRead: bytesRead, lines: lineNumber))
    if let live { return try fillLive(live) }
    let wanted = min(chunkBytes, capacity - end)
    while true {
      let count = read(descriptor, buffer.baseAddress! + end, wanted)
      if count > 0 {
        end += count
        bytesRead += count
        return
      }
      if count == 0 {
        atEndOfFile = true
        return
      }
      if errno == EINTR { continue }
      throw DatasetError(
        path: path, line: lineNumber + 1,
        kind: .readFailed(reason: LineSource.systemMessage(errno)))
    }
  }

  /// `fill()` for input still arriving: waits with `poll(2)` at most
  /// `LiveInput.pollMilliseconds` at a time, asks `LiveInput.shouldStop`
  /// after every wait and signal, and when following waits at the end of the
  /// file instead of ending.
  private func fillLive(_ live: LiveInput) throws(DatasetError) {
    let wanted = min(chunkBytes, capacity - end)
    while true {
      if live.shouldStop() {
        atEndOfFile = true
        return
      }
      var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      let ready = poll(&waiting, 1, live.pollMilliseconds)
      if ready == 0 || (ready < 0 && errno == EINTR) { continue }
      let count = ready < 0 ? -1 : read(descriptor, buffer.baseAddress! + end, wanted)
      if count > 0 {
        end += count
        bytesRead += count
        return
      }
      if count == 0 {
        guard live.follows else {
          atEndOfFile = true
          return
        }
        if restartIfTruncated(live) || reopenIfReplaced(live) { return }
        // The end of a file still being written: wait for more.
        let milliseconds = Int(live.pollMilliseconds)
        var interval = timespec(tv_sec: milliseconds / 1000, tv_nsec: milliseconds % 1000 * 1_000_000)
        nanosleep(&interval, nil)
        continue
      }
      if errno == EINTR { continue }
      throw DatasetError(
        path: path, line: lineNumber + 1,
        kind: .readFailed(reason: LineSource.systemMessage(errno)))
    }
  }

  /// At the end of a followed file: when the file is now shorter than the
  /// offset read up to, it was truncated; the unfinished bytes held are
  /// dropped (their line can no longer end), and reading starts again at the
  /// file's start, from line 1. - Returns: whether it did.
  private func restartIfTruncated(_ live: LiveInput) -> Bool {
    var status = stat()
    let offset = lseek(descriptor, 0, SEEK_CUR)
    guard offset > 0, fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG,
      Int64(status.st_size) < Int64(offset), lseek(descriptor, 0, SEEK_SET) == 0
    else { return false }
    live.onTruncation(restart())
    return true
  }

  /// At the end of a followed file: when its path now names another file
  /// (a log rotated by renaming it and creating a new one, or a file
  /// replaced by a rename over it), as `tail -F` does: the old file has
  /// been read to its end, so the new one is opened and read from its
  /// start, from line 1, its first line read as the header. A path that
  /// names nothing for now (rotated, the new file not yet created), names
  /// something other than a regular file, or cannot be opened leaves the
  /// old file followed until it does.
  /// - Returns: whether it reopened.
  private func reopenIfReplaced(_ live: LiveInput) -> Bool {
    guard ownsDescriptor else { return false }
    var current = stat(), named = stat()
    // Only a regular file: opening a FIFO put at the path would block until a writer came.
    guard fstat(descriptor, &current) == 0, stat(path, &named) == 0, (named.st_mode & S_IFMT) == S_IFREG,
      named.st_dev != current.st_dev || named.st_ino != current.st_ino,
      let replacement = try? LineSource.openRegularFile(path)
    else { return false }
    close(descriptor)
    descriptor = replacement
    live.onReplacement(restart())
    return true
  }

  /// Forgets what was read, to read the input again from its first line.
  /// - Returns: the bytes of an unfinished last line, dropped.
  private func restart() -> Int {
    let dropped = end - start
    start = 0
    end = 0
    scanned = 0
    newlineAt = nil
    newlineFrom = 0
    swallowsNewline = false
    skipping = false
    skippedBytes = 0
    lineNumber = 0
    truncations += 1
    return dropped
  }

  /// A line's bytes without, on line 1, a BOM.
  private func trimmed(_ bytes: Slice<UnsafeMutableBufferPointer<UInt8>>) -> UnsafeBufferPointer<UInt8> {
    var bytes = bytes
    if lineNumber == 1, bytes.count >= 3, bytes[bytes.startIndex] == 0xEF, bytes[bytes.startIndex + 1] == 0xBB,
      bytes[bytes.startIndex + 2] == 0xBF
    {
      bytes.removeFirst(3)
    }
    return UnsafeBufferPointer(rebasing: bytes)
  }

  /// Opens `path` read-only and checks it is not a directory.
  private static func openRegularFile(_ path: String) throws(DatasetError) -> Int32 {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else {
      throw DatasetError(path: path, kind: .cannotOpen(reason: systemMessage(errno)))
    }
    var status = stat()
    if fstat(fd, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR {
      close(fd)
      throw DatasetError(path: path, kind: .cannotOpen(reason: systemMessage(EISDIR)))
    }
    return fd
  }

  /// The operating system's text for an `errno` value.
  static func systemMessage(_ code: Int32) -> String {
    String(cString: strerror(code))
  }
}
