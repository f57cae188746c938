// SPDX-License-Identifier: Apache-2.0

/// The type of a column of a replay's records held as a table: the rule of
/// the Spark routes' output schemas, Python's (`rangingengine.spark`) and the
/// JVM's (`SparkReplay`), stated here once; each route asks
/// `ranging_record_column_type` for it, column by column.
///
/// The rule goes by the record's kind, as both routes name it: an event's
/// fields (docs/FORMATS.md §2) and a filtered row's columns (§3) are numbers
/// but for the names and spellings, a rejected row's (§6, its line given as
/// `row`) are texts but for its place, and a summary's are its counts.
enum RecordColumnType {
  /// 64-bit floating point: a time, a distance, a direction, a probability.
  case numbers
  /// 64-bit integers: a rejected row's place, a summary's counts.
  case integers
  /// UTF-8 texts: a name, a spelling, a rejected field's name, reason and text.
  case texts

  /// The type of `column` in the records of kind `record` ("event",
  /// "filtered", "rejected" or "summary"), or nil for another kind.
  init?(record: String, column: String) {
    switch record {
    case "event", "filtered":
      self = ["object", "zone", "event", "reason", "direction_state"].contains(column) ? .texts : .numbers
    case "rejected":
      self = column == "row" || column == "column" ? .integers : .texts
    case "summary":
      self = .integers
    default:
      return nil
    }
  }
}
