// SPDX-License-Identifier: Apache-2.0
import RangingOutputs

/// One line of the report.
package struct BenchResult {
  package var name: String
  /// Updates (or rows) per second, best run.
  package var perSecond: Double
  /// `updates` or `rows`.
  package var unit: String
  /// perSecond / its limit's: the scalar kernel's for filter kernels, the
  /// parse limit's for the replay; nil otherwise.
  package var ofLimit: Double?

  package init(name: String, perSecond: Double, unit: String, ofLimit: Double? = nil) {
    self.name = name
    self.perSecond = perSecond
    self.unit = unit
    self.ofLimit = ofLimit
  }

  package static func format(_ value: Double) -> String {
    value >= 1e6 ? "\(Double(Int(value / 1e4)) / 100) M" : "\(Double(Int(value / 10)) / 100) K"
  }

  package static func table(_ results: [BenchResult]) -> String {
    let width = (results.map(\.name.count).max() ?? 0) + 2
    var text = "kernel".padding(width) + "per second".leftPadding(14) + "  unit     of limit\n"
    for result in results {
      text += result.name.padding(width) + format(result.perSecond).leftPadding(14) + "  " + result.unit.padding(9)
      if let ratio = result.ofLimit { text += "\(Double(Int(ratio * 100)) / 100)" }
      text += "\n"
    }
    return text
  }

  package static func json(_ results: [BenchResult]) -> String {
    let entries = results.map { result in
      var entry = "{\"name\":\(TextFormatting.jsonString(result.name)),\"per_second\":\(Int(result.perSecond.rounded())),\"unit\":\"\(result.unit)\""
      if let ratio = result.ofLimit { entry += ",\"of_limit\":\(Double(Int(ratio * 1000)) / 1000)" }
      return entry + "}"
    }
    return "{\"results\":[" + entries.joined(separator: ",") + "]}\n"
  }
}

extension String {
  fileprivate func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
  fileprivate func leftPadding(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
