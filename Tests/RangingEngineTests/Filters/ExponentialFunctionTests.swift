// SPDX-License-Identifier: Apache-2.0
import Foundation
@testable import RangingEngine
import Testing

/// The core's 2^x against the C library's, over the range the NLOS detector uses.
@Suite("ExponentialFunction")
struct ExponentialFunctionTests {
  @Test("Within 3.5e-6 relative of glibc's exp2 on -87...87 (the Taylor remainder bound; 100,001 points)")
  func matchesLibm() {
    var worst = 0.0
    for i in 0...100_000 {
      let x = -87 + 174 * Double(i) / 100_000
      let expected = Foundation.exp2(x)
      worst = max(worst, abs(ExponentialFunction.exp2(x) - expected) / expected)
    }
    #expect(worst <= 3.5e-6, "worst relative error \(worst)")
  }

  @Test("Exact at integers: 2^k is the power of two itself")
  func exactAtIntegers() {
    for k in -87...87 {
      #expect(ExponentialFunction.exp2(Double(k)) == Foundation.exp2(Double(k)), "k = \(k)")
    }
  }
}
