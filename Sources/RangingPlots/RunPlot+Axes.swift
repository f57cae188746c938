// SPDX-License-Identifier: Apache-2.0
import Foundation
import RangingFormats

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
    let timeTicks = timeScale.ticks(approximateCount: 10)
    for time in timeTicks {
      let x = SVGWriter.number(timeScale(time))
      svg.element("line", ["x1": x, "x2": x, "y1": SVGWriter.number(top), "y2": SVGWriter.number(bottom),
                           "stroke": PlotStyle.grid, "stroke-width": "1"])
      svg.element("line", ["x1": x, "x2": x, "y1": SVGWriter.number(bottom), "y2": SVGWriter.number(bottom + 5),
                           "stroke": PlotStyle.axis, "stroke-width": "1"])
      svg.element("text", ["x": x, "y": SVGWriter.number(bottom + 18), "text-anchor": "middle"],
                  text: Self.label(time, step: timeScale.tickStep(approximateCount: 10)))
    }
    svg.element("rect", rectangle(left: left, right: right, top: top, bottom: bottom)
      .merging(["fill": "none", "stroke": PlotStyle.axis, "stroke-width": "1"]) { $1 })
    let middle = SVGWriter.number((top + bottom) / 2)
    svg.element("text", ["x": "0", "y": "0", "text-anchor": "middle", "font-size": "13",
                         "transform": "translate(20 \(middle)) rotate(-90)"], text: title)
    svg.close("g")
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
