// SPDX-License-Identifier: Apache-2.0
import RangingOutputs
extension RecordingInventory {
  /// The columns that hold ground truth (docs/FORMATS.md §1), in header order.
  var truthColumns: [String] {
    let truth: Set<String> = ["true_distance", "true_x", "true_y", "true_z"]
    return columns.filter { truth.contains($0) }
  }

  /// A plain-text report: the file's columns, rows by kind, time span and
  /// objects, then a table with one line per object.
  ///
  /// - Parameter path: the name to print for the file.
  func report(path: String) -> String {
    var lines = ["file: \(Escaped(path))"]
    lines.append(
      "columns: \(columns.map { Escaped($0).description }.joined(separator: ","))"
        + (unusedColumns.isEmpty ? "" : " (not used: \(unusedColumns.map { Escaped($0).description }.joined(separator: ",")))"))
    lines.append(
      "truth columns: "
        + (truthColumns.isEmpty
          ? "none (rangectl evaluate needs true_distance)" : truthColumns.joined(separator: ",")))
    lines.append(
      "rows: \(rowsRead) read = \(measurementRows) measurements + \(lifecycleRows) life-cycle + \(poseRows) poses"
        + " + \(rejectedRows) rejected")
    for (reason, count) in rejectedByReason.sorted(by: { $0.key < $1.key }) {
      lines.append("  rejected, \(reason): \(count)")
    }
    if let firstSeconds, let lastSeconds {
      lines.append(
        "time: \(Self.fixed(firstSeconds)) s to \(Self.fixed(lastSeconds)) s (span \(Self.fixed(lastSeconds - firstSeconds)) s)")
    } else {
      lines.append("time: no accepted rows")
    }
    let withTruth = objects.filter { $0.rowsWithTrueDistance > 0 }.count
    let withPosition = objects.filter { $0.rowsWithTruePosition > 0 }.count
    lines.append("objects: \(objects.count) (with true_distance: \(withTruth), with a true position: \(withPosition))")
    if !objects.isEmpty { lines += objectTable() }
    return lines.joined(separator: "\n") + "\n"
  }

  /// One line per object, columns aligned: rows, what they carry, life-cycle
  /// rows, first and last `t`, the mean rate and the distances' range ("-"
  /// where there is none).
  private func objectTable() -> [String] {
    let header = ["object", "rows", "distance", "direction", "true_distance", "true position", "life-cycle",
                  "first t s", "last t s", "rate Hz", "distance m"]
    let rows = objects.map { object -> [String] in
      [Escaped(object.name).description, "\(object.rows)", "\(object.rowsWithDistance)", "\(object.rowsWithDirection)",
       "\(object.rowsWithTrueDistance)", "\(object.rowsWithTruePosition)", "\(object.lifecycleRows)",
       object.firstSeconds.map { Self.fixed($0) } ?? "-", object.lastSeconds.map { Self.fixed($0) } ?? "-",
       object.meanRateHz.map { TextFormatting.fixed($0, decimals: 2) } ?? "-", Self.range(of: object)]
    }
    let widths = header.indices.map { column in
      ([header] + rows).map { $0[column].count }.max() ?? 0
    }
    // The name left-aligned, the numbers right-aligned, two spaces apart.
    func line(_ cells: [String]) -> String {
      cells.indices.map { column in
        let padding = String(repeating: " ", count: widths[column] - cells[column].count)
        return column == 0 ? cells[column] + padding : padding + cells[column]
      }.joined(separator: "  ")
    }
    return [line(header)] + rows.map(line)
  }

  /// `min-max` of the object's distances, to the centimetre, or `-`.
  private static func range(of object: Object) -> String {
    guard let low = object.distanceMinMeters, let high = object.distanceMaxMeters else { return "-" }
    return "\(TextFormatting.fixed(low, decimals: 2))-\(TextFormatting.fixed(high, decimals: 2))"
  }

  /// Seconds to the millisecond.
  private static func fixed(_ seconds: Double) -> String { TextFormatting.fixed(seconds, decimals: 3) }
}
