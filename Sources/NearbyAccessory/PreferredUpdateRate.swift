// SPDX-License-Identifier: Apache-2.0
/// How often the accessory asks the iPhone to range: the PreferredUpdateRate
/// field of the Accessory Configuration Data (Nearby Interaction Accessory
/// Protocol Specification R2; the values below are the field table's).
///
/// The raw value is the byte on the wire. Every other byte value is reserved,
/// and `AccessoryConfigurationData.decode(_:strict:)` rejects it.
/// The C twin is the `uint8_t` itself.
public enum PreferredUpdateRate: UInt8, CaseIterable, Sendable {
  /// 0: the iPhone chooses, and may change its choice during the session.
  case automatic = 0
  /// 10: infrequent updates, about 1 Hz.
  case infrequent = 10
  /// 20: user-interactive updates, about 5 Hz.
  case userInteractive = 20

  /// The interval between ranging updates the engine should expect, in µs.
  ///
  /// `infrequent` is about 1 Hz and `userInteractive` about 5 Hz (the field
  /// table's nominal rates). `automatic` lets the iPhone pick either, so it
  /// gets the slower interval: every timeout built on this value must hold
  /// at the slowest rate the iPhone may pick, or a slow but healthy session
  /// would be declared dead.
  public var expectedUpdateIntervalMicroseconds: Int64 {
    switch self {
    case .automatic, .infrequent: 1_000_000
    case .userInteractive: 200_000
    }
  }

  /// How long without a ranging update before the object should count as
  /// lost, in µs: ``missedUpdatesBeforeLost`` expected intervals, and never
  /// less than ``minimumLostTimeoutMicroseconds``.
  ///
  /// That gives 5 s at `automatic` and `infrequent` (the engine's measured
  /// default, `TrackerConfiguration.lostTimeoutSeconds`, which assumes the
  /// slowest rate) and 2 s at `userInteractive`.
  public var lostTimeoutMicroseconds: Int64 {
    max(Int64(Self.missedUpdatesBeforeLost) * expectedUpdateIntervalMicroseconds, Self.minimumLostTimeoutMicroseconds)
  }

  /// Consecutive missed updates that make an object lost: 5, the number the
  /// engine's 5 s default already tolerates at 1 Hz.
  public static var missedUpdatesBeforeLost: Int { 5 }

  /// The lost timeout never goes below 2 s. That is longer than the longest
  /// gap the direction filter is built to coast through
  /// (`DirectionFilterConfiguration.maximumCoastSeconds`, 1.5 s, measured in
  /// RangingEngine `Tuning.md`), so a gap the filter rides out never ends the
  /// session. At 5 Hz this floor (10 missed updates), not the 5 missed
  /// updates (1 s), decides. Not measured on Nearby Interaction recordings.
  public static var minimumLostTimeoutMicroseconds: Int64 { 2_000_000 }

  /// The rate's name as the command line spells it (`user-interactive`).
  public var name: StaticString {
    switch self {
    case .automatic: "automatic"
    case .infrequent: "infrequent"
    case .userInteractive: "user-interactive"
    }
  }
}
