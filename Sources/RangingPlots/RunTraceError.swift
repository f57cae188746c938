// SPDX-License-Identifier: Apache-2.0
import RangingFormats
import RangingOutputs

/// Why a ``RunTrace`` cannot be recorded from a file.
public enum RunTraceError: Error, Equatable, CustomStringConvertible {
  /// The file cannot be opened or read, or is not a ranging CSV.
  case dataset(DatasetError)
  /// The file has no usable measurement row for any object.
  case noMeasurements(path: String)
  /// The object asked for has no measurement row; `available` lists the
  /// objects that do, in order of first appearance: the first
  /// ``listedObjects``, and one more when there are more.
  case unknownObject(String, path: String, available: [String])

  /// Objects named in the message of ``unknownObject(_:path:available:)``.
  public static let listedObjects = 20
  /// The object has measurement rows, from `first` to `last` seconds, but
  /// none inside the window asked for (`rangectl plot --from/--to`).
  case outsideWindow(String, path: String, window: PlotWindow, first: Double, last: Double)

  /// The exit status a command ends with for this error (sysexits.h):
  /// the dataset's own, 65 (`EX_DATAERR`) for no measurements, 64
  /// (`EX_USAGE`) when the options select nothing in the file.
  public var exitCode: Int32 {
    switch self {
    case .dataset(let error): error.exitCode
    case .noMeasurements: 65
    case .unknownObject, .outsideWindow: 64
    }
  }

  public var description: String {
    switch self {
    case .dataset(let error):
      return error.description
    case .noMeasurements(let path):
      return "\(DatasetError.displayName(for: path)): no measurement rows to plot"
    case .unknownObject(let name, let path, let available):
      let list = available.prefix(Self.listedObjects).map { Escaped($0).description }.joined(separator: ", ")
        + (available.count > Self.listedObjects ? ", ..." : "")
      return "\(DatasetError.displayName(for: path)): no measurements of object '\(Escaped(name))'; objects: \(list)"
    case .outsideWindow(let name, let path, let window, let first, let last):
      return "\(DatasetError.displayName(for: path)): object '\(Escaped(name))' has no measurements \(window.phrase); "
        + "its rows span \(first) to \(last) s"
    }
  }
}
