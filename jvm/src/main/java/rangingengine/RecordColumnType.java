// SPDX-License-Identifier: Apache-2.0
package rangingengine;

/**
 * The type of a column of a replay's records held as a table, as the Spark routes' DataFrames hold them (the JVM's
 * SparkReplay and Python's rangingengine.spark): the C library's ranging_record_column_type, where the rule is stated
 * once, so that no schema restates which column is a text. Host only, as {@link TableReplay}.
 */
public enum RecordColumnType {
  /** 64-bit floating point (RANGING_RECORD_NUMBERS). */
  NUMBERS,
  /** 64-bit integers (RANGING_RECORD_INTEGERS). */
  INTEGERS,
  /** UTF-8 texts (RANGING_RECORD_TEXTS). */
  TEXTS;

  /**
   * The type of {@code column} in the records of kind {@code record} ("event", "filtered", "rejected" or "summary").
   *
   * @throws IllegalArgumentException a kind the library does not know
   * @throws IllegalStateException a type this enum does not know (the library's rule gained one this binding lacks)
   */
  public static RecordColumnType of(String record, String column) {
    if (record == null || column == null) throw new IllegalArgumentException("record or column: null");
    int code = Native.recordColumnType(record, column);
    if (code == -1) throw new IllegalArgumentException("record '" + record + "': no such kind of record");
    if (code < 0 || code >= values().length) {
      throw new IllegalStateException("ranging_record_column_type gave " + code + " for " + record + "." + column
          + ", a type this binding does not know");
    }
    return values()[code];
  }
}
