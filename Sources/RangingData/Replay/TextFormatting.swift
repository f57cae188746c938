import Foundation

/// Number and string formatting shared by the JSON Lines and CSV writers.
enum TextFormatting {
  /// Seconds as the shortest text that reads back to the same `Double`.
  static func seconds(_ value: Double) -> String { "\(value)" }

  /// Metres with a fixed number of decimals (millimetres for distances).
  static func fixed(_ value: Double, decimals: Int) -> String {
    String(format: "%.\(decimals)f", value)
  }

  /// `text` as a JSON string literal (RFC 8259 §7): quote, backslash and
  /// control characters escaped.
  static func jsonString(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}
