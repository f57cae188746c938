import ZoneMonitor

/// Writes zone events as JSON Lines (FORMATS.md §2):
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
    var line = "{\"t\":\(TextFormatting.seconds(event.time.seconds)),\"object\":\(TextFormatting.jsonString(objectName))"
    line += ",\"zone\":\(zoneNames[event.zone]),\"event\":\"\(event.kind.name)\""
    line += ",\"distance\":\(Self.number(event.distanceMeters, decimals: 3))"
    line += ",\"sigma\":\(Self.number(event.sigmaMeters, decimals: 4))"
    if let reason = event.reason { line += ",\"reason\":\"\(reason.name)\"" }
    return line + "}"
  }

  public func write(_ event: ZoneEvent, objectName: String) {
    output.write(line(for: event, objectName: objectName) + "\n")
  }

  /// JSON has no NaN: a distance that was never measured is `null`.
  private static func number(_ value: Double, decimals: Int) -> String {
    value.isFinite ? TextFormatting.fixed(value, decimals: decimals) : "null"
  }
}
