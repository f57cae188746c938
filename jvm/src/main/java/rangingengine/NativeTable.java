// SPDX-License-Identifier: Apache-2.0
package rangingengine;

import java.util.List;

/**
 * A recording's columns held in C memory, written in place a run of rows at a time, then replayed as
 * {@link TableReplay} replays a {@link ReplayTable} (ranging_replay_table), without copying them again: for a caller
 * whose rows arrive in pieces (a Spark task's chunks), which writes each piece straight to its place, and may write
 * different columns from different threads at once, so that the copy into C is not one thread's work. A missing
 * value is a NaN number, or an integer or text flagged missing, as a ReplayTable's.
 *
 * <p>Every row of every column is written once before {@link #replay}; {@link #close} frees the memory (a
 * try-with-resources). A column is written by one thread at a time; replay and close after every write has
 * returned. Host only, as {@link TableReplay}.
 */
public final class NativeTable implements AutoCloseable {
  /** Column kinds: numbers (double), integers (long, each read as its digits), texts (UTF-8). */
  public static final int NUMBERS = ReplayTable.NUMBERS;
  public static final int INTEGERS = ReplayTable.INTEGERS;
  public static final int TEXTS = ReplayTable.TEXTS;

  private final int rowCount;
  private long handle;

  private NativeTable(int rowCount, long handle) {
    this.rowCount = rowCount;
    this.handle = handle;
  }

  /**
   * A table of {@code rowCount} rows, its memory allocated but not yet written: column i is named {@code names[i]},
   * of kind {@code kinds[i]}, and a column of texts holds {@code textBytes[i]} bytes in all.
   */
  public static NativeTable allocate(int rowCount, List<String> names, int[] kinds, long[] textBytes) {
    if (names == null || kinds == null || textBytes == null || kinds.length != names.size()
        || textBytes.length != names.size()) {
      throw new IllegalArgumentException("names, kinds and textBytes: null, or not one each per column");
    }
    for (String name : names) {
      if (name == null || name.isEmpty() || name.indexOf('\0') >= 0) {
        throw new IllegalArgumentException("a column's name is null, empty or holds a NUL");
      }
    }
    return new NativeTable(rowCount, Native.nativeTableCreate(names.toArray(new String[0]), kinds, rowCount,
        textBytes));
  }

  /** The number of rows. */
  public int rowCount() {
    return rowCount;
  }

  /** {@code values[0 .. count)} as rows {@code at .. at + count} of column {@code column} (numbers; NaN missing). */
  public void numbers(int column, int at, double[] values, int count) {
    Native.nativeTableNumbers(open(), column, at, values, count);
  }

  /** {@code values[0 .. count)} as rows {@code at .. at + count} of a column of integers, missing where flagged. */
  public void integers(int column, int at, long[] values, boolean[] missing, int count) {
    Native.nativeTableIntegers(open(), column, at, values, missing, count);
  }

  /**
   * Rows {@code at .. at + count} of a column of texts: row {@code at + i} ends at byte
   * {@code firstByte + ends[i]} of the column's bytes ({@link #textBytes}) and starts where the row before it ends
   * (row 0 at 0), missing where flagged (missing may be null: none).
   */
  public void texts(int column, int at, long firstByte, long[] ends, boolean[] missing, int count) {
    Native.nativeTableTexts(open(), column, at, firstByte, ends, missing, count);
  }

  /** {@code bytes[0 .. count)} as a column of texts' bytes from byte {@code at} on. */
  public void textBytes(int column, long at, byte[] bytes, int count) {
    Native.nativeTableBytes(open(), column, at, bytes, count);
  }

  /**
   * Replays the table with the options, naming it {@code name} in messages, as
   * {@link TableReplay#replay(ReplayTable, ReplayOptions, String)} replays the same columns.
   *
   * @throws IllegalArgumentException an option rangectl refuses, a table that is not a ranging table, or rows not
   *     all written
   */
  public ReplayResult replay(ReplayOptions options, String name) {
    String[] arguments = TableReplay.arguments(options, name);
    return TableReplay.result(Native.nativeTableReplay(open(), name, arguments), options);
  }

  /** Frees the table's memory; a second call does nothing. */
  @Override
  public void close() {
    long freed = handle;
    handle = 0;
    Native.nativeTableFree(freed);
  }

  private long open() {
    if (handle == 0) throw new IllegalStateException("the table is closed");
    return handle;
  }
}
