// SPDX-License-Identifier: Apache-2.0

/// The seeded draws of the property tests of `--jobs`, so that a seed names
/// one case, the same on every platform: Knuth's 64-bit linear congruential
/// generator (MMIX's multiplier and increment, The Art of Computer
/// Programming, vol. 2, §3.3.4), its 53 high bits only, since the low bits of
/// such a generator repeat with short periods.
public struct SeededDraws {
  private var state: UInt64

  public init(seed: UInt64) { state = seed }

  /// 53 random bits.
  public mutating func next() -> UInt64 {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return state >> 11
  }

  /// Uniform in [0, 1).
  public mutating func uniform() -> Double { Double(next()) / Double(1 << 53) }

  /// Uniform in 0..<`count` (modulo bias below 2^-40 for the counts used here).
  public mutating func below(_ count: Int) -> Int { Int(next() % UInt64(count)) }

  public mutating func pick<T>(_ options: [T]) -> T { options[below(options.count)] }
}
