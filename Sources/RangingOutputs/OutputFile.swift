// SPDX-License-Identifier: Apache-2.0
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
@preconcurrency import Darwin
#endif

/// A buffered text output: standard output, standard error, or a file; the
/// writers reach its buffer as a `TextSink`.
///
/// Text is appended to an in-memory buffer of fixed capacity and written with
/// `fwrite` when it fills, so a replay issues one system call per 64 KiB
/// rather than one per line.
///
/// Nothing is lost in silence: the first failed `fwrite` or `fflush` is kept
/// (later writes are dropped, since the output is already incomplete) and
/// thrown by every later ``flush()`` and by ``close()``, which also checks
/// `fclose`. A caller that reports success must call ``close()`` and see it
/// return (issue 13).
public final class OutputFile {
  private let file: UnsafeMutablePointer<FILE>
  private let ownsFile: Bool
  /// The first write that failed; every later flush and close throws it.
  public private(set) var failure: OutputError?
  /// Whether ``close()`` was called.
  public private(set) var isClosed = false
  /// `capacity` bytes allocated once; `count` of them are pending. Exclusivity
  /// is unchecked: an output is written from one thread, and the checks cost
  /// more than the copies.
  private let buffer: UnsafeMutablePointer<UInt8>
  @exclusivity(unchecked) private var count = 0
  private static let capacity = 1 << 16
  /// The path as given, for messages.
  public let path: String

  /// Standard output.
  public static func standardOutput() -> OutputFile { OutputFile(file: stdout, path: "<stdout>", owns: false) }

  private init(file: UnsafeMutablePointer<FILE>, path: String, owns: Bool) {
    self.file = file
    self.path = path
    ownsFile = owns
    buffer = .allocate(capacity: Self.capacity)
  }

  /// An output onto a C stream the caller opened (an `open_memstream`, say),
  /// which ``close()`` closes. `path` names it in messages.
  package convenience init(stream: UnsafeMutablePointer<FILE>, path: String) {
    self.init(file: stream, path: path, owns: true)
  }

  /// Creates or truncates the file at `path` (`-` is standard output).
  public convenience init(creating path: String) throws(OutputError) {
    if path == "-" {
      self.init(file: stdout, path: "<stdout>", owns: false)
      return
    }
    guard let file = fopen(path, "w") else {
      throw OutputError(path: path, reason: String(cString: strerror(errno)))
    }
    self.init(file: file, path: path, owns: true)
  }

  deinit {
    // A caller that cares has called close(); this only releases resources.
    if !isClosed {
      try? flush()
      if ownsFile { fclose(file) }
    }
    buffer.deallocate()
  }

  /// Appends `text`.
  public func write(_ text: String) {
    var text = text
    text.withUTF8 { append($0) }
  }

  /// Appends `line`, then a newline, written apart: joined, the line would
  /// be copied into a new string first. For lines formatted elsewhere (on a
  /// shard's thread, `--jobs`) and written here in order.
  public func write(line: String) {
    write(line)
    append(byte: UInt8(ascii: "\n"))
  }

  /// Appends bytes. Does not allocate: the buffer's capacity is reserved once.
  package func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard var source = bytes.baseAddress else { return }
    var remaining = bytes.count
    while count + remaining > Self.capacity {
      // Fill the buffer, write it out, go on with the rest.
      let part = Self.capacity - count
      (buffer + count).update(from: source, count: part)
      count = Self.capacity
      source += part
      remaining -= part
      try? flush()
    }
    (buffer + count).update(from: source, count: remaining)
    count += remaining
  }

  /// Appends one byte.
  package func append(byte: UInt8) {
    if count == Self.capacity { try? flush() }
    buffer[count] = byte
    count += 1
  }

  /// Writes the buffer out and flushes the C stream.
  ///
  /// - Throws: the first failure of this output, now or earlier.
  public func flush() throws(OutputError) {
    if failure == nil, count > 0 {
      if fwrite(buffer, 1, count, file) != count { record(errno) }
    }
    count = 0
    if failure == nil, fflush(file) != 0 { record(errno) }
    if let failure { throw failure }
  }

  /// Flushes, and closes the file (standard output is flushed, not closed).
  /// Call it before reporting success: only its return says that every
  /// byte reached the operating system.
  ///
  /// A second call closes nothing and tells what the first did, throwing
  /// its failure again: one output may be closed by each of two owners
  /// (a replay's sinks given one file for the events and the filtered
  /// track, say), and that is no reason to stop the program.
  ///
  /// - Throws: the first failure of this output, including `fclose`'s.
  public func close() throws(OutputError) {
    guard !isClosed else {
      if let failure { throw failure }
      return
    }
    defer { isClosed = true }
    do {
      try flush()
    } catch {
      if ownsFile { fclose(file) }
      throw error
    }
    if ferror(file) != 0 { record(EIO) }
    if ownsFile, fclose(file) != 0, failure == nil { record(errno) }
    if let failure { throw failure }
  }

  /// Keeps the first failure, with the operating system's text for `code`.
  private func record(_ code: Int32) {
    if failure == nil { failure = OutputError(path: path, reason: String(cString: strerror(code))) }
  }
}

/// An output that cannot be opened or written.
public struct OutputError: Error, CustomStringConvertible {
  /// The path as given, or `<stdout>`.
  public var path: String
  /// The operating system's text (`strerror`).
  public var reason: String
  public var description: String { "\(Escaped(path)): \(reason)" }
}

extension OutputFile: TextSink {}
