// SPDX-License-Identifier: Apache-2.0
/*
 * A recording compiled into the firmware image. scripts/checks/check-firmware
 * generates the definitions (replay_datasets.c, not committed) from
 * datasets/<name>/samples.csv with firmware/dataset-to-c.c, which reads them
 * with rangectl's reader (ranging_read_file).
 */
#ifndef REPLAY_DATASET_H
#define REPLAY_DATASET_H

#include <stddef.h>
#include <stdint.h>

/** One CSV row: a measurement, or a life-cycle event when lifecycle >= 0. */
struct replay_row {
  /** The row's `t`, seconds, as the reader reads it (converted to microseconds as rangectl does). */
  double t_s;
  /** `distance`, metres, or NAN when empty. */
  double distance_m;
  /** `dir_x`, `dir_y`, `dir_z` when has_direction. */
  double direction[3];
  /** Index into the dataset's object names (first appearance order). */
  uint16_t object;
  /** Whether the row has all three direction components. */
  uint8_t has_direction;
  /** A ranging_lifecycle_t for an `event` row, or -1. */
  int8_t lifecycle;
};

struct replay_dataset {
  /** The folder under datasets/. */
  const char *name;
  const struct replay_row *rows;
  size_t row_count;
  /** Object names by index. */
  const char *const *objects;
  size_t object_count;
};

extern const struct replay_dataset replay_datasets[];
extern const size_t replay_dataset_count;

#endif
