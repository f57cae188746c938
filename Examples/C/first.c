// SPDX-License-Identifier: Apache-2.0
#include <stdio.h>
#include "ranging_engine.h"

int main(void) {
  ranging_zone_config_t zone;
  ranging_zone_config_init(&zone, 1.0); /* within 1 m, 0.15 m hysteresis band */

  ranging_config_t config;
  ranging_config_init(&config); /* the defaults of rangectl replay */
  config.zones = &zone;         /* copied by ranging_engine_create */
  config.zone_count = 1;

  ranging_engine_t *engine;
  if (ranging_engine_create(&config, &engine) != RANGING_OK) return 1;

  /* Tag 7 comes from 3 m to 0.2 m and back at 0.5 m/s, 10 updates a second. */
  for (int step = 0; step <= 112; step++) {
    double distance_m = step <= 56 ? 3.0 - step * 0.05 : 0.2 + (step - 56) * 0.05;
    ranging_engine_update(engine, (int64_t)step * 100000, 7, distance_m, NULL);

    ranging_zone_event_t events[4];
    size_t count;
    ranging_engine_drain_events(engine, events, 4, &count);
    for (size_t i = 0; i < count; i++) {
      printf("%.1f s: tag %llu %s the zone at %.2f m\n", events[i].time_us / 1e6,
             (unsigned long long)events[i].object_id,
             events[i].kind == RANGING_ZONE_ENTER ? "enters" : "leaves", events[i].distance_m);
    }
  }
  ranging_engine_destroy(engine);
  return 0;
}
