// SPDX-License-Identifier: Apache-2.0
package rangingengine.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.monotonically_increasing_id;
import static org.apache.spark.sql.functions.sum;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import org.apache.spark.api.java.JavaFutureAction;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.storage.StorageLevel;
import rangingengine.NullColumnRefusal;
import rangingengine.RecordColumnType;
import rangingengine.ReplayOptions;
import rangingengine.ReplayTable;

/**
 * The replay on a Spark DataFrame on the JVM, one task per recording, with
 * no Python worker: each task takes its recording's rows from Spark's own
 * rows (InternalRow), puts them in input order and replays them through the
 * C library (rangingengine.TableReplay: ranging_replay_table, rangectl's own
 * reader and replay), so the events and the filtered track are rangectl's,
 * evictions and lost checks included. The parallelism is across recordings,
 * and within one: each replay takes a share of its executor's cores, as
 * {@code rangectl replay --jobs N} of its file ({@link ReplayThreads}: a lone
 * recording on {@code local[2]} replays on 2 threads, many recordings each on
 * {@code spark.task.cpus}; a {@code --jobs} among the options overrides it).
 * The outputs are the same whatever the threads.
 *
 * <pre>{@code
 * SparkReplay.Result result = SparkReplay.replay(table, List.of("--zones", "inner=1.5,outer=3"), "line", null, true);
 * result.events();    // docs/FORMATS.md §2's fields, in the replay's order
 * result.filtered();  // §3's columns, in input order
 * result.summary();   // rangectl's counts, one row per recording
 * }</pre>
 *
 * The DataFrames have the columns of rangingengine.spark.replay's (Python):
 * that function calls this one with {@code engine="jvm"}.
 */
public final class SparkReplay {
  private SparkReplay() {}

  /** The replay's DataFrames; filtered is null when not asked for. */
  public record Result(Dataset<Row> events, Dataset<Row> filtered, Dataset<Row> rejected, Dataset<Row> summary) {}

  static final String ORDER = "_rangingengine_order";
  static final String RECORDING = "_rangingengine_recording";
  static final String RECORD = "_rangingengine_record";
  static final String SEQUENCE = "_rangingengine_sequence";
  static final List<String> EVENT_COLUMNS = List.of("t", "object", "zone", "event", "distance", "sigma", "reason");
  static final List<String> FILTERED_COLUMNS = List.of("t", "object", "distance", "sigma", "dir_x", "dir_y", "dir_z",
      "direction_state", "dir_sigma_deg", "nlos");
  static final List<String> REJECTED_COLUMNS = List.of("row", "column", "field", "reason", "text");
  static final List<String> SUMMARY_COLUMNS = List.of("rows_read", "rows_accepted", "measurements_accepted",
      "lifecycle_accepted", "poses_accepted", "rows_rejected", "objects", "evictions", "enter_events", "exit_events");

  /**
   * What each task returns: each record with its recording and its place, and every kind's columns, in the order of
   * the lists above (a column two kinds share, once). The task writes each column at its place in this schema, by
   * name ({@link ReplayTask}).
   */
  static final StructType OUTPUT = outputSchema();

  private static StructType outputSchema() {
    List<StructField> fields = new ArrayList<>();
    fields.add(DataTypes.createStructField(RECORD, DataTypes.StringType, false));
    fields.add(DataTypes.createStructField(RECORDING, DataTypes.StringType, false));
    fields.add(DataTypes.createStructField(SEQUENCE, DataTypes.LongType, false));
    Set<String> added = new HashSet<>();
    Map<String, List<String>> kinds = new LinkedHashMap<>();
    kinds.put("event", EVENT_COLUMNS);
    kinds.put("filtered", FILTERED_COLUMNS);
    kinds.put("rejected", REJECTED_COLUMNS);
    kinds.put("summary", SUMMARY_COLUMNS);
    kinds.forEach((record, columns) -> {
      for (String name : columns) {
        if (added.add(name)) fields.add(DataTypes.createStructField(name, typeOf(record, name), true));
      }
    });
    return DataTypes.createStructType(fields);
  }

  /** A record column's Spark type, of the library's rule (ranging_record_column_type, the Python route's too). */
  private static DataType typeOf(String record, String column) {
    return switch (RecordColumnType.of(record, column)) {
      case NUMBERS -> DataTypes.DoubleType;
      case INTEGERS -> DataTypes.LongType;
      case TEXTS -> DataTypes.StringType;
    };
  }

  /** {@link #replay(Dataset, List, String, String, boolean)} with {@link ReplayOptions}' options. */
  public static Result replay(Dataset<Row> table, ReplayOptions options, String orderBy, String recording) {
    List<String> arguments = new ArrayList<>(options.arguments());
    arguments.removeAll(List.of("--state-records", "--write-filtered"));
    return replay(table, arguments, orderBy, recording, options.filtered());
  }

  /**
   * Replays a DataFrame with the columns of docs/FORMATS.md §1 (or another layout through --column and --preset), one
   * recording per task.
   *
   * @param table the rows: doubles, floats and decimals are numbers (null empty), integers their digits, strings
   *     texts; a column of another type is refused
   * @param options rangectl replay's engine and input options as its command line spells them ("--zones",
   *     "inner=1.5,outer=3", ...), checked on the driver before any task runs; "--jobs", N sets each replay's
   *     threads, else {@link ReplayThreads} chooses them
   * @param orderBy the column of each row's position in its recording (read_csv's line, for example), or null: the
   *     rows numbered by monotonically_increasing_id(), which follows the partitions and their order
   * @param recording the column naming each row's recording, or null for a table of one recording: each is replayed
   *     on its own, and the results gain a {@code recording} column, ordered by recording
   * @param filtered whether to give the filtered track
   */
  public static Result replay(Dataset<Row> table, List<String> options, String orderBy, String recording,
      boolean filtered) {
    List<String> columns = Arrays.asList(table.columns());
    for (String[] given : new String[][] {{"orderBy", orderBy}, {"recording", recording}}) {
      if (given[1] != null && !columns.contains(given[1])) {
        throw new IllegalArgumentException(given[0] + ": the table has no column '" + given[1] + "'");
      }
    }
    if (options == null) throw new IllegalArgumentException("options: null (an empty list: the defaults)");
    ReplayTask task = new ReplayTask(table.schema(), options.toArray(new String[0]), filtered,
        columns.indexOf(orderBy), columns.indexOf(recording));
    task.checkOnTheDriver();

    Dataset<Row> numbered = table
        .withColumn(ORDER, orderBy != null ? col(orderBy).cast("long") : monotonically_increasing_id())
        .withColumn(RECORDING, recording != null ? col(recording).cast("string") : lit(""));
    for (String[] given : new String[][] {{"orderBy", orderBy, ORDER}, {"recording", recording, RECORDING}}) {
      if (given[1] == null) continue;
      Dataset<Row> missing = numbered.where(col(given[2]).isNull());
      if (missing.isEmpty()) continue;
      // Only now are rows brought to the driver: one, to name it by its position, object and time (those it has).
      List<String> shown = new ArrayList<>();
      for (String name : Arrays.asList(given[0].equals("orderBy") ? null : orderBy, "object", "t")) {
        if (name != null && columns.contains(name)) shown.add(name);
      }
      Row first = missing.orderBy(ORDER).select(shown.stream().map(name -> col(name).cast("string"))
          .toArray(Column[]::new)).limit(1).collectAsList().get(0);
      String[] example = new String[2 * shown.size()];
      for (int i = 0; i < shown.size(); i++) {
        example[2 * i] = shown.get(i);
        example[2 * i + 1] = first.isNullAt(i) ? null : first.getString(i);
      }
      throw nullRefusal(given[0], given[1], missing.count(), example);
    }
    SparkSession session = table.sparkSession();
    // Many recordings: one recording's rows to one task of the shuffle's, which reads and replays them. One
    // recording: each partition's rows read into columns by a task of its own, the tasks at once (held as blocks
    // until the replay takes them), then every part, without a shuffle, to the one task that replays them on its
    // executor's cores; a table of one partition is read by that task itself. Without orderBy the tasks number the
    // rows themselves, so that the table's rows reach them as Spark holds them, not copied by a projection that adds
    // the two columns.
    JavaRDD<InternalRow> rows = recording != null ? numbered.repartition(col(RECORDING)).queryExecution().toRdd()
        .toJavaRDD() : (orderBy == null ? table : numbered).queryExecution().toRdd().toJavaRDD();
    if (recording == null && orderBy == null) task.numberRowsItself();
    // The replays that may run at once: a task per partition of the shuffle, or the one task of one recording.
    task.replayOnThreads(ReplayThreads.choose(session.sparkContext().getConf(), session.sparkContext().master(),
        recording != null ? rows.getNumPartitions() : 1, options));
    JavaRDD<InternalRow> records;
    JavaRDD<ReplayTask.Part> parts = null;
    if (recording == null && rows.getNumPartitions() > 1) {
      parts = rows.mapPartitions(task::readPart);
      parts.persist(StorageLevel.MEMORY_AND_DISK());
      parts.count();
      records = parts.coalesce(1).mapPartitions(task::replayParts);
    } else {
      records = rows.mapPartitions(task);
    }
    // The tasks' records, held once for the four DataFrames (each task's rows already copies of their own, as
    // Spark keeps them), so that no DataFrame replays again: the RDD's checkpoint rather than a DataFrame's, which
    // would copy every row once more through a projection.
    records.rdd().localCheckpoint();
    // The job that replays runs while the driver makes the DataFrames (on local[2] a core is free while the task
    // joins its parts and copies them to C); the driver waits for it before returning, so that a refusal is thrown
    // here, as the job's own exception.
    JavaFutureAction<Long> replaying = records.countAsync();
    Result result;
    try {
      result = dataFrames(session, records, recording != null, filtered);
      replaying.get();
    } catch (ExecutionException failed) {
      throw SparkReplay.<RuntimeException>rethrown(failed.getCause());
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while the replay ran", interrupted);
    } finally {
      if (!replaying.isDone()) replaying.cancel(true);
    }
    if (parts != null) parts.unpersist(false);
    return result;
  }

  /** A job's failure thrown as it is, as the blocking action would have thrown it (Scala declares no exceptions). */
  @SuppressWarnings("unchecked")
  private static <T extends Throwable> T rethrown(Throwable failure) throws T {
    throw (T) failure;
  }

  /** The four DataFrames of the records (the tasks' rows, {@link #OUTPUT}). */
  private static Result dataFrames(SparkSession session, JavaRDD<InternalRow> records, boolean byRecording,
      boolean filtered) {
    // The records are Spark's own rows (InternalRow), given to Spark as they are: internalCreateDataFrame (public in
    // the JVM's terms, Scala's private[sql]) takes them without the encoder that createDataFrame runs on every Row.
    Dataset<Row> replayed = ((org.apache.spark.sql.classic.SparkSession) session)
        .internalCreateDataFrame(records.rdd(), OUTPUT, false);
    List<Column> lead = byRecording ? List.of(col(RECORDING).alias("recording")) : List.of();

    Dataset<Row> summary = part(replayed, "summary", SUMMARY_COLUMNS, lead);
    if (!byRecording) {
      // A table of one recording has its counts even without rows (zero), as rangectl prints them.
      Object[] zeros = new Object[SUMMARY_COLUMNS.size()];
      Arrays.fill(zeros, 0L);
      List<StructField> fields = new ArrayList<>();
      for (String name : SUMMARY_COLUMNS) fields.add(DataTypes.createStructField(name, DataTypes.LongType, false));
      Dataset<Row> zero = session.createDataFrame(List.of(RowFactory.create(zeros)), DataTypes.createStructType(fields));
      Column[] sums = SUMMARY_COLUMNS.stream().map(name -> sum(col(name)).cast("long").alias(name))
          .toArray(Column[]::new);
      summary = summary.unionByName(zero).agg(sums[0], Arrays.copyOfRange(sums, 1, sums.length));
    }
    return new Result(part(replayed, "event", EVENT_COLUMNS, lead),
        filtered ? part(replayed, "filtered", FILTERED_COLUMNS, lead) : null,
        part(replayed, "rejected", REJECTED_COLUMNS, lead), summary);
  }

  /**
   * The refusal of {@code count} rows without a value in column {@code name} (given as {@code keyword}; for orderBy,
   * without a whole number), one of them shown by its values in a few columns ({@code shown}: pairs of a name and a
   * value, null for none) when it is known (the driver's check names one; a task, which finds such rows only when the
   * table gave other rows when read again, counts its own): the library's words, which rangingengine.spark's
   * (Python) refusal takes too.
   */
  static IllegalArgumentException nullRefusal(String keyword, String name, long count, String... shown) {
    return new IllegalArgumentException(NullColumnRefusal.words(keyword, name, keyword.equals("orderBy"), count,
        shown));
  }

  private static Dataset<Row> part(Dataset<Row> replayed, String record, List<String> columns, List<Column> lead) {
    List<Column> selected = new ArrayList<>(lead);
    for (String name : columns) selected.add(col(name));
    Dataset<Row> records = replayed.where(col(RECORD).equalTo(record));
    // One recording is one task's output, in its order already (a filter keeps it); many are put in order.
    if (!lead.isEmpty()) records = records.orderBy(RECORDING, SEQUENCE);
    return records.select(selected.toArray(new Column[0]));
  }
}
