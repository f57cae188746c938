// SPDX-License-Identifier: Apache-2.0
/// The values a quantile is taken from, in bounded memory: every value while
/// there are at most ``capacity``, then a uniform random sample of that size
/// (a reservoir), so that scoring a file of any length keeps at most
/// ``capacity`` numbers per statistic.
///
/// Exact up to ``capacity`` values: ``quantiles(_:)`` is then
/// `SampleQuantiles` over all of them. Beyond, the sample is Vitter's
/// Algorithm R (Vitter 1985, "Random sampling with a reservoir", ACM TOMS
/// 11(1)): the k-th value replaces a random slot with probability
/// `capacity / k`, so the kept values are a uniform sample without replacement
/// of all values seen. Error bound: with `n` the size of the sample, the
/// sample's empirical distribution is within `ε` of the full data's
/// everywhere, `P(sup |F_n - F| > ε) ≤ 2·exp(-2nε²)` (Dvoretzky-Kiefer-Wolfowitz
/// with Massart's constant, 1990; sampling without replacement only
/// tightens it, Serfling 1974). For ``capacity`` = 65,536 that is
/// `ε = √(ln(2/0.05) / (2·65536))` ≈ 0.0053: with probability at least 95 %
/// a reported p95 lies between the exact p94.47 and p95.53, a p50 between
/// p49.47 and p50.53. The generator is seeded with a constant, so a report
/// is the same on every run.
///
/// Two samples merge (``merge(_:)``) into a uniform sample of the union:
/// reports pool runs with it.
public struct QuantileSample: Equatable, Sendable {
  /// Values kept at most: 65,536 (512 KiB), so that a recording of an
  /// hour at 10 Hz (36,000 rows) is still scored exactly.
  public static let capacity = 65_536

  /// Values seen, whether kept or not.
  public private(set) var count = 0
  /// The values kept: all of them while `count <= capacity`.
  public private(set) var values: [Double] = []
  /// SplitMix64's state (Steele, Lea and Flood 2014), for the slots to replace.
  private var randomState: UInt64 = 0x9E37_79B9_7F4A_7C15

  public init() {}

  /// Creates a sample holding `values` (each added in turn).
  public init(_ values: [Double]) {
    for value in values { add(value) }
  }

  /// Whether every value seen is kept, so that quantiles are exact.
  public var isExact: Bool { count <= Self.capacity }

  /// Adds one value (finite).
  ///
  /// - Complexity: O(1) amortised.
  public mutating func add(_ value: Double) {
    count += 1
    if values.count < Self.capacity {
      values.append(value)
      return
    }
    // Algorithm R: keep the k-th value with probability capacity/k, in a uniform slot.
    let slot = nextRandom(below: UInt64(count))
    if slot < UInt64(Self.capacity) { values[Int(slot)] = value }
  }

  /// Adds every value of `other`, as if they had been added here: the union
  /// exactly while it fits, else a uniform sample of it (each kept value is
  /// drawn from this sample or `other`'s in proportion to the values each
  /// stands for, without replacement).
  public mutating func merge(_ other: QuantileSample) {
    if other.count == 0 { return }
    if count + other.count <= Self.capacity {
      values += other.values
      count += other.count
      return
    }
    var mine = values
    var theirs = other.values
    var mineLeft = count
    var theirsLeft = other.count
    var merged: [Double] = []
    merged.reserveCapacity(Self.capacity)
    // Draw capacity values from the union without replacement: each draw
    // comes from a side with probability (values it still stands for)/(all left),
    // and is a uniform pick among that side's kept values.
    while merged.count < Self.capacity {
      let fromMine = nextRandom(below: UInt64(mineLeft + theirsLeft)) < UInt64(mineLeft)
      if fromMine, !mine.isEmpty {
        merged.append(Self.take(&mine, at: Int(nextRandom(below: UInt64(mine.count)))))
        mineLeft -= 1
      } else if !theirs.isEmpty {
        merged.append(Self.take(&theirs, at: Int(nextRandom(below: UInt64(theirs.count)))))
        theirsLeft -= 1
      } else {
        merged.append(Self.take(&mine, at: Int(nextRandom(below: UInt64(mine.count)))))
        mineLeft -= 1
      }
    }
    values = merged
    count += other.count
  }

  /// The `fractions` quantiles (each in 0...1) of the values kept, by
  /// `SampleQuantiles`' definition; nil when nothing was added.
  public func quantiles(_ fractions: [Double]) -> [Double]? {
    SampleQuantiles.quantiles(of: values, fractions)
  }

  /// Equal when they stand for as many values and keep the same ones, in any order.
  public static func == (a: QuantileSample, b: QuantileSample) -> Bool {
    a.count == b.count && a.values.sorted() == b.values.sorted()
  }

  /// Removes and returns `array[index]` in O(1) (the last element takes its place).
  private static func take(_ array: inout [Double], at index: Int) -> Double {
    array.swapAt(index, array.count - 1)
    return array.removeLast()
  }

  /// A uniform integer in `0..<bound` (bound > 0): SplitMix64, then Lemire's
  /// multiply-shift (Lemire 2019, "Fast random integer generation in an
  /// interval"), whose bias below 2⁻³⁰ for bounds under 2³⁴ does not matter here.
  private mutating func nextRandom(below bound: UInt64) -> UInt64 {
    randomState &+= 0x9E37_79B9_7F4A_7C15
    var z = randomState
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    z ^= z >> 31
    return z.multipliedFullWidth(by: bound).high
  }
}
