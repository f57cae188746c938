// SPDX-License-Identifier: Apache-2.0
import Testing

@testable import RangingPlots

@Suite("SVGWriter and SVGPath")
struct SVGWriterTests {
  @Test("Text and attribute values are escaped, so any object name gives well-formed XML")
  func escaping() throws {
    #expect(SVGWriter.escape(#"a<b & "c" 'd'>"#) == "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;")
    #expect(SVGWriter.escape("bell\u{07}") == "bell\u{FFFD}")
    var svg = SVGWriter(width: 100, height: 50)
    svg.open("g", ["class": "x"])
    svg.element("text", ["x": "1", "data-name": "<&>"], text: "tag \"7\" & <co>\u{01}")
    svg.close("g")
    let inspector = try SVGInspector(parsing: svg.document())
    #expect(inspector.elements.map(\.name) == ["svg", "g", "text"])
    #expect(inspector.elements[2].text == "tag \"7\" & <co>\u{FFFD}")
    #expect(inspector.elements[2].attributes["data-name"] == "<&>")
    #expect(inspector.elements[0].attributes["viewBox"] == "0 0 100.00 50.00")
  }

  @Test("Numbers have two decimals and no negative zero")
  func numbers() {
    #expect(SVGWriter.number(1) == "1.00" && SVGWriter.number(-0.001) == "0.00" && SVGWriter.number(2.3456) == "2.35")
    #expect(SVGWriter.number(-1.5) == "-1.50")
  }

  @Test("Path pieces: moves, lines, closes, and dots as two half-circle arcs")
  func path() {
    var path = SVGPath()
    #expect(path.isEmpty)
    path.move(to: 1, 2)
    path.line(to: 3, 4)
    path.close()
    path.dot(at: 10, 20, radius: 2)
    #expect(path.data == "M1.00 2.00 L3.00 4.00 Z M8.00 20.00a2.00 2.00 0 1 0 4.00 0a2.00 2.00 0 1 0 -4.00 0")
  }
}
