// SPDX-License-Identifier: Apache-2.0

/// Where a command writes its report and its messages for people: standard
/// output and standard error (``standard``), or, for a test that runs the
/// command in-process, wherever the test keeps them. A command that takes
/// one runs the same whichever it is given.
struct CommandStreams {
  /// Writes `text` and a newline to the report, as `print` does.
  let print: (String) -> Void
  /// Writes a message for people (with its own newline), as ``Diagnostics/write(_:)`` does.
  let note: (String) -> Void

  /// Standard output and standard error.
  static var standard: CommandStreams { CommandStreams(print: { Swift.print($0) }, note: Diagnostics.write) }
}
