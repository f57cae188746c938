// SPDX-License-Identifier: Apache-2.0
package rangingengine;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A recording held as columns, for {@link TableReplay}: the columns of a
 * ranging CSV (docs/FORMATS.md §1), one array each, row i of every column
 * being the CSV's line i + 2. The replay reads the table as
 * {@code rangectl replay} reads the CSV it would be written as: a missing
 * value (NaN in a column of numbers, null in a column of texts) is an empty
 * field, a number is the shortest text that reads back as it.
 *
 * <p>Built with {@link #builder(int)}; every array is checked when it is
 * given (not null, one entry per row; times finite; object names not null),
 * and an {@link IllegalArgumentException} names the column and the row. The
 * arrays are not copied until the replay, so do not change them before it.
 */
public final class ReplayTable {
  /** Column kinds, as jvm/src/main/c/ranging_replay_jni.c reads them. */
  static final int NUMBERS = 0;
  static final int INTEGERS = 1;
  static final int TEXTS = 2;

  /** One column: its header name, kind and values (texts as UTF-8 bytes and offsets), and its nulls' bitmap. */
  record Column(String name, int kind, Object data, long[] offsets, byte[] validity) {}

  private final int rowCount;
  private final List<Column> columns;

  private ReplayTable(int rowCount, List<Column> columns) {
    this.rowCount = rowCount;
    this.columns = List.copyOf(columns);
  }

  /** A builder of a table of rowCount rows (0 or more). */
  public static Builder builder(int rowCount) {
    if (rowCount < 0) throw new IllegalArgumentException("rowCount: " + rowCount + " is negative");
    return new Builder(rowCount);
  }

  /** The number of rows. */
  public int rowCount() {
    return rowCount;
  }

  /** The columns' names, in the table's order (the header the replay reads). */
  public List<String> columnNames() {
    List<String> names = new ArrayList<>();
    for (Column column : columns) names.add(column.name());
    return names;
  }

  List<Column> columns() {
    return columns;
  }

  /** Adds columns; each name once. */
  public static final class Builder {
    private final int rowCount;
    private final List<Column> columns = new ArrayList<>();
    private final Set<String> names = new HashSet<>();

    private Builder(int rowCount) {
      this.rowCount = rowCount;
    }

    /** {@code t}: each row's time in seconds, finite (a NaN or infinite time is refused, naming its row). */
    public Builder time(double[] seconds) {
      checkLength("t", seconds);
      for (int i = 0; i < rowCount; i++) {
        if (!Double.isFinite(seconds[i])) {
          throw new IllegalArgumentException("t: row " + i + " is " + seconds[i] + ", not a finite time in seconds");
        }
      }
      return numbers("t", seconds);
    }

    /** {@code object}: each row's object by name (none null; a name rangectl refuses rejects its row). */
    public Builder objects(String[] names) {
      checkLength("object", names);
      for (int i = 0; i < rowCount; i++) {
        if (names[i] == null) throw new IllegalArgumentException("object: row " + i + " is null");
      }
      return texts("object", names);
    }

    /** {@code object}: each row's object by number (its decimal digits are its name). */
    public Builder objects(long[] ids) {
      return integers("object", ids);
    }

    /** {@code distance} in metres; NaN where a row has none (a life-cycle row, an update of direction alone). */
    public Builder distance(double[] metres) {
      return numbers("distance", metres);
    }

    /** {@code dir_x}, {@code dir_y}, {@code dir_z}: unit directions in the phone's frame; NaN where a row has none. */
    public Builder direction(double[] x, double[] y, double[] z) {
      checkLength("dir_x", x);
      checkLength("dir_y", y);
      checkLength("dir_z", z);
      return numbers("dir_x", x).numbers("dir_y", y).numbers("dir_z", z);
    }

    /** {@code event}: a life-cycle row's event ("removed_timeout", ...), null on a measurement. */
    public Builder lifecycle(String[] events) {
      return texts("event", events);
    }

    /** Any column of numbers (a §1 column such as true_distance, or a layout's own with --column); NaN is empty. */
    public Builder numbers(String name, double[] values) {
      checkName(name);
      checkLength(name, values);
      byte[] validity = null;
      for (int i = 0; i < rowCount; i++) {
        if (Double.isNaN(values[i])) {
          if (validity == null) validity = allValid();
          validity[i >>> 3] &= (byte) ~(1 << (i & 7));
        }
      }
      return add(new Column(name, NUMBERS, values, null, validity));
    }

    /** Any column of integers, each read as its decimal digits. */
    public Builder integers(String name, long[] values) {
      checkName(name);
      checkLength(name, values);
      return add(new Column(name, INTEGERS, values, null, null));
    }

    /** Any column of texts; null is empty. */
    public Builder texts(String name, String[] values) {
      checkName(name);
      checkLength(name, values);
      long[] offsets = new long[rowCount + 1];
      Map<String, byte[]> encoded = new HashMap<>();
      byte[][] rows = new byte[rowCount][];
      long total = 0;
      byte[] validity = null;
      for (int i = 0; i < rowCount; i++) {
        String value = values[i];
        if (value == null) {
          if (validity == null) validity = allValid();
          validity[i >>> 3] &= (byte) ~(1 << (i & 7));
          rows[i] = new byte[0];
        } else {
          rows[i] = encoded.computeIfAbsent(value, text -> text.getBytes(StandardCharsets.UTF_8));
        }
        total += rows[i].length;
        if (total > Integer.MAX_VALUE - 8) {
          throw new IllegalArgumentException(name + ": the texts hold more than 2^31 bytes of UTF-8 (row " + i + ")");
        }
        offsets[i + 1] = total;
      }
      byte[] bytes = new byte[(int) total];
      for (int i = 0; i < rowCount; i++) {
        System.arraycopy(rows[i], 0, bytes, (int) offsets[i], rows[i].length);
      }
      return add(new Column(name, TEXTS, bytes, offsets, validity));
    }

    /**
     * Any column of texts given as UTF-8: row i is bytes[offsets[i] .. offsets[i + 1]) (rowCount + 1 offsets, from
     * 0, never decreasing, the last at most bytes.length), or empty when missing[i] (missing may be null: none).
     */
    public Builder utf8Texts(String name, long[] offsets, byte[] bytes, boolean[] missing) {
      checkName(name);
      if (offsets == null || offsets.length != rowCount + 1) {
        throw new IllegalArgumentException(name + ": " + (offsets == null ? "no offsets" : offsets.length
            + " offsets") + " for " + rowCount + " rows (one more than the rows)");
      }
      if (bytes == null) throw new IllegalArgumentException(name + ": the bytes are null");
      if (offsets[0] != 0) throw new IllegalArgumentException(name + ": the first offset is not 0");
      for (int i = 0; i < rowCount; i++) {
        if (offsets[i + 1] < offsets[i]) throw new IllegalArgumentException(name + ": offset " + (i + 1) + " decreases");
      }
      if (offsets[rowCount] > bytes.length) throw new IllegalArgumentException(name + ": the offsets pass the bytes");
      return add(new Column(name, TEXTS, bytes, offsets, bitmap(name, missing)));
    }

    /** Any column of integers, each read as its decimal digits, or empty where missing[i] (missing may be null). */
    public Builder integers(String name, long[] values, boolean[] missing) {
      checkName(name);
      checkLength(name, values);
      return add(new Column(name, INTEGERS, values, null, bitmap(name, missing)));
    }

    private byte[] bitmap(String name, boolean[] missing) {
      if (missing == null) return null;
      checkLength(name + " (missing)", missing);
      byte[] validity = null;
      for (int i = 0; i < rowCount; i++) {
        if (missing[i]) {
          if (validity == null) validity = allValid();
          validity[i >>> 3] &= (byte) ~(1 << (i & 7));
        }
      }
      return validity;
    }

    /** The table. */
    public ReplayTable build() {
      return new ReplayTable(rowCount, columns);
    }

    private Builder add(Column column) {
      if (!names.add(column.name())) throw new IllegalArgumentException(column.name() + ": the column is given twice");
      columns.add(column);
      return this;
    }

    private byte[] allValid() {
      byte[] validity = new byte[(rowCount + 7) / 8];
      java.util.Arrays.fill(validity, (byte) 0xff);
      return validity;
    }

    private static void checkName(String name) {
      if (name == null || name.isEmpty()) throw new IllegalArgumentException("a column's name is null or empty");
      if (name.indexOf('\0') >= 0) throw new IllegalArgumentException(name + ": a column's name holds a NUL");
    }

    private void checkLength(String name, Object array) {
      if (array == null) throw new IllegalArgumentException(name + ": the array is null");
      int length = java.lang.reflect.Array.getLength(array);
      if (length != rowCount) {
        throw new IllegalArgumentException(name + ": " + length + " values for " + rowCount + " rows");
      }
    }
  }
}
