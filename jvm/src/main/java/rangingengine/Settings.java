// SPDX-License-Identifier: Apache-2.0
package rangingengine;

/**
 * A {@link RangingSession}'s settings other than its zones. {@link #DEFAULT}
 * holds {@code rangectl replay}'s defaults; the {@code with...} methods give a
 * copy with one value changed. The constructor checks every value and throws
 * {@link IllegalArgumentException} naming the field.
 *
 * @param maxObjects objects tracked at once, 1 to 65536 (the C API's bound); when a new one arrives and all are in
 *     use, the one heard from least recently is evicted (its zones exit with reason {@code EVICTED}). Default 64,
 *     {@code rangectl replay --capacity}'s.
 * @param lostTimeoutSeconds an object silent this long exits its zones (reason {@code LOST}), above 0 up to 86400.
 *     Default 5.
 * @param directionTracking track the direction in 3-D through field-of-view gaps (default true)
 */
public record Settings(int maxObjects, double lostTimeoutSeconds, boolean directionTracking) {

  /** The most objects an engine tracks at once (ranging_config_t.max_objects). */
  public static final int MAX_OBJECTS_LIMIT = 65536;

  /** rangectl replay's defaults: 64 objects, 5 s lost timeout, direction tracking on. */
  public static final Settings DEFAULT = new Settings(64, 5, true);

  public Settings {
    if (maxObjects < 1 || maxObjects > MAX_OBJECTS_LIMIT) {
      throw new IllegalArgumentException("maxObjects must be within 1..." + MAX_OBJECTS_LIMIT + ", got " + maxObjects);
    }
    if (!(lostTimeoutSeconds >= 1e-6 && lostTimeoutSeconds <= 86400)) {
      throw new IllegalArgumentException("lostTimeoutSeconds must be within 1e-6...86400, got " + lostTimeoutSeconds);
    }
  }

  /** These settings with another object capacity. */
  public Settings withMaxObjects(int value) {
    return new Settings(value, lostTimeoutSeconds, directionTracking);
  }

  /** These settings with another lost timeout. */
  public Settings withLostTimeoutSeconds(double value) {
    return new Settings(maxObjects, value, directionTracking);
  }

  /** These settings with direction tracking on or off. */
  public Settings withDirectionTracking(boolean value) {
    return new Settings(maxObjects, lostTimeoutSeconds, value);
  }
}
