// SPDX-License-Identifier: Apache-2.0
import Testing

/// A test case for the six-state paths: the measurement size, and whether F
/// and H have the shapes those paths are written for (else they must take
/// the general path).
struct SixStateShapeCase: Sendable, CustomTestStringConvertible {
  var k: Int
  /// F is exactly `[I b·I; 0 a·I]` (the direction filter's shape, with
  /// a = 1 on some steps and a < 1 on others); else one of its entries is off by a little.
  var structuredF: Bool
  /// k = 3: H is exactly `[I 0]`, else one entry is off by a little.
  /// k = 1: h is a position-only row `[a b c 0 0 0]`, else a full random row.
  var structuredH: Bool

  /// A seed per case, from a suite's own `base`.
  func seed(_ base: UInt64) -> UInt64 {
    base &+ UInt64(k * 100 + (structuredF ? 10 : 0) + (structuredH ? 1 : 0))
  }

  var testDescription: String {
    "k = \(k), F \(structuredF ? "structured" : "perturbed"), H \(structuredH ? "structured" : "general")"
  }

  static let all = [3, 1].flatMap { k in
    [true, false].flatMap { f in [true, false].map { h in SixStateShapeCase(k: k, structuredF: f, structuredH: h) } }
  }
}
