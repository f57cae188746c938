// SPDX-License-Identifier: Apache-2.0
/// Deterministic fixed-decimal text for the generated CSV.
///
/// Integer arithmetic on the value scaled and rounded (half away from zero),
/// so the text does not depend on the C library or the locale, and `-0.0000`
/// never appears.
enum ScenarioNumberFormat {
  /// `value` with exactly `decimals` digits after the point.
  ///
  /// - Parameters:
  ///   - value: finite, with |value|·10^decimals < 9e18.
  ///   - decimals: 0...9.
  static func fixed(_ value: Double, decimals: Int) -> String {
    precondition(value.isFinite && (0...9).contains(decimals), "ScenarioNumberFormat: finite value, 0...9 decimals")
    var scale: Int64 = 1
    for _ in 0..<decimals { scale *= 10 }
    let magnitude = (abs(value) * Double(scale)).rounded()
    precondition(magnitude < 9e18, "ScenarioNumberFormat: value too large")
    let units = Int64(magnitude)
    var text = value < 0 && units != 0 ? "-" : ""
    text += String(units / scale)
    guard decimals > 0 else { return text }
    let fraction = String(units % scale)
    text += "."
    text += String(repeating: "0", count: decimals - fraction.count)
    text += fraction
    return text
  }
}
