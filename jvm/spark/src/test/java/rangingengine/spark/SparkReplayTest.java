// SPDX-License-Identifier: Apache-2.0
package rangingengine.spark;

import static org.apache.spark.sql.functions.lit;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.spark.SparkConf;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import rangingengine.ReplayOptions;
import rangingengine.ReplayResult;
import rangingengine.ReplayTable;
import rangingengine.TableReplay;

/**
 * SparkReplay on local[2] against rangectl: bundled datasets read by
 * Spark's own CSV reader replay to the bytes of `rangectl replay FILE
 * --backend swift --events E --filtered F` (the DataFrames written by
 * rangectl's writers, SparkWriters): one alone, and all eight as the
 * recordings of one table, shuffled over three partitions.
 */
class SparkReplayTest {
  private static SparkSession spark;

  @BeforeAll
  static void start() {
    spark = SparkSession.builder().master("local[2]").appName("rangingengine-test")
        .config("spark.ui.enabled", "false").config("spark.sql.shuffle.partitions", "2").getOrCreate();
  }

  @AfterAll
  static void stop() {
    spark.stop();
  }

  static Dataset<Row> read(Path file) {
    return spark.read().option("header", "true").option("comment", "#").option("inferSchema", "true")
        .csv(file.toString());
  }

  static List<Path> datasets() throws Exception {
    List<Path> files = new ArrayList<>();
    try (var folders = Files.list(Paths.get(System.getProperty("rangingengine.datasets", "datasets")))) {
      folders.sorted().forEach(folder -> {
        if (Files.isRegularFile(folder.resolve("samples.csv"))) files.add(folder.resolve("samples.csv"));
      });
    }
    assertTrue(files.size() >= 8, "expected the 8 bundled datasets, found " + files.size());
    return files;
  }

  static String[] rangectl(Path file) throws Exception {
    Path folder = Files.createTempDirectory("rangingengine-spark");
    Path events = folder.resolve("e.jsonl");
    Path filtered = folder.resolve("f.csv");
    Process process = new ProcessBuilder(System.getProperty("rangingengine.rangectl"), "replay", file.toString(),
        "--backend", "swift", "--events", events.toString(), "--filtered", filtered.toString())
        .redirectError(ProcessBuilder.Redirect.DISCARD).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    assertTrue(process.waitFor(120, TimeUnit.SECONDS));
    assertEquals(0, process.exitValue());
    String[] outputs = {Files.readString(events), Files.readString(filtered)};
    Files.delete(events);
    Files.delete(filtered);
    Files.delete(folder);
    return outputs;
  }

  static String text(byte[] bytes) {
    return new String(bytes, StandardCharsets.UTF_8);
  }

  @Test
  void oneRecordingGivesRangectlsEventsAndTrack() throws Exception {
    Path file = datasets().stream().filter(path -> path.toString().contains("nlos-approach")).findFirst().orElseThrow();
    String[] expected = rangectl(file);
    SparkReplay.Result result = SparkReplay.replay(read(file), List.of("--backend", "swift"), null, null, true);
    assertEquals(expected[0], text(SparkWriters.eventsJsonl(result.events())), file + ": events");
    assertEquals(expected[1], text(SparkWriters.filteredCsv(result.filtered())), file + ": filtered track");
    assertEquals(0L, result.rejected().count(), file + ": rejected rows");
    Row summary = result.summary().first();
    assertEquals(expected[0].lines().filter(line -> line.contains("\"enter\"")).count(),
        summary.getLong(summary.fieldIndex("enter_events")), file + ": enter events");
  }

  @Test
  void everyBundledDatasetAsARecordingOfOneTableGivesRangectlsEventsAndTrack() throws Exception {
    List<Path> files = datasets();
    Dataset<Row> table = null;
    for (Path file : files) {
      Dataset<Row> one = read(file).withColumn("session", lit(file.getParent().getFileName().toString()));
      table = table == null ? one : table.unionByName(one, true);
    }
    // Each row's place, numbered before the shuffle scatters the rows: the tasks put them back in order.
    Dataset<Row> ordered = table.withColumn("line", org.apache.spark.sql.functions.monotonically_increasing_id());
    SparkReplay.Result result = SparkReplay.replay(ordered.repartition(3), List.of("--backend", "swift"), "line",
        "session", true);
    for (Path file : files) {
      String name = file.getParent().getFileName().toString();
      String[] expected = rangectl(file);
      var mine = org.apache.spark.sql.functions.col("recording").equalTo(name);
      assertEquals(expected[0], text(SparkWriters.eventsJsonl(result.events().where(mine))), name + ": events");
      assertEquals(expected[1], text(SparkWriters.filteredCsv(result.filtered().where(mine))), name + ": filtered");
    }
    assertEquals(files.size(), result.summary().count());
  }

  @Test
  void badOptionsAndColumnsAreRefusedOnTheDriver() throws Exception {
    Dataset<Row> table = read(datasets().get(0));
    var option = assertThrows(IllegalArgumentException.class,
        () -> SparkReplay.replay(table, List.of("--capacity", "0"), null, null, false));
    assertTrue(option.getMessage().contains("--capacity"), option.getMessage());
    var order = assertThrows(IllegalArgumentException.class,
        () -> SparkReplay.replay(table, List.of(), "no_such_column", null, false));
    assertEquals("orderBy: the table has no column 'no_such_column'", order.getMessage());
    var dates = assertThrows(IllegalArgumentException.class, () -> SparkReplay.replay(
        table.withColumn("when", org.apache.spark.sql.functions.current_timestamp()), List.of(), null, null, false));
    assertTrue(dates.getMessage().startsWith("column 'when' holds timestamp"), dates.getMessage());
  }

  @Test
  void aRowWithoutItsPositionOrRecordingIsRefusedInTheWordsOfThePythonRoute() {
    StructType schema = schema("line,t,object,distance,rec", DataTypes.LongType, DataTypes.DoubleType,
        DataTypes.StringType, DataTypes.DoubleType, DataTypes.StringType);
    Dataset<Row> table = spark.createDataFrame(List.of(RowFactory.create(2L, 0.0, "a", 1.0, "r1"),
        RowFactory.create(3L, 0.1, "a", 1.1, null), RowFactory.create(4L, 0.2, "b", 1.2, "r1")), schema);
    var recording = assertThrows(IllegalArgumentException.class,
        () -> SparkReplay.replay(table, List.of(), null, "rec", false));
    assertEquals("recording: column 'rec' has no value on 1 row (such as object 'a', t '0.1')",
        recording.getMessage());
    var order = assertThrows(IllegalArgumentException.class, () -> SparkReplay.replay(
        table.withColumn("line", functions.when(functions.col("line").equalTo(3), null)
            .otherwise(functions.col("line"))), List.of(), "line", "rec", false));
    assertEquals("orderBy: column 'line' has no whole number on 1 row (such as object 'a', t '0.1')",
        order.getMessage());
    var positioned = assertThrows(IllegalArgumentException.class,
        () -> SparkReplay.replay(table, List.of(), "line", "rec", false));
    assertEquals("recording: column 'rec' has no value on 1 row (such as line '3', object 'a', t '0.1')",
        positioned.getMessage());
    // A task's own refusal (it has no row of the driver's to show) counts its rows.
    assertEquals("orderBy: column 'line' has no whole number on 2 rows",
        SparkReplay.nullRefusal("orderBy", "line", 2).getMessage());
  }

  /** The DataFrames' contents as rangectl's writers write them (the rejected rows and summary as rows). */
  static List<String> outputs(SparkReplay.Result result) {
    return List.of(text(SparkWriters.eventsJsonl(result.events())),
        result.filtered() == null ? "" : text(SparkWriters.filteredCsv(result.filtered())),
        result.rejected().collectAsList().toString(), result.summary().collectAsList().toString());
  }

  @Test
  void aRecordingReplayedOnSeveralThreadsGivesWhatOneThreadGives() throws Exception {
    // Many objects in a table of four (evictions, lost checks), one recording alone and all eight as recordings.
    Path file = datasets().stream().filter(path -> path.toString().contains("many-objects")).findFirst().orElseThrow();
    List<String> options = List.of("--backend", "swift", "--capacity", "4");
    List<String> one = outputs(SparkReplay.replay(read(file), concat(options, "--jobs", "1"), null, null, true));
    assertTrue(one.get(0).lines().count() > 10, "expected events, got " + one.get(0));
    for (String jobs : List.of("2", "3", "4")) {
      assertEquals(one, outputs(SparkReplay.replay(read(file), concat(options, "--jobs", jobs), null, null, true)),
          "--jobs " + jobs);
    }
    // Without --jobs, the task's own share of local[2]'s cores: 2 threads for a lone recording.
    assertEquals(one, outputs(SparkReplay.replay(read(file), options, null, null, true)), "threads chosen by Spark");
    // One recording over several partitions in file order, without orderBy: each part read and numbered by a task
    // of its own (as monotonically_increasing_id() numbers them).
    spark.conf().set("spark.sql.files.maxPartitionBytes", "65536");
    try {
      Dataset<Row> split = read(file);
      assertTrue(split.rdd().getNumPartitions() > 2, split.rdd().getNumPartitions() + " partitions");
      assertEquals(one, outputs(SparkReplay.replay(split, options, null, null, true)), "parts in file order");
    } finally {
      spark.conf().unset("spark.sql.files.maxPartitionBytes");
    }
    // One recording over three partitions, shuffled: each part read by a task of its own, then put in order.
    Dataset<Row> scattered = read(file).withColumn("line", functions.monotonically_increasing_id()).repartition(3);
    assertEquals(3, scattered.rdd().getNumPartitions());
    assertEquals(one, outputs(SparkReplay.replay(scattered, options, "line", null, true)), "three parts");
    assertEquals(one, outputs(SparkReplay.replay(scattered, concat(options, "--jobs", "1"), "line", null, true)),
        "three parts, one thread");
    Dataset<Row> table = null;
    for (Path each : datasets()) {
      Dataset<Row> recording = read(each).withColumn("session", lit(each.getParent().getFileName().toString()));
      table = table == null ? recording : table.unionByName(recording, true);
    }
    Dataset<Row> ordered = table.withColumn("line", functions.monotonically_increasing_id()).repartition(3);
    assertEquals(outputs(SparkReplay.replay(ordered, concat(options, "--jobs", "1"), "line", "session", true)),
        outputs(SparkReplay.replay(ordered, concat(options, "--jobs", "3"), "line", "session", true)), "8 recordings");
  }

  @Test
  void rowsOverManyChunksAndALongTextAreTheTablesOwn() {
    // More rows than a task's chunks of 65,536 hold, in two partitions, with nulls in numbers and texts and a text
    // of 2 MiB (past a chunk of bytes, its own chunk): the replay of the rows as ReplayTable gives them.
    int n = 150_000;
    double[] t = new double[n];
    String[] objects = new String[n];
    double[] distance = new double[n];
    String[] notes = new String[n];
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      t[i] = i * 0.01;
      objects[i] = "tag-" + (i % 7);
      distance[i] = i % 97 == 0 ? Double.NaN : 0.5 + (i % 400) * 0.01;
      notes[i] = i % 5 == 0 ? null : i == 70_000 ? "n".repeat(1 << 21) : "note " + i;
      rows.add(RowFactory.create((long) i, t[i], objects[i], Double.isNaN(distance[i]) ? null : distance[i], notes[i]));
    }
    StructType schema = schema("line,t,object,distance,note", DataTypes.LongType, DataTypes.DoubleType,
        DataTypes.StringType, DataTypes.DoubleType, DataTypes.StringType);
    Dataset<Row> table = spark.createDataFrame(rows, schema).repartition(2);
    assertEquals(2, table.rdd().getNumPartitions());
    List<String> options = List.of("--backend", "swift", "--zones", "inner=1.5,outer=3");
    ReplayResult expected = TableReplay.replay(ReplayTable.builder(n).time(t).objects(objects).distance(distance)
        .texts("note", notes).build(), ReplayOptions.DEFAULT.flag("--backend").flag("swift").zones("inner=1.5,outer=3"));
    SparkReplay.Result result = SparkReplay.replay(table, options, "line", null, false);
    assertTrue(expected.events().size() > 100, "expected events, got " + expected.events().size());
    assertEquals(text(expected.eventsJsonl()), text(SparkWriters.eventsJsonl(result.events())));
    Row summary = result.summary().collectAsList().get(0);
    assertEquals((long) n, summary.getLong(0));
    assertEquals(expected.rowsRejected(), summary.getLong(5));
    // The same rows in order over two partitions, without orderBy: the parts joined as they are, unsorted.
    Dataset<Row> inOrder = spark.createDataFrame(rows, schema).repartitionByRange(2, functions.col("t"));
    assertEquals(2, inOrder.rdd().getNumPartitions());
    assertEquals(text(expected.eventsJsonl()),
        text(SparkWriters.eventsJsonl(SparkReplay.replay(inOrder, options, null, null, false).events())));
    // With orderBy: the parts in order (written to C as they are), and each part in order but the later rows' part
    // first (the parts put in order before the replay).
    assertEquals(text(expected.eventsJsonl()),
        text(SparkWriters.eventsJsonl(SparkReplay.replay(inOrder, options, "line", null, false).events())));
    Dataset<Row> laterFirst = spark.createDataFrame(rows, schema)
        .repartitionByRange(2, functions.col("t").desc()).sortWithinPartitions("t");
    assertEquals(2, laterFirst.rdd().getNumPartitions());
    assertEquals(text(expected.eventsJsonl()),
        text(SparkWriters.eventsJsonl(SparkReplay.replay(laterFirst, options, "line", null, false).events())));
  }

  /** A schema of nullable columns: their names, comma-separated, and their types, in order. */
  static StructType schema(String names, DataType... types) {
    String[] split = names.split(",");
    List<StructField> fields = new ArrayList<>();
    for (int i = 0; i < split.length; i++) fields.add(DataTypes.createStructField(split[i], types[i], true));
    return DataTypes.createStructType(fields);
  }

  static List<String> concat(List<String> options, String... more) {
    List<String> all = new ArrayList<>(options);
    all.addAll(List.of(more));
    return all;
  }

  @Test
  void jobsOutOfRangeOrNotAWholeNumberIsRefusedOnTheDriverNamingIt() throws Exception {
    Dataset<Row> table = read(datasets().get(0));
    for (String jobs : List.of("0", "-1", "257", "99999999999999999999", "two", "2.5", "")) {
      var refusal = assertThrows(IllegalArgumentException.class,
          () -> SparkReplay.replay(table, List.of("--jobs", jobs), null, null, false), jobs);
      assertTrue(refusal.getMessage().contains("--jobs"), refusal.getMessage());
    }
  }

  @Test
  void eachReplayTakesAShareOfItsExecutorsCores() {
    SparkConf conf = new SparkConf(false);
    // One recording on local[2]: both cores; two or more tasks: one each (spark.task.cpus).
    assertEquals(2, ReplayThreads.choose(conf, "local[2]", 1, List.of()));
    assertEquals(1, ReplayThreads.choose(conf, "local[2]", 2, List.of()));
    assertEquals(1, ReplayThreads.choose(conf, "local[2]", 200, List.of()));
    assertEquals(4, ReplayThreads.choose(conf, "local[8,3]", 2, List.of()));
    assertEquals(1, ReplayThreads.choose(conf, "local", 1, List.of()));
    assertEquals(3, ReplayThreads.choose(conf, "local-cluster[2, 3, 1024]", 1, List.of()));
    // At most what --jobs takes (the C library's ranging_replay_max_jobs), however many cores.
    assertEquals(TableReplay.maxJobs(), ReplayThreads.choose(conf, "local[99999999999]", 1, List.of()));
    assertEquals(TableReplay.maxJobs(), ReplayThreads.choose(conf, "local[100000]", 1, List.of()));
    assertEquals(Math.min(TableReplay.maxJobs(), Runtime.getRuntime().availableProcessors()),
        ReplayThreads.choose(conf, "local[*]", 1, List.of()));
    // No tasks at all (an empty table): as one.
    assertEquals(2, ReplayThreads.choose(conf, "local[2]", 0, List.of()));
    // A cluster: its executors' cores as set, else 1; a task of several CPUs keeps them.
    assertEquals(1, ReplayThreads.choose(conf, "spark://host:7077", 1, List.of()));
    SparkConf cluster = new SparkConf(false).set("spark.executor.cores", "8").set("spark.task.cpus", "2");
    assertEquals(8, ReplayThreads.choose(cluster, "yarn", 1, List.of()));
    assertEquals(4, ReplayThreads.choose(cluster, "yarn", 2, List.of()));
    assertEquals(2, ReplayThreads.choose(cluster, "yarn", 100, List.of()));
    // The caller's --jobs is kept as given.
    assertEquals(0, ReplayThreads.choose(conf, "local[2]", 1, List.of("--jobs", "3")));
    assertEquals(0, ReplayThreads.choose(conf, "local[2]", 1, List.of("--jobs=3")));
  }
}
