// SPDX-License-Identifier: Apache-2.0
import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// The elements of an SVG document as Foundation's `XMLParser` reads them:
/// parsing fails on anything that is not well-formed XML.
final class SVGInspector: NSObject, XMLParserDelegate {
  struct Element {
    var name: String
    var attributes: [String: String]
    /// Text content (for `<text>` and `<title>`).
    var text = ""
  }

  private(set) var elements: [Element] = []
  private var open: [Int] = []

  /// Parses `svg`; throws the parser's error when it is not well-formed.
  init(parsing svg: String) throws {
    super.init()
    let parser = XMLParser(data: Data(svg.utf8))
    parser.delegate = self
    guard parser.parse() else {
      throw parser.parserError ?? NSError(domain: "SVGInspector", code: 1)
    }
  }

  func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
              attributes: [String: String] = [:]) {
    open.append(elements.count)
    elements.append(Element(name: name, attributes: attributes))
  }

  func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
    open.removeLast()
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    if let index = open.last { elements[index].text += string }
  }

  /// Elements whose `class` attribute lists `name`.
  func elements(withClass name: String) -> [Element] {
    elements.filter { ($0.attributes["class"] ?? "").split(separator: " ").contains(Substring(name)) }
  }

  /// The element with `id`, if any.
  func element(id: String) -> Element? {
    elements.first { $0.attributes["id"] == id }
  }
}
