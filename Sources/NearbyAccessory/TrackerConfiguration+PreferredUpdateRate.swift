// SPDX-License-Identifier: Apache-2.0
import RangingEngine

extension TrackerConfiguration {
  /// Sets the lost timeout for updates arriving at `rate`: the rate's
  /// ``PreferredUpdateRate/lostTimeoutMicroseconds`` (5 s at `automatic`
  /// and `infrequent`, 2 s at `userInteractive`).
  ///
  /// The engine's own default, 5 s, assumes the slowest rate; an accessory
  /// that asked for `userInteractive` knows updates come about every 0.2 s
  /// and can notice a silent object sooner. ``AccessorySession`` uses the
  /// same value for its own ranging timeout, so the two agree on when an
  /// object has gone silent: whichever notices first closes its zones, and
  /// the other finds nothing left to close.
  public mutating func expectUpdates(at rate: PreferredUpdateRate) {
    lostTimeoutSeconds = Double(rate.lostTimeoutMicroseconds) / 1_000_000
  }
}
