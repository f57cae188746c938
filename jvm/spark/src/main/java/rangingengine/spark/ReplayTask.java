// SPDX-License-Identifier: Apache-2.0
package rangingengine.spark;

import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntToLongFunction;
import java.util.function.Supplier;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.codegen.UnsafeRowWriter;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.Platform;
import org.apache.spark.unsafe.types.UTF8String;
import rangingengine.FilteredTrack;
import rangingengine.NativeTable;
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
 * rows of {@link SparkReplay#OUTPUT}, Spark's own (InternalRow).
 */
final class ReplayTask implements FlatMapFunction<Iterator<InternalRow>, InternalRow> {
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
  /** The columns given as orderBy and recording, or null. */
  private final String orderName;
  private final String recordingName;
  /** Threads of each recording's replay (--jobs, {@link ReplayThreads}); 0: the options' own. */
  private int jobs;
  /**
   * Whether the rows come as the table's alone, one recording without a position column: the task numbers them as
   * monotonically_increasing_id() would (its partition's index times 2^33, plus the row's place in it).
   */
  private boolean numbersRows;

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
    this.orderName = orderColumn >= 0 ? names[orderColumn] : null;
    this.recordingName = byRecording ? names[recordingColumn] : null;
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
    TableReplay.replay(tableOf(Rows.joined(this, List.of()), new int[0], 0, 0), options(), TABLE);
  }

  /** Takes the table's rows as they are, one recording, and numbers them itself ({@link #numbersRows}). */
  void numberRowsItself() {
    numbersRows = true;
  }

  /** Replays each recording on {@code jobs} threads (0: as the options say). */
  void replayOnThreads(int jobs) {
    this.jobs = jobs;
  }

  private ReplayOptions options() {
    ReplayOptions replay = ReplayOptions.DEFAULT;
    for (String option : options) replay = replay.flag(option);
    if (jobs > 0) replay = replay.option("--jobs", Integer.toString(jobs));
    return replay.withFiltered(filtered);
  }

  /**
   * A partition's rows as a task reads them, column by column, in chunks: 1,024 rows at first, each next chunk
   * twice the last, up to {@link #MOST_ROWS} (a column's chunk of numbers 512 KiB), and the texts' bytes in chunks of
   * up to {@link #MOST_BYTES}, so that reading allocates no array of a whole column (none of G1's humongous objects on
   * a heap of a few GB or more) and never copies one to grow it. A number's null is NaN (a table's numbers read NaN as
   * empty), an integer's and a text's a flag of their own. Serializable: the parts of one recording read by several
   * tasks are held as blocks until the task that replays them takes them ({@link #replayParts}), perhaps on another
   * executor, which joins them ({@link Rows#joined}).
   */
  static final class Part implements Serializable {
    private static final long serialVersionUID = 1L;
    static final int FIRST_ROWS = 1024;
    static final int MOST_ROWS = 1 << 16;
    static final int FIRST_BYTES = 1 << 14;
    static final int MOST_BYTES = 1 << 20;
    int count;
    /** The rows of each chunk; the last chunk's are {@link #filled}, not yet counted here. */
    final List<Integer> chunkRows = new ArrayList<>();
    final List<long[]> order = new ArrayList<>();
    final List<int[]> recording = new ArrayList<>();
    /** Each column's chunks: double[] of numbers, long[] of integers, long[] of the texts' ends in its bytes. */
    final List<List<Object>> values = new ArrayList<>();
    /** Each column's chunks of flags, none for a column of numbers. */
    final List<List<boolean[]>> missing = new ArrayList<>();
    /** Each column of texts' chunks of bytes (a text never split across two), and the bytes used in each. */
    final List<List<byte[]>> bytes = new ArrayList<>();
    final List<List<Integer>> used = new ArrayList<>();
    final Map<UTF8String, Integer> recordings = new HashMap<>();
    final List<String> recordingNames = new ArrayList<>();
    /** Whether the rows came in input order (positions never decreasing), and the first and last row's position. */
    boolean inOrder = true;
    long firstOrder;
    long lastOrder;
    /** The chunk being filled: its arrays, its rows so far, and each column of texts' bytes so far. */
    transient Object[] chunkValues;
    transient boolean[][] chunkMissing;
    transient long[] chunkOrder;
    transient int[] chunkRecording;
    transient int filled;
    transient int capacity;
    transient byte[][] chunkBytes;
    transient int[] chunkUsed;
    transient long[] textBytes;

    Part(ReplayTask task) {
      int columns = task.names.length;
      for (int c = 0; c < columns; c++) {
        values.add(new ArrayList<>());
        missing.add(new ArrayList<>());
        bytes.add(new ArrayList<>());
        used.add(new ArrayList<>());
      }
      chunkValues = new Object[columns];
      chunkMissing = new boolean[columns][];
      chunkBytes = new byte[columns][];
      chunkUsed = new int[columns];
      textBytes = new long[columns];
    }

    /** Starts the next chunk of rows, the last one full. */
    void nextChunk(int[] kinds) {
      if (capacity > 0) chunkRows.add(filled);
      capacity = capacity == 0 ? FIRST_ROWS : Math.min(MOST_ROWS, capacity * 2);
      filled = 0;
      order.add(chunkOrder = new long[capacity]);
      recording.add(chunkRecording = new int[capacity]);
      for (int c = 0; c < kinds.length; c++) {
        switch (kinds[c]) {
          case DOUBLE, FLOAT, DECIMAL -> {
            values.get(c).add(chunkValues[c] = new double[capacity]);
            continue;
          }
          // Integers, and the ends of texts (booleans among them, as text) in their bytes.
          default -> values.get(c).add(chunkValues[c] = new long[capacity]);
        }
        missing.get(c).add(chunkMissing[c] = new boolean[capacity]);
      }
    }

    /**
     * Room for {@code length} more bytes of column {@code c}'s texts in its chunk of bytes: the chunk, or a new one
     * (twice the last, up to {@link #MOST_BYTES}, or the text's length when longer).
     */
    byte[] roomFor(int c, int length, String name) {
      byte[] chunk = chunkBytes[c];
      if (chunk != null && chunkUsed[c] + length <= chunk.length) return chunk;
      if (textBytes[c] + length > Integer.MAX_VALUE - 8) {
        throw new IllegalArgumentException(name + ": a task's texts hold more than 2^31 bytes");
      }
      if (chunk != null) used.get(c).add(chunkUsed[c]);
      int size = chunk == null ? FIRST_BYTES : Math.min(MOST_BYTES, chunk.length * 2);
      bytes.get(c).add(chunkBytes[c] = new byte[Math.max(size, length)]);
      chunkUsed[c] = 0;
      return chunkBytes[c];
    }

    /** Ends the reading: the last chunks' rows and bytes counted. */
    Part finish() {
      if (capacity > 0) chunkRows.add(filled);
      for (int c = 0; c < chunkBytes.length; c++) {
        if (chunkBytes[c] != null) used.get(c).add(chunkUsed[c]);
      }
      capacity = 0;
      return this;
    }
  }

  /**
   * Rows as one replay takes them, each column one array (a number's null NaN, and no flags for it), with each row's
   * position and recording: the parts of one task's rows joined ({@link #joined}).
   */
  static final class Rows {
    int count;
    final Object[] values;
    final boolean[][] missing;
    final long[][] offsets;
    final long[] order;
    final int[] recording;
    final List<String> recordingNames = new ArrayList<>();

    private Rows(ReplayTask task, int total) {
      int columns = task.names.length;
      values = new Object[columns];
      missing = new boolean[columns][];
      offsets = new long[columns][];
      order = new long[total];
      recording = new int[total];
      count = total;
    }

    /**
     * The rows of {@code parts}, one after another, as one task's: each recording's id given anew by its name, so
     * that a recording read in several parts is one.
     */
    static Rows joined(ReplayTask task, List<Part> parts) {
      int total = 0;
      for (Part part : parts) total += part.count;
      Rows all = new Rows(task, total);
      for (int c = 0; c < all.values.length; c++) {
        switch (task.kinds[c]) {
          case DOUBLE, FLOAT, DECIMAL -> all.values[c] = new double[total];
          case LONG, INT, SHORT, BYTE -> {
            all.values[c] = new long[total];
            all.missing[c] = new boolean[total];
          }
          default -> {
            long bytes = 0;
            for (Part part : parts) for (int size : part.used.get(c)) bytes += size;
            if (bytes > Integer.MAX_VALUE - 8) {
              throw new IllegalArgumentException(task.names[c] + ": a recording's texts hold more than 2^31 bytes");
            }
            all.values[c] = new byte[(int) bytes];
            all.offsets[c] = new long[total + 1];
            all.missing[c] = new boolean[total];
          }
        }
      }
      Map<String, Integer> recordings = new HashMap<>();
      long[] textStart = new long[all.values.length];
      int at = 0;
      for (Part part : parts) {
        int[] ids = new int[part.recordingNames.size()];
        for (int id = 0; id < ids.length; id++) {
          ids[id] = recordings.computeIfAbsent(part.recordingNames.get(id), name -> {
            all.recordingNames.add(name);
            return all.recordingNames.size() - 1;
          });
        }
        int chunkAt = at;
        for (int k = 0; k < part.chunkRows.size(); k++) {
          int n = part.chunkRows.get(k);
          System.arraycopy(part.order.get(k), 0, all.order, chunkAt, n);
          int[] recording = part.recording.get(k);
          for (int i = 0; i < n; i++) all.recording[chunkAt + i] = ids[recording[i]];
          for (int c = 0; c < all.values.length; c++) {
            Object chunk = part.values.get(c).get(k);
            if (all.missing[c] != null) System.arraycopy(part.missing.get(c).get(k), 0, all.missing[c], chunkAt, n);
            if (all.offsets[c] == null) {
              System.arraycopy(chunk, 0, all.values[c], chunkAt, n);
              continue;
            }
            long[] ends = (long[]) chunk;
            long[] offsets = all.offsets[c];
            long start = textStart[c];
            for (int i = 0; i < n; i++) offsets[chunkAt + i + 1] = start + ends[i];
          }
          chunkAt += n;
        }
        for (int c = 0; c < all.values.length; c++) {
          if (all.offsets[c] == null) continue;
          List<byte[]> chunks = part.bytes.get(c);
          for (int k = 0; k < chunks.size(); k++) {
            int size = part.used.get(c).get(k);
            System.arraycopy(chunks.get(k), 0, all.values[c], (int) textStart[c], size);
            textStart[c] += size;
          }
        }
        at += part.count;
      }
      return all;
    }
  }

  @Override
  public Iterator<InternalRow> call(Iterator<InternalRow> input) {
    return records(List.of(read(input)));
  }

  /** One part of a recording read by its own task, for {@link #replayParts}. */
  Iterator<Part> readPart(Iterator<InternalRow> input) {
    return List.of(read(input)).iterator();
  }

  /** The records of the parts of one table that tasks read at once ({@link #readPart}), replayed as one. */
  Iterator<InternalRow> replayParts(Iterator<Part> parts) {
    List<Part> all = new ArrayList<>();
    parts.forEachRemaining(all::add);
    return records(all);
  }

  /**
   * The records of the parts' recordings, each replayed when its first record is asked for. One recording whose
   * parts are in input order already, one after another (a table of one recording read as it is held), is written
   * straight from the parts into C memory, its columns on the replay's threads at once; otherwise the parts are
   * joined, put in input order and replayed recording by recording.
   */
  private Iterator<InternalRow> records(List<Part> parts) {
    int total = parts.stream().mapToInt(part -> part.count).sum();
    if (!byRecording && total > 0 && inInputOrder(parts)) {
      String name = parts.stream().filter(part -> part.count > 0).findFirst().orElseThrow().recordingNames.get(0);
      return new Records(List.of(new Recording(name, total, () -> replayInPlace(parts, total),
          row -> positionOf(parts, row))).iterator());
    }
    Rows rows = Rows.joined(this, parts);
    return new Records(recordings(rows, inputOrder(rows)));
  }

  /** Whether the parts' rows, one part after another, are in input order (positions never decreasing). */
  private static boolean inInputOrder(List<Part> parts) {
    boolean first = true;
    long last = 0;
    for (Part part : parts) {
      if (part.count == 0) continue;
      if (!part.inOrder || (!first && part.firstOrder < last)) return false;
      first = false;
      last = part.lastOrder;
    }
    return true;
  }

  /** The position of row {@code row} of the parts, one part after another. */
  private static long positionOf(List<Part> parts, int row) {
    for (Part part : parts) {
      if (row >= part.count) {
        row -= part.count;
        continue;
      }
      for (int k = 0; k < part.chunkRows.size(); k++) {
        if (row < part.chunkRows.get(k)) return part.order.get(k)[row];
        row -= part.chunkRows.get(k);
      }
    }
    throw new IndexOutOfBoundsException("no such row of the parts");
  }

  /**
   * The replay of the parts' {@code total} rows as one recording: each column written from the parts' chunks to its
   * place in C memory ({@link NativeTable}), the columns shared among the replay's threads, which write at once, then
   * replayed there. No column is joined in Java nor copied twice.
   */
  private ReplayResult replayInPlace(List<Part> parts, int total) {
    int columns = names.length;
    int[] tableKinds = new int[columns];
    long[] textBytes = new long[columns];
    for (int c = 0; c < columns; c++) {
      tableKinds[c] = switch (kinds[c]) {
        case DOUBLE, FLOAT, DECIMAL -> NativeTable.NUMBERS;
        case LONG, INT, SHORT, BYTE -> NativeTable.INTEGERS;
        default -> NativeTable.TEXTS;
      };
      for (Part part : parts) for (int size : part.used.get(c)) textBytes[c] += size;
    }
    try (NativeTable table = NativeTable.allocate(total, List.of(names), tableKinds, textBytes)) {
      writeOnThreads(table, parts);
      return table.replay(options(), TABLE);
    }
  }

  /**
   * The parts' columns written to the table by the replay's threads at once (this one among them), each column by
   * one thread; returns when every thread has returned, so that the table may then be freed.
   */
  private void writeOnThreads(NativeTable table, List<Part> parts) {
    int threads = Math.max(1, Math.min(jobs, names.length));
    List<Thread> helpers = new ArrayList<>();
    AtomicReference<Throwable> failure = new AtomicReference<>();
    try {
      for (int first = 1; first < threads; first++) {
        int from = first;
        Thread helper = new Thread(() -> {
          try {
            writeColumns(table, parts, from, threads);
          } catch (Throwable failed) {
            failure.compareAndSet(null, failed);
          }
        }, "rangingengine-table-" + first);
        helper.start();
        helpers.add(helper);
      }
      writeColumns(table, parts, 0, threads);
    } finally {
      boolean interrupted = false;
      for (Thread helper : helpers) {
        while (helper.isAlive()) {
          try {
            helper.join();
          } catch (InterruptedException again) {
            interrupted = true;
          }
        }
      }
      if (interrupted) Thread.currentThread().interrupt();
    }
    if (failure.get() instanceof RuntimeException failed) throw failed;
    if (failure.get() instanceof Error failed) throw failed;
  }

  /** Columns {@code first}, {@code first + step}, ... of the parts, one after another, written to the table. */
  private void writeColumns(NativeTable table, List<Part> parts, int first, int step) {
    for (int c = first; c < names.length; c += step) {
      int at = 0;
      long byteAt = 0;
      for (Part part : parts) {
        for (int k = 0; k < part.chunkRows.size(); k++) {
          int n = part.chunkRows.get(k);
          Object chunk = part.values.get(c).get(k);
          switch (kinds[c]) {
            case DOUBLE, FLOAT, DECIMAL -> table.numbers(c, at, (double[]) chunk, n);
            case LONG, INT, SHORT, BYTE -> table.integers(c, at, (long[]) chunk, part.missing.get(c).get(k), n);
            default -> table.texts(c, at, byteAt, (long[]) chunk, part.missing.get(c).get(k), n);
          }
          at += n;
        }
        List<byte[]> chunks = part.bytes.get(c);
        for (int k = 0; k < chunks.size(); k++) {
          int size = part.used.get(c).get(k);
          table.textBytes(c, byteAt, chunks.get(k), size);
          byteAt += size;
        }
      }
    }
  }

  /** One recording to replay: its name, rows and replay (made when asked for), and each row's position. */
  private record Recording(String name, int rowCount, Supplier<ReplayResult> replay, IntToLongFunction position) {}

  /** The recordings of the rows put in input order ({@code sorted}), one after another. */
  private Iterator<Recording> recordings(Rows rows, int[] sorted) {
    return new Iterator<>() {
      private int next;

      @Override
      public boolean hasNext() {
        return next < rows.count;
      }

      @Override
      public Recording next() {
        if (!hasNext()) throw new NoSuchElementException();
        int start = next;
        int id = rows.recording[sorted[start]];
        while (next < rows.count && rows.recording[sorted[next]] == id) next++;
        int end = next;
        return new Recording(rows.recordingNames.get(id), end - start,
            () -> TableReplay.replay(tableOf(rows, sorted, start, end), options(), TABLE),
            row -> rows.order[sorted[start + row]]);
      }
    };
  }

  /** The partition's rows, read into columns; a row without its position or recording is refused here. */
  private Part read(Iterator<InternalRow> input) {
    int columns = names.length;
    int orderAt = columns;
    int recordingAt = columns + 1;
    Part part = new Part(this);
    long nullOrders = 0;
    UTF8String lastName = null;
    int lastId = -1;
    long nullRecordings = 0;
    // monotonically_increasing_id()'s numbers: the partition's index in the upper 31 bits.
    long firstPlace = numbersRows ? (long) TaskContext.getPartitionId() << 33 : 0;
    if (numbersRows) {
      part.recordings.put(EMPTY, 0);
      part.recordingNames.add("");
    }
    Object[] values = part.chunkValues;
    boolean[][] missing = part.chunkMissing;
    while (input.hasNext()) {
      InternalRow row = input.next();
      if (part.filled == part.capacity) part.nextChunk(kinds);
      int r = part.filled;
      for (int c = 0; c < columns; c++) {
        boolean isNull = row.isNullAt(c);
        switch (kinds[c]) {
          case DOUBLE -> ((double[]) values[c])[r] = isNull ? Double.NaN : row.getDouble(c);
          case FLOAT -> ((double[]) values[c])[r] = isNull ? Double.NaN : Double.parseDouble(
              Float.toString(row.getFloat(c)));  // the float's shortest text, as a file would hold it
          case DECIMAL -> ((double[]) values[c])[r] = isNull ? Double.NaN
              : row.getDecimal(c, precision[c], scale[c]).toDouble();
          case LONG -> ((long[]) values[c])[r] = isNull ? 0 : row.getLong(c);
          case INT -> ((long[]) values[c])[r] = isNull ? 0 : row.getInt(c);
          case SHORT -> ((long[]) values[c])[r] = isNull ? 0 : row.getShort(c);
          case BYTE -> ((long[]) values[c])[r] = isNull ? 0 : row.getByte(c);
          default -> {
            // A string's bytes straight from Spark's row into the column's chunk of bytes, without a copy of its own.
            UTF8String text = isNull ? EMPTY : kinds[c] == BOOLEAN
                ? UTF8String.fromString(row.getBoolean(c) ? "True" : "False") : row.getUTF8String(c);
            int length = text.numBytes();
            if (length > 0) {
              byte[] bytes = part.roomFor(c, length, names[c]);
              int start = part.chunkUsed[c];
              // Most texts are a few bytes in the row's own byte array: System.arraycopy copies those without the
              // call into Unsafe.copyMemory that writeToMemory makes for each one.
              if (text.getBaseObject() instanceof byte[] from) {
                System.arraycopy(from, (int) (text.getBaseOffset() - Platform.BYTE_ARRAY_OFFSET), bytes, start, length);
              } else {
                text.writeToMemory(bytes, Platform.BYTE_ARRAY_OFFSET + start);
              }
              part.chunkUsed[c] = start + length;
              part.textBytes[c] += length;
            }
            ((long[]) values[c])[r] = part.textBytes[c];
          }
        }
        if (missing[c] != null) missing[c][r] = isNull;
      }
      if (numbersRows) {
        part.chunkOrder[r] = firstPlace + part.count;
        part.chunkRecording[r] = 0;
        part.filled++;
        part.count++;
        continue;
      }
      long order = row.getLong(orderAt);
      if (part.count == 0) part.firstOrder = order;
      else if (order < part.lastOrder) part.inOrder = false;
      part.lastOrder = order;
      // A null position or recording the driver's check did not see (the table gave other rows when read again).
      if (row.isNullAt(orderAt)) nullOrders++;
      if (row.isNullAt(recordingAt)) {
        nullRecordings++;
        continue;
      }
      part.chunkOrder[r] = order;
      UTF8String name = row.getUTF8String(recordingAt);
      // A recording's rows mostly come together (a table of one recording, or a task's after the shuffle): the last
      // row's recording is compared first, and the map looked up only when it changes.
      if (lastName == null || !lastName.equals(name)) {
        Integer id = part.recordings.get(name);
        if (id == null) {
          id = part.recordingNames.size();
          part.recordings.put(name.clone(), id);
          part.recordingNames.add(name.toString());
        }
        lastName = name.clone();
        lastId = id;
      }
      part.chunkRecording[r] = lastId;
      part.filled++;
      part.count++;
    }
    if (numbersRows) {
      part.firstOrder = firstPlace;
      part.lastOrder = firstPlace + part.count - 1;
    }
    if (nullOrders > 0) throw SparkReplay.nullRefusal("orderBy", orderName, nullOrders);
    if (nullRecordings > 0) throw SparkReplay.nullRefusal("recording", recordingName, nullRecordings);
    return part.finish();
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
      // The rows already in input order, one recording: its columns as they are (each of exactly its rows).
      for (int c = 0; c < names.length; c++) {
        if (rows.values[c] instanceof double[] numbers) {
          table.numbers(names[c], numbers);
        } else if (rows.values[c] instanceof long[] integers) {
          table.integers(names[c], integers, rows.missing[c]);
        } else {
          table.utf8Texts(names[c], rows.offsets[c], (byte[]) rows.values[c], rows.missing[c]);
        }
      }
      return table.build();
    }
    for (int c = 0; c < names.length; c++) {
      if (rows.values[c] instanceof double[] numbers) {
        double[] taken = new double[n];
        for (int i = 0; i < n; i++) taken[i] = numbers[sorted[start + i]];
        table.numbers(names[c], taken);
        continue;
      }
      boolean[] missing = new boolean[n];
      for (int i = 0; i < n; i++) missing[i] = rows.missing[c][sorted[start + i]];
      if (rows.values[c] instanceof long[] integers) {
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

  /** The UTF-8 texts of {@code names}, each made once for all the records that name it. */
  private static UTF8String[] utf8(List<String> names) {
    UTF8String[] texts = new UTF8String[names.size()];
    for (int i = 0; i < texts.length; i++) texts[i] = UTF8String.fromString(names.get(i));
    return texts;
  }

  private static final UTF8String EVENT_RECORD = UTF8String.fromString("event");
  private static final UTF8String FILTERED_RECORD = UTF8String.fromString("filtered");
  private static final UTF8String REJECTED_RECORD = UTF8String.fromString("rejected");
  private static final UTF8String SUMMARY_RECORD = UTF8String.fromString("summary");
  private static final UTF8String[] EVENT_KINDS = {UTF8String.fromString("enter"), UTF8String.fromString("exit")};
  private static final UTF8String[] REASONS = reasons();
  private static final UTF8String[] STATES = utf8(List.of(DIRECTION_STATES));

  private static UTF8String[] reasons() {
    ZoneEvent.Reason[] reasons = ZoneEvent.Reason.values();
    UTF8String[] texts = new UTF8String[reasons.length];
    for (int i = 1; i < reasons.length; i++) texts[i] = UTF8String.fromString(reasons[i].jsonName());
    return texts;
  }

  /**
   * The task's records, made as they are read: each written as an UnsafeRow of {@link SparkReplay#OUTPUT} and
   * given as a copy of its own (the rows the driver holds for its DataFrames), so that no record is a Row of boxed
   * values converted again by an encoder, and the task never holds its records all at once. Each recording is
   * replayed when its first record is asked for.
   */
  private final class Records implements Iterator<InternalRow> {
    private final Iterator<Recording> recordings;
    private final UnsafeRowWriter writer = new UnsafeRowWriter(SparkReplay.OUTPUT.fields().length, 64);
    private Recording replayed;
    private UTF8String recording;
    private ReplayEvents events;
    private UTF8String[] eventObjects;
    private UTF8String[] zones;
    private FilteredTrack track;
    private UTF8String[] trackObjects;
    private List<Map<String, Object>> rejected;
    private ReplayResult result;
    /** The kind of record being written (0 events, 1 filtered, 2 rejected, 3 summary, 4 done) and its index. */
    private int part = 4;
    private int index;

    Records(Iterator<Recording> recordings) {
      this.recordings = recordings;
    }

    @Override
    public boolean hasNext() {
      while (true) {
        switch (part) {
          case 0 -> {
            if (index < events.size()) return true;
          }
          case 1 -> {
            if (track != null && index < track.size()) return true;
          }
          case 2 -> {
            if (index < rejected.size()) return true;
          }
          case 3 -> {
            if (index < 1) return true;
          }
          default -> {
            if (!recordings.hasNext()) return false;
            replayNext();
            continue;
          }
        }
        part++;
        index = 0;
      }
    }

    /** Replays the next recording. */
    private void replayNext() {
      replayed = recordings.next();
      recording = UTF8String.fromString(replayed.name());
      result = replayed.replay().get();
      events = result.events();
      eventObjects = utf8(events.objectNames());
      zones = utf8(events.zoneNames());
      track = result.filtered();
      trackObjects = track == null ? null : utf8(track.objectNames());
      rejected = new ArrayList<>();
      for (String line : new String(result.rejectedJsonl(), StandardCharsets.UTF_8).split("\n")) {
        if (!line.isEmpty()) rejected.add(FlatJson.parse(line));
      }
      part = 0;
      index = 0;
    }

    @Override
    public InternalRow next() {
      if (!hasNext()) throw new NoSuchElementException();
      int i = index++;
      writer.reset();
      writer.zeroOutNullBytes();
      switch (part) {
        case 0 -> {
          begin(EVENT_RECORD, i, EVENT_NULLS);
          writer.write(T, events.t()[i]);
          writer.write(OBJECT, eventObjects[(int) events.object()[i]]);
          writer.write(ZONE, zones[events.zone()[i]]);
          writer.write(EVENT, EVENT_KINDS[events.kind()[i] == 0 ? 0 : 1]);
          writer.write(DISTANCE, events.distance()[i]);
          writer.write(SIGMA, events.sigma()[i]);
          if (events.reason()[i] == 0) writer.setNullAt(REASON);
          else writer.write(REASON, REASONS[events.reason()[i]]);
        }
        case 1 -> {
          begin(FILTERED_RECORD, i, FILTERED_NULLS);
          writer.write(T, track.t()[i]);
          writer.write(OBJECT, trackObjects[(int) track.object()[i]]);
          writer.write(DISTANCE, track.distance()[i]);
          writer.write(SIGMA, track.sigma()[i]);
          writer.write(DIR_X, track.dirX()[i]);
          writer.write(DIR_Y, track.dirY()[i]);
          writer.write(DIR_Z, track.dirZ()[i]);
          writer.write(DIRECTION_STATE, STATES[track.directionState()[i]]);
          writer.write(DIR_SIGMA_DEG, track.dirSigmaDeg()[i]);
          writer.write(NLOS, track.nlos()[i]);
        }
        case 2 -> {
          Map<String, Object> fields = rejected.get(i);
          begin(REJECTED_RECORD, i, REJECTED_NULLS);
          long at = ((Number) fields.get("line")).longValue() - 2;  // row i of the table is line i + 2
          if (at >= 0 && at < replayed.rowCount()) writer.write(ROW, replayed.position().applyAsLong((int) at));
          else writer.setNullAt(ROW);
          Object place = fields.get("column");
          if (place == null) writer.setNullAt(COLUMN);
          else writer.write(COLUMN, ((Number) place).longValue());
          text(FIELD, fields.get("field"));
          text(REASON, fields.get("reason"));
          text(TEXT, fields.get("text"));
        }
        default -> {
          begin(SUMMARY_RECORD, 0, SUMMARY_NULLS);
          long accepted = result.measurementsAccepted() + result.lifecycleAccepted() + result.posesAccepted();
          Map<String, Long> counts = Map.of("rows_read", result.rowsRead(), "rows_accepted", accepted,
              "measurements_accepted", result.measurementsAccepted(), "lifecycle_accepted",
              result.lifecycleAccepted(), "poses_accepted", result.posesAccepted(), "rows_rejected",
              result.rowsRejected(), "objects", result.objects(), "evictions", result.evictions(), "enter_events",
              result.enterEvents(), "exit_events", result.exitEvents());
          // Every count of the schema, each written by its name: a count without a value fails here, not as a null.
          for (String name : SparkReplay.SUMMARY_COLUMNS) {
            writer.write(at(name), Objects.requireNonNull(counts.get(name), name));
          }
        }
      }
      return writer.getRow().copy();
    }

    /** A record's kind, its recording and its place in the recording's records of that kind; its kind's nulls. */
    private void begin(UTF8String record, long sequence, int[] nulls) {
      writer.write(RECORD, record);
      writer.write(RECORDING, recording);
      writer.write(SEQUENCE, sequence);
      for (int column : nulls) writer.setNullAt(column);
    }

    private void text(int column, Object value) {
      if (value == null) writer.setNullAt(column);
      else writer.write(column, UTF8String.fromString((String) value));
    }
  }

  /** The columns of {@link SparkReplay#OUTPUT} that a record of a kind with columns {@code own} leaves null. */
  private static int[] nullsBut(List<String> own) {
    List<Integer> nulls = new ArrayList<>();
    for (int c = 3; c < SparkReplay.OUTPUT.fields().length; c++) {
      if (!own.contains(SparkReplay.OUTPUT.fields()[c].name())) nulls.add(c);
    }
    return nulls.stream().mapToInt(Integer::intValue).toArray();
  }

  private static final int[] EVENT_NULLS = nullsBut(SparkReplay.EVENT_COLUMNS);
  private static final int[] FILTERED_NULLS = nullsBut(SparkReplay.FILTERED_COLUMNS);
  private static final int[] REJECTED_NULLS = nullsBut(SparkReplay.REJECTED_COLUMNS);
  private static final int[] SUMMARY_NULLS = nullsBut(SparkReplay.SUMMARY_COLUMNS);
}
