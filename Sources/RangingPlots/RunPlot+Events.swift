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
  func drawEvents(_ svg: inout SVGWriter) {
    svg.open("g", ["clip-path": "url(#clip-distance)"])
    var placed: [(left: Double, right: Double, top: Double, bottom: Double)] = []
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
      let baseline = event.kind == .enter ? y - s - 4 : y + s + 12
      let box = (left: x - width / 2, right: x + width / 2, top: baseline - 10, bottom: baseline + 2)
      guard !placed.contains(where: { box.left < $0.right && $0.left < box.right && box.top < $0.bottom && $0.top < box.bottom })
      else { continue }
      placed.append(box)
      svg.element("text", ["class": "event-label", "x": SVGWriter.number(x), "y": SVGWriter.number(baseline),
                           "text-anchor": "middle", "font-size": "10", "fill": colour,
                           "stroke": "white", "stroke-width": "3", "paint-order": "stroke"],
                  text: group.label)
    }
    svg.close("g")
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
