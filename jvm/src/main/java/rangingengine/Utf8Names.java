// SPDX-License-Identifier: Apache-2.0
package rangingengine;

import java.nio.charset.StandardCharsets;
import java.util.List;

/** Names as ranging_replay.h's ranging_names_t takes them: UTF-8 bytes and count + 1 offsets. */
record Utf8Names(long[] offsets, byte[] bytes) {
  static Utf8Names of(List<String> names, String field) {
    if (names == null) throw new IllegalArgumentException(field + ": null");
    byte[][] encoded = new byte[names.size()][];
    long[] offsets = new long[names.size() + 1];
    long total = 0;
    for (int i = 0; i < encoded.length; i++) {
      String name = names.get(i);
      if (name == null) throw new IllegalArgumentException(field + ": name " + i + " is null");
      encoded[i] = name.getBytes(StandardCharsets.UTF_8);
      total += encoded[i].length;
      if (total > Integer.MAX_VALUE - 8) throw new IllegalArgumentException(field + ": more than 2^31 bytes");
      offsets[i + 1] = total;
    }
    byte[] bytes = new byte[(int) total];
    for (int i = 0; i < encoded.length; i++) System.arraycopy(encoded[i], 0, bytes, (int) offsets[i], encoded[i].length);
    return new Utf8Names(offsets, bytes);
  }
}
