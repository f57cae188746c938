// SPDX-License-Identifier: Apache-2.0
/// How a ``RangingCSVReader`` reads an input that is still arriving: standard
/// input fed by a live source, or a file that is still being written.
///
/// A reader without one reads as fast as it can and stops at the end of the
/// input. With one, it waits for input with `poll(2)` at most
/// ``pollMilliseconds`` at a time and asks ``shouldStop`` after every wait,
/// so that a signal ends the read even when no byte comes; with ``follows``
/// it also waits at the end of the file for more bytes, polling every
/// ``pollMilliseconds``, until ``shouldStop`` says so. A stop ends the input
/// as its end would: a last line without its line end is still returned.
public struct LiveInput {
  /// Keep reading at the end of the file (`tail -f`), until ``shouldStop``.
  public var follows: Bool
  /// The longest wait before ``shouldStop`` is asked again, and the interval
  /// at which a followed file is polled at its end, in milliseconds, ≥ 1.
  public var pollMilliseconds: Int32
  /// Asked whenever the reader has waited; true ends the input.
  public var shouldStop: () -> Bool
  /// Called when a followed file turns out shorter than what was read of it
  /// (truncated, as by `: > FILE` or a log rotated by copy and truncate),
  /// with the bytes of an unfinished last line that are dropped with it. The
  /// reader then reads the file again from its start, as `tail -f` does: its
  /// lines are numbered from 1 again, and a first line equal to the header
  /// is read as the header, not as a row.
  public var onTruncation: (_ droppedBytes: Int) -> Void
  /// Called when a followed file's path comes to name another file (a log
  /// rotated by rename, as `tail -F` follows it), with the bytes of an
  /// unfinished last line of the old file, dropped. The reader has read the
  /// old file to its end and reads the new one from its start, as after a
  /// truncation.
  public var onReplacement: (_ droppedBytes: Int) -> Void

  /// - Parameters:
  ///   - follows: keep reading at the end of the file.
  ///   - pollMilliseconds: see ``pollMilliseconds``; default 50.
  ///   - shouldStop: asked after every wait; true ends the input.
  ///   - onTruncation: see ``onTruncation``; default: nothing.
  ///   - onReplacement: see ``onReplacement``; default: nothing.
  public init(
    follows: Bool, pollMilliseconds: Int32 = 50, shouldStop: @escaping () -> Bool,
    onTruncation: @escaping (_ droppedBytes: Int) -> Void = { _ in },
    onReplacement: @escaping (_ droppedBytes: Int) -> Void = { _ in }
  ) {
    precondition(pollMilliseconds >= 1, "LiveInput: pollMilliseconds must be at least 1")
    self.follows = follows
    self.pollMilliseconds = pollMilliseconds
    self.shouldStop = shouldStop
    self.onTruncation = onTruncation
    self.onReplacement = onReplacement
  }
}

/// How much of its input a reader has consumed, handed to
/// ``RangingCSVReader/beforeRead`` before each read.
public struct ReadProgress: Equatable, Sendable {
  /// Bytes read from the input so far, the header included.
  public var bytesRead: Int
  /// Lines returned so far (header, comments and blank lines included).
  public var lines: Int

  public init(bytesRead: Int, lines: Int) {
    self.bytesRead = bytesRead
    self.lines = lines
  }
}
