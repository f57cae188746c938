// SPDX-License-Identifier: Apache-2.0
extension RunPlot {
  /// The distance panel, back to front: grid, zone bands and radii,
  /// life-cycle lines, sigma band, raw dots, true distance, filtered
  /// distance, zone labels, event markers with their labels.
  func drawDistancePanel(_ svg: inout SVGWriter) {
    let top = layout.distanceTop
    let bottom = layout.distanceBottom
    drawAxes(&svg, top: top, bottom: bottom, scale: distanceScale,
             ticks: distanceScale.ticks(approximateCount: 6), title: "distance, m")
    svg.open("g")
    for (index, zone) in trace.zones.enumerated() {
      let band = rectangle(left: layout.plotLeft, right: layout.plotRight,
                           top: inPanel(distanceScale(zone.upperEdgeMeters), of: distanceScale),
                           bottom: inPanel(distanceScale(zone.lowerEdgeMeters), of: distanceScale))
      svg.element("rect", band.merging(["class": "zone-band", "stroke": "none",
                                        "fill": PlotStyle.onWhite(PlotStyle.zoneColour(index), opacity: PlotStyle.zoneBandOpacity)]) { $1 })
    }
    drawLifecycle(&svg, top: top, bottom: bottom)
    let filtered = trace.filtered.map { (time: $0.timeSeconds, value: $0.distanceMeters, sigma: $0.sigmaMeters) }
    series(&svg, "sigma-band", sigmaBand(filtered),
           style: ["fill": PlotStyle.onWhite(PlotStyle.filteredDistance, opacity: PlotStyle.sigmaBandOpacity), "stroke": "none"])
    // The radii over the (opaque) sigma band, so that a threshold stays in sight where the track lies on it.
    for (index, zone) in trace.zones.enumerated() where (0...distanceScale.domainEnd).contains(zone.radiusMeters) {
      let y = SVGWriter.number(distanceScale(zone.radiusMeters))
      svg.element("line", ["class": "zone-radius", "x1": SVGWriter.number(layout.plotLeft),
                           "x2": SVGWriter.number(layout.plotRight), "y1": y, "y2": y, "stroke": PlotStyle.zoneColour(index),
                           "stroke-width": "1.2", "stroke-dasharray": "2 3"])
    }
    let raw = trace.measurements.compactMap { row in row.distanceMeters.map { (time: row.timeSeconds, value: $0) } }
    series(&svg, "raw-distance", dots(raw, scale: distanceScale), style: ["fill": PlotStyle.rawDistance])
    let truth = trace.measurements.compactMap { row in row.trueDistanceMeters.map { (time: row.timeSeconds, value: $0) } }
    series(&svg, "true-distance", polyline(runs(truth), scale: distanceScale),
           style: ["fill": "none", "stroke": PlotStyle.trueDistance, "stroke-width": "1.3",
                   "stroke-dasharray": PlotStyle.trueDash])
    series(&svg, "filtered-distance",
           polyline(runs(filtered.map { (time: $0.time, value: $0.value) }), scale: distanceScale),
           style: ["fill": "none", "stroke": PlotStyle.filteredDistance, "stroke-width": PlotStyle.lineWidth,
                   "stroke-linejoin": "round"])
    svg.close("g")
    drawEvents(&svg)
    for (index, zone) in trace.zones.enumerated() {
      haloText(&svg, ["x": SVGWriter.number(layout.plotRight - 4),
                      "y": SVGWriter.number(inPanel(distanceScale(zone.upperEdgeMeters) - 4, of: distanceScale)),
                      "text-anchor": "end", "fill": PlotStyle.zoneColour(index), "font-weight": "bold"],
               text: "\(zone.name) \(trimmed(zone.radiusMeters)) m", haloClass: "zone-label-halo")
    }
  }

  /// `text` with a white outline under its glyphs, which keeps it readable
  /// over data: the outline is a copy of the text drawn first, stroked
  /// white, not `paint-order: stroke`, which librsvg and cairosvg ignore and
  /// so painted the white stroke over the letters, hiding them.
  func haloText(_ svg: inout SVGWriter, _ attributes: [String: String], text: String, haloClass: String) {
    let halo = attributes.merging(["class": haloClass, "fill": "white", "stroke": "white", "stroke-width": "3",
                                   "stroke-linejoin": "round"]) { $1 }
    svg.element("text", halo, text: text)
    svg.element("text", attributes, text: text)
  }

  /// Closed polygons `distance ± sigma` over each run of filtered states:
  /// the upper edge forwards, then the lower edge backwards.
  private func sigmaBand(_ points: [(time: Double, value: Double, sigma: Double)]) -> SVGPath {
    var path = SVGPath()
    let sigmaByTime = points.map(\.sigma)
    var offset = 0
    for run in runs(points.map { (time: $0.time, value: $0.value) }) {
      let sigmas = sigmaByTime[offset..<(offset + run.count)]
      offset += run.count
      // Each edge decimated as a line: the band between them covers the same pixel columns.
      let upper = ColumnDecimation.m4(zip(run, sigmas).map {
        (x: timeScale($0.time), y: inPanel(distanceScale($0.value + $1), of: distanceScale))
      })
      let lower = ColumnDecimation.m4(zip(run, sigmas).map {
        (x: timeScale($0.time), y: inPanel(distanceScale($0.value - $1), of: distanceScale))
      })
      for (index, point) in (upper + lower.reversed()).enumerated() {
        if index == 0 { path.move(to: point.x, point.y) } else { path.line(to: point.x, point.y) }
      }
      path.close()
    }
    return path
  }

  /// A dotted vertical line and a label at each life-cycle row.
  /// Rows closer than a label's width share the first one's line.
  func drawLifecycle(_ svg: inout SVGWriter, top: Double, bottom: Double) {
    var lastX = -Double.infinity
    for row in trace.lifecycle {
      guard timeScale(row.timeSeconds) - lastX >= 60 else { continue }
      lastX = timeScale(row.timeSeconds)
      let x = SVGWriter.number(timeScale(row.timeSeconds))
      svg.element("line", ["class": "lifecycle", "x1": x, "x2": x, "y1": SVGWriter.number(top),
                           "y2": SVGWriter.number(bottom), "stroke": PlotStyle.lifecycle, "stroke-width": "1",
                           "stroke-dasharray": "1 3"])
      svg.element("text", ["x": SVGWriter.number(timeScale(row.timeSeconds) + 3), "y": SVGWriter.number(top + 12),
                           "font-size": "10", "fill": PlotStyle.lifecycle], text: row.name)
    }
  }
}
