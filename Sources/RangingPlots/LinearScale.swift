// SPDX-License-Identifier: Apache-2.0
import Foundation

/// An affine map from data values to pixels, with round-number ticks.
///
/// `scale(v) = rangeStart + (v - domainStart) / (domainEnd - domainStart) · (rangeEnd - rangeStart)`.
/// A vertical axis gives `rangeStart` as the bottom pixel and `rangeEnd` as
/// the top one, since SVG's y grows downwards.
public struct LinearScale: Equatable, Sendable {
  /// Data value mapped to ``rangeStart``.
  public var domainStart: Double
  /// Data value mapped to ``rangeEnd``.
  public var domainEnd: Double
  /// Pixel of ``domainStart``.
  public var rangeStart: Double
  /// Pixel of ``domainEnd``.
  public var rangeEnd: Double

  /// - Precondition: all four finite, and `domainStart != domainEnd`.
  public init(domain: (start: Double, end: Double), range: (start: Double, end: Double)) {
    precondition([domain.start, domain.end, range.start, range.end].allSatisfy(\.isFinite),
                 "LinearScale: domain and range must be finite")
    precondition(domain.start != domain.end, "LinearScale: the domain must not be empty")
    domainStart = domain.start
    domainEnd = domain.end
    rangeStart = range.start
    rangeEnd = range.end
  }

  /// The pixel of `value` (values outside the domain map outside the range).
  public func callAsFunction(_ value: Double) -> Double {
    rangeStart + (value - domainStart) / (domainEnd - domainStart) * (rangeEnd - rangeStart)
  }

  /// Multiples of ``tickStep(approximateCount:)`` inside the domain, ascending.
  ///
  /// Far from 0 a narrow domain (times near 1e12 s a millisecond apart) has
  /// multiples `k · step` with `k` beyond 2^53, where `k + 1 == k`: the ticks
  /// stop at the first one that Double cannot tell from the next, and there
  /// are never more than `4 · count + 4` of them.
  public func ticks(approximateCount count: Int) -> [Double] {
    let step = tickStep(approximateCount: count)
    let low = min(domainStart, domainEnd)
    let high = max(domainStart, domainEnd)
    let slack = step * 1e-9  // a multiple computed as 2.9999999 still counts as 3
    var ticks: [Double] = []
    var k = (low / step - 1e-9).rounded(.up)
    while k * step <= high + slack, ticks.count <= 4 * count + 4 {
      ticks.append(k * step == 0 ? 0 : k * step)  // no "-0"
      guard k + 1 != k else { break }
      k += 1
    }
    return ticks
  }

  /// A step of 1, 2 or 5 times a power of ten that cuts the domain into
  /// about `count` intervals.
  public func tickStep(approximateCount count: Int) -> Double {
    Self.niceStep(span: abs(domainEnd - domainStart), count: count)
  }

  /// The 1-2-5 step nearest `span / count`: with `raw = span / count` and
  /// `m = 10^⌊log10 raw⌋`, the step is `m` times 1, 2, 5 or 10 as `raw / m` is
  /// below 1.5, 3 or 7, or not (Heckbert, "Nice numbers for graph labels",
  /// Graphics Gems, 1990, pp. 61-63).
  ///
  /// - Precondition: `span > 0` and finite, `count ≥ 1`.
  public static func niceStep(span: Double, count: Int) -> Double {
    precondition(span > 0 && span.isFinite && count >= 1, "LinearScale: span must be positive and count at least 1")
    let raw = span / Double(count)
    let magnitude = pow(10, (log10(raw)).rounded(.down))
    let residual = raw / magnitude
    let factor: Double = residual < 1.5 ? 1 : residual < 3 ? 2 : residual < 7 ? 5 : 10
    return factor * magnitude
  }

  /// The smallest multiple of `step` that is ≥ `value`.
  public static func ceiling(_ value: Double, toMultipleOf step: Double) -> Double {
    (value / step - 1e-9).rounded(.up) * step
  }
}
