// SPDX-License-Identifier: Apache-2.0
package rangingengine;

/**
 * The JNI functions over ranging_engine.h (jvm/src/main/c/ranging_engine_jni.c).
 * Each returns the C call's ranging_status_t (or a count); the callers in this
 * package check every one. The library is {@code libranging_engine_jni.so},
 * found on {@code java.library.path} (an Android app's own libraries), or at
 * the path the system property {@code rangingengine.library} names (or, without
 * it, the environment variable {@code RANGINGENGINE_LIBRARY}).
 */
final class Native {
  private Native() {}

  static {
    String path = System.getProperty("rangingengine.library");
    if (path == null || path.isEmpty()) {
      // Where no system property can be set before the JVM starts (a Spark driver started by pyspark inherits it).
      path = System.getenv("RANGINGENGINE_LIBRARY");
    }
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

  // --- ranging_replay.h (jvm/src/main/c/ranging_replay_jni.c; host library only, not in the Android build) ---

  /**
   * ranging_replay_table(): column i is named names[i], of kind kinds[i] (0 numbers: data[i] a double[]; 1
   * integers: a long[]; 2 texts: data[i] the UTF-8 bytes, offsets[i] a long[] of rowCount + 1 offsets), with
   * validity[i] Arrow's bitmap or null. Returns the result's handle (free it with replayFree); throws
   * IllegalArgumentException for arrays that do not hold the rows.
   */
  static native long replayTable(String name, String[] names, int[] kinds, Object[] data, Object[] offsets,
      Object[] validity, int rowCount, String[] options);

  /**
   * A table of rowCount rows in C buffers (names[i], kinds[i] as replayTable's; textBytes[i] the bytes of a column of
   * texts): its handle, for nativeTable*(); free it with nativeTableFree. Throws IllegalArgumentException.
   */
  static native long nativeTableCreate(String[] names, int[] kinds, int rowCount, long[] textBytes);

  /** values[0 .. count) into rows at .. at + count of a column of numbers (NaN: missing). */
  static native void nativeTableNumbers(long table, int column, int at, double[] values, int count);

  /** values[0 .. count) into rows at .. at + count of a column of integers, missing where missing[i] (or null). */
  static native void nativeTableIntegers(long table, int column, int at, long[] values, boolean[] missing, int count);

  /** Rows at .. at + count of a column of texts, row at + i ending at byte firstByte + ends[i] of its bytes. */
  static native void nativeTableTexts(long table, int column, int at, long firstByte, long[] ends, boolean[] missing,
      int count);

  /** bytes[0 .. count) into a column of texts' bytes, from byte at. */
  static native void nativeTableBytes(long table, int column, long at, byte[] bytes, int count);

  /** ranging_replay_table() of the table, every row written: the result's handle, as replayTable's. */
  static native long nativeTableReplay(long table, String name, String[] options);

  /** Frees a table of nativeTableCreate. */
  static native void nativeTableFree(long table);

  /** ranging_replay_max_jobs(): the most threads --jobs takes. */
  static native int replayMaxJobs();

  /** ranging_record_column_type(record, column): RANGING_RECORD_* (0 numbers, 1 integers, 2 texts), or -1. */
  static native int recordColumnType(String record, String column);

  /**
   * ranging_null_column_refusal(): its words' UTF-8 bytes; shown holds pairs of a column's name and a value (null:
   * none), or is null. Throws IllegalArgumentException for what it refuses.
   */
  static native byte[] nullColumnRefusal(String keyword, String column, boolean wholeNumber, long count,
      String[] shown);

  /** ranging_replay_result_free() of a replayTable() result, and its memory. */
  static native void replayFree(long result);

  /**
   * out[0] the status, out[1..9] rows_read, measurements_accepted, lifecycle_accepted, poses_accepted,
   * rows_rejected, objects, evictions, enter_events, exit_events; out[10] event_count, out[11] state_count.
   */
  static native boolean replayCounts(long result, long[] out);

  /** A text of the result: 0 events, 1 filtered, 2 rejected, 3 messages, 4 unused columns, 5 objects, 6 zones. */
  static native byte[] replayText(long result, int which);

  /** The event records, event_count entries into each array. */
  static native boolean replayEvents(long result, double[] t, long[] object, double[] distance, double[] sigma,
      int[] zone, byte[] kind, byte[] reason);

  /** ranging_filtered_columns() of the state records, state_count entries into each array; its status. */
  static native int replayStates(long result, double[] t, long[] object, double[] distance, double[] sigma,
      double[] dirX, double[] dirY, double[] dirZ, byte[] directionState, double[] dirSigmaDeg, double[] nlos);

  /** ranging_write_events(): the JSON Lines' bytes; throws IllegalArgumentException for what it refuses. */
  static native byte[] writeEvents(int count, double[] t, long[] object, double[] distance, double[] sigma,
      int[] zone, byte[] kind, byte[] reason, long[] objectOffsets, byte[] objectBytes, long[] zoneOffsets,
      byte[] zoneBytes);

  /** ranging_write_filtered(): the CSV's bytes; throws IllegalArgumentException for what it refuses. */
  static native byte[] writeFiltered(int count, double[] t, long[] object, double[] distance, double[] sigma,
      double[] dirX, double[] dirY, double[] dirZ, byte[] directionState, double[] dirSigmaDeg, double[] nlos,
      long[] objectOffsets, byte[] objectBytes);
}
