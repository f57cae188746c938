// SPDX-License-Identifier: Apache-2.0
/*
 * Feeds N updates through the C API, for counting instructions per update
 * with valgrind (scripts/checks/check-firmware):
 *
 *   valgrind --tool=callgrind ./update_cost 20000 [distance-only]
 *   valgrind --tool=callgrind ./update_cost 40000 [distance-only]
 *
 * The difference of the two totals divided by 20000 is the steady-state
 * cost of one update (create, start-up and process exit cancel out).
 *
 * The stream: 4 objects interleaved, each updating at 5 Hz and walking
 * between 5 m and 0.5 m at 1 m/s straight ahead (crossing both default
 * zones twice per 9 s cycle); the direction is measured for the first 6 s
 * of each cycle and absent for the rest, so the 3-D filter both fuses
 * positions and coasts on range-only updates. Events are drained after
 * every update, as firmware would. With `distance-only` the engine is
 * created with direction tracking off (the measured direction is passed
 * through), the configuration for the smallest devices. With `pose`, every
 * update follows a ranging_engine_update_pose() of a phone sweeping ±60
 * degrees about the vertical at 0.25 Hz (the direction turning with it),
 * so the cost counted is one pose and one update, every track in the world frame.
 */
#include "ranging_engine.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  long count = argc > 1 ? atol(argv[1]) : 10000;
  ranging_config_t config;
  ranging_config_init(&config);
  config.direction_tracking = !(argc > 2 && strcmp(argv[2], "distance-only") == 0);
  bool pose = argc > 2 && strcmp(argv[2], "pose") == 0;
  ranging_engine_t *engine = NULL;
  if (ranging_engine_create(&config, &engine) != RANGING_OK) return 2;

  enum { objects = 4 };
  const double period_s = 9.0;
  long accepted = 0, events = 0;
  double checksum = 0;
  for (long i = 0; i < count; i++) {
    uint64_t object = (uint64_t)(i % objects);
    double t = (double)(i / objects) * 0.2 + 0.05 * (double)object;
    double phase = fmod(t + 2.0 * (double)object, period_s);
    /* Triangle wave: 5 m -> 0.5 m over 4.5 s, then back. */
    double distance = phase < 4.5 ? 5.0 - phase : 0.5 + (phase - 4.5);
    double direction[3] = {0.0, 0.0, -1.0};
    if (pose) {
      /* Turned left by psi, the phone sees the object (straight ahead in the world) at (sin psi, 0, -cos psi). */
      double psi = (M_PI / 3) * sin(2 * M_PI * 0.25 * t);
      const double attitude[4] = {cos(psi / 2), 0.0, sin(psi / 2), 0.0};
      (void)ranging_engine_update_pose(engine, (int64_t)llround(t * 1e6), attitude);
      direction[0] = sin(psi);
      direction[2] = -cos(psi);
    }
    ranging_status_t status = ranging_engine_update(engine, (int64_t)llround(t * 1e6), object, distance,
                                                    phase < 6.0 ? direction : NULL);
    if (status == RANGING_OK) accepted++;
    ranging_zone_event_t out[8];
    size_t drained;
    do {
      (void)ranging_engine_drain_events(engine, out, 8, &drained);
      for (size_t k = 0; k < drained; k++) checksum += out[k].distance_m;
      events += (long)drained;
    } while (drained > 0);
  }
  ranging_engine_destroy(engine);
  printf("update_cost: %ld updates, %ld accepted, %ld zone events (checksum %.3f)\n", count, accepted, events, checksum);
  return accepted == count ? 0 : 1;
}
