@preconcurrency internal import CGSL

/// The scenario generator's only source of randomness: GSL's MT19937
/// (`gsl_rng_mt19937`) with GSL's distributions, so that the same seed gives
/// the same draws on every machine and the streams can be reproduced from C or
/// from any MT19937 implementation seeded the same way.
///
/// One thin wrapper per GSL call (STYLE.md §4). A class, because it owns the
/// `gsl_rng` and frees it in `deinit`.
///
/// Seeding: GSL's MT19937 seeds from the low 32 bits of its `unsigned long`
/// seed, and replaces 0 with 4357 (`rng/mt.c`). A 64-bit seed is folded to
/// `low32 ^ high32` first, so every seed below 2^32 is passed through unchanged.
final class GSLRandomSource {
  private let rng: UnsafeMutablePointer<gsl_rng>

  /// Allocates an MT19937 generator seeded with `seed`.
  init(seed: UInt64) {
    guard let rng = gsl_rng_alloc(gsl_rng_mt19937) else {
      preconditionFailure("GSLRandomSource: gsl_rng_alloc failed (out of memory)")
    }
    self.rng = rng
    gsl_rng_set(rng, UInt(GSLRandomSource.folded(seed)))
  }

  deinit { gsl_rng_free(rng) }

  /// The 32-bit seed MT19937 is given for a 64-bit `seed`: `low32 ^ high32`.
  static func folded(_ seed: UInt64) -> UInt32 {
    UInt32(truncatingIfNeeded: seed) ^ UInt32(truncatingIfNeeded: seed >> 32)
  }

  /// A uniform draw in [0, 1) (`gsl_rng_uniform`).
  func uniform() -> Double { gsl_rng_uniform(rng) }

  /// A uniform draw in [lower, upper) (`gsl_ran_flat`); `lower` when they are equal.
  func uniform(_ lower: Double, _ upper: Double) -> Double { gsl_ran_flat(rng, lower, upper) }

  /// A uniform integer in lower...upper (`gsl_rng_uniform_int`).
  func integer(_ lower: Int, _ upper: Int) -> Int {
    precondition(lower <= upper, "GSLRandomSource: empty integer range")
    return lower + Int(gsl_rng_uniform_int(rng, UInt(upper - lower + 1)))
  }

  /// A zero-mean gaussian draw with standard deviation `sigma` (`gsl_ran_gaussian`,
  /// Box-Muller polar method). A draw is made even when `sigma` is 0, so that
  /// switching one noise source off does not shift the others' streams.
  func gaussian(sigma: Double) -> Double { gsl_ran_gaussian(rng, sigma) }

  /// True with probability `probability` (one `gsl_rng_uniform` draw, always made).
  func chance(_ probability: Double) -> Bool { gsl_rng_uniform(rng) < probability }
}
