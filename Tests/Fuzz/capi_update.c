// SPDX-License-Identifier: Apache-2.0
/*
 * libFuzzer target: the C API's update path (ranging_engine.h), built with
 * AddressSanitizer over an instrumented libRangingEngineCAPI.a by scripts/checks/fuzz.
 *
 * The input is a small program: a few bytes choose a configuration (which may
 * be invalid: then ranging_engine_memory_size() and ranging_engine_create()
 * must agree and refuse it), the rest is a sequence of calls (updates with
 * realistic or raw-bit distances and directions, NULL directions, time jumps
 * back and forth, life-cycle events including undefined ones, clock advances,
 * drains of any size, state reads). After every call it checks:
 *
 *   - the status is one the header allows for that call;
 *   - the object's state: distance NaN or finite >= 0, its sigma finite >= 0
 *     (INFINITY before any distance), direction a unit vector or, when
 *     UNKNOWN, NaN with sigma INFINITY; NLOS probability in [0, 1]; zone bits
 *     only for existing zones;
 *   - every event drained: a defined zone, kind and reason, an entry only
 *     while outside and an exit only while inside (per object and zone,
 *     while no event was dropped), entries with reason MEASURED, sigma finite
 *     >= 0 or NaN;
 *   - the counters: accepted + rejected updates as counted here, objects
 *     tracked <= max_objects, pending events <= event_capacity.
 * A failed check aborts (libFuzzer records the input).
 */
#include "ranging_engine.h"
#include "ranging_state_invariants.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define OBJECTS 12
#define MAX_FUZZ_ZONES 4

#define REQUIRE(condition)                                                             \
  do {                                                                                 \
    if (!(condition)) {                                                                \
      fprintf(stderr, "capi_update.c:%d: invariant failed: %s\n", __LINE__, #condition); \
      abort();                                                                         \
    }                                                                                  \
  } while (0)

typedef struct {
  const uint8_t *data;
  size_t size;
} input_t;

static uint8_t take_u8(input_t *in) {
  if (in->size == 0) return 0;
  in->size--;
  return *in->data++;
}

static uint64_t take_bytes(input_t *in, int count) {
  uint64_t value = 0;
  for (int i = 0; i < count; i++) value |= (uint64_t)take_u8(in) << (8 * i);
  return value;
}

static double take_raw_double(input_t *in) {
  uint64_t bits = take_bytes(in, 8);
  double value;
  memcpy(&value, &bits, sizeof value);
  return value;
}

/* A distance: mostly realistic (0...65.5 m in mm), sometimes NaN, 0, or any bit pattern. */
static double take_distance(input_t *in) {
  uint8_t mode = take_u8(in);
  switch (mode % 8) {
  case 0: return NAN;
  case 1: return take_raw_double(in);
  case 2: return 0;
  default: return (double)take_bytes(in, 2) / 1000.0;
  }
}

typedef struct {
  ranging_config_t config;
  ranging_zone_config_t zones[MAX_FUZZ_ZONES];
  uint32_t zone_count;
  bool inside[OBJECTS][MAX_FUZZ_ZONES];
  bool dropped;
  uint64_t accepted, rejected;
} run_t;

static void check_state(const run_t *run, const ranging_object_state_t *s) {
  const char *violation = ranging_state_violation(s, run->zone_count);
  if (violation != NULL) {
    fprintf(stderr, "capi_update.c: state invariant failed: %s\n", violation);
    abort();
  }
}

static void check_events(run_t *run, ranging_engine_t *engine, size_t capacity) {
  ranging_zone_event_t events[16];
  if (capacity > 16) capacity = 16;
  size_t count = 99;
  REQUIRE(ranging_engine_drain_events(engine, capacity ? events : NULL, capacity, &count) == RANGING_OK);
  REQUIRE(count <= capacity);
  for (size_t i = 0; i < count; i++) {
    const ranging_zone_event_t *e = &events[i];
    REQUIRE(e->zone < run->zone_count);
    REQUIRE(e->kind == RANGING_ZONE_ENTER || e->kind == RANGING_ZONE_EXIT);
    REQUIRE(e->reason <= RANGING_EXIT_EVICTED);
    REQUIRE(e->kind == RANGING_ZONE_EXIT || e->reason == RANGING_EXIT_MEASURED);
    REQUIRE(isnan(e->distance_sigma_m) || (isfinite(e->distance_sigma_m) && e->distance_sigma_m >= 0));
    REQUIRE(isnan(e->distance_m) || (isfinite(e->distance_m) && e->distance_m >= 0));
    REQUIRE(e->object_id < OBJECTS);
    if (!run->dropped) {
      bool *inside = &run->inside[e->object_id][e->zone];
      REQUIRE(*inside == (e->kind == RANGING_ZONE_EXIT));
      *inside = e->kind == RANGING_ZONE_ENTER;
    }
  }
}

static bool note_drop(run_t *run, ranging_status_t status) {
  if (status == RANGING_ERROR_EVENTS_DROPPED) run->dropped = true;
  return status == RANGING_OK || status == RANGING_ERROR_EVENTS_DROPPED;
}

static void configure(run_t *run, input_t *in) {
  ranging_config_init(&run->config);
  uint8_t flags = take_u8(in);
  run->config.max_objects = 1 + take_u8(in) % 8;
  run->config.event_capacity = 1 + take_u8(in) % 24;
  run->config.direction_tracking = flags & 1;
  run->config.suspension_policy = (flags >> 1) & 1;
  run->config.lost_timeout_us = 1 + (int64_t)(take_bytes(in, 3) % 10000000);
  if (flags & 4) run->config.range_sigma_m = take_raw_double(in);
  if (flags & 8) run->config.range_offset_m = (double)(int8_t)take_u8(in) / 10.0;
  if (flags & 16) run->config.lost_timeout_us = (int64_t)take_bytes(in, 8);
  if (flags & 64) {
    run->config.process_noise = take_raw_double(in);
    run->config.gate_sigmas = 0.5 + take_u8(in) / 16.0;
    run->config.short_gate_sigmas = 0.5 + take_u8(in) / 16.0;
    run->config.max_rate_m_per_s = take_raw_double(in);
    run->config.reset_after_rejections = take_u8(in);
    run->config.reset_after_us = (int64_t)take_bytes(in, 3);
    run->config.confirmation_count = take_u8(in) % 8;
    run->config.confirmation_us = (int64_t)take_bytes(in, 3);
    run->config.max_coast_us = (int64_t)take_bytes(in, 3);
    run->config.velocity_correlation_us = (int64_t)take_bytes(in, 4);
  }
  run->zone_count = 2;
  if (flags & 32) {
    run->zone_count = 1 + take_u8(in) % MAX_FUZZ_ZONES;
    for (uint32_t z = 0; z < run->zone_count; z++) {
      ranging_zone_config_init(&run->zones[z], 0.5 + take_u8(in) / 20.0);
      uint8_t zone_flags = take_u8(in);
      if (zone_flags & 1) run->zones[z].exit_dwell_us = (int64_t)take_bytes(in, 3);
      if (zone_flags & 2) run->zones[z].enter_sigma_multiplier = take_u8(in) / 50.0;
      if (zone_flags & 4) run->zones[z].angle_limit_rad = take_u8(in) / 64.0;
      if (zone_flags & 8) run->zones[z].radius_m = take_raw_double(in);
      if (zone_flags & 16) run->zones[z].hysteresis_m = take_raw_double(in);
    }
    run->config.zones = run->zones;
    run->config.zone_count = run->zone_count;
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  input_t in = {data, size};
  run_t run;
  memset(&run, 0, sizeof run);
  configure(&run, &in);

  size_t bytes = 0, blocks = 0;
  ranging_status_t sized = ranging_engine_memory_size(&run.config, &bytes);
  REQUIRE(ranging_engine_memory_blocks(&run.config, &blocks) == sized);
  ranging_engine_t *engine = (ranging_engine_t *)&bytes;
  ranging_status_t created = ranging_engine_create(&run.config, &engine);
  REQUIRE(created == sized);
  if (created != RANGING_OK) {
    REQUIRE(created == RANGING_ERROR_INVALID_CONFIG && engine == NULL);
    return 0;
  }
  REQUIRE(engine != NULL && bytes > 0 && blocks > 0);

  int64_t clock = 0;
  while (in.size > 0) {
    uint8_t op = take_u8(&in);
    uint64_t object = take_u8(&in) % OBJECTS;
    int64_t step = (int64_t)take_bytes(&in, 2) * 100; /* 0 to 6.5 s */
    int64_t time = clock + step;
    if ((op & 0xE0) == 0xE0) time = clock - step;                 /* back in time */
    if (op == 0xDF) time = (int64_t)take_bytes(&in, 8);            /* anywhere */
    if (time > clock && op != 0xDF) clock = time;
    ranging_status_t status;
    switch (op % 8) {
    case 0: case 1: case 2: case 3: {
      double distance = take_distance(&in);
      double direction[3];
      const double *pointer = NULL;
      uint8_t direction_mode = take_u8(&in) % 4;
      if (direction_mode == 1) {
        double azimuth = (int8_t)take_u8(&in) / 64.0, elevation = (int8_t)take_u8(&in) / 128.0;
        direction[0] = sin(azimuth) * cos(elevation);
        direction[1] = sin(elevation);
        direction[2] = -cos(azimuth) * cos(elevation);
        pointer = direction;
      } else if (direction_mode == 2) {
        for (int i = 0; i < 3; i++) direction[i] = take_raw_double(&in);
        pointer = direction;
      }
      status = ranging_engine_update(engine, time, object, distance, pointer);
      if (note_drop(&run, status)) {
        run.accepted++;
        ranging_object_state_t state;
        REQUIRE(ranging_engine_read_object_state(engine, object, &state) == RANGING_OK);
        REQUIRE(state.time_us == time);
        check_state(&run, &state);
      } else {
        REQUIRE((status >= RANGING_REJECTED_TIME_WENT_BACKWARDS && status <= RANGING_REJECTED_NO_MEASUREMENT) ||
                status == RANGING_REJECTED_DISTANCE_OUT_OF_RANGE);
        run.rejected++;
      }
      break;
    }
    case 4: {
      ranging_lifecycle_t event = take_u8(&in) % 6;
      status = ranging_engine_lifecycle(engine, time, object, event);
      if (event > RANGING_LIFECYCLE_INVALIDATED) {
        REQUIRE(status == RANGING_ERROR_INVALID_ARGUMENT);
      } else {
        REQUIRE(note_drop(&run, status));
      }
      break;
    }
    case 5:
      REQUIRE(note_drop(&run, ranging_engine_advance_clock(engine, time)));
      break;
    case 6:
      check_events(&run, engine, take_u8(&in) % 17);
      break;
    case 7: {
      ranging_object_state_t state;
      status = ranging_engine_read_object_state(engine, object, &state);
      REQUIRE(status == RANGING_OK || status == RANGING_ERROR_UNKNOWN_OBJECT);
      if (status == RANGING_OK) check_state(&run, &state);
      break;
    }
    }
    ranging_stats_t stats;
    REQUIRE(ranging_engine_read_stats(engine, &stats) == RANGING_OK);
    REQUIRE(stats.updates_accepted == run.accepted && stats.updates_rejected == run.rejected);
    REQUIRE(stats.objects_tracked <= run.config.max_objects);
    REQUIRE(stats.events_pending <= run.config.event_capacity);
    REQUIRE(stats.events_dropped == 0 || run.dropped);
  }
  for (int i = 0; i < 64; i++) check_events(&run, engine, 16);
  ranging_engine_destroy(engine);
  return 0;
}
