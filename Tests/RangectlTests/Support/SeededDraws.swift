// SPDX-License-Identifier: Apache-2.0
/// A test's seeded draws, the same on every platform: Knuth's MMIX linear
/// congruential generator (multiplier 6364136223846793005, increment
/// 1442695040888963407), its high bits taken.
struct SeededDraws {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  /// A draw in `0..<bound`.
  mutating func next(_ bound: Int) -> Int {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return Int((state >> 33) % UInt64(bound))
  }

  /// 1 to `maximum` pieces, each drawn from `pieces`, joined: hostile bytes of a CSV's shape.
  mutating func text(of pieces: [String], upTo maximum: Int) -> String {
    var text = ""
    for _ in 0..<(next(maximum) + 1) { text += pieces[next(pieces.count)] }
    return text
  }
}
