// SPDX-License-Identifier: Apache-2.0
/*
 * Smoke test of the C API: calls every function in ranging_engine.h (docs/CONVENTIONS.md
 * §6), so the header and the Swift thunks cannot drift apart: the engine
 * first, then the Nearby Interaction Accessory Protocol part.
 *
 * Built three ways: as a program of its own against libRangingEngineCAPI.a
 * (scripts/checks/check-firmware, with alloc_count.c and
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
  CHECK(config.range_sigma_m == 0.065);
  CHECK(config.range_offset_m == 0 && config.range_scale == 1);
  CHECK(config.suspension_policy == RANGING_SUSPENSION_EXIT_ZONES);
  CHECK(config.process_noise == 0.5 && config.gate_sigmas == 4 && config.short_gate_sigmas == 4);
  CHECK(isinf(config.max_rate_m_per_s) && config.reset_after_rejections == 3 && config.reset_after_us == 500000);
  CHECK(config.confirmation_count == 1 && config.confirmation_us == 250000);
  CHECK(config.max_coast_us == 1500000 && config.velocity_correlation_us == 1500000);
  CHECK(config.hampel_window == 1 && config.hampel_threshold == 3 && config.hampel_side == RANGING_OUTLIER_SIDE_ABOVE);
  CHECK(config.measured_range_noise && config.range_gating_on_evidence);
  ranging_config_init(NULL); /* ignored */

  ranging_zone_config_t zone;
  ranging_zone_config_init(&zone, 2.5);
  CHECK(zone.radius_m == 2.5 && zone.hysteresis_m == 0.15);
  CHECK(zone.enter_dwell_us == 0 && zone.exit_dwell_us == 0 && zone.enter_sigma_multiplier == 0);
  CHECK(zone.angle_limit_rad == 0 && fabs(zone.angle_hysteresis_rad - 10 * M_PI / 180) < 1e-12);
  CHECK(zone.band_offset_m == 0.075);
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

  for (int which = 0; which < 54; which++) {
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
    case 16: config.range_offset_m = 10.5; break;
    case 17: config.range_offset_m = NAN; break;
    case 18: config.range_scale = 0.49; break;
    case 19: config.range_scale = INFINITY; break;
    case 20: bad_zones[0].band_offset_m = -1.5; break; /* enter threshold below 0 */
    case 21: bad_zones[1].band_offset_m = INFINITY; break;
    /* Issue 13, row 10: values that made the filter's variances infinite or zero. */
    case 22: config.range_sigma_m = 1e308; break;
    case 23: config.range_sigma_m = INFINITY; break;
    case 24: config.range_sigma_m = 1e-200; break;
    case 25: config.lost_timeout_us = INT64_MAX; break;         /* beyond a day */
    case 26: config.lost_timeout_us = 86400000001LL; break;
    case 27: bad_zones[0].radius_m = 1e6; break;                 /* beyond 10 km */
    case 28: bad_zones[0].exit_dwell_us = INT64_MAX; break;
    case 29: bad_zones[1].enter_sigma_multiplier = 1e300; break;
    case 30: bad_zones[0].angle_limit_rad = -0.5; break;
    case 31: config.field_of_view_azimuth_rad = 1e-300; break;
    case 32: config.direction_tracking = false; config.range_sigma_m = NAN; break;
    /* The distance filter's settings. */
    case 33: config.process_noise = 0; break;
    case 34: config.process_noise = 1e7; break;
    case 35: config.gate_sigmas = NAN; break;
    case 36: config.short_gate_sigmas = 0.05; break;
    case 37: config.max_rate_m_per_s = 0.05; break;
    case 38: config.max_rate_m_per_s = NAN; break;
    case 39: config.reset_after_rejections = 0; break;
    case 40: config.reset_after_us = -1; break;
    case 41: config.confirmation_count = 1001; break;
    case 42: config.confirmation_us = 3600000001LL; break;
    case 43: config.reset_after_rejections = UINT32_MAX; break;
    /* The direction filter's settings. */
    case 44: config.max_coast_us = 0; break;
    case 45: config.max_coast_us = 3600000001LL; break;
    case 46: config.velocity_correlation_us = 999; break;
    case 47: config.velocity_correlation_us = INT64_MAX; break;
    /* The Hampel pre-filter's settings. */
    case 48: config.hampel_window = 0; break;
    case 49: config.hampel_window = 16; break;
    case 50: config.hampel_window = UINT32_MAX; break;
    case 51: config.hampel_threshold = -1; break;
    case 52: config.hampel_threshold = NAN; break;
    case 53: config.hampel_side = 2; break;
    }
    CHECK_STATUS(ranging_engine_memory_size(&config, &value), expected);
    CHECK_STATUS(ranging_engine_memory_blocks(&config, &value), expected);
    engine = (ranging_engine_t *)&value;
    CHECK_STATUS(ranging_engine_create(&config, &engine), expected);
    CHECK(engine == NULL);
  }
  /* The ends of the Hampel ranges are accepted. */
  ranging_config_t widest = good;
  widest.hampel_window = 15, widest.hampel_threshold = 0, widest.hampel_side = RANGING_OUTLIER_SIDE_BOTH;
  engine = NULL;
  CHECK_STATUS(ranging_engine_create(&widest, &engine), RANGING_OK);
  ranging_engine_destroy(engine);
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
      /* The reported sigma holds an uncalibrated device's bias (0.15 m, more with range) and the
         NLOS term (at most 0.3 m): above 0.15 m, below 0.4 m at these distances. */
      CHECK(events[i].distance_sigma_m > 0.15 && events[i].distance_sigma_m < 0.4);
      CHECK(i == 0 || events[i].time_us > events[i - 1].time_us);
    }
    CHECK(events[0].distance_m < 3.0 && events[1].distance_m < 1.5); /* enter below the radius */
    CHECK(events[2].distance_m > 1.65 && events[3].distance_m > 3.15); /* exit 0.15 m beyond it */
  }

  CHECK_STATUS(ranging_engine_read_object_state(engine, 7, &state), RANGING_OK);
  CHECK(state.time_us == us(12));
  CHECK(fabs(state.distance_m - 4) < 0.1 && state.distance_sigma_m > 0.15 && state.distance_sigma_m < 0.4);
  CHECK(fabs(state.distance_rate_m_per_s - 0.5) < 0.2);
  CHECK(state.direction_state == RANGING_DIRECTION_MEASURED && state.is_confirmed);
  /* a clean walk in line of sight: the NLOS probability is low */
  CHECK(state.nlos_probability >= 0 && state.nlos_probability < 0.5);
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

/*
 * A device reading 10% long plus 0.2 m (measured = 1.1 * true + 0.2): a steady
 * 2.4 m is reported as (2.4 - 0.2) / 1.1 = 2.0 m, and a reading shorter than
 * the offset as 0 m, not rejected. The limits themselves are accepted.
 */
/* The batch call against one call per row: the same statuses, states and events,
   also when a small event buffer makes it stop and resume many times. */
enum { BATCH_ROWS = 130 };

static void batch_rows(int64_t *time_us, uint64_t *object_id, double *distance_m, double *direction, int32_t *lifecycle) {
  for (size_t i = 0; i < BATCH_ROWS; i++) {
    /* Two objects interleaved, walking 4 m -> 1 m -> 4 m at 10 Hz each. */
    int step = (int)(i / 2) - 32;
    time_us[i] = us(10 + 0.1 * (double)(i / 2));
    object_id[i] = 100 + i % 2;
    distance_m[i] = 1 + (step < 0 ? -step : step) * 0.09 + (i % 2) * 0.2;
    direction[3 * i] = NAN, direction[3 * i + 1] = NAN, direction[3 * i + 2] = NAN;
    if (i % 3 == 0) direction[3 * i] = 0, direction[3 * i + 1] = 0, direction[3 * i + 2] = -1;
    lifecycle[i] = RANGING_BATCH_MEASUREMENT;
  }
  time_us[20] = us(9);                             /* time went backwards */
  distance_m[22] = NAN;                            /* no distance and (22 % 3 != 0) no direction */
  direction[3 * 24] = 0.5;                         /* not a unit vector */
  lifecycle[60] = RANGING_LIFECYCLE_SUSPENDED;     /* life-cycle rows: distance and direction not read */
  lifecycle[62] = RANGING_LIFECYCLE_SUSPENSION_ENDED;
  lifecycle[63] = 9;                               /* undefined */
  lifecycle[66] = RANGING_BATCH_ADVANCE_CLOCK;     /* 10 s of silence: 101 (inside both zones) is lost; 100, */
                                                   /* restarted at 62 and not confirmed since, is in none */
  time_us[66] = us(25);
  lifecycle[129] = RANGING_LIFECYCLE_REMOVED_PEER_ENDED;
}

static void check_batch(void) {
  /* Static: the firmware image's stack is small. */
  static int64_t time_us[BATCH_ROWS];
  static uint64_t object_id[BATCH_ROWS];
  static double distance_m[BATCH_ROWS], direction[3 * BATCH_ROWS];
  static int32_t lifecycle[BATCH_ROWS];
  static ranging_status_t expected_status[BATCH_ROWS], status[BATCH_ROWS];
  static ranging_object_state_t expected_state[BATCH_ROWS], state[BATCH_ROWS];
  static ranging_zone_event_t expected_events[64], buffer[16], events[64];
  static size_t expected_rows[64], buffer_rows[16], rows[64];
  batch_rows(time_us, object_id, distance_m, direction, lifecycle);
  ranging_config_t config;
  ranging_config_init(&config);

  /* One call per row. */
  ranging_engine_t *single = NULL;
  CHECK_STATUS(ranging_engine_create(&config, &single), RANGING_OK);
  size_t expected_count = 0;
  for (size_t i = 0; i < BATCH_ROWS; i++) {
    const double *d = isnan(direction[3 * i]) ? NULL : &direction[3 * i];
    if (lifecycle[i] == RANGING_BATCH_MEASUREMENT) {
      expected_status[i] = ranging_engine_update(single, time_us[i], object_id[i], distance_m[i], d);
      if (expected_status[i] == RANGING_OK) (void)ranging_engine_read_object_state(single, object_id[i], &expected_state[i]);
    } else if (lifecycle[i] == RANGING_BATCH_ADVANCE_CLOCK) {
      expected_status[i] = ranging_engine_advance_clock(single, time_us[i]);
    } else {
      expected_status[i] = ranging_engine_lifecycle(single, time_us[i], object_id[i], (ranging_lifecycle_t)lifecycle[i]);
    }
    size_t drained = drain(single, expected_events + expected_count, 64 - expected_count);
    for (size_t j = expected_count; j < expected_count + drained; j++) expected_rows[j] = i;
    expected_count += drained;
  }
  ranging_engine_destroy(single);
  CHECK(expected_status[20] == RANGING_REJECTED_TIME_WENT_BACKWARDS);
  CHECK(expected_status[22] == RANGING_REJECTED_NO_MEASUREMENT);
  CHECK(expected_status[24] == RANGING_REJECTED_DIRECTION_NOT_UNIT);
  CHECK(expected_status[63] == RANGING_ERROR_INVALID_ARGUMENT);
  CHECK(expected_count >= 8); /* both objects enter and exit both zones */
  size_t lost = 0;
  for (size_t i = 0; i < expected_count; i++) {
    lost += expected_rows[i] == 66 && expected_events[i].reason == RANGING_EXIT_LOST && expected_events[i].object_id == 101;
  }
  CHECK(lost == 2);

  /* The batch, with an event buffer of exactly the engine's event_capacity. */
  ranging_engine_t *engine = NULL;
  CHECK_STATUS(ranging_engine_create(&config, &engine), RANGING_OK);
  memset(state, 0, sizeof state);
  ranging_batch_t batch = {.count = BATCH_ROWS, .time_us = time_us, .object_id = object_id, .distance_m = distance_m,
                           .direction = direction, .lifecycle = lifecycle, .status = status, .states = state,
                           .events = buffer, .event_rows = buffer_rows, .event_capacity = 16};
  size_t count = 0, calls = 0;
  while (batch.rows_done < batch.count && calls++ < 2 * BATCH_ROWS) {
    CHECK_STATUS(ranging_engine_process_batch(engine, &batch), RANGING_OK);
    for (size_t i = 0; i < batch.event_count && count < 64; i++) rows[count] = buffer_rows[i], events[count++] = buffer[i];
  }
  CHECK(batch.rows_done == BATCH_ROWS);
  CHECK(count == expected_count);
  for (size_t i = 0; i < count && i < expected_count; i++) {
    CHECK(memcmp(&events[i], &expected_events[i], sizeof events[i]) == 0);
    CHECK(rows[i] == expected_rows[i]);
  }
  for (size_t i = 0; i < BATCH_ROWS; i++) {
    CHECK(status[i] == expected_status[i]);
    if (status[i] == RANGING_OK && lifecycle[i] == RANGING_BATCH_MEASUREMENT) {
      CHECK(state[i].time_us == expected_state[i].time_us && state[i].distance_m == expected_state[i].distance_m);
      CHECK(state[i].distance_sigma_m == expected_state[i].distance_sigma_m);
      CHECK(state[i].zones_inside == expected_state[i].zones_inside);
      CHECK(state[i].direction_state == expected_state[i].direction_state);
      CHECK(state[i].nlos_probability == expected_state[i].nlos_probability);
    } else {
      CHECK(state[i].time_us == 0); /* untouched */
    }
  }

  /* Optional arrays: no distances, no directions, no life-cycle codes, no outputs but the events. */
  ranging_batch_t bare = {.count = 2, .time_us = time_us, .object_id = object_id, .events = buffer, .event_capacity = 16};
  CHECK_STATUS(ranging_engine_process_batch(engine, &bare), RANGING_OK);
  CHECK(bare.rows_done == 2 && bare.event_count == 0);

  /* Caller errors change nothing. */
  ranging_batch_t bad = batch;
  bad.rows_done = 0;
  CHECK_STATUS(ranging_engine_process_batch(NULL, &bad), RANGING_ERROR_NULL_ARGUMENT);
  CHECK_STATUS(ranging_engine_process_batch(engine, NULL), RANGING_ERROR_NULL_ARGUMENT);
  bad.events = NULL;
  CHECK_STATUS(ranging_engine_process_batch(engine, &bad), RANGING_ERROR_NULL_ARGUMENT);
  bad.events = buffer;
  bad.time_us = NULL;
  CHECK_STATUS(ranging_engine_process_batch(engine, &bad), RANGING_ERROR_NULL_ARGUMENT);
  bad.time_us = time_us;
  bad.event_capacity = 15;
  CHECK_STATUS(ranging_engine_process_batch(engine, &bad), RANGING_ERROR_BUFFER_TOO_SMALL);
  bad.event_capacity = 16;
  bad.rows_done = BATCH_ROWS + 1;
  CHECK_STATUS(ranging_engine_process_batch(engine, &bad), RANGING_ERROR_INVALID_ARGUMENT);
  CHECK(bad.rows_done == BATCH_ROWS + 1 && bad.event_count == 0);
  ranging_engine_destroy(engine);
}

static void check_range_calibration(void) {
  ranging_config_t config;
  ranging_config_init(&config);
  config.range_offset_m = 0.2;
  config.range_scale = 1.1;
  ranging_engine_t *engine = NULL;
  CHECK_STATUS(ranging_engine_create(&config, &engine), RANGING_OK);
  if (engine == NULL) return;
  for (int step = 0; step < 10; step++) {
    CHECK_STATUS(ranging_engine_update(engine, us(1 + step * 0.1), 1, 2.4, ahead), RANGING_OK);
    CHECK_STATUS(ranging_engine_update(engine, us(1 + step * 0.1), 2, 0.1, ahead), RANGING_OK);
  }
  ranging_object_state_t state;
  CHECK_STATUS(ranging_engine_read_object_state(engine, 1, &state), RANGING_OK);
  CHECK(fabs(state.distance_m - 2.0) < 1e-9);
  CHECK_STATUS(ranging_engine_read_object_state(engine, 2, &state), RANGING_OK);
  CHECK(state.distance_m == 0);
  ranging_engine_destroy(engine);

  config.range_offset_m = -10;
  config.range_scale = 0.5;
  CHECK_STATUS(ranging_engine_create(&config, &engine), RANGING_OK);
  ranging_engine_destroy(engine);
  config.range_offset_m = 10;
  config.range_scale = 2;
  CHECK_STATUS(ranging_engine_create(&config, &engine), RANGING_OK);
  ranging_engine_destroy(engine);
}

/* The time of the first zone event of one object held at 1 m, 5 Hz from t = 0. */
static double first_enter_time(const ranging_config_t *config) {
  ranging_engine_t *engine = NULL;
  CHECK_STATUS(ranging_engine_create(config, &engine), RANGING_OK);
  if (engine == NULL) return -1;
  double time = -1;
  ranging_zone_event_t events[4];
  for (int step = 0; step < 10 && time < 0; step++) {
    CHECK_STATUS(ranging_engine_update(engine, us(step * 0.2), 1, 1.0, ahead), RANGING_OK);
    if (drain(engine, events, 4) > 0) time = events[0].time_us / 1e6;
  }
  ranging_engine_destroy(engine);
  return time;
}

/* The distance of one object held at 2 m, 5 Hz, after one reading at `jump_to`. */
static double distance_after_jump(const ranging_config_t *config, double jump_to) {
  ranging_engine_t *engine = NULL;
  CHECK_STATUS(ranging_engine_create(config, &engine), RANGING_OK);
  if (engine == NULL) return NAN;
  for (int step = 0; step < 20; step++) CHECK_STATUS(ranging_engine_update(engine, us(step * 0.2), 1, 2.0, ahead), RANGING_OK);
  CHECK_STATUS(ranging_engine_update(engine, us(4.0), 1, jump_to, ahead), RANGING_OK);
  ranging_object_state_t state;
  CHECK_STATUS(ranging_engine_read_object_state(engine, 1, &state), RANGING_OK);
  ranging_engine_destroy(engine);
  return state.distance_m;
}

/*
 * A device with 0.1 m of noise: 100 readings at 10 Hz alternating 0.1 m
 * either side of 2 m (their pseudo-residuals say 4 * 0.1 / sqrt(6) = 0.16 m),
 * then one at 2 + jump: the state after it.
 */
static ranging_object_state_t state_after_noisy_device(const ranging_config_t *config, double jump) {
  ranging_object_state_t state = {0};
  ranging_engine_t *engine = NULL;
  CHECK_STATUS(ranging_engine_create(config, &engine), RANGING_OK);
  if (engine == NULL) return state;
  for (int step = 0; step < 100; step++) {
    CHECK_STATUS(ranging_engine_update(engine, us(step * 0.1), 1, step % 2 ? 2.1 : 1.9, ahead), RANGING_OK);
  }
  CHECK_STATUS(ranging_engine_update(engine, us(10.0), 1, 2 + jump, ahead), RANGING_OK);
  CHECK_STATUS(ranging_engine_read_object_state(engine, 1, &state), RANGING_OK);
  ranging_engine_destroy(engine);
  return state;
}

/*
 * One object crossing in front at 1 m/s (x from -0.5 to 0.5 m at z = -2,
 * 5 Hz, exact directions), then one distance-only update `gap_s` later, on
 * the predicted line x = 0.5 + gap_s: its direction state and x component.
 */
static ranging_direction_state_t direction_after_gap(const ranging_config_t *config, double gap_s, double *x) {
  ranging_engine_t *engine = NULL;
  CHECK_STATUS(ranging_engine_create(config, &engine), RANGING_OK);
  if (engine == NULL) return RANGING_DIRECTION_UNKNOWN;
  for (int step = 0; step <= 5; step++) {
    double px = -0.5 + step * 0.2, d = sqrt(px * px + 4);
    const double u[3] = {px / d, 0, -2 / d};
    CHECK_STATUS(ranging_engine_update(engine, us(step * 0.2), 1, d, u), RANGING_OK);
  }
  double px = 0.5 + gap_s;
  CHECK_STATUS(ranging_engine_update(engine, us(1 + gap_s), 1, sqrt(px * px + 4), NULL), RANGING_OK);
  ranging_object_state_t state;
  CHECK_STATUS(ranging_engine_read_object_state(engine, 1, &state), RANGING_OK);
  ranging_engine_destroy(engine);
  *x = state.direction[0];
  return state.direction_state;
}

/*
 * The direction filter's settings reach it. 0.4 s into a gap the default
 * 1.5 s coast limit still predicts the direction; 0.2 s does not. The last
 * measured direction has x component 0.5 / sqrt(4.25) = 0.24. With the
 * velocity kept (correlation 1e6 s, constant velocity) the prediction 0.6 s
 * into the gap moves on with the object, beyond 0.3; with the velocity
 * forgotten between updates (1 ms) the model has no motion at all, the
 * position is an average of the measured ones, and its direction stays
 * within the measured range (|x| <= 0.24).
 */
static void check_direction_settings(void) {
  ranging_config_t config;
  ranging_config_init(&config);
  double x = 0;
  CHECK(direction_after_gap(&config, 0.4, &x) == RANGING_DIRECTION_PREDICTED);
  config.max_coast_us = 200000;
  CHECK(direction_after_gap(&config, 0.4, &x) == RANGING_DIRECTION_UNKNOWN);
  ranging_config_init(&config);
  double kept = 0, forgotten = 0;
  config.velocity_correlation_us = 1000000000000LL;
  CHECK(direction_after_gap(&config, 0.6, &kept) == RANGING_DIRECTION_PREDICTED);
  config.velocity_correlation_us = 1000;
  CHECK(direction_after_gap(&config, 0.6, &forgotten) == RANGING_DIRECTION_PREDICTED);
  CHECK(kept > 0.3);
  CHECK(fabs(forgotten) <= 0.25);
}

/*
 * The distance filter's settings reach the filter. Confirmation: a new track is
 * confirmed at its first reading (first_enter_time is 0 whatever the settings);
 * a restarted one once confirmation_count fusions and confirmation_us have both
 * passed. restart_enter_delay holds an object at 5 m for 4 s at 5 Hz, then
 * reads 1 m from 4 s on: the gate rejects 1 m (4 sigma of a few centimetres),
 * the third rejection in a row, at 4.4 s, restarts the track there
 * (reset_after_rejections 3; reset_after_us 0.5 s would act at 4.6 s), and
 * with the defaults (1, 0.25 s) zones act at the second fusion after it (0.8 s
 * after the jump, 0.4 s after the restart), with (3, 0) at the third (1.0 s),
 * with (0, 0) at the restart (0.4 s).
 * Gates: after 4 s at a steady 2 m, the predicted
 * distance's standard deviation at 5 Hz with q = 0.5 is about 0.1 m
 * (sqrt(R + P00 + q dt^3 / 3 + ...)), so one reading 0.6 m long is beyond the
 * long gate (4 sigma) and one 0.8 m short beyond the short gate (6 sigma):
 * rejected, the distance stays within 0.05 m of 2. With that gate at 1e6 the
 * reading is fused and pulls the distance more than 0.1 m towards it.
 */
static double restart_enter_delay(const ranging_config_t *config) {
  ranging_engine_t *engine = NULL;
  CHECK_STATUS(ranging_engine_create(config, &engine), RANGING_OK);
  if (engine == NULL) return -1;
  double time = -1;
  ranging_zone_event_t events[4];
  for (int step = 0; step < 20; step++) CHECK_STATUS(ranging_engine_update(engine, us(step * 0.2), 1, 5.0, ahead), RANGING_OK);
  CHECK(drain(engine, events, 4) == 0);
  for (int step = 0; step < 15 && time < 0; step++) {
    CHECK_STATUS(ranging_engine_update(engine, us(4.0 + step * 0.2), 1, 1.0, ahead), RANGING_OK);
    if (drain(engine, events, 4) > 0) time = events[0].time_us / 1e6 - 4.0;
  }
  ranging_engine_destroy(engine);
  return time;
}

static void check_filter_settings(void) {
  ranging_config_t config;
  ranging_config_init(&config);
  CHECK(first_enter_time(&config) == 0);
  CHECK(fabs(restart_enter_delay(&config) - 0.8) < 1e-9);
  config.confirmation_count = 3;
  config.confirmation_us = 0;
  CHECK(first_enter_time(&config) == 0);
  CHECK(fabs(restart_enter_delay(&config) - 1.0) < 1e-9);
  config.confirmation_count = 0;
  CHECK(first_enter_time(&config) == 0);
  CHECK(fabs(restart_enter_delay(&config) - 0.4) < 1e-9);

  /* The gates as set (the readings before the jump are exact and show no
     outliers, so by default the gates would be twice as wide; see below). */
  ranging_config_init(&config);
  config.range_gating_on_evidence = false;
  CHECK(fabs(distance_after_jump(&config, 2.6) - 2) < 0.05);
  CHECK(fabs(distance_after_jump(&config, 1.2) - 2) < 0.05);
  config.gate_sigmas = 1e6;
  CHECK(distance_after_jump(&config, 2.6) > 2.1);
  CHECK(fabs(distance_after_jump(&config, 1.2) - 2) < 0.05);
  config.short_gate_sigmas = 1e6;
  CHECK(distance_after_jump(&config, 1.2) < 1.9);

  /* measured_range_noise: the filter measures the device's 0.16 m, and its
     gate (eight sigmas of the innovation while the readings, which alternate
     and do not spike, show no outliers) lets a 1 m step in, which moves the
     estimate by the gain times 1 m; with range_sigma_m's 0.065 m kept, the
     gate is about 0.6 m wide and rejects the step, and the estimate moves
     only by its prediction. */
  ranging_config_init(&config);
  ranging_object_state_t measured = state_after_noisy_device(&config, 0), measured_step = state_after_noisy_device(&config, 1);
  config.measured_range_noise = false;
  ranging_object_state_t kept = state_after_noisy_device(&config, 0), kept_step = state_after_noisy_device(&config, 1);
  CHECK(measured_step.distance_m - measured.distance_m > 0.15);
  CHECK(fabs(kept_step.distance_m - kept.distance_m) < 0.05);

  /* range_gating_on_evidence: the same device with its noise measured; gated
     as set always, the gate is four sigmas (about 0.7 m) and rejects the 1 m
     step that the eight sigmas of the default let in. */
  ranging_config_init(&config);
  config.range_gating_on_evidence = false;
  ranging_object_state_t always = state_after_noisy_device(&config, 0), always_step = state_after_noisy_device(&config, 1);
  CHECK(fabs(always_step.distance_m - always.distance_m) < 0.05);
}

/*
 * One object's own calibration in place of the engine's: with the engine at
 * offset 0.25, object 1 calibrated (0.5, 1.25) reads a steady 3 m as
 * (3 - 0.5) / 1.25 = 2 m and object 2 as 3 - 0.25 = 2.75 m (both exact in
 * binary). The calibration survives removal; clearing it returns the object
 * to the engine's; at most max_objects objects have one; bad values change
 * nothing.
 */
static void check_object_calibration(void) {
  ranging_config_t config;
  ranging_config_init(&config);
  config.range_offset_m = 0.25;
  config.max_objects = 2;
  ranging_engine_t *engine = NULL;
  CHECK_STATUS(ranging_engine_create(&config, &engine), RANGING_OK);
  if (engine == NULL) return;
  CHECK_STATUS(ranging_engine_set_object_calibration(NULL, 1, 0.5, 1.25), RANGING_ERROR_NULL_ARGUMENT);
  CHECK_STATUS(ranging_engine_set_object_calibration(engine, 1, 0.5, 1.25), RANGING_OK);
  CHECK_STATUS(ranging_engine_set_object_calibration(engine, 1, 10.5, 1), RANGING_ERROR_INVALID_CONFIG);
  CHECK_STATUS(ranging_engine_set_object_calibration(engine, 1, 0, NAN), RANGING_ERROR_INVALID_CONFIG);
  ranging_object_state_t state;
  CHECK_STATUS(ranging_engine_update(engine, us(1), 1, 3, ahead), RANGING_OK);
  CHECK_STATUS(ranging_engine_update(engine, us(1), 2, 3, ahead), RANGING_OK);
  CHECK_STATUS(ranging_engine_read_object_state(engine, 1, &state), RANGING_OK);
  CHECK(state.distance_m == 2);
  CHECK_STATUS(ranging_engine_read_object_state(engine, 2, &state), RANGING_OK);
  CHECK(state.distance_m == 2.75);
  /* Removed and back: still calibrated. */
  CHECK_STATUS(ranging_engine_lifecycle(engine, us(2), 1, RANGING_LIFECYCLE_REMOVED_PEER_ENDED), RANGING_OK);
  CHECK_STATUS(ranging_engine_update(engine, us(3), 1, 3, ahead), RANGING_OK);
  CHECK_STATUS(ranging_engine_read_object_state(engine, 1, &state), RANGING_OK);
  CHECK(state.distance_m == 2);
  /* Two objects have one: a third is refused until one is cleared. */
  CHECK_STATUS(ranging_engine_set_object_calibration(engine, 2, 0.5, 1.25), RANGING_OK);
  CHECK_STATUS(ranging_engine_set_object_calibration(engine, 3, 0.5, 1.25), RANGING_ERROR_CALIBRATION_TABLE_FULL);
  CHECK(strcmp(ranging_status_name(RANGING_ERROR_CALIBRATION_TABLE_FULL), "calibration_table_full") == 0);
  CHECK_STATUS(ranging_engine_clear_object_calibration(engine, 1), RANGING_OK);
  CHECK_STATUS(ranging_engine_clear_object_calibration(NULL, 1), RANGING_ERROR_NULL_ARGUMENT);
  CHECK_STATUS(ranging_engine_set_object_calibration(engine, 3, 0.5, 1.25), RANGING_OK);
  /* Cleared, object 1 is back on the engine's offset. */
  CHECK_STATUS(ranging_engine_lifecycle(engine, us(4), 1, RANGING_LIFECYCLE_REMOVED_PEER_ENDED), RANGING_OK);
  CHECK_STATUS(ranging_engine_update(engine, us(5), 1, 3, ahead), RANGING_OK);
  CHECK_STATUS(ranging_engine_read_object_state(engine, 1, &state), RANGING_OK);
  CHECK(state.distance_m == 2.75);
  ranging_engine_destroy(engine);
}

/* The documented ends of the engine's ranges are accepted (the header's ranging_config_t). */
static void check_config_limits(void) {
  ranging_config_t config;
  ranging_config_init(&config);
  ranging_zone_config_t zones[2];
  ranging_zone_config_init(&zones[0], 0.001);
  ranging_zone_config_init(&zones[1], 10000);
  zones[0].hysteresis_m = 0;
  zones[0].band_offset_m = 0;
  zones[1].exit_dwell_us = 86400000000LL;
  zones[1].enter_sigma_multiplier = 100;
  config.zones = zones;
  config.zone_count = 2;
  config.lost_timeout_us = 86400000000LL;
  config.range_sigma_m = 1000;
  ranging_engine_t *engine = NULL;
  CHECK_STATUS(ranging_engine_create(&config, &engine), RANGING_OK);
  ranging_engine_destroy(engine);
  config.range_sigma_m = 1e-4;
  config.lost_timeout_us = 1;
  CHECK_STATUS(ranging_engine_create(&config, &engine), RANGING_OK);
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
  /* Issue 13, row 9: distances no radio reports are rejected, not fused with sigma 0. */
  CHECK_STATUS(ranging_engine_update(engine, us(2), 1, 1e155, ahead), RANGING_REJECTED_DISTANCE_OUT_OF_RANGE);
  CHECK_STATUS(ranging_engine_update(engine, us(2), 1, 1e-150, ahead), RANGING_REJECTED_DISTANCE_OUT_OF_RANGE);
  CHECK_STATUS(ranging_engine_update(engine, us(2), 1, 1000.5, NULL), RANGING_REJECTED_DISTANCE_OUT_OF_RANGE);
  CHECK_STATUS(ranging_engine_update(NULL, us(2), 1, 2.0, ahead), RANGING_ERROR_NULL_ARGUMENT);

  ranging_object_state_t state;
  CHECK_STATUS(ranging_engine_read_object_state(engine, 1, &state), RANGING_OK);
  CHECK(state.time_us == us(2) && fabs(state.distance_m - 2) < 0.01);
  CHECK_STATUS(ranging_engine_read_object_state(engine, 1, NULL), RANGING_ERROR_NULL_ARGUMENT);
  CHECK_STATUS(ranging_engine_read_object_state(NULL, 1, &state), RANGING_ERROR_NULL_ARGUMENT);

  ranging_stats_t stats;
  CHECK_STATUS(ranging_engine_read_stats(engine, &stats), RANGING_OK);
  CHECK(stats.updates_accepted == 2 && stats.updates_rejected == 9);
  CHECK_STATUS(ranging_engine_read_stats(engine, NULL), RANGING_ERROR_NULL_ARGUMENT);
  CHECK_STATUS(ranging_engine_read_stats(NULL, &stats), RANGING_ERROR_NULL_ARGUMENT);

  size_t count = 99;
  ranging_zone_event_t event;
  CHECK_STATUS(ranging_engine_drain_events(engine, NULL, 0, &count), RANGING_OK);
  CHECK(count == 0);
  CHECK_STATUS(ranging_engine_drain_events(engine, NULL, 1, &count), RANGING_ERROR_NULL_ARGUMENT);
  CHECK_STATUS(ranging_engine_drain_events(engine, &event, 1, NULL), RANGING_ERROR_NULL_ARGUMENT);
  CHECK_STATUS(ranging_engine_drain_events(NULL, &event, 1, &count), RANGING_ERROR_NULL_ARGUMENT);
  CHECK_STATUS(ranging_engine_drain_events(engine, &event, (size_t)-1, &count), RANGING_ERROR_INVALID_ARGUMENT);
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

  /* Object 2 inside; object 3 takes the only slot: 2 is evicted, and 3, a new
     track, enters the outer zone at its first reading. */
  for (int step = 0; step <= 5; step++) CHECK_STATUS(ranging_engine_update(engine, us(4 + step * 0.2), 2, 1.0, ahead), RANGING_OK);
  CHECK(drain(engine, events, 4) == 2);
  CHECK_STATUS(ranging_engine_update(engine, us(5.2), 3, 2.0, ahead), RANGING_OK);
  CHECK(drain(engine, events, 4) == 3 && events[0].object_id == 2 && events[0].reason == RANGING_EXIT_EVICTED
        && events[2].object_id == 3 && events[2].zone == 1 && events[2].kind == RANGING_ZONE_ENTER);

  /* Object 3 stays in the outer zone, then is silent: lost after 5 s. */
  for (int step = 1; step <= 5; step++) CHECK_STATUS(ranging_engine_update(engine, us(5.2 + step * 0.2), 3, 2.0, ahead), RANGING_OK);
  CHECK(drain(engine, events, 4) == 0);
  CHECK_STATUS(ranging_engine_advance_clock(engine, us(8)), RANGING_OK);
  CHECK(drain(engine, events, 4) == 0);
  CHECK_STATUS(ranging_engine_advance_clock(engine, us(11.5)), RANGING_OK);
  CHECK(drain(engine, events, 4) == 1 && events[0].object_id == 3 && events[0].reason == RANGING_EXIT_LOST);
  CHECK(events[0].time_us == us(11.5));

  /* A full queue: the update is applied, the extra event dropped and counted. */
  for (int step = 0; step <= 5; step++) CHECK_STATUS(ranging_engine_update(engine, us(12 + step * 0.2), 4, 1.0, ahead), RANGING_OK);
  CHECK_STATUS(ranging_engine_lifecycle(engine, us(13.2), 4, RANGING_LIFECYCLE_REMOVED_TIMEOUT), RANGING_OK);
  /* Object 5, a new track, enters at its first update, whose events no longer fit. */
  CHECK_STATUS(ranging_engine_update(engine, us(14), 5, 1.0, ahead), RANGING_ERROR_EVENTS_DROPPED);
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

/*
 * An object silent for longer than lost_timeout_us is lost by its own gap (issue 13, row 2): with
 * nothing else fed to the engine, no clock advance, its next update first exits its zones with
 * reason LOST at that update's time, then starts a new track that enters again at once.
 */
static void check_lost_by_own_gap(void) {
  ranging_config_t config;
  ranging_config_init(&config);
  ranging_engine_t *engine = NULL;
  CHECK_STATUS(ranging_engine_create(&config, &engine), RANGING_OK);
  if (engine == NULL) return;
  ranging_zone_event_t events[8];
  for (int step = 0; step <= 5; step++) CHECK_STATUS(ranging_engine_update(engine, us(step * 0.2), 1, 1.0, ahead), RANGING_OK);
  CHECK(drain(engine, events, 8) == 2);
  /* 60 s later; 4.9 s would keep the track. */
  CHECK_STATUS(ranging_engine_update(engine, us(61), 1, 1.0, ahead), RANGING_OK);
  size_t count = drain(engine, events, 8);
  CHECK(count == 4);
  if (count == 4) {
    CHECK(events[0].zone == 0 && events[0].kind == RANGING_ZONE_EXIT && events[0].reason == RANGING_EXIT_LOST);
    CHECK(events[1].zone == 1 && events[1].kind == RANGING_ZONE_EXIT && events[1].reason == RANGING_EXIT_LOST);
    CHECK(events[2].kind == RANGING_ZONE_ENTER && events[3].kind == RANGING_ZONE_ENTER);
    for (int i = 0; i < 4; i++) CHECK(events[i].time_us == us(61));
  }
  ranging_object_state_t state;
  CHECK_STATUS(ranging_engine_read_object_state(engine, 1, &state), RANGING_OK);
  CHECK(state.is_confirmed && state.zones_inside == 3); /* a new track, confirmed at its first reading */
  for (int step = 1; step <= 5; step++) CHECK_STATUS(ranging_engine_update(engine, us(61 + step * 0.2), 1, 1.0, ahead), RANGING_OK);
  count = drain(engine, events, 8);
  CHECK(count == 0);
  /* A life-cycle event after such a gap finds the object lost, not removed. */
  CHECK_STATUS(ranging_engine_lifecycle(engine, us(80), 1, RANGING_LIFECYCLE_REMOVED_TIMEOUT), RANGING_OK);
  count = drain(engine, events, 8);
  CHECK(count == 2 && events[0].reason == RANGING_EXIT_LOST && events[1].reason == RANGING_EXIT_LOST);
  CHECK_STATUS(ranging_engine_read_object_state(engine, 1, &state), RANGING_ERROR_UNKNOWN_OBJECT);
  ranging_engine_destroy(engine);
}

/*
 * Any two int64_t times are times (issue 34): INT64_MIN and INT64_MAX lie 2^64 - 1 us apart,
 * which an int64_t difference cannot hold. Wrapped, the gap came out negative: the silent object
 * was never lost (no LOST exit, by the clock or by its own gap) and its filter stepped backwards
 * to a negative nlos_probability.
 */
static void check_widest_gaps(void) {
  ranging_config_t config;
  ranging_config_init(&config);
  for (int by_own_gap = 0; by_own_gap <= 1; by_own_gap++) {
    ranging_engine_t *engine = NULL;
    CHECK_STATUS(ranging_engine_create(&config, &engine), RANGING_OK);
    if (engine == NULL) return;
    ranging_zone_event_t events[8];
    for (int step = 0; step <= 5; step++) {
      CHECK_STATUS(ranging_engine_update(engine, INT64_MIN + step * 200000, 1, 1.0, ahead), RANGING_OK);
    }
    CHECK(drain(engine, events, 8) == 2);
    if (by_own_gap) {
      CHECK_STATUS(ranging_engine_update(engine, INT64_MAX, 1, 1.0, ahead), RANGING_OK);
    } else {
      CHECK_STATUS(ranging_engine_advance_clock(engine, INT64_MAX), RANGING_OK);
    }
    /* Both zones exit LOST first (by its own gap, the new track's events may follow). */
    size_t count = drain(engine, events, 8);
    CHECK(count >= 2);
    if (count >= 2) {
      CHECK(events[0].kind == RANGING_ZONE_EXIT && events[0].reason == RANGING_EXIT_LOST);
      CHECK(events[1].kind == RANGING_ZONE_EXIT && events[1].reason == RANGING_EXIT_LOST);
      CHECK(events[0].time_us == INT64_MAX && events[1].time_us == INT64_MAX);
    }
    ranging_object_state_t state;
    if (by_own_gap) {
      /* A new track, from the update after the gap. */
      CHECK_STATUS(ranging_engine_read_object_state(engine, 1, &state), RANGING_OK);
      CHECK(state.time_us == INT64_MAX && state.distance_m == 1.0);
      CHECK(state.nlos_probability >= 0 && state.nlos_probability <= 1);
    } else {
      CHECK_STATUS(ranging_engine_read_object_state(engine, 1, &state), RANGING_ERROR_UNKNOWN_OBJECT);
    }
    ranging_engine_destroy(engine);
  }
}

/*
 * ranging_stats_t.objects_tracked counts the objects held now, and a direction that became UNKNOWN
 * after a long coast reports direction_sigma_rad INFINITY and NAN components (issue 13, row 18).
 */
static void check_stats_and_unknown_direction(void) {
  ranging_config_t config;
  ranging_config_init(&config);
  config.max_objects = 2;
  ranging_engine_t *engine = NULL;
  CHECK_STATUS(ranging_engine_create(&config, &engine), RANGING_OK);
  if (engine == NULL) return;
  ranging_stats_t stats;
  CHECK_STATUS(ranging_engine_read_stats(engine, &stats), RANGING_OK);
  CHECK(stats.objects_tracked == 0);
  CHECK_STATUS(ranging_engine_update(engine, us(0), 1, 2.0, ahead), RANGING_OK);
  CHECK_STATUS(ranging_engine_update(engine, us(0), 2, 2.0, ahead), RANGING_OK);
  CHECK_STATUS(ranging_engine_read_stats(engine, &stats), RANGING_OK);
  CHECK(stats.objects_tracked == 2);
  CHECK_STATUS(ranging_engine_update(engine, us(0.1), 3, 2.0, ahead), RANGING_OK); /* evicts one */
  CHECK_STATUS(ranging_engine_read_stats(engine, &stats), RANGING_OK);
  CHECK(stats.objects_tracked == 2 && stats.objects_evicted == 1);
  CHECK_STATUS(ranging_engine_lifecycle(engine, us(0.2), 3, RANGING_LIFECYCLE_INVALIDATED), RANGING_OK);
  CHECK_STATUS(ranging_engine_read_stats(engine, &stats), RANGING_OK);
  CHECK(stats.objects_tracked == 1);

  /* Object 4: 1 s with a direction, then 3 s of distances only, past the 1.5 s coast limit. */
  ranging_object_state_t state;
  for (int step = 0; step <= 5; step++) CHECK_STATUS(ranging_engine_update(engine, us(1 + step * 0.2), 4, 2.0, ahead), RANGING_OK);
  CHECK_STATUS(ranging_engine_read_object_state(engine, 4, &state), RANGING_OK);
  CHECK(state.direction_state == RANGING_DIRECTION_MEASURED && isfinite(state.direction_sigma_rad));
  for (int step = 1; step <= 15; step++) CHECK_STATUS(ranging_engine_update(engine, us(2 + step * 0.2), 4, 2.0, NULL), RANGING_OK);
  CHECK_STATUS(ranging_engine_read_object_state(engine, 4, &state), RANGING_OK);
  CHECK(state.direction_state == RANGING_DIRECTION_UNKNOWN);
  CHECK(isinf(state.direction_sigma_rad) && state.direction_sigma_rad > 0);
  CHECK(isnan(state.direction[0]) && isnan(state.direction[1]) && isnan(state.direction[2]));
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

/* The header's worked example: an object 2 m straight ahead, then the phone
 * turns 90 degrees left (q = {cos 45, 0, sin 45, 0}) and the direction, no
 * longer measured, reads 90 degrees right, (1, 0, 0). Bad poses are
 * rejected with their reason and change nothing. */
static void check_pose(void) {
  ranging_config_t config;
  ranging_config_init(&config);
  ranging_engine_t *engine = NULL;
  CHECK_STATUS(ranging_engine_create(&config, &engine), RANGING_OK);
  if (engine == NULL) return;
  const double still[4] = {1, 0, 0, 0};
  const double turned_left[4] = {0.7071068, 0.0, 0.7071068, 0.0};
  for (int step = 0; step < 10; step++) {
    CHECK_STATUS(ranging_engine_update_pose(engine, us(step * 0.1), still), RANGING_OK);
    CHECK_STATUS(ranging_engine_update(engine, us(step * 0.1), 1, 2.0, ahead), RANGING_OK);
  }
  const double nan_pose[4] = {NAN, 0, 0, 0};
  const double long_pose[4] = {1.02, 0, 0, 0};
  CHECK_STATUS(ranging_engine_update_pose(engine, us(1), nan_pose), RANGING_REJECTED_NON_FINITE_POSE);
  CHECK_STATUS(ranging_engine_update_pose(engine, us(1), long_pose), RANGING_REJECTED_POSE_NOT_UNIT);
  CHECK_STATUS(ranging_engine_update_pose(engine, us(0.5), turned_left), RANGING_REJECTED_TIME_WENT_BACKWARDS);
  CHECK_STATUS(ranging_engine_update_pose(NULL, us(1), turned_left), RANGING_ERROR_NULL_ARGUMENT);
  CHECK_STATUS(ranging_engine_update_pose(engine, us(1), NULL), RANGING_ERROR_NULL_ARGUMENT);
  CHECK_STATUS(ranging_engine_update_pose(engine, us(1), turned_left), RANGING_OK);
  CHECK_STATUS(ranging_engine_update(engine, us(1), 1, 2.0, NULL), RANGING_OK);
  ranging_object_state_t state;
  CHECK_STATUS(ranging_engine_read_object_state(engine, 1, &state), RANGING_OK);
  CHECK(state.direction_state == RANGING_DIRECTION_PREDICTED);
  CHECK(fabs(state.direction[0] - 1) < 0.01 && fabs(state.direction[1]) < 0.01 && fabs(state.direction[2]) < 0.01);
  ranging_engine_destroy(engine);
}

/* Poses in the batch: the worked example again (the direction reads (1, 0, 0)
 * after the turn, a closed form), with the same statuses as one call per
 * row: pose-only rows, poses on measurement rows, a pose that goes back in
 * time (rejected, and its measurement not applied), a pose that is not unit,
 * and a pose row without a pose (an invalid argument that changes nothing). */
enum { POSE_ROWS = 26 };

static void check_batch_pose(void) {
  static int64_t time_us[POSE_ROWS];
  static uint64_t object_id[POSE_ROWS];
  static double distance_m[POSE_ROWS], direction[3 * POSE_ROWS], pose[4 * POSE_ROWS];
  static int32_t lifecycle[POSE_ROWS];
  static ranging_status_t expected[POSE_ROWS], status[POSE_ROWS];
  static ranging_object_state_t state[POSE_ROWS];
  static ranging_zone_event_t buffer[64];
  const double still[4] = {1, 0, 0, 0}, turned_left[4] = {0.7071068, 0.0, 0.7071068, 0.0};
  for (size_t i = 0; i < POSE_ROWS; i++) {
    /* Rows 0..19: a pose-only row then a measurement 2 m ahead, every 0.1 s; the phone still. */
    time_us[i] = us(0.1 * (double)(i / 2));
    object_id[i] = 7;
    distance_m[i] = 2.0;
    direction[3 * i] = 0, direction[3 * i + 1] = 0, direction[3 * i + 2] = -1;
    lifecycle[i] = i % 2 == 0 ? RANGING_BATCH_POSE : RANGING_BATCH_MEASUREMENT;
    for (int k = 0; k < 4; k++) pose[4 * i + k] = i % 2 == 0 ? still[k] : NAN;
  }
  /* Row 20: a measurement whose pose (still) goes back in time, to 0.85 s after row 18's 0.9 s: rejected whole. */
  time_us[20] = us(0.85), lifecycle[20] = RANGING_BATCH_MEASUREMENT;
  /* Row 21: a pose-only row whose pose is not unit. */
  time_us[21] = us(1.0), lifecycle[21] = RANGING_BATCH_POSE, pose[4 * 21] = 1.02;
  for (int k = 1; k < 4; k++) pose[4 * 21 + k] = 0;
  /* Row 22: a pose row without a pose. */
  time_us[22] = us(1.0), lifecycle[22] = RANGING_BATCH_POSE;
  for (int k = 0; k < 4; k++) pose[4 * 22 + k] = NAN;
  /* Row 23: the turn, on a measurement row without a direction. */
  time_us[23] = us(1.0), direction[3 * 23] = NAN, direction[3 * 23 + 1] = NAN, direction[3 * 23 + 2] = NAN;
  for (int k = 0; k < 4; k++) pose[4 * 23 + k] = turned_left[k];
  /* Row 24: the phone still again, but at 0.95 s: before the turn, so rejected. */
  time_us[24] = us(0.95), lifecycle[24] = RANGING_BATCH_POSE;
  for (int k = 0; k < 4; k++) pose[4 * 24 + k] = still[k];
  /* Row 25: a measurement without a pose and without a direction: the turn still holds. */
  time_us[25] = us(1.1), direction[3 * 25] = NAN, direction[3 * 25 + 1] = NAN, direction[3 * 25 + 2] = NAN;
  for (int k = 0; k < 4; k++) pose[4 * 25 + k] = NAN;

  ranging_config_t config;
  ranging_config_init(&config);
  ranging_engine_t *single = NULL;
  CHECK_STATUS(ranging_engine_create(&config, &single), RANGING_OK);
  if (single == NULL) return;
  for (size_t i = 0; i < POSE_ROWS; i++) {
    const double *q = isnan(pose[4 * i]) && isnan(pose[4 * i + 1]) ? NULL : &pose[4 * i];
    const double *d = isnan(direction[3 * i]) ? NULL : &direction[3 * i];
    if (lifecycle[i] == RANGING_BATCH_POSE) {
      expected[i] = q == NULL ? RANGING_ERROR_INVALID_ARGUMENT : ranging_engine_update_pose(single, time_us[i], q);
    } else {
      expected[i] = q == NULL ? RANGING_OK : ranging_engine_update_pose(single, time_us[i], q);
      if (expected[i] == RANGING_OK) expected[i] = ranging_engine_update(single, time_us[i], object_id[i], distance_m[i], d);
    }
  }
  ranging_object_state_t expected_last;
  CHECK_STATUS(ranging_engine_read_object_state(single, 7, &expected_last), RANGING_OK);
  ranging_stats_t expected_stats;
  CHECK_STATUS(ranging_engine_read_stats(single, &expected_stats), RANGING_OK);
  ranging_engine_destroy(single);
  CHECK(expected[20] == RANGING_REJECTED_TIME_WENT_BACKWARDS);
  CHECK(expected[21] == RANGING_REJECTED_POSE_NOT_UNIT);
  CHECK(expected[22] == RANGING_ERROR_INVALID_ARGUMENT);
  CHECK(expected[23] == RANGING_OK && expected[24] == RANGING_REJECTED_TIME_WENT_BACKWARDS && expected[25] == RANGING_OK);

  ranging_engine_t *engine = NULL;
  CHECK_STATUS(ranging_engine_create(&config, &engine), RANGING_OK);
  if (engine == NULL) return;
  ranging_batch_t batch = {.count = POSE_ROWS, .time_us = time_us, .object_id = object_id, .distance_m = distance_m,
                           .direction = direction, .lifecycle = lifecycle, .pose = pose, .status = status,
                           .states = state, .events = buffer, .event_capacity = 64};
  while (batch.rows_done < batch.count) CHECK_STATUS(ranging_engine_process_batch(engine, &batch), RANGING_OK);
  for (size_t i = 0; i < POSE_ROWS; i++) CHECK(status[i] == expected[i]);
  /* The worked example: after the turn the object reads 90 degrees right, predicted. */
  CHECK(state[25].direction_state == RANGING_DIRECTION_PREDICTED);
  CHECK(fabs(state[25].direction[0] - 1) < 0.01 && fabs(state[25].direction[1]) < 0.01);
  CHECK(fabs(state[25].direction[2]) < 0.01);
  CHECK(state[25].direction[0] == expected_last.direction[0] && state[25].distance_m == expected_last.distance_m);
  ranging_stats_t stats;
  CHECK_STATUS(ranging_engine_read_stats(engine, &stats), RANGING_OK);
  CHECK(stats.updates_accepted == expected_stats.updates_accepted && stats.updates_rejected == expected_stats.updates_rejected);
  ranging_engine_destroy(engine);
}

/* Horizontal angles and vertical relations in the batch (docs/FORMATS.md §1's
 * horizontal_angle and vertical): a track started 2 m straight ahead, then
 * rows with an azimuth of 0.3 rad alone (no distance, no direction), which the
 * direction filter fuses, so the direction turns right (x > 0; the azimuth is
 * atan2(x, -z), docs/FORMATS.md §5); a vertical relation alone; and the rows
 * the batch refuses: an angle beyond pi, an undefined vertical code, and a
 * row with nothing measured. */
enum { ANGLE_ROWS = 16 };

static void check_batch_angles(void) {
  static int64_t time_us[ANGLE_ROWS];
  static uint64_t object_id[ANGLE_ROWS];
  static double distance_m[ANGLE_ROWS], direction[3 * ANGLE_ROWS], horizontal[ANGLE_ROWS];
  static int8_t vertical[ANGLE_ROWS];
  static ranging_status_t status[ANGLE_ROWS];
  static ranging_object_state_t state[ANGLE_ROWS];
  static ranging_zone_event_t buffer[64];
  for (size_t i = 0; i < ANGLE_ROWS; i++) {
    time_us[i] = us(0.1 * (double)i);
    object_id[i] = 3;
    distance_m[i] = i < 4 ? 2.0 : NAN;
    for (int k = 0; k < 3; k++) direction[3 * i + k] = i < 4 ? (k == 2 ? -1.0 : 0.0) : NAN;
    horizontal[i] = i < 4 ? NAN : 0.3;
    vertical[i] = RANGING_VERTICAL_NONE;
  }
  horizontal[12] = NAN, vertical[12] = RANGING_VERTICAL_SAME;  /* a vertical relation alone */
  horizontal[13] = 4.0;                                          /* beyond pi */
  horizontal[14] = NAN, vertical[14] = 9;                        /* no such vertical code */
  horizontal[15] = NAN;                                          /* nothing measured */

  ranging_config_t config;
  ranging_config_init(&config);
  ranging_engine_t *engine = NULL;
  CHECK_STATUS(ranging_engine_create(&config, &engine), RANGING_OK);
  if (engine == NULL) return;
  ranging_batch_t batch = {.count = ANGLE_ROWS, .time_us = time_us, .object_id = object_id, .distance_m = distance_m,
                           .direction = direction, .horizontal_angle_rad = horizontal, .vertical = vertical,
                           .status = status, .states = state, .events = buffer, .event_capacity = 64};
  while (batch.rows_done < batch.count) CHECK_STATUS(ranging_engine_process_batch(engine, &batch), RANGING_OK);
  for (size_t i = 0; i < 13; i++) CHECK(status[i] == RANGING_OK);
  CHECK(status[13] == RANGING_REJECTED_HORIZONTAL_ANGLE_OUT_OF_RANGE);
  CHECK(status[14] == RANGING_ERROR_INVALID_ARGUMENT);
  CHECK(status[15] == RANGING_REJECTED_NO_MEASUREMENT);
  CHECK(fabs(state[3].direction[0]) < 1e-9);
  CHECK(state[11].direction[0] > 0.05 && state[11].direction[2] < 0);
  ranging_engine_destroy(engine);
}

/* A row refused for an undefined vertical code changes nothing, its pose
 * included (the header: RANGING_ERROR_INVALID_ARGUMENT "changes nothing"):
 * a pose-only row earlier than the refused row's is then still taken, where
 * it would be time_went_backwards had the refused row's pose been applied. */
static void check_batch_refused_row_keeps_its_pose_out(void) {
  int64_t time_us[2] = {us(1.0), us(0.5)};
  uint64_t object_id[2] = {3, 3};
  double distance_m[2] = {2.0, NAN};
  double pose[8] = {1, 0, 0, 0, 1, 0, 0, 0};
  int32_t lifecycle[2] = {RANGING_BATCH_MEASUREMENT, RANGING_BATCH_POSE};
  int8_t vertical[2] = {9, RANGING_VERTICAL_NONE};
  ranging_status_t status[2];
  static ranging_zone_event_t buffer[64];
  ranging_config_t config;
  ranging_config_init(&config);
  ranging_engine_t *engine = NULL;
  CHECK_STATUS(ranging_engine_create(&config, &engine), RANGING_OK);
  if (engine == NULL) return;
  ranging_batch_t batch = {.count = 2, .time_us = time_us, .object_id = object_id, .distance_m = distance_m,
                           .lifecycle = lifecycle, .pose = pose, .vertical = vertical, .status = status,
                           .events = buffer, .event_capacity = 64};
  while (batch.rows_done < batch.count) CHECK_STATUS(ranging_engine_process_batch(engine, &batch), RANGING_OK);
  CHECK(status[0] == RANGING_ERROR_INVALID_ARGUMENT);
  CHECK(status[1] == RANGING_OK);
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
  CHECK(strcmp(ranging_status_name(RANGING_REJECTED_DISTANCE_OUT_OF_RANGE), "distance_out_of_range") == 0);
  CHECK(strcmp(ranging_status_name(RANGING_REJECTED_NON_FINITE_POSE), "non_finite_pose") == 0);
  CHECK(strcmp(ranging_status_name(RANGING_REJECTED_POSE_NOT_UNIT), "pose_not_unit") == 0);
  CHECK(strcmp(ranging_status_name(RANGING_REJECTED_HORIZONTAL_ANGLE_OUT_OF_RANGE), "horizontal_angle_out_of_range") == 0);
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

/* ---------------------------------------------------------------------------
 * Nearby Interaction Accessory Protocol
 * ------------------------------------------------------------------------- */

/* Two hand-written vectors of Tests/NearbyAccessoryTests/AccessoryConfigurationVectorTests.swift, byte for byte. */
static const uint8_t uwb_config_data[3] = {0xa1, 0xb2, 0xc3};
static const uint8_t vector_user_interactive[19] = {
    0x01, 0x00,                                                 /* MajorVersion 1, little-endian */
    0x00, 0x00,                                                 /* MinorVersion 0 */
    0x14,                                                       /* PreferredUpdateRate 20: user interactive */
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, /* RFU, 10 zero bytes */
    0x03,                                                       /* UWBConfigDataLength 3 */
    0xa1, 0xb2, 0xc3,                                           /* UWBConfigData */
};
static const uint8_t vector_automatic[16] = {
    0x01, 0x00,                                                 /* MajorVersion 1 */
    0x00, 0x00,                                                 /* MinorVersion 0 */
    0x00,                                                       /* PreferredUpdateRate 0: automatic */
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, /* RFU */
    0x00,                                                       /* UWBConfigDataLength 0 */
};

/* Whether bytes[from..<to] all equal value. */
static bool all_equal(const uint8_t *bytes, size_t from, size_t to, uint8_t value) {
  for (size_t i = from; i < to; i++) {
    if (bytes[i] != value) return false;
  }
  return true;
}

/* Encoding gives the vectors' bytes and touches nothing after them; decoding gives the rate and where UWBConfigData lies. */
static void check_accessory_config_vectors(void) {
  uint8_t output[RANGING_ACCESSORY_CONFIG_MAX_BYTES];
  size_t length = 0;
  CHECK(RANGING_ACCESSORY_CONFIG_HEADER_BYTES == 16 && RANGING_ACCESSORY_CONFIG_MAX_UWB_BYTES == 255);
  CHECK(RANGING_ACCESSORY_CONFIG_MAX_BYTES == 271);

  memset(output, 0xee, sizeof output);
  CHECK_STATUS(ranging_accessory_config_encode(RANGING_UPDATE_RATE_USER_INTERACTIVE, uwb_config_data, 3, output,
                                               sizeof output, &length), RANGING_OK);
  CHECK(length == sizeof vector_user_interactive);
  CHECK(memcmp(output, vector_user_interactive, sizeof vector_user_interactive) == 0);
  CHECK(all_equal(output, sizeof vector_user_interactive, sizeof output, 0xee));

  memset(output, 0xee, sizeof output);
  CHECK_STATUS(ranging_accessory_config_encode(RANGING_UPDATE_RATE_AUTOMATIC, NULL, 0, output, 16, &length), RANGING_OK);
  CHECK(length == 16 && memcmp(output, vector_automatic, 16) == 0 && output[16] == 0xee);

  ranging_accessory_config_t config;
  ranging_accessory_config_error_t error;
  memset(&error, 0x5a, sizeof error);
  CHECK_STATUS(ranging_accessory_config_decode(vector_user_interactive, sizeof vector_user_interactive, true, &config,
                                               &error), RANGING_OK);
  CHECK(config.preferred_update_rate == RANGING_UPDATE_RATE_USER_INTERACTIVE);
  CHECK(config.uwb_config_data_offset == 16 && config.uwb_config_data_length == 3 && !config.has_warning);
  CHECK(memcmp(vector_user_interactive + config.uwb_config_data_offset, uwb_config_data, 3) == 0);
  CHECK(error.offset != 0 && error.kind == 0x5a); /* left unchanged */
  CHECK_STATUS(ranging_accessory_config_decode(vector_automatic, 16, false, &config, NULL), RANGING_OK);
  CHECK(config.preferred_update_rate == RANGING_UPDATE_RATE_AUTOMATIC && config.uwb_config_data_length == 0);

  /* The longest message round-trips: 255 bytes of UWBConfigData, 271 in all. */
  uint8_t longest[255];
  for (int i = 0; i < 255; i++) longest[i] = (uint8_t)i;
  CHECK_STATUS(ranging_accessory_config_encode(RANGING_UPDATE_RATE_INFREQUENT, longest, 255, output, sizeof output,
                                               &length), RANGING_OK);
  CHECK(length == 271 && output[4] == 10 && output[15] == 0xff);
  CHECK_STATUS(ranging_accessory_config_decode(output, length, true, &config, &error), RANGING_OK);
  CHECK(config.preferred_update_rate == RANGING_UPDATE_RATE_INFREQUENT && config.uwb_config_data_length == 255);
  CHECK(memcmp(output + 16, longest, 255) == 0);
}

/* Decodes bytes and checks the one problem it must report. */
static void expect_malformed(int line, const uint8_t *bytes, size_t length, bool strict, size_t offset,
                             ranging_accessory_field_t field, ranging_accessory_error_kind_t kind, size_t found,
                             size_t expected) {
  ranging_accessory_config_t config;
  memset(&config, 0x5a, sizeof config);
  ranging_accessory_config_error_t error;
  memset(&error, 0, sizeof error);
  ranging_status_t status = ranging_accessory_config_decode(bytes, length, strict, &config, &error);
  if (status != RANGING_REJECTED_MALFORMED_MESSAGE || error.offset != offset || error.field != field ||
      error.kind != kind || error.found != found || error.expected != expected ||
      config.preferred_update_rate != 0x5a) {
    failures++;
    printf("smoke.c:%d: decode gave %s, byte %lu (%s): %s, found %lu, expected %lu\n", line,
           ranging_status_name(status), (unsigned long)error.offset, ranging_accessory_field_name(error.field),
           ranging_accessory_error_kind_name(error.kind), (unsigned long)error.found, (unsigned long)error.expected);
  }
}

/* Every error kind (cases of Tests/NearbyAccessoryTests/AccessoryConfigurationErrorTests.swift), and the encoder's refusals. */
static void check_accessory_config_errors(void) {
  /* The 16 header bytes of a valid user-interactive message, UWBConfigDataLength at [15]. */
  uint8_t message[24];
  memcpy(message, vector_user_interactive, 16);
  message[15] = 0;

  expect_malformed(__LINE__, NULL, 0, false, 0, RANGING_ACCESSORY_FIELD_MAJOR_VERSION, RANGING_ACCESSORY_ERROR_TRUNCATED, 0, 2);
  expect_malformed(__LINE__, message, 3, false, 2, RANGING_ACCESSORY_FIELD_MINOR_VERSION, RANGING_ACCESSORY_ERROR_TRUNCATED, 3, 4);
  expect_malformed(__LINE__, message, 10, false, 5, RANGING_ACCESSORY_FIELD_RFU, RANGING_ACCESSORY_ERROR_TRUNCATED, 10, 15);
  message[0] = 0x02; /* MajorVersion 2 */
  expect_malformed(__LINE__, message, 16, false, 0, RANGING_ACCESSORY_FIELD_MAJOR_VERSION,
                   RANGING_ACCESSORY_ERROR_UNSUPPORTED_VERSION, 2, 1);
  message[0] = 0x01;
  message[3] = 0x01; /* MinorVersion 0x0100 */
  expect_malformed(__LINE__, message, 16, false, 2, RANGING_ACCESSORY_FIELD_MINOR_VERSION,
                   RANGING_ACCESSORY_ERROR_UNSUPPORTED_VERSION, 256, 0);
  message[3] = 0x00;
  message[4] = 5; /* PreferredUpdateRate 5: reserved */
  expect_malformed(__LINE__, message, 16, false, 4, RANGING_ACCESSORY_FIELD_PREFERRED_UPDATE_RATE,
                   RANGING_ACCESSORY_ERROR_RESERVED_UPDATE_RATE, 5, 0);
  message[4] = 0x14;
  message[15] = 4; /* UWBConfigDataLength 4 with 3 bytes following */
  expect_malformed(__LINE__, message, 19, false, 15, RANGING_ACCESSORY_FIELD_UWB_CONFIG_DATA_LENGTH,
                   RANGING_ACCESSORY_ERROR_LENGTH_PAST_END, 4, 3);
  message[15] = 2; /* one trailing byte after 2 bytes of UWBConfigData */
  expect_malformed(__LINE__, message, 19, false, 18, RANGING_ACCESSORY_FIELD_END, RANGING_ACCESSORY_ERROR_TRAILING_BYTES, 1, 0);

  /* Non-zero RFU bytes 9 and 12: a warning naming the first; strict decoding refuses it. */
  message[15] = 1;
  message[16] = 0x42;
  message[9] = 0x80;
  message[12] = 0x01;
  ranging_accessory_config_t config;
  CHECK_STATUS(ranging_accessory_config_decode(message, 17, false, &config, NULL), RANGING_OK);
  CHECK(config.has_warning && config.warning.offset == 9 && config.warning.field == RANGING_ACCESSORY_FIELD_RFU);
  CHECK(config.warning.kind == RANGING_ACCESSORY_ERROR_NON_ZERO_RESERVED && config.warning.found == 0x80);
  CHECK(config.preferred_update_rate == RANGING_UPDATE_RATE_USER_INTERACTIVE && config.uwb_config_data_length == 1);
  expect_malformed(__LINE__, message, 17, true, 9, RANGING_ACCESSORY_FIELD_RFU, RANGING_ACCESSORY_ERROR_NON_ZERO_RESERVED, 0x80, 0);

  ranging_accessory_config_error_t error;
  CHECK_STATUS(ranging_accessory_config_decode(message, 17, false, NULL, &error), RANGING_ERROR_NULL_ARGUMENT);
  CHECK_STATUS(ranging_accessory_config_decode(NULL, 17, false, &config, &error), RANGING_ERROR_NULL_ARGUMENT);

  /* The encoder writes nothing when it refuses. */
  uint8_t long_data[256];
  memset(long_data, 7, sizeof long_data);
  uint8_t output[RANGING_ACCESSORY_CONFIG_MAX_BYTES + 1];
  memset(output, 0xee, sizeof output);
  size_t length = 99;
  CHECK_STATUS(ranging_accessory_config_encode(RANGING_UPDATE_RATE_AUTOMATIC, long_data, 256, output, sizeof output, &length),
               RANGING_ERROR_DATA_TOO_LONG);
  CHECK_STATUS(ranging_accessory_config_encode(RANGING_UPDATE_RATE_AUTOMATIC, uwb_config_data, 3, output, 18, &length),
               RANGING_ERROR_BUFFER_TOO_SMALL);
  CHECK(length == 19);
  CHECK_STATUS(ranging_accessory_config_encode(RANGING_UPDATE_RATE_AUTOMATIC, NULL, 0, NULL, 0, &length),
               RANGING_ERROR_BUFFER_TOO_SMALL);
  CHECK(length == 16);
  CHECK_STATUS(ranging_accessory_config_encode((ranging_update_rate_t)7, uwb_config_data, 3, output, sizeof output, &length),
               RANGING_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(ranging_accessory_config_encode(RANGING_UPDATE_RATE_AUTOMATIC, output + 20, 3, output, sizeof output, &length),
               RANGING_ERROR_INVALID_ARGUMENT); /* overlapping */
  CHECK(all_equal(output, 0, sizeof output, 0xee));
  CHECK_STATUS(ranging_accessory_config_encode(RANGING_UPDATE_RATE_AUTOMATIC, uwb_config_data, 3, output, sizeof output, NULL),
               RANGING_ERROR_NULL_ARGUMENT);
  CHECK_STATUS(ranging_accessory_config_encode(RANGING_UPDATE_RATE_AUTOMATIC, NULL, 3, output, sizeof output, &length),
               RANGING_ERROR_NULL_ARGUMENT);
  CHECK_STATUS(ranging_accessory_config_encode(RANGING_UPDATE_RATE_AUTOMATIC, uwb_config_data, 3, NULL, 30, &length),
               RANGING_ERROR_NULL_ARGUMENT);

  CHECK(strcmp(ranging_accessory_field_name(RANGING_ACCESSORY_FIELD_MAJOR_VERSION), "MajorVersion") == 0);
  CHECK(strcmp(ranging_accessory_field_name(RANGING_ACCESSORY_FIELD_MINOR_VERSION), "MinorVersion") == 0);
  CHECK(strcmp(ranging_accessory_field_name(RANGING_ACCESSORY_FIELD_PREFERRED_UPDATE_RATE), "PreferredUpdateRate") == 0);
  CHECK(strcmp(ranging_accessory_field_name(RANGING_ACCESSORY_FIELD_RFU), "RFU") == 0);
  CHECK(strcmp(ranging_accessory_field_name(RANGING_ACCESSORY_FIELD_UWB_CONFIG_DATA_LENGTH), "UWBConfigDataLength") == 0);
  CHECK(strcmp(ranging_accessory_field_name(RANGING_ACCESSORY_FIELD_UWB_CONFIG_DATA), "UWBConfigData") == 0);
  CHECK(strcmp(ranging_accessory_field_name(RANGING_ACCESSORY_FIELD_END), "end of message") == 0);
  CHECK(strcmp(ranging_accessory_field_name((ranging_accessory_field_t)7), "unknown") == 0);
  CHECK(strcmp(ranging_accessory_error_kind_name(RANGING_ACCESSORY_ERROR_TRUNCATED), "truncated") == 0);
  CHECK(strcmp(ranging_accessory_error_kind_name(RANGING_ACCESSORY_ERROR_UNSUPPORTED_VERSION), "unsupported_version") == 0);
  CHECK(strcmp(ranging_accessory_error_kind_name(RANGING_ACCESSORY_ERROR_RESERVED_UPDATE_RATE), "reserved_update_rate") == 0);
  CHECK(strcmp(ranging_accessory_error_kind_name(RANGING_ACCESSORY_ERROR_NON_ZERO_RESERVED), "non_zero_reserved") == 0);
  CHECK(strcmp(ranging_accessory_error_kind_name(RANGING_ACCESSORY_ERROR_LENGTH_PAST_END), "length_past_end") == 0);
  CHECK(strcmp(ranging_accessory_error_kind_name(RANGING_ACCESSORY_ERROR_TRAILING_BYTES), "trailing_bytes") == 0);
  CHECK(strcmp(ranging_accessory_error_kind_name((ranging_accessory_error_kind_t)6), "unknown") == 0);
}

/* The value of one hexadecimal digit, or -1. */
static int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

/* Whether the 16 over-the-air bytes are the UUID text read backwards, byte by byte. */
static bool uuid_matches(const char *text, const uint8_t bytes[16]) {
  int index = 15;
  for (const char *c = text; *c != '\0'; c++) {
    if (*c == '-') continue;
    int high = hex_digit(c[0]), low = hex_digit(c[1]);
    if (index < 0 || high < 0 || low < 0 || bytes[index] != (uint8_t)(high * 16 + low)) return false;
    index--;
    c++;
  }
  return index == -1;
}

/* Shareable Configuration Data's bound, the GATT constants, and the rate's lost timeout. */
static void check_shareable_gatt_and_rates(void) {
  CHECK(RANGING_SHAREABLE_CONFIG_MAX_BYTES == 255);
  CHECK_STATUS(ranging_shareable_config_check(0), RANGING_REJECTED_EMPTY_MESSAGE);
  CHECK_STATUS(ranging_shareable_config_check(1), RANGING_OK);
  CHECK_STATUS(ranging_shareable_config_check(30), RANGING_OK);
  CHECK_STATUS(ranging_shareable_config_check(RANGING_SHAREABLE_CONFIG_MAX_BYTES), RANGING_OK);
  CHECK_STATUS(ranging_shareable_config_check(256), RANGING_REJECTED_MESSAGE_TOO_LONG);
  CHECK_STATUS(ranging_shareable_config_check(SIZE_MAX), RANGING_REJECTED_MESSAGE_TOO_LONG);

  /* Tests/NearbyAccessoryTests/ShareableAndGATTTests.swift's bytes. */
  static const uint8_t service_bytes[16] = {0xba, 0x2d, 0x9c, 0x68, 0x73, 0x30, 0x33, 0x86,
                                            0xb2, 0x4b, 0x17, 0x08, 0x40, 0x3e, 0xfe, 0x48};
  static const uint8_t characteristic_bytes[16] = {0x28, 0x33, 0xf5, 0x75, 0x73, 0x80, 0x4e, 0x9a,
                                                   0x21, 0x47, 0xef, 0xd8, 0xd5, 0xd9, 0xe8, 0x95};
  static const uint8_t service[16] = RANGING_NI_SERVICE_UUID_BYTES;
  static const uint8_t characteristic[16] = RANGING_NI_CONFIG_CHARACTERISTIC_UUID_BYTES;
  CHECK(memcmp(service, service_bytes, 16) == 0 && memcmp(characteristic, characteristic_bytes, 16) == 0);
  CHECK(strcmp(RANGING_NI_SERVICE_UUID_STRING, "48fe3e40-0817-4bb2-8633-3073689c2dba") == 0);
  CHECK(strcmp(RANGING_NI_CONFIG_CHARACTERISTIC_UUID_STRING, "95e8d9d5-d8ef-4721-9a4e-807375f53328") == 0);
  CHECK(uuid_matches(RANGING_NI_SERVICE_UUID_STRING, service));
  CHECK(uuid_matches(RANGING_NI_CONFIG_CHARACTERISTIC_UUID_STRING, characteristic));
  CHECK(!uuid_matches(RANGING_NI_SERVICE_UUID_STRING, characteristic));
  CHECK(RANGING_NI_CONFIG_CHARACTERISTIC_PROPERTIES == 0x02 && RANGING_NI_CONFIG_CHARACTERISTIC_READ_ENCRYPTED == 1);
  CHECK(RANGING_NI_USER_DESCRIPTION_UUID16 == 0x2901);
  CHECK(!RANGING_NI_NEEDS_USER_DESCRIPTION(1) && RANGING_NI_NEEDS_USER_DESCRIPTION(2));

  ranging_config_t config;
  ranging_config_init(&config);
  CHECK_STATUS(ranging_config_expect_updates(&config, RANGING_UPDATE_RATE_USER_INTERACTIVE), RANGING_OK);
  CHECK(config.lost_timeout_us == 2000000);
  CHECK_STATUS(ranging_config_expect_updates(&config, (ranging_update_rate_t)15), RANGING_ERROR_INVALID_ARGUMENT);
  CHECK(config.lost_timeout_us == 2000000);
  CHECK_STATUS(ranging_config_expect_updates(&config, RANGING_UPDATE_RATE_INFREQUENT), RANGING_OK);
  CHECK(config.lost_timeout_us == 5000000);
  CHECK_STATUS(ranging_config_expect_updates(&config, RANGING_UPDATE_RATE_AUTOMATIC), RANGING_OK);
  CHECK(config.lost_timeout_us == 5000000);
  CHECK_STATUS(ranging_config_expect_updates(NULL, RANGING_UPDATE_RATE_AUTOMATIC), RANGING_ERROR_NULL_ARGUMENT);
}

/* Drains every queued action into out (at most capacity) and returns the count. */
static size_t drain_actions(ranging_accessory_sessions_t *sessions, ranging_accessory_action_t *out, size_t capacity) {
  size_t total = 0;
  for (;;) {
    size_t count = 0;
    CHECK_STATUS(ranging_accessory_sessions_drain_actions(sessions, out + total, capacity - total, &count), RANGING_OK);
    total += count;
    if (count == 0 || total == capacity) return total;
  }
}

/* Whether action is kind for session slot and object, with rate and attempt (SEND_CONFIGURATION, START_RANGING) or lifecycle (FEED_ENGINE). */
static bool is_action(const ranging_accessory_action_t *action, ranging_accessory_action_kind_t kind, uint32_t slot,
                      uint64_t object, uint32_t value) {
  if (action->kind != kind || action->session != slot || action->object_id != object) return false;
  switch (kind) {
  case RANGING_ACCESSORY_ACTION_SEND_CONFIGURATION: return action->attempt == value && action->rate != 0xff;
  case RANGING_ACCESSORY_ACTION_START_RANGING: return action->rate == value;
  case RANGING_ACCESSORY_ACTION_FEED_ENGINE: return action->lifecycle == value;
  default: return value == 0;
  }
}

static void check_accessory_sessions_config(void) {
  ranging_accessory_sessions_config_t config;
  memset(&config, 0xff, sizeof config);
  ranging_accessory_sessions_config_init(&config);
  CHECK(config.capacity == 1 && config.action_capacity == 8);
  CHECK(config.response_timeout_us == 10000000 && config.start_timeout_us == 5000000);
  CHECK(config.max_configuration_attempts == 3);
  ranging_accessory_sessions_config_init(NULL); /* ignored */

  size_t bytes = 0;
  ranging_accessory_sessions_t *sessions = (ranging_accessory_sessions_t *)&bytes;
  CHECK_STATUS(ranging_accessory_sessions_memory_size(NULL, &bytes), RANGING_ERROR_NULL_ARGUMENT);
  CHECK_STATUS(ranging_accessory_sessions_memory_size(&config, NULL), RANGING_ERROR_NULL_ARGUMENT);
  CHECK_STATUS(ranging_accessory_sessions_create(&config, NULL), RANGING_ERROR_NULL_ARGUMENT);
  CHECK_STATUS(ranging_accessory_sessions_create(NULL, &sessions), RANGING_ERROR_NULL_ARGUMENT);
  CHECK(sessions == NULL);
  for (int which = 0; which < 7; which++) {
    ranging_accessory_sessions_config_t bad = config;
    switch (which) {
    case 0: bad.capacity = 0; break;
    case 1: bad.capacity = 257; break;
    case 2: bad.action_capacity = 0; break;
    case 3: bad.response_timeout_us = 0; break;
    case 4: bad.start_timeout_us = -1; break;
    case 5: bad.max_configuration_attempts = 0; break;
    case 6: bad.max_configuration_attempts = 256; break;
    }
    CHECK_STATUS(ranging_accessory_sessions_memory_size(&bad, &bytes), RANGING_ERROR_INVALID_CONFIG);
    sessions = (ranging_accessory_sessions_t *)&bytes;
    CHECK_STATUS(ranging_accessory_sessions_create(&bad, &sessions), RANGING_ERROR_INVALID_CONFIG);
    CHECK(sessions == NULL);
  }
  ranging_accessory_sessions_destroy(NULL); /* ignored */
}

/*
 * Two iPhones on a two-slot table beside an engine: configuration, start,
 * ranging, stop, the lost timeout, retries and giving up, a lost link; the
 * sessions close the engine's zones themselves when given the engine.
 */
static void check_accessory_sessions(void) {
  ranging_zone_config_t zone;
  ranging_zone_config_init(&zone, 1.5);
  ranging_config_t engine_config;
  ranging_config_init(&engine_config);
  engine_config.zones = &zone;
  engine_config.zone_count = 1;
  CHECK_STATUS(ranging_config_expect_updates(&engine_config, RANGING_UPDATE_RATE_USER_INTERACTIVE), RANGING_OK);
  ranging_engine_t *engine = NULL;
  CHECK_STATUS(ranging_engine_create(&engine_config, &engine), RANGING_OK);
  ranging_accessory_sessions_config_t config;
  ranging_accessory_sessions_config_init(&config);
  config.capacity = 2;
  ranging_accessory_sessions_t *sessions = NULL;
  CHECK_STATUS(ranging_accessory_sessions_create(&config, &sessions), RANGING_OK);
  if (engine == NULL || sessions == NULL) return;
  ranging_accessory_action_t actions[8];
  ranging_zone_event_t events[4];
  ranging_accessory_session_state_t state;
  uint32_t slot = 99;

  /* iPhone 1 asks for a configuration: slot 0 sends the message of the first vector. */
  CHECK_STATUS(ranging_accessory_sessions_handle(sessions, 0, 1, RANGING_ACCESSORY_INPUT_INITIALIZE,
                                                 RANGING_UPDATE_RATE_USER_INTERACTIVE, engine), RANGING_OK);
  CHECK(drain_actions(sessions, actions, 8) == 1);
  CHECK(is_action(&actions[0], RANGING_ACCESSORY_ACTION_SEND_CONFIGURATION, 0, 1, 1) && actions[0].time_us == 0);
  uint8_t message[RANGING_ACCESSORY_CONFIG_MAX_BYTES];
  size_t length = 0;
  CHECK_STATUS(ranging_accessory_config_encode(actions[0].rate, uwb_config_data, 3, message, sizeof message, &length),
               RANGING_OK);
  CHECK(length == sizeof vector_user_interactive && memcmp(message, vector_user_interactive, length) == 0);
  CHECK_STATUS(ranging_accessory_sessions_read_session(sessions, 0, &state), RANGING_OK);
  CHECK(state.state == RANGING_ACCESSORY_STATE_CONFIGURATION_SENT && state.has_object && state.object_id == 1);
  CHECK(state.attempt == 1 && state.rate == RANGING_UPDATE_RATE_USER_INTERACTIVE && !state.has_ranged);
  CHECK(state.has_deadline && state.deadline_us == us(10));
  CHECK_STATUS(ranging_accessory_sessions_find(sessions, 1, &slot), RANGING_OK);
  CHECK(slot == 0);
  CHECK_STATUS(ranging_accessory_sessions_find(sessions, 9, &slot), RANGING_ERROR_UNKNOWN_OBJECT);

  /* iPhone 2 takes slot 1; iPhone 3 finds no free slot; an input from an iPhone without a session is refused. */
  CHECK_STATUS(ranging_accessory_sessions_handle(sessions, us(0.1), 2, RANGING_ACCESSORY_INPUT_INITIALIZE,
                                                 RANGING_UPDATE_RATE_AUTOMATIC, NULL), RANGING_OK);
  CHECK(drain_actions(sessions, actions, 8) == 1 && is_action(&actions[0], RANGING_ACCESSORY_ACTION_SEND_CONFIGURATION, 1, 2, 1));
  CHECK(actions[0].rate == RANGING_UPDATE_RATE_AUTOMATIC);
  CHECK_STATUS(ranging_accessory_sessions_handle(sessions, us(0.2), 3, RANGING_ACCESSORY_INPUT_INITIALIZE,
                                                 RANGING_UPDATE_RATE_AUTOMATIC, engine), RANGING_ERROR_NO_FREE_SESSION);
  CHECK_STATUS(ranging_accessory_sessions_handle(sessions, us(0.2), 3, RANGING_ACCESSORY_INPUT_STOP, 0, engine),
               RANGING_ERROR_UNKNOWN_OBJECT);
  CHECK(drain_actions(sessions, actions, 8) == 0);

  /* iPhone 1's Shareable Configuration Data (30 bytes) passes: start; updates at 5 Hz put it in the zone. */
  CHECK_STATUS(ranging_shareable_config_check(30), RANGING_OK);
  CHECK_STATUS(ranging_accessory_sessions_handle(sessions, us(0.5), 1, RANGING_ACCESSORY_INPUT_CONFIGURE_AND_START, 0, engine),
               RANGING_OK);
  CHECK(drain_actions(sessions, actions, 8) == 1);
  CHECK(is_action(&actions[0], RANGING_ACCESSORY_ACTION_START_RANGING, 0, 1, RANGING_UPDATE_RATE_USER_INTERACTIVE));
  for (int step = 0; step < 10; step++) {
    int64_t time_us = us(1 + step * 0.2);
    CHECK_STATUS(ranging_engine_update(engine, time_us, 1, 1.0, ahead), RANGING_OK);
    CHECK_STATUS(ranging_accessory_sessions_handle(sessions, time_us, 1, RANGING_ACCESSORY_INPUT_RANGING_UPDATE, 0, engine),
                 RANGING_OK);
  }
  CHECK(drain(engine, events, 4) == 1 && events[0].kind == RANGING_ZONE_ENTER);
  CHECK(drain_actions(sessions, actions, 8) == 0);

  /* The iPhone stops: the sessions close the object's zone in the engine themselves. */
  CHECK_STATUS(ranging_accessory_sessions_handle(sessions, us(3), 1, RANGING_ACCESSORY_INPUT_STOP, 0, engine), RANGING_OK);
  CHECK(drain_actions(sessions, actions, 8) == 2);
  CHECK(is_action(&actions[0], RANGING_ACCESSORY_ACTION_STOP_RANGING, 0, 1, 0));
  CHECK(is_action(&actions[1], RANGING_ACCESSORY_ACTION_FEED_ENGINE, 0, 1, RANGING_LIFECYCLE_REMOVED_PEER_ENDED));
  CHECK(actions[1].engine_applied && actions[1].time_us == us(3));
  CHECK(drain(engine, events, 4) == 1 && events[0].kind == RANGING_ZONE_EXIT);
  CHECK(events[0].reason == RANGING_EXIT_REMOVED_PEER_ENDED && events[0].time_us == us(3));
  CHECK_STATUS(ranging_accessory_sessions_read_session(sessions, 0, &state), RANGING_OK);
  CHECK(state.state == RANGING_ACCESSORY_STATE_STOPPED && state.stop_reason == RANGING_ACCESSORY_STOP_PEER_REQUESTED);
  CHECK(state.has_object && !state.has_deadline);
  CHECK_STATUS(ranging_accessory_sessions_handle(sessions, us(3.1), 1, RANGING_ACCESSORY_INPUT_STOP, 0, engine),
               RANGING_REJECTED_INPUT_IGNORED);

  /* Again, then silence: 2 s after the last update the session times out and closes the zone. */
  CHECK_STATUS(ranging_accessory_sessions_handle(sessions, us(4), 1, RANGING_ACCESSORY_INPUT_INITIALIZE,
                                                 RANGING_UPDATE_RATE_USER_INTERACTIVE, engine), RANGING_OK);
  CHECK_STATUS(ranging_accessory_sessions_handle(sessions, us(4.5), 1, RANGING_ACCESSORY_INPUT_CONFIGURE_AND_START, 0, engine),
               RANGING_OK);
  for (int step = 0; step < 10; step++) {
    int64_t time_us = us(5 + step * 0.2);
    CHECK_STATUS(ranging_engine_update(engine, time_us, 1, 1.0, ahead), RANGING_OK);
    CHECK_STATUS(ranging_accessory_sessions_handle(sessions, time_us, 1, RANGING_ACCESSORY_INPUT_RANGING_UPDATE, 0, engine),
                 RANGING_OK);
  }
  CHECK(drain_actions(sessions, actions, 8) == 2 && is_action(&actions[0], RANGING_ACCESSORY_ACTION_SEND_CONFIGURATION, 0, 1, 1));
  CHECK(drain(engine, events, 4) == 1 && events[0].kind == RANGING_ZONE_ENTER);
  CHECK_STATUS(ranging_accessory_sessions_read_session(sessions, 0, &state), RANGING_OK);
  CHECK(state.state == RANGING_ACCESSORY_STATE_RANGING && state.has_ranged && state.deadline_us == us(8.8));
  CHECK_STATUS(ranging_accessory_sessions_advance_clock(sessions, us(8.7), engine), RANGING_OK);
  CHECK(drain_actions(sessions, actions, 8) == 0);
  CHECK_STATUS(ranging_accessory_sessions_advance_clock(sessions, us(8.8), engine), RANGING_OK);
  CHECK(drain_actions(sessions, actions, 8) == 2);
  CHECK(is_action(&actions[0], RANGING_ACCESSORY_ACTION_STOP_RANGING, 0, 1, 0));
  CHECK(is_action(&actions[1], RANGING_ACCESSORY_ACTION_FEED_ENGINE, 0, 1, RANGING_LIFECYCLE_REMOVED_TIMEOUT));
  CHECK(actions[1].engine_applied);
  CHECK(drain(engine, events, 4) == 1 && events[0].reason == RANGING_EXIT_REMOVED_TIMEOUT);
  CHECK_STATUS(ranging_accessory_sessions_read_session(sessions, 0, &state), RANGING_OK);
  CHECK(state.state == RANGING_ACCESSORY_STATE_STOPPED && state.stop_reason == RANGING_ACCESSORY_STOP_RANGING_TIMED_OUT);

  /* iPhone 2 never answered: two more messages 10 s apart, then the session gives up. */
  CHECK_STATUS(ranging_accessory_sessions_advance_clock(sessions, us(10.1), NULL), RANGING_OK);
  CHECK(drain_actions(sessions, actions, 8) == 1 && is_action(&actions[0], RANGING_ACCESSORY_ACTION_SEND_CONFIGURATION, 1, 2, 2));
  CHECK_STATUS(ranging_accessory_sessions_advance_clock(sessions, us(20.1), NULL), RANGING_OK);
  CHECK(drain_actions(sessions, actions, 8) == 1 && is_action(&actions[0], RANGING_ACCESSORY_ACTION_SEND_CONFIGURATION, 1, 2, 3));
  CHECK_STATUS(ranging_accessory_sessions_advance_clock(sessions, us(30.1), NULL), RANGING_OK);
  CHECK(drain_actions(sessions, actions, 8) == 1 && is_action(&actions[0], RANGING_ACCESSORY_ACTION_GIVE_UP, 1, 2, 0));
  CHECK(actions[0].time_us == us(30.1));
  CHECK_STATUS(ranging_accessory_sessions_read_session(sessions, 1, &state), RANGING_OK);
  CHECK(state.state == RANGING_ACCESSORY_STATE_STOPPED && state.stop_reason == RANGING_ACCESSORY_STOP_GAVE_UP);

  /* A lost link frees iPhone 2's slot, so iPhone 3 gets it; a start the middleware refuses is retried. */
  CHECK_STATUS(ranging_accessory_sessions_handle(sessions, us(31), 2, RANGING_ACCESSORY_INPUT_LINK_LOST, 0, NULL), RANGING_OK);
  CHECK_STATUS(ranging_accessory_sessions_read_session(sessions, 1, &state), RANGING_OK);
  CHECK(state.state == RANGING_ACCESSORY_STATE_IDLE && !state.has_object && state.attempt == 0);
  CHECK_STATUS(ranging_accessory_sessions_handle(sessions, us(32), 3, RANGING_ACCESSORY_INPUT_INITIALIZE,
                                                 RANGING_UPDATE_RATE_INFREQUENT, NULL), RANGING_OK);
  CHECK_STATUS(ranging_accessory_sessions_handle(sessions, us(33), 3, RANGING_ACCESSORY_INPUT_CONFIGURE_AND_START, 0, NULL),
               RANGING_OK);
  CHECK_STATUS(ranging_accessory_sessions_handle(sessions, us(34), 3, RANGING_ACCESSORY_INPUT_START_FAILED, 0, NULL),
               RANGING_OK);
  CHECK(drain_actions(sessions, actions, 8) == 4);
  CHECK(is_action(&actions[0], RANGING_ACCESSORY_ACTION_SEND_CONFIGURATION, 1, 3, 1));
  CHECK(is_action(&actions[1], RANGING_ACCESSORY_ACTION_START_RANGING, 1, 3, RANGING_UPDATE_RATE_INFREQUENT));
  CHECK(is_action(&actions[2], RANGING_ACCESSORY_ACTION_STOP_RANGING, 1, 3, 0));
  CHECK(is_action(&actions[3], RANGING_ACCESSORY_ACTION_SEND_CONFIGURATION, 1, 3, 2));

  /* Without an engine the FEED_ENGINE action is the caller's: the link drops while iPhone 3 ranges. */
  CHECK_STATUS(ranging_accessory_sessions_handle(sessions, us(35), 3, RANGING_ACCESSORY_INPUT_CONFIGURE_AND_START, 0, NULL),
               RANGING_OK);
  for (int step = 0; step < 6; step++) {
    int64_t time_us = us(36 + step * 0.2);
    CHECK_STATUS(ranging_engine_update(engine, time_us, 3, 1.0, ahead), RANGING_OK);
    CHECK_STATUS(ranging_accessory_sessions_handle(sessions, time_us, 3, RANGING_ACCESSORY_INPUT_RANGING_UPDATE, 0, NULL),
                 RANGING_OK);
  }
  CHECK(drain(engine, events, 4) == 1);
  CHECK_STATUS(ranging_accessory_sessions_handle(sessions, us(37.5), 3, RANGING_ACCESSORY_INPUT_LINK_LOST, 0, NULL), RANGING_OK);
  CHECK(drain_actions(sessions, actions, 8) == 3);
  CHECK(is_action(&actions[1], RANGING_ACCESSORY_ACTION_STOP_RANGING, 1, 3, 0));
  CHECK(is_action(&actions[2], RANGING_ACCESSORY_ACTION_FEED_ENGINE, 1, 3, RANGING_LIFECYCLE_INVALIDATED));
  CHECK(!actions[2].engine_applied && drain(engine, events, 4) == 0);
  CHECK_STATUS(ranging_engine_lifecycle(engine, actions[2].time_us, actions[2].object_id, actions[2].lifecycle), RANGING_OK);
  CHECK(drain(engine, events, 4) == 1 && events[0].reason == RANGING_EXIT_INVALIDATED);

  /* A fault returns iPhone 1's stopped session to idle. */
  CHECK_STATUS(ranging_accessory_sessions_handle(sessions, us(38), 1, RANGING_ACCESSORY_INPUT_FAULT, 0, engine), RANGING_OK);
  CHECK_STATUS(ranging_accessory_sessions_find(sessions, 1, &slot), RANGING_ERROR_UNKNOWN_OBJECT);

  ranging_accessory_sessions_stats_t stats;
  CHECK_STATUS(ranging_accessory_sessions_read_stats(sessions, &stats), RANGING_OK);
  CHECK(stats.actions_queued == 19 && stats.actions_dropped == 0 && stats.actions_pending == 0);
  CHECK(stats.sessions_held == 0);

  /* Arguments. */
  size_t count = 99;
  CHECK_STATUS(ranging_accessory_sessions_handle(sessions, us(39), 1, (ranging_accessory_input_t)7, 0, NULL),
               RANGING_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(ranging_accessory_sessions_handle(sessions, us(39), 1, RANGING_ACCESSORY_INPUT_INITIALIZE, 5, NULL),
               RANGING_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(ranging_accessory_sessions_handle(NULL, us(39), 1, RANGING_ACCESSORY_INPUT_STOP, 0, NULL),
               RANGING_ERROR_NULL_ARGUMENT);
  CHECK_STATUS(ranging_accessory_sessions_advance_clock(NULL, us(39), NULL), RANGING_ERROR_NULL_ARGUMENT);
  CHECK_STATUS(ranging_accessory_sessions_drain_actions(sessions, NULL, 0, &count), RANGING_OK);
  CHECK(count == 0);
  CHECK_STATUS(ranging_accessory_sessions_drain_actions(sessions, NULL, 1, &count), RANGING_ERROR_NULL_ARGUMENT);
  CHECK_STATUS(ranging_accessory_sessions_drain_actions(sessions, actions, 1, NULL), RANGING_ERROR_NULL_ARGUMENT);
  CHECK_STATUS(ranging_accessory_sessions_drain_actions(NULL, actions, 1, &count), RANGING_ERROR_NULL_ARGUMENT);
  CHECK_STATUS(ranging_accessory_sessions_read_session(sessions, 2, &state), RANGING_ERROR_INVALID_ARGUMENT);
  CHECK_STATUS(ranging_accessory_sessions_read_session(sessions, 0, NULL), RANGING_ERROR_NULL_ARGUMENT);
  CHECK_STATUS(ranging_accessory_sessions_read_session(NULL, 0, &state), RANGING_ERROR_NULL_ARGUMENT);
  CHECK_STATUS(ranging_accessory_sessions_find(sessions, 1, NULL), RANGING_ERROR_NULL_ARGUMENT);
  CHECK_STATUS(ranging_accessory_sessions_find(NULL, 1, &slot), RANGING_ERROR_NULL_ARGUMENT);
  CHECK_STATUS(ranging_accessory_sessions_read_stats(sessions, NULL), RANGING_ERROR_NULL_ARGUMENT);
  CHECK_STATUS(ranging_accessory_sessions_read_stats(NULL, &stats), RANGING_ERROR_NULL_ARGUMENT);
  ranging_accessory_sessions_destroy(sessions);
  ranging_engine_destroy(engine);
}

/* A full action queue drops (and counts) actions; a full engine queue reports its own drop. */
static void check_accessory_drops(void) {
  ranging_config_t engine_config;
  ranging_config_init(&engine_config);
  engine_config.event_capacity = 1; /* two zones: a stop closes both, one exit is dropped */
  ranging_engine_t *engine = NULL;
  CHECK_STATUS(ranging_engine_create(&engine_config, &engine), RANGING_OK);
  ranging_accessory_sessions_config_t config;
  ranging_accessory_sessions_config_init(&config);
  config.action_capacity = 1;
  ranging_accessory_sessions_t *sessions = NULL;
  CHECK_STATUS(ranging_accessory_sessions_create(&config, &sessions), RANGING_OK);
  if (engine == NULL || sessions == NULL) return;
  ranging_accessory_action_t actions[4];
  ranging_zone_event_t events[4];

  CHECK_STATUS(ranging_accessory_sessions_handle(sessions, 0, 1, RANGING_ACCESSORY_INPUT_INITIALIZE,
                                                 RANGING_UPDATE_RATE_AUTOMATIC, engine), RANGING_OK);
  CHECK_STATUS(ranging_accessory_sessions_handle(sessions, us(1), 1, RANGING_ACCESSORY_INPUT_CONFIGURE_AND_START, 0, engine),
               RANGING_ERROR_ACTIONS_DROPPED);
  ranging_accessory_sessions_stats_t stats;
  CHECK_STATUS(ranging_accessory_sessions_read_stats(sessions, &stats), RANGING_OK);
  CHECK(stats.actions_queued == 1 && stats.actions_dropped == 1 && stats.actions_pending == 1 && stats.sessions_held == 1);
  CHECK(drain_actions(sessions, actions, 4) == 1 && actions[0].kind == RANGING_ACCESSORY_ACTION_SEND_CONFIGURATION);

  /* At 1 m (inside both zones), then the iPhone stops: STOP_RANGING fits, FEED_ENGINE is dropped but still applied. */
  for (int step = 0; step <= 5; step++) {
    (void)ranging_engine_update(engine, us(2 + step * 0.2), 1, 1.0, ahead); /* may drop one of two entries */
    (void)drain(engine, events, 4);
    (void)ranging_accessory_sessions_handle(sessions, us(2 + step * 0.2), 1, RANGING_ACCESSORY_INPUT_RANGING_UPDATE, 0, engine);
  }
  ranging_object_state_t object;
  CHECK_STATUS(ranging_engine_read_object_state(engine, 1, &object), RANGING_OK);
  CHECK(object.zones_inside == 3);
  CHECK_STATUS(ranging_accessory_sessions_handle(sessions, us(4), 1, RANGING_ACCESSORY_INPUT_STOP, 0, engine),
               RANGING_ERROR_ACTIONS_DROPPED);
  CHECK(drain_actions(sessions, actions, 4) == 1 && actions[0].kind == RANGING_ACCESSORY_ACTION_STOP_RANGING);
  CHECK(drain(engine, events, 4) == 1 && events[0].reason == RANGING_EXIT_REMOVED_PEER_ENDED);
  CHECK_STATUS(ranging_engine_read_object_state(engine, 1, &object), RANGING_ERROR_UNKNOWN_OBJECT);

  /* With room for the actions, the engine's overflow is what the call reports. */
  ranging_accessory_sessions_destroy(sessions);
  config.action_capacity = 8;
  CHECK_STATUS(ranging_accessory_sessions_create(&config, &sessions), RANGING_OK);
  if (sessions == NULL) return;
  CHECK_STATUS(ranging_accessory_sessions_handle(sessions, us(5), 2, RANGING_ACCESSORY_INPUT_INITIALIZE,
                                                 RANGING_UPDATE_RATE_AUTOMATIC, engine), RANGING_OK);
  CHECK_STATUS(ranging_accessory_sessions_handle(sessions, us(5.5), 2, RANGING_ACCESSORY_INPUT_CONFIGURE_AND_START, 0, engine),
               RANGING_OK);
  for (int step = 0; step <= 5; step++) {
    (void)ranging_engine_update(engine, us(6 + step * 0.2), 2, 1.0, ahead);
    (void)drain(engine, events, 4);
    (void)ranging_accessory_sessions_handle(sessions, us(6 + step * 0.2), 2, RANGING_ACCESSORY_INPUT_RANGING_UPDATE, 0, engine);
  }
  CHECK_STATUS(ranging_accessory_sessions_handle(sessions, us(8), 2, RANGING_ACCESSORY_INPUT_STOP, 0, engine),
               RANGING_ERROR_EVENTS_DROPPED);
  CHECK(drain_actions(sessions, actions, 4) == 4 && actions[3].kind == RANGING_ACCESSORY_ACTION_FEED_ENGINE);
  CHECK(actions[3].engine_applied);
  ranging_accessory_sessions_destroy(sessions);
  ranging_engine_destroy(engine);
}

static void check_accessory_names(void) {
  CHECK(strcmp(ranging_status_name(RANGING_ERROR_BUFFER_TOO_SMALL), "buffer_too_small") == 0);
  CHECK(strcmp(ranging_status_name(RANGING_ERROR_DATA_TOO_LONG), "data_too_long") == 0);
  CHECK(strcmp(ranging_status_name(RANGING_ERROR_ACTIONS_DROPPED), "actions_dropped") == 0);
  CHECK(strcmp(ranging_status_name(RANGING_ERROR_NO_FREE_SESSION), "no_free_session") == 0);
  CHECK(strcmp(ranging_status_name(RANGING_REJECTED_MALFORMED_MESSAGE), "malformed_message") == 0);
  CHECK(strcmp(ranging_status_name(RANGING_REJECTED_EMPTY_MESSAGE), "empty_message") == 0);
  CHECK(strcmp(ranging_status_name(RANGING_REJECTED_MESSAGE_TOO_LONG), "message_too_long") == 0);
  CHECK(strcmp(ranging_status_name(RANGING_REJECTED_INPUT_IGNORED), "input_ignored") == 0);
  CHECK(strcmp(ranging_accessory_action_name(RANGING_ACCESSORY_ACTION_SEND_CONFIGURATION), "send_configuration") == 0);
  CHECK(strcmp(ranging_accessory_action_name(RANGING_ACCESSORY_ACTION_START_RANGING), "start_ranging") == 0);
  CHECK(strcmp(ranging_accessory_action_name(RANGING_ACCESSORY_ACTION_STOP_RANGING), "stop_ranging") == 0);
  CHECK(strcmp(ranging_accessory_action_name(RANGING_ACCESSORY_ACTION_FEED_ENGINE), "feed_engine") == 0);
  CHECK(strcmp(ranging_accessory_action_name(RANGING_ACCESSORY_ACTION_GIVE_UP), "give_up") == 0);
  CHECK(strcmp(ranging_accessory_action_name((ranging_accessory_action_kind_t)5), "unknown") == 0);
}

#ifdef RANGING_SMOKE_COUNT_ALLOCATIONS
/* Two iPhones through a whole session each, with the engine fed directly; returns nothing, checks nothing. */
static void exercise_sessions(ranging_accessory_sessions_t *sessions, ranging_engine_t *engine, uint64_t first, double start_s) {
  ranging_accessory_action_t actions[4];
  ranging_accessory_session_state_t state;
  ranging_accessory_sessions_stats_t stats;
  uint32_t slot;
  size_t count;
  for (uint64_t phone = first; phone < first + 2; phone++) {
    (void)ranging_accessory_sessions_handle(sessions, us(start_s), phone, RANGING_ACCESSORY_INPUT_INITIALIZE,
                                            RANGING_UPDATE_RATE_USER_INTERACTIVE, engine);
    (void)ranging_accessory_sessions_handle(sessions, us(start_s + 0.5), phone, RANGING_ACCESSORY_INPUT_CONFIGURE_AND_START, 0, engine);
    for (int step = 0; step < 6; step++) {
      (void)ranging_engine_update(engine, us(start_s + 1 + step * 0.2), phone, 1.0, ahead);
      (void)ranging_accessory_sessions_handle(sessions, us(start_s + 1 + step * 0.2), phone,
                                              RANGING_ACCESSORY_INPUT_RANGING_UPDATE, 0, engine);
    }
    do (void)ranging_accessory_sessions_drain_actions(sessions, actions, 4, &count); while (count > 0);
  }
  (void)ranging_accessory_sessions_handle(sessions, us(start_s + 3), first, RANGING_ACCESSORY_INPUT_STOP, 0, engine);
  (void)ranging_accessory_sessions_advance_clock(sessions, us(start_s + 9), engine); /* the other one times out */
  (void)ranging_accessory_sessions_read_session(sessions, 0, &state);
  (void)ranging_accessory_sessions_find(sessions, first, &slot);
  (void)ranging_accessory_sessions_read_stats(sessions, &stats);
  do (void)ranging_accessory_sessions_drain_actions(sessions, actions, 4, &count); while (count > 0);
  (void)ranging_accessory_sessions_handle(sessions, us(start_s + 10), first, RANGING_ACCESSORY_INPUT_LINK_LOST, 0, engine);
  (void)ranging_accessory_sessions_handle(sessions, us(start_s + 10), first + 1, RANGING_ACCESSORY_INPUT_FAULT, 0, NULL);
  ranging_zone_event_t events[4];
  do (void)ranging_engine_drain_events(engine, events, 4, &count); while (count > 0);

  /* The message functions too. */
  uint8_t message[RANGING_ACCESSORY_CONFIG_MAX_BYTES];
  ranging_accessory_config_t config;
  ranging_accessory_config_error_t error;
  (void)ranging_accessory_config_encode(RANGING_UPDATE_RATE_AUTOMATIC, uwb_config_data, 3, message, sizeof message, &count);
  (void)ranging_accessory_config_decode(message, count, true, &config, &error);
  (void)ranging_accessory_config_decode(message, count - 1, true, &config, &error);
  (void)ranging_shareable_config_check(count);
}

/*
 * The header's formula for session tables against a counting malloc, and
 * no allocation after create (inputs, clock, drains, reads, the engine fed
 * directly, the message functions).
 */
static void check_accessory_memory(uint32_t capacity, uint32_t action_capacity) {
  ranging_accessory_sessions_config_t config;
  ranging_accessory_sessions_config_init(&config);
  config.capacity = capacity;
  config.action_capacity = action_capacity;
  size_t bytes = 0;
  CHECK_STATUS(ranging_accessory_sessions_memory_size(&config, &bytes), RANGING_OK);
  ranging_config_t engine_config;
  ranging_config_init(&engine_config);
  ranging_engine_t *engine = NULL;
  CHECK_STATUS(ranging_engine_create(&engine_config, &engine), RANGING_OK);

  ranging_accessory_sessions_t *sessions = NULL;
  ranging_alloc_count_start();
  CHECK_STATUS(ranging_accessory_sessions_create(&config, &sessions), RANGING_OK);
  ranging_alloc_count_stop();
  size_t measured_bytes = ranging_alloc_count_live_bytes(), measured_blocks = ranging_alloc_count_live_blocks();
  printf("memory: accessory sessions capacity=%u actions=%u bytes=%lu (formula %lu) blocks=%lu (formula %d)\n",
         (unsigned)capacity, (unsigned)action_capacity, (unsigned long)measured_bytes, (unsigned long)bytes,
         (unsigned long)measured_blocks, RANGING_ACCESSORY_SESSIONS_BLOCKS);
  CHECK(measured_bytes == bytes);
  CHECK(measured_blocks == RANGING_ACCESSORY_SESSIONS_BLOCKS);
  if (sessions == NULL || engine == NULL) return;

  ranging_alloc_count_start();
  for (int round = 0; round < 4; round++) exercise_sessions(sessions, engine, 10 * (uint64_t)round, 20.0 * round);
  ranging_alloc_count_stop();
  CHECK(ranging_alloc_count_calls() == 0);
  if (ranging_alloc_count_calls() != 0) {
    printf("memory: %lu allocations after ranging_accessory_sessions_create\n", (unsigned long)ranging_alloc_count_calls());
  }

  ranging_alloc_count_start();
  ranging_accessory_sessions_destroy(sessions);
  ranging_alloc_count_stop();
  CHECK(ranging_alloc_count_calls() == 0);
  ranging_engine_destroy(engine);
}

static void check_accessory_memory_formula(void) {
  /* First use of each type may allocate runtime metadata on hosts: a throwaway run takes it. */
  ranging_accessory_sessions_config_t config;
  ranging_accessory_sessions_config_init(&config);
  config.capacity = 2;
  ranging_config_t engine_config;
  ranging_config_init(&engine_config);
  ranging_accessory_sessions_t *sessions = NULL;
  ranging_engine_t *engine = NULL;
  CHECK_STATUS(ranging_accessory_sessions_create(&config, &sessions), RANGING_OK);
  CHECK_STATUS(ranging_engine_create(&engine_config, &engine), RANGING_OK);
  if (sessions != NULL && engine != NULL) exercise_sessions(sessions, engine, 1, 0);
  ranging_accessory_sessions_destroy(sessions);
  ranging_engine_destroy(engine);

  check_accessory_memory(1, 1);
  check_accessory_memory(1, 8); /* the defaults */
  check_accessory_memory(2, 8);
  check_accessory_memory(3, 5);
  check_accessory_memory(8, 16);
  check_accessory_memory(256, 512);
}
#endif

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
  static ranging_zone_event_t batch_events[128];
  ranging_object_state_t batch_states[2];
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
    int64_t batch_time[2] = {us(start + 19.2), us(start + 19.4)};
    uint64_t batch_object[2] = {object, object};
    double batch_distance[2] = {2.0, 1.0};
    ranging_batch_t batch = {.count = 2, .time_us = batch_time, .object_id = batch_object, .distance_m = batch_distance,
                             .states = batch_states, .events = batch_events, .event_capacity = events};
    while (batch.rows_done < batch.count) (void)ranging_engine_process_batch(engine, &batch);
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
  check_batch();
  check_batch_angles();
  check_batch_refused_row_keeps_its_pose_out();
  check_range_calibration();
  check_object_calibration();
  check_filter_settings();
  check_direction_settings();
  check_config_limits();
  check_exit_reasons();
  check_lost_by_own_gap();
  check_widest_gaps();
  check_stats_and_unknown_direction();
  check_custom_zones();
  check_names();
  check_pose();
  check_batch_pose();
  check_accessory_config_vectors();
  check_accessory_config_errors();
  check_shareable_gatt_and_rates();
  check_accessory_sessions_config();
  check_accessory_sessions();
  check_accessory_drops();
  check_accessory_names();
#ifdef RANGING_SMOKE_COUNT_ALLOCATIONS
  check_memory_formula();
  check_accessory_memory_formula();
#endif
  printf("smoke: %s (%d failed checks)\n", failures == 0 ? "ok" : "FAILED", failures);
  return failures;
}

#ifndef RANGING_SMOKE_NO_MAIN
int main(void) { return ranging_smoke_run() == 0 ? 0 : 1; }
#endif
