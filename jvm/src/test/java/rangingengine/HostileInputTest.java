// SPDX-License-Identifier: Apache-2.0
package rangingengine;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * Hostile input is a Java exception naming the field, never a crash of the
 * JVM, and leaves the session as it was: null, NaN and infinite values,
 * negative and out-of-range distances, wrong lengths, huge counts, use after
 * close; and the JNI functions themselves given null or short arrays and a
 * null engine.
 */
class HostileInputTest {
  private static final List<Zone> ZONES = List.of(Zone.of("near", 1.0), Zone.of("room", 3.0));

  private static void throwsNaming(Class<? extends RuntimeException> type, String field, Executable call) {
    RuntimeException thrown = assertThrows(type, call);
    assertTrue(thrown.getMessage() != null && thrown.getMessage().contains(field),
        "the message should name " + field + ": " + thrown.getMessage());
  }

  @Test
  void badUpdatesThrowNamingTheFieldAndChangeNothing() {
    try (RangingSession session = new RangingSession(ZONES)) {
      assertTrue(session.update("tag", 0.0, 4.0).isEmpty());
      throwsNaming(IllegalArgumentException.class, "distanceMeters", () -> session.update("tag", 0.1, Double.NaN));
      throwsNaming(IllegalArgumentException.class, "distanceMeters",
          () -> session.update("tag", 0.1, Double.POSITIVE_INFINITY));
      throwsNaming(IllegalArgumentException.class, "distanceMeters",
          () -> session.update("tag", 0.1, Double.NEGATIVE_INFINITY));
      throwsNaming(IllegalArgumentException.class, "distanceMeters", () -> session.update("tag", 0.1, -0.5));
      throwsNaming(IllegalArgumentException.class, "distanceMeters", () -> session.update("tag", 0.1, 2000.0));
      throwsNaming(IllegalArgumentException.class, "distanceMeters", () -> session.update("tag", 0.1, 1e-9));
      throwsNaming(IllegalArgumentException.class, "timeSeconds", () -> session.update("tag", Double.NaN, 1.0));
      throwsNaming(IllegalArgumentException.class, "timeSeconds",
          () -> session.update("tag", Double.POSITIVE_INFINITY, 1.0));
      throwsNaming(IllegalArgumentException.class, "timeSeconds", () -> session.update("tag", 1e13, 1.0));
      throwsNaming(IllegalArgumentException.class, "timeSeconds", () -> session.update("tag", -1.0, 1.0));
      throwsNaming(IllegalArgumentException.class, "object", () -> session.update((String) null, 0.1, 1.0));
      throwsNaming(IllegalArgumentException.class, "object", () -> session.update("", 0.1, 1.0));
      throwsNaming(IllegalArgumentException.class, "object", () -> session.update("x".repeat(257), 0.1, 1.0));
      throwsNaming(IllegalArgumentException.class, "object", () -> session.update("é".repeat(129), 0.1, 1.0));
      throwsNaming(IllegalArgumentException.class, "objectId", () -> session.update(-1L, 0.1, 1.0));
      throwsNaming(IllegalArgumentException.class, "objectId", () -> session.update(Long.MIN_VALUE, 0.1, 1.0));
      throwsNaming(IllegalArgumentException.class, "direction", () -> session.update("tag", 0.1, 1.0, new double[2]));
      throwsNaming(IllegalArgumentException.class, "direction", () -> session.update("tag", 0.1, 1.0, new double[4]));
      throwsNaming(IllegalArgumentException.class, "direction", () -> session.update("tag", 0.1, 1.0, new double[0]));
      throwsNaming(IllegalArgumentException.class, "direction",
          () -> session.update("tag", 0.1, 1.0, new double[] {0, 0, Double.NaN}));
      throwsNaming(IllegalArgumentException.class, "direction",
          () -> session.update("tag", 0.1, 1.0, new double[] {Double.NEGATIVE_INFINITY, 0, 0}));
      throwsNaming(IllegalArgumentException.class, "direction",
          () -> session.update("tag", 0.1, 1.0, new double[] {0, 0, -2}));
      throwsNaming(IllegalArgumentException.class, "direction", () -> session.updateDirection("tag", 0.1, null));
      throwsNaming(IllegalArgumentException.class, "event", () -> session.lifecycle("tag", 0.1, null));
      throwsNaming(IllegalArgumentException.class, "object",
          () -> session.lifecycle((String) null, 0.1, Lifecycle.INVALIDATED));
      throwsNaming(IllegalArgumentException.class, "timeSeconds", () -> session.advanceClock(Double.NaN));
      throwsNaming(IllegalArgumentException.class, "object", () -> session.state((String) null));
      // Nothing above reached the engine's state: the walk in still enters both zones as it would have.
      List<ZoneEvent> events = new ArrayList<>();
      for (int step = 1; step <= 40; step++) events.addAll(session.update("tag", step * 0.1, 4.0 - step * 0.09));
      assertEquals(List.of("enters room", "enters near"),
          events.stream().map(e -> (e.kind() == ZoneEvent.Kind.ENTER ? "enters " : "leaves ") + e.zone()).toList());
      // Time going back for the object is the engine's rejection, named.
      RuntimeException back = assertThrows(IllegalArgumentException.class, () -> session.update("tag", 1.0, 0.5));
      assertTrue(back.getMessage().contains("timeSeconds") && back.getMessage().contains("time_went_backwards"),
          back.getMessage());
      assertEquals(4_000_000L, session.state("tag").orElseThrow().timeMicros());
      assertFalse(session.state("never-seen").isPresent());
    }
  }

  @Test
  void badZonesAndSettingsThrowNamingTheField() {
    throwsNaming(IllegalArgumentException.class, "zones", () -> new RangingSession(null));
    throwsNaming(IllegalArgumentException.class, "zones", () -> new RangingSession(Collections.emptyList()));
    throwsNaming(IllegalArgumentException.class, "zones", () -> new RangingSession(Arrays.asList(Zone.of("a", 1), null)));
    throwsNaming(IllegalArgumentException.class, "zones", () -> new RangingSession(List.of(Zone.of("a", 1), Zone.of("a", 2))));
    List<Zone> many = new ArrayList<>();
    for (int i = 0; i < 33; i++) many.add(Zone.of("z" + i, 1 + i));
    throwsNaming(IllegalArgumentException.class, "zones", () -> new RangingSession(many));
    throwsNaming(IllegalArgumentException.class, "settings", () -> new RangingSession(ZONES, null));
    throwsNaming(IllegalArgumentException.class, "zone name", () -> Zone.of(null, 1));
    throwsNaming(IllegalArgumentException.class, "zone name", () -> Zone.of("", 1));
    throwsNaming(IllegalArgumentException.class, "radiusMeters", () -> Zone.of("a", Double.NaN));
    throwsNaming(IllegalArgumentException.class, "radiusMeters", () -> Zone.of("a", Double.POSITIVE_INFINITY));
    throwsNaming(IllegalArgumentException.class, "radiusMeters", () -> Zone.of("a", -1));
    throwsNaming(IllegalArgumentException.class, "radiusMeters", () -> Zone.of("a", 1e9));
    throwsNaming(IllegalArgumentException.class, "hysteresisMeters", () -> Zone.of("a", 1).withHysteresis(Double.NaN));
    throwsNaming(IllegalArgumentException.class, "hysteresisMeters", () -> Zone.of("a", 1).withHysteresis(2));
    throwsNaming(IllegalArgumentException.class, "enterDwellSeconds", () -> Zone.of("a", 1).withDwell(-1, 0));
    throwsNaming(IllegalArgumentException.class, "exitDwellSeconds", () -> Zone.of("a", 1).withDwell(0, Double.NaN));
    throwsNaming(IllegalArgumentException.class, "exitDwellSeconds", () -> Zone.of("a", 1).withDwell(0, 1e9));
    throwsNaming(IllegalArgumentException.class, "angleLimitDegrees", () -> Zone.of("a", 1).withAngleLimit(180));
    throwsNaming(IllegalArgumentException.class, "angleLimitDegrees", () -> Zone.of("a", 1).withAngleLimit(Double.NaN));
    throwsNaming(IllegalArgumentException.class, "maxObjects", () -> Settings.DEFAULT.withMaxObjects(1_000_000_000));
    throwsNaming(IllegalArgumentException.class, "maxObjects", () -> Settings.DEFAULT.withMaxObjects(65537));
    throwsNaming(IllegalArgumentException.class, "maxObjects", () -> Settings.DEFAULT.withMaxObjects(0));
    throwsNaming(IllegalArgumentException.class, "maxObjects", () -> Settings.DEFAULT.withMaxObjects(Integer.MIN_VALUE));
    throwsNaming(IllegalArgumentException.class, "lostTimeoutSeconds",
        () -> Settings.DEFAULT.withLostTimeoutSeconds(Double.NaN));
    throwsNaming(IllegalArgumentException.class, "lostTimeoutSeconds", () -> Settings.DEFAULT.withLostTimeoutSeconds(0));
    // A valid angle-limited zone and a one-object session are made.
    assertDoesNotThrow(() -> new RangingSession(List.of(Zone.of("door", 1.5).withAngleLimit(30)),
        Settings.DEFAULT.withMaxObjects(1)).close());
  }

  @Test
  void useAfterCloseThrowsAndCloseTwiceDoesNothing() {
    RangingSession session = new RangingSession(ZONES);
    session.update("tag", 0, 2);
    session.close();
    assertTrue(session.isClosed());
    assertDoesNotThrow(session::close);
    throwsNaming(IllegalStateException.class, "closed", () -> session.update("tag", 1, 2));
    throwsNaming(IllegalStateException.class, "closed", () -> session.update(7L, 1, 2));
    throwsNaming(IllegalStateException.class, "closed", () -> session.updateDirection("tag", 1, new double[] {0, 0, -1}));
    throwsNaming(IllegalStateException.class, "closed", () -> session.lifecycle("tag", 1, Lifecycle.INVALIDATED));
    throwsNaming(IllegalStateException.class, "closed", () -> session.advanceClock(1));
    throwsNaming(IllegalStateException.class, "closed", () -> session.state("tag"));
    // The check comes before the arguments': a closed session says so whatever it is given.
    throwsNaming(IllegalStateException.class, "closed", () -> session.update((String) null, Double.NaN, Double.NaN));
  }

  @Test
  void evictionAndIdsKeepTheirNames() {
    try (RangingSession session = new RangingSession(List.of(Zone.of("room", 3.0)), Settings.DEFAULT.withMaxObjects(2))) {
      List<ZoneEvent> events = new ArrayList<>();
      for (int step = 0; step < 10; step++) {
        events.addAll(session.update("a", step * 0.1, 1.0));
        events.addAll(session.update(0L, step * 0.1, 1.0));
      }
      assertEquals(List.of("a", "0"), events.stream().map(ZoneEvent::object).toList());
      // A third object evicts the one heard from least recently, "a", whose exit keeps its name, then enters.
      events = session.update("b", 1.0, 1.0);
      assertEquals(List.of("a exit evicted", "b enter measured"), describe(events));
      // Silent objects leave with reason LOST once the clock passes the lost timeout, with their names.
      assertEquals(List.of("0 exit lost", "b exit lost"), describe(session.advanceClock(20)).stream().sorted().toList());
      assertFalse(session.state("b").isPresent());
    }
  }

  @Test
  void everyEventOfOneCallArrivesHoweverMany() {
    // 1,000 objects inside two zones are lost by one clock advance: 2,000 events, more than one drain's buffer.
    try (RangingSession session = new RangingSession(ZONES, Settings.DEFAULT.withMaxObjects(1000))) {
      int entered = 0;
      for (int object = 0; object < 1000; object++) entered += session.update(object, 0.0, 0.5).size();
      assertEquals(2000, entered);
      List<ZoneEvent> lost = session.advanceClock(60);
      assertEquals(2000, lost.size());
      assertTrue(lost.stream().allMatch(e -> e.reason() == ZoneEvent.Reason.LOST && e.timeMicros() == 60_000_000L));
      assertEquals(1000, lost.stream().map(ZoneEvent::object).distinct().count());
    }
  }

  private static List<String> describe(List<ZoneEvent> events) {
    return events.stream().map(e -> e.object() + " " + e.kind().jsonName() + " " + e.reason().jsonName()).toList();
  }

  @Test
  void nativeFunctionsRefuseNullAndShortArraysAndANullEngine() {
    double[] one = {1.0};
    long[] longs = {0};
    long[] out = new long[2];
    assertEquals(-1, Native.create(1, null, one, longs, longs, one, 0.1, 8, 16, 5_000_000, true, out));
    assertEquals(-1, Native.create(2, one, one, longs, longs, one, 0.1, 8, 16, 5_000_000, true, out));
    assertEquals(-1, Native.create(1, one, one, longs, longs, one, 0.1, 8, 16, 5_000_000, true, new long[1]));
    assertEquals(-2, Native.create(0, one, one, longs, longs, one, 0.1, 8, 16, 5_000_000, true, out));
    assertEquals(-2, Native.create(33, one, one, longs, longs, one, 0.1, 8, 16, 5_000_000, true, out));
    assertEquals(-2, Native.create(1, one, one, longs, longs, one, 0.1, 1_000_000_000, 16, 5_000_000, true, out));
    assertEquals(-2, Native.create(1, new double[] {Double.NaN}, one, longs, longs, one, 0.1, 8, 16, 5_000_000, true, out));
    assertEquals(-1, Native.update(0, 0, 0, 1.0, false, 0, 0, 0));
    assertEquals(-1, Native.lifecycle(0, 0, 0, 1));
    assertEquals(-1, Native.advanceClock(0, 0));
    assertEquals(-1, Native.drain(0, 1, new long[1], new long[1], new double[1], new double[1], new int[1]));
    assertEquals(-1, Native.readState(0, 0, new long[1], new double[8], new int[3]));
    Native.destroy(0);
    assertEquals(0, Native.create(1, one, new double[] {0.15}, longs, longs, new double[] {0}, 0.1, 8, 16, 5_000_000,
        true, out));
    long engine = out[0];
    try {
      assertEquals(-3, Native.lifecycle(engine, 0, 0, 99));
      assertEquals(-3, Native.lifecycle(engine, 0, 0, -1));
      assertEquals(-1, Native.drain(engine, 4, new long[3], new long[4], new double[4], new double[4], new int[4]));
      assertEquals(-1, Native.drain(engine, 4, new long[4], new long[4], new double[4], null, new int[4]));
      assertEquals(-3, Native.drain(engine, -1, new long[0], new long[0], new double[0], new double[0], new int[0]));
      assertEquals(-1, Native.readState(engine, 0, new long[1], new double[7], new int[3]));
      assertEquals(-4, Native.readState(engine, 0, new long[1], new double[8], new int[3]));
      assertEquals("time_went_backwards", Native.statusName(1));
    } finally {
      Native.destroy(engine);
    }
  }
}
