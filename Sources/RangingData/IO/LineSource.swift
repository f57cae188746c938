// SPDX-License-Identifier: Apache-2.0
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One physical line read by a ``LineSource``.
enum SourceLine: Equatable {
  /// A line's text without its `\n`, its trailing `\r`, and (on line 1 only)
  /// a leading UTF-8 byte order mark. Invalid UTF-8 is repaired with U+FFFD.
  case text(number: Int, String)
  /// A line longer than the source's limit; its bytes were skipped.
  case overlong(number: Int)
}

/// One physical line as bytes, from ``LineSource/nextRawLine()``.
enum RawLine {
  /// The line's bytes without its `\n`, its trailing `\r`, and (on line 1
  /// only) a leading byte order mark; they stay valid until the next read.
  ///
  /// The byte right after the line is its `\r` or `\n` (one is written after
  /// a last line that has none), and at least ``LineSource/readableBytesAfterLine``
  /// bytes after the line are readable: a scanner can stop at the terminator
  /// instead of checking the length, and load 8 bytes at a time near the end.
  case bytes(number: Int, UnsafeBufferPointer<UInt8>)
  /// A line longer than the source's limit; its bytes were skipped.
  case overlong(number: Int)
}

/// Splits a file or standard input into lines, reading fixed-size chunks.
///
/// Memory stays bounded by `maxLineBytes + chunkBytes` whatever the file size:
/// bytes are read with `read(2)` into one buffer, lines are cut at `\n` with
/// `memchr`, and a line longer than `maxLineBytes` is skipped to its end and
/// reported as ``SourceLine/overlong(number:)`` instead of being held.
/// A class, because it owns the descriptor and the buffer and frees them in
/// `deinit` (swift-collections' handle pattern).
final class LineSource {
  /// The path as the caller gave it; `-` is standard input.
  let path: String
  /// Longest line returned as text, in bytes, excluding the `\n`.
  let maxLineBytes: Int
  /// Lines returned so far; the number of the last line returned.
  private(set) var lineNumber = 0

  private let descriptor: Int32
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
  /// True while skipping the rest of an overlong line.
  private var skipping = false

  /// Bytes after every returned line that may be read (see ``RawLine/bytes(number:_:)``).
  static let readableBytesAfterLine = 16

  /// Opens `path` for reading (`-` = standard input, which is not closed).
  ///
  /// - Parameters:
  ///   - path: a file path, or `-`.
  ///   - chunkBytes: bytes requested per `read`, ≥ 1.
  ///   - maxLineBytes: longest line kept, ≥ 1.
  /// - Throws: ``DatasetError/Kind/cannotOpen(reason:)`` when the path cannot
  ///   be opened or is a directory.
  init(path: String, chunkBytes: Int = 65_536, maxLineBytes: Int = 1 << 20) throws(DatasetError) {
    precondition(chunkBytes >= 1 && maxLineBytes >= 1, "LineSource: sizes must be positive")
    self.path = path
    self.chunkBytes = chunkBytes
    self.maxLineBytes = maxLineBytes
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
  func nextLine() throws(DatasetError) -> SourceLine? {
    switch try nextRawLine() {
    case nil: nil
    case .overlong(let number): .overlong(number: number)
    case .bytes(let number, let bytes): .text(number: number, String(decoding: bytes, as: UTF8.self))
    }
  }

  /// ``nextLine()`` without building a String: the line's bytes in the
  /// source's buffer, valid until the next call. Does not allocate (unless a
  /// line outgrows the buffer, which then grows once).
  ///
  /// - Throws: ``DatasetError/Kind/readFailed(reason:)`` naming the line being read.
  func nextRawLine() throws(DatasetError) -> RawLine? {
    while true {
      if let newline = findNewline() {
        let lineStart = start
        start = newline + 1
        scanned = start
        return finishLine(bytes: lineStart..<newline)
      }
      if atEndOfFile {
        guard skipping || start < end else { return nil }
        let lineStart = start
        start = end
        buffer[end] = 0x0A  // the terminator the last line lacks; `end` < buffer.count
        return finishLine(bytes: lineStart..<end)
      }
      makeRoom()
      try fill()
    }
  }

  /// The index of the first `\n` in `buffer[scanned..<end]`, recording how far was searched.
  private func findNewline() -> Int? {
    guard scanned < end, let base = buffer.baseAddress else { return nil }
    guard let hit = memchr(base + scanned, 0x0A, end - scanned) else {
      scanned = end
      return nil
    }
    return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
  }

  /// Counts the line held in `buffer[bytes]` and turns it into a ``RawLine``.
  private func finishLine(bytes: Range<Int>) -> RawLine {
    lineNumber += 1
    if skipping || bytes.count > maxLineBytes {
      skipping = false
      return .overlong(number: lineNumber)
    }
    return .bytes(number: lineNumber, trimmed(buffer[bytes]))
  }

  /// Drops consumed bytes, or the held part of an overlong line, and grows the
  /// buffer when a kept line fills it.
  private func makeRoom() {
    if skipping || end - start > maxLineBytes {
      // The line is too long to keep: forget its bytes and skip to its `\n`.
      skipping = true
      start = 0
      end = 0
      scanned = 0
      return
    }
    if start > 0 {
      let held = end - start
      if held > 0, let base = buffer.baseAddress {
        memmove(base, base + start, held)  // regions may overlap
      }
      scanned -= start
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
    let wanted = min(chunkBytes, capacity - end)
    while true {
      let count = read(descriptor, buffer.baseAddress! + end, wanted)
      if count > 0 {
        end += count
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

  /// A line's bytes without a trailing `\r` and, on line 1, a BOM.
  private func trimmed(_ bytes: Slice<UnsafeMutableBufferPointer<UInt8>>) -> UnsafeBufferPointer<UInt8> {
    var bytes = bytes
    if bytes.last == 0x0D { bytes.removeLast() }
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
