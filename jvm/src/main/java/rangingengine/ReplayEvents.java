// SPDX-License-Identifier: Apache-2.0
package rangingengine;

import java.util.ArrayList;
import java.util.List;

/**
 * Zone events as columns at full precision (ranging_replay_event_t's fields,
 * which docs/FORMATS.md §2 rounds), one entry per event in the replay's order.
 *
 * @param t seconds on the engine's clock (whole microseconds)
 * @param object index into objectNames
 * @param distance the filtered distance in metres; NaN when none was measured
 * @param sigma its standard deviation in metres
 * @param zone index into zoneNames
 * @param kind 0 enter, 1 exit
 * @param reason an exit's reason: {@link ZoneEvent.Reason}'s ordinal (0 measured)
 * @param objectNames every object's name, in the order of its first record
 * @param zoneNames the zones' names, in the order of --zones
 */
public record ReplayEvents(double[] t, long[] object, double[] distance, double[] sigma, int[] zone, byte[] kind,
    byte[] reason, List<String> objectNames, List<String> zoneNames) {

  /** The number of events. */
  public int size() {
    return t.length;
  }

  /** The events as rangectl's --events writes them (docs/FORMATS.md §2), with its own writer (ranging_write_events). */
  public byte[] toJsonl() {
    if (t == null) throw new IllegalArgumentException("events: t is null");
    int n = size();
    for (Object array : new Object[] {object, distance, sigma, zone, kind, reason}) {
      if (array == null || java.lang.reflect.Array.getLength(array) != n) {
        throw new IllegalArgumentException("events: a column is null or does not hold " + n + " entries");
      }
    }
    Utf8Names objects = Utf8Names.of(objectNames, "objectNames");
    Utf8Names zones = Utf8Names.of(zoneNames, "zoneNames");
    return Native.writeEvents(n, t, object, distance, sigma, zone, kind, reason, objects.offsets(), objects.bytes(),
        zones.offsets(), zones.bytes());
  }

  /** The events as {@link ZoneEvent}s. */
  public List<ZoneEvent> toList() {
    ZoneEvent.Reason[] reasons = ZoneEvent.Reason.values();
    List<ZoneEvent> events = new ArrayList<>(size());
    for (int i = 0; i < size(); i++) {
      events.add(new ZoneEvent(Math.round(t[i] * 1e6), objectNames.get((int) object[i]), zoneNames.get(zone[i]),
          kind[i] == 0 ? ZoneEvent.Kind.ENTER : ZoneEvent.Kind.EXIT, distance[i], sigma[i], reasons[reason[i]]));
    }
    return events;
  }
}
