// SPDX-License-Identifier: Apache-2.0
package rangingengine.spark;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;

/**
 * Spark on the JVM against rangectl replay --jobs 2, wall time, by turns
 * (scripts/reports/bench-jvm runs it):
 *
 *   java ... rangingengine.spark.SparkBench FILE RANGECTL RUNS [rangectl replay options...]
 *
 * Reads FILE with Spark's CSV reader (§1's numeric columns as doubles, the
 * others as strings) into a DataFrame held in memory (localCheckpoint), checks
 * once that SparkReplay's events are rangectl's bytes, then RUNS times, in
 * turn: `rangectl replay FILE --jobs 2 --events E` and SparkReplay.replay of
 * the DataFrame with its events collected to the driver (events only), then
 * the same with the filtered track (--filtered F; the DataFrame's rows
 * counted). Prints each run's seconds and the medians, in wall time and in
 * CPU time (user + system: rangectl's from /usr/bin/time, Spark's the whole
 * JVM's, every thread, local[2] running its tasks in this process), the CPU
 * figures for a machine whose other work makes the wall ratios noisy.
 */
public final class SparkBench {
  private SparkBench() {}

  static final Set<String> NUMBERS = Set.of("t", "distance", "dir_x", "dir_y", "dir_z", "horizontal_angle",
      "true_distance", "true_x", "true_y", "true_z", "pose_w", "pose_x", "pose_y", "pose_z");

  public static void main(String[] args) throws Exception {
    Path file = Paths.get(args[0]);
    String rangectl = args[1];
    int runs = Integer.parseInt(args[2]);
    List<String> options = Arrays.asList(args).subList(3, args.length);
    SparkSession spark = SparkSession.builder().master("local[2]").appName("rangingengine-bench")
        .config("spark.ui.enabled", "false").config("spark.sql.shuffle.partitions", "2").getOrCreate();
    spark.sparkContext().setLogLevel("ERROR");
    String header = Files.lines(file).filter(line -> !line.startsWith("#")).findFirst().orElseThrow();
    List<StructField> fields = new ArrayList<>();
    for (String name : header.split(",")) {
      fields.add(DataTypes.createStructField(name, NUMBERS.contains(name) ? DataTypes.DoubleType
          : DataTypes.StringType, true));
    }
    Dataset<Row> table = spark.read().option("header", "true").option("comment", "#")
        .schema(DataTypes.createStructType(fields)).csv(file.toString()).localCheckpoint();
    System.out.println("rows: " + table.count() + " in " + table.rdd().getNumPartitions() + " partitions");

    Path events = Files.createTempFile("bench-jvm", ".jsonl");
    Path filtered = Files.createTempFile("bench-jvm", ".csv");
    rangectl(rangectl, file, events, null, options);
    byte[] expected = Files.readAllBytes(events);
    byte[] found = SparkWriters.eventsJsonl(SparkReplay.replay(table, options, null, null, false).events());
    System.out.println("events: " + (Arrays.equals(expected, found) ? "the same bytes as rangectl's ("
        + new String(expected, StandardCharsets.UTF_8).lines().count() + " events)" : "DIFFERENT from rangectl's"));
    if (!Arrays.equals(expected, found)) System.exit(1);

    for (boolean withFiltered : new boolean[] {false, true}) {
      double[] reference = new double[runs];
      double[] spark2 = new double[runs];
      double[] referenceCpu = new double[runs];
      double[] sparkCpu = new double[runs];
      for (int run = 0; run < runs; run++) {
        for (int turn = 0; turn < 2; turn++) {
          boolean sparkFirst = run % 2 == 1;
          if ((turn == 0) == sparkFirst) {
            long cpu = processCpu();
            long start = System.nanoTime();
            SparkReplay.Result result = SparkReplay.replay(table, options, null, null, withFiltered);
            result.events().collectAsList();
            if (withFiltered) result.filtered().count();
            spark2[run] = (System.nanoTime() - start) / 1e9;
            sparkCpu[run] = (processCpu() - cpu) / 1e9;
          } else {
            long start = System.nanoTime();
            referenceCpu[run] = rangectl(rangectl, file, events, withFiltered ? filtered : null, options);
            reference[run] = (System.nanoTime() - start) / 1e9;
          }
        }
        System.out.printf("%s run %d: rangectl --jobs 2 %.3f s wall, %.3f s CPU; Spark JVM %.3f s wall, %.3f s CPU%n",
            withFiltered ? "filtered" : "events", run + 1, reference[run], referenceCpu[run], spark2[run],
            sparkCpu[run]);
      }
      double[] ratios = new double[runs];
      double[] cpuRatios = new double[runs];
      for (int run = 0; run < runs; run++) {
        ratios[run] = reference[run] / spark2[run];
        cpuRatios[run] = referenceCpu[run] / sparkCpu[run];
      }
      String what = withFiltered ? "with the filtered track" : "events only";
      System.out.printf("%s: median rangectl replay --jobs 2 %.3f s wall, Spark JVM local[2] %.3f s wall; "
          + "median paired ratio (rangectl / Spark) %.3f (%.3f-%.3f)%n", what, median(reference), median(spark2),
          median(ratios), min(ratios), max(ratios));
      System.out.printf("%s: median rangectl replay --jobs 2 %.3f s CPU, Spark JVM local[2] %.3f s CPU; "
          + "median paired ratio (rangectl / Spark) %.3f (%.3f-%.3f)%n", what, median(referenceCpu),
          median(sparkCpu), median(cpuRatios), min(cpuRatios), max(cpuRatios));
    }
    Files.deleteIfExists(events);
    Files.deleteIfExists(filtered);
    spark.stop();
  }

  /** Runs rangectl replay --jobs 2 under /usr/bin/time and returns its CPU seconds (user + system). */
  static double rangectl(String rangectl, Path file, Path events, Path filtered, List<String> options)
      throws Exception {
    Path times = Files.createTempFile("bench-jvm", ".time");
    List<String> command = new ArrayList<>(List.of("/usr/bin/time", "-f", "%U %S", "-o", times.toString(), rangectl,
        "replay", file.toString(), "--jobs", "2", "--events", events.toString()));
    if (filtered != null) command.addAll(List.of("--filtered", filtered.toString()));
    command.addAll(options);
    Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD)
        .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    if (process.waitFor() != 0) throw new IllegalStateException("rangectl replay failed: " + command);
    String[] fields = Files.readString(times).trim().split("\\s+");
    Files.deleteIfExists(times);
    return Double.parseDouble(fields[0]) + Double.parseDouble(fields[1]);
  }

  /** This JVM's CPU time (every thread), in nanoseconds. */
  static long processCpu() {
    return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory
        .getOperatingSystemMXBean()).getProcessCpuTime();
  }

  static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }

  static double min(double[] values) {
    return Arrays.stream(values).min().orElse(Double.NaN);
  }

  static double max(double[] values) {
    return Arrays.stream(values).max().orElse(Double.NaN);
  }
}
