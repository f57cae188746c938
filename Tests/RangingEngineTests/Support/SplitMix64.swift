// SPDX-License-Identifier: Apache-2.0
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// SplitMix64 (Steele, Lea & Flood, "Fast splittable pseudorandom number
/// generators", OOPSLA 2014): a 64-bit state, one add and a mix per output.
/// Deterministic across platforms, so a failing seed reproduces anywhere.
struct SplitMix64: RandomNumberGenerator {
  private(set) var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// Uniform in [0, 1) with 53 random bits.
  mutating func uniform() -> Double { Double(next() >> 11) * 0x1p-53 }

  /// Uniform in [low, high).
  mutating func uniform(_ low: Double, _ high: Double) -> Double { low + (high - low) * uniform() }

  /// Standard normal by Box-Muller (one of the pair; simplicity over speed).
  mutating func normal() -> Double {
    let u1 = 1 - uniform()  // (0, 1]
    let u2 = uniform()
    return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
  }
}
