// SPDX-License-Identifier: Apache-2.0
package rangingengine;

/**
 * A named circular zone around the phone, with hysteresis and dwell, as a
 * {@link RangingSession} reports it in its events.
 *
 * <p>An object outside enters when its decision distance stays below
 * {@code radiusMeters - hysteresisMeters / 2 + 0.075} for
 * {@code enterDwellSeconds}; an object inside leaves when it stays beyond
 * {@code radiusMeters + hysteresisMeters / 2 + 0.075} for
 * {@code exitDwellSeconds} (0.075 m is the engine's band offset, as
 * {@code ranging_zone_config_init} sets it; with the default band of 0.15 m an
 * object enters below the radius and leaves 0.15 m beyond it). With
 * {@code angleLimitDegrees > 0} the direction must also be within that angle of
 * straight ahead, with a band of 10 degrees.
 *
 * <p>The constructor checks every value and throws
 * {@link IllegalArgumentException} naming the zone and the field, so that
 * zones read from a settings screen or a file can be checked.
 *
 * @param name the name events carry; not null, not empty
 * @param radiusMeters 0.001 to 10000
 * @param hysteresisMeters the band in which membership is held, 0 to below 2 * radius (default 0.15)
 * @param enterDwellSeconds how long the enter condition must hold, 0 to 86400 (default 0)
 * @param exitDwellSeconds how long the exit condition must hold, 0 to 86400 (default 0)
 * @param angleLimitDegrees half-angle around straight ahead, 0 (every direction, default) or above 5 and below 180
 */
public record Zone(String name, double radiusMeters, double hysteresisMeters, double enterDwellSeconds,
    double exitDwellSeconds, double angleLimitDegrees) {

  /** The engine's default band, metres. */
  public static final double DEFAULT_HYSTERESIS_METERS = 0.15;
  /** Where the band's centre lies above the radius, metres (not settable here). */
  static final double BAND_OFFSET_METERS = 0.075;
  /** The band around an angle limit, degrees (not settable here). */
  static final double ANGLE_HYSTERESIS_DEGREES = 10;

  public Zone {
    if (name == null) throw new IllegalArgumentException("zone name is null");
    if (name.isEmpty()) throw new IllegalArgumentException("zone name is empty");
    String zone = "zone '" + name + "': ";
    if (!(radiusMeters >= 0.001 && radiusMeters <= 10000)) {
      throw new IllegalArgumentException(zone + "radiusMeters must be within 0.001...10000, got " + radiusMeters);
    }
    if (!(hysteresisMeters >= 0 && hysteresisMeters < 2 * radiusMeters)) {
      throw new IllegalArgumentException(zone + "hysteresisMeters must be within 0...<2 * radius, got " + hysteresisMeters);
    }
    if (!(radiusMeters - hysteresisMeters / 2 + BAND_OFFSET_METERS > 0)) {
      throw new IllegalArgumentException(zone + "hysteresisMeters " + hysteresisMeters + " puts the enter threshold at or below 0 m");
    }
    if (!(enterDwellSeconds >= 0 && enterDwellSeconds <= 86400)) {
      throw new IllegalArgumentException(zone + "enterDwellSeconds must be within 0...86400, got " + enterDwellSeconds);
    }
    if (!(exitDwellSeconds >= 0 && exitDwellSeconds <= 86400)) {
      throw new IllegalArgumentException(zone + "exitDwellSeconds must be within 0...86400, got " + exitDwellSeconds);
    }
    if (!(angleLimitDegrees == 0 || (angleLimitDegrees > ANGLE_HYSTERESIS_DEGREES / 2 && angleLimitDegrees < 180))) {
      throw new IllegalArgumentException(zone + "angleLimitDegrees must be 0 (none) or within 5...180 (exclusive), got "
          + angleLimitDegrees);
    }
  }

  /** A zone of {@code radiusMeters} with the engine's defaults: band 0.15 m, no dwell, every direction. */
  public static Zone of(String name, double radiusMeters) {
    return new Zone(name, radiusMeters, DEFAULT_HYSTERESIS_METERS, 0, 0, 0);
  }

  /** This zone with another band. */
  public Zone withHysteresis(double meters) {
    return new Zone(name, radiusMeters, meters, enterDwellSeconds, exitDwellSeconds, angleLimitDegrees);
  }

  /** This zone with other dwell times. */
  public Zone withDwell(double enterSeconds, double exitSeconds) {
    return new Zone(name, radiusMeters, hysteresisMeters, enterSeconds, exitSeconds, angleLimitDegrees);
  }

  /** This zone limited to {@code degrees} around straight ahead (0: every direction). */
  public Zone withAngleLimit(double degrees) {
    return new Zone(name, radiusMeters, hysteresisMeters, enterDwellSeconds, exitDwellSeconds, degrees);
  }
}
