// SPDX-License-Identifier: Apache-2.0
/// Draws a ``RunTrace`` as a self-contained SVG: a distance panel (raw
/// distance as dots, filtered distance with a ±1 sigma band, true distance
/// dashed, zone radii with their hysteresis bands, enter and exit markers)
/// above an azimuth panel (measured azimuth as dots, filtered azimuth as a
/// line, shading where the measured direction was missing), sharing one
/// time axis, with a title (the file's name and the object) and a legend. A
/// recording with no direction at all (range-only) gets no azimuth panel:
/// it would be shaded "direction missing" from end to end, so the distance
/// panel takes its height instead (``showsAzimuth``).
///
/// Scales (all public, so tests can check pixels against hand computation):
/// - time: the trace's window (`--from`, `--to`), and where it is open the
///   first or last time of the rows, filtered states, events and life-cycle
///   rows, onto ``Layout/plotLeft``...``Layout/plotRight``; ±0.5 s around a
///   single instant;
/// - distance: 0 up to `top` onto ``Layout/distanceBottom``...``Layout/distanceTop``,
///   where `top` is `1.05 · m` rounded up to a multiple of
///   `LinearScale.niceStep(span: 1.05 · m, count: 6)` and `m` is the largest
///   raw, filtered, true or zone-band distance (at least 1 m). Sigma is left
///   out of `m`: a track's first sigma can be metres wide and would flatten
///   the rest; the band is clipped to the panel instead;
/// - azimuth: `-e...e` degrees onto ``Layout/azimuthBottom``...``Layout/azimuthTop``,
///   where `e` is the first of 30, 60, 90, 180 not below the largest |azimuth|.
///
/// Every series is one `<path class="series" id="series-…">`; every event is
/// one `<path class="event-marker …">` with a `<title>` (shown on hover).
///
/// Size. Lines and band edges keep at most four points per pixel column,
/// scatters one dot or one bar per column (`ColumnDecimation`), gaps and
/// breaks narrower than a pixel are merged, and events of one zone and kind
/// closer than a marker share one marker, so the document's size is bounded
/// by the layout, not by the recording (about 0.5 MB at most for the default
/// layout; 75,000 rows of one object used to make 13.5 MB).
public struct RunPlot: Sendable {
  /// Pixel positions of the panels, in a `width × height` canvas.
  public struct Layout: Equatable, Sendable {
    public var width = 1200.0
    public var height = 800.0
    /// Left and right edges of both panels' plotting area.
    public var plotLeft = 72.0
    public var plotRight = 985.0
    public var distanceTop = 72.0
    public var distanceBottom = 480.0
    public var azimuthTop = 540.0
    public var azimuthBottom = 735.0
    /// Left edge of the legend, in the right margin.
    public var legendLeft = 1000.0

    public init() {}
  }

  public let trace: RunTrace
  public let layout: Layout
  public let timeScale: LinearScale
  public let distanceScale: LinearScale
  public let azimuthScale: LinearScale
  /// Whether the trace has any azimuth (measured, `horizontal_angle` or
  /// filtered) to draw; without, the distance panel reaches down to
  /// ``Layout/azimuthBottom`` and there is no azimuth panel.
  public let showsAzimuth: Bool
  /// The time the x-axis's labels count from, or nil when they are the
  /// input's times (`timeOrigin(of:)`); the axis title names it.
  public let timeOrigin: Double?
  /// ``RunTrace/lineBreakSeconds``, computed once (it sorts the intervals).
  let lineBreakSeconds: Double

  public init(trace: RunTrace, layout: Layout = Layout()) {
    self.trace = trace
    var azimuths = trace.measurements.compactMap(\.azimuthDegrees)
    azimuths += trace.measurements.compactMap(\.horizontalAngleDegrees) + trace.filtered.compactMap(\.azimuthDegrees)
    showsAzimuth = !azimuths.isEmpty
    var layout = layout
    if !showsAzimuth { layout.distanceBottom = layout.azimuthBottom }
    self.layout = layout
    lineBreakSeconds = trace.lineBreakSeconds
    var times = trace.measurements.map(\.timeSeconds) + trace.filtered.map(\.timeSeconds)
    times += trace.events.map(\.timeSeconds) + trace.lifecycle.map(\.timeSeconds)
    var first = trace.window.from ?? times.min() ?? 0
    var last = trace.window.to ?? times.max() ?? 1
    if first == last {
      first -= 0.5
      last += 0.5
    }
    timeScale = LinearScale(domain: (first, last), range: (layout.plotLeft, layout.plotRight))
    timeOrigin = Self.timeOrigin(of: timeScale)

    var distances = trace.measurements.compactMap(\.distanceMeters) + trace.measurements.compactMap(\.trueDistanceMeters)
    distances += trace.filtered.map(\.distanceMeters) + trace.zones.map(\.upperEdgeMeters)
    // At most 1e300, so that the padding and the rounded top stay finite
    // for any finite distance (1.7e308 · 1.05 is infinite).
    let padded = 1.05 * min(max(1, distances.max() ?? 1), 1e300)
    let top = LinearScale.ceiling(padded, toMultipleOf: LinearScale.niceStep(span: padded, count: 6))
    distanceScale = LinearScale(domain: (0, top), range: (layout.distanceBottom, layout.distanceTop))

    let largest = azimuths.map(abs).max() ?? 0
    let extent = [30.0, 60, 90].first { $0 >= largest } ?? 180
    azimuthScale = LinearScale(domain: (-extent, extent), range: (layout.azimuthBottom, layout.azimuthTop))
  }

  /// The SVG document.
  public func svg() -> String {
    let width = canvasWidth
    var svg = SVGWriter(width: width, height: layout.height)
    svg.element("rect", ["x": "0", "y": "0", "width": SVGWriter.number(width),
                         "height": SVGWriter.number(layout.height), "fill": "white", "stroke": "none"])
    // ImageMagick's own renderer takes font-family as one font's name and,
    // given a list, draws nothing at all; browsers and librsvg take the
    // list from the style sheet, which ImageMagick ignores.
    svg.element("style", [:], text: "text { font-family: \"DejaVu Sans\", Helvetica, Arial, sans-serif }")
    // Painting attributes are on the elements, not in CSS, and every filled
    // shape says stroke none: ImageMagick outlines a shape in black unless told.
    svg.open("g", ["font-family": "DejaVu Sans", "font-size": "12", "fill": PlotStyle.axis, "stroke": "none"])
    drawTitle(&svg)
    drawDistancePanel(&svg)
    if showsAzimuth {
      drawAzimuthPanel(&svg)
      drawTimeTitle(&svg, below: layout.azimuthBottom)
    } else {
      drawTimeTitle(&svg, below: layout.distanceBottom)
    }
    drawLegend(&svg)
    svg.close("g")
    return svg.document()
  }

  /// Title (file name and object) and a line of counts.
  private func drawTitle(_ svg: inout SVGWriter) {
    svg.element("text", ["x": SVGWriter.number(layout.plotLeft), "y": "28", "font-size": "17", "font-weight": "bold"],
                text: "\(PlotTitle.recordingName(trace.source)) — object \(trace.object)")
    let enters = trace.events.filter { $0.kind == .enter }.count
    let zones = trace.zones.map {
      "\($0.name) \(trimmed($0.radiusMeters)) m, band \(trimmed($0.lowerEdgeMeters))-\(trimmed($0.upperEdgeMeters))"
    }
    var summary = "\(trace.measurements.count) measurements, \(trace.filtered.count) filtered states, "
      + "\(enters) enter and \(trace.events.count - enters) exit events"
    if !zones.isEmpty { summary += "; zones " + zones.joined(separator: ", ") }
    if !showsAzimuth { summary += "; no direction in these rows, so no azimuth panel" }
    svg.element("text", ["x": SVGWriter.number(layout.plotLeft), "y": "50", "font-size": "12", "fill": "#555555"],
                text: summary)
  }

  /// The time axis's title under the lowest panel.
  private func drawTimeTitle(_ svg: inout SVGWriter, below bottom: Double) {
    svg.element("text", ["x": SVGWriter.number((layout.plotLeft + layout.plotRight) / 2),
                         "y": SVGWriter.number(bottom + 40), "text-anchor": "middle", "font-size": "13"],
                text: timeOrigin.map { "time, s since \(Self.originLabel($0))" } ?? "time, s")
  }

  /// The attributes of a rectangle between the given pixel edges.
  func rectangle(left: Double, right: Double, top: Double, bottom: Double) -> [String: String] {
    SVGWriter.rectangle(left: left, right: right, top: top, bottom: bottom)
  }

  /// A number with up to two decimals and no trailing zeros (`1.5`, `3`, `0.1`).
  func trimmed(_ value: Double) -> String { Self.trimmedNumber(value) }

  /// A number with up to two decimals and no trailing zeros (`1.5`, `3`, `0.1`).
  static func trimmedNumber(_ value: Double) -> String {
    var text = SVGWriter.number(value)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
  }

  /// Splits `points` (time, value) into runs broken where the time between
  /// neighbours exceeds ``RunTrace/lineBreakSeconds`` and spans two pixels
  /// or more, or where `breaks` says so.
  func runs(_ points: [(time: Double, value: Double)],
            breaks: (Double, Double) -> Bool = { _, _ in false }) -> [[(time: Double, value: Double)]] {
    let limit = lineBreakSeconds
    var runs: [[(time: Double, value: Double)]] = []
    for point in points {
      // A gap narrower than two pixels would not show: the line goes on.
      if let last = runs.last?.last,
        point.time - last.time <= limit || timeScale(point.time) - timeScale(last.time) < 2,
        !breaks(last.value, point.value) {
        runs[runs.count - 1].append(point)
      } else {
        runs.append([point])
      }
    }
    return runs
  }

  /// `y` moved into the panel that `scale` maps onto. Data are kept inside
  /// their panel by moving them to its edge, not by a clip path: ImageMagick
  /// draws nothing of an element with `clip-path`.
  func inPanel(_ y: Double, of scale: LinearScale) -> Double {
    min(max(y, min(scale.rangeStart, scale.rangeEnd)), max(scale.rangeStart, scale.rangeEnd))
  }

  /// A polyline through each run, each run its own piece.
  func polyline(_ runs: [[(time: Double, value: Double)]], scale: LinearScale) -> SVGPath {
    var path = SVGPath()
    for run in runs {
      let pixels = ColumnDecimation.m4(run.map { (x: timeScale($0.time), y: inPanel(scale($0.value), of: scale)) })
      for (index, point) in pixels.enumerated() {
        if index == 0 {
          path.move(to: point.x, point.y)
        } else {
          path.line(to: point.x, point.y)
        }
      }
    }
    return path
  }

  /// Dots of ``PlotStyle/dotRadius`` at each point, decimated per pixel
  /// column: a column with one or two points draws them as dots, one with
  /// more draws a bar, one dot wide, reaching from its lowest to its highest
  /// point as far as their dots would. `points` are in time order.
  func dots(_ points: [(time: Double, value: Double)], scale: LinearScale) -> SVGPath {
    var path = SVGPath()
    let r = PlotStyle.dotRadius
    for column in ColumnDecimation.scatter(points.map { (x: timeScale($0.time), y: inPanel(scale($0.value), of: scale)) }) {
      if column.count > 2 {
        path.rectangle(x: column.x - r, y: column.lowY - r, width: 2 * r, height: column.highY - column.lowY + 2 * r)
        continue
      }
      path.dot(at: column.x, column.lowY, radius: r)
      if column.count == 2 { path.dot(at: column.x, column.highY, radius: r) }
    }
    return path
  }

  /// Writes `path` as the series `id` (nothing when it is empty). A dashed
  /// series is one element per piece: the first is the series, the others
  /// `series-piece` elements after it, since ImageMagick's own renderer
  /// dashes a path's pieces as one line and drew the true distance across
  /// its gaps.
  func series(_ svg: inout SVGWriter, _ id: String, _ path: SVGPath, style: [String: String]) {
    guard !path.isEmpty else { return }
    let style = style.merging(["stroke": style["stroke"] ?? "none"]) { $1 }
    let pieces = style["stroke-dasharray"] == nil ? [path.data] : path.pieces
    for (index, piece) in pieces.enumerated() {
      let name = index == 0 ? ["class": "series", "id": "series-\(id)"] : ["class": "series-piece series-piece-\(id)"]
      svg.element("path", style.merging(name.merging(["d": piece]) { $1 }) { $1 })
    }
  }
}
