// SPDX-License-Identifier: Apache-2.0
/*
 * The invariants every ranging_object_state_t the C API hands out must hold,
 * whatever the input (ranging_engine.h documents each field): checked after
 * every accepted update by the fuzz target Tests/Fuzz/capi_update.c and by
 * the soak test Tests/Soak/soak.c, which add their own run-specific checks.
 * It sits outside Tests/CAPI/include, whose headers SwiftPM gathers into the
 * _CAPISmoke module, where ranging_engine.h is not on the include path.
 */
#ifndef RANGING_STATE_INVARIANTS_H
#define RANGING_STATE_INVARIANTS_H

#include "ranging_engine.h"

#include <math.h>
#include <stddef.h>
#include <stdint.h>

#define RANGING_STATE_REQUIRE(condition) \
  do {                                   \
    if (!(condition)) return #condition; \
  } while (0)

/*
 * The first invariant `s` breaks, as the text of its condition, or NULL when
 * it holds them all. `zone_count` is the engine's number of zones (at most 32).
 *
 * - distance: NaN (no distance yet) with an infinite or NaN sigma, or finite
 *   and >= 0 with a finite sigma >= 0 and a finite rate;
 * - the NLOS probability is in [0, 1];
 * - direction: UNKNOWN with NaN components and an infinite sigma, or a unit
 *   vector with a sigma that is NaN (a measured direction with tracking off)
 *   or finite and >= 0;
 * - no zone bit beyond zone_count.
 */
static inline const char *ranging_state_violation(const ranging_object_state_t *s, uint32_t zone_count) {
  RANGING_STATE_REQUIRE(isnan(s->distance_m) || (isfinite(s->distance_m) && s->distance_m >= 0));
  if (isnan(s->distance_m)) {
    RANGING_STATE_REQUIRE(isinf(s->distance_sigma_m) || isnan(s->distance_sigma_m));
  } else {
    RANGING_STATE_REQUIRE(isfinite(s->distance_sigma_m) && s->distance_sigma_m >= 0);
    RANGING_STATE_REQUIRE(isfinite(s->distance_rate_m_per_s));
  }
  RANGING_STATE_REQUIRE(s->nlos_probability >= 0 && s->nlos_probability <= 1);
  RANGING_STATE_REQUIRE(s->direction_state <= RANGING_DIRECTION_UNKNOWN);
  if (s->direction_state == RANGING_DIRECTION_UNKNOWN) {
    RANGING_STATE_REQUIRE(isnan(s->direction[0]) && isnan(s->direction[1]) && isnan(s->direction[2]));
    RANGING_STATE_REQUIRE(isinf(s->direction_sigma_rad) && s->direction_sigma_rad > 0);
  } else {
    double length = sqrt(s->direction[0] * s->direction[0] + s->direction[1] * s->direction[1] +
                         s->direction[2] * s->direction[2]);
    RANGING_STATE_REQUIRE(fabs(length - 1) < 1e-9);
    RANGING_STATE_REQUIRE(isnan(s->direction_sigma_rad) ||
                          (isfinite(s->direction_sigma_rad) && s->direction_sigma_rad >= 0));
  }
  RANGING_STATE_REQUIRE(zone_count >= 32 || s->zones_inside < (1u << zone_count));
  return NULL;
}

#undef RANGING_STATE_REQUIRE

#endif
