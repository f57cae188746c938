/*
 * Smoke test of the C API: calls every function in ranging_engine.h (STYLE.md
 * §6), so the header and the Swift thunks cannot drift apart.
 *
 * Built three ways: as a program of its own against libRangingEngineCAPI.a
 * (scripts/check-firmware, with alloc_count.c and
 * -DRANGING_SMOKE_COUNT_ALLOCATIONS for the memory checks); inside the
 * firmware image (the same, on Cortex-M); and without main() as the
 * _CAPISmoke target that RangingEngineCAPITests runs under `swift test`.
 */
#include "ranging_engine.h"
#include "ranging_smoke.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#ifdef RANGING_SMOKE_COUNT_ALLOCATIONS
#include "ranging_alloc_count.h"
#endif

static int failures;

#define CHECK(condition)                                                           \
  do {                                                                             \
    if (!(condition)) {                                                            \
      failures++;                                                                  \
      printf("smoke.c:%d: check failed: %s\n", __LINE__, #condition);              \
    }                                                                              \
  } while (0)

#define CHECK_STATUS(call, expected)                                               \
  do {                                                                             \
    ranging_status_t status_ = (call);                                             \
    if (status_ != (expected)) {                                                   \
      failures++;                                                                  \
      printf("smoke.c:%d: %s returned %s, expected %s\n", __LINE__, #call,         \
             ranging_status_name(status_), ranging_status_name(expected));         \
    }                                                                              \
  } while (0)

static const double ahead[3] = {0, 0, -1};

/* Seconds to the API's microseconds. */
static int64_t us(double seconds) { return (int64_t)llround(seconds * 1e6); }

/* Drains every queued event into out (at most capacity) and returns the count. */
static size_t drain(ranging_engine_t *engine, ranging_zone_event_t *out, size_t capacity) {
  size_t total = 0;
  for (;;) {
    size_t count = 0;
    CHECK_STATUS(ranging_engine_drain_events(engine, out + total, capacity - total, &count), RANGING_OK);
    total += count;
    if (count == 0 || total == capacity) return total;
  }
}

/* One object walks in from 4 m to 1 m and out again at 0.5 m/s, 5 Hz, straight ahead. */
static void walk_in_and_out(ranging_engine_t *engine, uint64_t object, double start_s, bool check) {
  for (int step = -30; step <= 30; step++) {
    double distance = 1 + (step < 0 ? -step : step) * 0.1;
    ranging_status_t status = ranging_engine_update(engine, us(start_s + 6 + step * 0.2), object, distance, ahead);
    if (check) CHECK_STATUS(status, RANGING_OK);
  }
}

static void check_defaults(void) {
  ranging_config_t config;
  memset(&config, 0xff, sizeof config);
  ranging_config_init(&config);
  CHECK(config.max_objects == 8);
  CHECK(config.event_capacity == 16);
  CHECK(config.zones == NULL && config.zone_count == 0);
  CHECK(config.lost_timeout_us == 5000000);
  CHECK(config.direction_tracking);
  CHECK(fabs(config.field_of_view_azimuth_rad - 55 * M_PI / 180) < 1e-12);
  CHECK(fabs(config.field_of_view_elevation_rad - 45 * M_PI / 180) < 1e-12);
  CHECK(config.range_sigma_m == 0.05);
  CHECK(config.suspension_policy == RANGING_SUSPENSION_EXIT_ZONES);
  ranging_config_init(NULL); /* ignored */

  ranging_zone_config_t zone;
  ranging_zone_config_init(&zone, 2.5);
  CHECK(zone.radius_m == 2.5 && zone.hysteresis_m == 0.2);
  CHECK(zone.enter_dwell_us == 0 && zone.exit_dwell_us == 0 && zone.enter_sigma_multiplier == 0);
  CHECK(zone.angle_limit_rad == 0 && fabs(zone.angle_hysteresis_rad - 10 * M_PI / 180) < 1e-12);
  ranging_zone_config_init(NULL, 1); /* ignored */
}

/* Every documented range of ranging_config_t is enforced by memory_size, memory_blocks and create alike. */
static void check_invalid_configs(void) {
  ranging_config_t good;
  ranging_config_init(&good);
  ranging_zone_config_t zones[2];
  ranging_zone_config_init(&zones[0], 1.5);
  ranging_zone_config_init(&zones[1], 3);
  size_t value = 0;
  ranging_engine_t *engine = (ranging_engine_t *)&value;

  CHECK_STATUS(ranging_engine_memory_size(NULL, &value), RANGING_ERROR_NULL_ARGUMENT);
  CHECK_STATUS(ranging_engine_memory_size(&good, NULL), RANGING_ERROR_NULL_ARGUMENT);
  CHECK_STATUS(ranging_engine_memory_blocks(NULL, &value), RANGING_ERROR_NULL_ARGUMENT);
  CHECK_STATUS(ranging_engine_memory_blocks(&good, NULL), RANGING_ERROR_NULL_ARGUMENT);
  CHECK_STATUS(ranging_engine_create(&good, NULL), RANGING_ERROR_NULL_ARGUMENT);
  CHECK_STATUS(ranging_engine_create(NULL, &engine), RANGING_ERROR_NULL_ARGUMENT);
  CHECK(engine == NULL);

  for (int which = 0; which < 16; which++) {
    ranging_config_t config = good;
    ranging_zone_config_t bad_zones[2] = {zones[0], zones[1]};
    config.zones = bad_zones;
    config.zone_count = 2;
    ranging_status_t expected = RANGING_ERROR_INVALID_CONFIG;
    switch (which) {
    case 0: config.max_objects = 0; break;
    case 1: config.max_objects = 65537; break;
    case 2: config.event_capacity = 0; break;
    case 3: config.zones = NULL; expected = RANGING_ERROR_NULL_ARGUMENT; break;
    case 4: config.zone_count = 0; break; /* zones given but none counted */
    case 5: config.zone_count = RANGING_MAX_ZONES + 1; break;
    case 6: config.lost_timeout_us = 0; break;
    case 7: config.field_of_view_azimuth_rad = 4; break;
    case 8: config.field_of_view_elevation_rad = NAN; break;
    case 9: config.range_sigma_m = 0; break;
    case 10: config.suspension_policy = (ranging_suspension_policy_t)7; break;
    case 11: bad_zones[1].radius_m = -1; break;
    case 12: bad_zones[0].hysteresis_m = 3.0; break; /* >= 2 * radius */
    case 13: bad_zones[0].exit_dwell_us = -1; break;
    case 14: bad_zones[0].angle_limit_rad = 0.5; bad_zones[0].angle_hysteresis_rad = 1.0; break;
    case 15: bad_zones[1].enter_sigma_multiplier = NAN; break;
    }
    CHECK_STATUS(ranging_engine_memory_size(&config, &value), expected);
    CHECK_STATUS(ranging_engine_memory_blocks(&config, &value), expected);
    engine = (ranging_engine_t *)&value;
    CHECK_STATUS(ranging_engine_create(&config, &engine), expected);
    CHECK(engine == NULL);
  }
  ranging_engine_destroy(NULL); /* ignored */
}

/* Walking in and out gives outer enter, inner enter, inner exit, outer exit, with the state to match. */
static void check_walk(void) {
  ranging_config_t config;
  ranging_config_init(&config);
  ranging_engine_t *engine = NULL;
  CHECK_STATUS(ranging_engine_create(&config, &engine), RANGING_OK);
  if (engine == NULL) return;

  ranging_object_state_t state;
  CHECK_STATUS(ranging_engine_read_object_state(engine, 7, &state), RANGING_ERROR_UNKNOWN_OBJECT);
  walk_in_and_out(engine, 7, 0, true);

  ranging_zone_event_t events[8];
  size_t count = drain(engine, events, 8);
  CHECK(count == 4);
  if (count == 4) {
    const uint32_t zones[4] = {1, 0, 0, 1};
    const ranging_zone_event_kind_t kinds[4] = {RANGING_ZONE_ENTER, RANGING_ZONE_ENTER, RANGING_ZONE_EXIT, RANGING_ZONE_EXIT};
    for (int i = 0; i < 4; i++) {
      CHECK(events[i].object_id == 7 && events[i].zone == zones[i] && events[i].kind == kinds[i]);
      CHECK(events[i].reason == RANGING_EXIT_MEASURED);
      CHECK(events[i].distance_sigma_m > 0 && events[i].distance_sigma_m < 0.1);
      CHECK(i == 0 || events[i].time_us > events[i - 1].time_us);
    }
    CHECK(events[0].distance_m < 2.9 && events[1].distance_m < 1.4);
    CHECK(events[2].distance_m > 1.6 && events[3].distance_m > 3.1);
  }

  CHECK_STATUS(ranging_engine_read_object_state(engine, 7, &state), RANGING_OK);
  CHECK(state.time_us == us(12));
  CHECK(fabs(state.distance_m - 4) < 0.1 && state.distance_sigma_m > 0 && state.distance_sigma_m < 0.1);
  CHECK(fabs(state.distance_rate_m_per_s - 0.5) < 0.2);
  CHECK(state.direction_state == RANGING_DIRECTION_MEASURED && state.is_confirmed);
  CHECK(fabs(state.direction[2] + 1) < 0.01 && state.direction_sigma_rad < 0.2);
  CHECK(state.zones_inside == 0);

  /* Back to 1 m: inside both zones (bits 0 and 1). */
  for (int step = 1; step <= 15; step++) {
    CHECK_STATUS(ranging_engine_update(engine, us(12 + step * 0.2), 7, 4 - step * 0.2, ahead), RANGING_OK);
  }
  CHECK_STATUS(ranging_engine_read_object_state(engine, 7, &state), RANGING_OK);
  CHECK(state.zones_inside == 3);
  /* Direction missing: the 3-D filter predicts it. */
  CHECK_STATUS(ranging_engine_update(engine, us(15.2), 7, 1.0, NULL), RANGING_OK);
  CHECK_STATUS(ranging_engine_read_object_state(engine, 7, &state), RANGING_OK);
  CHECK(state.direction_state == RANGING_DIRECTION_PREDICTED && state.direction[2] < -0.9);
  CHECK(drain(engine, events, 8) == 2);

  ranging_stats_t stats;
  CHECK_STATUS(ranging_engine_read_stats(engine, &stats), RANGING_OK);
  CHECK(stats.updates_accepted == 77 && stats.updates_rejected == 0);
  CHECK(stats.events_queued == 6 && stats.events_dropped == 0 && stats.events_pending == 0);
  CHECK(stats.objects_evicted == 0);
  ranging_engine_destroy(engine);
}

/* Unusable data is rejected with its reason and changes nothing; NULL pointers are refused. */
static void check_rejections(void) {
  ranging_config_t config;
  ranging_config_init(&config);
  ranging_engine_t *engine = NULL;
  CHECK_STATUS(ranging_engine_create(&config, &engine), RANGING_OK);
  if (engine == NULL) return;
  const double nan_direction[3] = {NAN, 0, -1};
  const double long_direction[3] = {0, 0, -1.2};
  CHECK_STATUS(ranging_engine_update(engine, us(1), 1, 2.0, ahead), RANGING_OK);
  CHECK_STATUS(ranging_engine_update(engine, us(0.5), 1, 2.0, ahead), RANGING_REJECTED_TIME_WENT_BACKWARDS);
  CHECK_STATUS(ranging_engine_update(engine, us(2), 1, INFINITY, ahead), RANGING_REJECTED_NON_FINITE_DISTANCE);
  CHECK_STATUS(ranging_engine_update(engine, us(2), 1, -0.5, ahead), RANGING_REJECTED_NEGATIVE_DISTANCE);
  CHECK_STATUS(ranging_engine_update(engine, us(2), 1, 2.0, nan_direction), RANGING_REJECTED_NON_FINITE_DIRECTION);
  CHECK_STATUS(ranging_engine_update(engine, us(2), 1, 2.0, long_direction), RANGING_REJECTED_DIRECTION_NOT_UNIT);
  CHECK_STATUS(ranging_engine_update(engine, us(2), 1, NAN, NULL), RANGING_REJECTED_NO_MEASUREMENT);
  CHECK_STATUS(ranging_engine_update(engine, us(2), 1, NAN, ahead), RANGING_OK); /* direction only */
  CHECK_STATUS(ranging_engine_update(NULL, us(2), 1, 2.0, ahead), RANGING_ERROR_NULL_ARGUMENT);

  ranging_object_state_t state;
  CHECK_STATUS(ranging_engine_read_object_state(engine, 1, &state), RANGING_OK);
  CHECK(state.time_us == us(2) && fabs(state.distance_m - 2) < 0.01);
  CHECK_STATUS(ranging_engine_read_object_state(engine, 1, NULL), RANGING_ERROR_NULL_ARGUMENT);
  CHECK_STATUS(ranging_engine_read_object_state(NULL, 1, &state), RANGING_ERROR_NULL_ARGUMENT);

  ranging_stats_t stats;
  CHECK_STATUS(ranging_engine_read_stats(engine, &stats), RANGING_OK);
  CHECK(stats.updates_accepted == 2 && stats.updates_rejected == 6);
  CHECK_STATUS(ranging_engine_read_stats(engine, NULL), RANGING_ERROR_NULL_ARGUMENT);
  CHECK_STATUS(ranging_engine_read_stats(NULL, &stats), RANGING_ERROR_NULL_ARGUMENT);

  size_t count = 99;
  ranging_zone_event_t event;
  CHECK_STATUS(ranging_engine_drain_events(engine, NULL, 0, &count), RANGING_OK);
  CHECK(count == 0);
  CHECK_STATUS(ranging_engine_drain_events(engine, NULL, 1, &count), RANGING_ERROR_NULL_ARGUMENT);
  CHECK_STATUS(ranging_engine_drain_events(engine, &event, 1, NULL), RANGING_ERROR_NULL_ARGUMENT);
  CHECK_STATUS(ranging_engine_drain_events(NULL, &event, 1, &count), RANGING_ERROR_NULL_ARGUMENT);
  CHECK_STATUS(ranging_engine_lifecycle(NULL, us(3), 1, RANGING_LIFECYCLE_SUSPENDED), RANGING_ERROR_NULL_ARGUMENT);
  CHECK_STATUS(ranging_engine_lifecycle(engine, us(3), 1, (ranging_lifecycle_t)42), RANGING_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(ranging_engine_advance_clock(NULL, us(3)), RANGING_ERROR_NULL_ARGUMENT);
  ranging_engine_destroy(engine);
}

/* Life-cycle events, the lost timeout, eviction and a full event queue each exit zones with their reason. */
static void check_exit_reasons(void) {
  ranging_config_t config;
  ranging_config_init(&config);
  config.max_objects = 1;
  config.event_capacity = 4;
  ranging_engine_t *engine = NULL;
  CHECK_STATUS(ranging_engine_create(&config, &engine), RANGING_OK);
  if (engine == NULL) return;
  ranging_zone_event_t events[4];
  ranging_object_state_t state;

  /* Object 1 stands at 1 m (inside both zones), then is suspended. */
  for (int step = 0; step <= 5; step++) CHECK_STATUS(ranging_engine_update(engine, us(step * 0.2), 1, 1.0, ahead), RANGING_OK);
  CHECK(drain(engine, events, 4) == 2);
  CHECK_STATUS(ranging_engine_lifecycle(engine, us(1.1), 1, RANGING_LIFECYCLE_SUSPENDED), RANGING_OK);
  CHECK(drain(engine, events, 4) == 2);
  CHECK(events[0].zone == 0 && events[0].kind == RANGING_ZONE_EXIT && events[0].reason == RANGING_EXIT_SUSPENDED);
  CHECK(events[1].zone == 1 && events[1].reason == RANGING_EXIT_SUSPENDED && fabs(events[1].distance_m - 1) < 0.05);
  CHECK_STATUS(ranging_engine_lifecycle(engine, us(2), 1, RANGING_LIFECYCLE_SUSPENSION_ENDED), RANGING_OK);
  CHECK_STATUS(ranging_engine_lifecycle(engine, us(2), 99, RANGING_LIFECYCLE_INVALIDATED), RANGING_OK); /* unknown: ignored */

  /* Back inside, then removed by the peer: exits, and the object is forgotten. */
  for (int step = 0; step <= 5; step++) CHECK_STATUS(ranging_engine_update(engine, us(2.2 + step * 0.2), 1, 1.0, ahead), RANGING_OK);
  CHECK(drain(engine, events, 4) == 2);
  CHECK_STATUS(ranging_engine_lifecycle(engine, us(3.5), 1, RANGING_LIFECYCLE_REMOVED_PEER_ENDED), RANGING_OK);
  CHECK(drain(engine, events, 4) == 2 && events[0].reason == RANGING_EXIT_REMOVED_PEER_ENDED);
  CHECK_STATUS(ranging_engine_read_object_state(engine, 1, &state), RANGING_ERROR_UNKNOWN_OBJECT);

  /* Object 2 inside; object 3 takes the only slot: 2 is evicted. */
  for (int step = 0; step <= 5; step++) CHECK_STATUS(ranging_engine_update(engine, us(4 + step * 0.2), 2, 1.0, ahead), RANGING_OK);
  CHECK(drain(engine, events, 4) == 2);
  CHECK_STATUS(ranging_engine_update(engine, us(5.2), 3, 2.0, ahead), RANGING_OK);
  CHECK(drain(engine, events, 4) == 2 && events[0].object_id == 2 && events[0].reason == RANGING_EXIT_EVICTED);

  /* Object 3 enters the outer zone, then is silent: lost after 5 s. */
  for (int step = 1; step <= 5; step++) CHECK_STATUS(ranging_engine_update(engine, us(5.2 + step * 0.2), 3, 2.0, ahead), RANGING_OK);
  CHECK(drain(engine, events, 4) == 1 && events[0].zone == 1 && events[0].kind == RANGING_ZONE_ENTER);
  CHECK_STATUS(ranging_engine_advance_clock(engine, us(8)), RANGING_OK);
  CHECK(drain(engine, events, 4) == 0);
  CHECK_STATUS(ranging_engine_advance_clock(engine, us(11.5)), RANGING_OK);
  CHECK(drain(engine, events, 4) == 1 && events[0].object_id == 3 && events[0].reason == RANGING_EXIT_LOST);
  CHECK(events[0].time_us == us(11.5));

  /* A full queue: the update is applied, the extra event dropped and counted. */
  for (int step = 0; step <= 5; step++) CHECK_STATUS(ranging_engine_update(engine, us(12 + step * 0.2), 4, 1.0, ahead), RANGING_OK);
  CHECK_STATUS(ranging_engine_lifecycle(engine, us(13.2), 4, RANGING_LIFECYCLE_REMOVED_TIMEOUT), RANGING_OK);
  CHECK_STATUS(ranging_engine_update(engine, us(14), 5, 1.0, ahead), RANGING_OK);
  for (int step = 1; step <= 5; step++) {
    ranging_status_t status = ranging_engine_update(engine, us(14 + step * 0.2), 5, 1.0, ahead);
    CHECK(status == RANGING_OK || status == RANGING_ERROR_EVENTS_DROPPED);
  }
  ranging_stats_t stats;
  CHECK_STATUS(ranging_engine_read_stats(engine, &stats), RANGING_OK);
  CHECK(stats.events_pending == 4 && stats.events_dropped == 2 && stats.objects_evicted == 1);
  CHECK(drain(engine, events, 4) == 4 && events[0].object_id == 4 && events[0].reason == RANGING_EXIT_MEASURED);
  CHECK(events[2].reason == RANGING_EXIT_REMOVED_TIMEOUT && events[3].reason == RANGING_EXIT_REMOVED_TIMEOUT);
  ranging_engine_destroy(engine);
}

/* Caller-defined zones: one zone with an angle limit, dwell, and direction tracking off. */
static void check_custom_zones(void) {
  ranging_zone_config_t door;
  ranging_zone_config_init(&door, 2.0);
  door.angle_limit_rad = 30 * M_PI / 180;
  door.enter_dwell_us = 400000;
  ranging_config_t config;
  ranging_config_init(&config);
  config.zones = &door;
  config.zone_count = 1;
  config.direction_tracking = false;
  config.suspension_policy = RANGING_SUSPENSION_HOLD_ZONES;
  ranging_engine_t *engine = NULL;
  CHECK_STATUS(ranging_engine_create(&config, &engine), RANGING_OK);
  if (engine == NULL) return;
  door.radius_m = -1; /* copied at creation: no effect */

  /* At 1 m but 45 degrees to the side: outside the door zone. */
  const double side[3] = {0.7071067811865476, 0, -0.7071067811865476};
  for (int step = 0; step <= 5; step++) CHECK_STATUS(ranging_engine_update(engine, us(step * 0.2), 1, 1.0, side), RANGING_OK);
  ranging_zone_event_t events[4];
  CHECK(drain(engine, events, 4) == 0);
  /* Straight ahead: enters after the 0.4 s dwell. */
  for (int step = 6; step <= 10; step++) CHECK_STATUS(ranging_engine_update(engine, us(step * 0.2), 1, 1.0, ahead), RANGING_OK);
  CHECK(drain(engine, events, 4) == 1 && events[0].zone == 0 && events[0].kind == RANGING_ZONE_ENTER);
  CHECK(events[0].time_us == us(1.6));
  ranging_object_state_t state;
  CHECK_STATUS(ranging_engine_read_object_state(engine, 1, &state), RANGING_OK);
  CHECK(state.zones_inside == 1 && isnan(state.direction_sigma_rad));
  /* Suspension holds the zone. */
  CHECK_STATUS(ranging_engine_lifecycle(engine, us(2.5), 1, RANGING_LIFECYCLE_SUSPENDED), RANGING_OK);
  CHECK(drain(engine, events, 4) == 0);
  ranging_engine_destroy(engine);
}

static void check_names(void) {
  CHECK(strcmp(ranging_status_name(RANGING_OK), "ok") == 0);
  CHECK(strcmp(ranging_status_name(RANGING_ERROR_NULL_ARGUMENT), "null_argument") == 0);
  CHECK(strcmp(ranging_status_name(RANGING_ERROR_INVALID_CONFIG), "invalid_config") == 0);
  CHECK(strcmp(ranging_status_name(RANGING_ERROR_INVALID_ARGUMENT), "invalid_argument") == 0);
  CHECK(strcmp(ranging_status_name(RANGING_ERROR_UNKNOWN_OBJECT), "unknown_object") == 0);
  CHECK(strcmp(ranging_status_name(RANGING_ERROR_EVENTS_DROPPED), "events_dropped") == 0);
  CHECK(strcmp(ranging_status_name(RANGING_REJECTED_TIME_WENT_BACKWARDS), "time_went_backwards") == 0);
  CHECK(strcmp(ranging_status_name(RANGING_REJECTED_NON_FINITE_DISTANCE), "non_finite_distance") == 0);
  CHECK(strcmp(ranging_status_name(RANGING_REJECTED_NEGATIVE_DISTANCE), "negative_distance") == 0);
  CHECK(strcmp(ranging_status_name(RANGING_REJECTED_NON_FINITE_DIRECTION), "non_finite_direction") == 0);
  CHECK(strcmp(ranging_status_name(RANGING_REJECTED_DIRECTION_NOT_UNIT), "direction_not_unit") == 0);
  CHECK(strcmp(ranging_status_name(RANGING_REJECTED_NO_MEASUREMENT), "no_measurement") == 0);
  CHECK(strcmp(ranging_status_name((ranging_status_t)1000), "unknown") == 0);
  CHECK(strcmp(ranging_exit_reason_name(RANGING_EXIT_MEASURED), "measured") == 0);
  CHECK(strcmp(ranging_exit_reason_name(RANGING_EXIT_LOST), "lost") == 0);
  CHECK(strcmp(ranging_exit_reason_name(RANGING_EXIT_REMOVED_TIMEOUT), "removed_timeout") == 0);
  CHECK(strcmp(ranging_exit_reason_name(RANGING_EXIT_REMOVED_PEER_ENDED), "removed_peer_ended") == 0);
  CHECK(strcmp(ranging_exit_reason_name(RANGING_EXIT_SUSPENDED), "suspended") == 0);
  CHECK(strcmp(ranging_exit_reason_name(RANGING_EXIT_INVALIDATED), "invalidated") == 0);
  CHECK(strcmp(ranging_exit_reason_name(RANGING_EXIT_EVICTED), "evicted") == 0);
  CHECK(strcmp(ranging_exit_reason_name((ranging_exit_reason_t)99), "unknown") == 0);
}

#ifdef RANGING_SMOKE_COUNT_ALLOCATIONS
/*
 * The header's memory formula against a counting malloc: create requests
 * exactly ranging_engine_memory_size() bytes in ranging_engine_memory_blocks()
 * blocks; updates, life-cycle events, reads and drains allocate nothing;
 * destroy frees everything.
 */
static void check_memory(uint32_t objects, uint32_t events, uint32_t zone_count, bool direction) {
  ranging_zone_config_t zones[RANGING_MAX_ZONES];
  for (uint32_t i = 0; i < zone_count; i++) ranging_zone_config_init(&zones[i], 0.5 + i);
  ranging_config_t config;
  ranging_config_init(&config);
  config.max_objects = objects;
  config.event_capacity = events;
  config.zones = zone_count ? zones : NULL;
  config.zone_count = zone_count;
  config.direction_tracking = direction;
  size_t bytes = 0, blocks = 0;
  CHECK_STATUS(ranging_engine_memory_size(&config, &bytes), RANGING_OK);
  CHECK_STATUS(ranging_engine_memory_blocks(&config, &blocks), RANGING_OK);

  ranging_engine_t *engine = NULL;
  ranging_alloc_count_start();
  CHECK_STATUS(ranging_engine_create(&config, &engine), RANGING_OK);
  ranging_alloc_count_stop();
  size_t measured_bytes = ranging_alloc_count_live_bytes(), measured_blocks = ranging_alloc_count_live_blocks();
  /* %lu, not %zu: newlib's printf in the firmware image lacks C99 size modifiers. */
  printf("memory: objects=%u events=%u zones=%u direction=%d bytes=%lu (formula %lu) blocks=%lu (formula %lu)\n",
         (unsigned)objects, (unsigned)events, (unsigned)zone_count, direction ? 1 : 0, (unsigned long)measured_bytes,
         (unsigned long)bytes, (unsigned long)measured_blocks, (unsigned long)blocks);
  CHECK(measured_bytes == bytes);
  CHECK(measured_blocks == blocks);
  if (engine == NULL) return;

  ranging_alloc_count_start();
  ranging_zone_event_t out[4];
  ranging_object_state_t state;
  ranging_stats_t stats;
  for (uint64_t object = 0; object < 2 * (uint64_t)objects + 2; object++) {
    double start = (double)object * 20;
    walk_in_and_out(engine, object, start, false);
    CHECK_STATUS(ranging_engine_update(engine, us(start + 12.2), object, NAN, NULL), RANGING_REJECTED_NO_MEASUREMENT);
    (void)ranging_engine_update(engine, us(start + 12.4), object, 2.0, NULL);
    (void)ranging_engine_read_object_state(engine, object, &state);
    (void)ranging_engine_lifecycle(engine, us(start + 12.6), object, RANGING_LIFECYCLE_SUSPENDED);
    (void)ranging_engine_lifecycle(engine, us(start + 12.8), object, RANGING_LIFECYCLE_SUSPENSION_ENDED);
    (void)ranging_engine_advance_clock(engine, us(start + 19));
    size_t count;
    do (void)ranging_engine_drain_events(engine, out, 4, &count); while (count > 0);
    (void)ranging_engine_read_stats(engine, &stats);
  }
  ranging_alloc_count_stop();
  CHECK(ranging_alloc_count_calls() == 0);
  if (ranging_alloc_count_calls() != 0) {
    printf("memory: %lu allocations after create\n", (unsigned long)ranging_alloc_count_calls());
  }

  ranging_alloc_count_start();
  ranging_engine_destroy(engine);
  ranging_alloc_count_stop();
  CHECK(ranging_alloc_count_calls() == 0);
}

static void check_memory_formula(void) {
  /* First use of each type may allocate runtime metadata on hosts (once per
     process, not per engine); a throwaway engine of each shape takes it. */
  for (int direction = 0; direction <= 1; direction++) {
    ranging_config_t config;
    ranging_config_init(&config);
    config.direction_tracking = direction;
    ranging_engine_t *engine = NULL;
    CHECK_STATUS(ranging_engine_create(&config, &engine), RANGING_OK);
    walk_in_and_out(engine, 1, 0, true);
    (void)ranging_engine_advance_clock(engine, us(30));
    ranging_engine_destroy(engine);
  }
  check_memory(1, 1, 0, true);
  check_memory(2, 16, 0, true);
  check_memory(3, 5, 1, true);
  check_memory(8, 16, 0, true);
  check_memory(8, 16, 0, false);
  check_memory(5, 7, 3, false);
  check_memory(17, 40, 2, true);
  check_memory(64, 128, 4, true);
}
#endif

int ranging_smoke_run(void) {
  failures = 0;
  check_defaults();
  check_invalid_configs();
  check_walk();
  check_rejections();
  check_exit_reasons();
  check_custom_zones();
  check_names();
#ifdef RANGING_SMOKE_COUNT_ALLOCATIONS
  check_memory_formula();
#endif
  printf("smoke: %s (%d failed checks)\n", failures == 0 ? "ok" : "FAILED", failures);
  return failures;
}

#ifndef RANGING_SMOKE_NO_MAIN
int main(void) { return ranging_smoke_run() == 0 ? 0 : 1; }
#endif
