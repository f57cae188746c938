// SPDX-License-Identifier: Apache-2.0
extension RunPlot {
  /// The azimuth panel, back to front: grid, shading where the measured
  /// direction was missing, life-cycle lines, measured azimuth dots,
  /// `horizontal_angle` rings, filtered azimuth: a solid line where the
  /// direction was measured, a dashed one of another colour where the 3-D
  /// filter predicted it.
  func drawAzimuthPanel(_ svg: inout SVGWriter) {
    let top = layout.azimuthTop
    let bottom = layout.azimuthBottom
    let extent = azimuthScale.domainEnd
    let ticks = stride(from: -extent, through: extent + 1e-9, by: extent / 3).map { $0 }
    drawAxes(&svg, top: top, bottom: bottom, scale: azimuthScale, ticks: ticks, title: "azimuth, °")
    svg.open("g")
    var gaps = SVGPath()
    // A gap narrower than a dot (or empty, with a single row) still shows as
    // one dot wide; gaps that touch in pixels are drawn as one.
    let spans = trace.directionGaps.map { gap in
      (left: timeScale(gap.start), right: max(timeScale(gap.end), timeScale(gap.start) + 2 * PlotStyle.dotRadius))
    }
    for span in ColumnDecimation.merged(spans) {
      // Ended at the panel's right edge rather than clipped there (see inPanel(_:of:)).
      let right = max(span.left, min(span.right, layout.plotRight))
      gaps.move(to: span.left, top)
      gaps.line(to: right, top)
      gaps.line(to: right, bottom)
      gaps.line(to: span.left, bottom)
      gaps.close()
    }
    series(&svg, "direction-missing", gaps,
           style: ["fill": PlotStyle.onWhite(PlotStyle.directionMissing, opacity: PlotStyle.directionMissingOpacity), "stroke": "none"])
    drawLifecycle(&svg, top: top, bottom: bottom)
    let measured = trace.measurements.compactMap { row in row.azimuthDegrees.map { (time: row.timeSeconds, value: $0) } }
    series(&svg, "measured-azimuth", dots(measured, scale: azimuthScale), style: ["fill": PlotStyle.measuredAzimuth])
    var rings = SVGPath()
    let angles = trace.measurements.compactMap { row in
      row.horizontalAngleDegrees.map { (x: timeScale(row.timeSeconds), y: azimuthScale($0)) }
    }
    for column in ColumnDecimation.scatter(angles) {
      rings.dot(at: column.x, column.lowY, radius: PlotStyle.dotRadius + 1)
      if column.count > 1 { rings.dot(at: column.x, column.highY, radius: PlotStyle.dotRadius + 1) }
    }
    series(&svg, "horizontal-angle", rings,
           style: ["fill": "none", "stroke": PlotStyle.horizontalAngle, "stroke-width": "1"])
    let (measuredPieces, predictedPieces) = filteredAzimuthPieces()
    series(&svg, "predicted-azimuth", polyline(predictedPieces, scale: azimuthScale),
           style: ["fill": "none", "stroke": PlotStyle.predictedAzimuth, "stroke-width": PlotStyle.lineWidth,
                   "stroke-dasharray": PlotStyle.predictedDash, "stroke-linejoin": "round"])
    series(&svg, "filtered-azimuth", polyline(measuredPieces, scale: azimuthScale),
           style: ["fill": "none", "stroke": PlotStyle.filteredAzimuth, "stroke-width": PlotStyle.lineWidth,
                   "stroke-linejoin": "round"])
    svg.close("g")
  }

  /// The filtered azimuth in pieces, split where the direction switches
  /// between measured and predicted, where there is none, and where it jumps
  /// across ±180°. A predicted piece starts at the measured point before it,
  /// so the dashes continue the solid line rather than leaving a hole.
  func filteredAzimuthPieces() -> (measured: [[(time: Double, value: Double)]], predicted: [[(time: Double, value: Double)]]) {
    var measured: [[(time: Double, value: Double)]] = []
    var predicted: [[(time: Double, value: Double)]] = []
    var current: [(time: Double, value: Double)] = []
    var currentPredicted = false
    func flush() {
      guard !current.isEmpty else { return }
      if currentPredicted {
        predicted += runs(current) { abs($1 - $0) > 180 }
      } else {
        measured += runs(current) { abs($1 - $0) > 180 }
      }
      current = []
    }
    for point in trace.filtered {
      guard let azimuth = point.azimuthDegrees else {
        flush()
        continue
      }
      // A switch starts a new piece only once the current one spans two
      // pixels: narrower alternations cannot be told apart, and would make
      // a piece per row.
      if point.isDirectionPredicted != currentPredicted,
        current.isEmpty || timeScale(point.timeSeconds) - timeScale(current[0].time) >= 2 {
        let joint = point.isDirectionPredicted ? current.last : nil
        flush()
        currentPredicted = point.isDirectionPredicted
        if let joint { current.append(joint) }
      }
      current.append((time: point.timeSeconds, value: azimuth))
    }
    flush()
    return (measured, predicted)
  }
}
