// SPDX-License-Identifier: Apache-2.0
package rangingengine.spark;

import java.util.HashMap;
import java.util.Map;
import rangingengine.JsonText;

/** A flat JSON object of strings, integers and nulls (RFC 8259), as docs/FORMATS.md §6 writes a rejected row. */
final class FlatJson {
  private FlatJson() {}

  static Map<String, Object> parse(String line) {
    Map<String, Object> fields = new HashMap<>();
    int[] at = {skip(line, 0)};
    expect(line, at, '{');
    while (true) {
      at[0] = skip(line, at[0]);
      if (line.charAt(at[0]) == '}') break;
      String key = string(line, at);
      at[0] = skip(line, at[0]);
      expect(line, at, ':');
      at[0] = skip(line, at[0]);
      char c = line.charAt(at[0]);
      Object value;
      if (c == '"') {
        value = string(line, at);
      } else if (line.startsWith("null", at[0])) {
        value = null;
        at[0] += 4;
      } else {
        int start = at[0];
        while (at[0] < line.length() && "-+0123456789.eE".indexOf(line.charAt(at[0])) >= 0) at[0]++;
        value = Long.parseLong(line.substring(start, at[0]));
      }
      fields.put(key, value);
      at[0] = skip(line, at[0]);
      if (line.charAt(at[0]) == ',') at[0]++;
    }
    return fields;
  }

  private static int skip(String line, int at) {
    while (at < line.length() && Character.isWhitespace(line.charAt(at))) at++;
    return at;
  }

  private static void expect(String line, int[] at, char c) {
    if (line.charAt(at[0]) != c) throw new IllegalStateException("not a §6 line: " + line);
    at[0]++;
  }

  /** The JSON string starting at at[0] (its opening quote), decoded by the one JSON string decoder (JsonText). */
  private static String string(String line, int[] at) {
    int start = at[0];
    expect(line, at, '"');
    // To the closing quote: a backslash escapes the character after it.
    while (line.charAt(at[0]) != '"') at[0] += line.charAt(at[0]) == '\\' ? 2 : 1;
    at[0]++;
    return JsonText.decode(line.substring(start, at[0]));
  }
}
