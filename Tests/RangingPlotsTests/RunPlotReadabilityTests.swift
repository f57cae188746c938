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

/// A range-only run from `start` s, one row every half second for 30 s.
private func run(from start: Double, zones: [RunTrace.ZoneBand] = []) -> RunTrace {
  let times = (0...60).map { start + 0.5 * Double($0) }
  return RunTrace(
    source: "epoch.csv", object: "tag",
    measurements: times.map { .init(timeSeconds: $0, distanceMeters: 3) },
    filtered: times.map { .init(timeSeconds: $0, distanceMeters: 3, sigmaMeters: 0.1) },
    zones: zones)
}

/// The x-axis's tick labels (below the lowest panel) with their x, left to right.
private func timeLabels(_ plot: RunPlot) throws -> [(text: String, x: Double)] {
  let baseline = SVGWriter.number(plot.layout.distanceBottom + 18)
  return try SVGInspector(parsing: plot.svg()).elements
    .filter { $0.name == "text" && $0.attributes["y"] == baseline && $0.attributes["text-anchor"] == "middle" }
    .map { ($0.text, Double($0.attributes["x"] ?? "") ?? .nan) }
}

@Suite("RunPlot axes and legend fit")
struct RunPlotFitTests {
  /// DejaVu Sans is about 0.64 em a digit: a test's own bound, not the plot's estimate.
  private static func width(_ text: String, fontSize: Double = 12) -> Double { 0.65 * fontSize * Double(text.count) }

  @Test("Epoch times: the x-axis counts from the first time, with short labels that do not overlap")
  func epochTimesCountFromTheFirst() throws {
    let plot = RunPlot(trace: run(from: 1_717_000_002.004))
    #expect(plot.timeOrigin == 1_717_000_002.004)
    let labels = try timeLabels(plot)
    #expect(labels.map(\.text) == ["0", "5", "10", "15", "20", "25", "30"])
    for (left, right) in zip(labels, labels.dropFirst()) {
      #expect(left.x + Self.width(left.text) / 2 < right.x - Self.width(right.text) / 2, "\(left) runs into \(right)")
    }
    let texts = try SVGInspector(parsing: plot.svg()).elements.filter { $0.name == "text" }.map(\.text)
    #expect(texts.contains("time, s since 1717000002.004"))
  }

  @Test("Times from zero keep the input's times and the plain axis title")
  func smallTimesAreThemselves() throws {
    let plot = RunPlot(trace: run(from: 12))
    #expect(plot.timeOrigin == nil)
    #expect(try timeLabels(plot).map(\.text) == ["15", "20", "25", "30", "35", "40"])
  }

  @Test("Every legend label ends inside the picture, however long the zone entries", arguments: [
    [RunTrace.ZoneBand(name: "inner", radiusMeters: 1.5, hysteresisMeters: 0.2, bandOffsetMeters: 0.1)],
    [RunTrace.ZoneBand(name: "loading-dock-north-east", radiusMeters: 12.25, hysteresisMeters: 0.35),
     RunTrace.ZoneBand(name: "outer", radiusMeters: 3, hysteresisMeters: 0.15)],
  ])
  func legendInsideThePicture(zones: [RunTrace.ZoneBand]) throws {
    let plot = RunPlot(trace: run(from: 0, zones: zones))
    let inspector = try SVGInspector(parsing: plot.svg())
    let svgWidth = try #require(Double(inspector.elements.first?.attributes["width"] ?? ""))
    let legend = try #require(inspector.elements(withClass: "legend").first)
    let fontSize = try #require(Double(legend.attributes["font-size"] ?? ""))
    let labels = inspector.elements.filter { $0.name == "text" && plot.legendLabels.contains($0.text) }
    #expect(labels.count == plot.legendLabels.count)
    #expect(labels.contains { $0.text.contains("inner 1.5 m, band 1.5-1.7 m") } || zones.count == 2)
    for label in labels {
      let right = (Double(label.attributes["x"] ?? "") ?? .nan) + Self.width(label.text, fontSize: fontSize)
      #expect(right <= svgWidth, "'\(label.text)' ends at \(right), the picture at \(svgWidth)")
    }
  }
}

@Suite("RunPlot renders alike in browsers, librsvg and ImageMagick")
struct RunPlotRendererTests {
  /// What ImageMagick's own renderer and librsvg draw differently from a
  /// browser is left out: ImageMagick drew nothing inside a `clip-path`,
  /// nothing at all given a list of fonts, bands solid (no `fill-opacity`)
  /// and filled shapes outlined in black; librsvg painted the white stroke
  /// of `paint-order: stroke` over the labels.
  @Test("No clip paths, paint-order, opacities or font lists; filled shapes say stroke none; labels have their halo beneath")
  func portablePainting() throws {
    var trace = run(from: 0, zones: [.init(name: "inner", radiusMeters: 1.5, hysteresisMeters: 0.2, bandOffsetMeters: 0.1)])
    trace.events = [.init(timeSeconds: 10, zone: "inner", kind: .enter, distanceMeters: 1.4)]
    trace.measurements[3].azimuthDegrees = 20
    let svg = RunPlot(trace: trace).svg()
    for banned in ["clip-path", "paint-order", "fill-opacity", " opacity="] {
      #expect(!svg.contains(banned), "\(banned) is in the SVG")
    }
    let inspector = try SVGInspector(parsing: svg)
    for element in inspector.elements where element.attributes["font-family"] != nil {
      #expect(!(element.attributes["font-family"] ?? "").contains(","), "a font list: \(element.attributes)")
    }
    for element in inspector.elements where ["path", "rect"].contains(element.name) {
      let fill = element.attributes["fill"]
      if fill != nil, fill != "none" { #expect(element.attributes["stroke"] != nil, "filled without a stroke: \(element.attributes)") }
    }
    let texts = inspector.elements.filter { $0.name == "text" }
    for (index, label) in texts.enumerated() where label.attributes["class"] == "event-label" {
      let halo = texts[index - 1]
      #expect(halo.attributes["class"] == "event-label-halo" && halo.text == label.text && halo.attributes["fill"] == "white")
      #expect(label.attributes["stroke"] == nil)
    }
    #expect(texts.contains { $0.attributes["class"] == "event-label" })
  }

  @Test("A dashed series is a path per piece, so that ImageMagick does not dash across its gaps")
  func dashedPieces() throws {
    var trace = run(from: 0)
    for index in trace.measurements.indices where !(20..<40).contains(index) { trace.measurements[index].trueDistanceMeters = 3 }
    let inspector = try SVGInspector(parsing: RunPlot(trace: trace).svg())
    let first = try #require(inspector.element(id: "series-true-distance")?.attributes["d"])
    let rest = inspector.elements(withClass: "series-piece-true-distance").compactMap { $0.attributes["d"] }
    #expect(first.filter { $0 == "M" }.count == 1 && rest.count == 1 && rest.allSatisfy { $0.filter { $0 == "M" }.count == 1 })
    #expect(try #require(inspector.element(id: "series-filtered-distance")?.attributes["d"]).hasPrefix("M"))
  }
}
