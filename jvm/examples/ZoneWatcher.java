// SPDX-License-Identifier: Apache-2.0
import java.util.List;
import rangingengine.RangingSession;
import rangingengine.Zone;
import rangingengine.ZoneEvent;

public class ZoneWatcher {
  public static void main(String[] args) {
    // Two zones around the phone: "near" within 1 m, "room" within 3 m.
    try (RangingSession session = new RangingSession(List.of(Zone.of("near", 1.0), Zone.of("room", 3.0)))) {
      // "lock-1" comes from 4 m to 0.5 m and goes back to 4 m at 0.5 m/s, ten updates a second.
      for (int step = 0; step <= 140; step++) {
        double seconds = step * 0.1;
        double meters = step <= 70 ? 4 - 0.05 * step : 0.5 + 0.05 * (step - 70);
        for (ZoneEvent event : session.update("lock-1", seconds, meters)) {
          System.out.println(event);
        }
      }
    }
  }
}
