// SPDX-License-Identifier: Apache-2.0
package rangingengine;

/**
 * A JSON string's text (RFC 8259 §7), as ranging_replay.h lists zone names and the Spark route reads
 * docs/FORMATS.md §6 lines: the one JSON string decoder of the Java code.
 */
public final class JsonText {
  private JsonText() {}

  /** The text of a JSON string literal such as {@code "inner"} or {@code "a\"b\u00e9"}. */
  public static String decode(String literal) {
    if (literal.length() < 2 || literal.charAt(0) != '"' || literal.charAt(literal.length() - 1) != '"') {
      throw new IllegalStateException("not a JSON string: " + literal);
    }
    StringBuilder text = new StringBuilder();
    for (int i = 1; i < literal.length() - 1; i++) {
      char c = literal.charAt(i);
      if (c != '\\') {
        text.append(c);
        continue;
      }
      char escape = literal.charAt(++i);
      switch (escape) {
        case 'b' -> text.append('\b');
        case 'f' -> text.append('\f');
        case 'n' -> text.append('\n');
        case 'r' -> text.append('\r');
        case 't' -> text.append('\t');
        case 'u' -> {
          text.append((char) Integer.parseInt(literal.substring(i + 1, i + 5), 16));
          i += 4;
        }
        default -> text.append(escape);
      }
    }
    return text.toString();
  }
}
