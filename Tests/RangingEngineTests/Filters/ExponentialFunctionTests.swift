// SPDX-License-Identifier: Apache-2.0
import Foundation
@testable import RangingEngine
import Testing

/// The core's exp against the C library's, over the range the NLOS detector uses.
@Suite("ExponentialFunction")
struct ExponentialFunctionTests {
  @Test("Within 3.5e-6 relative of glibc's exp on -60...60 (the Taylor remainder bound; 100,001 points)")
  func matchesLibm() {
    var worst = 0.0
    for i in 0...100_000 {
      let x = -60 + 120 * Double(i) / 100_000
      let expected = Foundation.exp(x)
      worst = max(worst, abs(ExponentialFunction.exp(x) - expected) / expected)
    }
    #expect(worst <= 3.5e-6, "worst relative error \(worst)")
    #expect(ExponentialFunction.exp(0) == 1)
  }
}
