// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

@testable import RangingPlots

/// A four-row run drawn by hand:
///
///     t  distance  truth  azimuth   filtered (d, sigma, azimuth)   events
///     0  4         4      0         4.0, 0.1, 0
///     1  2         2.5    -         2.5, 0.1, -                    outer enter (2.5 m)
///     2  1         1.2    30        1.2, 0.1, 30                   inner enter (1.2 m)
///     3  2         1.8    -         1.8, 0.1, -                    inner exit (1.8 m)
///
/// Zones inner 1.5 m and outer 3 m, hysteresis 0.2 m.
private let tiny = RunTrace(
  source: "tiny & <test>.csv", object: "tag\"1",
  measurements: [
    .init(timeSeconds: 0, distanceMeters: 4, azimuthDegrees: 0, trueDistanceMeters: 4),
    .init(timeSeconds: 1, distanceMeters: 2, trueDistanceMeters: 2.5),
    .init(timeSeconds: 2, distanceMeters: 1, azimuthDegrees: 30, trueDistanceMeters: 1.2),
    .init(timeSeconds: 3, distanceMeters: 2, trueDistanceMeters: 1.8),
  ],
  filtered: [
    .init(timeSeconds: 0, distanceMeters: 4, sigmaMeters: 0.1, azimuthDegrees: 0),
    .init(timeSeconds: 1, distanceMeters: 2.5, sigmaMeters: 0.1),
    .init(timeSeconds: 2, distanceMeters: 1.2, sigmaMeters: 0.1, azimuthDegrees: 30),
    .init(timeSeconds: 3, distanceMeters: 1.8, sigmaMeters: 0.1),
  ],
  events: [
    .init(timeSeconds: 1, zone: "outer", kind: .enter, distanceMeters: 2.5),
    .init(timeSeconds: 2, zone: "inner", kind: .enter, distanceMeters: 1.2),
    .init(timeSeconds: 3, zone: "inner", kind: .exit, distanceMeters: 1.8),
  ],
  zones: [.init(name: "inner", radiusMeters: 1.5, hysteresisMeters: 0.2),
          .init(name: "outer", radiusMeters: 3, hysteresisMeters: 0.2)])

/// The `M x y` points of a path's data, in order.
private func moves(_ data: String) -> [String] {
  data.matches(of: #/M(-?[0-9.]+) (-?[0-9.]+)/#).map { "\($0.1) \($0.2)" }
}

@Suite("RunPlot")
struct RunPlotTests {
  @Test("Scales of the tiny run, computed by hand from the layout")
  func scales() {
    let plot = RunPlot(trace: tiny)
    // Time 0...3 onto x 72...985: t = 1 -> 72 + 913/3 = 376.333...
    #expect(plot.timeScale.domainStart == 0 && plot.timeScale.domainEnd == 3)
    #expect(abs(plot.timeScale(1) - 376.3333333333) < 1e-9)
    // Largest distance 4 (raw, truth, filtered; zone bands reach 3.1) -> 4.2 padded;
    // niceStep(4.2, 6) = 1 (0.7 is 7 · 0.1, not below 7), so the top is 5: 0...5 onto y 480...72.
    #expect(plot.distanceScale.domainStart == 0 && plot.distanceScale.domainEnd == 5)
    // d = 2 -> 480 - 2/5 · 408 = 316.8.
    #expect(abs(plot.distanceScale(2) - 316.8) < 1e-9)
    // Largest |azimuth| 30 -> -30...30 onto y 735...540: 0 -> 637.5.
    #expect(plot.azimuthScale.domainEnd == 30 && plot.azimuthScale(0) == 637.5 && plot.azimuthScale(30) == 540)
  }

  @Test("The SVG is well-formed XML with one path per series, three event markers and an escaped title")
  func structure() throws {
    let svg = RunPlot(trace: tiny).svg()
    let inspector = try SVGInspector(parsing: svg)
    for id in ["raw-distance", "filtered-distance", "sigma-band", "true-distance", "measured-azimuth",
               "filtered-azimuth", "direction-missing"] {
      let element = try #require(inspector.element(id: "series-\(id)"), "no series \(id)")
      #expect(element.name == "path" && !(element.attributes["d"] ?? "").isEmpty)
    }
    #expect(inspector.element(id: "series-horizontal-angle") == nil, "no horizontal_angle in the input")
    let markers = inspector.elements(withClass: "event-marker")
    #expect(markers.count == 3)
    #expect(inspector.elements(withClass: "event-enter").count == 2 && inspector.elements(withClass: "event-exit").count == 1)
    #expect(inspector.elements.contains { $0.name == "title" && $0.text == "inner exit at 3.0 s, 1.80 m" })
    #expect(inspector.elements.contains { $0.name == "text" && $0.text == "tiny & <test>.csv — object tag\"1" })
    #expect(inspector.elements(withClass: "zone-band").count == 2)
    // Self-contained: no scripts, no links out.
    #expect(!inspector.elements.contains { $0.name == "script" || $0.name == "image" || $0.name == "a" })
    #expect(!svg.contains("href"))
    #expect(svg.components(separatedBy: "http").count == 2, "only the SVG namespace may name a URL")
  }

  @Test("Series land on the hand-computed pixels")
  func pixels() throws {
    let inspector = try SVGInspector(parsing: RunPlot(trace: tiny).svg())
    func data(_ id: String) throws -> String { try #require(inspector.element(id: "series-\(id)")?.attributes["d"]) }
    // Raw dots start at their leftmost point, x - 2: (0, 4) -> (70, 153.6); (1, 2) -> (374.33, 316.8);
    // (2, 1) -> (678.67, 398.4); (3, 2) -> (983, 316.8).
    #expect(moves(try data("raw-distance")) == ["70.00 153.60", "374.33 316.80", "678.67 398.40", "983.00 316.80"])
    // Filtered distance: one run (1 s apart, the break is max(0.5, 3 · 1) = 3 s): M then three L.
    #expect(try data("filtered-distance") == "M72.00 153.60 L376.33 276.00 L680.67 382.08 L985.00 333.12")
    // Measured azimuth 0 at t=0 and 30 at t=2: (70, 637.5) and (678.67, 540).
    #expect(moves(try data("measured-azimuth")) == ["70.00 637.50", "678.67 540.00"])
    // Filtered azimuth is broken by the states without direction: two pieces of one point.
    #expect(try data("filtered-azimuth") == "M72.00 637.50 M680.67 540.00")
    // Direction missing from t=1 to t=2 and from t=3 for one median interval (1 s) to t=4 -> x 1289.33 (clipped).
    #expect(moves(try data("direction-missing")) == ["376.33 540.00", "985.00 540.00"])
    // The outer enter marker: apex at (376.33, 276 + 0.8 · 7), base 0.9 · 7 above 276.
    let marker = try #require(inspector.elements(withClass: "event-marker").first?.attributes["d"])
    #expect(marker == "M369.33 269.70 L383.33 269.70 L376.33 281.60 Z")
  }

  /// Issue 34, item 15: the band was drawn at radius ± hysteresis / 2
  /// (1.4-1.6 m) while the engine enters below 1.5 m and exits above 1.7 m
  /// (band offset 0.1 m), and `--band-offset` moved the events but not the drawing.
  @Test("Each zone's band lies between the engine's enter and exit thresholds, band offset included")
  func bandWhereTheEngineHasIt() throws {
    var trace = tiny
    trace.zones = [.init(name: "inner", radiusMeters: 1.5, hysteresisMeters: 0.2, bandOffsetMeters: 0.1),
                   .init(name: "outer", radiusMeters: 3, hysteresisMeters: 0.2, bandOffsetMeters: -0.2)]
    let inspector = try SVGInspector(parsing: RunPlot(trace: trace).svg())
    let bands = inspector.elements(withClass: "zone-band")
    #expect(bands.count == 2)
    // The scale of `scales()`: 81.6 px a metre, 2 m at y 316.8 (the bands stay below 4 m, so it does not move).
    // inner: 1.5 - 0.1 + 0.1 = 1.5 m to 1.7 m -> y 341.28 to 357.60; outer: 2.7 m to 2.9 m -> y 243.36 to 259.68.
    #expect(bands.first?.attributes["y"] == "341.28" && bands.first?.attributes["height"] == "16.32")
    #expect(bands.last?.attributes["y"] == "243.36" && bands.last?.attributes["height"] == "16.32")
    #expect(inspector.elements.contains { $0.name == "text" && $0.text == "inner 1.5 m, band 1.5-1.7 m" })
  }

  @Test("Azimuth is atan2(x, -z): ahead 0, right 90, left -90, behind 180")
  func azimuth() {
    #expect(RunTrace.azimuthDegrees(of: .init(x: 0, y: 0, z: -1)) == 0)
    #expect(RunTrace.azimuthDegrees(of: .init(x: 1, y: 0, z: 0)) == 90)
    #expect(RunTrace.azimuthDegrees(of: .init(x: -1, y: 0, z: 0)) == -90)
    #expect(RunTrace.azimuthDegrees(of: .init(x: 0, y: 0, z: 1)) == 180)
    #expect(abs(RunTrace.azimuthDegrees(of: .init(x: 0.5, y: 0, z: -0.5)) - 45) < 1e-12)
  }

  @Test("Direction gaps run to the next row, but not across a stretch with no rows at all")
  func directionGaps() {
    let rows: [RunTrace.Measurement] = [0, 1, 2, 10, 11].map { .init(timeSeconds: $0, distanceMeters: 1) }
    var trace = RunTrace(source: "x", object: "a", measurements: rows)
    trace.measurements[0].azimuthDegrees = 5
    trace.measurements[4].azimuthDegrees = 5
    // Rows 1, 2 and 3 lack direction. Median interval 1 s, break 3 s:
    // 1 -> 2, 2 -> 2 + 1 (t=10 is 8 s away), 10 -> 11: [(1, 3), (10, 11)].
    #expect(trace.directionGaps.map { [$0.start, $0.end] } == [[1, 3], [10, 11]])
    #expect(trace.lineBreakSeconds == 3)
  }

  @Test("An azimuth alone (horizontal_angle) is a direction: no gap where each row has one")
  func azimuthOnlyIsNoGap() {
    let rows: [RunTrace.Measurement] = [0, 1, 2, 3].map {
      .init(timeSeconds: $0, distanceMeters: 1, horizontalAngleDegrees: 10)
    }
    var trace = RunTrace(source: "x", object: "a", measurements: rows)
    #expect(trace.directionGaps.isEmpty)
    trace.measurements[2].horizontalAngleDegrees = nil
    #expect(trace.directionGaps.map { [$0.start, $0.end] } == [[2, 3]])
  }
}

/// Extreme but finite values draw a plot instead of trapping or hanging (issue 13, row 3).
@Suite("RunPlot extremes")
struct RunPlotExtremeTests {
  @Test("A distance of 1.7e308 (padding overflows to infinity) gives finite scales", .timeLimit(.minutes(1)))
  func hugeDistance() {
    let trace = RunTrace(
      source: "huge.csv", object: "tag",
      measurements: [.init(timeSeconds: 0, distanceMeters: 1.7e308), .init(timeSeconds: 1, distanceMeters: 1)],
      filtered: [.init(timeSeconds: 0, distanceMeters: 1.7e308, sigmaMeters: 0.1)], events: [], zones: [])
    let plot = RunPlot(trace: trace)
    #expect(plot.distanceScale.domainEnd.isFinite && plot.distanceScale.domainEnd >= 1e300)
    #expect(plot.svg().hasSuffix("</svg>\n"))
  }

  @Test("Times near 1e12 s a millisecond apart give a few ticks, not an endless loop", .timeLimit(.minutes(1)))
  func narrowDomainFarFromZero() {
    let scale = LinearScale(domain: (1e12, 1e12 + 0.0005), range: (0, 100))
    let ticks = scale.ticks(approximateCount: 6)
    #expect(!ticks.isEmpty && ticks.count <= 28)
    let trace = RunTrace(
      source: "far.csv", object: "tag",
      measurements: [.init(timeSeconds: 1e12, distanceMeters: 1), .init(timeSeconds: 1e12 + 0.0005, distanceMeters: 1.1)],
      filtered: [], events: [], zones: [])
    #expect(RunPlot(trace: trace).svg().hasSuffix("</svg>\n"))
  }
}
