// SPDX-License-Identifier: Apache-2.0
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import rangingengine.CsvTable;
import rangingengine.ReplayOptions;
import rangingengine.ReplayResult;
import rangingengine.ReplayTable;
import rangingengine.TableReplay;

/**
 * Reads a ranging CSV (docs/FORMATS.md §1: comments, a header, fields without
 * quoting) into columns (CsvTable), replays them with TableReplay and writes the events
 * and the filtered track as rangectl replay's --events and --filtered would:
 *
 *   java ReplayCsv FILE EVENTS [FILTERED] [rangectl replay options...]
 *
 * §1's numeric columns are columns of numbers (an empty field NaN), any
 * other a column of texts (an empty field null). On
 * standard error: the CPU seconds of the replay call alone (this thread's;
 * with --jobs N the other threads' are not counted), its wall seconds, then
 * rangectl's summary.
 */
public class ReplayCsv {
  public static void main(String[] args) throws IOException {
    if (args.length < 2) {
      System.err.println("usage: java ReplayCsv FILE EVENTS [FILTERED|-] [rangectl replay options...]");
      System.exit(64);
    }
    String filtered = args.length > 2 && !args[2].startsWith("--") ? args[2] : null;
    // The filtered track's text formatted by the replay itself, as rangectl's --filtered (FilteredTrack.toCsv
    // writes the same bytes from the columns, for columns that come from elsewhere).
    ReplayOptions options = ReplayOptions.DEFAULT.withFilteredText(filtered != null && !filtered.equals("-"));
    for (int i = filtered == null ? 2 : 3; i < args.length; i++) {
      if (i + 1 < args.length && !args[i + 1].startsWith("--")) {
        options = options.option(args[i], args[++i]);
      } else {
        options = options.flag(args[i]);
      }
    }
    ReplayTable table = CsvTable.read(Files.newBufferedReader(Paths.get(args[0]), StandardCharsets.UTF_8), args[0]);
    var bean = ManagementFactory.getThreadMXBean();
    long before = bean.getCurrentThreadCpuTime();
    long start = System.nanoTime();
    ReplayResult result = TableReplay.replay(table, options, args[0]);
    long wall = System.nanoTime() - start;
    long after = bean.getCurrentThreadCpuTime();
    Files.write(Paths.get(args[1]), result.eventsJsonl());
    if (filtered != null && !filtered.equals("-")) Files.write(Paths.get(filtered), result.filteredCsv());
    System.err.printf("replay: %.3f s CPU%n", (after - before) / 1e9);
    System.err.printf("replay: %.3f s wall%n", wall / 1e9);
    System.err.print(result.messages());
  }
}
