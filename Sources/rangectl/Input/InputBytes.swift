// SPDX-License-Identifier: Apache-2.0
import RangingOutputs

#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
@preconcurrency import Darwin
#endif
import RangingFormats

/// A whole small input (a file or standard input) read with `read(2)`, with
/// every failure reported instead of trapped: Foundation's
/// `FileHandle.readDataToEndOfFile()` raises (SIGILL) on a directory or a
/// closed descriptor, and reads `/dev/zero` forever.
enum InputBytes {
  /// Why an input could not be read.
  struct Failure: Error, CustomStringConvertible {
    enum Kind {
      /// Missing, unreadable, or a directory. Exit status 66.
      case cannotOpen
      /// `read` failed part way. Exit status 74.
      case readFailed
      /// More bytes than the limit. Exit status 65.
      case tooLong
    }

    var path: String
    var kind: Kind
    var reason: String

    var exitCode: Int32 {
      switch kind {
      case .cannotOpen: 66  // EX_NOINPUT
      case .readFailed: 74  // EX_IOERR
      case .tooLong: 65  // EX_DATAERR
      }
    }

    var description: String {
      let name = Escaped(path == "-" ? "<stdin>" : path)
      switch kind {
      case .cannotOpen: return "\(name): cannot open: \(reason)"
      case .readFailed: return "\(name): read failed: \(reason)"
      case .tooLong: return "\(name): \(reason)"
      }
    }
  }

  /// Every byte of `path` (`-` = standard input, not closed), at most `limit`.
  ///
  /// - Throws: ``Failure`` when the path cannot be opened or is a directory,
  ///   when a read fails, or when the input holds more than `limit` bytes.
  static func contents(of path: String, limit: Int) throws(Failure) -> [UInt8] {
    let descriptor: Int32
    if path == "-" {
      descriptor = STDIN_FILENO
    } else {
      descriptor = open(path, O_RDONLY | O_CLOEXEC)
      guard descriptor >= 0 else { throw Failure(path: path, kind: .cannotOpen, reason: systemMessage(errno)) }
    }
    defer { if path != "-" { close(descriptor) } }
    var status = stat()
    if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
      throw Failure(path: path, kind: path == "-" ? .readFailed : .cannotOpen, reason: systemMessage(EISDIR))
    }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count == 0 { return bytes }
      if count < 0 {
        if errno == EINTR { continue }
        throw Failure(path: path, kind: .readFailed, reason: systemMessage(errno))
      }
      guard bytes.count + count <= limit else {
        throw Failure(path: path, kind: .tooLong, reason: "longer than \(limit) bytes, so not a message")
      }
      bytes += chunk[..<count]
    }
  }

  private static func systemMessage(_ code: Int32) -> String { String(cString: strerror(code)) }
}
