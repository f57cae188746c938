// SPDX-License-Identifier: Apache-2.0
package rangingengine;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * What {@link TableReplay#replay} gave: rangectl's outputs as it writes them
 * (the events' JSON Lines, the filtered track's CSV when asked for, the
 * rejected rows, the summary's messages), the events and the filtered track
 * as columns at full precision, and the summary's counts.
 *
 * @param eventsJsonl the events, docs/FORMATS.md §2, as {@code rangectl replay --events} writes them
 * @param filteredCsv the filtered track, §3, as {@code --filtered} writes it; empty unless asked for
 * @param rejectedJsonl every rejected row, §6 (line, column, field, reason, text)
 * @param messages the warnings and the summary rangectl writes on standard error
 * @param unusedColumns the header's names nothing reads
 * @param events the events as columns
 * @param filtered the filtered track as columns, or null unless asked for
 * @param rowsRead rows read (accepted + rejected)
 * @param measurementsAccepted measurement rows accepted
 * @param lifecycleAccepted life-cycle rows accepted
 * @param posesAccepted rows of a pose alone accepted
 * @param rowsRejected rows rejected
 * @param objects distinct objects
 * @param evictions objects evicted from a full table
 */
public record ReplayResult(byte[] eventsJsonl, byte[] filteredCsv, byte[] rejectedJsonl, String messages,
    List<String> unusedColumns, ReplayEvents events, FilteredTrack filtered, long rowsRead, long measurementsAccepted,
    long lifecycleAccepted, long posesAccepted, long rowsRejected, long objects, long evictions) {

  /** The result of a replayTable() handle; throws for a status that is not 0. */
  static ReplayResult of(long handle, boolean filtered) {
    long[] counts = new long[12];
    if (!Native.replayCounts(handle, counts)) throw new IllegalStateException("ranging_replay_table: no counts");
    String messages = new String(Native.replayText(handle, 3), StandardCharsets.UTF_8);
    int status = (int) counts[0];
    if (status == 64 || status == 65) {
      throw new IllegalArgumentException(messages.strip().replaceFirst("^Error: ", ""));
    }
    if (status != 0) {
      throw new IllegalStateException("the replay failed (status " + status + "): " + messages.strip());
    }
    if (counts[10] > Integer.MAX_VALUE - 8 || counts[11] > Integer.MAX_VALUE - 8) {
      throw new IllegalStateException("the replay gave more records than a Java array holds");
    }
    List<String> objects = TableReplay.lines(Native.replayText(handle, 5));
    List<String> zones = new ArrayList<>();
    for (String line : TableReplay.lines(Native.replayText(handle, 6))) zones.add(JsonText.decode(line));
    int eventCount = (int) counts[10];
    ReplayEvents events = new ReplayEvents(new double[eventCount], new long[eventCount], new double[eventCount],
        new double[eventCount], new int[eventCount], new byte[eventCount], new byte[eventCount], objects,
        List.copyOf(zones));
    if (!Native.replayEvents(handle, events.t(), events.object(), events.distance(), events.sigma(), events.zone(),
        events.kind(), events.reason())) {
      throw new IllegalStateException("ranging_replay_table: the event records did not fit");
    }
    FilteredTrack track = null;
    if (filtered) {
      int n = (int) counts[11];
      track = new FilteredTrack(new double[n], new long[n], new double[n], new double[n], new double[n],
          new double[n], new double[n], new byte[n], new double[n], new double[n], objects);
      int written = Native.replayStates(handle, track.t(), track.object(), track.distance(), track.sigma(),
          track.dirX(), track.dirY(), track.dirZ(), track.directionState(), track.dirSigmaDeg(), track.nlos());
      if (written != 0) throw new IllegalStateException("ranging_filtered_columns: status " + written);
    }
    return new ReplayResult(Native.replayText(handle, 0), Native.replayText(handle, 1), Native.replayText(handle, 2),
        messages, TableReplay.lines(Native.replayText(handle, 4)), events, track, counts[1], counts[2], counts[3],
        counts[4], counts[5], counts[6], counts[7]);
  }

  /** Enter events (the summary's count). */
  public long enterEvents() {
    int n = 0;
    for (byte kind : events.kind()) if (kind == 0) n++;
    return n;
  }

  /** Exit events (the summary's count). */
  public long exitEvents() {
    return events.size() - enterEvents();
  }
}
