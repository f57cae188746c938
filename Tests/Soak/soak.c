// SPDX-License-Identifier: Apache-2.0
/*
 * Soak test of the C API (issue 13, item 4): feeds N updates (default 1e8)
 * through one engine with random gaps, spikes, absurd values, missing and
 * invalid directions, time going back, life-cycle events, clock advances and
 * object churn (a window of 128 live ids sliding over about N / 100 distinct
 * objects, so objects are evicted and lost all the time), and checks every
 * output:
 *
 *   - every status is one the header allows for the call;
 *   - after every accepted update, the object's state: distance NaN or finite
 *     >= 0, its sigma finite >= 0 (INFINITY before a distance), direction a
 *     unit vector or (UNKNOWN) NaN with sigma INFINITY, NLOS in [0, 1];
 *   - every event: defined zone, kind and reason, entries MEASURED, an entry
 *     only while outside and an exit only while inside (per object and zone),
 *     sigma finite >= 0 or NaN; no event dropped (drained after every call);
 *   - the counters add up;
 *   - memory is flat: no allocation at all after ranging_engine_create()
 *     (alloc_count.c counts every malloc of the process), and the resident
 *     size at the end equals that at 10% of the run.
 *
 * Prints updates per second and the counts; scripts/checks/soak adds the peak
 * resident size from /usr/bin/time. Exit status 0 when every check passed.
 *
 * Usage: soak [UPDATES] [SEED]
 */
#include "ranging_alloc_count.h"
#include "ranging_engine.h"
#include "ranging_state_invariants.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <fcntl.h>
#include <unistd.h>

#define WINDOW 128          /* live ids at any time */
#define TABLE 8192          /* per-object bookkeeping, indexed by id % TABLE (> WINDOW: no collisions) */
#define ZONES 2

#define REQUIRE(condition)                                                                   \
  do {                                                                                       \
    if (!(condition)) {                                                                      \
      fprintf(stderr, "soak.c:%d: check failed after %" PRIu64 " updates: %s\n", __LINE__, \
              updates_done, #condition);                                                     \
      exit(1);                                                                               \
    }                                                                                        \
  } while (0)

static uint64_t updates_done;
static uint64_t rng_state = 0x9E3779B97F4A7C15ull;

/* xorshift64* (Vigna 2016): plenty for choosing test cases. */
static uint64_t next_random(void) {
  rng_state ^= rng_state >> 12;
  rng_state ^= rng_state << 25;
  rng_state ^= rng_state >> 27;
  return rng_state * 0x2545F4914F6CDD1Dull;
}
static double uniform(void) { return (double)(next_random() >> 11) / 9007199254740992.0; }
static bool chance(double p) { return uniform() < p; }

typedef struct {
  uint64_t id;
  double distance, azimuth, elevation;
  int64_t last_time;
  bool inside[ZONES];
} object_t;

static object_t objects[TABLE];
static uint64_t events_seen, lost_exits, evicted_exits, enters;

/* The resident set in KiB, read with open/read (no stdio buffer, so no malloc). */
static long resident_kib(void) {
  char text[128];
  int descriptor = open("/proc/self/statm", O_RDONLY);
  if (descriptor < 0) return 0;
  ssize_t length = read(descriptor, text, sizeof text - 1);
  close(descriptor);
  if (length <= 0) return 0;
  text[length] = 0;
  char *end = NULL;
  strtol(text, &end, 10);
  return strtol(end, NULL, 10) * 4;
}

static object_t *object_for(uint64_t id) {
  object_t *o = &objects[id % TABLE];
  if (o->id != id) {
    for (int z = 0; z < ZONES; z++) REQUIRE(!o->inside[z]); /* the previous holder left every zone */
    memset(o, 0, sizeof *o);
    o->id = id;
    o->distance = 0.3 + 7 * uniform();
    o->azimuth = (uniform() - 0.5) * 2.5;
    o->elevation = (uniform() - 0.5) * 1.2;
    o->last_time = INT64_MIN;
  }
  return o;
}

static void check_state(const ranging_object_state_t *s) {
  const char *violation = ranging_state_violation(s, ZONES);
  if (violation != NULL) fprintf(stderr, "soak.c: state invariant failed: %s\n", violation);
  REQUIRE(violation == NULL);
  // Direction tracking is on: a direction that is not UNKNOWN carries its sigma.
  REQUIRE(s->direction_state == RANGING_DIRECTION_UNKNOWN || isfinite(s->direction_sigma_rad));
}

static void drain(ranging_engine_t *engine) {
  ranging_zone_event_t events[64];
  size_t count;
  do {
    REQUIRE(ranging_engine_drain_events(engine, events, 64, &count) == RANGING_OK);
    for (size_t i = 0; i < count; i++) {
      const ranging_zone_event_t *e = &events[i];
      REQUIRE(e->zone < ZONES);
      REQUIRE(e->kind == RANGING_ZONE_ENTER || e->kind == RANGING_ZONE_EXIT);
      REQUIRE(e->reason <= RANGING_EXIT_EVICTED);
      REQUIRE(e->kind == RANGING_ZONE_EXIT || e->reason == RANGING_EXIT_MEASURED);
      REQUIRE(isnan(e->distance_sigma_m) || (isfinite(e->distance_sigma_m) && e->distance_sigma_m >= 0));
      object_t *o = &objects[e->object_id % TABLE];
      REQUIRE(o->id == e->object_id);
      REQUIRE(o->inside[e->zone] == (e->kind == RANGING_ZONE_EXIT));
      o->inside[e->zone] = e->kind == RANGING_ZONE_ENTER;
      events_seen++;
      if (e->kind == RANGING_ZONE_ENTER) enters++;
      if (e->reason == RANGING_EXIT_LOST) lost_exits++;
      if (e->reason == RANGING_EXIT_EVICTED) evicted_exits++;
    }
  } while (count == 64);
}

int main(int argc, char **argv) {
  uint64_t total = argc > 1 ? strtoull(argv[1], NULL, 10) : 100000000ull;
  if (argc > 2) rng_state += strtoull(argv[2], NULL, 10) * 0xD1B54A32D192ED03ull; 

  if (rng_state == 0) rng_state = 1; /* xorshift's one fixed point */
  ranging_config_t config;
  ranging_config_init(&config);
  config.max_objects = 64;       /* half the live window: evictions all the time */
  config.event_capacity = 256;
  ranging_engine_t *engine = NULL;
  if (ranging_engine_create(&config, &engine) != RANGING_OK) return 1;

  /* Fault in this program's own bookkeeping now, so that the resident size measures the engine. */
  for (size_t i = 0; i < TABLE; i++) objects[i].id = UINT64_MAX - i;
  ranging_alloc_count_start();
  uint64_t accepted = 0, rejected = 0, base = 0, calls = 0;
  int64_t clock = 0;
  long resident_early = 0;
  struct timespec start, end;
  clock_gettime(CLOCK_MONOTONIC, &start);
  for (updates_done = 0; updates_done < total; updates_done++) {
    if (updates_done == total / 10) resident_early = resident_kib();
    if (chance(0.01)) base++;                                   /* churn: ids slide */
    uint64_t id = base + next_random() % WINDOW;
    object_t *o = object_for(id);
    /* Time: 0-40 ms steps; sometimes a gap beyond the 5 s lost timeout. */
    clock += (int64_t)(next_random() % 40000);
    if (chance(0.0005)) clock += 5000000 + (int64_t)(next_random() % 30000000);
    int64_t time = clock;
    if (o->last_time != INT64_MIN && chance(0.001)) time = o->last_time - 1 - (int64_t)(next_random() % 100000);

    if (chance(0.0005)) {                                       /* life cycle, sometimes an undefined one */
      ranging_lifecycle_t event = (ranging_lifecycle_t)(next_random() % 6);
      ranging_status_t status = ranging_engine_lifecycle(engine, clock, id, event);
      REQUIRE(event <= RANGING_LIFECYCLE_INVALIDATED ? status == RANGING_OK : status == RANGING_ERROR_INVALID_ARGUMENT);
      drain(engine);
      continue;
    }
    if (chance(0.001)) {
      REQUIRE(ranging_engine_advance_clock(engine, clock) == RANGING_OK);
      drain(engine);
      continue;
    }

    /* Distance: a random walk with spikes, missing values and absurd ones. */
    o->distance += (uniform() - 0.5) * 0.08;
    if (o->distance < 0.1) o->distance = 0.1;
    if (o->distance > 9) o->distance = 9;
    double distance = o->distance + 0.03 * (uniform() - 0.5);
    double u = uniform();
    if (u < 0.02) distance += 1 + 4 * uniform();               /* multipath spike */
    else if (u < 0.05) distance = NAN;                          /* no distance */
    else if (u < 0.0502) distance = 1e155;
    else if (u < 0.0504) distance = 1e-150;
    else if (u < 0.0506) distance = -1;
    else if (u < 0.0508) distance = INFINITY;
    else if (u < 0.0510) distance = 0;
    /* Direction: present, missing (outside the field of view), or invalid. */
    o->azimuth += (uniform() - 0.5) * 0.05;
    double direction[3] = {sin(o->azimuth) * cos(o->elevation), sin(o->elevation), -cos(o->azimuth) * cos(o->elevation)};
    const double *pointer = direction;
    double v = uniform();
    if (v < 0.3) pointer = NULL;
    else if (v < 0.3005) direction[2] *= 1.5;
    else if (v < 0.301) direction[0] = NAN;

    ranging_status_t status = ranging_engine_update(engine, time, id, distance, pointer);
    calls++;
    if (status == RANGING_OK) {
      accepted++;
      o->last_time = time;
      ranging_object_state_t state;
      REQUIRE(ranging_engine_read_object_state(engine, id, &state) == RANGING_OK);
      REQUIRE(state.time_us == time);
      check_state(&state);
    } else {
      REQUIRE((status >= RANGING_REJECTED_TIME_WENT_BACKWARDS && status <= RANGING_REJECTED_NO_MEASUREMENT) ||
              status == RANGING_REJECTED_DISTANCE_OUT_OF_RANGE);
      rejected++;
    }
    drain(engine);
  }
  clock_gettime(CLOCK_MONOTONIC, &end);
  ranging_alloc_count_stop();
  long resident_late = resident_kib();

  ranging_stats_t stats;
  REQUIRE(ranging_engine_read_stats(engine, &stats) == RANGING_OK);
  REQUIRE(stats.updates_accepted == accepted && stats.updates_rejected == rejected);
  REQUIRE(stats.events_dropped == 0 && stats.events_pending == 0 && stats.events_queued == events_seen);
  REQUIRE(stats.objects_tracked <= config.max_objects);
  REQUIRE(ranging_alloc_count_calls() == 0);
  REQUIRE(resident_late <= resident_early);
  double seconds = (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) / 1e9;
  printf("soak: %" PRIu64 " calls (%" PRIu64 " updates: %" PRIu64 " accepted, %" PRIu64 " rejected) in %.1f s: %.2f M updates/s\n",
         updates_done, calls, accepted, rejected, seconds, (double)calls / seconds / 1e6);
  printf("soak: %" PRIu64 " distinct objects, %" PRIu64 " evicted; %" PRIu64 " zone events (%" PRIu64
         " entries, %" PRIu64 " lost exits, %" PRIu64 " evicted exits), none dropped\n",
         base + WINDOW, (uint64_t)stats.objects_evicted, events_seen, enters, lost_exits, evicted_exits);
  printf("soak: memory flat: 0 allocations after ranging_engine_create(); resident %ld KiB at 10%%, %ld KiB at the end\n",
         resident_early, resident_late);
  ranging_engine_destroy(engine);
  printf("soak: ok\n");
  return 0;
}
