// SPDX-License-Identifier: Apache-2.0
package rangingengine;

/**
 * An object's filtered state after its latest accepted update
 * (ranging_object_state_t).
 *
 * @param timeMicros time of the latest accepted update, microseconds
 * @param distanceMeters filtered distance; NaN until a distance has been measured
 * @param sigmaMeters its standard deviation (infinite until measured)
 * @param rateMetersPerSecond rate of change of the distance (negative: approaching)
 * @param directionX unit direction in the phone frame (+x right, +y up, +z towards the user); NaN when unknown
 * @param directionY see directionX
 * @param directionZ see directionX
 * @param direction how the direction was obtained
 * @param confirmed whether zones act on the distance yet
 * @param zonesInside bit i set when the object is inside the session's zone i
 */
public record ObjectState(long timeMicros, double distanceMeters, double sigmaMeters, double rateMetersPerSecond,
    double directionX, double directionY, double directionZ, Direction direction, boolean confirmed,
    int zonesInside) {

  /** How a direction was obtained; the order is the C API's RANGING_DIRECTION_* codes. */
  public enum Direction {
    MEASURED, PREDICTED, UNKNOWN
  }
}
