// SPDX-License-Identifier: Apache-2.0
/// Thins a recording to a lower update rate per object, as an accessory at
/// that rate would have delivered it (issue 22: real noise at the rates
/// Nearby Interaction's low and medium update rates give).
///
/// Rule, the same as `decimate` in `scripts/reports/accuracy`: each object's time
/// is cut into slots of `1/rate` seconds counted from the object's first
/// row, slot `⌊(t - t_first) · rate + 10⁻⁹⌋` (the 10⁻⁹ keeps a row written
/// exactly on a slot boundary in that slot despite rounding), and the first
/// row of each slot is kept. Life-cycle rows (a non-empty `event`) are always
/// kept, and so is any row whose `t` is not a number or that lacks the
/// `t`, `object` or `event` field (the reader then rejects it, as it would
/// have undecimated). Decided on the raw fields, before the row's other
/// values are checked, so that a kept row that the reader then rejects
/// still takes its slot, as in `scripts/reports/accuracy`, whose rows go to
/// `rangectl` after decimation.
///
/// Memory: one entry per object, at most ``objectLimit``; beyond, the half
/// seen least recently is forgotten, and an object forgotten and seen again
/// counts its slots afresh from that row.
public struct RowDecimation: Sendable {
  /// Accepted rates, Hz: above 0 and at most 1e6 (a microsecond, the clock's resolution).
  public static let rateRange: ClosedRange<Double> = Double.leastNonzeroMagnitude...1e6
  /// Objects remembered at most: 65,536.
  public static let objectLimit = 65_536

  /// Rows per second kept per object.
  public let rateHertz: Double
  private var objects: [String: (first: Double, slot: Double, lastSeen: Int)] = [:]
  private var rowsSeen = 0

  /// - Parameter rateHertz: in ``rateRange`` (finite, > 0); nil otherwise.
  public init?(rateHertz: Double) {
    guard rateHertz.isFinite, Self.rateRange.contains(rateHertz) else { return nil }
    self.rateHertz = rateHertz
  }

  /// Whether to keep the row of `object` at `seconds` (a measurement or pose
  /// row; life-cycle rows never come here).
  public mutating func keeps(object: String, seconds: Double) -> Bool {
    rowsSeen += 1
    guard let known = objects[object] else {
      if objects.count >= Self.objectLimit { forgetLeastRecentlySeen() }
      objects[object] = (seconds, 0, rowsSeen)
      return true
    }
    // As scripts/reports/accuracy: floor((t - first) / period + 1e-9), period = 1/rate.
    let slot = ((seconds - known.first) / (1 / rateHertz) + 1e-9).rounded(.down)
    objects[object] = (known.first, slot, rowsSeen)
    return slot != known.slot
  }

  private mutating func forgetLeastRecentlySeen() {
    let order = objects.values.map(\.lastSeen).sorted()
    let cutoff = order[order.count / 2]
    objects = objects.filter { $0.value.lastSeen >= cutoff }
  }
}
