// SPDX-License-Identifier: Apache-2.0
package rangingengine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * TableReplay against rangectl: every bundled dataset, read into columns as
 * jvm/examples/ReplayCsv.java reads them (CsvTable), replays to the bytes of `rangectl replay FILE
 * --backend swift --events E --filtered F` (the events and the filtered track,
 * both as the replay writes them and as the writers write the columns); and
 * hostile input (null arrays, NaN times, wrong lengths, huge counts, refused
 * options, the JNI functions given bad arrays) is an exception naming the field.
 */
class TableReplayTest {

  static String rangectl() {
    String rangectl = System.getProperty("rangingengine.rangectl");
    assertNotNull(rangectl, "set -Drangingengine.rangectl=PATH (scripts/checks/check-jvm does)");
    return rangectl;
  }

  static List<Path> datasets() throws IOException {
    List<Path> files = new ArrayList<>();
    try (var folders = Files.list(Paths.get(System.getProperty("rangingengine.datasets", "datasets")))) {
      folders.sorted().forEach(folder -> {
        Path samples = folder.resolve("samples.csv");
        if (Files.isRegularFile(samples)) files.add(samples);
      });
    }
    assertTrue(files.size() >= 8, "expected the 8 bundled datasets, found " + files.size());
    return files;
  }

  /** rangectl replay FILE --events E --filtered F with more options: {E's bytes, F's bytes}. */
  static byte[][] rangectlOutputs(Path file, String... options) throws Exception {
    Path folder = Files.createTempDirectory("rangingengine-table");
    try {
      List<String> command = new ArrayList<>(List.of(rangectl(), "replay", file.toString(), "--events",
          folder.resolve("e.jsonl").toString(), "--filtered", folder.resolve("f.csv").toString()));
      command.addAll(List.of(options));
      Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD)
          .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
      assertTrue(process.waitFor(120, TimeUnit.SECONDS), "rangectl did not finish");
      assertEquals(0, process.exitValue(), "rangectl replay " + file);
      return new byte[][] {Files.readAllBytes(folder.resolve("e.jsonl")), Files.readAllBytes(folder.resolve("f.csv"))};
    } finally {
      for (String name : new String[] {"e.jsonl", "f.csv"}) Files.deleteIfExists(folder.resolve(name));
      Files.delete(folder);
    }
  }

  static void assertSameBytes(byte[] expected, byte[] actual, String what) {
    if (!java.util.Arrays.equals(expected, actual)) {
      String want = new String(expected, StandardCharsets.UTF_8);
      String got = new String(actual, StandardCharsets.UTF_8);
      int line = 0;
      String[] a = want.split("\n", -1);
      String[] b = got.split("\n", -1);
      while (line < Math.min(a.length, b.length) && a[line].equals(b[line])) line++;
      throw new AssertionError(what + ": differs from rangectl's at line " + (line + 1) + ": rangectl "
          + (line < a.length ? a[line] : "<end>") + " | Java " + (line < b.length ? b[line] : "<end>")
          + " (" + expected.length + " and " + actual.length + " bytes)");
    }
  }

  @TestFactory
  Stream<DynamicTest> everyBundledDatasetGivesRangectlsBytes() throws IOException {
    return datasets().stream().map(file -> DynamicTest.dynamicTest(file.getParent().getFileName().toString(), () -> {
      byte[][] expected = rangectlOutputs(file, "--backend", "swift");
      ReplayResult result = TableReplay.replay(csv(file),
          ReplayOptions.DEFAULT.backend("swift").withFiltered(true).withFilteredText(true));
      assertTrue(result.events().size() > 0, file + ": no events");
      assertSameBytes(expected[0], result.eventsJsonl(), file + " events");
      assertSameBytes(expected[0], result.events().toJsonl(), file + " events from the columns");
      assertSameBytes(expected[1], result.filteredCsv(), file + " filtered track");
      assertSameBytes(expected[1], result.filtered().toCsv(), file + " filtered track from the columns");
      assertEquals(result.measurementsAccepted(), result.filtered().size(), file + ": one filtered row a measurement");
    }));
  }

  @Test
  void zonesAndEngineOptionsAreRangectls() throws Exception {
    Path file = datasets().get(0);
    String[] options = {"--backend", "swift", "--zones", "inner=1.5,outer=3", "--capacity", "2", "--direction", "off"};
    byte[][] expected = rangectlOutputs(file, options);
    ReplayOptions given = ReplayOptions.DEFAULT.backend("swift").zones("inner=1.5,outer=3")
        .option("--capacity", "2").option("--direction", "off").withFiltered(true);
    ReplayResult result = TableReplay.replay(csv(file), given);
    assertEquals(List.of("inner", "outer"), result.events().zoneNames());
    assertSameBytes(expected[0], result.eventsJsonl(), "events with options");
    assertSameBytes(expected[1], result.filtered().toCsv(), "filtered track with options");
    assertEquals(0, result.filteredCsv().length, "no filtered text unless asked for");
    ReplayResult textAlone = TableReplay.replay(csv(file), ReplayOptions.DEFAULT.backend("swift")
        .zones("inner=1.5,outer=3").option("--capacity", "2").option("--direction", "off").withFilteredText(true));
    assertSameBytes(expected[1], textAlone.filteredCsv(), "filtered text alone");
    assertEquals(null, textAlone.filtered(), "no filtered columns unless asked for");
  }

  private static ReplayTable.Builder small() {
    return ReplayTable.builder(3).time(new double[] {0, 0.1, 0.2}).objects(new String[] {"a", "a", "b"});
  }

  @Test
  void badArraysAreExceptionsNamingTheField() {
    var nullTime = assertThrows(IllegalArgumentException.class, () -> ReplayTable.builder(3).time(null));
    assertTrue(nullTime.getMessage().startsWith("t: "), nullTime.getMessage());
    var nanTime = assertThrows(IllegalArgumentException.class,
        () -> ReplayTable.builder(2).time(new double[] {0, Double.NaN}));
    assertEquals("t: row 1 is NaN, not a finite time in seconds", nanTime.getMessage());
    var infinite = assertThrows(IllegalArgumentException.class,
        () -> ReplayTable.builder(1).time(new double[] {Double.POSITIVE_INFINITY}));
    assertTrue(infinite.getMessage().startsWith("t: row 0"), infinite.getMessage());
    var shortDistance = assertThrows(IllegalArgumentException.class, () -> small().distance(new double[2]));
    assertEquals("distance: 2 values for 3 rows", shortDistance.getMessage());
    var shortDirection = assertThrows(IllegalArgumentException.class,
        () -> small().direction(new double[3], new double[3], new double[4]));
    assertEquals("dir_z: 4 values for 3 rows", shortDirection.getMessage());
    var nullObject = assertThrows(IllegalArgumentException.class,
        () -> ReplayTable.builder(2).objects(new String[] {"a", null}));
    assertEquals("object: row 1 is null", nullObject.getMessage());
    var huge = assertThrows(IllegalArgumentException.class,
        () -> ReplayTable.builder(Integer.MAX_VALUE).time(new double[4]));
    assertTrue(huge.getMessage().startsWith("t: 4 values for 2147483647 rows"), huge.getMessage());
    assertThrows(IllegalArgumentException.class, () -> ReplayTable.builder(-1));
    var twice = assertThrows(IllegalArgumentException.class, () -> small().distance(new double[3]).numbers("distance",
        new double[3]));
    assertEquals("distance: the column is given twice", twice.getMessage());
    assertThrows(IllegalArgumentException.class, () -> small().numbers("a\0b", new double[3]));
    assertThrows(IllegalArgumentException.class, () -> TableReplay.replay(null, ReplayOptions.DEFAULT));
    assertThrows(IllegalArgumentException.class, () -> TableReplay.replay(small().build(), null));
  }

  @Test
  void refusedOptionsAndTablesAreRangectlsMessages() {
    var option = assertThrows(IllegalArgumentException.class,
        () -> TableReplay.replay(small().build(), ReplayOptions.DEFAULT.option("--capacity", "0")));
    assertTrue(option.getMessage().contains("--capacity"), option.getMessage());
    var unknown = assertThrows(IllegalArgumentException.class,
        () -> TableReplay.replay(small().build(), ReplayOptions.DEFAULT.flag("--no-such-option")));
    assertTrue(unknown.getMessage().contains("no-such-option"), unknown.getMessage());
    var files = assertThrows(IllegalArgumentException.class,
        () -> TableReplay.replay(small().build(), ReplayOptions.DEFAULT.option("--out-dir", "out")));
    assertTrue(files.getMessage().contains("--out-dir"), files.getMessage());
    // The most --jobs takes, as the C library says, is taken; one more is refused.
    assertEquals(256, TableReplay.maxJobs());
    TableReplay.replay(small().build(), ReplayOptions.DEFAULT.option("--jobs", Integer.toString(TableReplay.maxJobs())));
    for (String jobs : new String[] {"0", "-3", Integer.toString(TableReplay.maxJobs() + 1), "99999999999999999999",
        "two", ""}) {
      var threads = assertThrows(IllegalArgumentException.class,
          () -> TableReplay.replay(small().build(), ReplayOptions.DEFAULT.option("--jobs", jobs)), jobs);
      assertTrue(threads.getMessage().contains("--jobs"), threads.getMessage());
    }
    var noTime = assertThrows(IllegalArgumentException.class, () -> TableReplay.replay(
        ReplayTable.builder(1).objects(new String[] {"a"}).build(), ReplayOptions.DEFAULT));
    assertTrue(noTime.getMessage().contains("'t'"), noTime.getMessage());
  }

  @Test
  void badRowsAreRejectedRowsAsInAFile() {
    ReplayTable table = ReplayTable.builder(3).time(new double[] {0, 0.1, 0.2}).objects(new String[] {"a", "a", "a"})
        .distance(new double[] {1, -5, Double.POSITIVE_INFINITY}).build();
    ReplayResult result = TableReplay.replay(table, ReplayOptions.DEFAULT.withFiltered(true));
    assertEquals(3, result.rowsRead());
    assertEquals(2, result.rowsRejected());
    assertEquals(1, result.filtered().size());
    String rejected = new String(result.rejectedJsonl(), StandardCharsets.UTF_8);
    assertTrue(rejected.contains("\"line\":3") && rejected.contains("\"line\":4"), rejected);
  }

  @Test
  void theJniFunctionsRefuseBadArraysWithoutTouchingMemory() {
    String[] names = {"t", "object"};
    int[] kinds = {ReplayTable.NUMBERS, ReplayTable.TEXTS};
    long[] offsets = {0, 1, 2, 3};
    Object[] offsetsOf = {null, offsets};
    Object[] none = {null, null};
    // Too few numbers for the rows, numbers of the wrong type, offsets past the bytes, offsets out of order.
    Object[][] data = {{new double[2], "abc".getBytes(StandardCharsets.UTF_8)},
        {new long[3], "abc".getBytes(StandardCharsets.UTF_8)}, {new double[3], "ab".getBytes(StandardCharsets.UTF_8)}};
    for (Object[] columns : data) {
      assertThrows(IllegalArgumentException.class,
          () -> Native.replayTable("x", names, kinds, columns, offsetsOf, none, 3, new String[0]));
    }
    Object[] good = {new double[3], "abc".getBytes(StandardCharsets.UTF_8)};
    assertThrows(IllegalArgumentException.class, () -> Native.replayTable("x", names, kinds, good,
        new Object[] {null, new long[] {0, 2, 1, 3}}, none, 3, new String[0]));
    assertThrows(IllegalArgumentException.class, () -> Native.replayTable("x", names, kinds, good, offsetsOf,
        new Object[] {new byte[0], null}, 3, new String[0]));
    assertThrows(IllegalArgumentException.class, () -> Native.replayTable("x", names, new int[] {0, 7}, good,
        offsetsOf, none, 3, new String[0]));
    assertThrows(IllegalArgumentException.class, () -> Native.replayTable("x", names, kinds, good, offsetsOf, none,
        -1, new String[0]));
    assertThrows(IllegalArgumentException.class, () -> Native.replayTable(null, names, kinds, good, offsetsOf, none,
        3, new String[0]));
    assertThrows(IllegalArgumentException.class, () -> Native.replayTable("x", names, kinds, good, offsetsOf, none,
        3, new String[] {null}));
    assertThrows(IllegalArgumentException.class, () -> Native.replayTable("x", names, kinds, good, offsetsOf, none,
        Integer.MAX_VALUE, new String[0]));
    // The good arrays replay (no distance: no events).
    long handle = Native.replayTable("x", names, kinds, good, offsetsOf, none, 3, new String[0]);
    assertTrue(handle != 0);
    Native.replayFree(handle);
    Native.replayFree(0);
  }

  @Test
  void theWritersRefuseRecordsTheyCannotWrite() {
    ReplayEvents outOfRange = new ReplayEvents(new double[] {1}, new long[] {0}, new double[] {1}, new double[] {0.1},
        new int[] {5}, new byte[] {0}, new byte[] {0}, List.of("a"), List.of("inner"));
    assertThrows(IllegalArgumentException.class, outOfRange::toJsonl);
    ReplayEvents unknownObject = new ReplayEvents(new double[] {1}, new long[] {3}, new double[] {1},
        new double[] {0.1}, new int[] {0}, new byte[] {0}, new byte[] {0}, List.of("a"), List.of("inner"));
    assertThrows(IllegalArgumentException.class, unknownObject::toJsonl);
    ReplayEvents shortColumn = new ReplayEvents(new double[] {1}, new long[0], new double[] {1}, new double[] {0.1},
        new int[] {0}, new byte[] {0}, new byte[] {0}, List.of("a"), List.of("inner"));
    assertThrows(IllegalArgumentException.class, shortColumn::toJsonl);
    double[] one = {1};
    FilteredTrack comma = new FilteredTrack(one, new long[] {0}, one, one, one, one, one, new byte[] {0}, one, one,
        List.of("a,b"));
    assertThrows(IllegalArgumentException.class, comma::toCsv);
    FilteredTrack badState = new FilteredTrack(one, new long[] {0}, one, one, one, one, one, new byte[] {9}, one, one,
        List.of("a"));
    assertThrows(IllegalArgumentException.class, badState::toCsv);
    ReplayEvents ok = new ReplayEvents(new double[] {1.25}, new long[] {0}, new double[] {1}, new double[] {0.1},
        new int[] {0}, new byte[] {0}, new byte[] {0}, List.of("a"), List.of("inner"));
    String line = new String(ok.toJsonl(), StandardCharsets.UTF_8);
    assertTrue(line.contains("\"object\":\"a\"") && line.contains("\"zone\":\"inner\""), line);
    assertArrayEquals(new byte[0], new ReplayEvents(new double[0], new long[0], new double[0], new double[0],
        new int[0], new byte[0], new byte[0], List.of(), List.of()).toJsonl());
  }

  @TestFactory
  Stream<DynamicTest> aNativeTableWrittenInPiecesOnTwoThreadsGivesRangectlsBytes() throws IOException {
    // Each bundled dataset's columns written to C memory in three runs of rows of unequal lengths (a run's texts
    // ending where the next one's start), the columns shared between two threads, as a Spark task writes its parts.
    return datasets().stream().map(file -> DynamicTest.dynamicTest(file.getParent().getFileName().toString(), () -> {
      byte[][] expected = rangectlOutputs(file, "--backend", "swift");
      ReplayTable read = csv(file);
      int rows = read.rowCount();
      int[] cuts = {0, rows / 3, rows / 3 + rows / 5, rows};
      List<ReplayTable.Column> columns = read.columns();
      int[] kinds = columns.stream().mapToInt(ReplayTable.Column::kind).toArray();
      long[] bytes = columns.stream().mapToLong(column -> column.offsets() == null ? 0 : column.offsets()[rows])
          .toArray();
      try (NativeTable table = NativeTable.allocate(rows, read.columnNames(), kinds, bytes)) {
        Thread other = new Thread(() -> writeColumns(table, columns, cuts, 1));
        other.start();
        writeColumns(table, columns, cuts, 0);
        other.join();
        ReplayResult result = table.replay(ReplayOptions.DEFAULT.backend("swift").withFiltered(true)
            .withFilteredText(true), TableReplay.TABLE_NAME);
        assertSameBytes(expected[0], result.eventsJsonl(), file + " events");
        assertSameBytes(expected[1], result.filteredCsv(), file + " filtered track");
      }
    }));
  }

  /** Columns first, first + 2, ... of the table read, written to the native table in the runs of rows between cuts. */
  private static void writeColumns(NativeTable table, List<ReplayTable.Column> columns, int[] cuts, int first) {
    for (int c = first; c < columns.size(); c += 2) {
      ReplayTable.Column column = columns.get(c);
      for (int k = 0; k + 1 < cuts.length; k++) {
        int at = cuts[k];
        int n = cuts[k + 1] - at;
        boolean[] missing = new boolean[n];
        for (int i = 0; i < n; i++) {
          int row = at + i;
          missing[i] = column.validity() != null && (column.validity()[row >>> 3] & (1 << (row & 7))) == 0;
        }
        switch (column.kind()) {
          case ReplayTable.NUMBERS -> table.numbers(c, at, java.util.Arrays.copyOfRange((double[]) column.data(), at,
              at + n), n);
          case ReplayTable.INTEGERS -> table.integers(c, at, java.util.Arrays.copyOfRange((long[]) column.data(), at,
              at + n), missing, n);
          default -> {
            long[] offsets = column.offsets();
            long firstByte = offsets[at];
            long[] ends = new long[n];
            for (int i = 0; i < n; i++) ends[i] = offsets[at + i + 1] - firstByte;
            int length = (int) (offsets[at + n] - firstByte);
            byte[] piece = java.util.Arrays.copyOfRange((byte[]) column.data(), (int) firstByte, (int) firstByte
                + length);
            table.texts(c, at, firstByte, ends, missing, n);
            table.textBytes(c, firstByte, piece, length);
          }
        }
      }
    }
  }

  @Test
  void aNativeTableRefusesRowsOutsideItAndAReplayBeforeEveryRowIsWritten() {
    List<String> names = List.of("t", "object", "distance");
    int[] kinds = {NativeTable.NUMBERS, NativeTable.TEXTS, NativeTable.NUMBERS};
    try (NativeTable table = NativeTable.allocate(2, names, kinds, new long[] {0, 2, 0})) {
      table.numbers(0, 0, new double[] {0, 0.1}, 2);
      assertThrows(IllegalArgumentException.class, () -> table.numbers(0, 1, new double[] {0, 0.1}, 2));
      assertThrows(IllegalArgumentException.class, () -> table.numbers(1, 0, new double[] {0, 0.1}, 2));
      assertThrows(IllegalArgumentException.class, () -> table.numbers(0, 0, new double[] {0}, 2));
      assertThrows(IllegalArgumentException.class, () -> table.textBytes(1, 1, new byte[] {'a', 'b'}, 2));
      table.textBytes(1, 0, new byte[] {'a', 'b'}, 2);
      // The second text ends before it starts: refused when the replay reads the column.
      table.texts(1, 0, 0, new long[] {2, 1}, null, 2);
      var early = assertThrows(IllegalArgumentException.class,
          () -> table.replay(ReplayOptions.DEFAULT, TableReplay.TABLE_NAME));
      assertTrue(early.getMessage().contains("not all written"), early.getMessage());
      table.numbers(2, 0, new double[] {1, Double.NaN}, 2);
      var backwards = assertThrows(IllegalArgumentException.class,
          () -> table.replay(ReplayOptions.DEFAULT, TableReplay.TABLE_NAME));
      assertTrue(backwards.getMessage().contains("end before they start"), backwards.getMessage());
    }
    NativeTable closed = NativeTable.allocate(1, names, kinds, new long[3]);
    closed.close();
    assertThrows(IllegalStateException.class, () -> closed.numbers(0, 0, new double[] {0}, 1));
    closed.close();  // a second close frees nothing
    assertThrows(IllegalArgumentException.class, () -> NativeTable.allocate(2, names, new int[] {0, 7, 0},
        new long[3]));
    assertThrows(IllegalArgumentException.class, () -> NativeTable.allocate(-1, names, kinds, new long[3]));
  }

  /** A bundled CSV read as jvm/examples/ReplayCsv.java reads it. */
  private static ReplayTable csv(java.nio.file.Path file) throws java.io.IOException {
    return CsvTable.read(java.nio.file.Files.newBufferedReader(file), file.toString());
  }
}
