// SPDX-License-Identifier: Apache-2.0
extension RunPlot {
  /// The distance panel, back to front: grid, zone bands and radii,
  /// life-cycle lines, sigma band, raw dots, true distance, filtered
  /// distance, event markers, zone labels.
  func drawDistancePanel(_ svg: inout SVGWriter) {
    let top = layout.distanceTop
    let bottom = layout.distanceBottom
    drawAxes(&svg, top: top, bottom: bottom, scale: distanceScale,
             ticks: distanceScale.ticks(approximateCount: 6), title: "distance, m")
    svg.open("g", ["clip-path": "url(#clip-distance)"])
    for (index, zone) in trace.zones.enumerated() {
      let colour = PlotStyle.zoneColour(index)
      let band = rectangle(left: layout.plotLeft, right: layout.plotRight,
                           top: distanceScale(zone.radiusMeters + zone.hysteresisMeters / 2),
                           bottom: distanceScale(zone.radiusMeters - zone.hysteresisMeters / 2))
      svg.element("rect", band.merging(["class": "zone-band", "fill": colour,
                                        "fill-opacity": PlotStyle.zoneBandOpacity]) { $1 })
      let y = SVGWriter.number(distanceScale(zone.radiusMeters))
      svg.element("line", ["class": "zone-radius", "x1": SVGWriter.number(layout.plotLeft),
                           "x2": SVGWriter.number(layout.plotRight), "y1": y, "y2": y, "stroke": colour,
                           "stroke-width": "1.2", "stroke-dasharray": "2 3"])
    }
    drawLifecycle(&svg, top: top, bottom: bottom)
    let filtered = trace.filtered.map { (time: $0.timeSeconds, value: $0.distanceMeters, sigma: $0.sigmaMeters) }
    series(&svg, "sigma-band", sigmaBand(filtered),
           style: ["fill": PlotStyle.filteredDistance, "fill-opacity": PlotStyle.sigmaBandOpacity, "stroke": "none"])
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
    for event in trace.events { drawMarker(&svg, event) }
    svg.close("g")
    for (index, zone) in trace.zones.enumerated() {
      svg.element("text", ["x": SVGWriter.number(layout.plotRight - 4),
                           "y": SVGWriter.number(distanceScale(zone.radiusMeters + zone.hysteresisMeters / 2) - 4),
                           "text-anchor": "end", "fill": PlotStyle.zoneColour(index), "font-weight": "bold",
                           // A white outline under the glyphs keeps the label readable over data.
                           "stroke": "white", "stroke-width": "3", "paint-order": "stroke"],
                  text: "\(zone.name) \(trimmed(zone.radiusMeters)) m")
    }
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
      let upper = zip(run, sigmas).map { (x: timeScale($0.time), y: distanceScale($0.value + $1)) }
      let lower = zip(run, sigmas).map { (x: timeScale($0.time), y: distanceScale($0.value - $1)) }
      for (index, point) in (upper + lower.reversed()).enumerated() {
        if index == 0 { path.move(to: point.x, point.y) } else { path.line(to: point.x, point.y) }
      }
      path.close()
    }
    return path
  }

  /// An enter marker (▼, pointing in) or exit marker (▲, pointing out) at
  /// the event's time and deciding distance (the zone radius when it has none).
  private func drawMarker(_ svg: inout SVGWriter, _ event: RunTrace.Event) {
    let x = timeScale(event.timeSeconds)
    let radius = trace.zones.first { $0.name == event.zone }?.radiusMeters
    let y = distanceScale(event.distanceMeters ?? radius ?? 0)
    let s = PlotStyle.markerSize
    var path = SVGPath()
    let pointing = event.kind == .enter ? 1.0 : -1.0  // +1: apex below the base
    path.move(to: x - s, y - pointing * s * 0.9)
    path.line(to: x + s, y - pointing * s * 0.9)
    path.line(to: x, y + pointing * s * 0.8)
    path.close()
    let colour = event.kind == .enter ? PlotStyle.enter : PlotStyle.exit
    svg.open("path", ["class": "event-marker event-\(event.kind.rawValue)", "d": path.data, "fill": colour,
                      "stroke": "white", "stroke-width": "1"])
    let distance = event.distanceMeters.map { ", \(SVGWriter.number($0)) m" } ?? ""
    svg.element("title", [:], text: "\(event.zone) \(event.kind.rawValue) at \(event.timeSeconds) s\(distance)")
    svg.close("path")
  }

  /// A dotted vertical line and a label at each life-cycle row.
  func drawLifecycle(_ svg: inout SVGWriter, top: Double, bottom: Double) {
    for row in trace.lifecycle {
      let x = SVGWriter.number(timeScale(row.timeSeconds))
      svg.element("line", ["class": "lifecycle", "x1": x, "x2": x, "y1": SVGWriter.number(top),
                           "y2": SVGWriter.number(bottom), "stroke": PlotStyle.lifecycle, "stroke-width": "1",
                           "stroke-dasharray": "1 3"])
      svg.element("text", ["x": SVGWriter.number(timeScale(row.timeSeconds) + 3), "y": SVGWriter.number(top + 12),
                           "font-size": "10", "fill": PlotStyle.lifecycle], text: row.name)
    }
  }
}
