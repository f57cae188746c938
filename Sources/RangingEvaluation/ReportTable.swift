// SPDX-License-Identifier: Apache-2.0
import RangingFormats
import RangingOutputs

/// The text layout shared by the evaluation tables: a left-aligned label
/// column, then right-aligned cells, so that every table of `rangectl
/// evaluate` fits in 100 columns (issue 27).
enum ReportTable {
  /// Width of the first (run) column.
  static let labelWidth = 22

  /// `cells[0]` left-aligned in ``labelWidth`` columns, then each further
  /// cell right-aligned in its width (at least one space before it).
  static func row(_ label: String, _ cells: [(text: String, width: Int)]) -> String {
    var line = label.padding(toLength: max(labelWidth, label.count), withPad: " ", startingAt: 0)
    for cell in cells {
      line += String(repeating: " ", count: max(1, cell.width - cell.text.count)) + cell.text
    }
    return line
  }

  /// Three decimals, or `-` when absent.
  static func number(_ value: Double?) -> String {
    guard let value else { return "-" }
    return TextFormatting.fixed(value, decimals: 3)
  }

  /// The column names of an event score, after the label (and method) columns.
  static let eventHeader = ["truth", "events", "unscored", "matched", "missed", "false", "F1", "p50 s", "p95 s"]
  /// Their widths.
  static let eventWidths = [7, 8, 9, 8, 7, 7, 7, 7, 7]

  /// An event score's cells, in ``eventHeader``'s order. `events` counts
  /// every event of the method, the unscored ones included, so that a row
  /// whose events all fell outside the truth reads "events 2, unscored 2"
  /// rather than "engine 0, unscored 2".
  static func eventCells(_ s: EventScore) -> [String] {
    ["\(s.truthCount)", "\(s.engineCount + s.unscoredEvents)", "\(s.unscoredEvents)", "\(s.matched)", "\(s.missed)",
     "\(s.falseEvents)", number(s.f1), number(s.latencyP50Seconds), number(s.latencyP95Seconds)]
  }

  /// What the event columns mean, under each event table.
  static let eventFootnote = """
    events: all of the method's events; unscored: outside the object's truth span ± tolerance, neither
      matched nor false; false: scored events matching no truth event; F1 from precision
      matched/(events - unscored) and recall matched/truth (both in --json).
    p50 s, p95 s: latency of matched events, t(event) - t(truth crossing), s: positive when late,
      negative when the event came before the truth crossing.
    """
}
