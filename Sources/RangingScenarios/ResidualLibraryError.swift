// SPDX-License-Identifier: Apache-2.0
/// A residual library (``ResidualLibrary``) could not be read or used.
///
/// Rendered as `<path>:<line>: field '<field>': <reason>`, with the line and
/// field left out when the problem is not on one line (an unreadable file, a
/// source the library does not hold).
public struct ResidualLibraryError: Error, Equatable, CustomStringConvertible {
  /// The path as the caller gave it.
  public var path: String
  /// 1-based line number in the file, counting comment lines and the header.
  public var line: Int?
  /// The column at fault (`source`, `track`, `t`, `true_distance`, `residual`).
  public var field: String?
  /// What is wrong, in words a user can act on.
  public var reason: String

  public init(path: String, line: Int? = nil, field: String? = nil, reason: String) {
    self.path = path
    self.line = line
    self.field = field
    self.reason = reason
  }

  public var description: String {
    var text = path
    if let line { text += ":\(line)" }
    if let field { text += ": field '\(field)'" }
    return text + ": " + reason
  }
}
