// SPDX-License-Identifier: Apache-2.0
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The scenario generator's only source of randomness: the MT19937 generator
/// and the distributions of GSL (`gsl_rng_mt19937`, `gsl_rng_uniform`,
/// `gsl_ran_flat`, `gsl_rng_uniform_int`, `gsl_ran_gaussian`), written in
/// Swift so that the generator needs no GSL, draw for draw the same as GSL's.
///
/// Built with the package's GSL trait, `MT19937RandomSourceTests` holds every
/// function here to GSL's own on long streams, bit for bit; so a seed gives
/// the same recordings with the trait and without it, on every machine whose
/// `log` and `sqrt` are correctly rounded (glibc's are), and the streams can
/// be reproduced from C with GSL.
///
/// The generator: Matsumoto and Nishimura, "Mersenne Twister: a
/// 623-dimensionally equidistributed uniform pseudo-random number generator",
/// ACM TOMACS 8(1), 1998, with the 2002 initialisation (`init_genrand`) that
/// GSL's `rng/mt.c` uses.
///
/// Seeding: GSL's MT19937 seeds from the low 32 bits of its `unsigned long`
/// seed, and replaces 0 with 4357 (`rng/mt.c`). A 64-bit seed is folded to
/// `low32 ^ high32` first, so every seed below 2^32 is passed through unchanged.
///
/// A class because the generator's state is shared by whoever draws from it.
final class MT19937RandomSource {
  private static let n = 624
  private static let m = 397
  private var state = [UInt32](repeating: 0, count: MT19937RandomSource.n)
  private var index = MT19937RandomSource.n

  /// A generator seeded with `seed` (folded, see the type's discussion).
  init(seed: UInt64) {
    var s = Self.folded(seed)
    if s == 0 { s = 4357 }  // GSL's default seed stands in for 0
    state[0] = s
    for i in 1..<Self.n {
      // mt[i] = 1812433253 (mt[i-1] ^ (mt[i-1] >> 30)) + i  (mod 2^32)
      state[i] = 1_812_433_253 &* (state[i - 1] ^ (state[i - 1] >> 30)) &+ UInt32(i)
    }
    index = Self.n
  }

  /// The 32-bit seed MT19937 is given for a 64-bit `seed`: `low32 ^ high32`.
  static func folded(_ seed: UInt64) -> UInt32 {
    UInt32(truncatingIfNeeded: seed) ^ UInt32(truncatingIfNeeded: seed >> 32)
  }

  /// The next 32-bit output (`gsl_rng_get`).
  func next() -> UInt32 {
    if index >= Self.n { regenerate() }
    var y = state[index]
    index += 1
    // Tempering.
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C_5680
    y ^= (y << 15) & 0xEFC6_0000
    y ^= y >> 18
    return y
  }

  /// The next 624 words of the state (the twist).
  private func regenerate() {
    let upper: UInt32 = 0x8000_0000, lower: UInt32 = 0x7FFF_FFFF, matrix: UInt32 = 0x9908_B0DF
    for k in 0..<Self.n {
      let y = (state[k] & upper) | (state[(k + 1) % Self.n] & lower)
      state[k] = state[(k + Self.m) % Self.n] ^ (y >> 1) ^ ((y & 1) == 0 ? 0 : matrix)
    }
    index = 0
  }

  /// A uniform draw in [0, 1): the output over 2^32 (`gsl_rng_uniform`).
  func uniform() -> Double { Double(next()) / 4_294_967_296.0 }

  /// A uniform draw in (0, 1), redrawing 0 (`gsl_rng_uniform_pos`).
  private func uniformPositive() -> Double {
    var x: Double
    repeat { x = uniform() } while x == 0
    return x
  }

  /// A uniform draw in [lower, upper) (`gsl_ran_flat`: `lower (1 - u) + upper u`);
  /// `lower` when they are equal.
  func uniform(_ lower: Double, _ upper: Double) -> Double {
    let u = uniform()
    return lower * (1 - u) + upper * u
  }

  /// A uniform integer in lower...upper (`gsl_rng_uniform_int`: outputs are
  /// divided by `⌊(2^32 - 1) / count⌋` and quotients of `count` or more redrawn).
  func integer(_ lower: Int, _ upper: Int) -> Int {
    precondition(lower <= upper, "MT19937RandomSource: empty integer range")
    let count = UInt32(upper - lower + 1)
    let scale = UInt32.max / count
    var k: UInt32
    repeat { k = next() / scale } while k >= count
    return lower + Int(k)
  }

  /// A zero-mean gaussian draw with standard deviation `sigma` (`gsl_ran_gaussian`:
  /// the Box-Muller polar method, Knuth, TAOCP vol. 2, 3rd ed., §3.4.1, Algorithm P).
  /// A draw is made even when `sigma` is 0, so that switching one noise source off
  /// does not shift the others' streams.
  func gaussian(sigma: Double) -> Double {
    var x: Double, y: Double, r2: Double
    repeat {
      // A point in the square (-1, 1)², kept when it falls inside the unit circle.
      x = -1 + 2 * uniformPositive()
      y = -1 + 2 * uniformPositive()
      r2 = x * x + y * y
    } while r2 > 1 || r2 == 0
    return sigma * y * (-2 * log(r2) / r2).squareRoot()
  }

  /// True with probability `probability` (one `gsl_rng_uniform` draw, always made).
  func chance(_ probability: Double) -> Bool { uniform() < probability }
}
