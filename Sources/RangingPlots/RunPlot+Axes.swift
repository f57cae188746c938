// SPDX-License-Identifier: Apache-2.0
import Foundation
import RangingFormats
import RangingOutputs

extension RunPlot {
  /// A panel's frame, horizontal grid lines with value labels on the left,
  /// vertical grid lines with time labels below, and the y-axis title.
  func drawAxes(
    _ svg: inout SVGWriter, top: Double, bottom: Double, scale: LinearScale, ticks: [Double], title: String
  ) {
    let left = layout.plotLeft
    let right = layout.plotRight
    svg.open("g", ["class": "axes"])
    for value in ticks {
      let y = SVGWriter.number(scale(value))
      svg.element("line", ["x1": SVGWriter.number(left), "x2": SVGWriter.number(right), "y1": y, "y2": y,
                           "stroke": PlotStyle.grid, "stroke-width": "1"])
      svg.element("text", ["x": SVGWriter.number(left - 6), "y": y, "text-anchor": "end", "dominant-baseline": "middle"],
                  text: Self.label(value, step: Self.step(of: ticks)))
    }
    let origin = timeOrigin ?? 0
    let shown = LinearScale(domain: (timeScale.domainStart - origin, timeScale.domainEnd - origin),
                            range: (timeScale.rangeStart, timeScale.rangeEnd))
    let step = shown.tickStep(approximateCount: 10)
    for tick in shown.ticks(approximateCount: 10) {
      let x = SVGWriter.number(shown(tick))
      svg.element("line", ["x1": x, "x2": x, "y1": SVGWriter.number(top), "y2": SVGWriter.number(bottom),
                           "stroke": PlotStyle.grid, "stroke-width": "1"])
      svg.element("line", ["x1": x, "x2": x, "y1": SVGWriter.number(bottom), "y2": SVGWriter.number(bottom + 5),
                           "stroke": PlotStyle.axis, "stroke-width": "1"])
      svg.element("text", ["x": x, "y": SVGWriter.number(bottom + 18), "text-anchor": "middle"],
                  text: Self.label(tick, step: step))
    }
    svg.element("rect", rectangle(left: left, right: right, top: top, bottom: bottom)
      .merging(["fill": "none", "stroke": PlotStyle.axis, "stroke-width": "1"]) { $1 })
    let middle = SVGWriter.number((top + bottom) / 2)
    svg.element("text", ["x": "0", "y": "0", "text-anchor": "middle", "font-size": "13",
                         "transform": "translate(20 \(middle)) rotate(-90)"], text: title)
    svg.close("g")
  }

  /// The time the x-axis counts from, or nil when its ticks are the input's
  /// times: the first time drawn, when the times reach 100,000 s (labels of
  /// six digits and more are hard to read) or the widest tick label
  /// (estimated with `estimatedTextWidth(_:fontSize:)`) would not fit
  /// between two ticks. Epoch times (`1717000002.004`) made labels ten and
  /// more digits long that ran into each other; counted from the first
  /// time they read 0, 5, 10 and the axis title says from when.
  static func timeOrigin(of scale: LinearScale) -> Double? {
    let step = scale.tickStep(approximateCount: 10)
    let ticks = scale.ticks(approximateCount: 10)
    let pixelsPerStep = abs(scale(scale.domainStart + step) - scale(scale.domainStart))
    let widest = ticks.map { estimatedTextWidth(label($0, step: step), fontSize: 12) }.max() ?? 0
    let large = max(abs(scale.domainStart), abs(scale.domainEnd)) >= 100_000
    return large || widest + 8 > pixelsPerStep ? min(scale.domainStart, scale.domainEnd) : nil
  }

  /// A width no narrower than `text` set in DejaVu Sans (the widest of the
  /// fonts the plot asks for) at `fontSize` pixels: 0.65 em a character,
  /// where DejaVu Sans's digits are 0.64 em and its lower-case letters
  /// average about 0.55 em. Renderers measure text only when they draw it,
  /// so the layout has to guess, and a guess too narrow ran the legend past
  /// the picture's right edge.
  static func estimatedTextWidth(_ text: String, fontSize: Double) -> Double {
    0.65 * fontSize * Double(text.count)
  }

  /// `seconds` as the axis title shows an origin: the shortest decimal that
  /// reads back as it (`1717000002.004`), without a trailing `.0`.
  static func originLabel(_ seconds: Double) -> String {
    var text = "\(seconds)"
    if text.hasSuffix(".0") { text.removeLast(2) }
    return text
  }

  /// The spacing of evenly spaced `ticks` (1 when there are fewer than two).
  static func step(of ticks: [Double]) -> Double {
    ticks.count >= 2 ? ticks[1] - ticks[0] : 1
  }

  /// `value` with as many decimals as `step` needs (step 0.5 → one, 2 → none).
  static func label(_ value: Double, step: Double) -> String {
    let decimals = max(0, Int((-log10(step) - 1e-9).rounded(.up)))
    return TextFormatting.fixed(value, decimals: decimals)
  }
}
