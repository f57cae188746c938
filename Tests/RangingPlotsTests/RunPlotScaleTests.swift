// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

@testable import RangingPlots

/// A long run: `count` rows at 10 Hz of a walk in and out every 60 s with
/// noise, a direction that is measured for 20 s and predicted for 10,
/// `horizontal_angle` on every seventh row, a life-cycle row and an enter
/// and exit of both zones every minute.
private func longTrace(rows count: Int) -> RunTrace {
  var measurements: [RunTrace.Measurement] = []
  var filtered: [RunTrace.FilteredPoint] = []
  var events: [RunTrace.Event] = []
  var lifecycle: [RunTrace.Lifecycle] = []
  measurements.reserveCapacity(count)
  filtered.reserveCapacity(count)
  var state: UInt64 = 0x9E37_79B9_7F4A_7C15  // a fixed seed for the noise below
  for i in 0..<count {
    let t = Double(i) / 10
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407  // Knuth's MMIX LCG
    let noise = Double(state >> 11) / Double(1 << 53) - 0.5
    let truth = 3 + 2.5 * cos(2 * Double.pi * t / 60)
    let azimuth = 40 * sin(t / 9)
    let predicted = t.truncatingRemainder(dividingBy: 30) >= 20
    measurements.append(.init(timeSeconds: t, distanceMeters: truth + noise, azimuthDegrees: predicted ? nil : azimuth + 8 * noise,
                              horizontalAngleDegrees: i % 7 == 0 ? azimuth : nil, trueDistanceMeters: truth))
    filtered.append(.init(timeSeconds: t, distanceMeters: truth + noise / 10, sigmaMeters: 0.05 + abs(noise) / 10,
                          azimuthDegrees: azimuth, isDirectionPredicted: predicted))
    if i % 600 == 200 {
      events += [.init(timeSeconds: t, zone: "outer", kind: .enter, distanceMeters: 3),
                 .init(timeSeconds: t + 5, zone: "inner", kind: .enter, distanceMeters: 1.5),
                 .init(timeSeconds: t + 15, zone: "inner", kind: .exit, distanceMeters: 1.5),
                 .init(timeSeconds: t + 20, zone: "outer", kind: .exit, distanceMeters: 3)]
      lifecycle.append(.init(timeSeconds: t + 25, name: "suspended"))
    }
  }
  return RunTrace(source: "long.csv", object: "tag", measurements: measurements, filtered: filtered, events: events,
                  zones: [.init(name: "inner", radiusMeters: 1.5, hysteresisMeters: 0.2),
                          .init(name: "outer", radiusMeters: 3, hysteresisMeters: 0.2)],
                  lifecycle: lifecycle)
}

@Suite("RunPlot at scale")
struct RunPlotScaleTests {
  @Test("A million rows of one object draw in under 1 MB, with every series, markers and zone labels",
        .timeLimit(.minutes(5)))
  func millionRowsUnderOneMegabyte() throws {
    let trace = longTrace(rows: 1_000_000)
    let svg = RunPlot(trace: trace).svg()
    let bytes = svg.utf8.count
    print("RunPlot of 1,000,000 rows: \(bytes) bytes")
    #expect(bytes < 1_000_000)
    let inspector = try SVGInspector(parsing: svg)
    for id in ["raw-distance", "filtered-distance", "sigma-band", "true-distance", "measured-azimuth", "horizontal-angle",
               "filtered-azimuth", "predicted-azimuth", "direction-missing"] {
      #expect(inspector.element(id: "series-\(id)") != nil, "no series \(id)")
    }
    // 1,667 minutes of events, 913 pixels: one marker per zone, kind and 7 px at most.
    let markers = inspector.elements(withClass: "event-marker").count
    #expect(markers > 0 && markers <= 4 * (913 / 7 + 1), "\(markers) markers")
    #expect(inspector.elements(withClass: "event-label").contains { $0.text == "enter inner" })
  }

  @Test("--from/--to: a window of two minutes draws each event there with its own labelled marker")
  func windowShowsEachEvent() throws {
    var trace = longTrace(rows: 100_000)
    trace.window = try #require(PlotWindow(from: 1200, to: 1320))
    let keep = { (t: Double) in t >= 1200 && t <= 1320 }
    trace.measurements.removeAll { !keep($0.timeSeconds) }
    trace.filtered.removeAll { !keep($0.timeSeconds) }
    trace.events.removeAll { !keep($0.timeSeconds) }
    let plot = RunPlot(trace: trace)
    #expect(plot.timeScale.domainStart == 1200 && plot.timeScale.domainEnd == 1320)
    let inspector = try SVGInspector(parsing: plot.svg())
    // Events every 60 s from t = 20: 1220, 1225, 1235, 1240, then 1280, 1285, 1295, 1300.
    #expect(inspector.elements(withClass: "event-marker").count == 8)
    let labels = inspector.elements(withClass: "event-label").map(\.text)
    #expect(labels.filter { $0 == "enter outer" }.count == 2 && labels.filter { $0 == "exit inner" }.count == 2, "\(labels)")
  }

  @Test("Predicted azimuth is its own dashed series, continuing the measured line")
  func predictedApart() throws {
    let inspector = try SVGInspector(parsing: RunPlot(trace: longTrace(rows: 400)).svg())
    let predicted = try #require(inspector.element(id: "series-predicted-azimuth"))
    let measured = try #require(inspector.element(id: "series-filtered-azimuth"))
    #expect(predicted.attributes["stroke-dasharray"] != nil && measured.attributes["stroke-dasharray"] == nil)
    #expect(predicted.attributes["stroke"] != measured.attributes["stroke"])
    #expect(inspector.elements.contains { $0.name == "text" && $0.text == "filtered azimuth, predicted" })
  }

  @Test("PlotWindow refuses what is not a span of time")
  func windowValidation() {
    #expect(PlotWindow(from: 3, to: 2) == nil && PlotWindow(from: 3, to: 3) == nil)
    #expect(PlotWindow(from: .nan, to: nil) == nil && PlotWindow(from: nil, to: .infinity) == nil)
    #expect(PlotWindow(from: 2, to: nil)?.contains(1) == false && PlotWindow(from: nil, to: 2)?.contains(2) == true)
  }
}
