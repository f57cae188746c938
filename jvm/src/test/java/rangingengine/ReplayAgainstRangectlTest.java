// SPDX-License-Identifier: Apache-2.0
package rangingengine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every bundled dataset (datasets/NAME/samples.csv) replayed through
 * RangingSession gives the zone events `rangectl replay FILE --backend swift`
 * writes: the same number, in the same order, each with the same time (whole
 * microseconds), object, zone, kind, reason, distance to the millimetre and
 * sigma to a tenth of a millimetre (the decimals docs/FORMATS.md §2 writes).
 *
 * System properties (scripts/checks/check-jvm sets them): rangingengine.rangectl,
 * the rangectl to compare with; rangingengine.datasets, the datasets folder.
 */
class ReplayAgainstRangectlTest {

  /** One line of rangectl's events, docs/FORMATS.md §2. */
  record Expected(String t, String object, String zone, String event, String distance, String sigma, String reason) {}

  @TestFactory
  Stream<DynamicTest> everyBundledDatasetGivesRangectlsEvents() throws IOException {
    String rangectl = System.getProperty("rangingengine.rangectl");
    String datasets = System.getProperty("rangingengine.datasets", "datasets");
    assertNotNull(rangectl, "set -Drangingengine.rangectl=PATH (scripts/checks/check-jvm does)");
    List<Path> files = new ArrayList<>();
    try (var folders = Files.list(Paths.get(datasets))) {
      folders.sorted().forEach(folder -> {
        Path samples = folder.resolve("samples.csv");
        if (Files.isRegularFile(samples)) files.add(samples);
      });
    }
    assertTrue(files.size() >= 8, "expected the 8 bundled datasets under " + datasets + ", found " + files.size());
    return files.stream().map(file -> DynamicTest.dynamicTest(file.getParent().getFileName().toString(),
        () -> compare(rangectl, file)));
  }

  private static void compare(String rangectl, Path file) throws Exception {
    List<Expected> expected = rangectlEvents(rangectl, file);
    List<ZoneEvent> actual = replay(file);
    assertFalse(expected.isEmpty(), file + ": rangectl wrote no events");
    int common = Math.min(expected.size(), actual.size());
    for (int i = 0; i < common; i++) {
      Expected want = expected.get(i);
      ZoneEvent got = actual.get(i);
      String where = file + ": event " + (i + 1) + " (" + want + " against " + got + ")";
      assertEquals(new BigDecimal(want.t()).movePointRight(6).longValueExact(), got.timeMicros(), where + ": time");
      assertEquals(want.object(), got.object(), where + ": object");
      assertEquals(want.zone(), got.zone(), where + ": zone");
      assertEquals(want.event(), got.kind().jsonName(), where + ": kind");
      assertEquals(want.reason() == null ? "measured" : want.reason(), got.reason().jsonName(), where + ": reason");
      assertEquals(scaled(want.distance(), 3), rounded(got.distanceMeters(), 3), where + ": distance (mm)");
      assertEquals(scaled(want.sigma(), 4), rounded(got.sigmaMeters(), 4), where + ": sigma (0.1 mm)");
    }
    assertEquals(expected.size(), actual.size(), file + ": number of events");
  }

  /** Replays a ranging CSV's t, object, distance, dir_x/y/z and event columns through a session with the defaults. */
  static List<ZoneEvent> replay(Path file) throws IOException {
    List<ZoneEvent> events = new ArrayList<>();
    try (RangingSession session = new RangingSession(List.of(Zone.of("inner", 1.5), Zone.of("outer", 3.0)))) {
      Map<String, Integer> at = null;
      for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
        if (line.startsWith("#") || line.isBlank()) continue;
        String[] fields = line.split(",", -1);
        if (at == null) {
          at = new HashMap<>();
          for (int i = 0; i < fields.length; i++) at.put(fields[i].trim(), i);
          continue;
        }
        String object = field(fields, at, "object");
        double t = Double.parseDouble(field(fields, at, "t"));
        String event = field(fields, at, "event");
        if (!event.isEmpty()) {
          events.addAll(session.lifecycle(object, t, Lifecycle.fromCsvName(event)));
          continue;
        }
        String distance = field(fields, at, "distance");
        double[] direction = null;
        if (!field(fields, at, "dir_x").isEmpty()) {
          direction = new double[] {Double.parseDouble(field(fields, at, "dir_x")),
              Double.parseDouble(field(fields, at, "dir_y")), Double.parseDouble(field(fields, at, "dir_z"))};
        }
        try {
          if (distance.isEmpty()) {
            events.addAll(session.updateDirection(object, t, direction));
          } else {
            events.addAll(session.update(object, t, Double.parseDouble(distance), direction));
          }
        } catch (IllegalArgumentException rejected) {
          // rangectl rejects the row too and goes on; the engine is unchanged by it.
        }
      }
    }
    return events;
  }

  private static String field(String[] fields, Map<String, Integer> at, String column) {
    Integer index = at.get(column);
    return index == null || index >= fields.length ? "" : fields[index].trim();
  }

  private static List<Expected> rangectlEvents(String rangectl, Path file) throws Exception {
    Process process = new ProcessBuilder(rangectl, "replay", file.toString(), "--backend", "swift")
        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
    byte[] bytes;
    try (InputStream out = process.getInputStream()) {
      ByteArrayOutputStream buffer = new ByteArrayOutputStream();
      out.transferTo(buffer);
      bytes = buffer.toByteArray();
    }
    assertTrue(process.waitFor(120, TimeUnit.SECONDS), "rangectl replay did not finish");
    assertEquals(0, process.exitValue(), "rangectl replay " + file + " exit status");
    List<Expected> events = new ArrayList<>();
    for (String line : new String(bytes, StandardCharsets.UTF_8).split("\n")) {
      if (line.isEmpty()) continue;
      Map<String, String> json = flatJson(line);
      events.add(new Expected(json.get("t"), json.get("object"), json.get("zone"), json.get("event"),
          json.get("distance"), json.get("sigma"), json.get("reason")));
    }
    return events;
  }

  /** The members of a flat JSON object whose strings have no escapes (the bundled datasets' names have none). */
  static Map<String, String> flatJson(String line) {
    assertTrue(line.startsWith("{") && line.endsWith("}"), "not a JSON object: " + line);
    assertFalse(line.contains("\\"), "an escape in " + line);
    Map<String, String> members = new HashMap<>();
    int i = 1;
    while (i < line.length() - 1) {
      int keyEnd = line.indexOf('"', i + 1);
      String key = line.substring(i + 1, keyEnd);
      int valueStart = keyEnd + 2;
      int valueEnd;
      String value;
      if (line.charAt(valueStart) == '"') {
        valueEnd = line.indexOf('"', valueStart + 1) + 1;
        value = line.substring(valueStart + 1, valueEnd - 1);
      } else {
        valueEnd = line.indexOf(',', valueStart);
        if (valueEnd < 0) valueEnd = line.length() - 1;
        value = line.substring(valueStart, valueEnd);
      }
      members.put(key, value);
      i = valueEnd + 1;
    }
    return members;
  }

  /** A decimal text as an integer in units of 10^-places (null for JSON null). */
  private static Long scaled(String text, int places) {
    return text == null || text.equals("null") ? null : new BigDecimal(text).movePointRight(places).longValueExact();
  }

  /** A length rounded to 10^-places, halves away from zero (null when not finite). */
  private static Long rounded(double value, int places) {
    if (!Double.isFinite(value)) return null;
    return new BigDecimal(value).movePointRight(places).setScale(0, RoundingMode.HALF_UP).longValueExact();
  }
}
