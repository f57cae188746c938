// SPDX-License-Identifier: Apache-2.0
package rangingengine;

/**
 * The filtered track's columns (docs/FORMATS.md §3) at full precision, one
 * entry per accepted measurement in input order, as ranging_filtered_columns
 * gives them: NaN in each cell the track leaves empty.
 *
 * @param t the row's time in seconds
 * @param object index into objectNames
 * @param distance metres; NaN until a distance has been measured
 * @param sigma metres; NaN with no distance
 * @param dirX unit direction x; NaN when there is none
 * @param dirY unit direction y
 * @param dirZ unit direction z
 * @param directionState 0 measured, 1 predicted, 2 unknown
 * @param dirSigmaDeg the direction's standard deviation in degrees; NaN when none or not finite
 * @param nlos the probability of a non-line-of-sight path; NaN with no distance
 * @param objectNames every object's name
 */
public record FilteredTrack(double[] t, long[] object, double[] distance, double[] sigma, double[] dirX, double[] dirY,
    double[] dirZ, byte[] directionState, double[] dirSigmaDeg, double[] nlos, java.util.List<String> objectNames) {

  /** The number of rows. */
  public int size() {
    return t.length;
  }

  /** The track as rangectl's --filtered writes it, header first, with its own writer (ranging_write_filtered). */
  public byte[] toCsv() {
    if (t == null) throw new IllegalArgumentException("filtered: t is null");
    int n = size();
    for (Object array : new Object[] {object, distance, sigma, dirX, dirY, dirZ, directionState, dirSigmaDeg, nlos}) {
      if (array == null || java.lang.reflect.Array.getLength(array) != n) {
        throw new IllegalArgumentException("filtered: a column is null or does not hold " + n + " entries");
      }
    }
    Utf8Names objects = Utf8Names.of(objectNames, "objectNames");
    return Native.writeFiltered(n, t, object, distance, sigma, dirX, dirY, dirZ, directionState, dirSigmaDeg, nlos,
        objects.offsets(), objects.bytes());
  }
}
