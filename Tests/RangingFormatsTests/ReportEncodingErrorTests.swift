// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing
@testable import RangingFormats
@testable import RangingOutputs

@Suite("ReportEncodingError")
struct ReportEncodingErrorTests {
  struct Statistic: Encodable { var name: String; var meters: Double }
  struct Report: Encodable { var runs: [Statistic] }

  @Test("A non-finite number is refused with its key path, never written", arguments: [Double.nan, .infinity, -.infinity])
  func nonFinite(_ value: Double) {
    let report = Report(runs: [Statistic(name: "a", meters: 1), Statistic(name: "b", meters: value)])
    #expect(throws: ReportEncodingError(keyPath: "runs.1.meters", problem: "is not finite (\(value))")) {
      try ReportEncodingError.prettyJSON(report)
    }
    #expect(
      ReportEncodingError(keyPath: "runs.1.meters", problem: "is not finite (inf)").description
        == "cannot write the report: runs.1.meters is not finite (inf)")
  }

  @Test("Finite numbers are written as sorted, pretty-printed JSON")
  func finite() throws {
    let text = try ReportEncodingError.prettyJSON(Statistic(name: "a", meters: 1.5))
    #expect(text == "{\n  \"meters\" : 1.5,\n  \"name\" : \"a\"\n}")
  }
}
