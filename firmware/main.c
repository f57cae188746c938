// SPDX-License-Identifier: Apache-2.0
/*
 * Firmware image for the MPS2 AN386 (Cortex-M4) under QEMU: runs the C API
 * smoke test (with the memory checks, through a counting malloc), then
 * replays the recordings compiled into the image through the engine and
 * prints their zone events, one line each:
 *
 *   event <dataset> <t_us> <object> <zone> <enter|exit> <distance_mm> <sigma_0.1mm> <reason>
 *
 * distance and sigma are rounded to whole millimetres and tenths of a
 * millimetre ("-" when not finite), reason is "-" for events decided by a
 * measurement. scripts/checks/check-firmware writes the host replay's events in
 * the same format and compares the two.
 */
#include "ranging_engine.h"
#include "ranging_smoke.h"
#include "replay_dataset.h"

#include <math.h>
#include <stdio.h>

static const char *const zone_names[] = {"inner", "outer"};

/* The printed form of a length in units of 1/scale metre. */
static void print_length(double meters, double scale) {
  if (isfinite(meters)) {
    printf(" %lld", (long long)llround(meters * scale));
  } else {
    printf(" -");
  }
}

static void print_events(ranging_engine_t *engine, const struct replay_dataset *dataset) {
  ranging_zone_event_t events[16];
  size_t count;
  do {
    if (ranging_engine_drain_events(engine, events, 16, &count) != RANGING_OK) return;
    for (size_t i = 0; i < count; i++) {
      const ranging_zone_event_t *event = &events[i];
      printf("event %s %lld %s %s %s", dataset->name, (long long)event->time_us, dataset->objects[event->object_id],
             zone_names[event->zone], event->kind == RANGING_ZONE_ENTER ? "enter" : "exit");
      print_length(event->distance_m, 1e3);
      print_length(event->distance_sigma_m, 1e4);
      printf(" %s\n", event->reason == RANGING_EXIT_MEASURED ? "-" : ranging_exit_reason_name(event->reason));
    }
  } while (count > 0);
}

/* Replays one recording with rangectl replay's defaults; returns the number of failures. */
static int replay(const struct replay_dataset *dataset) {
  ranging_config_t config;
  ranging_config_init(&config);
  config.max_objects = 64;     /* rangectl's --capacity default */
  config.event_capacity = 256; /* more than one call can cause: 2 zones x 64 objects */
  ranging_engine_t *engine = NULL;
  ranging_status_t status = ranging_engine_create(&config, &engine);
  if (status != RANGING_OK) {
    printf("replay %s: create failed: %s\n", dataset->name, ranging_status_name(status));
    return 1;
  }
  int failures = 0;
  for (size_t i = 0; i < dataset->row_count; i++) {
    const struct replay_row *row = &dataset->rows[i];
    /* rangectl's Timestamp(seconds:): the nearest microsecond, halves away from zero. */
    int64_t time_us = (int64_t)llround(row->t_s * 1e6);
    if (row->lifecycle >= 0) {
      status = ranging_engine_lifecycle(engine, time_us, row->object, (ranging_lifecycle_t)row->lifecycle);
    } else {
      status = ranging_engine_update(engine, time_us, row->object, row->distance_m,
                                     row->has_direction ? row->direction : NULL);
    }
    if (status < 0) {
      printf("replay %s: row %lu: %s\n", dataset->name, (unsigned long)i, ranging_status_name(status));
      failures++;
    }
    print_events(engine, dataset);
  }
  ranging_stats_t stats;
  (void)ranging_engine_read_stats(engine, &stats);
  printf("replay %s: rows=%lu accepted=%llu rejected=%llu events=%llu dropped=%llu\n", dataset->name,
         (unsigned long)dataset->row_count, (unsigned long long)stats.updates_accepted, (unsigned long long)stats.updates_rejected,
         (unsigned long long)stats.events_queued, (unsigned long long)stats.events_dropped);
  ranging_engine_destroy(engine);
  return failures;
}

int main(void) {
  printf("firmware: RangingEngine on Cortex-M4 (Embedded Swift)\n");
  int failures = ranging_smoke_run();
  ranging_config_t config;
  ranging_config_init(&config);
  size_t bytes = 0, blocks = 0;
  (void)ranging_engine_memory_size(&config, &bytes);
  (void)ranging_engine_memory_blocks(&config, &blocks);
  /* %lu, not %zu: this newlib's printf lacks C99 size modifiers. */
  printf("memory: default configuration (8 objects, 2 zones, 16 events, direction on): %lu bytes in %lu blocks\n",
         (unsigned long)bytes, (unsigned long)blocks);
  for (size_t i = 0; i < replay_dataset_count; i++) failures += replay(&replay_datasets[i]);
  printf("firmware: %s\n", failures == 0 ? "ok" : "FAILED");
  return failures == 0 ? 0 : 1;
}
