// SPDX-License-Identifier: Apache-2.0
import Foundation

/// One line of the zone events output (docs/FORMATS.md §2), parsed with
/// `JSONSerialization`, plus the order in which its keys appear in the text.
struct EventLine: Sendable, CustomStringConvertible {
  var t: Double
  var object: String
  var zone: String
  var event: String
  /// Nil when the line has `"distance":null`.
  var distance: Double?
  var reason: String?
  /// Top-level keys in text order.
  var keys: [String]
  var text: String

  enum ParseError: Error, CustomStringConvertible {
    case notAnObject(String)
    case missingField(String, String)
    var description: String {
      switch self {
      case .notAnObject(let line): "not a JSON object: \(line)"
      case .missingField(let field, let line): "no '\(field)' of the right type in: \(line)"
      }
    }
  }

  init(parsing line: String) throws {
    guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
      throw ParseError.notAnObject(line)
    }
    func field<T>(_ name: String, as _: T.Type) throws -> T {
      guard let value = object[name] as? T else { throw ParseError.missingField(name, line) }
      return value
    }
    t = try field("t", as: NSNumber.self).doubleValue
    self.object = try field("object", as: String.self)
    zone = try field("zone", as: String.self)
    event = try field("event", as: String.self)
    guard object.keys.contains("distance") else { throw ParseError.missingField("distance", line) }
    distance = (object["distance"] as? NSNumber)?.doubleValue
    reason = object["reason"] as? String
    text = line
    // The values are numbers, null and strings without ':' or escaped quotes
    // here, so `"name":` occurs only where a key is.
    keys = line.matches(of: #/"([A-Za-z_]+)":/#).map { String($0.1) }
  }

  /// Parses every line of `text` (JSON Lines).
  static func parseAll(_ text: String) throws -> [EventLine] {
    try Rangectl.lines(text).map(EventLine.init(parsing:))
  }

  /// `t zone event` (and the reason), for readable comparisons.
  var description: String { "\(t) \(zone) \(event)" + (reason.map { " \($0)" } ?? "") }
}
