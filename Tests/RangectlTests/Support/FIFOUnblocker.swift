// SPDX-License-Identifier: Apache-2.0
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ends the wait of whoever opens a FIFO for reading: from `after` on, every
/// 0.2 s, it opens the FIFO for writing without blocking and closes it, so a
/// reader stuck in `open` gets an empty file. A test of a FIFO then fails
/// instead of hanging the whole run when the FIFO is read by mistake; when
/// nobody reads it, the open fails (no reader) and nothing happens. It stops
/// when cancelled or when the FIFO is gone (its scratch folder removed).
final class FIFOUnblocker: @unchecked Sendable {
  private let lock = NSLock()
  private var cancelled = false

  init(_ path: String, after: Duration = .seconds(10)) {
    let start = ContinuousClock.now
    Thread.detachNewThread { [self] in
      while !lock.withLock({ cancelled }) {
        Thread.sleep(forTimeInterval: 0.2)
        guard ContinuousClock.now - start >= after else { continue }
        let descriptor = open(path, O_WRONLY | O_NONBLOCK)
        if descriptor >= 0 { close(descriptor) } else if errno == ENOENT { return }
      }
    }
  }

  /// Stops the attempts (call it when the test ends).
  func cancel() { lock.withLock { cancelled = true } }
}
