// SPDX-License-Identifier: Apache-2.0
import Synchronization

#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
@preconcurrency import Darwin
#endif

/// The signal that asked a live replay to stop, 0 while none has.
private let receivedSignal = Atomic<Int32>(0)

/// SIGINT and SIGTERM turned into a request to end the input, for a live
/// replay: the reader sees it at its next wait (`LiveInput`), the row loop
/// ends as at the end of the input, and the outputs are flushed and the
/// summary written as usual.
///
/// The handler only stores the signal's number (a lock-free atomic store,
/// which is async-signal-safe). It is installed without `SA_RESTART`, so a
/// blocked `poll` returns at once, and with `SA_RESETHAND`, so a second
/// signal ends the process the default way if the first is not acted on.
enum StopSignal {
  /// Installs the handler for SIGINT and SIGTERM, and unblocks them: a
  /// process inherits its parent's signal mask, and a parent that started
  /// it from a thread that blocks them (a Dispatch worker does) would leave
  /// the replay deaf to both.
  static func install() {
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    for signal in [SIGINT, SIGTERM] {
      sigaddset(&unblocked, signal)
      var action = sigaction()
      #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = { receivedSignal.store($0, ordering: .relaxed) }
      #else
        action.__sigaction_u.__sa_handler = { receivedSignal.store($0, ordering: .relaxed) }
      #endif
      sigemptyset(&action.sa_mask)
      action.sa_flags = Int32(truncatingIfNeeded: SA_RESETHAND)  // 0x80000000 on Linux
      sigaction(signal, &action, nil)
    }
    sigprocmask(SIG_UNBLOCK, &unblocked, nil)
  }

  /// The signal received, or nil.
  static var received: Int32? {
    let signal = receivedSignal.load(ordering: .relaxed)
    return signal == 0 ? nil : signal
  }

  /// `SIGINT` or `SIGTERM`, for messages.
  static func name(_ signal: Int32) -> String {
    signal == SIGINT ? "SIGINT" : signal == SIGTERM ? "SIGTERM" : "signal \(signal)"
  }
}
