// SPDX-License-Identifier: Apache-2.0
package rangingengine.spark;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import rangingengine.FilteredTrack;
import rangingengine.ReplayEvents;
import rangingengine.ZoneEvent;

/**
 * {@link SparkReplay}'s events and filtered track collected to the driver and
 * written as rangectl replay's --events and --filtered write them, with its
 * own writers (ReplayEvents.toJsonl, FilteredTrack.toCsv): for comparing a
 * Spark replay with rangectl's, byte for byte, or for writing its files.
 */
public final class SparkWriters {
  private SparkWriters() {}

  /** The events (SparkReplay.Result.events of one recording) as docs/FORMATS.md §2's JSON Lines. */
  public static byte[] eventsJsonl(Dataset<Row> events) {
    List<Row> rows = events.select("t", "object", "zone", "event", "distance", "sigma", "reason").collectAsList();
    int n = rows.size();
    Names objects = new Names();
    Names zones = new Names();
    Map<String, Byte> reasons = new HashMap<>();
    for (ZoneEvent.Reason reason : ZoneEvent.Reason.values()) reasons.put(reason.jsonName(), (byte) reason.ordinal());
    ReplayEvents columns = new ReplayEvents(new double[n], new long[n], new double[n], new double[n], new int[n],
        new byte[n], new byte[n], objects.names, zones.names);
    for (int i = 0; i < n; i++) {
      Row row = rows.get(i);
      columns.t()[i] = row.getDouble(0);
      columns.object()[i] = objects.code(row.getString(1));
      columns.zone()[i] = zones.code(row.getString(2));
      columns.kind()[i] = (byte) ("enter".equals(row.getString(3)) ? 0 : 1);
      columns.distance()[i] = row.isNullAt(4) ? Double.NaN : row.getDouble(4);
      columns.sigma()[i] = row.isNullAt(5) ? Double.NaN : row.getDouble(5);
      Byte reason = row.isNullAt(6) ? Byte.valueOf((byte) 0) : reasons.get(row.getString(6));
      if (reason == null) throw new IllegalArgumentException("reason: " + row.getString(6) + " is no exit reason");
      columns.reason()[i] = reason;
    }
    return columns.toJsonl();
  }

  /** The filtered track (SparkReplay.Result.filtered of one recording) as docs/FORMATS.md §3's CSV. */
  public static byte[] filteredCsv(Dataset<Row> filtered) {
    List<Row> rows = filtered.select("t", "object", "distance", "sigma", "dir_x", "dir_y", "dir_z", "direction_state",
        "dir_sigma_deg", "nlos").collectAsList();
    int n = rows.size();
    Names objects = new Names();
    FilteredTrack columns = new FilteredTrack(new double[n], new long[n], new double[n], new double[n], new double[n],
        new double[n], new double[n], new byte[n], new double[n], new double[n], objects.names);
    List<String> states = List.of(ReplayTask.DIRECTION_STATES);
    for (int i = 0; i < n; i++) {
      Row row = rows.get(i);
      columns.t()[i] = row.getDouble(0);
      columns.object()[i] = objects.code(row.getString(1));
      double[][] numbers = {columns.distance(), columns.sigma(), columns.dirX(), columns.dirY(), columns.dirZ()};
      for (int c = 0; c < numbers.length; c++) numbers[c][i] = row.isNullAt(2 + c) ? Double.NaN : row.getDouble(2 + c);
      int state = states.indexOf(row.getString(7));
      if (state < 0) throw new IllegalArgumentException("direction_state: " + row.getString(7) + " is no state");
      columns.directionState()[i] = (byte) state;
      columns.dirSigmaDeg()[i] = row.isNullAt(8) ? Double.NaN : row.getDouble(8);
      columns.nlos()[i] = row.isNullAt(9) ? Double.NaN : row.getDouble(9);
    }
    return columns.toCsv();
  }

  /** Names numbered in the order of their first appearance. */
  private static final class Names {
    final List<String> names = new ArrayList<>();
    final Map<String, Integer> codes = new HashMap<>();

    int code(String name) {
      if (name == null) throw new IllegalArgumentException("a record without its object or zone");
      return codes.computeIfAbsent(name, key -> {
        names.add(key);
        return names.size() - 1;
      });
    }
  }
}
