// SPDX-License-Identifier: Apache-2.0
import _CAPISmoke
import Testing

@Suite("C API")
struct CAPISmokeTests {
  /// Tests/CAPI/smoke.c calls every function of ranging_engine.h; it prints
  /// each failed check (file:line and the condition) on standard output.
  /// scripts/checks/check-firmware also runs it as its own program, with the memory
  /// checks that need a counting malloc, and inside the firmware image.
  @Test("The C smoke test calls every header function and every check passes")
  func smoke() {
    #expect(ranging_smoke_run() == 0)
  }
}
