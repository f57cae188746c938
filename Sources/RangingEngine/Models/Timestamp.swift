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

  /// `|self - other|` in whole microseconds, exact for any two times.
  ///
  /// Two `Int64` times can lie up to 2⁶⁴ − 1 µs apart, more than `Int64`
  /// holds: the C API takes any `int64_t` time, and the readers accept
  /// ±9.2e12 s, so -4.7e12 s and 4.7e12 s are both valid. The distance always
  /// fits in `UInt64`: the larger minus the smaller, wrapped, is its bit pattern.
  @inlinable
  public func microsecondsApart(from other: Timestamp) -> UInt64 {
    microseconds >= other.microseconds
      ? UInt64(bitPattern: microseconds &- other.microseconds)
      : UInt64(bitPattern: other.microseconds &- microseconds)
  }

  /// `self - earlier` in seconds, for any two times.
  ///
  /// A wrapped `Int64` difference past 2⁶³ µs (2.9e5 years) would turn a
  /// long gap into a negative one: time going backwards, no lost timeout, a
  /// negative filter step (issue 34). So an overflowing difference is taken
  /// from ``microsecondsApart(from:)`` instead; the usual one stays a plain
  /// subtraction, as this runs several times per update. Either way the count
  /// of microseconds is exact until it becomes a `Double`.
  @inlinable
  public func seconds(since earlier: Timestamp) -> Double {
    let (difference, overflow) = microseconds.subtractingReportingOverflow(earlier.microseconds)
    if !overflow { return Double(difference) / 1_000_000 }
    let apart = Double(microsecondsApart(from: earlier)) / 1_000_000
    return microseconds >= earlier.microseconds ? apart : -apart
  }

  @inlinable
  public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
    lhs.microseconds < rhs.microseconds
  }
}
