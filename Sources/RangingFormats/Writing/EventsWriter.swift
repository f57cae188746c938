// SPDX-License-Identifier: Apache-2.0
import ZoneMonitor

/// Writes zone events as JSON Lines (docs/FORMATS.md §2):
/// `{"t":12.4,"object":"lock-1","zone":"inner","event":"enter","distance":1.410,"sigma":0.0213}`,
/// with `"reason"` after `sigma` on exits not decided by a measurement, and
/// `"offline":true` last on an event decided offline (`rangectl replay --smooth`).
///
/// The format is stated once, in `format(_:objectName:to:)`; ``write(_:objectName:offline:)``
/// puts it straight into the output's buffer and ``line(for:objectName:offline:)`` forms it apart.
public struct EventsWriter {
  public let output: OutputFile
  /// The zones' names as JSON strings, quotes included.
  private let zoneNames: [String]

  public init(output: OutputFile, zoneNames: [String]) {
    self.output = output
    self.zoneNames = zoneNames.map(TextFormatting.jsonString)
  }

  /// The JSON line of one event, without the newline: the bytes
  /// ``write(_:objectName:offline:)`` writes, for a replay that forms its lines on one
  /// thread and writes them on another (`rangectl replay --jobs`).
  public func line(for event: ZoneEvent, objectName: String, offline: Bool = false) -> String {
    // Room for a line with a short name, so that the appends do not grow it again and again.
    var line = TextLine(reservingCapacity: 160 + objectName.utf8.count)
    format(event, objectName: objectName, offline: offline, to: &line)
    return line.text
  }

  /// Writes ``line(for:objectName:offline:)`` and a newline straight into the
  /// output's buffer. Allocates nothing for an object name of at most 15
  /// bytes that needs no escaping.
  public func write(_ event: ZoneEvent, objectName: String, offline: Bool = false) {
    var sink = output
    format(event, objectName: objectName, offline: offline, to: &sink)
    sink.append(byte: UInt8(ascii: "\n"))
  }

  /// The events format: one event's JSON object, without the newline.
  private func format<Sink: TextSink>(_ event: ZoneEvent, objectName: String, offline: Bool, to sink: inout Sink) {
    sink.append("{\"t\":")
    sink.append(string: TextFormatting.seconds(event.time.seconds))
    sink.append(",\"object\":")
    var name = objectName
    name.withUTF8 { bytes in
      if TextFormatting.isPlainJSON(bytes) {
        sink.append(byte: UInt8(ascii: "\""))
        sink.append(bytes)
        sink.append(byte: UInt8(ascii: "\""))
      } else {
        sink.append(string: TextFormatting.jsonString(objectName))
      }
    }
    sink.append(",\"zone\":")
    sink.append(string: zoneNames[event.zone])
    sink.append(",\"event\":\"")
    sink.append(event.kind.name)
    sink.append("\",\"distance\":")
    Self.appendNumber(event.distanceMeters, decimals: 3, to: &sink)
    sink.append(",\"sigma\":")
    Self.appendNumber(event.sigmaMeters, decimals: 4, to: &sink)
    if let reason = event.reason {
      sink.append(",\"reason\":\"")
      sink.append(reason.name)
      sink.append(byte: UInt8(ascii: "\""))
    }
    if offline { sink.append(",\"offline\":true") }
    sink.append(byte: UInt8(ascii: "}"))
  }

  /// JSON has no NaN: a distance that was never measured is `null`.
  private static func appendNumber<Sink: TextSink>(_ value: Double, decimals: Int, to sink: inout Sink) {
    if value.isFinite { sink.append(fixed: value, decimals: decimals) } else { sink.append("null") }
  }
}
