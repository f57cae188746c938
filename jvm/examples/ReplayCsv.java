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
 * A column whose every non-empty field is a number is a column of numbers
 * (an empty field NaN); any other, and `object`, a column of texts. On
 * standard error: the CPU seconds of the replay call alone (this thread's)
 * and of writing the filtered track from its columns, then rangectl's summary.
 */
public class ReplayCsv {
  public static void main(String[] args) throws IOException {
    if (args.length < 2) {
      System.err.println("usage: java ReplayCsv FILE EVENTS [FILTERED|-] [rangectl replay options...]");
      System.exit(64);
    }
    String filtered = args.length > 2 && !args[2].startsWith("--") ? args[2] : null;
    ReplayOptions options = ReplayOptions.DEFAULT.withFiltered(filtered != null && !filtered.equals("-"));
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
    System.err.printf("replay: %.3f s CPU%n", (after - before) / 1e9);
    if (result.filtered() != null) {
      before = bean.getCurrentThreadCpuTime();
      byte[] csv = result.filtered().toCsv();
      after = bean.getCurrentThreadCpuTime();
      Files.write(Paths.get(filtered), csv);
      System.err.printf("filtered track written: %.3f s CPU%n", (after - before) / 1e9);
    }
    System.err.print(result.messages());
  }

  /** The CSV's columns as a ReplayTable. */
  public static ReplayTable read(Path file) throws IOException {
    List<String> header = null;
    List<String[]> rows = new ArrayList<>();
    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      if (line.startsWith("#") || line.isEmpty()) continue;
      String[] fields = line.split(",", -1);
      if (header == null) header = List.of(fields);
      else rows.add(fields);
    }
    if (header == null) throw new IOException(file + ": no header");
    ReplayTable.Builder table = ReplayTable.builder(rows.size());
    for (int c = 0; c < header.size(); c++) {
      String name = header.get(c);
      String[] texts = new String[rows.size()];
      double[] numbers = new double[rows.size()];
      boolean numeric = !name.equals("object");
      for (int r = 0; r < rows.size(); r++) {
        String field = c < rows.get(r).length ? rows.get(r)[c] : "";
        texts[r] = field.isEmpty() ? null : field;
        if (numeric) {
          if (field.isEmpty()) {
            numbers[r] = Double.NaN;
          } else {
            try {
              numbers[r] = Double.parseDouble(field);
            } catch (NumberFormatException notANumber) {
              numeric = false;
            }
          }
        }
      }
      if (numeric) table.numbers(name, numbers);
      else table.texts(name, texts);
    }
    return table.build();
  }
}
