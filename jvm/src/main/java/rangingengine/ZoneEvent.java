// SPDX-License-Identifier: Apache-2.0
package rangingengine;

/**
 * An object entering or leaving a zone, as {@code rangectl replay} writes it
 * (docs/FORMATS.md §2).
 *
 * @param timeMicros the time of the update, life-cycle event or clock advance that caused it, whole microseconds on
 *     the session's clock (the seconds given, rounded to the nearest microsecond)
 * @param object the object's name, or the decimal digits of its id for an object given by id
 * @param zone the zone's name
 * @param kind enter or exit
 * @param distanceMeters the distance that decided it (the zone decision's smoothing), metres; NaN if none
 * @param sigmaMeters the standard deviation of the filtered distance at that update, metres
 * @param reason {@link Reason#MEASURED} for an enter and for an exit a measurement decided, else why it exited
 */
public record ZoneEvent(long timeMicros, String object, String zone, Kind kind, double distanceMeters,
    double sigmaMeters, Reason reason) {

  /** Enter or exit. */
  public enum Kind {
    ENTER, EXIT;

    /** "enter" or "exit", as docs/FORMATS.md §2 spells it. */
    public String jsonName() {
      return this == ENTER ? "enter" : "exit";
    }
  }

  /** Why an object left a zone; the order is the C API's {@code RANGING_EXIT_*} codes. */
  public enum Reason {
    MEASURED, LOST, REMOVED_TIMEOUT, REMOVED_PEER_ENDED, SUSPENDED, INVALIDATED, EVICTED;

    /** The name {@code rangectl replay} writes in an event's "reason" ("lost", "removed_timeout", ...). */
    public String jsonName() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  /** The event's time in seconds. */
  public double timeSeconds() {
    return timeMicros / 1e6;
  }

  @Override
  public String toString() {
    return String.format(java.util.Locale.ROOT, "%s %s %s at %.3f m (t = %s s%s)", object,
        kind == Kind.ENTER ? "enters" : "leaves", zone, distanceMeters, timeSeconds(),
        reason == Reason.MEASURED ? "" : ", " + reason.jsonName());
  }
}
