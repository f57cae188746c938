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
 * origin.
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
 * Threads: an engine is not thread-safe. Call it from one thread (or task)
 * at a time; distinct engines are independent.
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
 * Linking (host): libRangingEngineCAPI.a from `swift build --product
 * RangingEngineCAPI`, plus the Swift runtime, as the README's "Use in
 * firmware" section shows. Firmware: the engine compiled as Embedded Swift,
 * see scripts/check-firmware.
 *
 * Licence: GPL-3.0-or-later.
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
 * an update's data was rejected (the engine's state is unchanged by it).
 * ranging_status_name() gives each a stable snake_case name.
 */
typedef int32_t ranging_status_t;
enum {
  /** Success. */
  RANGING_OK = 0,

  /** A required pointer argument was NULL. */
  RANGING_ERROR_NULL_ARGUMENT = -1,
  /** A configuration value is out of range; see ranging_config_t. */
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
  RANGING_REJECTED_NO_MEASUREMENT = 6
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
 * distance + enter_sigma_multiplier * sigma < radius_m - hysteresis_m / 2;
 * an object inside exits when, for exit_dwell_us,
 * distance > radius_m + hysteresis_m / 2. With angle_limit_rad > 0 the
 * direction must also be within that angle of straight ahead (with its own
 * band angle_hysteresis_rad). Fill it with ranging_zone_config_init().
 */
typedef struct ranging_zone_config {
  /** Boundary radius, metres; > 0. */
  double radius_m;
  /** Width of the band around radius_m in which membership is held, metres; 0 <= h < 2 * radius_m. Default 0.2. */
  double hysteresis_m;
  /** How long the enter condition must hold, microseconds; >= 0. Default 0. */
  int64_t enter_dwell_us;
  /** How long the exit condition must hold, microseconds; >= 0. Default 0. */
  int64_t exit_dwell_us;
  /** k in distance + k * sigma (enter only when confidently inside); >= 0. Default 0. */
  double enter_sigma_multiplier;
  /** Half-angle around straight ahead, radians, in (0, pi); 0 for a zone in every direction (default). */
  double angle_limit_rad;
  /** Band around angle_limit_rad, radians; 0 <= b < 2 * angle_limit_rad. Default 10 degrees. */
  double angle_hysteresis_rad;
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
  /** An object not heard from for this long exits its zones (reason LOST) and is forgotten, microseconds; > 0. Default 5 s. */
  int64_t lost_timeout_us;
  /** Track the direction in 3-D through field-of-view gaps (default true); false reports measured directions only and saves memory per object. */
  bool direction_tracking;
  /** Field-of-view half-angles of the direction sensor, radians, in (0, pi] and (0, pi/2]. Default 55 and 45 degrees. */
  double field_of_view_azimuth_rad;
  /** See field_of_view_azimuth_rad. */
  double field_of_view_elevation_rad;
  /** Standard deviation of one distance measurement, metres; > 0. Default 0.05. */
  double range_sigma_m;
  /** What a suspended session does to zones. Default RANGING_SUSPENSION_EXIT_ZONES. */
  ranging_suspension_policy_t suspension_policy;
} ranging_config_t;

/**
 * Fills config with the defaults (the same as `rangectl replay`'s): 8
 * objects, 16 queued events, the two default zones, 5 s lost timeout,
 * direction tracking on, 55 x 45 degree field of view, 0.05 m range sigma,
 * suspension exits zones.
 *
 * - Parameters: config: not NULL (a NULL config is ignored).
 * - Complexity: O(1). Does not allocate.
 */
void ranging_config_init(ranging_config_t *config);

/**
 * Fills zone with a zone of radius_m and the default hysteresis (0.2 m),
 * dwell (0), sigma multiplier (0), no angle limit and a 10 degree angle band.
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
 * scripts/check-firmware runs. They hold for optimised builds; unoptimised
 * (debug) Swift may also allocate on the update path.
 *
 * Default configuration (8 objects, 2 zones, 16 events, direction on):
 * see the "Use in firmware" section of README.md for the totals.
 */
#if UINTPTR_MAX == 0xFFFFFFFFu
/* 32-bit targets (Cortex-M, Embedded Swift). */
#define RANGING_ENGINE_FIXED_BYTES 581
#define RANGING_ENGINE_DIRECTION_FIXED_BYTES 16
#define RANGING_ENGINE_BYTES_PER_OBJECT 722
#define RANGING_ENGINE_DIRECTION_BYTES_PER_OBJECT 2209
#define RANGING_ENGINE_BYTES_PER_ZONE 68
#define RANGING_ENGINE_BYTES_PER_ZONE_OBJECT 9
#define RANGING_ENGINE_BYTES_PER_EVENT 40
#else
/* 64-bit hosts (Swift runtime). */
#define RANGING_ENGINE_FIXED_BYTES 873
#define RANGING_ENGINE_DIRECTION_FIXED_BYTES 32
#define RANGING_ENGINE_BYTES_PER_OBJECT 838
#define RANGING_ENGINE_DIRECTION_BYTES_PER_OBJECT 2297
#define RANGING_ENGINE_BYTES_PER_ZONE 72
#define RANGING_ENGINE_BYTES_PER_ZONE_OBJECT 9
#define RANGING_ENGINE_BYTES_PER_EVENT 40
#endif
/* Blocks are the same on both. */
#define RANGING_ENGINE_FIXED_BLOCKS 16
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
 * confirmed (two agreeing measurements).
 *
 * - Parameters:
 *   - engine: not NULL.
 *   - time_us: when the update was measured, microseconds; not earlier than
 *     this object's previous accepted update.
 *   - object_id: the caller's identifier of the object.
 *   - distance_m: metres, >= 0, or NAN when the update has no distance.
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
 * Applies a session life-cycle event to an object (see ranging_lifecycle_t).
 * Unknown objects are ignored (RANGING_OK). Also advances the clock, as
 * ranging_engine_advance_clock() does.
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

/* ---------------------------------------------------------------------------
 * Output: object state and zone events
 * ------------------------------------------------------------------------- */

/** An object's filtered state after its latest accepted update. */
typedef struct ranging_object_state {
  /** Time of the latest accepted update, microseconds. */
  int64_t time_us;
  /** Filtered distance, metres; NAN until a distance has been measured. */
  double distance_m;
  /** Standard deviation of distance_m, metres (INFINITY until measured). */
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
  /** Whether the distance rests on enough agreeing measurements for zones to act on it. */
  bool is_confirmed;
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
  /** The filtered distance that decided it (or the last one, for exits with a reason), metres; NAN if none. */
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
 * - Returns: RANGING_OK; RANGING_ERROR_NULL_ARGUMENT.
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

#ifdef __cplusplus
}
#endif

#endif /* RANGING_ENGINE_H */
