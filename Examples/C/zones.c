// SPDX-License-Identifier: Apache-2.0
#include <stdio.h>
#include "ranging_engine.h"

/* Zone names by index, in the order of config.zones. */
static const char *const zone_names[] = {"near", "room"};

/* Moves every queued zone event out of the engine and prints it. */
static void report_events(ranging_engine_t *engine) {
  ranging_zone_event_t events[8];
  size_t count;
  do {
    if (ranging_engine_drain_events(engine, events, 8, &count) != RANGING_OK) return;
    for (size_t i = 0; i < count; i++) {
      const ranging_zone_event_t *event = &events[i];
      printf("%lld us: tag %llu %s %s at %.2f m", (long long)event->time_us, (unsigned long long)event->object_id,
             event->kind == RANGING_ZONE_ENTER ? "enters" : "leaves", zone_names[event->zone], event->distance_m);
      /* Only an exit has a reason (measured, lost, removed, ...); an enter's is always "measured". */
      if (event->kind == RANGING_ZONE_EXIT) printf(" (%s)", ranging_exit_reason_name(event->reason));
      printf("\n");
    }
  } while (count > 0);
}

int main(void) {
  ranging_zone_config_t zones[2];
  ranging_zone_config_init(&zones[0], 1.0); /* "near": 1 m, 0.15 m hysteresis band */
  ranging_zone_config_init(&zones[1], 3.0); /* "room": 3 m */
  zones[0].exit_dwell_us = 500000;          /* leave "near" only after 0.5 s outside it */

  ranging_config_t config;
  ranging_config_init(&config); /* the defaults of rangectl replay */
  config.max_objects = 4;
  config.event_capacity = 8;
  config.zones = zones; /* copied by ranging_engine_create */
  config.zone_count = 2;

  size_t bytes;
  if (ranging_engine_memory_size(&config, &bytes) != RANGING_OK) return 1;
  printf("the engine takes %lu bytes of heap\n", (unsigned long)bytes);
  ranging_engine_t *engine;
  ranging_status_t status = ranging_engine_create(&config, &engine);
  if (status != RANGING_OK) {
    printf("ranging_engine_create: %s\n", ranging_status_name(status));
    return 1;
  }

  /* In firmware these come from the UWB stack, one call per measurement.
     Here tag 42 walks from 4 m to 0.5 m and back to 2 m at 0.5 m/s, 5 Hz,
     and is outside the phone's field of view (no direction) 3 updates in 10. */
  const double ahead[3] = {0, 0, -1};
  for (int step = 0; step <= 50; step++) {
    int64_t time_us = (int64_t)step * 200000;
    double distance_m = step <= 35 ? 4.0 - step * 0.1 : 0.5 + (step - 35) * 0.1;
    const double *direction = step % 10 < 7 ? ahead : NULL;
    status = ranging_engine_update(engine, time_us, 42, distance_m, direction);
    if (status != RANGING_OK) printf("update: %s\n", ranging_status_name(status));
    report_events(engine);
  }

  ranging_object_state_t state;
  if (ranging_engine_read_object_state(engine, 42, &state) == RANGING_OK) {
    printf("tag 42: %.2f m (sigma %.3f m), %.2f m/s, direction %s, inside zones 0x%lx\n", state.distance_m,
           state.distance_sigma_m, state.distance_rate_m_per_s,
           state.direction_state == RANGING_DIRECTION_MEASURED    ? "measured"
           : state.direction_state == RANGING_DIRECTION_PREDICTED ? "predicted"
                                                                   : "unknown",
           (unsigned long)state.zones_inside);
  }

  /* The session ends: the tag leaves its zones with that reason. A timer
     would call ranging_engine_advance_clock() while no updates arrive, so
     that silent tags leave after the lost timeout (5 s). */
  ranging_engine_lifecycle(engine, 10400000, 42, RANGING_LIFECYCLE_REMOVED_PEER_ENDED);
  report_events(engine);
  ranging_engine_destroy(engine);
  return 0;
}
