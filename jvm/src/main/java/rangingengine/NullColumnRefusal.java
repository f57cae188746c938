// SPDX-License-Identifier: Apache-2.0
package rangingengine;

import java.nio.charset.StandardCharsets;

/**
 * The words refusing a Spark table's rows without a value in the column of each row's position or recording, from
 * the C library's ranging_null_column_refusal, where they are stated once for both Spark routes (the JVM's
 * SparkReplay and Python's rangingengine.spark, each with its own parameter's name). Host only, as
 * {@link TableReplay}.
 */
public final class NullColumnRefusal {
  private NullColumnRefusal() {}

  /**
   * The refusal of {@code count} rows without a value in {@code column}, which the caller's parameter {@code keyword}
   * names.
   *
   * @param wholeNumber the column is each row's position, read as a whole number
   * @param count the rows refused, at least 1
   * @param shown one refused row's values to name it: pairs of a column's name and its value there (null: none);
   *     none (or null) when no row is known (a task that counts its own)
   */
  public static String words(String keyword, String column, boolean wholeNumber, long count, String... shown) {
    if (count < 1) throw new IllegalArgumentException("count: " + count + ", expected at least 1");
    return new String(Native.nullColumnRefusal(keyword, column, wholeNumber, count, shown), StandardCharsets.UTF_8);
  }
}
