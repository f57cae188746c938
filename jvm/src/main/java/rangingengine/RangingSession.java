// SPDX-License-Identifier: Apache-2.0
package rangingengine;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A live ranging session: named zones, updates in, zone events out, over the
 * engine's C API (ranging_engine.h) through JNI.
 *
 * <pre>{@code
 * try (RangingSession session = new RangingSession(List.of(Zone.of("near", 1.0), Zone.of("room", 3.0)))) {
 *   for (ZoneEvent event : session.update("lock-1", 0.0, 2.4)) System.out.println(event);
 * }
 * }</pre>
 *
 * <p>Objects are named ({@code update(String, ...)}) or numbered
 * ({@code update(long, ...)}, ids 0 to 2^63 - 1); the two never collide.
 * Every call returns the zone events it caused, oldest first.
 *
 * <p>Bad input is an exception naming the field, and nothing changes:
 * {@link IllegalArgumentException} for a null or empty name, a time or
 * distance that is NaN, infinite or out of range, a negative distance, a
 * direction of the wrong length, not finite or not a unit vector, and for an
 * update the engine rejects (time going back for that object, a distance
 * outside 0 or 1e-4...1000 m); {@link IllegalStateException} for any call
 * after {@link #close()}. The session is thread-safe (its methods hold its
 * lock) and must be closed: it owns native memory.
 */
public final class RangingSession implements AutoCloseable {
  /** Object ids given to names have the top bit set: ids given by the caller are 0 to 2^63 - 1. */
  private static final long NAMED = Long.MIN_VALUE;
  /** The longest object name, in UTF-8 bytes (docs/FORMATS.md §1). */
  public static final int MAX_NAME_BYTES = 256;
  /** Times are within this many seconds of 0, so that microseconds fit in 64 bits (docs/FORMATS.md §1). */
  public static final double MAX_ABS_SECONDS = 9.2e12;

  private final List<Zone> zones;
  private final String[] zoneNames;
  private final Settings settings;
  private final Map<String, Long> ids = new HashMap<>();
  private final List<String> names = new ArrayList<>();
  /** Events moved per JNI call: the queue may be large (every object lost at once), the buffer need not. */
  private final int drainCapacity;
  private final long[] eventTime;
  private final long[] eventObject;
  private final double[] eventDistance;
  private final double[] eventSigma;
  private final int[] eventCodes;
  private long engine;

  /** A session with {@code zones} and {@link Settings#DEFAULT}. */
  public RangingSession(List<Zone> zones) {
    this(zones, Settings.DEFAULT);
  }

  /**
   * A session with {@code zones} (1 to 32, distinct names, in the order their
   * membership bits take) and {@code settings}.
   *
   * @throws IllegalArgumentException for null, no zones, more than 32, a null zone, duplicate names, or a
   *     configuration the engine refuses (named by its status)
   */
  public RangingSession(List<Zone> zones, Settings settings) {
    if (zones == null) throw new IllegalArgumentException("zones is null");
    if (settings == null) throw new IllegalArgumentException("settings is null");
    if (zones.isEmpty()) throw new IllegalArgumentException("zones is empty: a session needs at least one zone");
    if (zones.size() > 32) throw new IllegalArgumentException("zones has " + zones.size() + " zones; at most 32");
    int count = zones.size();
    double[] radius = new double[count];
    double[] hysteresis = new double[count];
    long[] enterDwell = new long[count];
    long[] exitDwell = new long[count];
    double[] angle = new double[count];
    zoneNames = new String[count];
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < count; i++) {
      Zone zone = zones.get(i);
      if (zone == null) throw new IllegalArgumentException("zones[" + i + "] is null");
      if (!seen.add(zone.name())) throw new IllegalArgumentException("zones: two zones are named '" + zone.name() + "'");
      zoneNames[i] = zone.name();
      radius[i] = zone.radiusMeters();
      hysteresis[i] = zone.hysteresisMeters();
      enterDwell[i] = microseconds(zone.enterDwellSeconds());
      exitDwell[i] = microseconds(zone.exitDwellSeconds());
      angle[i] = Math.toRadians(zone.angleLimitDegrees());
    }
    this.zones = Collections.unmodifiableList(new ArrayList<>(zones));
    this.settings = settings;
    // Room for every event one call can cause (its own and an eviction's, 2 per zone, and every object found lost
    // at once), so that the engine never drops one: the session drains after every call.
    int eventCapacity = count * (settings.maxObjects() + 2);
    long[] out = new long[2];
    int status = Native.create(count, radius, hysteresis, enterDwell, exitDwell, angle,
        Math.toRadians(Zone.ANGLE_HYSTERESIS_DEGREES), settings.maxObjects(), eventCapacity,
        microseconds(settings.lostTimeoutSeconds()), settings.directionTracking(), out);
    if (status == -100) {
      throw new IllegalArgumentException("maxObjects " + settings.maxObjects() + " with " + count
          + " zones needs " + out[1] + " bytes of native memory, which malloc refused");
    }
    if (status != 0) {
      throw new IllegalArgumentException("ranging_engine_create refused the zones and settings: " + Native.statusName(status));
    }
    engine = out[0];
    drainCapacity = Math.min(eventCapacity, 256);
    eventTime = new long[drainCapacity];
    eventObject = new long[drainCapacity];
    eventDistance = new double[drainCapacity];
    eventSigma = new double[drainCapacity];
    eventCodes = new int[drainCapacity];
  }

  /** The version of the native engine ("MAJOR.MINOR.PATCH"). */
  public static String engineVersion() {
    return Native.version();
  }

  /** The zones, in the order given. */
  public List<Zone> zones() {
    return zones;
  }

  /** The settings. */
  public Settings settings() {
    return settings;
  }

  /** Feeds a distance of a named object, without a direction (outside the field of view). */
  public List<ZoneEvent> update(String object, double timeSeconds, double distanceMeters) {
    return update(object, timeSeconds, distanceMeters, null);
  }

  /**
   * Feeds one measurement of a named object.
   *
   * @param object the object's name, not null, 1 to 256 bytes of UTF-8
   * @param timeSeconds when it was measured, on a clock that does not go back for this object, within ±9.2e12
   * @param distanceMeters the measured distance, 0 or 1e-4 to 1000 (NaN is not "none": call
   *     {@link #updateDirection(String, double, double[])} for an update without a distance)
   * @param direction the measured unit direction (x, y, z) in the phone frame, or null outside the field of view
   * @return the zone events it caused, oldest first
   */
  public synchronized List<ZoneEvent> update(String object, double timeSeconds, double distanceMeters,
      double[] direction) {
    checkOpen();
    checkName(object);
    checkDistance(distanceMeters);
    return apply(named(object), object, timeSeconds, distanceMeters, direction);
  }

  /** Feeds a direction alone of a named object (an update without a distance); {@code direction} not null. */
  public synchronized List<ZoneEvent> updateDirection(String object, double timeSeconds, double[] direction) {
    checkOpen();
    checkName(object);
    if (direction == null) throw new IllegalArgumentException("direction is null: an update needs a distance or a direction");
    return apply(named(object), object, timeSeconds, Double.NaN, direction);
  }

  /** Feeds one measurement of the object numbered {@code objectId} (0 to 2^63 - 1); otherwise as the named one. */
  public synchronized List<ZoneEvent> update(long objectId, double timeSeconds, double distanceMeters,
      double[] direction) {
    checkOpen();
    checkId(objectId);
    checkDistance(distanceMeters);
    return apply(objectId, null, timeSeconds, distanceMeters, direction);
  }

  /** Feeds a distance of a numbered object, without a direction. */
  public List<ZoneEvent> update(long objectId, double timeSeconds, double distanceMeters) {
    return update(objectId, timeSeconds, distanceMeters, null);
  }

  /**
   * Applies a session life-cycle event to a named object (its zones exit with
   * that reason, or its filters restart). An object the session has never
   * accepted an update of is ignored, but the clock still moves to
   * {@code timeSeconds}, as the engine does for an unknown object.
   */
  public synchronized List<ZoneEvent> lifecycle(String object, double timeSeconds, Lifecycle event) {
    checkOpen();
    checkName(object);
    if (event == null) throw new IllegalArgumentException("event is null");
    long time = time(timeSeconds);
    Long id = ids.get(object);
    int status = id == null ? Native.advanceClock(engine, time) : Native.lifecycle(engine, time, id, event.ordinal());
    return afterCall("lifecycle", status);
  }

  /** Applies a life-cycle event to a numbered object; otherwise as the named one. */
  public synchronized List<ZoneEvent> lifecycle(long objectId, double timeSeconds, Lifecycle event) {
    checkOpen();
    checkId(objectId);
    if (event == null) throw new IllegalArgumentException("event is null");
    return afterCall("lifecycle", Native.lifecycle(engine, time(timeSeconds), objectId, event.ordinal()));
  }

  /**
   * Moves the clock to {@code timeSeconds} without an update (from a timer),
   * so that objects silent for the lost timeout leave their zones. An earlier
   * time than the clock's is ignored.
   */
  public synchronized List<ZoneEvent> advanceClock(double timeSeconds) {
    checkOpen();
    return afterCall("advanceClock", Native.advanceClock(engine, time(timeSeconds)));
  }

  /** The filtered state of a named object, or empty when it is not tracked (never seen, removed, lost, evicted). */
  public synchronized Optional<ObjectState> state(String object) {
    checkOpen();
    checkName(object);
    Long id = ids.get(object);
    return id == null ? Optional.empty() : readState(id);
  }

  /** The filtered state of a numbered object, or empty when it is not tracked. */
  public synchronized Optional<ObjectState> state(long objectId) {
    checkOpen();
    checkId(objectId);
    return readState(objectId);
  }

  /**
   * Frees the engine. Queued events are discarded (there are none: every call
   * drains them). Closing again does nothing, as {@link java.io.Closeable}
   * asks; any other call afterwards throws {@link IllegalStateException}.
   */
  @Override
  public synchronized void close() {
    if (engine != 0) {
      Native.destroy(engine);
      engine = 0;
    }
  }

  /** Whether {@link #close()} has been called. */
  public synchronized boolean isClosed() {
    return engine == 0;
  }

  private List<ZoneEvent> apply(long id, String name, double timeSeconds, double distanceMeters, double[] direction) {
    long time = time(timeSeconds);
    double x = 0, y = 0, z = 0;
    if (direction != null) {
      if (direction.length != 3) {
        throw new IllegalArgumentException("direction has " + direction.length + " components; it needs 3 (x, y, z)");
      }
      x = direction[0];
      y = direction[1];
      z = direction[2];
      if (!Double.isFinite(x) || !Double.isFinite(y) || !Double.isFinite(z)) {
        throw new IllegalArgumentException("direction is not finite: (" + x + ", " + y + ", " + z + ")");
      }
    }
    int status = Native.update(engine, time, id, distanceMeters, direction != null, x, y, z);
    if (status > 0) {
      throw new IllegalArgumentException(rejectedField(status) + ": the engine rejected the update of "
          + (name != null ? "'" + name + "'" : "object " + id) + " at " + timeSeconds + " s: " + Native.statusName(status));
    }
    if (name != null && (status == 0 || status == -5) && !ids.containsKey(name)) {
      ids.put(name, id);
      names.add(name);
    }
    return afterCall("update", status);
  }

  /** The field a RANGING_REJECTED_* status of an update is about. */
  private static String rejectedField(int status) {
    switch (status) {
      case 1: return "timeSeconds";
      case 2: case 3: case 11: return "distanceMeters";
      case 4: case 5: return "direction";
      case 6: return "distanceMeters and direction";
      default: return "update";
    }
  }

  /** Checks a call's status, then drains the events it caused. */
  private List<ZoneEvent> afterCall(String call, int status) {
    boolean dropped = status == -5;
    if (status != 0 && !dropped) {
      throw new IllegalStateException(call + ": the engine returned " + Native.statusName(status));
    }
    List<ZoneEvent> events = drain();
    if (dropped) {
      // Cannot happen: the queue holds every event one call can cause. Should it, say so rather than lose them.
      throw new IllegalStateException(call + ": the engine's event queue overflowed and dropped events");
    }
    return events;
  }

  private List<ZoneEvent> drain() {
    List<ZoneEvent> events = new ArrayList<>();
    while (true) {
      int count = Native.drain(engine, drainCapacity, eventTime, eventObject, eventDistance, eventSigma, eventCodes);
      if (count < 0) throw new IllegalStateException("drain: the engine returned " + Native.statusName(count));
      if (count > drainCapacity) throw new IllegalStateException("drain: the engine returned " + count + " events");
      for (int i = 0; i < count; i++) {
        int codes = eventCodes[i];
        int zone = codes & 0xff;
        int kind = (codes >>> 8) & 0xff;
        int reason = (codes >>> 16) & 0xff;
        if (zone >= zoneNames.length || kind > 1 || reason >= ZoneEvent.Reason.values().length) {
          throw new IllegalStateException("drain: the engine returned an event with zone " + zone + ", kind " + kind
              + ", reason " + reason);
        }
        events.add(new ZoneEvent(eventTime[i], objectName(eventObject[i]), zoneNames[zone],
            ZoneEvent.Kind.values()[kind], eventDistance[i], eventSigma[i], ZoneEvent.Reason.values()[reason]));
      }
      if (count < drainCapacity) return events;
    }
  }

  private Optional<ObjectState> readState(long id) {
    long[] times = new long[1];
    double[] values = new double[8];
    int[] flags = new int[3];
    int status = Native.readState(engine, id, times, values, flags);
    if (status == -4) return Optional.empty();
    if (status != 0) throw new IllegalStateException("state: the engine returned " + Native.statusName(status));
    if (flags[1] < 0 || flags[1] > 2) throw new IllegalStateException("state: direction state " + flags[1]);
    return Optional.of(new ObjectState(times[0], values[0], values[1], values[2], values[3], values[4], values[5],
        ObjectState.Direction.values()[flags[1]], flags[2] != 0, flags[0]));
  }

  private String objectName(long id) {
    if (id >= 0) return Long.toString(id);
    long index = id & Long.MAX_VALUE;
    if (index >= names.size()) throw new IllegalStateException("drain: an event for unknown object id " + index);
    return names.get((int) index);
  }

  /** The id of a name: its own once accepted, else the one it would take. */
  private long named(String name) {
    Long id = ids.get(name);
    return id != null ? id : NAMED | names.size();
  }

  private void checkOpen() {
    if (engine == 0) throw new IllegalStateException("the session is closed");
  }

  private static void checkName(String object) {
    if (object == null) throw new IllegalArgumentException("object is null");
    if (object.isEmpty()) throw new IllegalArgumentException("object is empty");
    if (object.length() > MAX_NAME_BYTES || object.getBytes(StandardCharsets.UTF_8).length > MAX_NAME_BYTES) {
      throw new IllegalArgumentException("object has more than " + MAX_NAME_BYTES + " bytes of UTF-8");
    }
  }

  private static void checkId(long objectId) {
    if (objectId < 0) throw new IllegalArgumentException("objectId must be 0 or more, got " + objectId);
  }

  private static void checkDistance(double meters) {
    if (Double.isNaN(meters)) {
      throw new IllegalArgumentException("distanceMeters is NaN (for an update without a distance, call updateDirection)");
    }
    if (Double.isInfinite(meters)) throw new IllegalArgumentException("distanceMeters is infinite: " + meters);
    if (meters < 0) throw new IllegalArgumentException("distanceMeters is negative: " + meters);
  }

  /** Seconds to the engine's microseconds, as rangectl reads a time: the nearest, halves away from zero. */
  private static long time(double seconds) {
    if (!Double.isFinite(seconds)) throw new IllegalArgumentException("timeSeconds is not finite: " + seconds);
    if (Math.abs(seconds) > MAX_ABS_SECONDS) {
      throw new IllegalArgumentException("timeSeconds must be within ±" + MAX_ABS_SECONDS + ", got " + seconds);
    }
    return microseconds(seconds);
  }

  /** The nearest whole microsecond, halves away from zero (Swift's rounded(), C's llround). */
  static long microseconds(double seconds) {
    double scaled = Math.abs(seconds * 1e6);
    double whole = Math.floor(scaled);
    if (scaled - whole >= 0.5) whole += 1;
    return (long) Math.copySign(whole, seconds);
  }
}
