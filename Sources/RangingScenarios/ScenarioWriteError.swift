// SPDX-License-Identifier: Apache-2.0
/// A generated scenario could not be written.
public struct ScenarioWriteError: Error, Equatable, CustomStringConvertible {
  /// The path as the caller gave it.
  public var path: String
  /// The operating system's or Foundation's text.
  public var reason: String

  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  /// `<path>: cannot write: <reason>`.
  public var description: String { "\(path): cannot write: \(reason)" }
}
