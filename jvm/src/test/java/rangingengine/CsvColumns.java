// SPDX-License-Identifier: Apache-2.0
package rangingengine;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A ranging CSV read into columns for the tests, as jvm/examples/ReplayCsv.java
 * reads one: a column whose every non-empty field is a number is a column of
 * numbers (an empty field NaN), any other, and `object`, a column of texts.
 */
final class CsvColumns {
  private CsvColumns() {}

  /** The CSV's columns as a ReplayTable. */
  static ReplayTable read(Path file) throws IOException {
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
