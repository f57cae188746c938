// SPDX-License-Identifier: Apache-2.0
package rangingengine;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A whole recording held as columns replayed as {@code rangectl replay FILE
 * --jobs N} replays the CSV the table would be written as, through the C
 * library's ranging_replay_table (ranging_replay.h): rangectl's own reader,
 * option checks, object table, lost-check clock and writers, so the events
 * and the filtered track are its bytes; {@code option("--jobs", "N")}
 * replays it on N threads with the same outputs as 1. Host only: the replay is the host
 * library (it uses Foundation), which the Android build leaves out.
 *
 * <pre>{@code
 * ReplayTable table = ReplayTable.builder(n).time(t).objects(names).distance(d).build();
 * ReplayResult result = TableReplay.replay(table, ReplayOptions.DEFAULT.zones("inner=1.5,outer=3").withFiltered(true));
 * byte[] jsonl = result.eventsJsonl();          // rangectl's --events
 * byte[] csv = result.filtered().toCsv();       // rangectl's --filtered
 * }</pre>
 *
 * Thread-safe: replays on different threads share nothing.
 */
public final class TableReplay {
  /** How the table is named in messages and rejected rows, as a file's path would be. */
  public static final String TABLE_NAME = "<Java table>";

  private TableReplay() {}

  /**
   * The most threads {@code option("--jobs", "N")} takes (its range is 1 to this; a larger N is refused): the C
   * library's ranging_replay_max_jobs, for a caller that chooses the threads itself and caps its choice here.
   */
  public static int maxJobs() {
    return Native.replayMaxJobs();
  }

  /** Replays the table with the options (see {@link ReplayOptions}). */
  public static ReplayResult replay(ReplayTable table, ReplayOptions options) {
    return replay(table, options, TABLE_NAME);
  }

  /**
   * Replays the table with the options, naming it {@code name} in messages.
   *
   * @throws IllegalArgumentException an option rangectl refuses (its message), or a table that is not a ranging
   *     table (no {@code t} or {@code object} column, ...)
   * @throws IllegalStateException the replay failed otherwise (an output did not fit in memory)
   */
  public static ReplayResult replay(ReplayTable table, ReplayOptions options, String name) {
    if (table == null) throw new IllegalArgumentException("table: null");
    String[] arguments = arguments(options, name);
    List<ReplayTable.Column> columns = table.columns();
    int count = columns.size();
    String[] names = new String[count];
    int[] kinds = new int[count];
    Object[] data = new Object[count];
    Object[] offsets = new Object[count];
    Object[] validity = new Object[count];
    for (int i = 0; i < count; i++) {
      ReplayTable.Column column = columns.get(i);
      names[i] = column.name();
      kinds[i] = column.kind();
      data[i] = column.data();
      offsets[i] = column.offsets();
      validity[i] = column.validity();
    }
    return result(Native.replayTable(name, names, kinds, data, offsets, validity, table.rowCount(), arguments),
        options);
  }

  /** The options' arguments for the C replay of a table named {@code name}, both checked. */
  static String[] arguments(ReplayOptions options, String name) {
    if (options == null) throw new IllegalArgumentException("options: null");
    if (name == null || name.indexOf('\0') >= 0) throw new IllegalArgumentException("name: null or holds a NUL");
    List<String> arguments = options.arguments();
    for (String argument : arguments) {
      if (argument.indexOf('\0') >= 0) throw new IllegalArgumentException("options: " + argument + " holds a NUL");
    }
    return arguments.toArray(new String[0]);
  }

  /** The result of a C replay's handle (0: none), which it frees. */
  static ReplayResult result(long handle, ReplayOptions options) {
    if (handle == 0) throw new IllegalStateException("ranging_replay_table gave no result");
    try {
      return ReplayResult.of(handle, options.filtered());
    } finally {
      Native.replayFree(handle);
    }
  }

  /** Lines of a C text, each followed by a newline (ranging_replay.h's lists of names). */
  static List<String> lines(byte[] text) {
    List<String> lines = new ArrayList<>();
    int start = 0;
    for (int i = 0; i < text.length; i++) {
      if (text[i] == '\n') {
        lines.add(new String(text, start, i - start, StandardCharsets.UTF_8));
        start = i + 1;
      }
    }
    return lines;
  }
}
