// SPDX-License-Identifier: Apache-2.0
extension RunPlot {
  /// The azimuth panel, back to front: grid, shading where the measured
  /// direction was missing, life-cycle lines, measured azimuth dots,
  /// `horizontal_angle` rings, filtered azimuth line; then the time-axis title.
  func drawAzimuthPanel(_ svg: inout SVGWriter) {
    let top = layout.azimuthTop
    let bottom = layout.azimuthBottom
    let extent = azimuthScale.domainEnd
    let ticks = stride(from: -extent, through: extent + 1e-9, by: extent / 3).map { $0 }
    drawAxes(&svg, top: top, bottom: bottom, scale: azimuthScale, ticks: ticks, title: "azimuth, °")
    svg.open("g", ["clip-path": "url(#clip-azimuth)"])
    var gaps = SVGPath()
    for gap in trace.directionGaps {
      // A gap narrower than a dot (or empty, with a single row) still shows as one dot wide.
      let left = timeScale(gap.start)
      let right = max(timeScale(gap.end), left + 2 * PlotStyle.dotRadius)
      gaps.move(to: left, top)
      gaps.line(to: right, top)
      gaps.line(to: right, bottom)
      gaps.line(to: left, bottom)
      gaps.close()
    }
    series(&svg, "direction-missing", gaps,
           style: ["fill": PlotStyle.directionMissing, "fill-opacity": PlotStyle.directionMissingOpacity, "stroke": "none"])
    drawLifecycle(&svg, top: top, bottom: bottom)
    let measured = trace.measurements.compactMap { row in row.azimuthDegrees.map { (time: row.timeSeconds, value: $0) } }
    series(&svg, "measured-azimuth", dots(measured, scale: azimuthScale), style: ["fill": PlotStyle.measuredAzimuth])
    var rings = SVGPath()
    for row in trace.measurements {
      guard let angle = row.horizontalAngleDegrees else { continue }
      rings.dot(at: timeScale(row.timeSeconds), azimuthScale(angle), radius: PlotStyle.dotRadius + 1)
    }
    series(&svg, "horizontal-angle", rings,
           style: ["fill": "none", "stroke": PlotStyle.horizontalAngle, "stroke-width": "1"])
    // Points with no direction break the line; so does a jump across ±180°.
    var points: [(time: Double, value: Double)?] = trace.filtered.map { point in
      point.azimuthDegrees.map { (time: point.timeSeconds, value: $0) }
    }
    points.append(nil)
    var pieces: [[(time: Double, value: Double)]] = []
    var current: [(time: Double, value: Double)] = []
    for point in points {
      if let point {
        current.append(point)
      } else if !current.isEmpty {
        pieces += runs(current) { abs($1 - $0) > 180 }
        current = []
      }
    }
    series(&svg, "filtered-azimuth", polyline(pieces, scale: azimuthScale),
           style: ["fill": "none", "stroke": PlotStyle.filteredAzimuth, "stroke-width": PlotStyle.lineWidth,
                   "stroke-linejoin": "round"])
    svg.close("g")
    svg.element("text", ["x": SVGWriter.number((layout.plotLeft + layout.plotRight) / 2),
                         "y": SVGWriter.number(bottom + 40), "text-anchor": "middle", "font-size": "13"],
                text: "time, s")
  }
}
