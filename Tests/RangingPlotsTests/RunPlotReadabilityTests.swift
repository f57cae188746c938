// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

@testable import RangingPlots

/// A range-only run of `tag` from `source`: 4 m at t = 0 to 0.5 m at t = 7,
/// one row a second, no direction anywhere, with `events`.
private func rangeOnly(source: String = "walk.csv", events: [RunTrace.Event] = []) -> RunTrace {
  let rows = (0...7).map { Double($0) }
  return RunTrace(
    source: source, object: "tag",
    measurements: rows.map { .init(timeSeconds: $0, distanceMeters: 4 - 0.5 * $0) },
    filtered: rows.map { .init(timeSeconds: $0, distanceMeters: 4 - 0.5 * $0, sigmaMeters: 0.1) },
    events: events,
    zones: [.init(name: "inner", radiusMeters: 1.5, hysteresisMeters: 0.2),
            .init(name: "outer", radiusMeters: 3, hysteresisMeters: 0.2)])
}

/// The `event-label` texts of a plot, with their x positions.
private func labels(_ plot: RunPlot) throws -> [(text: String, x: Double)] {
  try SVGInspector(parsing: plot.svg()).elements(withClass: "event-label").map {
    ($0.text, Double($0.attributes["x"] ?? "") ?? .nan)
  }
}

@Suite("RunPlot readability")
struct RunPlotReadabilityTests {
  @Test("Range-only rows: no azimuth panel, and the distance panel takes its height")
  func rangeOnlyHasNoAzimuthPanel() throws {
    let plot = RunPlot(trace: rangeOnly())
    #expect(!plot.showsAzimuth)
    // The default layout's azimuth panel ends at 735: the distance panel now spans 72...735.
    #expect(plot.layout.distanceBottom == 735 && plot.distanceScale(0) == 735)
    let inspector = try SVGInspector(parsing: plot.svg())
    #expect(inspector.element(id: "clip-azimuth") == nil)
    #expect(inspector.element(id: "series-direction-missing") == nil)
    #expect(!inspector.elements.contains { $0.name == "text" && $0.text == "azimuth, °" })
    #expect(inspector.elements.contains { $0.name == "text" && $0.text == "time, s" && $0.attributes["y"] == "775.00" })
    #expect(inspector.elements.contains { $0.name == "text" && $0.text.hasSuffix("no direction in these rows, so no azimuth panel") })
    #expect(!inspector.elements.contains { $0.name == "text" && $0.text == "direction missing" }, "no legend entry for it")
  }

  @Test("One azimuth row keeps the azimuth panel and the distance panel's height")
  func oneAzimuthKeepsThePanel() {
    var trace = rangeOnly()
    trace.measurements[3].azimuthDegrees = 10
    let plot = RunPlot(trace: trace)
    #expect(plot.showsAzimuth && plot.layout.distanceBottom == 480)
  }

  @Test("The title names the file, not its folders", arguments: [
    ("/home/someone/recordings/2026/walk-in-out.csv", "walk-in-out.csv — object tag"),
    ("walk.csv", "walk.csv — object tag"),
    ("-", "standard input — object tag"),
  ])
  func titleIsTheFileName(source: String, title: String) throws {
    let inspector = try SVGInspector(parsing: RunPlot(trace: rangeOnly(source: source)).svg())
    #expect(inspector.elements.contains { $0.name == "text" && $0.text == title })
    #expect(!inspector.elements.contains { $0.name == "text" && $0.text.contains("/home/someone") })
  }

  @Test("Two zones entered at the same instant: both labels are drawn, one a line above the other")
  func sameInstantEventsAreBothLabelled() throws {
    let trace = rangeOnly(events: [.init(timeSeconds: 5, zone: "outer", kind: .enter, distanceMeters: 1.4),
                                   .init(timeSeconds: 5, zone: "inner", kind: .enter, distanceMeters: 1.4)])
    let inspector = try SVGInspector(parsing: RunPlot(trace: trace).svg())
    let drawn = inspector.elements(withClass: "event-label")
    #expect(drawn.map(\.text).sorted() == ["enter inner", "enter outer"])
    let baselines = drawn.compactMap { Double($0.attributes["y"] ?? "") }.sorted()
    #expect(baselines.count == 2 && baselines[1] - baselines[0] == 12, "\(baselines)")
  }

  @Test("A label at the panel's left edge is moved inside it rather than clipped")
  func leftEdgeLabelIsInside() throws {
    let trace = rangeOnly(events: [.init(timeSeconds: 0, zone: "outer", kind: .enter, distanceMeters: 4)])
    let plot = RunPlot(trace: trace)
    let drawn = try labels(plot)
    #expect(drawn.map(\.text) == ["enter outer"])
    // Its marker is at x = 72 (t = 0); the label, 6 · 11 + 4 = 70 px wide and
    // centred, starts 2 px inside the panel: x = 72 + 35 + 2.
    #expect(plot.timeScale(0) == 72)
    #expect(drawn.first?.x == 109)
  }
}
