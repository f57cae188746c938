// SPDX-License-Identifier: Apache-2.0
package rangingengine;

/**
 * The JNI functions over ranging_engine.h (jvm/src/main/c/ranging_engine_jni.c).
 * Each returns the C call's ranging_status_t (or a count); the callers in this
 * package check every one. The library is {@code libranging_engine_jni.so},
 * found on {@code java.library.path} (an Android app's own libraries), or at
 * the path the system property {@code rangingengine.library} names.
 */
final class Native {
  private Native() {}

  static {
    String path = System.getProperty("rangingengine.library");
    if (path != null && !path.isEmpty()) {
      System.load(path);
    } else {
      System.loadLibrary("ranging_engine_jni");
    }
  }

  /** RANGING_ENGINE_VERSION of the linked library. */
  static native String version();

  /** ranging_status_name(status). */
  static native String statusName(int status);

  /**
   * ranging_engine_create() with ranging_config_init()'s defaults and these
   * values; the zones' arrays have zoneCount entries each. On RANGING_OK,
   * out[0] holds the engine; out[1] holds ranging_engine_memory_size() bytes
   * whenever it was computed. Returns -100 when malloc refused that many
   * bytes (checked first: the engine itself would stop the process).
   */
  static native int create(int zoneCount, double[] radiusM, double[] hysteresisM, long[] enterDwellUs,
      long[] exitDwellUs, double[] angleLimitRad, double angleHysteresisRad, int maxObjects, int eventCapacity,
      long lostTimeoutUs, boolean directionTracking, long[] out);

  /** ranging_engine_destroy(). */
  static native void destroy(long engine);

  /** ranging_engine_update(); the direction when hasDirection. */
  static native int update(long engine, long timeUs, long objectId, double distanceM, boolean hasDirection, double x,
      double y, double z);

  /** ranging_engine_lifecycle(). */
  static native int lifecycle(long engine, long timeUs, long objectId, int event);

  /** ranging_engine_advance_clock(). */
  static native int advanceClock(long engine, long timeUs);

  /**
   * ranging_engine_drain_events() into arrays of capacity entries; returns the
   * count (0 or more) or a negative status. kindZoneReason[i] is
   * zone | kind << 8 | reason << 16.
   */
  static native int drain(long engine, int capacity, long[] timeUs, long[] objectId, double[] distanceM,
      double[] sigmaM, int[] kindZoneReason);

  /**
   * ranging_engine_read_object_state(): out gets time_us in times[0] and
   * distance, sigma, rate, dir x, y, z, direction sigma, nlos probability in
   * values[0..7], and zones_inside, direction_state, is_confirmed in flags[0..2].
   */
  static native int readState(long engine, long objectId, long[] times, double[] values, int[] flags);
}
