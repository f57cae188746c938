// SPDX-License-Identifier: Apache-2.0
import ZoneMonitor

/// Writes zone events as JSON Lines (docs/FORMATS.md §2):
/// `{"t":12.4,"object":"lock-1","zone":"inner","event":"enter","distance":1.410,"sigma":0.0213}`,
/// with `"reason"` after `sigma` on exits not decided by a measurement.
public struct EventsWriter {
  public let output: OutputFile
  private let zoneNames: [String]

  public init(output: OutputFile, zoneNames: [String]) {
    self.output = output
    self.zoneNames = zoneNames.map(TextFormatting.jsonString)
  }

  /// The JSON line of one event, without the newline.
  public func line(for event: ZoneEvent, objectName: String) -> String {
    // Room for a line with a short name, so that the appends below do not grow the string
    // again and again (`rangectl replay --jobs` formats every event this way, docs/PERFORMANCE.md).
    var line = ""
    line.reserveCapacity(160 + objectName.utf8.count)
    line += "{\"t\":"
    line += TextFormatting.seconds(event.time.seconds)
    line += ",\"object\":"
    line += TextFormatting.jsonString(objectName)
    line += ",\"zone\":"
    line += zoneNames[event.zone]
    line += ",\"event\":\""
    line += event.kind.name.description
    line += "\""
    line += ",\"distance\":"
    line += Self.number(event.distanceMeters, decimals: 3)
    line += ",\"sigma\":"
    line += Self.number(event.sigmaMeters, decimals: 4)
    if let reason = event.reason {
      line += ",\"reason\":\""
      line += reason.name.description
      line += "\""
    }
    line += "}"
    return line
  }

  /// Writes ``line(for:objectName:)`` and a newline straight into the
  /// output's buffer. Allocates nothing for an object name of at most 15
  /// bytes that needs no escaping.
  public func write(_ event: ZoneEvent, objectName: String) {
    output.append("{\"t\":")
    output.append(string: TextFormatting.seconds(event.time.seconds))
    output.append(",\"object\":")
    var name = objectName
    name.withUTF8 { bytes in
      if TextFormatting.isPlainJSON(bytes) {
        output.append(byte: UInt8(ascii: "\""))
        output.append(bytes)
        output.append(byte: UInt8(ascii: "\""))
      } else {
        output.append(string: TextFormatting.jsonString(objectName))
      }
    }
    output.append(",\"zone\":")
    output.append(string: zoneNames[event.zone])
    output.append(",\"event\":\"")
    output.append(event.kind.name)
    output.append("\",\"distance\":")
    appendNumber(event.distanceMeters, decimals: 3)
    output.append(",\"sigma\":")
    appendNumber(event.sigmaMeters, decimals: 4)
    if let reason = event.reason {
      output.append(",\"reason\":\"")
      output.append(reason.name)
      output.append(byte: UInt8(ascii: "\""))
    }
    output.append("}\n")
  }

  private func appendNumber(_ value: Double, decimals: Int) {
    if value.isFinite { output.append(fixed: value, decimals: decimals) } else { output.append("null") }
  }

  /// JSON has no NaN: a distance that was never measured is `null`.
  private static func number(_ value: Double, decimals: Int) -> String {
    value.isFinite ? TextFormatting.fixed(value, decimals: decimals) : "null"
  }
}
