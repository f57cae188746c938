// SPDX-License-Identifier: Apache-2.0
import Synchronization

/// Where a replay's messages for people go: straight to standard error, or,
/// when several files replay at once, into a buffer that holds one file's
/// rejected rows and summary until the files before it have been reported,
/// so that each file's messages stay together and in the inputs' order. A
/// buffer holds at most `--list-rejected` rows and the summary.
final class MessageSink: Sendable {
  private let isBuffered: Bool
  private let buffer = Mutex("")

  private init(buffered: Bool) {
    isBuffered = buffered
  }

  /// Writes through to standard error (``Diagnostics/write(_:)``).
  static let standardError = MessageSink(buffered: false)

  /// Keeps what is written until ``flush(into:)``.
  static func buffered() -> MessageSink { MessageSink(buffered: true) }

  func write(_ text: String) {
    if isBuffered { buffer.withLock { $0 += text } } else { Diagnostics.write(text) }
  }

  /// What a buffered sink keeps and has not flushed: a replay's messages, as
  /// a test of the replay run in-process reads them.
  var kept: String { buffer.withLock { $0 } }

  /// Writes what was kept to `destination`, the sink of the command that
  /// replays several files (standard error, or a buffer of a test that runs
  /// the command in-process), and forgets it.
  func flush(into destination: MessageSink) {
    guard isBuffered else { return }
    destination.write(buffer.withLock { text in
      defer { text = "" }
      return text
    })
  }
}
