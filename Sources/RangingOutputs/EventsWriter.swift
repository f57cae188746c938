// SPDX-License-Identifier: Apache-2.0
import ZoneMonitor

/// Writes zone events as JSON Lines (docs/FORMATS.md §2):
/// `{"t":12.4,"object":"lock-1","zone":"inner","event":"enter","distance":1.410,"sigma":0.0213}`,
/// with `"reason"` after `sigma` on exits not decided by a measurement, and
/// `"offline":true` last on an event decided offline (`rangectl replay --smooth`).
///
/// The format is stated once, in `format(seconds:objectName:zoneJSONName:...)`; ``write(_:objectName:offline:)``
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

  /// The events format of one engine event (the static `format`, below).
  private func format<Sink: TextSink>(_ event: ZoneEvent, objectName: String, offline: Bool, to sink: inout Sink) {
    Self.format(
      seconds: event.time.seconds, objectName: objectName, zoneJSONName: zoneNames[event.zone],
      isEnter: event.kind == .enter, distanceMeters: event.distanceMeters, sigmaMeters: event.sigmaMeters,
      reasonName: event.reason?.name, offline: offline, to: &sink)
  }

  /// The JSON line of one event given by its fields, without the newline:
  /// what ``line(for:objectName:offline:)`` gives for an engine event, for
  /// callers that hold the fields by name (`ZoneSession.Event.jsonLine`).
  ///
  /// - Parameters:
  ///   - seconds: the event's time.
  ///   - objectName: the object, as the recording names it.
  ///   - zoneName: the zone's name (escaped here).
  ///   - isEnter: an enter, or else an exit.
  ///   - distanceMeters: the distance that decided it (not finite: `null`).
  ///   - sigmaMeters: its standard deviation (not finite: `null`).
  ///   - reasonName: an exit's reason (`lost`, `removed_peer_ended`, ...), or nil.
  ///   - offline: whether it was decided offline (`"offline":true`).
  public static func line(
    seconds: Double, objectName: String, zoneName: String, isEnter: Bool, distanceMeters: Double,
    sigmaMeters: Double, reasonName: String?, offline: Bool = false
  ) -> String {
    var line = TextLine(reservingCapacity: 160 + objectName.utf8.count)
    format(
      seconds: seconds, objectName: objectName, zoneJSONName: TextFormatting.jsonString(zoneName), isEnter: isEnter,
      distanceMeters: distanceMeters, sigmaMeters: sigmaMeters, reasonName: nil,
      reasonJSON: reasonName.map(TextFormatting.jsonString), offline: offline, to: &line)
    return line.text
  }

  /// The events format, stated once: one event's JSON object, without the
  /// newline (docs/FORMATS.md §2). Times as `TextFormatting.seconds`, the
  /// distance to 3 decimals and the sigma to 4, a value that is not finite as
  /// `null` (JSON has no NaN).
  ///
  /// - Parameters:
  ///   - zoneJSONName: the zone's name as a JSON string, quotes included.
  ///   - reasonName: an engine exit's reason (`ExitReason.name`: written
  ///     without allocating), or nil.
  ///   - reasonJSON: another exit's reason as a JSON string with its quotes, or nil.
  private static func format<Sink: TextSink>(
    seconds: Double, objectName: String, zoneJSONName: String, isEnter: Bool, distanceMeters: Double,
    sigmaMeters: Double, reasonName: StaticString?, reasonJSON: String? = nil, offline: Bool, to sink: inout Sink
  ) {
    sink.append("{\"t\":")
    sink.append(string: TextFormatting.seconds(seconds))
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
    sink.append(string: zoneJSONName)
    sink.append(isEnter ? ",\"event\":\"enter\",\"distance\":" : ",\"event\":\"exit\",\"distance\":")
    appendNumber(distanceMeters, decimals: 3, to: &sink)
    sink.append(",\"sigma\":")
    appendNumber(sigmaMeters, decimals: 4, to: &sink)
    if let reasonName {
      sink.append(",\"reason\":\"")
      sink.append(reasonName)
      sink.append(byte: UInt8(ascii: "\""))
    } else if let reasonJSON {
      sink.append(",\"reason\":")
      sink.append(string: reasonJSON)
    }
    if offline { sink.append(",\"offline\":true") }
    sink.append(byte: UInt8(ascii: "}"))
  }

  /// JSON has no NaN: a distance that was never measured is `null`.
  private static func appendNumber<Sink: TextSink>(_ value: Double, decimals: Int, to sink: inout Sink) {
    if value.isFinite { sink.append(fixed: value, decimals: decimals) } else { sink.append("null") }
  }
}
