// SPDX-License-Identifier: Apache-2.0
import RangingOutputs

/// Writes rejected rows as JSON Lines, one object per ``RowRejection``:
///
///     {"line":7,"column":3,"field":"distance","reason":"malformed_number","text":"n/a"}
///
/// `column` is `null` when the rejection concerns the whole row or a column
/// the header lacks. The fields are the rejection's own, unescaped but for
/// JSON's rules (RFC 8259 §7), so that a program gets the text as read; the
/// listing on standard error (``RowRejection/message(path:)``) is the one for
/// people. Every rejected row is written, so that a consumer can count them
/// by reason: rows read = rows accepted + these rows (docs/FORMATS.md §6).
public struct RejectedRowsWriter {
  public let output: OutputFile

  public init(output: OutputFile) { self.output = output }

  /// Writes one rejection and a newline.
  public func write(_ rejection: RowRejection) {
    var line = "{\"line\":\(rejection.line),\"column\":"
    line += rejection.column.map { String($0) } ?? "null"
    line += ",\"field\":" + TextFormatting.jsonString(rejection.field)
    line += ",\"reason\":" + TextFormatting.jsonString(rejection.reason)
    line += ",\"text\":" + TextFormatting.jsonString(rejection.text) + "}\n"
    output.write(line)
  }
}
