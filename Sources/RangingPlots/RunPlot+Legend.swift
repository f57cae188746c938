// SPDX-License-Identifier: Apache-2.0
extension RunPlot {
  /// One legend entry: a swatch drawn like the series, and its label.
  private enum Swatch {
    case dot(String)
    case ring(String)
    case line(String, dash: String?)
    case band(String, opacity: Double)
    case marker(String, pointingDown: Bool)
  }

  /// The legend's font size, pixels.
  static let legendFontSize = 12.0

  /// The x of the legend's labels, right of their swatches.
  var legendTextLeft: Double { layout.legendLeft + 30 }

  /// The legend's labels, top to bottom.
  public var legendLabels: [String] { legendEntries().map(\.1) }

  /// The picture's width: the layout's, or wider when a legend label,
  /// estimated conservatively (`estimatedTextWidth(_:fontSize:)`), would
  /// run past it with an 8-pixel margin; a long zone entry
  /// (`inner 1.5 m, band 1.5-1.7 m`) was cut off at the right edge.
  public var canvasWidth: Double {
    let widest = legendLabels.map { Self.estimatedTextWidth($0, fontSize: Self.legendFontSize) }.max() ?? 0
    return max(layout.width, (legendTextLeft + widest + 8).rounded(.up))
  }

  /// The legend in the right margin, listing only what the panels show:
  /// distance entries first, then zones, events and azimuth entries.
  func drawLegend(_ svg: inout SVGWriter) {
    let entries = legendEntries()
    svg.open("g", ["class": "legend", "font-size": SVGWriter.number(Self.legendFontSize)])
    let left = layout.legendLeft
    for (index, (swatch, label)) in entries.enumerated() {
      let y = layout.distanceTop + 8 + Double(index) * 22
      drawSwatch(&svg, swatch, x: left, y: y)
      svg.element("text", ["x": SVGWriter.number(legendTextLeft), "y": SVGWriter.number(y), "dominant-baseline": "middle"],
                  text: label)
    }
    svg.close("g")
  }

  private func legendEntries() -> [(Swatch, String)] {
    var entries: [(Swatch, String)] = []
    let rows = trace.measurements
    if rows.contains(where: { $0.distanceMeters != nil }) { entries.append((.dot(PlotStyle.rawDistance), "raw distance")) }
    if !trace.filtered.isEmpty {
      let kind = trace.isSmoothed ? "smoothed" : "filtered"
      entries.append((.line(PlotStyle.filteredDistance, dash: nil), "\(kind) distance"))
      entries.append((.band(PlotStyle.filteredDistance, opacity: PlotStyle.sigmaBandOpacity), "\(kind) ± 1 sigma"))
    }
    if rows.contains(where: { $0.trueDistanceMeters != nil }) {
      entries.append((.line(PlotStyle.trueDistance, dash: PlotStyle.trueDash), "true distance"))
    }
    for (index, zone) in trace.zones.enumerated() {
      entries.append((.band(PlotStyle.zoneColour(index), opacity: 0.35),
                      "\(zone.name) \(trimmed(zone.radiusMeters)) m, band \(trimmed(zone.lowerEdgeMeters))-\(trimmed(zone.upperEdgeMeters)) m"))
    }
    if trace.events.contains(where: { $0.kind == .enter }) { entries.append((.marker(PlotStyle.enter, pointingDown: true), "enter event")) }
    if trace.events.contains(where: { $0.kind == .exit }) { entries.append((.marker(PlotStyle.exit, pointingDown: false), "exit event")) }
    if !trace.lifecycle.isEmpty { entries.append((.line(PlotStyle.lifecycle, dash: "1 3"), "life-cycle row")) }
    if rows.contains(where: { $0.azimuthDegrees != nil }) { entries.append((.dot(PlotStyle.measuredAzimuth), "measured azimuth")) }
    if rows.contains(where: { $0.horizontalAngleDegrees != nil }) { entries.append((.ring(PlotStyle.horizontalAngle), "horizontal_angle")) }
    if trace.filtered.contains(where: { $0.azimuthDegrees != nil && !$0.isDirectionPredicted }) {
      entries.append((.line(PlotStyle.filteredAzimuth, dash: nil), "filtered azimuth, measured"))
    }
    if trace.filtered.contains(where: { $0.azimuthDegrees != nil && $0.isDirectionPredicted }) {
      entries.append((.line(PlotStyle.predictedAzimuth, dash: PlotStyle.predictedDash), "filtered azimuth, predicted"))
    }
    if showsAzimuth, !trace.directionGaps.isEmpty {
      entries.append((.band(PlotStyle.directionMissing, opacity: 0.5), "direction missing"))
    }
    return entries
  }

  /// A 22 × 12 px swatch whose vertical centre is `y`.
  private func drawSwatch(_ svg: inout SVGWriter, _ swatch: Swatch, x: Double, y: Double) {
    let n = SVGWriter.number
    switch swatch {
    case .dot(let colour):
      var path = SVGPath()
      for dx in [4.0, 11, 18] { path.dot(at: x + dx, y, radius: PlotStyle.dotRadius) }
      svg.element("path", ["d": path.data, "fill": colour, "stroke": "none"])
    case .ring(let colour):
      var path = SVGPath()
      path.dot(at: x + 11, y, radius: PlotStyle.dotRadius + 1)
      svg.element("path", ["d": path.data, "fill": "none", "stroke": colour])
    case .line(let colour, let dash):
      var attributes = ["x1": n(x), "x2": n(x + 22), "y1": n(y), "y2": n(y), "stroke": colour, "stroke-width": PlotStyle.lineWidth]
      if let dash { attributes["stroke-dasharray"] = dash }
      svg.element("line", attributes)
    case .band(let colour, let opacity):
      svg.element("rect", ["x": n(x), "y": n(y - 6), "width": "22", "height": "12", "stroke": "none",
                           "fill": PlotStyle.onWhite(colour, opacity: opacity)])
    case .marker(let colour, let pointingDown):
      let s = PlotStyle.markerSize
      let sign = pointingDown ? 1.0 : -1.0
      var path = SVGPath()
      path.move(to: x + 11 - s, y - sign * s * 0.9)
      path.line(to: x + 11 + s, y - sign * s * 0.9)
      path.line(to: x + 11, y + sign * s * 0.8)
      path.close()
      svg.element("path", ["d": path.data, "fill": colour, "stroke": "none"])
    }
  }
}
