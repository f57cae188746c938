// SPDX-License-Identifier: Apache-2.0
/// Colours and sizes of ``RunPlot``, in one place so the legend draws each
/// series exactly as the panels do. Colours are from the Tableau 10 palette
/// (Matplotlib's default cycle), which stays distinct for most colour-blind readers
/// when, as here, lines also differ in dash and width.
enum PlotStyle {
  static let rawDistance = "#7f8c9a"
  static let filteredDistance = "#1f77b4"
  static let sigmaBandOpacity = 0.22
  static let trueDistance = "#222222"
  static let trueDash = "6 4"
  static let enter = "#2ca02c"
  static let exit = "#d62728"
  static let measuredAzimuth = "#7f8c9a"
  static let horizontalAngle = "#8c564b"
  static let filteredAzimuth = "#9467bd"
  /// Predicted (coasting) azimuth: Tableau 20's light pink, dashed, so that it is
  /// told from the measured purple by colour and by dash alike.
  static let predictedAzimuth = "#f7b6d2"
  static let predictedDash = "5 4"
  static let directionMissing = "#f2c14e"
  static let directionMissingOpacity = 0.28
  static let lifecycle = "#555555"
  static let grid = "#e3e3e3"
  static let axis = "#333333"
  /// Zone colours, by zone order; repeats after four zones.
  static let zones = ["#ff7f0e", "#17becf", "#bcbd22", "#e377c2"]
  static let zoneBandOpacity = 0.16

  static let dotRadius = 2.0
  static let markerSize = 7.0
  static let lineWidth = "1.8"

  static func zoneColour(_ index: Int) -> String { zones[index % zones.count] }

  /// `colour` (`#rrggbb`) at `opacity` over white, as one opaque colour.
  /// Bands are drawn opaque in the colour they had over the white
  /// background: ImageMagick's own SVG renderer ignores `fill-opacity` and
  /// filled them solid, hiding what lay beneath.
  static func onWhite(_ colour: String, opacity: Double) -> String {
    let value = Int(colour.dropFirst(), radix: 16) ?? 0
    let channels = [value >> 16 & 0xFF, value >> 8 & 0xFF, value & 0xFF].map { channel in
      Int((Double(channel) * opacity + 255 * (1 - opacity)).rounded())
    }
    return "#" + channels.map { String($0, radix: 16).leftPadded(to: 2) }.joined()
  }
}

extension String {
  /// The string with zeros before it up to `length` characters.
  fileprivate func leftPadded(to length: Int) -> String {
    String(repeating: "0", count: max(0, length - count)) + self
  }
}
