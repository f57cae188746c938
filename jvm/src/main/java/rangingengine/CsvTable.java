// SPDX-License-Identifier: Apache-2.0
package rangingengine;

import java.io.BufferedReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * A ranging CSV in its plain layout (docs/FORMATS.md §1: comments, a header,
 * fields without quoting) read into the columns of a {@link ReplayTable}, for
 * a program that has a file rather than columns (jvm/examples/ReplayCsv.java,
 * the tests). Names with commas or quotes, other layouts and units are read by
 * rangectl and the Python package, whose readers apply every rule of §1.
 *
 * <p>It splits the fields itself rather than asking the C API's reader, which gives no fields: ranging_read_file
 * gives rows already converted (SI units, object indices) with the rejected rows taken out and reported apart,
 * while a table is replayed from its fields so that {@code ranging_replay_table} rejects, counts and reports each
 * row as {@code rangectl replay} does (TableReplayTest holds the two to the same bytes). A program with a file and
 * no need of columns replays the file itself ({@code rangectl replay}, or ranging_replay_file from C).
 */
public final class CsvTable {
  private CsvTable() {}

  /** The columns of docs/FORMATS.md §1 that hold numbers; any other column is read as texts. */
  static final java.util.Set<String> NUMBERS = java.util.Set.of("t", "distance", "dir_x", "dir_y", "dir_z",
      "horizontal_angle", "true_distance", "true_x", "true_y", "true_z", "pose_w", "pose_x", "pose_y", "pose_z");

  /**
   * The CSV's columns as a ReplayTable: §1's numeric columns as numbers (an empty field NaN, a field that is not a
   * number an IOException naming its line and column), the others as texts (an empty field null). Reads
   * {@code lines} to its end and closes it; {@code file} names it in messages. Takes a reader, not a path, so that
   * the class uses nothing Android lacks (java.nio.file).
   */
  public static ReplayTable read(BufferedReader lines, String file) throws IOException {
    try (lines) {
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
