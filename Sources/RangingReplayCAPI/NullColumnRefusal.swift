// SPDX-License-Identifier: Apache-2.0

/// The refusal of a Spark table's rows that have no value in the column of
/// each row's position or of its recording: the words of both Spark routes,
/// Python's (`rangingengine.spark`, keyword `order_by`) and the JVM's
/// (`SparkReplay`, parameter `orderBy`), stated here once; each route asks
/// `ranging_null_column_refusal` for them, with its own keyword.
struct NullColumnRefusal {
  /// The caller's name for the column's parameter, which the message starts with.
  let keyword: String
  /// The column, as the table names it.
  let column: String
  /// Whether the column is the rows' position, which is read as a whole number
  /// (a row refused there may hold a value that is not one).
  let wholeNumber: Bool
  /// The rows refused, at least one.
  let count: Int64
  /// One refused row's values in a few columns (nil: the row has none there),
  /// to name the row; none when no row is known (a task counts its own).
  let shown: [(column: String, value: String?)]

  var message: String {
    let what = wholeNumber ? "no whole number" : "no value"
    let rows = count > 1 ? "rows" : "row"
    let example = shown.map { "\($0.column) " + ($0.value.map { "'\($0)'" } ?? "None") }.joined(separator: ", ")
    return "\(keyword): column '\(column)' has \(what) on \(count) \(rows)" + (shown.isEmpty ? "" : " (such as \(example))")
  }
}
