// SPDX-License-Identifier: Apache-2.0
import RangingOutputs
/// Where and what went wrong with an input file as a whole.
///
/// A `DatasetError` is thrown when a file cannot be used at all: it cannot be
/// opened, it is not a ranging CSV (docs/FORMATS.md §1), or reading it failed part
/// way. Problems with single rows are not errors; they are reported as
/// ``RowRejection`` values and reading continues.
///
/// The error carries its origin and renders it only in ``description``, in the
/// style of argument-parser's `ParserError` (docs/CONVENTIONS.md §5, tier 3):
///
///     data.csv:1: not a ranging CSV: no 't' column
///     missing.csv: cannot open: No such file or directory
///
/// `rangectl` maps ``Kind/cannotOpen(reason:)`` to exit status 66 and
/// ``Kind/notARangingCSV(reason:)`` to 65 (docs/FORMATS.md §4).
public struct DatasetError: Error, Equatable, CustomStringConvertible {
  /// What went wrong.
  public enum Kind: Equatable, Sendable {
    /// The file does not exist, is a directory, or may not be read.
    /// `reason` is the operating system's text (`strerror`). Exit status 66.
    case cannotOpen(reason: String)
    /// The file has no header line (it is empty, or holds only comments and
    /// blank lines), or its header lacks a `t` or `object` column, or names a
    /// known column twice. Exit status 65.
    case notARangingCSV(reason: String)
    /// Reading failed after the file was opened; `reason` is the operating
    /// system's text (`strerror`).
    case readFailed(reason: String)
  }

  /// The path as the caller gave it; `-` means standard input.
  public var path: String
  /// The 1-based physical line the error concerns (counting header, comment
  /// and blank lines), or nil when it concerns the whole file.
  public var line: Int?
  /// What went wrong.
  public var kind: Kind

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - path: the path as the caller gave it; `-` means standard input.
  ///   - line: 1-based physical line, or nil for the whole file.
  ///   - kind: what went wrong.
  public init(path: String, line: Int? = nil, kind: Kind) {
    self.path = path
    self.line = line
    self.kind = kind
  }

  /// `<path>[:<line>]: <what>: <reason>`, with standard input shown as `<stdin>`
  /// and control characters shown as escapes (`Escaped`).
  public var description: String {
    let location = DatasetError.location(path: path, line: line)
    switch kind {
    case .cannotOpen(let reason): return "\(location): cannot open: \(reason)"
    case .notARangingCSV(let reason): return "\(location): not a ranging CSV: \(Escaped(reason))"
    case .readFailed(let reason): return "\(location): read failed: \(reason)"
    }
  }

  /// `<path>[:<line>]` as every input error of the package begins:
  /// ``displayName(for:)`` of the path, then the line when there is one.
  package static func location(path: String, line: Int?) -> String {
    let name = displayName(for: path)
    guard let line else { return name }
    return "\(name):\(line)"
  }

  /// The name to print for a path: `<stdin>` for `-`, else the path with
  /// control characters escaped (`Escaped`).
  package static func displayName(for path: String) -> String {
    path == "-" ? "<stdin>" : Escaped(path).description
  }

  /// The exit status of a replay that stops on this error: sysexits.h codes,
  /// as docs/FORMATS.md §4 assigns them (`rangectl`, and the replay reached from C).
  public var exitCode: Int32 {
    switch kind {
    case .cannotOpen: 66  // EX_NOINPUT
    case .notARangingCSV: 65  // EX_DATAERR
    case .readFailed: 74  // EX_IOERR
    }
  }
}
