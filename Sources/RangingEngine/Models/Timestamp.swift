// SPDX-License-Identifier: Apache-2.0
/// A point in time, in whole microseconds from an arbitrary fixed origin.
///
/// Inside the engine time is an integer so that differences are exact and
/// firmware needs no `Double` clock. Input clocks (seconds as `Double`) are
/// converted at the edges with ``init(seconds:)``, which rounds to the
/// nearest microsecond; a Unix time in seconds fits with 290,000 years to spare.
public struct Timestamp: Comparable, Hashable, Sendable {
  /// Microseconds since the caller's origin (may be negative).
  public var microseconds: Int64

  @inlinable
  public init(microseconds: Int64) { self.microseconds = microseconds }

  /// Converts seconds to the nearest microsecond.
  ///
  /// - Parameter seconds: finite, with |seconds| < 9.2e12; callers validate first
  ///   (``SampleValidation`` rejects non-finite times).
  @inlinable
  public init(seconds: Double) {
    self.microseconds = Int64((seconds * 1_000_000).rounded())
  }

  /// The time in seconds, for output.
  @inlinable
  public var seconds: Double { Double(microseconds) / 1_000_000 }

  /// `self - earlier` in seconds.
  @inlinable
  public func seconds(since earlier: Timestamp) -> Double {
    Double(microseconds &- earlier.microseconds) / 1_000_000
  }

  @inlinable
  public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
    lhs.microseconds < rhs.microseconds
  }
}
