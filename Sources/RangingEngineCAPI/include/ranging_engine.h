// SPDX-License-Identifier: Apache-2.0
/*
 * ranging_engine.h: the C API of the RangingEngine Ultra-Wideband ranging engine.
 *
 * Feed it nearby-object updates (a distance, a direction, or both) and
 * session life-cycle events; it filters each object's stream (a Kalman
 * filter on the distance, a 3-D filter that keeps a direction through
 * field-of-view gaps) and decides zone membership with hysteresis, queueing
 * enter and exit events for you to drain.
 *
 * Names follow ranging_<object>_<verb>. Units are in the names: _m metres,
 * _rad radians, _us microseconds, _m_per_s metres per second. Time is the
 * caller's clock in whole microseconds (int64_t time_us) from any fixed
 * origin. Every int64_t is a time: the engine measures a gap between any
 * two, up to 2^64 - 1 us, without overflow.
 *
 * Coordinates (the phone frame of Apple Nearby Interaction): +x right, +y up,
 * +z out of the screen towards the user, so straight ahead of the back
 * camera is (0, 0, -1).
 *
 * Ownership: ranging_engine_create() allocates everything the engine will
 * ever use; nothing is allocated afterwards, and ranging_engine_destroy()
 * frees it. Configuration structures and zone arrays are copied at creation
 * and may be discarded afterwards. Buffers passed to the other functions
 * belong to the caller and are not kept.
 *
 * Threads: an engine is not thread-safe, nor is an accessory session table.
 * Call each from one thread (or task) at a time; distinct objects are
 * independent.
 *
 * Errors: every function that can fail returns a ranging_status_t. Negative
 * codes are caller errors (NULL pointers, invalid configuration, a full
 * event queue); positive codes are updates rejected because of their data,
 * which the engine counts and otherwise ignores; RANGING_OK is 0. No
 * function traps on bad data or a bad argument. Running out of heap inside
 * ranging_engine_create() does trap (the Swift runtime stops the program),
 * so give the heap at least ranging_engine_memory_size() bytes (plus the
 * allocator's overhead per block) first; see "Memory" below.
 *
 * The second part of the header, "Nearby Interaction Accessory Protocol",
 * is the accessory's side of Apple's protocol (Specification R2): encoding
 * and decoding Accessory Configuration Data in caller buffers, the size
 * bound of Apple Shareable Configuration Data, the GATT service's
 * constants, and a table of accessory sessions whose actions (send a
 * configuration, start or stop ranging, close an object's zones) you drain
 * like zone events. The same ownership rules hold: the table allocates
 * everything in ranging_accessory_sessions_create() and nothing afterwards,
 * and the message functions allocate nothing at all.
 *
 * Linking (host): `scripts/install-c-library --prefix DIR` builds
 * libRangingEngineCAPI.a and writes ranging-engine.pc, so that
 * `cc $(pkg-config --cflags --libs ranging-engine) example.c` links it with
 * the Swift runtime (docs/C-API.md). Firmware: the engine
 * compiled as Embedded Swift, see scripts/checks/check-firmware.
 *
 * Licence: Apache-2.0. A library built with the package's GSL trait (the
 * default of `swift build`) also holds GNU GSL code, and is then a combined
 * work under GPL-3.0-or-later; scripts/install-c-library builds it without.
 */
#ifndef RANGING_ENGINE_H
#define RANGING_ENGINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------------------
 * Version
 * ------------------------------------------------------------------------- */

/* The package version this header belongs to (semantic versioning). */
#define RANGING_ENGINE_VERSION_MAJOR 0
#define RANGING_ENGINE_VERSION_MINOR 2
#define RANGING_ENGINE_VERSION_PATCH 0
#define RANGING_ENGINE_VERSION "0.2.0"

/**
 * The version of the library linked in, as "MAJOR.MINOR.PATCH": equal to
 * RANGING_ENGINE_VERSION when the header and the library come from the same
 * release. The string is static; do not free it.
 */
const char *ranging_engine_version(void);

/* ---------------------------------------------------------------------------
 * Status codes
 * ------------------------------------------------------------------------- */

/*
 * Enumerated types are fixed-width integers with named constants, not C
 * enums: arm-none-eabi-gcc makes enums as small as their values
 * (-fshort-enums is its default) while Clang, which compiles the Swift side,
 * makes them 32-bit, so a C enum in a structure would have two layouts.
 */

/**
 * The result of a call: one of the RANGING_OK, RANGING_ERROR_* or
 * RANGING_REJECTED_* values.
 *
 * 0 is success; negative values are caller errors; positive values say why
 * data was rejected: an update (the engine's state is unchanged by it), a
 * message received from the iPhone, or a session input that means nothing
 * in the session's state. ranging_status_name() gives each a stable
 * snake_case name.
 */
typedef int32_t ranging_status_t;
enum {
  /** Success. */
  RANGING_OK = 0,

  /** A required pointer argument was NULL. */
  RANGING_ERROR_NULL_ARGUMENT = -1,
  /**
   * A configuration value is out of range; see ranging_config_t. The status
   * does not say which field (a status code has no room for it): each
   * field's comment gives its range, to check against.
   */
  RANGING_ERROR_INVALID_CONFIG = -2,
  /** An enumeration argument has a value the header does not define. */
  RANGING_ERROR_INVALID_ARGUMENT = -3,
  /** The object is not tracked (never seen, removed, lost or evicted). */
  RANGING_ERROR_UNKNOWN_OBJECT = -4,
  /**
   * The call was applied, but the event queue was full and at least one
   * zone event it caused was dropped (counted in ranging_stats_t). Drain
   * more often or create the engine with a larger event_capacity.
   */
  RANGING_ERROR_EVENTS_DROPPED = -5,
  /**
   * The output buffer is too small; nothing was written. The call stores
   * the length it needs where it would have stored the length written.
   */
  RANGING_ERROR_BUFFER_TOO_SMALL = -6,
  /** UWBConfigData is longer than RANGING_ACCESSORY_CONFIG_MAX_UWB_BYTES (its one-byte length field). */
  RANGING_ERROR_DATA_TOO_LONG = -7,
  /**
   * The call was applied, but the session table's action queue was full
   * and at least one action it caused was dropped (counted in
   * ranging_accessory_sessions_stats_t). Drain after every call, or create
   * the table with a larger action_capacity.
   */
  RANGING_ERROR_ACTIONS_DROPPED = -8,
  /** RANGING_ACCESSORY_INPUT_INITIALIZE from a new iPhone while every session slot is busy. */
  RANGING_ERROR_NO_FREE_SESSION = -9,
  /** max_objects objects already have their own range calibration; see ranging_engine_set_object_calibration(). */
  RANGING_ERROR_CALIBRATION_TABLE_FULL = -10,

  /** time_us is earlier than this object's previous accepted update. */
  RANGING_REJECTED_TIME_WENT_BACKWARDS = 1,
  /** distance_m is infinite (NaN means "no distance" and is not rejected). */
  RANGING_REJECTED_NON_FINITE_DISTANCE = 2,
  /** distance_m is negative. */
  RANGING_REJECTED_NEGATIVE_DISTANCE = 3,
  /** A direction component is NaN or infinite. */
  RANGING_REJECTED_NON_FINITE_DIRECTION = 4,
  /** The direction's length differs from 1 by more than 0.05. */
  RANGING_REJECTED_DIRECTION_NOT_UNIT = 5,
  /** The update has neither a distance nor a direction. */
  RANGING_REJECTED_NO_MEASUREMENT = 6,
  /** An Accessory Configuration Data message is malformed; ranging_accessory_config_error_t says where and why. */
  RANGING_REJECTED_MALFORMED_MESSAGE = 7,
  /** Apple Shareable Configuration Data has no bytes. */
  RANGING_REJECTED_EMPTY_MESSAGE = 8,
  /** Apple Shareable Configuration Data has more than RANGING_SHAREABLE_CONFIG_MAX_BYTES bytes. */
  RANGING_REJECTED_MESSAGE_TOO_LONG = 9,
  /**
   * The session input means nothing in the session's state (a stop while
   * stopped, a ranging update before the start, ...); the session did not
   * change, though a timeout due by then may have fired.
   */
  RANGING_REJECTED_INPUT_IGNORED = 10,
  /**
   * distance_m is finite and >= 0 but outside the physical range a radio
   * reports: not 0 and below 1e-4 m, or above 1000 m (corrupt values, unit
   * mistakes).
   */
  RANGING_REJECTED_DISTANCE_OUT_OF_RANGE = 11,
  /** A component of the pose quaternion is NaN or infinite (ranging_engine_update_pose()). */
  RANGING_REJECTED_NON_FINITE_POSE = 12,
  /** The pose quaternion's norm differs from 1 by more than 0.01 (ranging_engine_update_pose()). */
  RANGING_REJECTED_POSE_NOT_UNIT = 13,
  /**
   * A batch row's horizontal angle is not within -pi...pi radians
   * (ranging_batch_t.horizontal_angle_rad).
   */
  RANGING_REJECTED_HORIZONTAL_ANGLE_OUT_OF_RANGE = 14
};

/* ---------------------------------------------------------------------------
 * Enumerations
 * ------------------------------------------------------------------------- */

/**
 * A session life-cycle notification about one object (Nearby Interaction's
 * removal reasons and session callbacks): one of the RANGING_LIFECYCLE_* values.
 */
typedef uint32_t ranging_lifecycle_t;
enum {
  /** The session removed the object after its own timeout. Exits its zones (reason REMOVED_TIMEOUT) and forgets it. */
  RANGING_LIFECYCLE_REMOVED_TIMEOUT = 0,
  /** The peer ended the session. Exits its zones (reason REMOVED_PEER_ENDED) and forgets it. */
  RANGING_LIFECYCLE_REMOVED_PEER_ENDED = 1,
  /** The session was suspended. With RANGING_SUSPENSION_EXIT_ZONES exits its zones (reason SUSPENDED). */
  RANGING_LIFECYCLE_SUSPENDED = 2,
  /** A suspension ended. Restarts the object's filters (their state is stale). */
  RANGING_LIFECYCLE_SUSPENSION_ENDED = 3,
  /** The session was invalidated. Exits its zones (reason INVALIDATED) and forgets it. */
  RANGING_LIFECYCLE_INVALIDATED = 4
};

/** What a suspended session does to an object's zones: one of the RANGING_SUSPENSION_* values. */
typedef uint32_t ranging_suspension_policy_t;
enum {
  /** Exit every zone with reason SUSPENDED (default): zones never stay occupied on stale data. */
  RANGING_SUSPENSION_EXIT_ZONES = 0,
  /** Keep zone membership through the suspension. */
  RANGING_SUSPENSION_HOLD_ZONES = 1
};

/** Which outliers the Hampel pre-filter replaces: one of the RANGING_OUTLIER_SIDE_* values. */
typedef uint32_t ranging_outlier_side_t;
enum {
  /** Only distances far above the window's median (default): the long detours of non-line-of-sight paths. */
  RANGING_OUTLIER_SIDE_ABOVE = 0,
  /** Distances far above or below the median. */
  RANGING_OUTLIER_SIDE_BOTH = 1
};

/** Whether a zone event is an entry or an exit: RANGING_ZONE_ENTER or RANGING_ZONE_EXIT. */
typedef uint8_t ranging_zone_event_kind_t;
enum {
  RANGING_ZONE_ENTER = 0,
  RANGING_ZONE_EXIT = 1
};

/** Why an object left a zone: one of the RANGING_EXIT_* values. */
typedef uint8_t ranging_exit_reason_t;
enum {
  /** An entry, or an exit decided by a measurement. */
  RANGING_EXIT_MEASURED = 0,
  /** Nothing heard from the object for lost_timeout_us. */
  RANGING_EXIT_LOST = 1,
  /** RANGING_LIFECYCLE_REMOVED_TIMEOUT. */
  RANGING_EXIT_REMOVED_TIMEOUT = 2,
  /** RANGING_LIFECYCLE_REMOVED_PEER_ENDED. */
  RANGING_EXIT_REMOVED_PEER_ENDED = 3,
  /** RANGING_LIFECYCLE_SUSPENDED with RANGING_SUSPENSION_EXIT_ZONES. */
  RANGING_EXIT_SUSPENDED = 4,
  /** RANGING_LIFECYCLE_INVALIDATED. */
  RANGING_EXIT_INVALIDATED = 5,
  /** The object was evicted to make room for a new one (max_objects reached). */
  RANGING_EXIT_EVICTED = 6
};

/** How an object's direction was obtained: one of the RANGING_DIRECTION_* values. */
typedef uint8_t ranging_direction_state_t;
enum {
  /** Measured on the latest update. */
  RANGING_DIRECTION_MEASURED = 0,
  /** Extrapolated by the 3-D filter while no direction is measured. */
  RANGING_DIRECTION_PREDICTED = 1,
  /** No usable direction. */
  RANGING_DIRECTION_UNKNOWN = 2
};

/* ---------------------------------------------------------------------------
 * Configuration
 * ------------------------------------------------------------------------- */

/** Most zones an engine can have (zone membership is a 32-bit mask). */
#define RANGING_MAX_ZONES 32

/**
 * One circular zone around the phone, with hysteresis and dwell.
 *
 * An object outside enters when, for enter_dwell_us,
 * distance + enter_sigma_multiplier * sigma < radius_m - hysteresis_m / 2 + band_offset_m;
 * an object inside exits when, for exit_dwell_us,
 * distance > radius_m + hysteresis_m / 2 + band_offset_m. Here distance is the zone decision's
 * distance (a constant-velocity smoothing of the readings beside the filtered distance: the
 * event's distance_m, ZoneDecisionSmoother in the Swift reference) and sigma the filtered
 * distance's. With angle_limit_rad > 0 the
 * direction must also be within that angle of straight ahead (with its own
 * band angle_hysteresis_rad). Fill it with ranging_zone_config_init().
 */
typedef struct ranging_zone_config {
  /** Boundary radius, metres; 0.001...10000. */
  double radius_m;
  /** Width of the band around radius_m in which membership is held, metres; 0 <= h < 2 * radius_m. Default 0.15. */
  double hysteresis_m;
  /** How long the enter condition must hold, microseconds; 0...86400000000 (a day). Default 0. */
  int64_t enter_dwell_us;
  /** How long the exit condition must hold, microseconds; 0...86400000000 (a day). Default 0. */
  int64_t exit_dwell_us;
  /** k in distance + k * sigma (enter only when confidently inside); 0...100. Default 0 (off). */
  double enter_sigma_multiplier;
  /** Half-angle around straight ahead, radians, in (0, pi); 0 for a zone in every direction (default). */
  double angle_limit_rad;
  /** Band around angle_limit_rad, radians; 0 <= b < 2 * angle_limit_rad. Default 10 degrees. */
  double angle_hysteresis_rad;
  /** How far the band's centre lies above radius_m, metres (negative: below); within +-10000, with
      radius_m - hysteresis_m / 2 + band_offset_m > 0. Default 0.075 (enter below radius_m, exit above
      radius_m + 0.15, as the textbook filter's band). */
  double band_offset_m;
} ranging_zone_config_t;

/**
 * Everything an engine is created with. Fill it with ranging_config_init(),
 * then change what you need. Copied by ranging_engine_create().
 */
typedef struct ranging_config {
  /**
   * Most objects tracked at once, 1...65536. When a new object arrives and
   * all are in use, the one heard from least recently is evicted (its zones
   * exit with RANGING_EXIT_EVICTED). Memory grows linearly with it.
   * Default 8.
   */
  uint32_t max_objects;
  /**
   * Zone events held between two ranging_engine_drain_events() calls, >= 1.
   * One update causes at most 2 * zone_count events (an eviction's exits and
   * its own) plus zone_count per object found lost; draining after every call
   * with event_capacity >= 2 * zone_count loses nothing unless objects time
   * out. Default 16.
   */
  uint32_t event_capacity;
  /** The zones, or NULL with zone_count 0 for the defaults (see below). Copied. */
  const ranging_zone_config_t *zones;
  /**
   * Number of entries in zones, 0...RANGING_MAX_ZONES. 0 (with zones NULL)
   * gives the default two zones: index 0 "inner" at 1.5 m and index 1
   * "outer" at 3 m, with ranging_zone_config_init()'s defaults.
   */
  uint32_t zone_count;
  /**
   * An object not heard from for this long exits its zones (reason LOST) and
   * is forgotten, microseconds; 1...86400000000 (a day). Default 5 s.
   */
  int64_t lost_timeout_us;
  /** Track the direction in 3-D through field-of-view gaps (default true); false reports measured directions only and saves memory per object. */
  bool direction_tracking;
  /** Field-of-view half-angles of the direction sensor, radians, in 1e-6...pi and 1e-6...pi/2. Default 55 and 45 degrees. */
  double field_of_view_azimuth_rad;
  /** See field_of_view_azimuth_rad. */
  double field_of_view_elevation_rad;
  /**
   * Standard deviation of one distance measurement, metres; 1e-4...1000
   * (squared, both ends stay far from underflow and overflow). With
   * measured_range_noise (the default) it is the prior each object's
   * measured noise starts from; without, the filter keeps it throughout.
   * Default 0.065.
   */
  double range_sigma_m;
  /**
   * The device's range offset, metres, within +-10: b in the error model
   * measured = range_scale * true + b, so a device that reads 0.2 m long
   * has 0.2. Every distance is corrected to (measured - b) / range_scale
   * (clamped to 0 when negative) before the filters. `rangectl calibrate`
   * fits it. Default 0.
   */
  double range_offset_m;
  /** The device's range scale, 0.5...2: range_scale in the model above. Default 1. */
  double range_scale;
  /** What a suspended session does to zones. Default RANGING_SUSPENSION_EXIT_ZONES. */
  ranging_suspension_policy_t suspension_policy;
  /*
   * The distance filter's settings, the same as `rangectl replay`'s options of
   * the same names, so that values tuned on a recording carry over. The
   * defaults were chosen on recordings and generated suites at 1 to 100 Hz
   * (Tuning.md); change them only with measurements of your own.
   */
  /**
   * White-noise acceleration spectral density q of the constant-velocity
   * model, m^2/s^3, 1e-6...1e6 (--process-noise). Larger follows faster and
   * smooths less. Default 0.5.
   */
  double process_noise;
  /**
   * Innovation gate for measurements longer than predicted, in standard
   * deviations of the innovation, 0.1...1e6 (--gate; 1e6 switches it off).
   * Default 4.
   */
  double gate_sigmas;
  /** The same for measurements shorter than predicted, 0.1...1e6 (--short-gate). Default 4 (one gate for both sides). */
  double short_gate_sigmas;
  /**
   * Largest rate of change of the filtered distance, m/s, 0.1 and up;
   * INFINITY turns the limit off (--max-rate). Default INFINITY (no limit).
   */
  double max_rate_m_per_s;
  /**
   * Consecutive rejections after which the filter restarts at the latest
   * measurement, 1...1000000 (--reset-after). Default 3: three readings in a
   * row outside the gate are an error that lasts, which the track follows;
   * at low rates reset_after_us acts first.
   */
  uint32_t reset_after_rejections;
  /**
   * A run of at least two rejections spanning this long restarts the
   * filter, microseconds, 0...86400000000 (--reset-after-seconds): a lasting
   * jump is followed within this time at any update rate. Default 500000.
   */
  int64_t reset_after_us;
  /**
   * Measurements fused after a (re)start before zones act on the track,
   * 0...1000, together with confirmation_us (--confirmation). Default 1.
   */
  uint32_t confirmation_count;
  /**
   * How long a (re)started track must have lasted before zones act on it,
   * microseconds, 0...3600000000, together with confirmation_count
   * (--confirmation-seconds). Default 250000.
   */
  int64_t confirmation_us;
  /*
   * The direction filter's settings (used when direction_tracking is true),
   * as `rangectl replay` takes them.
   */
  /**
   * Longest a direction is predicted after the last measured one, after
   * which it is RANGING_DIRECTION_UNKNOWN, microseconds, 1...3600000000
   * (--max-coast). Default 1500000.
   */
  int64_t max_coast_us;
  /**
   * Time over which the tracked velocity decays towards 0, microseconds,
   * 1000...1000000000000 (--velocity-correlation; the largest is constant
   * velocity in practice). Default 1500000.
   */
  int64_t velocity_correlation_us;
  /*
   * The distance filter's Hampel pre-filter (HampelConfiguration in the
   * Swift reference), which replaces a distance far from the median of the
   * latest hampel_window ones by that median before the Kalman filter sees
   * it. Added after release 0.2.0 at the end of the structure (CHANGELOG):
   * code built against an earlier header must be rebuilt.
   */
  /** Distances in the window, 1...15 (--hampel-window); 1 turns the pre-filter off. Default 1. */
  uint32_t hampel_window;
  /**
   * How far from the median a distance is an outlier, in robust standard
   * deviations (1.4826 times the median absolute deviation), 0...1e6
   * (--hampel-threshold; 0 makes the pre-filter a moving median). Default 3.
   */
  double hampel_threshold;
  /** Which outliers are replaced (--hampel-side). Default RANGING_OUTLIER_SIDE_ABOVE. */
  ranging_outlier_side_t hampel_side;
  /*
   * Added after release 0.2.0 at the end of the structure, like the Hampel
   * fields (CHANGELOG): code built against an earlier header must be rebuilt.
   */
  /**
   * Measure each object's distance noise from its own readings, starting
   * from range_sigma_m (true), or keep range_sigma_m throughout (false)
   * (--measured-noise on|off; MeasurementNoiseEstimator in the Swift
   * reference). Default true.
   */
  bool measured_range_noise;
  /**
   * Keep gate_sigmas and short_gate_sigmas as set only while an object's
   * readings show outliers, and twice as wide otherwise (true), or as set
   * always (false) (--gating evidence|always; OutlierEvidence in the Swift
   * reference). Default true.
   */
  bool range_gating_on_evidence;
} ranging_config_t;

/**
 * Fills config with the defaults (the same as `rangectl replay`'s): 8
 * objects, 16 queued events, the two default zones, 5 s lost timeout,
 * direction tracking on, 55 x 45 degree field of view, 0.065 m range sigma,
 * no range calibration (offset 0, scale 1), suspension exits zones, and the
 * distance filter's defaults (q 0.5, gates 4 and 4, no rate limit, restart
 * after rejections spanning 0.5 s, confirmation after 1 fusion and 0.25 s, no
 * Hampel pre-filter), and the direction filter's (1.5 s coast, 1.5 s velocity
 * correlation).
 *
 * - Parameters: config: not NULL (a NULL config is ignored).
 * - Complexity: O(1). Does not allocate.
 */
void ranging_config_init(ranging_config_t *config);

/**
 * Fills zone with a zone of radius_m and the default hysteresis (0.15 m) and
 * band offset (0.075 m), dwell (0), sigma multiplier (0), no angle limit and a
 * 10 degree angle band.
 *
 * - Parameters: zone: not NULL (a NULL zone is ignored); radius_m: metres, > 0
 *   (not checked here; ranging_engine_create() checks it).
 * - Complexity: O(1). Does not allocate.
 */
void ranging_zone_config_init(ranging_zone_config_t *zone, double radius_m);

/* ---------------------------------------------------------------------------
 * Memory
 * ------------------------------------------------------------------------- */

/*
 * Bytes requested from malloc by ranging_engine_create(), for n =
 * max_objects, z zones (2 by default), e = event_capacity, and d = 1 with
 * direction tracking, 0 without:
 *
 *   bytes  = RANGING_ENGINE_FIXED_BYTES + d * RANGING_ENGINE_DIRECTION_FIXED_BYTES
 *          + n * (RANGING_ENGINE_BYTES_PER_OBJECT + d * RANGING_ENGINE_DIRECTION_BYTES_PER_OBJECT)
 *          + z * RANGING_ENGINE_BYTES_PER_ZONE + n * z * RANGING_ENGINE_BYTES_PER_ZONE_OBJECT
 *          + e * RANGING_ENGINE_BYTES_PER_EVENT + 4 * index_size
 *   blocks = RANGING_ENGINE_FIXED_BLOCKS + d * RANGING_ENGINE_DIRECTION_FIXED_BLOCKS
 *          + n * (RANGING_ENGINE_BLOCKS_PER_OBJECT + d * RANGING_ENGINE_DIRECTION_BLOCKS_PER_OBJECT)
 *
 * where index_size, the object table's hash index, is the smallest power of
 * two >= max(4, 2 * n), so 4 * index_size < 8 * n + 16. The allocator adds
 * its own overhead per block (newlib: 4-8 bytes of header and rounding to
 * 8). ranging_engine_memory_size() and ranging_engine_memory_blocks()
 * evaluate the formula. The numbers are measured with a counting malloc on
 * both platforms and checked by Tests/CAPI/smoke.c (host, optimised build)
 * and by the firmware image (Embedded Swift, -Osize), which
 * scripts/checks/check-firmware runs. They hold for optimised builds; unoptimised
 * (debug) Swift may also allocate on the update path.
 *
 * Default configuration (8 objects, 2 zones, 16 events, direction on):
 * see docs/FIRMWARE.md for the totals.
 */
#if UINTPTR_MAX == 0xFFFFFFFFu
/* 32-bit targets (Cortex-M, Embedded Swift). */
#define RANGING_ENGINE_FIXED_BYTES 818
#define RANGING_ENGINE_DIRECTION_FIXED_BYTES 16
#define RANGING_ENGINE_BYTES_PER_OBJECT 1066
#define RANGING_ENGINE_DIRECTION_BYTES_PER_OBJECT 2374
#define RANGING_ENGINE_BYTES_PER_ZONE 76
#define RANGING_ENGINE_BYTES_PER_ZONE_OBJECT 9
#define RANGING_ENGINE_BYTES_PER_EVENT 40
#else
/* 64-bit hosts (Swift runtime). */
#define RANGING_ENGINE_FIXED_BYTES 1146
#define RANGING_ENGINE_DIRECTION_FIXED_BYTES 32
#define RANGING_ENGINE_BYTES_PER_OBJECT 1166
#define RANGING_ENGINE_DIRECTION_BYTES_PER_OBJECT 2466
#define RANGING_ENGINE_BYTES_PER_ZONE 80
#define RANGING_ENGINE_BYTES_PER_ZONE_OBJECT 9
#define RANGING_ENGINE_BYTES_PER_EVENT 40
#endif
/* Blocks are the same on both. */
#define RANGING_ENGINE_FIXED_BLOCKS 18
#define RANGING_ENGINE_DIRECTION_FIXED_BLOCKS 1
#define RANGING_ENGINE_BLOCKS_PER_OBJECT 3
#define RANGING_ENGINE_DIRECTION_BLOCKS_PER_OBJECT 3

/**
 * The number of bytes ranging_engine_create() will request from malloc for
 * config (the formula above), so firmware can size its heap.
 *
 * - Parameters: config: a configuration; bytes: receives the byte count.
 * - Returns: RANGING_OK; RANGING_ERROR_NULL_ARGUMENT; RANGING_ERROR_INVALID_CONFIG
 *   when ranging_engine_create() would refuse config.
 * - Complexity: O(zones). Does not allocate.
 */
ranging_status_t ranging_engine_memory_size(const ranging_config_t *config, size_t *bytes);

/**
 * The number of separate blocks ranging_engine_create() will request from
 * malloc for config (add the allocator's per-block overhead times this).
 *
 * - Parameters: config: a configuration; blocks: receives the block count.
 * - Returns: as ranging_engine_memory_size().
 * - Complexity: O(zones). Does not allocate.
 */
ranging_status_t ranging_engine_memory_blocks(const ranging_config_t *config, size_t *blocks);

/* ---------------------------------------------------------------------------
 * Engine
 * ------------------------------------------------------------------------- */

/** An engine: opaque; create with ranging_engine_create(), free with ranging_engine_destroy(). */
typedef struct ranging_engine ranging_engine_t;

/**
 * Creates an engine: validates config, then allocates every filter, table
 * and queue it will need (ranging_engine_memory_size() bytes). Nothing is
 * allocated afterwards.
 *
 * - Parameters: config: the configuration, copied (with its zones);
 *   engine: receives the new engine, or NULL on failure.
 * - Returns: RANGING_OK; RANGING_ERROR_NULL_ARGUMENT; RANGING_ERROR_INVALID_CONFIG
 *   when a value is out of the range its field documents.
 * - Complexity: O(max_objects + zones). Allocates; traps if malloc fails.
 */
ranging_status_t ranging_engine_create(const ranging_config_t *config, ranging_engine_t **engine);

/**
 * Frees an engine and everything it allocated. Queued events are discarded.
 *
 * - Parameters: engine: from ranging_engine_create(), or NULL (ignored).
 *   Not usable afterwards.
 * - Complexity: O(max_objects).
 */
void ranging_engine_destroy(ranging_engine_t *engine);

/**
 * Feeds one measurement of an object: validation, the object table, the
 * distance and direction filters, then the zones. Zone events it causes
 * are queued for ranging_engine_drain_events().
 *
 * A new object takes a free slot (evicting the least recently heard object
 * when none is free). Zones act on an object once its distance track is
 * confirmed (a second agreeing measurement at least 0.25 s after the first,
 * or a restart that followed the object's motion). An object silent for longer than
 * lost_timeout_us is lost by its own gap, whatever else was fed meanwhile:
 * its next update first exits its zones with reason LOST (at that update's
 * time), then starts a new track.
 *
 * - Parameters:
 *   - engine: not NULL.
 *   - time_us: when the update was measured, microseconds; not earlier than
 *     this object's previous accepted update.
 *   - object_id: the caller's identifier of the object.
 *   - distance_m: metres, 0 or 1e-4...1000, or NAN when the update has no distance.
 *   - direction: 3 doubles (x, y, z), a unit vector in the phone frame
 *     (length within 0.05 of 1), or NULL when the update has no direction
 *     (outside the field of view). Not kept.
 * - Returns: RANGING_OK; a RANGING_REJECTED_* code when the data is
 *   unusable (nothing changes); RANGING_ERROR_NULL_ARGUMENT;
 *   RANGING_ERROR_EVENTS_DROPPED (the update was applied).
 * - Complexity: O(zones) expected; O(max_objects) when a new object evicts
 *   and every 0.5 s of clock time (the lost check). Does not allocate.
 */
ranging_status_t ranging_engine_update(ranging_engine_t *engine, int64_t time_us, uint64_t object_id,
                                       double distance_m, const double *direction);

/**
 * Feeds the phone's attitude (its pose from the motion sensors, at their own
 * rate), so that each object's direction is tracked in a fixed world frame:
 * when the phone turns, an object out of the field of view keeps a
 * predicted direction that turns with the phone instead of drifting, and
 * the direction reported (ranging_object_state_t) is in the phone frame at
 * the latest pose. Without poses nothing changes.
 *
 * Convention: attitude = {w, x, y, z}, a unit quaternion, Hamilton's
 * convention (i j = k), that rotates phone-frame vectors into the world
 * frame: v_world = q v_phone q*. The phone frame is the direction's (+x
 * right, +y up, +z out of the screen towards the user); the world frame is
 * any frame that does not turn (CoreMotion's reference frame, Android's
 * rotation vector). A turn by angle t about unit axis a is
 * {cos(t/2), sin(t/2) a}.
 *
 * Worked example: the phone turns 90 degrees left (about +y):
 * q = {0.7071068, 0, 0.7071068, 0}. An object that was 2 m straight ahead
 * (world (0, 0, -2)) is then at q* (0, 0, -2) q = (2, 0, 0) in the phone
 * frame, 90 degrees to the right, and its next update reports direction
 * (1, 0, 0) even while no direction is measured.
 *
 *   static const double turned_left[4] = {0.7071068, 0.0, 0.7071068, 0.0};
 *   ranging_engine_update_pose(engine, t_us, turned_left);
 *
 * A pose applies to every object from its next update on (an update uses
 * the latest pose at or before it; feed the pose first when both share a
 * time). It moves no zone and not the clock, and is not counted in
 * ranging_stats_t.
 *
 * - Parameters:
 *   - engine: not NULL.
 *   - time_us: when the pose was measured, microseconds; not earlier than
 *     the previous accepted pose.
 *   - attitude: 4 doubles (w, x, y, z), norm within 0.01 of 1 (normalised
 *     by the engine); not kept.
 * - Returns: RANGING_OK; RANGING_REJECTED_NON_FINITE_POSE;
 *   RANGING_REJECTED_POSE_NOT_UNIT; RANGING_REJECTED_TIME_WENT_BACKWARDS
 *   (nothing changes on a rejection); RANGING_ERROR_NULL_ARGUMENT.
 * - Complexity: O(1). Does not allocate.
 */
ranging_status_t ranging_engine_update_pose(ranging_engine_t *engine, int64_t time_us, const double *attitude);

/**
 * Applies a session life-cycle event to an object (see ranging_lifecycle_t).
 * Unknown objects are ignored (RANGING_OK), and so is an object silent for
 * longer than lost_timeout_us, after its zones exit with reason LOST. Also
 * advances the clock, as ranging_engine_advance_clock() does.
 *
 * - Parameters: engine: not NULL; time_us: microseconds; object_id: the
 *   object; event: a ranging_lifecycle_t value.
 * - Returns: RANGING_OK; RANGING_ERROR_NULL_ARGUMENT; RANGING_ERROR_INVALID_ARGUMENT
 *   for an undefined event; RANGING_ERROR_EVENTS_DROPPED (applied).
 * - Complexity: O(zones), plus the lost check. Does not allocate.
 */
ranging_status_t ranging_engine_lifecycle(ranging_engine_t *engine, int64_t time_us, uint64_t object_id,
                                          ranging_lifecycle_t event);

/**
 * Moves the engine's clock to time_us (for example from a timer while no
 * updates arrive), so objects silent for lost_timeout_us exit their zones
 * with reason LOST. A time earlier than the clock is ignored. Updates and
 * life-cycle events advance the clock too.
 *
 * - Parameters: engine: not NULL; time_us: microseconds.
 * - Returns: RANGING_OK; RANGING_ERROR_NULL_ARGUMENT; RANGING_ERROR_EVENTS_DROPPED.
 * - Complexity: O(max_objects) at most every 0.5 s of clock time, else O(1).
 *   Does not allocate.
 */
ranging_status_t ranging_engine_advance_clock(ranging_engine_t *engine, int64_t time_us);

/**
 * Gives one object its own range calibration, in place of the engine's
 * range_offset_m and range_scale: from the object's next update on, its
 * distances are corrected as (distance - offset_m) / scale. Devices carry
 * their own bias (rangectl calibrate --per-object fits one per object). The
 * calibration belongs to the object: it stays when the object is evicted,
 * removed or lost, and applies again when it comes back. At most
 * max_objects objects have one. Does not allocate.
 *
 * - Returns: RANGING_OK; RANGING_ERROR_NULL_ARGUMENT; RANGING_ERROR_INVALID_CONFIG
 *   when offset_m is not within ±10 m or scale not in 0.5...2 (nothing
 *   changes); RANGING_ERROR_CALIBRATION_TABLE_FULL when max_objects other
 *   objects already have one (nothing changes).
 */
ranging_status_t ranging_engine_set_object_calibration(ranging_engine_t *engine, uint64_t object_id, double offset_m,
                                                       double scale);

/**
 * Returns an object to the engine's range_offset_m and range_scale, from its
 * next update on. An object without its own calibration is left as it is.
 *
 * - Returns: RANGING_OK or RANGING_ERROR_NULL_ARGUMENT.
 */
ranging_status_t ranging_engine_clear_object_calibration(ranging_engine_t *engine, uint64_t object_id);

/* ---------------------------------------------------------------------------
 * Output: object state and zone events
 * ------------------------------------------------------------------------- */

/** An object's filtered state after its latest accepted update. */
typedef struct ranging_object_state {
  /** Time of the latest accepted update, microseconds. */
  int64_t time_us;
  /** Filtered distance, metres; NAN until a distance has been measured. */
  double distance_m;
  /** Standard deviation of distance_m, metres (INFINITY until measured): the Kalman filter's own, with a
      device's possible bias (less once calibrated), non-line-of-sight and a disagreeing restart added
      (ReportedRangeUncertainty in the Swift reference). */
  double distance_sigma_m;
  /** Rate of change of the distance, metres per second (negative: approaching). */
  double distance_rate_m_per_s;
  /** Unit direction (x, y, z) in the phone frame; NAN components when direction_state is UNKNOWN. */
  double direction[3];
  /** Angular standard deviation of direction, radians (NAN when direction tracking is off, INFINITY when unknown). */
  double direction_sigma_rad;
  /** Zones the object is inside: bit i set for zone index i. */
  uint32_t zones_inside;
  /** How direction was obtained. */
  ranging_direction_state_t direction_state;
  /** Whether zones act on the distance: from a new track's first reading; after a restart, once the track has held (confirmation count and time). */
  bool is_confirmed;
  /** Probability, 0 to 1, that the latest distances came over a non-line-of-sight path
      (judged from the filter's innovations; see NonLineOfSightDetector in the Swift docs). */
  double nlos_probability;
} ranging_object_state_t;

/**
 * Reads an object's filtered state as of its latest accepted update.
 *
 * - Parameters: engine: not NULL; object_id: the object; state: receives the state.
 * - Returns: RANGING_OK; RANGING_ERROR_NULL_ARGUMENT; RANGING_ERROR_UNKNOWN_OBJECT
 *   when the object is not tracked (state is left unchanged).
 * - Complexity: O(zones) expected. Does not allocate.
 */
ranging_status_t ranging_engine_read_object_state(const ranging_engine_t *engine, uint64_t object_id,
                                                  ranging_object_state_t *state);

/** An object entering or leaving a zone. */
typedef struct ranging_zone_event {
  /** The time of the update, life-cycle event or clock advance that caused it, microseconds. */
  int64_t time_us;
  /** The object, as the caller identified it. */
  uint64_t object_id;
  /** The zone decision's distance that decided it (or the last one, for exits with a reason), metres; NAN if
      none. It is smoothed for the decision, beside the filtered distance of ranging_object_state_t. */
  double distance_m;
  /** Standard deviation of distance_m, metres. */
  double distance_sigma_m;
  /** Index of the zone in ranging_config_t.zones (0 inner, 1 outer by default). */
  uint32_t zone;
  /** Enter or exit. */
  ranging_zone_event_kind_t kind;
  /** Why an exit happened without a measurement deciding it; RANGING_EXIT_MEASURED otherwise. */
  ranging_exit_reason_t reason;
} ranging_zone_event_t;

/**
 * Moves queued zone events, oldest first, into the caller's buffer.
 *
 * Within one call, exits come smallest zone first and entries largest zone
 * first. Events that do not fit stay queued for the next call.
 *
 * - Parameters: engine: not NULL; events: the caller's buffer of capacity
 *   entries (may be NULL when capacity is 0); capacity: entries available;
 *   count: receives the number written.
 * - Returns: RANGING_OK; RANGING_ERROR_NULL_ARGUMENT; RANGING_ERROR_INVALID_ARGUMENT
 *   when capacity exceeds PTRDIFF_MAX (no buffer is that large).
 * - Complexity: O(events written). Does not allocate.
 */
ranging_status_t ranging_engine_drain_events(ranging_engine_t *engine, ranging_zone_event_t *events, size_t capacity,
                                             size_t *count);

/** Counters since creation. */
typedef struct ranging_stats {
  /** Updates accepted. */
  uint64_t updates_accepted;
  /** Updates rejected (any RANGING_REJECTED_* code). */
  uint64_t updates_rejected;
  /** Zone events queued. */
  uint64_t events_queued;
  /** Zone events dropped because the queue was full. */
  uint64_t events_dropped;
  /** Objects evicted to make room for new ones. */
  uint64_t objects_evicted;
  /** Objects tracked now. */
  uint32_t objects_tracked;
  /** Events waiting in the queue now. */
  uint32_t events_pending;
} ranging_stats_t;

/**
 * Reads the engine's counters.
 *
 * - Parameters: engine: not NULL; stats: receives the counters.
 * - Returns: RANGING_OK; RANGING_ERROR_NULL_ARGUMENT.
 * - Complexity: O(1). Does not allocate.
 */
ranging_status_t ranging_engine_read_stats(const ranging_engine_t *engine, ranging_stats_t *stats);

/* ---------------------------------------------------------------------------
 * Batches
 * ------------------------------------------------------------------------- */

/** A batch row that is a measurement (ranging_engine_update()) rather than a life-cycle event. */
#define RANGING_BATCH_MEASUREMENT (-1)
/**
 * A batch row that only moves the clock to its time (ranging_engine_advance_clock());
 * its object, distance and direction are not read. A replay split by object
 * feeds each part the times at which the whole replay's lost check ran, so
 * that objects are lost at the same times.
 */
#define RANGING_BATCH_ADVANCE_CLOCK (-2)
/**
 * A batch row that only feeds the phone's attitude (ranging_engine_update_pose()),
 * from batch->pose at its time; its object, distance and direction are not
 * read. The pose-only rows of a ranging CSV (docs/FORMATS.md §1).
 */
#define RANGING_BATCH_POSE (-3)

/** ranging_batch_t.vertical: the row has no vertical relation. */
#define RANGING_VERTICAL_NONE (-1)
/** ranging_batch_t.vertical: the peer's height relative to the phone is not known. */
#define RANGING_VERTICAL_UNKNOWN 0
/** ranging_batch_t.vertical: the peer is at about the phone's height. */
#define RANGING_VERTICAL_SAME 1
/** ranging_batch_t.vertical: the peer is above the phone. */
#define RANGING_VERTICAL_ABOVE 2
/** ranging_batch_t.vertical: the peer is below the phone. */
#define RANGING_VERTICAL_BELOW 3
/** ranging_batch_t.vertical: the peer is above or below the phone, not at its height. */
#define RANGING_VERTICAL_ABOVE_OR_BELOW 4

/**
 * Many rows at once, for callers that cross into C once per batch (the
 * Python package): column arrays in, each row's status, the state after
 * each accepted measurement and the zone events out. Fill the inputs, set
 * rows_done to 0, and call ranging_engine_process_batch() until rows_done
 * equals count, consuming events[0 .. event_count) after each call.
 */
typedef struct ranging_batch {
  /** Number of rows. */
  size_t count;
  /** count times, microseconds (as ranging_engine_update()'s time_us). Not NULL unless count is 0. */
  const int64_t *time_us;
  /** count object identifiers. Not NULL unless count is 0. */
  const uint64_t *object_id;
  /** count distances, metres, NAN for none; NULL when no row has a distance. */
  const double *distance_m;
  /**
   * 3 * count direction components, row i at 3i (x, y, z); a row whose three
   * components are all NAN has no direction (any other non-finite component
   * is rejected as RANGING_REJECTED_NON_FINITE_DIRECTION). NULL when no row
   * has a direction.
   */
  const double *direction;
  /**
   * count codes: RANGING_BATCH_MEASUREMENT for a measurement,
   * RANGING_BATCH_ADVANCE_CLOCK for a clock advance, RANGING_BATCH_POSE for a
   * pose alone, or a ranging_lifecycle_t value for a life-cycle row (its
   * distance, direction and pose are not read). NULL when every row is a
   * measurement.
   */
  const int32_t *lifecycle;
  /**
   * 4 * count attitude components, row i at 4i (w, x, y, z), each as
   * ranging_engine_update_pose()'s attitude; a row whose four components are
   * all NAN has no pose. A measurement row's pose is fed first, at the row's
   * time (docs/FORMATS.md §1: the pose applies first); when the engine
   * rejects it, the row's status is that rejection
   * (RANGING_REJECTED_NON_FINITE_POSE, RANGING_REJECTED_POSE_NOT_UNIT,
   * RANGING_REJECTED_TIME_WENT_BACKWARDS against the previous pose) and the
   * measurement is not applied. A RANGING_BATCH_POSE row without a pose
   * (pose NULL or all four NAN) is RANGING_ERROR_INVALID_ARGUMENT and
   * changes nothing. NULL when no row has a pose.
   *
   * Added after release 0.2.0 (CHANGELOG), between lifecycle and status: the offsets of the fields
   * after it moved, so code built against an earlier header must be rebuilt.
   */
  const double *pose;
  /**
   * count horizontal angles, radians, positive to the right (the azimuth of
   * docs/FORMATS.md §1's horizontal_angle column), NAN for none; NULL when
   * no row has one. Read on a measurement row without a direction, which
   * the 3-D direction filter then fuses as an azimuth alone (a row with a
   * direction ignores it, as the Swift RangingUpdate does). A row with a
   * horizontal angle or a vertical relation and nothing else is a
   * measurement, not RANGING_REJECTED_NO_MEASUREMENT; an angle outside
   * -pi...pi (or infinite) is RANGING_REJECTED_HORIZONTAL_ANGLE_OUT_OF_RANGE.
   *
   * Added after release 0.2.0 with vertical, after pose (CHANGELOG).
   */
  const double *horizontal_angle_rad;
  /**
   * count coarse vertical relations (docs/FORMATS.md §1's vertical column):
   * a RANGING_VERTICAL_* value, or RANGING_VERTICAL_NONE for none; NULL when
   * no row has one. Read on a measurement row without a direction, as
   * horizontal_angle_rad. A value that is none of these is
   * RANGING_ERROR_INVALID_ARGUMENT for its row, which changes nothing.
   */
  const int8_t *vertical;
  /**
   * Out, optional (NULL): count statuses, row i's as ranging_engine_update()
   * or ranging_engine_lifecycle() would return it (a RANGING_REJECTED_* code
   * for unusable data; RANGING_ERROR_INVALID_ARGUMENT for an undefined
   * life-cycle code, which changes nothing).
   */
  ranging_status_t *status;
  /**
   * Out, optional (NULL): count states; entry i receives the object's state
   * (as ranging_engine_read_object_state() reads it) right after row i when
   * row i is an accepted measurement, and is left untouched otherwise.
   */
  ranging_object_state_t *states;
  /** Out: the caller's buffer of event_capacity zone events. */
  ranging_zone_event_t *events;
  /**
   * Out, optional (NULL): event_capacity entries; entry i receives the row
   * that caused events[i], or SIZE_MAX for an event queued before the call.
   */
  size_t *event_rows;
  /** Entries in events; at least the engine's event_capacity. */
  size_t event_capacity;
  /** Out: events written by the last call, oldest first. */
  size_t event_count;
  /** In and out: rows processed so far; the next call starts at this row. */
  size_t rows_done;
} ranging_batch_t;

/**
 * Processes rows rows_done, rows_done + 1, ... of batch in order, each
 * exactly as ranging_engine_update() (after ranging_engine_update_pose() when
 * the row has a pose), ranging_engine_update_pose(), ranging_engine_lifecycle()
 * or ranging_engine_advance_clock() would,
 * and moves the zone events they cause (after any still queued) into
 * batch->events. It stops early, before a row, when fewer than the engine's
 * event_capacity entries of batch->events are free, so no event is lost to
 * a full buffer: call it again after consuming the events.
 *
 * - Parameters: engine: not NULL; batch: not NULL, as documented in ranging_batch_t.
 * - Returns: RANGING_OK (rejected rows are reported in batch->status, not
 *   here); RANGING_ERROR_EVENTS_DROPPED when the engine's own queue overflowed
 *   on some row (the rows were applied); RANGING_ERROR_NULL_ARGUMENT (nothing
 *   processed); RANGING_ERROR_BUFFER_TOO_SMALL when event_capacity is below the
 *   engine's event_capacity (nothing processed); RANGING_ERROR_INVALID_ARGUMENT
 *   when rows_done > count or a size exceeds PTRDIFF_MAX (nothing processed).
 * - Complexity: O(rows processed), each row as its single-row call. Does not allocate.
 */
ranging_status_t ranging_engine_process_batch(ranging_engine_t *engine, ranging_batch_t *batch);

/* ---------------------------------------------------------------------------
 * Names
 * ------------------------------------------------------------------------- */

/**
 * A stable snake_case name for a status ("ok", "time_went_backwards", ...),
 * or "unknown" for a value the header does not define.
 *
 * - Returns: a static NUL-terminated string; never NULL, never freed.
 * - Complexity: O(1). Does not allocate.
 */
const char *ranging_status_name(ranging_status_t status);

/**
 * The name of an exit reason as the events JSON Lines of `rangectl replay`
 * spell it ("lost", "removed_timeout", ...; "measured" for
 * RANGING_EXIT_MEASURED), or "unknown".
 *
 * - Returns: a static NUL-terminated string; never NULL, never freed.
 * - Complexity: O(1). Does not allocate.
 */
const char *ranging_exit_reason_name(ranging_exit_reason_t reason);

/**
 * The spelling of a life-cycle event in the ranging CSV's `event` column
 * (docs/FORMATS.md §1: "removed_timeout", "removed_peer_ended", "suspended",
 * "suspension_ended", "invalidated"), or NULL for a value the header does not
 * define. Call it for 0, 1, 2, ... until NULL to read the whole table, as the
 * Python package does instead of restating it.
 *
 * - Returns: a static NUL-terminated string, never freed; or NULL.
 * - Complexity: O(1). Does not allocate.
 */
const char *ranging_lifecycle_name(ranging_lifecycle_t event);

/**
 * The spelling of a RANGING_VERTICAL_* value in the ranging CSV's `vertical`
 * column (docs/FORMATS.md §1: "unknown", "same", "above", "below",
 * "aboveOrBelow"), or NULL for RANGING_VERTICAL_NONE and any value the header
 * does not define. Call it for 0, 1, 2, ... until NULL to read the whole table.
 *
 * - Returns: a static NUL-terminated string, never freed; or NULL.
 * - Complexity: O(1). Does not allocate.
 */
const char *ranging_vertical_name(int32_t vertical);

/**
 * The spelling of a direction state in the filtered track's
 * `direction_state` column (docs/FORMATS.md §3: "measured", "predicted",
 * "unknown"), or NULL for a value the header does not define.
 *
 * - Returns: a static NUL-terminated string, never freed; or NULL.
 * - Complexity: O(1). Does not allocate.
 */
const char *ranging_direction_state_name(ranging_direction_state_t state);

/* ===========================================================================
 * Nearby Interaction Accessory Protocol
 *
 * The accessory's side of Apple's Nearby Interaction Accessory Protocol
 * (Specification R2). The iPhone app and the accessory exchange messages
 * over a data link of the maker's choice (usually Bluetooth LE); this part
 * builds and checks the two messages the protocol defines, and runs one
 * session state machine per iPhone, which says what to send, start, stop
 * and tell the engine. It never touches the link or the UWB middleware:
 * you carry out the actions it queues.
 * ========================================================================= */

/* ---------------------------------------------------------------------------
 * Accessory Configuration Data
 * ------------------------------------------------------------------------- */

/*
 * The message the accessory sends before any ranging starts; the iPhone
 * app passes it to NINearbyAccessoryConfiguration(data:). All fields are
 * little-endian:
 *
 *   offset  bytes  field
 *   0       2      MajorVersion, 1
 *   2       2      MinorVersion, 0
 *   4       1      PreferredUpdateRate (ranging_update_rate_t)
 *   5       10     RFU (reserved), zero
 *   15      1      UWBConfigDataLength, N
 *   16      N      UWBConfigData: opaque bytes from the UWB middleware
 *
 * A buffer of RANGING_ACCESSORY_CONFIG_MAX_BYTES fits every message.
 */

/** Bytes before UWBConfigData; also where UWBConfigData starts. */
#define RANGING_ACCESSORY_CONFIG_HEADER_BYTES 16
/** The most UWBConfigData a message can carry (its length field is one byte). */
#define RANGING_ACCESSORY_CONFIG_MAX_UWB_BYTES 255
/** The longest message: 16 + 255 bytes. */
#define RANGING_ACCESSORY_CONFIG_MAX_BYTES 271

/**
 * How often the accessory asks the iPhone to range (PreferredUpdateRate):
 * one of the RANGING_UPDATE_RATE_* values, which are the bytes on the wire.
 * Every other byte value is reserved.
 */
typedef uint8_t ranging_update_rate_t;
enum {
  /** The iPhone chooses, and may change its choice (expect the slowest, about 1 Hz). */
  RANGING_UPDATE_RATE_AUTOMATIC = 0,
  /** Infrequent updates, about 1 Hz. */
  RANGING_UPDATE_RATE_INFREQUENT = 10,
  /** User-interactive updates, about 5 Hz. */
  RANGING_UPDATE_RATE_USER_INTERACTIVE = 20
};

/** A field of the message, in wire order: one of the RANGING_ACCESSORY_FIELD_* values. */
typedef uint8_t ranging_accessory_field_t;
enum {
  RANGING_ACCESSORY_FIELD_MAJOR_VERSION = 0,
  RANGING_ACCESSORY_FIELD_MINOR_VERSION = 1,
  RANGING_ACCESSORY_FIELD_PREFERRED_UPDATE_RATE = 2,
  RANGING_ACCESSORY_FIELD_RFU = 3,
  RANGING_ACCESSORY_FIELD_UWB_CONFIG_DATA_LENGTH = 4,
  RANGING_ACCESSORY_FIELD_UWB_CONFIG_DATA = 5,
  /** The position after UWBConfigData, where a message with trailing bytes goes on. */
  RANGING_ACCESSORY_FIELD_END = 6
};

/** What is wrong with a message: one of the RANGING_ACCESSORY_ERROR_* values. */
typedef uint8_t ranging_accessory_error_kind_t;
enum {
  /** The message ends before the field does. found: the message's length; expected: the length the field needs. */
  RANGING_ACCESSORY_ERROR_TRUNCATED = 0,
  /** MajorVersion or MinorVersion is not 1.0. found: the version read; expected: the version supported. */
  RANGING_ACCESSORY_ERROR_UNSUPPORTED_VERSION = 1,
  /** PreferredUpdateRate is reserved (not 0, 10 or 20). found: the byte; expected: 0. */
  RANGING_ACCESSORY_ERROR_RESERVED_UPDATE_RATE = 2,
  /**
   * An RFU byte is not zero (offset: that byte). found: its value; expected: 0.
   * A warning unless decoding strictly: a receiver must ignore RFU bytes.
   */
  RANGING_ACCESSORY_ERROR_NON_ZERO_RESERVED = 3,
  /** UWBConfigDataLength claims more bytes than follow it. found: the length; expected: the bytes that follow. */
  RANGING_ACCESSORY_ERROR_LENGTH_PAST_END = 4,
  /** Bytes follow the announced UWBConfigData. found: how many; expected: 0. */
  RANGING_ACCESSORY_ERROR_TRAILING_BYTES = 5
};

/** Where a message is wrong and why: the first problem in wire order. */
typedef struct ranging_accessory_config_error {
  /** Byte offset from the start of the message: the field's first byte, or the RFU byte itself. */
  size_t offset;
  /** What the message holds there; see ranging_accessory_error_kind_t. */
  size_t found;
  /** What it should hold; see ranging_accessory_error_kind_t. */
  size_t expected;
  /** The field. */
  ranging_accessory_field_t field;
  /** The problem. */
  ranging_accessory_error_kind_t kind;
} ranging_accessory_config_error_t;

/** A decoded message: what it asks for, and where its UWBConfigData lies in the decoded bytes. */
typedef struct ranging_accessory_config {
  /** Where UWBConfigData starts in the message: always RANGING_ACCESSORY_CONFIG_HEADER_BYTES. */
  size_t uwb_config_data_offset;
  /** UWBConfigData's length, 0...255; the message is offset + length bytes long. */
  size_t uwb_config_data_length;
  /** The rate the accessory asks for. */
  ranging_update_rate_t preferred_update_rate;
  /** Whether warning holds a non-zero RFU byte (lenient decoding only). */
  bool has_warning;
  /** The first non-zero RFU byte (kind RANGING_ACCESSORY_ERROR_NON_ZERO_RESERVED) when has_warning; zero otherwise. */
  ranging_accessory_config_error_t warning;
} ranging_accessory_config_t;

/**
 * Writes one Accessory Configuration Data message, version 1.0, at the
 * start of output: the header (RFU bytes zero), then uwb_config_data copied
 * as it is. Bytes of output after the message are left as they were;
 * nothing is written when the call fails.
 *
 * - Parameters:
 *   - rate: a ranging_update_rate_t value.
 *   - uwb_config_data: the UWB middleware's configuration bytes (may be
 *     NULL when uwb_config_data_length is 0); not kept.
 *   - uwb_config_data_length: 0...RANGING_ACCESSORY_CONFIG_MAX_UWB_BYTES.
 *   - output: the caller's buffer of capacity bytes (may be NULL when
 *     capacity is 0); must not overlap uwb_config_data.
 *     RANGING_ACCESSORY_CONFIG_MAX_BYTES always suffices.
 *   - length: receives the message's length, 16 + uwb_config_data_length
 *     (on RANGING_ERROR_BUFFER_TOO_SMALL, the length needed).
 * - Returns: RANGING_OK; RANGING_ERROR_NULL_ARGUMENT;
 *   RANGING_ERROR_INVALID_ARGUMENT for an undefined rate or overlapping
 *   buffers; RANGING_ERROR_DATA_TOO_LONG; RANGING_ERROR_BUFFER_TOO_SMALL.
 * - Complexity: O(uwb_config_data_length). Does not allocate.
 */
ranging_status_t ranging_accessory_config_encode(ranging_update_rate_t rate, const uint8_t *uwb_config_data,
                                                 size_t uwb_config_data_length, uint8_t *output, size_t capacity,
                                                 size_t *length);

/**
 * Decodes and checks one whole message, in wire order: each field fits;
 * the version is 1.0; PreferredUpdateRate is 0, 10 or 20; the RFU bytes are
 * zero (a warning in config, or with strict an error); UWBConfigDataLength
 * does not run past the end; nothing follows UWBConfigData. Nothing after
 * a wrong version is interpreted. The bytes are not copied: UWBConfigData
 * is message[config->uwb_config_data_offset] onwards.
 *
 * - Parameters:
 *   - message: exactly the message's bytes, without your link's framing
 *     (may be NULL when length is 0); not kept.
 *   - length: the message's length.
 *   - strict: refuse non-zero RFU bytes instead of warning about them.
 *   - config: receives the result on RANGING_OK; left unchanged otherwise.
 *   - error: receives the problem on RANGING_REJECTED_MALFORMED_MESSAGE;
 *     left unchanged otherwise; may be NULL.
 * - Returns: RANGING_OK; RANGING_REJECTED_MALFORMED_MESSAGE;
 *   RANGING_ERROR_NULL_ARGUMENT; RANGING_ERROR_INVALID_ARGUMENT for a
 *   length above PTRDIFF_MAX.
 * - Complexity: O(1): it reads the 16 header bytes. Does not allocate.
 */
ranging_status_t ranging_accessory_config_decode(const uint8_t *message, size_t length, bool strict,
                                                 ranging_accessory_config_t *config,
                                                 ranging_accessory_config_error_t *error);

/**
 * The field's name as the specification's table spells it ("MajorVersion",
 * "MinorVersion", "PreferredUpdateRate", "RFU", "UWBConfigDataLength",
 * "UWBConfigData", "end of message"), or "unknown".
 *
 * - Returns: a static NUL-terminated string; never NULL, never freed.
 * - Complexity: O(1). Does not allocate.
 */
const char *ranging_accessory_field_name(ranging_accessory_field_t field);

/**
 * A stable snake_case name for an error kind ("truncated",
 * "unsupported_version", "reserved_update_rate", "non_zero_reserved",
 * "length_past_end", "trailing_bytes"), or "unknown".
 *
 * - Returns: a static NUL-terminated string; never NULL, never freed.
 * - Complexity: O(1). Does not allocate.
 */
const char *ranging_accessory_error_kind_name(ranging_accessory_error_kind_t kind);

/**
 * Sets config->lost_timeout_us for updates arriving at rate: 5 missed
 * updates and never less than 2 s (5 s at AUTOMATIC and INFREQUENT, 2 s at
 * USER_INTERACTIVE). The session table's timeout once ranging works is the
 * same value, so the engine and the sessions agree on when an object has
 * gone silent.
 *
 * - Parameters: config: a configuration (from ranging_config_init());
 *   rate: a ranging_update_rate_t value.
 * - Returns: RANGING_OK; RANGING_ERROR_NULL_ARGUMENT;
 *   RANGING_ERROR_INVALID_ARGUMENT for an undefined rate (config unchanged).
 * - Complexity: O(1). Does not allocate.
 */
ranging_status_t ranging_config_expect_updates(ranging_config_t *config, ranging_update_rate_t rate);

/* ---------------------------------------------------------------------------
 * Apple Shareable Configuration Data
 * ------------------------------------------------------------------------- */

/*
 * The bytes the iPhone sends back (its didGenerateShareableConfigurationData),
 * which the accessory hands to its UWB middleware exactly as received. The
 * engine never interprets or stores them: you own the bytes and pass them
 * through; check their length first.
 *
 * At most 255 bytes are accepted (the layouts known today are 30 and 35
 * bytes), so the length fits a uint8_t and a copy, if you keep one, needs
 * RANGING_SHAREABLE_CONFIG_MAX_BYTES bytes.
 */

/** The most bytes of Apple Shareable Configuration Data accepted. */
#define RANGING_SHAREABLE_CONFIG_MAX_BYTES 255

/**
 * Checks the length of received Apple Shareable Configuration Data: 1 to
 * RANGING_SHAREABLE_CONFIG_MAX_BYTES bytes. Feed
 * RANGING_ACCESSORY_INPUT_CONFIGURE_AND_START only when it passes, and
 * RANGING_ACCESSORY_INPUT_START_FAILED otherwise.
 *
 * - Parameters: length: the number of bytes received.
 * - Returns: RANGING_OK; RANGING_REJECTED_EMPTY_MESSAGE; RANGING_REJECTED_MESSAGE_TOO_LONG.
 * - Complexity: O(1). Does not allocate.
 */
ranging_status_t ranging_shareable_config_check(size_t length);

/* ---------------------------------------------------------------------------
 * GATT service
 * ------------------------------------------------------------------------- */

/*
 * The Nearby Interaction GATT service, through which iOS itself (not the
 * app) reads Accessory Configuration Data, for example to start ranging in
 * the background. Build the GATT table from these:
 *
 *   - one primary service, RANGING_NI_SERVICE_UUID;
 *   - one Accessory Configuration Data characteristic,
 *     RANGING_NI_CONFIG_CHARACTERISTIC_UUID, per concurrent session: its
 *     instance index is the session slot (ranging_accessory_action_t.session),
 *     its value an Accessory Configuration Data message, new for each
 *     session; properties RANGING_NI_CONFIG_CHARACTERISTIC_PROPERTIES (read
 *     only), readable only over an encrypted link;
 *   - when there is more than one instance, a Characteristic User
 *     Description descriptor (RANGING_NI_USER_DESCRIPTION_UUID16) on each.
 *
 * UUIDs come as text and as 16 bytes in over-the-air order (least
 * significant byte first, the order of Zephyr's BT_UUID_128_ENCODE and
 * NimBLE's BLE_UUID128_INIT), the latter as an initializer:
 *
 *   static const uint8_t service[16] = RANGING_NI_SERVICE_UUID_BYTES;
 */

/** The Nearby Interaction service. */
#define RANGING_NI_SERVICE_UUID_STRING "48fe3e40-0817-4bb2-8633-3073689c2dba"
/** RANGING_NI_SERVICE_UUID_STRING's 16 bytes, over-the-air order (the text read backwards). */
#define RANGING_NI_SERVICE_UUID_BYTES                                                                   \
  { 0xba, 0x2d, 0x9c, 0x68, 0x73, 0x30, 0x33, 0x86, 0xb2, 0x4b, 0x17, 0x08, 0x40, 0x3e, 0xfe, 0x48 }
/** The Accessory Configuration Data characteristic. */
#define RANGING_NI_CONFIG_CHARACTERISTIC_UUID_STRING "95e8d9d5-d8ef-4721-9a4e-807375f53328"
/** RANGING_NI_CONFIG_CHARACTERISTIC_UUID_STRING's 16 bytes, over-the-air order. */
#define RANGING_NI_CONFIG_CHARACTERISTIC_UUID_BYTES                                                     \
  { 0x28, 0x33, 0xf5, 0x75, 0x73, 0x80, 0x4e, 0x9a, 0x21, 0x47, 0xef, 0xd8, 0xd5, 0xd9, 0xe8, 0x95 }
/**
 * The characteristic's properties byte: Read (0x02) only, no write, no
 * notify (Bluetooth Core Specification, Vol 3, Part G, 3.3.1.1).
 */
#define RANGING_NI_CONFIG_CHARACTERISTIC_PROPERTIES 0x02
/**
 * 1: reading the characteristic needs an encrypted link (the stack answers
 * Insufficient Encryption until the iPhone has paired), e.g. Zephyr's
 * BT_GATT_PERM_READ_ENCRYPT or NimBLE's BLE_GATT_CHR_F_READ_ENC.
 */
#define RANGING_NI_CONFIG_CHARACTERISTIC_READ_ENCRYPTED 1
/** Characteristic User Description, a 16-bit Bluetooth UUID. */
#define RANGING_NI_USER_DESCRIPTION_UUID16 0x2901
/** Whether each of instance_count (>= 1) characteristic instances needs a user description: only when there are several. */
#define RANGING_NI_NEEDS_USER_DESCRIPTION(instance_count) ((instance_count) > 1)

/* ---------------------------------------------------------------------------
 * Accessory sessions
 * ------------------------------------------------------------------------- */

/*
 * A table of accessory-side sessions, one per iPhone (peer), each in a
 * fixed slot that is also its Accessory Configuration Data characteristic
 * instance. Feed it what happens (ranging_accessory_sessions_handle(): the
 * iPhone's messages as your link delivers them, the middleware's updates and
 * failures, a lost link) and the time (ranging_accessory_sessions_advance_clock()
 * from a timer, once a second is plenty); it queues actions that you drain
 * and carry out. It reads no clock and performs nothing itself.
 *
 * Transitions (state, input -> actions, next state); "retry" sends a new
 * configuration (attempt + 1), or after max_configuration_attempts messages
 * queues GIVE_UP and stops. FEED_ENGINE comes only once the session had a
 * ranging update, so the engine never hears of objects it never saw.
 *
 *   idle, stopped, configuration sent  INITIALIZE         SEND_CONFIGURATION(attempt 1)  configuration sent
 *   configuration sent  CONFIGURE_AND_START               START_RANGING                  ranging
 *   configuration sent  no answer in response_timeout_us  retry
 *   configuration sent  STOP                              -                              stopped
 *   ranging             RANGING_UPDATE                    - (the lost timeout restarts)  ranging
 *   ranging, no update yet  START_FAILED, or none in start_timeout_us  STOP_RANGING, retry
 *   ranging, had updates    none for the rate's lost timeout  STOP_RANGING, FEED_ENGINE(REMOVED_TIMEOUT)  stopped
 *   ranging             STOP                     STOP_RANGING, FEED_ENGINE(REMOVED_PEER_ENDED)  stopped
 *   ranging             INITIALIZE               STOP_RANGING, FEED_ENGINE(REMOVED_PEER_ENDED), SEND_CONFIGURATION
 *   ranging             CONFIGURE_AND_START      STOP_RANGING, FEED_ENGINE(REMOVED_PEER_ENDED), START_RANGING
 *   any but idle        LINK_LOST, FAULT         STOP_RANGING and FEED_ENGINE(INVALIDATED) if ranging  idle (slot free)
 *   otherwise           any                      - (RANGING_REJECTED_INPUT_IGNORED)
 *
 * An iPhone's INITIALIZE takes a slot: its own if it has one, else an idle
 * one, else the stopped one touched longest ago. Every input first fires a
 * timeout due by its time, so the outcome depends only on the inputs and
 * their times, not on how often the clock is advanced. A time earlier than
 * one the session has seen counts as that time.
 *
 * The lost timeout once ranging works is the rate's, as
 * ranging_config_expect_updates() sets it for the engine (2 s at
 * USER_INTERACTIVE, else 5 s). None of the default timeouts was measured
 * against real iPhones; each is reasoned from the protocol's round trips.
 */

/** What happened to a session: one of the RANGING_ACCESSORY_INPUT_* values. */
typedef uint8_t ranging_accessory_input_t;
enum {
  /**
   * The iPhone asks for Accessory Configuration Data (Apple's sample
   * protocol: message 0x0A). The session answers with SEND_CONFIGURATION
   * at the rate passed with it.
   */
  RANGING_ACCESSORY_INPUT_INITIALIZE = 0,
  /**
   * The iPhone sent its Apple Shareable Configuration Data (0x0B) and it
   * passed ranging_shareable_config_check(): the session asks to start.
   */
  RANGING_ACCESSORY_INPUT_CONFIGURE_AND_START = 1,
  /** The UWB middleware delivered a ranging update for the iPhone. */
  RANGING_ACCESSORY_INPUT_RANGING_UPDATE = 2,
  /** Starting failed: the middleware or the length check refused the Shareable Configuration Data. */
  RANGING_ACCESSORY_INPUT_START_FAILED = 3,
  /** The iPhone asked to stop (0x0C). */
  RANGING_ACCESSORY_INPUT_STOP = 4,
  /** The data link to the iPhone is gone (Bluetooth disconnection). */
  RANGING_ACCESSORY_INPUT_LINK_LOST = 5,
  /** You lost track (a middleware error, an unparsable message, a reset): back to idle. */
  RANGING_ACCESSORY_INPUT_FAULT = 6
};

/** What to do: one of the RANGING_ACCESSORY_ACTION_* values. */
typedef uint8_t ranging_accessory_action_kind_t;
enum {
  /**
   * Build a new Accessory Configuration Data message (fresh UWBConfigData
   * from the middleware, at rate) with ranging_accessory_config_encode(),
   * put it in characteristic instance session, and send it to the iPhone.
   */
  RANGING_ACCESSORY_ACTION_SEND_CONFIGURATION = 0,
  /** Hand the Apple Shareable Configuration Data to the middleware and start ranging. */
  RANGING_ACCESSORY_ACTION_START_RANGING = 1,
  /** Stop the middleware's ranging with this iPhone. */
  RANGING_ACCESSORY_ACTION_STOP_RANGING = 2,
  /**
   * Pass lifecycle for object_id to the engine (ranging_engine_lifecycle());
   * it closes the object's zones. Already done when engine_applied is true.
   */
  RANGING_ACCESSORY_ACTION_FEED_ENGINE = 3,
  /** Every configuration attempt failed; tell the user or the iPhone app. */
  RANGING_ACCESSORY_ACTION_GIVE_UP = 4
};

/** Where a session is: one of the RANGING_ACCESSORY_STATE_* values. */
typedef uint8_t ranging_accessory_state_t;
enum {
  /** No session; the slot is free. */
  RANGING_ACCESSORY_STATE_IDLE = 0,
  /** A configuration message went out; waiting for the Shareable Configuration Data. */
  RANGING_ACCESSORY_STATE_CONFIGURATION_SENT = 1,
  /** The middleware was started (confirmed once has_ranged). */
  RANGING_ACCESSORY_STATE_RANGING = 2,
  /** The session ended (stop_reason says why); the slot stays with its iPhone until reused. */
  RANGING_ACCESSORY_STATE_STOPPED = 3
};

/** Why a session stopped: one of the RANGING_ACCESSORY_STOP_* values. */
typedef uint8_t ranging_accessory_stop_reason_t;
enum {
  /** The iPhone asked to stop. */
  RANGING_ACCESSORY_STOP_PEER_REQUESTED = 0,
  /** Ranging had worked, then no update came for the rate's lost timeout. */
  RANGING_ACCESSORY_STOP_RANGING_TIMED_OUT = 1,
  /** Every configuration attempt failed. */
  RANGING_ACCESSORY_STOP_GAVE_UP = 2
};

/** One thing to do for one session, in the order queued. */
typedef struct ranging_accessory_action {
  /** The time passed to the call that caused it, microseconds. */
  int64_t time_us;
  /** The iPhone, as you identified it to ranging_accessory_sessions_handle(). */
  uint64_t object_id;
  /** FEED_ENGINE: the life-cycle event to pass; 0 otherwise. */
  ranging_lifecycle_t lifecycle;
  /** The session's slot, 0...capacity - 1: its characteristic instance. */
  uint32_t session;
  /** SEND_CONFIGURATION: the message's number in this start, from 1; 0 otherwise. */
  uint32_t attempt;
  /** What to do. */
  ranging_accessory_action_kind_t kind;
  /** SEND_CONFIGURATION and START_RANGING: the rate; 0 otherwise. */
  ranging_update_rate_t rate;
  /** FEED_ENGINE: true when the call was given an engine and already applied the event to it. */
  bool engine_applied;
} ranging_accessory_action_t;

/** Everything a session table is created with. Fill it with ranging_accessory_sessions_config_init(). */
typedef struct ranging_accessory_sessions_config {
  /**
   * Most concurrent sessions, 1...256: the number of Accessory Configuration
   * Data characteristic instances in the GATT table. Default 1.
   */
  uint32_t capacity;
  /**
   * Actions held between two ranging_accessory_sessions_drain_actions()
   * calls, 1...65536. One input causes at most 3 actions, one clock advance
   * at most 2 per session; draining after every call with action_capacity
   * >= max(3, 2 * capacity) loses nothing. Default 8.
   */
  uint32_t action_capacity;
  /** How long to wait for the Shareable Configuration Data after sending a configuration, microseconds; > 0. Default 10 s. */
  int64_t response_timeout_us;
  /** How long to wait for the first ranging update after START_RANGING, microseconds; > 0. Default 5 s. */
  int64_t start_timeout_us;
  /** Configuration messages sent for one start before giving up, the first included; 1...255. Default 3. */
  uint32_t max_configuration_attempts;
} ranging_accessory_sessions_config_t;

/**
 * Fills config with the defaults: 1 session, 8 queued actions, 10 s
 * response timeout, 5 s start timeout, 3 configuration attempts.
 *
 * - Parameters: config: not NULL (a NULL config is ignored).
 * - Complexity: O(1). Does not allocate.
 */
void ranging_accessory_sessions_config_init(ranging_accessory_sessions_config_t *config);

/*
 * Bytes requested from malloc by ranging_accessory_sessions_create(), for
 * c = capacity and a = action_capacity, in RANGING_ACCESSORY_SESSIONS_BLOCKS
 * blocks:
 *
 *   bytes = RANGING_ACCESSORY_SESSIONS_FIXED_BYTES + c * RANGING_ACCESSORY_SESSIONS_BYTES_PER_SESSION
 *         + a * RANGING_ACCESSORY_SESSIONS_BYTES_PER_ACTION
 *
 * The defaults (1 session, 8 actions) take 404 bytes on Cortex-M, 456 on
 * 64-bit hosts. Measured and checked like the engine's (see "Memory"
 * above): Tests/CAPI/smoke.c compares the formula with a counting malloc,
 * and checks that nothing else allocates afterwards.
 */
#if UINTPTR_MAX == 0xFFFFFFFFu
/* 32-bit targets (Cortex-M, Embedded Swift). */
#define RANGING_ACCESSORY_SESSIONS_FIXED_BYTES 84
#define RANGING_ACCESSORY_SESSIONS_BYTES_PER_SESSION 64
#else
/* 64-bit hosts (Swift runtime). */
#define RANGING_ACCESSORY_SESSIONS_FIXED_BYTES 128
#define RANGING_ACCESSORY_SESSIONS_BYTES_PER_SESSION 72
#endif
/* The same on both. */
#define RANGING_ACCESSORY_SESSIONS_BYTES_PER_ACTION 32
#define RANGING_ACCESSORY_SESSIONS_BLOCKS 4

/**
 * The number of bytes ranging_accessory_sessions_create() will request
 * from malloc for config (the formula above).
 *
 * - Parameters: config: a configuration; bytes: receives the byte count.
 * - Returns: RANGING_OK; RANGING_ERROR_NULL_ARGUMENT; RANGING_ERROR_INVALID_CONFIG
 *   when ranging_accessory_sessions_create() would refuse config.
 * - Complexity: O(1). Does not allocate.
 */
ranging_status_t ranging_accessory_sessions_memory_size(const ranging_accessory_sessions_config_t *config,
                                                        size_t *bytes);

/** An accessory session table: opaque; create with ranging_accessory_sessions_create(). */
typedef struct ranging_accessory_sessions ranging_accessory_sessions_t;

/**
 * Creates a session table: validates config, then allocates every slot and
 * the action queue (ranging_accessory_sessions_memory_size() bytes in
 * RANGING_ACCESSORY_SESSIONS_BLOCKS blocks). Nothing is allocated afterwards.
 *
 * - Parameters: config: copied; sessions: receives the new table, or NULL on failure.
 * - Returns: RANGING_OK; RANGING_ERROR_NULL_ARGUMENT; RANGING_ERROR_INVALID_CONFIG
 *   when a value is out of the range its field documents.
 * - Complexity: O(capacity + action_capacity). Allocates; traps if malloc fails.
 */
ranging_status_t ranging_accessory_sessions_create(const ranging_accessory_sessions_config_t *config,
                                                   ranging_accessory_sessions_t **sessions);

/**
 * Frees a session table. Queued actions are discarded.
 *
 * - Parameters: sessions: from ranging_accessory_sessions_create(), or NULL (ignored).
 * - Complexity: O(1).
 */
void ranging_accessory_sessions_destroy(ranging_accessory_sessions_t *sessions);

/**
 * Applies one input from (or about) the iPhone object_id at time_us, after
 * firing any timeout of its session due by then, and queues the actions.
 *
 * With an engine, every FEED_ENGINE action is also applied to it at once
 * (ranging_engine_lifecycle() at time_us), so the object's zones close
 * without glue code; the action is still queued, with engine_applied set,
 * and the zone events wait in the engine's queue. Pass NULL to feed the
 * engine yourself (or when there is none).
 *
 * - Parameters:
 *   - sessions: not NULL.
 *   - time_us: microseconds, the same clock as the engine's.
 *   - object_id: the iPhone, in your numbering (the engine's object id).
 *   - input: a ranging_accessory_input_t value.
 *   - rate: INITIALIZE: the rate to ask for, a ranging_update_rate_t
 *     value; ignored for other inputs.
 *   - engine: an engine, or NULL.
 * - Returns: RANGING_OK; RANGING_REJECTED_INPUT_IGNORED;
 *   RANGING_ERROR_NO_FREE_SESSION (INITIALIZE; nothing changed);
 *   RANGING_ERROR_UNKNOWN_OBJECT (another input from an iPhone without a
 *   session; nothing changed); RANGING_ERROR_ACTIONS_DROPPED, else
 *   RANGING_ERROR_EVENTS_DROPPED from the engine (the input was handled);
 *   RANGING_ERROR_NULL_ARGUMENT; RANGING_ERROR_INVALID_ARGUMENT for an
 *   undefined input or rate (nothing changed).
 * - Complexity: O(capacity), plus the engine's life-cycle call. Does not allocate.
 */
ranging_status_t ranging_accessory_sessions_handle(ranging_accessory_sessions_t *sessions, int64_t time_us,
                                                   uint64_t object_id, ranging_accessory_input_t input,
                                                   ranging_update_rate_t rate, ranging_engine_t *engine);

/**
 * Fires every session timeout due at time_us and queues the actions (call
 * it from a timer; the shortest default timeout is 2 s). With an engine,
 * FEED_ENGINE actions are applied to it as ranging_accessory_sessions_handle()
 * does. It does not advance the engine's own clock.
 *
 * - Parameters: sessions: not NULL; time_us: microseconds; engine: an engine, or NULL.
 * - Returns: RANGING_OK; RANGING_ERROR_NULL_ARGUMENT; RANGING_ERROR_ACTIONS_DROPPED,
 *   else RANGING_ERROR_EVENTS_DROPPED from the engine.
 * - Complexity: O(capacity), plus the engine's life-cycle calls. Does not allocate.
 */
ranging_status_t ranging_accessory_sessions_advance_clock(ranging_accessory_sessions_t *sessions, int64_t time_us,
                                                          ranging_engine_t *engine);

/**
 * Moves queued actions, oldest first, into the caller's buffer; carry them
 * out in that order. Actions that do not fit stay queued.
 *
 * - Parameters: sessions: not NULL; actions: the caller's buffer of capacity
 *   entries (may be NULL when capacity is 0); capacity: entries available;
 *   count: receives the number written.
 * - Returns: RANGING_OK; RANGING_ERROR_NULL_ARGUMENT.
 * - Complexity: O(actions written). Does not allocate.
 */
ranging_status_t ranging_accessory_sessions_drain_actions(ranging_accessory_sessions_t *sessions,
                                                          ranging_accessory_action_t *actions, size_t capacity,
                                                          size_t *count);

/** One slot's session. */
typedef struct ranging_accessory_session_state {
  /** When the pending timeout fires, microseconds; meaningful when has_deadline. */
  int64_t deadline_us;
  /** The iPhone holding the slot; meaningful when has_object. */
  uint64_t object_id;
  /** Configuration messages sent since the last INITIALIZE; 0 when idle. */
  uint32_t attempt;
  /** Where the session is. */
  ranging_accessory_state_t state;
  /** The rate of the current or last configuration. */
  ranging_update_rate_t rate;
  /** Why it stopped, when state is RANGING_ACCESSORY_STATE_STOPPED; 0 otherwise. */
  ranging_accessory_stop_reason_t stop_reason;
  /** Whether an iPhone holds the slot (false: idle, free). */
  bool has_object;
  /** Whether a ranging update arrived since START_RANGING. */
  bool has_ranged;
  /** Whether a timeout is pending (configuration sent or ranging). */
  bool has_deadline;
} ranging_accessory_session_state_t;

/**
 * Reads the session in slot (its characteristic instance).
 *
 * - Parameters: sessions: not NULL; slot: 0...capacity - 1; state: receives the session.
 * - Returns: RANGING_OK; RANGING_ERROR_NULL_ARGUMENT; RANGING_ERROR_INVALID_ARGUMENT
 *   for a slot out of range (state unchanged).
 * - Complexity: O(1). Does not allocate.
 */
ranging_status_t ranging_accessory_sessions_read_session(const ranging_accessory_sessions_t *sessions, uint32_t slot,
                                                         ranging_accessory_session_state_t *state);

/**
 * Finds the slot of an iPhone's session.
 *
 * - Parameters: sessions: not NULL; object_id: the iPhone; slot: receives its slot.
 * - Returns: RANGING_OK; RANGING_ERROR_NULL_ARGUMENT; RANGING_ERROR_UNKNOWN_OBJECT
 *   when it holds none (slot unchanged).
 * - Complexity: O(capacity). Does not allocate.
 */
ranging_status_t ranging_accessory_sessions_find(const ranging_accessory_sessions_t *sessions, uint64_t object_id,
                                                 uint32_t *slot);

/** Counters since creation. */
typedef struct ranging_accessory_sessions_stats {
  /** Actions queued. */
  uint64_t actions_queued;
  /** Actions dropped because the queue was full. */
  uint64_t actions_dropped;
  /** Actions waiting in the queue now. */
  uint32_t actions_pending;
  /** Slots held by an iPhone now. */
  uint32_t sessions_held;
} ranging_accessory_sessions_stats_t;

/**
 * Reads the table's counters.
 *
 * - Parameters: sessions: not NULL; stats: receives the counters.
 * - Returns: RANGING_OK; RANGING_ERROR_NULL_ARGUMENT.
 * - Complexity: O(capacity). Does not allocate.
 */
ranging_status_t ranging_accessory_sessions_read_stats(const ranging_accessory_sessions_t *sessions,
                                                       ranging_accessory_sessions_stats_t *stats);

/**
 * A stable snake_case name for an action kind ("send_configuration",
 * "start_ranging", "stop_ranging", "feed_engine", "give_up"), or "unknown".
 *
 * - Returns: a static NUL-terminated string; never NULL, never freed.
 * - Complexity: O(1). Does not allocate.
 */
const char *ranging_accessory_action_name(ranging_accessory_action_kind_t kind);

#ifdef __cplusplus
}
#endif

#endif /* RANGING_ENGINE_H */
