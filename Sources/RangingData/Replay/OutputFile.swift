#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
@preconcurrency import Darwin
#endif

/// A buffered text output: standard output, standard error, or a file.
///
/// Text is appended to an in-memory buffer of fixed capacity and written with
/// `fwrite` when it fills, so a replay issues one system call per 64 KiB
/// rather than one per line.
public final class OutputFile {
  private let file: UnsafeMutablePointer<FILE>
  private let ownsFile: Bool
  private var buffer: [UInt8] = []
  private static let capacity = 1 << 16
  /// The path as given, for messages.
  public let path: String

  /// Standard output.
  public static func standardOutput() -> OutputFile { OutputFile(file: stdout, path: "<stdout>", owns: false) }

  private init(file: UnsafeMutablePointer<FILE>, path: String, owns: Bool) {
    self.file = file
    self.path = path
    ownsFile = owns
    buffer.reserveCapacity(Self.capacity)
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
    try? flush()
    if ownsFile { fclose(file) }
  }

  /// Appends `text`.
  public func write(_ text: String) {
    var text = text
    text.withUTF8 { bytes in
      if buffer.count + bytes.count > Self.capacity { try? flush() }
      buffer.append(contentsOf: bytes)
    }
  }

  /// Writes the buffer out.
  public func flush() throws(OutputError) {
    guard !buffer.isEmpty else { return }
    let written = buffer.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
    let failed = written != buffer.count
    buffer.removeAll(keepingCapacity: true)
    fflush(file)
    if failed { throw OutputError(path: path, reason: String(cString: strerror(errno))) }
  }
}

/// An output that cannot be opened or written.
public struct OutputError: Error, CustomStringConvertible {
  public var path: String
  public var reason: String
  public var description: String { "\(path): \(reason)" }
}
