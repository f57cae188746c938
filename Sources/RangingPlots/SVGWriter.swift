// SPDX-License-Identifier: Apache-2.0
import Foundation
import RangingFormats
import RangingOutputs

/// Writes an SVG 1.1 document as text, element by element.
///
/// The document is self-contained: no scripts, no external stylesheets,
/// fonts or images, so it opens in any browser and passes an XML parser.
/// Attribute values and text are escaped (``escape(_:)``); numbers are
/// written with ``number(_:)``.
///
///     var svg = SVGWriter(width: 200, height: 100)
///     svg.element("line", ["x1": "0", "y1": "0", "x2": "200", "y2": "100", "stroke": "black"])
///     svg.open("g", ["class": "legend"])
///     svg.element("text", ["x": "10", "y": "20"], text: "a < b")
///     svg.close("g")
///     let text = svg.document()
public struct SVGWriter: Sendable {
  public let width: Double
  public let height: Double
  private var lines: [String] = []
  private var openElements: [String] = []

  /// - Parameters:
  ///   - width: pixels, > 0.
  ///   - height: pixels, > 0.
  public init(width: Double, height: Double) {
    precondition(width > 0 && height > 0, "SVGWriter: size must be positive")
    self.width = width
    self.height = height
  }

  /// Appends an element with no children, or with `text` as its content.
  /// Attributes are written in name order, so output is reproducible.
  public mutating func element(_ name: String, _ attributes: [String: String], text: String? = nil) {
    let indent = String(repeating: "  ", count: openElements.count + 1)
    if let text {
      lines.append("\(indent)<\(name)\(Self.attributes(attributes))>\(Self.escape(text))</\(name)>")
    } else {
      lines.append("\(indent)<\(name)\(Self.attributes(attributes))/>")
    }
  }

  /// Opens an element whose children follow until ``close(_:)``.
  public mutating func open(_ name: String, _ attributes: [String: String] = [:]) {
    lines.append(String(repeating: "  ", count: openElements.count + 1) + "<\(name)\(Self.attributes(attributes))>")
    openElements.append(name)
  }

  /// Closes the innermost open element. Precondition: it is `name`.
  public mutating func close(_ name: String) {
    precondition(openElements.last == name, "SVGWriter: closing <\(name)> but <\(openElements.last ?? "svg")> is open")
    openElements.removeLast()
    lines.append(String(repeating: "  ", count: openElements.count + 1) + "</\(name)>")
  }

  /// The whole document: XML declaration, `<svg>` root with a `viewBox`,
  /// the elements, end tag. Precondition: every element opened was closed.
  public func document() -> String {
    precondition(openElements.isEmpty, "SVGWriter: <\(openElements.last ?? "")> was not closed")
    let size = "width=\"\(Self.number(width))\" height=\"\(Self.number(height))\""
    let viewBox = "viewBox=\"0 0 \(Self.number(width)) \(Self.number(height))\""
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      + "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" \(size) \(viewBox)>\n"
      + lines.joined(separator: "\n") + "\n</svg>\n"
  }

  /// `text` safe inside an attribute value or element content: `& < > " '`
  /// become entities, and control characters that XML 1.0 forbids become U+FFFD.
  public static func escape(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&apos;"
      case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
      case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: out += "\u{FFFD}"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// A coordinate with two decimals (1/100 pixel), `0.00` rather than `-0.00`.
  public static func number(_ value: Double) -> String {
    TextFormatting.fixed(value, decimals: 2)
  }

  /// The `x`, `y`, `width` and `height` of a rectangle between the given
  /// pixel edges, in either order.
  public static func rectangle(left: Double, right: Double, top: Double, bottom: Double) -> [String: String] {
    ["x": number(min(left, right)), "y": number(min(top, bottom)),
     "width": number(abs(right - left)), "height": number(abs(bottom - top))]
  }

  private static func attributes(_ attributes: [String: String]) -> String {
    attributes.sorted { $0.key < $1.key }.map { " \($0.key)=\"\(escape($0.value))\"" }.joined()
  }
}
