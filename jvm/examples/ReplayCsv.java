// SPDX-License-Identifier: Apache-2.0
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import rangingengine.ReplayOptions;
import rangingengine.ReplayResult;
import rangingengine.ReplayTable;
import rangingengine.TableReplay;

/**
 * Reads a ranging CSV (docs/FORMATS.md §1: comments, a header, fields without
 * quoting) into columns, replays them with TableReplay and writes the events
 * and the filtered track as rangectl replay's --events and --filtered would:
 *
 *   java ReplayCsv FILE EVENTS [FILTERED] [rangectl replay options...]
 *
 * §1's numeric columns are columns of numbers (an empty field NaN), any
 * other a column of texts (an empty field null). On
 * standard error: the CPU seconds of the replay call alone (this thread's),
 * then rangectl's summary.
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
    ReplayTable table = read(Paths.get(args[0]));
    var bean = ManagementFactory.getThreadMXBean();
    long before = bean.getCurrentThreadCpuTime();
    ReplayResult result = TableReplay.replay(table, options, args[0]);
    long after = bean.getCurrentThreadCpuTime();
    Files.write(Paths.get(args[1]), result.eventsJsonl());
    if (filtered != null && !filtered.equals("-")) Files.write(Paths.get(filtered), result.filteredCsv());
    System.err.printf("replay: %.3f s CPU%n", (after - before) / 1e9);
    System.err.print(result.messages());
  }

  /** The columns of docs/FORMATS.md §1 that hold numbers; any other column is read as texts. */
  static final java.util.Set<String> NUMBERS = java.util.Set.of("t", "distance", "dir_x", "dir_y", "dir_z",
      "horizontal_angle", "true_distance", "true_x", "true_y", "true_z", "pose_w", "pose_x", "pose_y", "pose_z");

  /**
   * The CSV's columns as a ReplayTable: §1's numeric columns as numbers (an empty field NaN, a field that is not a
   * number an IOException naming its line and column), the others as texts (an empty field null).
   */
  public static ReplayTable read(Path file) throws IOException {
    try (var lines = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      String[] header = null;
      double[][] numbers = null;
      List<List<String>> texts = new ArrayList<>();
      int rows = 0;
      int lineNumber = 0;
      for (String line = lines.readLine(); line != null; line = lines.readLine()) {
        lineNumber++;
        if (line.startsWith("#") || line.isEmpty()) continue;
        if (header == null) {
          header = line.split(",", -1);
          numbers = new double[header.length][];
          for (int c = 0; c < header.length; c++) {
            if (NUMBERS.contains(header[c])) numbers[c] = new double[1024];
            texts.add(NUMBERS.contains(header[c]) ? null : new ArrayList<>());
          }
          continue;
        }
        int start = 0;
        for (int c = 0; c < header.length; c++) {
          int end = line.indexOf(',', start);
          if (end < 0) end = line.length();
          String field = start <= line.length() ? line.substring(Math.min(start, line.length()), end) : "";
          start = end + 1;
          if (numbers[c] != null) {
            if (rows == numbers[c].length) numbers[c] = java.util.Arrays.copyOf(numbers[c], rows * 2);
            try {
              numbers[c][rows] = field.isEmpty() ? Double.NaN : Double.parseDouble(field);
            } catch (NumberFormatException notANumber) {
              throw new IOException(file + ":" + lineNumber + ": " + header[c] + " is not a number: " + field);
            }
          } else {
            texts.get(c).add(field.isEmpty() ? null : field);
          }
        }
        rows++;
      }
      if (header == null) throw new IOException(file + ": no header");
      ReplayTable.Builder table = ReplayTable.builder(rows);
      for (int c = 0; c < header.length; c++) {
        if (numbers[c] != null) table.numbers(header[c], java.util.Arrays.copyOf(numbers[c], rows));
        else table.texts(header[c], texts.get(c).toArray(new String[0]));
      }
      return table.build();
    }
  }
}
