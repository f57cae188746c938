// SPDX-License-Identifier: Apache-2.0
extension RunPlot {
  /// Events drawn as one marker: consecutive events of one zone and kind
  /// whose markers would overlap (less than ``PlotStyle/markerSize`` pixels
  /// apart).
  struct EventGroup {
    var first: RunTrace.Event
    var lastSeconds: Double
    var count: Int
    /// `enter inner`: what the marker's label says.
    var label: String { "\(first.kind.rawValue) \(first.zone)" }
  }

  /// The trace's events grouped into markers, in time order of their first event.
  ///
  /// - Complexity: O(n) for n events; at most
  ///   `2 · zones · (plot width / marker size)` groups.
  func eventGroups() -> [EventGroup] {
    var groups: [EventGroup] = []
    var open: [String: Int] = [:]  // "kind zone" -> index of its latest group
    for event in trace.events {
      let key = "\(event.kind.rawValue) \(event.zone)"
      if let index = open[key], timeScale(event.timeSeconds) - timeScale(groups[index].first.timeSeconds) < PlotStyle.markerSize {
        groups[index].lastSeconds = event.timeSeconds
        groups[index].count += 1
      } else {
        open[key] = groups.count
        groups.append(EventGroup(first: event, lastSeconds: event.timeSeconds, count: 1))
      }
    }
    return groups
  }

  /// Event markers, enter (▼, pointing in) or exit (▲, pointing out), at
  /// each group's first event's time and deciding distance (the zone
  /// radius when it has none), each labelled with its kind and zone
  /// (`enter inner`) where the label does not overlap one already drawn.
  /// A label that would overlap one moves out by a line, up to
  /// ``labelLines`` lines, so that events of two zones at the same instant
  /// (one marker over the other) are both named; a label is kept inside the
  /// panel, since one centred on a marker at the edge was clipped
  /// (`nter outer`).
  func drawEvents(_ svg: inout SVGWriter) {
    svg.open("g")
    var placed: [LabelBox] = []
    for group in eventGroups() {
      let event = group.first
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
      svg.element("title", [:], text: title(of: group))
      svg.close("path")
      // The label sits beyond the marker's base: above an enter, below an exit.
      let width = 6.0 * Double(group.label.count) + 4
      let labelX = min(max(x, layout.plotLeft + width / 2 + 2), layout.plotRight - width / 2 - 2)
      let outwards = event.kind == .enter ? -1.0 : 1.0
      let firstBaseline = event.kind == .enter ? y - s - 4 : y + s + 12
      let free = (0..<Self.labelLines).lazy.map { line -> (baseline: Double, box: LabelBox) in
        let baseline = min(max(firstBaseline + outwards * 12 * Double(line), layout.distanceTop + 12), layout.distanceBottom - 3)
        return (baseline, LabelBox(left: labelX - width / 2, right: labelX + width / 2, top: baseline - 10, bottom: baseline + 2))
      }.first { candidate in !placed.contains { $0.overlaps(candidate.box) } }
      guard let (baseline, box) = free else { continue }
      placed.append(box)
      haloText(&svg, ["class": "event-label", "x": SVGWriter.number(labelX), "y": SVGWriter.number(baseline),
                      "text-anchor": "middle", "font-size": "10", "fill": colour],
               text: group.label, haloClass: "event-label-halo")
    }
    svg.close("g")
  }

  /// How many lines out from its marker a label may move to stay clear of
  /// the labels already drawn.
  static let labelLines = 3

  /// The pixel box a label covers.
  struct LabelBox {
    var left, right, top, bottom: Double

    func overlaps(_ other: LabelBox) -> Bool {
      left < other.right && other.left < right && top < other.bottom && other.top < bottom
    }
  }

  /// The hover text: `inner enter at 12.5 s, 1.42 m`, or for a group
  /// `inner enter ×3, 12.5 to 12.9 s`.
  private func title(of group: EventGroup) -> String {
    let event = group.first
    if group.count == 1 {
      let distance = event.distanceMeters.map { ", \(SVGWriter.number($0)) m" } ?? ""
      return "\(event.zone) \(event.kind.rawValue) at \(event.timeSeconds) s\(distance)"
    }
    return "\(event.zone) \(event.kind.rawValue) ×\(group.count), \(event.timeSeconds) to \(group.lastSeconds) s"
  }
}
