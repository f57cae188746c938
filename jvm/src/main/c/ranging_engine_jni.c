// SPDX-License-Identifier: Apache-2.0
/*
 * JNI functions of rangingengine.Native over ranging_engine.h. Each returns
 * the C call's ranging_status_t for the Java side to check; this file checks
 * what only C can (a null or too short array, a null engine) and returns
 * RANGING_ERROR_NULL_ARGUMENT or RANGING_ERROR_INVALID_ARGUMENT rather than
 * touch memory it was not given. Arrays are copied with Get/Set...ArrayRegion,
 * so no Java array is pinned and no critical section is held.
 *
 * Built by scripts/build-jvm (host) and jvm/android/CMakeLists.txt (NDK).
 */
#include <jni.h>
#include <stdint.h>
#include <stdlib.h>

#include "ranging_engine.h"

/* create(): malloc refused the engine's memory_size bytes (the engine would stop the process). */
#define JNI_OUT_OF_MEMORY (-100)

static ranging_engine_t *engine_of(jlong handle) { return (ranging_engine_t *)(intptr_t)handle; }

/* Whether array is not null and has at least count entries. */
static int holds(JNIEnv *env, jarray array, jint count) {
  return array != NULL && count >= 0 && (*env)->GetArrayLength(env, array) >= count;
}

JNIEXPORT jstring JNICALL Java_rangingengine_Native_version(JNIEnv *env, jclass cls) {
  (void)cls;
  return (*env)->NewStringUTF(env, ranging_engine_version());
}

JNIEXPORT jstring JNICALL Java_rangingengine_Native_statusName(JNIEnv *env, jclass cls, jint status) {
  (void)cls;
  if (status == JNI_OUT_OF_MEMORY) return (*env)->NewStringUTF(env, "out_of_memory");
  return (*env)->NewStringUTF(env, ranging_status_name((ranging_status_t)status));
}

JNIEXPORT jint JNICALL Java_rangingengine_Native_create(JNIEnv *env, jclass cls, jint zone_count, jdoubleArray radius,
                                                        jdoubleArray hysteresis, jlongArray enter_dwell,
                                                        jlongArray exit_dwell, jdoubleArray angle_limit,
                                                        jdouble angle_hysteresis, jint max_objects,
                                                        jint event_capacity, jlong lost_timeout_us,
                                                        jboolean direction_tracking, jlongArray out) {
  (void)cls;
  if (zone_count < 1 || zone_count > RANGING_MAX_ZONES || max_objects < 1 || event_capacity < 1)
    return RANGING_ERROR_INVALID_CONFIG;
  if (!holds(env, radius, zone_count) || !holds(env, hysteresis, zone_count) || !holds(env, enter_dwell, zone_count) ||
      !holds(env, exit_dwell, zone_count) || !holds(env, angle_limit, zone_count) || !holds(env, out, 2))
    return RANGING_ERROR_NULL_ARGUMENT;
  ranging_zone_config_t zones[RANGING_MAX_ZONES];
  for (jint i = 0; i < zone_count; i++) {
    jdouble r, h, a;
    jlong enter, exit;
    (*env)->GetDoubleArrayRegion(env, radius, i, 1, &r);
    (*env)->GetDoubleArrayRegion(env, hysteresis, i, 1, &h);
    (*env)->GetDoubleArrayRegion(env, angle_limit, i, 1, &a);
    (*env)->GetLongArrayRegion(env, enter_dwell, i, 1, &enter);
    (*env)->GetLongArrayRegion(env, exit_dwell, i, 1, &exit);
    ranging_zone_config_init(&zones[i], r);
    zones[i].hysteresis_m = h;
    zones[i].enter_dwell_us = enter;
    zones[i].exit_dwell_us = exit;
    zones[i].angle_limit_rad = a;
    zones[i].angle_hysteresis_rad = angle_hysteresis;
  }
  ranging_config_t config;
  ranging_config_init(&config);
  config.zones = zones;
  config.zone_count = (uint32_t)zone_count;
  config.max_objects = (uint32_t)max_objects;
  config.event_capacity = (uint32_t)event_capacity;
  config.lost_timeout_us = lost_timeout_us;
  config.direction_tracking = direction_tracking == JNI_TRUE;

  size_t bytes = 0;
  ranging_status_t status = ranging_engine_memory_size(&config, &bytes);
  if (status != RANGING_OK) return status;
  jlong result[2] = {0, (jlong)bytes};
  /* ranging_engine_create() traps when malloc fails: try the size first, so that a JVM is told, not stopped. */
  void *probe = malloc(bytes);
  if (probe == NULL) {
    (*env)->SetLongArrayRegion(env, out, 0, 2, result);
    return JNI_OUT_OF_MEMORY;
  }
  free(probe);
  ranging_engine_t *engine = NULL;
  status = ranging_engine_create(&config, &engine);
  if (status != RANGING_OK) return status;
  if (engine == NULL) return RANGING_ERROR_NULL_ARGUMENT;
  result[0] = (jlong)(intptr_t)engine;
  (*env)->SetLongArrayRegion(env, out, 0, 2, result);
  return RANGING_OK;
}

JNIEXPORT void JNICALL Java_rangingengine_Native_destroy(JNIEnv *env, jclass cls, jlong engine) {
  (void)env;
  (void)cls;
  ranging_engine_destroy(engine_of(engine)); /* NULL is ignored */
}

JNIEXPORT jint JNICALL Java_rangingengine_Native_update(JNIEnv *env, jclass cls, jlong engine, jlong time_us,
                                                        jlong object_id, jdouble distance_m, jboolean has_direction,
                                                        jdouble x, jdouble y, jdouble z) {
  (void)env;
  (void)cls;
  if (engine == 0) return RANGING_ERROR_NULL_ARGUMENT;
  const double direction[3] = {x, y, z};
  return ranging_engine_update(engine_of(engine), (int64_t)time_us, (uint64_t)object_id, distance_m,
                               has_direction == JNI_TRUE ? direction : NULL);
}

JNIEXPORT jint JNICALL Java_rangingengine_Native_lifecycle(JNIEnv *env, jclass cls, jlong engine, jlong time_us,
                                                           jlong object_id, jint event) {
  (void)env;
  (void)cls;
  if (engine == 0) return RANGING_ERROR_NULL_ARGUMENT;
  if (event < 0) return RANGING_ERROR_INVALID_ARGUMENT;
  return ranging_engine_lifecycle(engine_of(engine), (int64_t)time_us, (uint64_t)object_id, (ranging_lifecycle_t)event);
}

JNIEXPORT jint JNICALL Java_rangingengine_Native_advanceClock(JNIEnv *env, jclass cls, jlong engine, jlong time_us) {
  (void)env;
  (void)cls;
  if (engine == 0) return RANGING_ERROR_NULL_ARGUMENT;
  return ranging_engine_advance_clock(engine_of(engine), (int64_t)time_us);
}

JNIEXPORT jint JNICALL Java_rangingengine_Native_drain(JNIEnv *env, jclass cls, jlong engine, jint capacity,
                                                       jlongArray time_us, jlongArray object_id,
                                                       jdoubleArray distance_m, jdoubleArray sigma_m,
                                                       jintArray kind_zone_reason) {
  (void)cls;
  if (engine == 0) return RANGING_ERROR_NULL_ARGUMENT;
  if (capacity < 0) return RANGING_ERROR_INVALID_ARGUMENT;
  if (!holds(env, time_us, capacity) || !holds(env, object_id, capacity) || !holds(env, distance_m, capacity) ||
      !holds(env, sigma_m, capacity) || !holds(env, kind_zone_reason, capacity))
    return RANGING_ERROR_NULL_ARGUMENT;
  /* Drained in chunks through a stack buffer: no allocation, any capacity. */
  ranging_zone_event_t events[64];
  jint written = 0;
  while (written < capacity) {
    size_t want = (size_t)(capacity - written) < 64 ? (size_t)(capacity - written) : 64;
    size_t count = 0;
    ranging_status_t status = ranging_engine_drain_events(engine_of(engine), events, want, &count);
    if (status != RANGING_OK) return status;
    if (count > want) return RANGING_ERROR_INVALID_ARGUMENT;
    for (size_t i = 0; i < count; i++) {
      jlong t = events[i].time_us, o = (jlong)events[i].object_id;
      jdouble d = events[i].distance_m, s = events[i].distance_sigma_m;
      jint codes = (jint)(events[i].zone & 0xff) | (jint)events[i].kind << 8 | (jint)events[i].reason << 16;
      if (events[i].zone > 0xff) codes = 0xff; /* an impossible zone: the Java side refuses it */
      (*env)->SetLongArrayRegion(env, time_us, written, 1, &t);
      (*env)->SetLongArrayRegion(env, object_id, written, 1, &o);
      (*env)->SetDoubleArrayRegion(env, distance_m, written, 1, &d);
      (*env)->SetDoubleArrayRegion(env, sigma_m, written, 1, &s);
      (*env)->SetIntArrayRegion(env, kind_zone_reason, written, 1, &codes);
      written++;
    }
    if (count < want) break;
  }
  return written;
}

JNIEXPORT jint JNICALL Java_rangingengine_Native_readState(JNIEnv *env, jclass cls, jlong engine, jlong object_id,
                                                           jlongArray times, jdoubleArray values, jintArray flags) {
  (void)cls;
  if (engine == 0) return RANGING_ERROR_NULL_ARGUMENT;
  if (!holds(env, times, 1) || !holds(env, values, 8) || !holds(env, flags, 3)) return RANGING_ERROR_NULL_ARGUMENT;
  ranging_object_state_t state;
  ranging_status_t status = ranging_engine_read_object_state(engine_of(engine), (uint64_t)object_id, &state);
  if (status != RANGING_OK) return status;
  jlong t = state.time_us;
  jdouble v[8] = {state.distance_m, state.distance_sigma_m, state.distance_rate_m_per_s, state.direction[0],
                  state.direction[1], state.direction[2], state.direction_sigma_rad, state.nlos_probability};
  jint f[3] = {(jint)state.zones_inside, (jint)state.direction_state, state.is_confirmed ? 1 : 0};
  (*env)->SetLongArrayRegion(env, times, 0, 1, &t);
  (*env)->SetDoubleArrayRegion(env, values, 0, 8, v);
  (*env)->SetIntArrayRegion(env, flags, 0, 3, f);
  return RANGING_OK;
}
