// SPDX-License-Identifier: Apache-2.0
package rangingengine.spark;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.Platform;
import org.apache.spark.unsafe.types.UTF8String;
import rangingengine.FilteredTrack;
import rangingengine.ReplayEvents;
import rangingengine.ReplayOptions;
import rangingengine.ReplayResult;
import rangingengine.ReplayTable;
import rangingengine.TableReplay;
import rangingengine.ZoneEvent;

/**
 * One task of {@link SparkReplay}: its partition's rows (the table's columns,
 * then the row's position and its recording) read from Spark's InternalRows
 * into columns, each recording's rows put in input order (a stable sort by
 * position) and replayed through TableReplay, and the results returned as
 * rows of {@link SparkReplay#OUTPUT}.
 */
final class ReplayTask implements FlatMapFunction<Iterator<InternalRow>, Row> {
  private static final long serialVersionUID = 1L;
  /** How a replay names the table in its messages. */
  static final String TABLE = "<Spark DataFrame>";
  static final String[] DIRECTION_STATES = {"measured", "predicted", "unknown"};
  private static final UTF8String EMPTY = UTF8String.fromString("");

  /** Each output column's place in {@link SparkReplay#OUTPUT}, found by its name there. */
  private static final int RECORD = at(SparkReplay.RECORD);
  private static final int RECORDING = at(SparkReplay.RECORDING);
  private static final int SEQUENCE = at(SparkReplay.SEQUENCE);
  private static final int T = at("t");
  private static final int OBJECT = at("object");
  private static final int ZONE = at("zone");
  private static final int EVENT = at("event");
  private static final int DISTANCE = at("distance");
  private static final int SIGMA = at("sigma");
  private static final int REASON = at("reason");
  private static final int DIR_X = at("dir_x");
  private static final int DIR_Y = at("dir_y");
  private static final int DIR_Z = at("dir_z");
  private static final int DIRECTION_STATE = at("direction_state");
  private static final int DIR_SIGMA_DEG = at("dir_sigma_deg");
  private static final int NLOS = at("nlos");
  private static final int ROW = at("row");
  private static final int COLUMN = at("column");
  private static final int FIELD = at("field");
  private static final int TEXT = at("text");

  /** The place of the output column {@code name}; a name the schema lacks fails when the class loads. */
  private static int at(String name) {
    return SparkReplay.OUTPUT.fieldIndex(name);
  }

  /** Column kinds of the table's columns, by Spark type. */
  static final int DOUBLE = 0;
  static final int FLOAT = 1;
  static final int DECIMAL = 2;
  static final int LONG = 3;
  static final int INT = 4;
  static final int SHORT = 5;
  static final int BYTE = 6;
  static final int STRING = 7;
  static final int BOOLEAN = 8;

  private final String[] names;
  private final int[] kinds;
  private final int[] precision;
  private final int[] scale;
  private final String[] options;
  private final boolean filtered;
  private final boolean byRecording;

  ReplayTask(StructType schema, String[] options, boolean filtered, int orderColumn, int recordingColumn) {
    StructField[] fields = schema.fields();
    names = new String[fields.length];
    kinds = new int[fields.length];
    precision = new int[fields.length];
    scale = new int[fields.length];
    for (int i = 0; i < fields.length; i++) {
      names[i] = fields[i].name();
      kinds[i] = kindOf(fields[i]);
      if (fields[i].dataType() instanceof DecimalType decimal) {
        precision[i] = decimal.precision();
        scale[i] = decimal.scale();
      }
    }
    this.options = options.clone();
    this.filtered = filtered;
    this.byRecording = recordingColumn >= 0;
  }

  private static int kindOf(StructField field) {
    DataType type = field.dataType();
    if (type.equals(DataTypes.DoubleType)) return DOUBLE;
    if (type.equals(DataTypes.FloatType)) return FLOAT;
    if (type instanceof DecimalType) return DECIMAL;
    if (type.equals(DataTypes.LongType)) return LONG;
    if (type.equals(DataTypes.IntegerType)) return INT;
    if (type.equals(DataTypes.ShortType)) return SHORT;
    if (type.equals(DataTypes.ByteType)) return BYTE;
    // A column of nulls alone (pandas' all-None column becomes one): texts, each empty.
    if (type.equals(DataTypes.StringType) || type.equals(DataTypes.NullType)) return STRING;
    if (type.equals(DataTypes.BooleanType)) return BOOLEAN;
    throw new IllegalArgumentException("column '" + field.name() + "' holds " + type.simpleString()
        + ", which the replay does not read: give seconds as numbers (durations from an origin of your choice for "
        + "dates and times), texts as strings");
  }

  /** The checks every task would make (the options, the columns as a header), made once on no rows. */
  void checkOnTheDriver() {
    TableReplay.replay(tableOf(new Rows(this, 0), new int[0], 0, 0), options(), TABLE);
  }

  private ReplayOptions options() {
    ReplayOptions replay = ReplayOptions.DEFAULT;
    for (String option : options) replay = replay.flag(option);
    return replay.withFiltered(filtered);
  }

  /** The partition's rows, column by column, with each row's position and recording. */
  static final class Rows {
    int count;
    final Object[] values;
    final boolean[][] missing;
    final long[][] offsets;
    long[] order;
    int[] recording;
    final Map<UTF8String, Integer> recordings = new HashMap<>();
    final List<String> recordingNames = new ArrayList<>();

    Rows(ReplayTask task, int capacity) {
      int columns = task.names.length;
      values = new Object[columns];
      missing = new boolean[columns][];
      offsets = new long[columns][];
      order = new long[capacity];
      recording = new int[capacity];
      for (int c = 0; c < columns; c++) {
        missing[c] = new boolean[capacity];
        switch (task.kinds[c]) {
          case DOUBLE, FLOAT, DECIMAL -> values[c] = new double[capacity];
          case LONG, INT, SHORT, BYTE -> values[c] = new long[capacity];
          default -> {
            values[c] = new byte[Math.max(16, capacity * 8)];
            offsets[c] = new long[capacity + 1];
          }
        }
      }
    }
  }

  @Override
  public Iterator<Row> call(Iterator<InternalRow> input) {
    int columns = names.length;
    int orderAt = columns;
    int recordingAt = columns + 1;
    Rows rows = new Rows(this, 1024);
    while (input.hasNext()) {
      InternalRow row = input.next();
      if (rows.count == rows.order.length) grow(rows);
      int r = rows.count;
      for (int c = 0; c < columns; c++) {
        boolean isNull = row.isNullAt(c);
        rows.missing[c][r] = isNull;
        switch (kinds[c]) {
          case DOUBLE -> ((double[]) rows.values[c])[r] = isNull ? Double.NaN : row.getDouble(c);
          case FLOAT -> ((double[]) rows.values[c])[r] = isNull ? Double.NaN : Double.parseDouble(
              Float.toString(row.getFloat(c)));  // the float's shortest text, as a file would hold it
          case DECIMAL -> ((double[]) rows.values[c])[r] = isNull ? Double.NaN
              : row.getDecimal(c, precision[c], scale[c]).toDouble();
          case LONG -> ((long[]) rows.values[c])[r] = isNull ? 0 : row.getLong(c);
          case INT -> ((long[]) rows.values[c])[r] = isNull ? 0 : row.getInt(c);
          case SHORT -> ((long[]) rows.values[c])[r] = isNull ? 0 : row.getShort(c);
          case BYTE -> ((long[]) rows.values[c])[r] = isNull ? 0 : row.getByte(c);
          default -> {
            // A string's bytes straight from Spark's row into the column's buffer, without a copy of its own.
            UTF8String text = isNull ? EMPTY : kinds[c] == BOOLEAN
                ? UTF8String.fromString(row.getBoolean(c) ? "True" : "False") : row.getUTF8String(c);
            int length = text.numBytes();
            long[] offsets = rows.offsets[c];
            int start = (int) offsets[r];
            byte[] bytes = (byte[]) rows.values[c];
            if (start + length > bytes.length) {
              long wanted = Math.max((long) bytes.length * 2, (long) start + length);
              if (wanted > Integer.MAX_VALUE - 8) {
                throw new IllegalArgumentException(names[c] + ": a task's texts hold more than 2^31 bytes");
              }
              bytes = Arrays.copyOf(bytes, (int) wanted);
              rows.values[c] = bytes;
            }
            text.writeToMemory(bytes, Platform.BYTE_ARRAY_OFFSET + start);
            offsets[r + 1] = start + length;
          }
        }
      }
      rows.order[r] = row.getLong(orderAt);
      UTF8String name = row.getUTF8String(recordingAt);
      Integer id = rows.recordings.get(name);
      if (id == null) {
        id = rows.recordingNames.size();
        rows.recordings.put(name.clone(), id);
        rows.recordingNames.add(name.toString());
      }
      rows.recording[r] = id;
      rows.count++;
    }
    int[] sorted = inputOrder(rows);
    List<Row> output = new ArrayList<>();
    int start = 0;
    while (start < rows.count) {
      int end = start;
      int id = rows.recording[sorted[start]];
      while (end < rows.count && rows.recording[sorted[end]] == id) end++;
      replayRecording(rows, sorted, start, end, rows.recordingNames.get(id), output);
      start = end;
    }
    return output.iterator();
  }

  private void grow(Rows rows) {
    int capacity = rows.order.length * 2;
    rows.order = Arrays.copyOf(rows.order, capacity);
    rows.recording = Arrays.copyOf(rows.recording, capacity);
    for (int c = 0; c < names.length; c++) {
      rows.missing[c] = Arrays.copyOf(rows.missing[c], capacity);
      if (rows.values[c] instanceof double[] numbers) rows.values[c] = Arrays.copyOf(numbers, capacity);
      else if (rows.values[c] instanceof long[] integers) rows.values[c] = Arrays.copyOf(integers, capacity);
      else rows.offsets[c] = Arrays.copyOf(rows.offsets[c], capacity + 1);
    }
  }

  /** The rows' indexes by recording, then position, then arrival (a stable merge sort; none when already so). */
  private int[] inputOrder(Rows rows) {
    int n = rows.count;
    int[] index = new int[n];
    boolean inOrder = true;
    for (int i = 0; i < n; i++) {
      index[i] = i;
      if (i > 0 && compare(rows, i - 1, i) > 0) inOrder = false;
    }
    if (inOrder) return index;
    int[] buffer = new int[n];
    for (int width = 1; width < n; width *= 2) {
      for (int low = 0; low < n; low += 2 * width) {
        int middle = Math.min(low + width, n);
        int high = Math.min(low + 2 * width, n);
        int a = low;
        int b = middle;
        int k = low;
        while (a < middle && b < high) buffer[k++] = compare(rows, index[a], index[b]) <= 0 ? index[a++] : index[b++];
        while (a < middle) buffer[k++] = index[a++];
        while (b < high) buffer[k++] = index[b++];
      }
      int[] swap = index;
      index = buffer;
      buffer = swap;
    }
    return index;
  }

  private int compare(Rows rows, int a, int b) {
    if (byRecording && rows.recording[a] != rows.recording[b]) {
      return rows.recordingNames.get(rows.recording[a]).compareTo(rows.recordingNames.get(rows.recording[b]));
    }
    return Long.compare(rows.order[a], rows.order[b]);
  }

  /** The table of rows sorted[start..end), in that order. */
  ReplayTable tableOf(Rows rows, int[] sorted, int start, int end) {
    int n = end - start;
    ReplayTable.Builder table = ReplayTable.builder(n);
    if (start == 0 && end == rows.count && (n == 0 || sorted[n - 1] == n - 1 && isIdentity(sorted))) {
      // The partition's rows already in input order, one recording: its columns as they are, trimmed.
      for (int c = 0; c < names.length; c++) {
        boolean[] missing = Arrays.copyOf(rows.missing[c], n);
        if (rows.values[c] instanceof double[] numbers) {
          table.numbers(names[c], Arrays.copyOf(numbers, n));
        } else if (rows.values[c] instanceof long[] integers) {
          table.integers(names[c], Arrays.copyOf(integers, n), missing);
        } else {
          long[] offsets = Arrays.copyOf(rows.offsets[c], n + 1);
          table.utf8Texts(names[c], offsets, (byte[]) rows.values[c], missing);
        }
      }
      return table.build();
    }
    for (int c = 0; c < names.length; c++) {
      boolean[] missing = new boolean[n];
      for (int i = 0; i < n; i++) missing[i] = rows.missing[c][sorted[start + i]];
      if (rows.values[c] instanceof double[] numbers) {
        double[] taken = new double[n];
        for (int i = 0; i < n; i++) taken[i] = numbers[sorted[start + i]];
        table.numbers(names[c], taken);
      } else if (rows.values[c] instanceof long[] integers) {
        long[] taken = new long[n];
        for (int i = 0; i < n; i++) taken[i] = integers[sorted[start + i]];
        table.integers(names[c], taken, missing);
      } else {
        byte[] bytes = (byte[]) rows.values[c];
        long[] from = rows.offsets[c];
        long[] offsets = new long[n + 1];
        for (int i = 0; i < n; i++) {
          int r = sorted[start + i];
          offsets[i + 1] = offsets[i] + (from[r + 1] - from[r]);
        }
        byte[] taken = new byte[(int) offsets[n]];
        for (int i = 0; i < n; i++) {
          int r = sorted[start + i];
          System.arraycopy(bytes, (int) from[r], taken, (int) offsets[i], (int) (from[r + 1] - from[r]));
        }
        table.utf8Texts(names[c], offsets, taken, missing);
      }
    }
    return table.build();
  }

  private static boolean isIdentity(int[] sorted) {
    for (int i = 0; i < sorted.length; i++) if (sorted[i] != i) return false;
    return true;
  }

  /** A record of kind {@code record}: its recording and its place in the recording's records of that kind. */
  private static Object[] record(String record, String recording, long sequence, int width) {
    Object[] row = new Object[width];
    row[RECORD] = record;
    row[RECORDING] = recording;
    row[SEQUENCE] = sequence;
    return row;
  }

  private void replayRecording(Rows rows, int[] sorted, int start, int end, String recording, List<Row> output) {
    ReplayResult result = TableReplay.replay(tableOf(rows, sorted, start, end), options(), TABLE);
    int width = SparkReplay.OUTPUT.fields().length;
    ReplayEvents events = result.events();
    ZoneEvent.Reason[] reasons = ZoneEvent.Reason.values();
    for (int i = 0; i < events.size(); i++) {
      Object[] row = record("event", recording, i, width);
      row[T] = events.t()[i];
      row[OBJECT] = events.objectNames().get((int) events.object()[i]);
      row[ZONE] = events.zoneNames().get(events.zone()[i]);
      row[EVENT] = events.kind()[i] == 0 ? "enter" : "exit";
      row[DISTANCE] = events.distance()[i];
      row[SIGMA] = events.sigma()[i];
      row[REASON] = events.reason()[i] == 0 ? null : reasons[events.reason()[i]].jsonName();
      output.add(RowFactory.create(row));
    }
    FilteredTrack track = result.filtered();
    for (int i = 0; track != null && i < track.size(); i++) {
      Object[] row = record("filtered", recording, i, width);
      row[T] = track.t()[i];
      row[OBJECT] = track.objectNames().get((int) track.object()[i]);
      row[DISTANCE] = track.distance()[i];
      row[SIGMA] = track.sigma()[i];
      row[DIR_X] = track.dirX()[i];
      row[DIR_Y] = track.dirY()[i];
      row[DIR_Z] = track.dirZ()[i];
      row[DIRECTION_STATE] = DIRECTION_STATES[track.directionState()[i]];
      row[DIR_SIGMA_DEG] = track.dirSigmaDeg()[i];
      row[NLOS] = track.nlos()[i];
      output.add(RowFactory.create(row));
    }
    long sequence = 0;
    for (String line : new String(result.rejectedJsonl(), StandardCharsets.UTF_8).split("\n")) {
      if (line.isEmpty()) continue;
      Map<String, Object> fields = FlatJson.parse(line);
      Object[] row = record("rejected", recording, sequence++, width);
      long at = ((Number) fields.get("line")).longValue() - 2;  // row i of the table is line i + 2
      row[ROW] = at >= 0 && at < end - start ? rows.order[sorted[start + (int) at]] : null;
      Object place = fields.get("column");
      row[COLUMN] = place == null ? null : ((Number) place).longValue();
      row[FIELD] = fields.get("field");
      row[REASON] = fields.get("reason");
      row[TEXT] = fields.get("text");
      output.add(RowFactory.create(row));
    }
    Object[] summary = record("summary", recording, 0, width);
    long accepted = result.measurementsAccepted() + result.lifecycleAccepted() + result.posesAccepted();
    Map<String, Long> counts = Map.of("rows_read", result.rowsRead(), "rows_accepted", accepted,
        "measurements_accepted", result.measurementsAccepted(), "lifecycle_accepted", result.lifecycleAccepted(),
        "poses_accepted", result.posesAccepted(), "rows_rejected", result.rowsRejected(), "objects", result.objects(),
        "evictions", result.evictions(), "enter_events", result.enterEvents(), "exit_events", result.exitEvents());
    // Every count of the schema, each written by its name: a count without a value fails here, not as a null.
    for (String name : SparkReplay.SUMMARY_COLUMNS) summary[at(name)] = Objects.requireNonNull(counts.get(name), name);
    output.add(RowFactory.create(summary));
  }
}
