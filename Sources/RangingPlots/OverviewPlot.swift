// SPDX-License-Identifier: Apache-2.0
import RangingFormats

/// Draws an ``ObjectOverview`` as a self-contained SVG: one row per object,
/// sharing one time axis. In each row a thin grey bar shows when the object
/// was measured, coloured bands show which zones it was in (the larger zone
/// taller and behind, the smaller shorter and in front), and a tick in the
/// enter or exit colour marks each event.
///
/// Scales: time is the overview's window, where open the first to last
/// measurement (±0.5 s around a single instant), onto
/// ``Layout/plotLeft``...``Layout/plotRight``; row `i` spans
/// `rowsTop + i · rowHeight` to `rowsTop + (i + 1) · rowHeight`.
///
/// Size: presence and occupancy intervals that touch in pixels are drawn as
/// one, and event ticks as at most one per pixel column, kind and row, so
/// the document is bounded by the rows and the width, not the recording.
public struct OverviewPlot: Sendable {
  /// Pixel positions in a `width × height` canvas; the height follows the rows.
  public struct Layout: Equatable, Sendable {
    public var width = 1200.0
    public var plotLeft = 170.0
    public var plotRight = 985.0
    public var rowsTop = 72.0
    public var rowHeight = 24.0
    public var legendLeft = 1000.0

    public init() {}
  }

  public let overview: ObjectOverview
  public let layout: Layout
  public let timeScale: LinearScale

  public init(overview: ObjectOverview, layout: Layout = Layout()) {
    self.overview = overview
    self.layout = layout
    var first = overview.window.from ?? overview.firstSeconds
    var last = overview.window.to ?? overview.lastSeconds
    if first == last {
      first -= 0.5
      last += 0.5
    }
    timeScale = LinearScale(domain: (first, last), range: (layout.plotLeft, layout.plotRight))
  }

  /// Bottom edge of the rows, pixels.
  public var rowsBottom: Double { layout.rowsTop + Double(overview.rows.count) * layout.rowHeight }
  /// The canvas height: the rows, the time axis below and the legend beside.
  public var height: Double { max(rowsBottom + 60, layout.rowsTop + 30 + 22 * Double(overview.zones.count + 3)) }

  /// The SVG document.
  public func svg() -> String {
    var svg = SVGWriter(width: layout.width, height: height)
    let n = SVGWriter.number
    svg.element("rect", ["x": "0", "y": "0", "width": n(layout.width), "height": n(height), "fill": "white", "stroke": "none"])
    // As RunPlot.svg(): one font name for ImageMagick, the fallback list for the others, stroke none for filled shapes.
    svg.element("style", [:], text: "text { font-family: \"DejaVu Sans\", Helvetica, Arial, sans-serif }")
    svg.open("g", ["font-family": "DejaVu Sans", "font-size": "12", "fill": "#333333", "stroke": "none"])
    drawTitle(&svg)
    drawTimeAxis(&svg)
    // Bars and ticks end at the plot's edges rather than being clipped there (bars(_:top:bottom:minimumWidth:)):
    // ImageMagick draws nothing inside a clip path.
    svg.open("g")
    for (index, row) in overview.rows.enumerated() { drawRow(&svg, row, top: layout.rowsTop + Double(index) * layout.rowHeight) }
    svg.close("g")
    for (index, row) in overview.rows.enumerated() {
      let middle = layout.rowsTop + (Double(index) + 0.5) * layout.rowHeight
      let name = row.object.count > 22 ? String(row.object.prefix(21)) + "…" : row.object
      svg.element("text", ["class": "object-name", "x": n(layout.plotLeft - 8), "y": n(middle), "text-anchor": "end",
                           "dominant-baseline": "middle"], text: name)
    }
    drawLegend(&svg)
    svg.close("g")
    return svg.document()
  }

  private func drawTitle(_ svg: inout SVGWriter) {
    svg.element("text", ["x": SVGWriter.number(layout.plotLeft), "y": "28", "font-size": "17", "font-weight": "bold"],
                text: "\(PlotTitle.recordingName(overview.source)) — \(overview.objectCount) objects")
    var summary = "\(overview.measurementCount) measurements"
    if overview.rows.count < overview.objectCount {
      summary += "; showing the \(overview.rows.count) objects with the most"
    }
    if let busiest = overview.busiest { summary += "; busiest \(busiest.object) (\(busiest.measurements))" }
    svg.element("text", ["x": SVGWriter.number(layout.plotLeft), "y": "50", "fill": "#555555"], text: summary)
  }

  /// One object's row: zone bands, presence bar, event ticks.
  private func drawRow(_ svg: inout SVGWriter, _ row: ObjectOverview.Row, top: Double) {
    let middle = top + layout.rowHeight / 2
    if Int((top - layout.rowsTop) / layout.rowHeight) % 2 == 1 {
      svg.element("rect", rectangle(left: layout.plotLeft, right: layout.plotRight, top: top, bottom: top + layout.rowHeight)
        .merging(["fill": "#f4f4f4", "stroke": "none"]) { $1 })
    }
    // Larger zones first and tallest, so smaller ones show in front of them.
    let order = overview.zones.indices.sorted { overview.zones[$0].radiusMeters > overview.zones[$1].radiusMeters }
    for (rank, zone) in order.enumerated() {
      let half = (layout.rowHeight / 2 - 2) * Double(order.count - rank) / Double(order.count)
      let path = bars(row.occupancy[zone], top: middle - half, bottom: middle + half)
      if !path.isEmpty {
        svg.element("path", ["class": "zone-occupancy zone-\(overview.zones[zone].name)", "d": path.data,
                             "fill": PlotStyle.zoneColour(zone), "stroke": "none"])
      }
    }
    let presence = bars(row.presence, top: middle - 1.5, bottom: middle + 1.5, minimumWidth: 1)
    if !presence.isEmpty { svg.element("path", ["class": "presence", "d": presence.data, "fill": PlotStyle.rawDistance, "stroke": "none"]) }
    for kind in [CrossingKind.enter, .exit] {
      // Each tick is 2 px wide; ticks that overlap or touch are drawn as one
      // rectangle, so a row holds at most one per 2 px however many events
      // (issue 34, item 10: 30 busy objects wrote 2 MB of ticks).
      var ticks = SVGPath()
      let spans = row.events.filter { $0.kind == kind }.map { event in
        let x = timeScale(event.timeSeconds)
        return (left: x - 1, right: x + 1)
      }
      for span in ColumnDecimation.merged(spans, gap: 0).compactMap(inPlot) {
        ticks.rectangle(x: span.left, y: top + 2, width: span.right - span.left, height: layout.rowHeight - 4)
      }
      if !ticks.isEmpty {
        svg.element("path", ["class": "event-tick event-\(kind.rawValue)", "d": ticks.data,
                             "fill": kind == .enter ? PlotStyle.enter : PlotStyle.exit, "stroke": "none"])
      }
    }
  }

  /// Rectangles over `intervals`, merged where less than a pixel apart: a
  /// gap narrower than a pixel cannot be drawn, and merging it keeps a row
  /// to at most one rectangle per 2 px however often the object crosses.
  private func bars(_ intervals: [ObjectOverview.Interval], top: Double, bottom: Double, minimumWidth: Double = 0) -> SVGPath {
    var path = SVGPath()
    let spans = intervals.map { (left: timeScale($0.start), right: max(timeScale($0.end), timeScale($0.start) + minimumWidth)) }
    for span in ColumnDecimation.merged(spans, gap: 1).compactMap(inPlot) {
      path.rectangle(x: span.left, y: top, width: span.right - span.left, height: bottom - top)
    }
    return path
  }

  /// The part of `span` between the plot's left and right edges, or nil when none is.
  private func inPlot(_ span: (left: Double, right: Double)) -> (left: Double, right: Double)? {
    let left = max(span.left, layout.plotLeft)
    let right = min(span.right, layout.plotRight)
    return left < right ? (left, right) : nil
  }

  private func drawTimeAxis(_ svg: inout SVGWriter) {
    let n = SVGWriter.number
    let bottom = rowsBottom
    // Epoch times counted from the first, as in RunPlot (RunPlot.timeOrigin(of:)).
    let origin = RunPlot.timeOrigin(of: timeScale)
    let shown = LinearScale(domain: (timeScale.domainStart - (origin ?? 0), timeScale.domainEnd - (origin ?? 0)),
                            range: (timeScale.rangeStart, timeScale.rangeEnd))
    let step = shown.tickStep(approximateCount: 10)
    for time in shown.ticks(approximateCount: 10) {
      let x = n(shown(time))
      svg.element("line", ["x1": x, "x2": x, "y1": n(layout.rowsTop), "y2": n(bottom + 5), "stroke": PlotStyle.grid])
      svg.element("text", ["x": x, "y": n(bottom + 18), "text-anchor": "middle"], text: RunPlot.label(time, step: step))
    }
    svg.element("rect", rectangle(left: layout.plotLeft, right: layout.plotRight, top: layout.rowsTop, bottom: bottom)
      .merging(["fill": "none", "stroke": PlotStyle.axis]) { $1 })
    svg.element("text", ["x": n((layout.plotLeft + layout.plotRight) / 2), "y": n(bottom + 40), "text-anchor": "middle",
                         "font-size": "13"], text: origin.map { "time, s since \(RunPlot.originLabel($0))" } ?? "time, s")
  }

  private func drawLegend(_ svg: inout SVGWriter) {
    let n = SVGWriter.number
    var entries: [(colour: String, label: String)] = overview.zones.enumerated().map { index, zone in
      (PlotStyle.zoneColour(index), "in \(zone.name) (\(RunPlot.trimmedNumber(zone.radiusMeters)) m)")
    }
    entries += [(PlotStyle.rawDistance, "measured"), (PlotStyle.enter, "enter event"), (PlotStyle.exit, "exit event")]
    svg.open("g", ["class": "legend"])
    for (index, entry) in entries.enumerated() {
      let y = layout.rowsTop + 8 + Double(index) * 22
      svg.element("rect", ["x": n(layout.legendLeft), "y": n(y - 6), "width": "22", "height": "12", "fill": entry.colour,
                           "stroke": "none"])
      svg.element("text", ["x": n(layout.legendLeft + 30), "y": n(y), "dominant-baseline": "middle"], text: entry.label)
    }
    svg.close("g")
  }

  private func rectangle(left: Double, right: Double, top: Double, bottom: Double) -> [String: String] {
    SVGWriter.rectangle(left: left, right: right, top: top, bottom: bottom)
  }
}
