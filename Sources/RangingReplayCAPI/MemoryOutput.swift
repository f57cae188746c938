// SPDX-License-Identifier: Apache-2.0
import RangingFormats
import RangingOutputs

#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
@preconcurrency import Darwin
#endif

/// An ``OutputFile`` whose bytes grow in memory (POSIX `open_memstream`),
/// so that the replay's writers, unchanged, fill a buffer that the C caller
/// then owns and frees with `free` (`ranging_replay_result_free`).
final class MemoryOutput {
  let file: OutputFile
  /// Where `open_memstream` keeps the buffer and its length: addresses that
  /// must not move while the stream is open, hence allocated apart.
  private let bytes = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: 1)
  private let length = UnsafeMutablePointer<Int>.allocate(capacity: 1)

  /// Nil when the stream cannot be opened (no memory).
  init?(name: String) {
    bytes.initialize(to: nil)
    length.initialize(to: 0)
    guard let stream = open_memstream(bytes, length) else {
      bytes.deallocate()
      length.deallocate()
      return nil
    }
    file = OutputFile(stream: stream, path: name)
  }

  /// Closes the stream (a replay job may have closed it already: the close
  /// then tells what that one did), and hands its buffer over: the caller
  /// frees it with `free`.
  ///
  /// - Throws: the output's first failure (the buffer is freed then).
  func take() throws(OutputError) -> (bytes: UnsafeMutablePointer<CChar>?, length: Int) {
    do throws(OutputError) {
      try file.close()
    } catch {
      free(bytes.pointee)
      bytes.pointee = nil
      throw error
    }
    let taken = (bytes.pointee, length.pointee)
    bytes.pointee = nil
    return taken
  }

  deinit {
    // An output never taken: OutputFile's own deinit closes the stream, which
    // sets the buffer, freed here.
    try? file.close()
    free(bytes.pointee)
    bytes.deallocate()
    length.deallocate()
  }
}
