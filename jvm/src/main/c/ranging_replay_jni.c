// SPDX-License-Identifier: Apache-2.0
/*
 * JNI functions of rangingengine.Native over ranging_replay.h: the columnar
 * replay of a table (ranging_replay_table), of Java arrays or of columns
 * written in place in C memory (NativeTable), and rangectl's writers of
 * events and of the filtered track. A host library (ranging_replay.h needs
 * Foundation): scripts/build-jvm links it into the host's JNI library; the
 * Android build (jvm/android/CMakeLists.txt) leaves this file out.
 *
 * The Java side (TableReplay, ReplayWriters) checks every argument first and
 * names the field; this file checks again what only C can (a null or short
 * array, a wrong array type) and throws IllegalArgumentException rather than
 * read memory it was not given. Java arrays are copied into C buffers with
 * Get...ArrayRegion (no array is pinned, no critical section is held while
 * the replay runs, so the JVM's collector is never held up by it).
 */
#include <jni.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ranging_replay.h"

/* Column kinds, as TableReplay passes them. */
enum { COLUMN_NUMBERS = 0, COLUMN_INTEGERS = 1, COLUMN_TEXTS = 2 };

static void throw_named(JNIEnv *env, const char *class_name, const char *message) {
  if ((*env)->ExceptionCheck(env)) return;
  jclass cls = (*env)->FindClass(env, class_name);
  if (cls != NULL) (*env)->ThrowNew(env, cls, message);
}

static void refuse(JNIEnv *env, const char *message) { throw_named(env, "java/lang/IllegalArgumentException", message); }

static void out_of_memory(JNIEnv *env, const char *what) { throw_named(env, "java/lang/OutOfMemoryError", what); }

/* The length of a Java array, or -1 for null. */
static jsize length_of(JNIEnv *env, jarray array) { return array == NULL ? -1 : (*env)->GetArrayLength(env, array); }

/* A copy of a primitive Java array of `count` entries of `size` bytes, or NULL (exception thrown). */
static void *copy_array(JNIEnv *env, jarray array, jsize count, size_t size, char type) {
  void *buffer = malloc(count > 0 ? (size_t)count * size : 1);
  if (buffer == NULL) {
    out_of_memory(env, "rangingengine: no memory for a copy of a column");
    return NULL;
  }
  switch (type) {
    case 'D': (*env)->GetDoubleArrayRegion(env, (jdoubleArray)array, 0, count, buffer); break;
    case 'J': (*env)->GetLongArrayRegion(env, (jlongArray)array, 0, count, buffer); break;
    default: (*env)->GetByteArrayRegion(env, (jbyteArray)array, 0, count, buffer); break;
  }
  if ((*env)->ExceptionCheck(env)) {
    free(buffer);
    return NULL;
  }
  return buffer;
}

/* A Java byte[] of a C text (an empty array for an empty text). */
static jbyteArray bytes_of(JNIEnv *env, const char *bytes, size_t length) {
  if (length > (size_t)INT32_MAX - 8) {
    out_of_memory(env, "rangingengine: a text of the replay is longer than a Java array holds");
    return NULL;
  }
  jbyteArray array = (*env)->NewByteArray(env, (jsize)length);
  if (array != NULL && length > 0) (*env)->SetByteArrayRegion(env, array, 0, (jsize)length, (const jbyte *)bytes);
  return array;
}

/*
 * A NUL-terminated UTF-8 copy of a Java string (free it), or NULL with an
 * exception thrown. Encoded by String.getBytes(UTF_8): JNI's own
 * GetStringUTFChars gives modified UTF-8, which spells a character beyond
 * U+FFFF (an emoji in a zone's name) as two surrogates, not as UTF-8.
 */
static char *c_string(JNIEnv *env, jstring string) {
  jclass string_class = (*env)->FindClass(env, "java/lang/String");
  if (string_class == NULL) return NULL;
  jmethodID get_bytes = (*env)->GetMethodID(env, string_class, "getBytes", "(Ljava/lang/String;)[B");
  (*env)->DeleteLocalRef(env, string_class);
  jstring charset = (*env)->NewStringUTF(env, "UTF-8");
  if (get_bytes == NULL || charset == NULL) return NULL;
  jbyteArray encoded = (jbyteArray)(*env)->CallObjectMethod(env, string, get_bytes, charset);
  if (encoded == NULL || (*env)->ExceptionCheck(env)) return NULL;
  jsize length = (*env)->GetArrayLength(env, encoded);
  char *text = malloc((size_t)length + 1);
  if (text == NULL) {
    out_of_memory(env, "rangingengine: no memory for a name");
    return NULL;
  }
  (*env)->GetByteArrayRegion(env, encoded, 0, length, (jbyte *)text);
  text[length] = 0;
  (*env)->DeleteLocalRef(env, encoded);
  (*env)->DeleteLocalRef(env, charset);
  if (memchr(text, 0, (size_t)length) != NULL) {
    free(text);
    refuse(env, "rangingengine: a name or an option holds a NUL");
    return NULL;
  }
  return text;
}

static ranging_replay_result_t *result_of(jlong handle) { return (ranging_replay_result_t *)(intptr_t)handle; }

/*
 * The handle Java holds for a replay's result, or 0 when an exception is
 * pending: the result, if any, is freed then, since Java never sees it.
 */
static jlong handle_of(JNIEnv *env, ranging_replay_result_t *result) {
  if ((*env)->ExceptionCheck(env)) {
    if (result != NULL) {
      ranging_replay_result_free(result);
      free(result);
    }
    return 0;
  }
  return (jlong)(intptr_t)result;
}

/*
 * ranging_replay_table of columns already in C buffers, with the Java
 * options, naming the table `table_name`: the result (free it with
 * ranging_replay_result_free, then free), or NULL with an exception thrown
 * (`caller` names the Java function in a refusal).
 */
static ranging_replay_result_t *replay_columns(JNIEnv *env, const char *caller, jstring table_name,
                                               const ranging_replay_column_t *columns, size_t count,
                                               size_t row_count, jobjectArray options) {
  jsize option_count = length_of(env, options);
  char **option_texts = calloc((size_t)option_count + 1, sizeof *option_texts);
  char *name_text = NULL;
  ranging_replay_result_t *result = NULL;
  char message[160];
  if (option_texts == NULL) {
    out_of_memory(env, "rangingengine: no memory for the options");
    goto done;
  }
  for (jsize i = 0; i < option_count; i++) {
    jstring option = (jstring)(*env)->GetObjectArrayElement(env, options, i);
    if (option == NULL) {
      snprintf(message, sizeof message, "%s: a null option", caller);
      refuse(env, message);
      goto done;
    }
    option_texts[i] = c_string(env, option);
    (*env)->DeleteLocalRef(env, option);
    if (option_texts[i] == NULL) goto done;
  }
  name_text = c_string(env, table_name);
  if (name_text == NULL) goto done;
  result = calloc(1, sizeof *result);
  if (result == NULL) {
    out_of_memory(env, "rangingengine: no memory for the replay's result");
    goto done;
  }
  ranging_replay_table(name_text, columns, count, row_count, (const char *const *)option_texts,
                       (size_t)option_count, result);
done:
  free(name_text);
  for (jsize i = 0; option_texts != NULL && i < option_count; i++) free(option_texts[i]);
  free(option_texts);
  return result;
}

/*
 * ranging_replay_table of the columns: names[i] is column i's header name;
 * kinds[i] its kind; data[i] a double[] (numbers), long[] (integers) or
 * byte[] (texts: the UTF-8 bytes, with offsets[i] a long[] of rowCount + 1
 * offsets); validity[i] a byte[] bitmap or null. Returns a handle to the
 * result (free it with replayFree), or 0 with an exception thrown.
 */
JNIEXPORT jlong JNICALL Java_rangingengine_Native_replayTable(JNIEnv *env, jclass cls, jstring table_name,
                                                              jobjectArray names, jintArray kinds, jobjectArray data,
                                                              jobjectArray offsets, jobjectArray validity,
                                                              jint row_count, jobjectArray options) {
  (void)cls;
  if (table_name == NULL || names == NULL || kinds == NULL || data == NULL || offsets == NULL || validity == NULL ||
      options == NULL) {
    refuse(env, "replayTable: a null argument");
    return 0;
  }
  if (row_count < 0) {
    refuse(env, "replayTable: a negative row count");
    return 0;
  }
  jsize count = length_of(env, names);
  if (length_of(env, kinds) != count || length_of(env, data) != count || length_of(env, offsets) != count ||
      length_of(env, validity) != count) {
    refuse(env, "replayTable: the column arrays differ in length");
    return 0;
  }
  ranging_replay_column_t *columns = calloc((size_t)count + 1, sizeof *columns);
  void **owned = calloc((size_t)count * 3 + 1, sizeof *owned);
  jstring *name_strings = calloc((size_t)count + 1, sizeof *name_strings);
  char **owned_names = calloc((size_t)count + 1, sizeof *owned_names);
  ranging_replay_result_t *result = NULL;
  jint *kind_values = NULL;
  if (columns == NULL || owned == NULL || owned_names == NULL || name_strings == NULL) {
    out_of_memory(env, "rangingengine: no memory for the table's columns");
    goto done;
  }
  kind_values = malloc(((size_t)count + 1) * sizeof *kind_values);
  if (kind_values == NULL) {
    out_of_memory(env, "rangingengine: no memory for the table's columns");
    goto done;
  }
  (*env)->GetIntArrayRegion(env, kinds, 0, count, kind_values);
  jclass doubles = (*env)->FindClass(env, "[D"), longs = (*env)->FindClass(env, "[J"),
         bytes = (*env)->FindClass(env, "[B");
  if (doubles == NULL || longs == NULL || bytes == NULL) goto done;
  char message[160];
  for (jsize i = 0; i < count; i++) {
    name_strings[i] = (jstring)(*env)->GetObjectArrayElement(env, names, i);
    jobject values = (*env)->GetObjectArrayElement(env, data, i);
    jobject offset_array = (*env)->GetObjectArrayElement(env, offsets, i);
    jobject bitmap = (*env)->GetObjectArrayElement(env, validity, i);
    if (name_strings[i] == NULL || values == NULL) {
      snprintf(message, sizeof message, "replayTable: column %d has no name or no values", (int)i + 1);
      refuse(env, message);
      goto done;
    }
    columns[i].name = owned_names[i] = c_string(env, name_strings[i]);
    (*env)->DeleteLocalRef(env, name_strings[i]);
    if (columns[i].name == NULL) goto done;
    jsize held = length_of(env, values);
    switch (kind_values[i]) {
      case COLUMN_NUMBERS:
        if (!(*env)->IsInstanceOf(env, values, doubles) || held < row_count) break;
        columns[i].numbers = owned[3 * i] = copy_array(env, values, row_count, sizeof(double), 'D');
        if (columns[i].numbers == NULL) goto done;
        held = -2;
        break;
      case COLUMN_INTEGERS:
        if (!(*env)->IsInstanceOf(env, values, longs) || held < row_count) break;
        columns[i].integers = owned[3 * i] = copy_array(env, values, row_count, sizeof(int64_t), 'J');
        if (columns[i].integers == NULL) goto done;
        held = -2;
        break;
      case COLUMN_TEXTS: {
        jsize offset_count = length_of(env, offset_array);
        if (!(*env)->IsInstanceOf(env, values, bytes) || offset_array == NULL ||
            !(*env)->IsInstanceOf(env, offset_array, longs) || offset_count < row_count + 1)
          break;
        int64_t *copied = owned[3 * i] = copy_array(env, offset_array, row_count + 1, sizeof(int64_t), 'J');
        if (copied == NULL) goto done;
        /* ranging_replay_table reads bytes[offsets[i] .. offsets[i + 1]): keep them within the array. */
        int in_order = copied[0] >= 0;
        for (jsize row = 0; in_order && row < row_count; row++) in_order = copied[row + 1] >= copied[row];
        if (!in_order || copied[row_count] > held) break;
        columns[i].offsets = copied;
        columns[i].bytes = owned[3 * i + 1] = copy_array(env, values, held, 1, 'B');
        if (columns[i].bytes == NULL) goto done;
        held = -2;
        break;
      }
      default: break;
    }
    if (held != -2) {
      snprintf(message, sizeof message,
               "replayTable: column %d's values are not an array of its kind with %d rows", (int)i + 1, (int)row_count);
      refuse(env, message);
      goto done;
    }
    if (bitmap != NULL) {
      jsize need = (jsize)(((int64_t)row_count + 7) / 8);
      if (!(*env)->IsInstanceOf(env, bitmap, bytes) || length_of(env, bitmap) < need) {
        snprintf(message, sizeof message, "replayTable: column %d's validity holds fewer than %d bits", (int)i + 1,
                 (int)row_count);
        refuse(env, message);
        goto done;
      }
      columns[i].validity = owned[3 * i + 2] = copy_array(env, bitmap, need, 1, 'B');
      if (columns[i].validity == NULL) goto done;
    }
    (*env)->DeleteLocalRef(env, values);
    if (offset_array != NULL) (*env)->DeleteLocalRef(env, offset_array);
    if (bitmap != NULL) (*env)->DeleteLocalRef(env, bitmap);
  }
  result = replay_columns(env, "replayTable", table_name, columns, (size_t)count, (size_t)row_count, options);

done:
  for (jsize i = 0; owned_names != NULL && i < count; i++) free(owned_names[i]);
  free(owned_names);
  for (jsize i = 0; owned != NULL && i < count * 3; i++) free(owned[i]);
  free(owned);
  free(columns);
  free(name_strings);
  free(kind_values);
  return handle_of(env, result);
}

/* The most threads --jobs takes (ranging_replay_max_jobs). */
JNIEXPORT jint JNICALL Java_rangingengine_Native_replayMaxJobs(JNIEnv *env, jclass cls) {
  (void)env;
  (void)cls;
  return ranging_replay_max_jobs();
}

/* Frees a result of replayTable (0 is ignored). */
JNIEXPORT void JNICALL Java_rangingengine_Native_replayFree(JNIEnv *env, jclass cls, jlong handle) {
  (void)env;
  (void)cls;
  if (handle == 0) return;
  ranging_replay_result_free(result_of(handle));
  free(result_of(handle));
}

/* The status, the counts (rows_read ... exit_events, ranging_replay_result_t's order), event_count and state_count. */
JNIEXPORT jboolean JNICALL Java_rangingengine_Native_replayCounts(JNIEnv *env, jclass cls, jlong handle,
                                                                  jlongArray out) {
  (void)cls;
  if (handle == 0 || length_of(env, out) < 12) return JNI_FALSE;
  const ranging_replay_result_t *r = result_of(handle);
  jlong values[12] = {r->status,   r->rows_read, r->measurements_accepted, r->lifecycle_accepted,
                      r->poses_accepted, r->rows_rejected, r->objects, r->evictions,
                      r->enter_events, r->exit_events, (jlong)r->event_count, (jlong)r->state_count};
  (*env)->SetLongArrayRegion(env, out, 0, 12, values);
  return JNI_TRUE;
}

/* One of the result's texts: 0 events, 1 filtered, 2 rejected, 3 messages, 4 unused columns, 5 object names, 6 zone names. */
JNIEXPORT jbyteArray JNICALL Java_rangingengine_Native_replayText(JNIEnv *env, jclass cls, jlong handle, jint which) {
  (void)cls;
  if (handle == 0) {
    refuse(env, "replayText: no result");
    return NULL;
  }
  const ranging_replay_result_t *r = result_of(handle);
  const ranging_replay_text_t *texts[] = {&r->events,         &r->filtered,     &r->rejected,  &r->messages,
                                          &r->unused_columns, &r->object_names, &r->zone_names};
  if (which < 0 || which >= (jint)(sizeof texts / sizeof texts[0])) {
    refuse(env, "replayText: no such text");
    return NULL;
  }
  return bytes_of(env, texts[which]->bytes, texts[which]->length);
}

/* The event records into arrays of event_count entries: t, object, distance, sigma, zone, kind, reason. */
JNIEXPORT jboolean JNICALL Java_rangingengine_Native_replayEvents(JNIEnv *env, jclass cls, jlong handle,
                                                                  jdoubleArray t, jlongArray object,
                                                                  jdoubleArray distance, jdoubleArray sigma,
                                                                  jintArray zone, jbyteArray kind, jbyteArray reason) {
  (void)cls;
  if (handle == 0) return JNI_FALSE;
  const ranging_replay_result_t *r = result_of(handle);
  jsize n = (jsize)r->event_count;
  if ((size_t)n != r->event_count || length_of(env, t) < n || length_of(env, object) < n ||
      length_of(env, distance) < n || length_of(env, sigma) < n || length_of(env, zone) < n ||
      length_of(env, kind) < n || length_of(env, reason) < n)
    return JNI_FALSE;
  for (jsize i = 0; i < n; i++) {
    const ranging_replay_event_t *e = &r->event_records[i];
    jlong o = e->object;
    jint z = (jint)e->zone;
    jbyte k = (jbyte)e->kind, why = (jbyte)e->reason;
    (*env)->SetDoubleArrayRegion(env, t, i, 1, &e->t);
    (*env)->SetLongArrayRegion(env, object, i, 1, &o);
    (*env)->SetDoubleArrayRegion(env, distance, i, 1, &e->distance_m);
    (*env)->SetDoubleArrayRegion(env, sigma, i, 1, &e->sigma_m);
    (*env)->SetIntArrayRegion(env, zone, i, 1, &z);
    (*env)->SetByteArrayRegion(env, kind, i, 1, &k);
    (*env)->SetByteArrayRegion(env, reason, i, 1, &why);
  }
  return JNI_TRUE;
}

/*
 * The filtered track's columns (ranging_filtered_columns) of the state
 * records into arrays of state_count entries: t, object, distance, sigma,
 * dir_x, dir_y, dir_z, direction_state, dir_sigma_deg, nlos. Returns
 * ranging_filtered_columns' status, or -1 for arrays that do not fit.
 */
JNIEXPORT jint JNICALL Java_rangingengine_Native_replayStates(JNIEnv *env, jclass cls, jlong handle, jdoubleArray t,
                                                              jlongArray object, jdoubleArray distance,
                                                              jdoubleArray sigma, jdoubleArray dir_x,
                                                              jdoubleArray dir_y, jdoubleArray dir_z,
                                                              jbyteArray direction_state, jdoubleArray dir_sigma_deg,
                                                              jdoubleArray nlos) {
  (void)cls;
  if (handle == 0) return -1;
  const ranging_replay_result_t *r = result_of(handle);
  jsize n = (jsize)r->state_count;
  jdoubleArray doubles[] = {t, distance, sigma, dir_x, dir_y, dir_z, dir_sigma_deg, nlos};
  for (size_t i = 0; i < sizeof doubles / sizeof doubles[0]; i++)
    if (length_of(env, doubles[i]) < n) return -1;
  if ((size_t)n != r->state_count || length_of(env, object) < n || length_of(env, direction_state) < n) return -1;
  /* In chunks through one buffer: the C columns of 4,096 rows at a time. */
  enum { CHUNK = 4096 };
  double *numbers = malloc(sizeof(double) * CHUNK * 8);
  int64_t *objects = malloc(sizeof(int64_t) * CHUNK);
  uint8_t *states = malloc(CHUNK);
  jint status = 0;
  if (numbers == NULL || objects == NULL || states == NULL) {
    out_of_memory(env, "rangingengine: no memory for the filtered columns");
    status = -1;
  }
  for (jsize start = 0; status == 0 && start < n; start += CHUNK) {
    jsize rows = n - start < CHUNK ? n - start : CHUNK;
    ranging_filtered_arrays_t arrays = {numbers, objects, numbers + CHUNK, numbers + 2 * CHUNK, numbers + 3 * CHUNK,
                                        numbers + 4 * CHUNK, numbers + 5 * CHUNK, states, numbers + 6 * CHUNK,
                                        numbers + 7 * CHUNK};
    status = ranging_filtered_columns(r->state_records + start, (size_t)rows, &arrays);
    if (status != 0) break;
    for (size_t c = 0; c < 8; c++) (*env)->SetDoubleArrayRegion(env, doubles[c], start, rows, numbers + c * CHUNK);
    (*env)->SetLongArrayRegion(env, object, start, rows, (const jlong *)objects);
    (*env)->SetByteArrayRegion(env, direction_state, start, rows, (const jbyte *)states);
  }
  free(numbers);
  free(objects);
  free(states);
  return status;
}

/* Names as ranging_names_t from a long[] of count + 1 offsets and a byte[]; 0, or -1 with an exception thrown. */
static int names_of(JNIEnv *env, jlongArray offsets, jbyteArray bytes, const char *field, ranging_names_t *names,
                    void **owned) {
  char message[120];
  jsize count = length_of(env, offsets) - 1;
  jsize held = length_of(env, bytes);
  if (count < 0 || held < 0) {
    snprintf(message, sizeof message, "%s: no names", field);
    refuse(env, message);
    return -1;
  }
  int64_t *copied = owned[0] = copy_array(env, offsets, count + 1, sizeof(int64_t), 'J');
  if (copied == NULL) return -1;
  for (jsize i = 0; i < count; i++)
    if (copied[0] < 0 || copied[i + 1] < copied[i]) {
      snprintf(message, sizeof message, "%s: offsets out of order", field);
      refuse(env, message);
      return -1;
    }
  if (count > 0 && copied[count] > held) {
    snprintf(message, sizeof message, "%s: offsets past the bytes", field);
    refuse(env, message);
    return -1;
  }
  names->offsets = copied;
  names->bytes = owned[1] = copy_array(env, bytes, held, 1, 'B');
  names->count = (size_t)count;
  return names->bytes == NULL ? -1 : 0;
}

/* A writer's text as a byte[], or an exception naming the writer and its status. */
static jbyteArray written(JNIEnv *env, const char *writer, int32_t status, ranging_replay_text_t *text) {
  jbyteArray array = NULL;
  if (status == 0) {
    array = bytes_of(env, text->bytes, text->length);
  } else {
    char message[160];
    snprintf(message, sizeof message,
             "%s refused the records (status %d: an index or a code out of range, or a name it cannot write)", writer,
             (int)status);
    if (status == 74) out_of_memory(env, message); else refuse(env, message);
  }
  ranging_replay_text_free(text);
  return array;
}

/* ranging_write_events of events as arrays of `count` entries (checked by the caller), with their names. */
JNIEXPORT jbyteArray JNICALL Java_rangingengine_Native_writeEvents(
    JNIEnv *env, jclass cls, jint count, jdoubleArray t, jlongArray object, jdoubleArray distance, jdoubleArray sigma,
    jintArray zone, jbyteArray kind, jbyteArray reason, jlongArray object_offsets, jbyteArray object_bytes,
    jlongArray zone_offsets, jbyteArray zone_bytes) {
  (void)cls;
  if (count < 0 || length_of(env, t) < count || length_of(env, object) < count || length_of(env, distance) < count ||
      length_of(env, sigma) < count || length_of(env, zone) < count || length_of(env, kind) < count ||
      length_of(env, reason) < count) {
    refuse(env, "writeEvents: an array is null or shorter than the count");
    return NULL;
  }
  void *owned[11] = {0};
  ranging_names_t objects = {0}, zones = {0};
  ranging_replay_event_t *events = NULL;
  jbyteArray array = NULL;
  if (names_of(env, object_offsets, object_bytes, "writeEvents: objects", &objects, owned) != 0 ||
      names_of(env, zone_offsets, zone_bytes, "writeEvents: zones", &zones, owned + 2) != 0)
    goto done;
  double *times = owned[4] = copy_array(env, t, count, sizeof(double), 'D');
  int64_t *ids = owned[5] = copy_array(env, object, count, sizeof(int64_t), 'J');
  double *distances = owned[6] = copy_array(env, distance, count, sizeof(double), 'D');
  double *sigmas = owned[7] = copy_array(env, sigma, count, sizeof(double), 'D');
  jint *zone_codes = owned[8] = malloc(sizeof(jint) * ((size_t)count + 1));
  int8_t *kinds = owned[9] = copy_array(env, kind, count, 1, 'B');
  int8_t *reasons = owned[10] = copy_array(env, reason, count, 1, 'B');
  events = malloc(sizeof *events * ((size_t)count + 1));
  if (times == NULL || ids == NULL || distances == NULL || sigmas == NULL || zone_codes == NULL || kinds == NULL ||
      reasons == NULL || events == NULL) {
    out_of_memory(env, "rangingengine: no memory for the events");
    goto done;
  }
  (*env)->GetIntArrayRegion(env, zone, 0, count, zone_codes);
  for (jint i = 0; i < count; i++) {
    if (zone_codes[i] < 0 || kinds[i] < 0 || reasons[i] < 0) {
      refuse(env, "writeEvents: a negative zone, kind or reason");
      goto done;
    }
    events[i] = (ranging_replay_event_t){times[i], ids[i], distances[i], sigmas[i], (uint32_t)zone_codes[i],
                                         (uint8_t)kinds[i], (uint8_t)reasons[i]};
  }
  ranging_replay_text_t text = {0};
  array = written(env, "ranging_write_events",
                  ranging_write_events(events, (size_t)count, &objects, &zones, &text), &text);
done:
  for (size_t i = 0; i < sizeof owned / sizeof owned[0]; i++) free(owned[i]);
  free(events);
  return array;
}

/* ranging_write_filtered of the §3 columns, `count` entries each (checked here), with the objects' names. */
JNIEXPORT jbyteArray JNICALL Java_rangingengine_Native_writeFiltered(
    JNIEnv *env, jclass cls, jint count, jdoubleArray t, jlongArray object, jdoubleArray distance, jdoubleArray sigma,
    jdoubleArray dir_x, jdoubleArray dir_y, jdoubleArray dir_z, jbyteArray direction_state,
    jdoubleArray dir_sigma_deg, jdoubleArray nlos, jlongArray object_offsets, jbyteArray object_bytes) {
  (void)cls;
  jdoubleArray doubles[] = {t, distance, sigma, dir_x, dir_y, dir_z, dir_sigma_deg, nlos};
  int fits = count >= 0 && length_of(env, object) >= count && length_of(env, direction_state) >= count;
  for (size_t i = 0; fits && i < 8; i++) fits = length_of(env, doubles[i]) >= count;
  if (!fits) {
    refuse(env, "writeFiltered: an array is null or shorter than the count");
    return NULL;
  }
  void *owned[12] = {0};
  ranging_names_t objects = {0};
  jbyteArray array = NULL;
  if (names_of(env, object_offsets, object_bytes, "writeFiltered: objects", &objects, owned) != 0) goto done;
  double *copies[8];
  for (size_t i = 0; i < 8; i++) {
    copies[i] = owned[2 + i] = copy_array(env, doubles[i], count, sizeof(double), 'D');
    if (copies[i] == NULL) goto done;
  }
  int64_t *ids = owned[10] = copy_array(env, object, count, sizeof(int64_t), 'J');
  uint8_t *states = owned[11] = copy_array(env, direction_state, count, 1, 'B');
  if (ids == NULL || states == NULL) goto done;
  ranging_filtered_columns_t columns = {copies[0], ids, copies[1], copies[2], copies[3],
                                        copies[4], copies[5], states, copies[6], copies[7]};
  ranging_replay_text_t text = {0};
  array = written(env, "ranging_write_filtered",
                  ranging_write_filtered(&columns, (size_t)count, &objects, &text), &text);
done:
  for (size_t i = 0; i < sizeof owned / sizeof owned[0]; i++) free(owned[i]);
  return array;
}

/* ranging_record_column_type of a record's kind and a column (-1 for a kind it does not know, or a null name). */
JNIEXPORT jint JNICALL Java_rangingengine_Native_recordColumnType(JNIEnv *env, jclass cls, jstring record,
                                                                  jstring column) {
  (void)cls;
  if (record == NULL || column == NULL) return -1;
  char *record_text = c_string(env, record);
  char *column_text = record_text == NULL ? NULL : c_string(env, column);
  jint type = column_text == NULL ? -1 : ranging_record_column_type(record_text, column_text);
  free(record_text);
  free(column_text);
  return type;
}

/*
 * ranging_null_column_refusal's words, UTF-8, for `count` rows without a value in `column`, which `keyword` names;
 * `shown` holds pairs of a column's name and one refused row's value there (null: none), or is null (no example).
 */
JNIEXPORT jbyteArray JNICALL Java_rangingengine_Native_nullColumnRefusal(JNIEnv *env, jclass cls, jstring keyword,
                                                                         jstring column, jboolean whole_number,
                                                                         jlong count, jobjectArray shown) {
  (void)cls;
  jsize shown_length = shown == NULL ? 0 : length_of(env, shown);
  if (keyword == NULL || column == NULL || shown_length % 2 != 0) {
    refuse(env, "nullColumnRefusal: a null keyword or column, or a name without its value");
    return NULL;
  }
  char **texts = calloc((size_t)shown_length + 2, sizeof *texts);
  if (texts == NULL) {
    out_of_memory(env, "rangingengine: no memory for a refusal");
    return NULL;
  }
  jbyteArray array = NULL;
  int copied = (texts[shown_length] = c_string(env, keyword)) != NULL &&
               (texts[shown_length + 1] = c_string(env, column)) != NULL;
  for (jsize i = 0; copied && i < shown_length; i++) {
    jstring given = (jstring)(*env)->GetObjectArrayElement(env, shown, i);
    if (given != NULL) copied = (texts[i] = c_string(env, given)) != NULL;
    else copied = i % 2 == 1 && !(*env)->ExceptionCheck(env);  /* a value may be missing, a name may not */
    if (given != NULL) (*env)->DeleteLocalRef(env, given);
  }
  if (copied) {
    ranging_replay_text_t text = {0};
    array = written(env, "ranging_null_column_refusal",
                    ranging_null_column_refusal(texts[shown_length], texts[shown_length + 1], whole_number ? 1 : 0,
                                                count, (const char *const *)texts, (size_t)shown_length / 2, &text),
                    &text);
  } else {
    refuse(env, "nullColumnRefusal: a name without text");
  }
  for (jsize i = 0; i < shown_length + 2; i++) free(texts[i]);
  free(texts);
  return array;
}

/*
 * A table's columns in C buffers, written in place by the Java side (NativeTable) a run of rows at a time, from
 * several threads at once (each column by one thread at a time), then replayed without another copy. Each
 * column's validity bitmap starts with every row valid; a row written as missing (a NaN number, a missing integer
 * or text) clears its bit, and only a column with such a row gives its bitmap to the replay.
 */
typedef struct {
  jsize column_count;
  size_t row_count;
  ranging_replay_column_t *columns;
  int *kinds;
  uint8_t **validity;
  int *has_nulls;
  int64_t *byte_counts;    /* a column of texts: the bytes it holds */
  int64_t *rows_written;   /* every column's rows must all be written before the replay */
} native_table_t;

static native_table_t *native_table_of(jlong handle) { return (native_table_t *)(intptr_t)handle; }

static void native_table_free(native_table_t *table) {
  if (table == NULL) return;
  for (jsize i = 0; table->columns != NULL && i < table->column_count; i++) {
    free((void *)table->columns[i].name);
    free((void *)table->columns[i].numbers);
    free((void *)table->columns[i].integers);
    free((void *)table->columns[i].offsets);
    free((void *)table->columns[i].bytes);
    if (table->validity != NULL) free(table->validity[i]);
  }
  free(table->columns);
  free(table->kinds);
  free(table->validity);
  free(table->has_nulls);
  free(table->byte_counts);
  free(table->rows_written);
  free(table);
}

/*
 * A table of row_count rows whose column i is named names[i], of kind kinds[i] (as replayTable's), a column of
 * texts holding text_bytes[i] bytes: its handle (free it with nativeTableFree), or 0 with an exception thrown. The
 * buffers are allocated, not written (their pages are touched by the threads that write them).
 */
JNIEXPORT jlong JNICALL Java_rangingengine_Native_nativeTableCreate(JNIEnv *env, jclass cls, jobjectArray names,
                                                                    jintArray kinds, jint row_count,
                                                                    jlongArray text_bytes) {
  (void)cls;
  jsize count = length_of(env, names);
  if (count < 0 || length_of(env, kinds) != count || length_of(env, text_bytes) != count || row_count < 0) {
    refuse(env, "nativeTableCreate: null or unequal arrays, or a negative row count");
    return 0;
  }
  native_table_t *table = calloc(1, sizeof *table);
  if (table == NULL) {
    out_of_memory(env, "rangingengine: no memory for a table");
    return 0;
  }
  table->column_count = count;
  table->row_count = (size_t)row_count;
  table->columns = calloc((size_t)count + 1, sizeof *table->columns);
  table->kinds = calloc((size_t)count + 1, sizeof *table->kinds);
  table->validity = calloc((size_t)count + 1, sizeof *table->validity);
  table->has_nulls = calloc((size_t)count + 1, sizeof *table->has_nulls);
  table->byte_counts = calloc((size_t)count + 1, sizeof *table->byte_counts);
  table->rows_written = calloc((size_t)count + 1, sizeof *table->rows_written);
  if (table->columns == NULL || table->kinds == NULL || table->validity == NULL || table->has_nulls == NULL ||
      table->byte_counts == NULL || table->rows_written == NULL) {
    out_of_memory(env, "rangingengine: no memory for a table");
    native_table_free(table);
    return 0;
  }
  (*env)->GetIntArrayRegion(env, kinds, 0, count, table->kinds);
  (*env)->GetLongArrayRegion(env, text_bytes, 0, count, table->byte_counts);
  size_t rows = (size_t)row_count;
  for (jsize i = 0; i < count && !(*env)->ExceptionCheck(env); i++) {
    jstring name = (jstring)(*env)->GetObjectArrayElement(env, names, i);
    if (name == NULL) {
      refuse(env, "nativeTableCreate: a column without a name");
      break;
    }
    table->columns[i].name = c_string(env, name);
    (*env)->DeleteLocalRef(env, name);
    if (table->columns[i].name == NULL) break;
    int allocated = 1;
    switch (table->kinds[i]) {
      case COLUMN_NUMBERS: allocated = (table->columns[i].numbers = malloc(rows * sizeof(double) + 1)) != NULL; break;
      case COLUMN_INTEGERS: allocated = (table->columns[i].integers = malloc(rows * sizeof(int64_t) + 1)) != NULL; break;
      case COLUMN_TEXTS: {
        if (table->byte_counts[i] < 0) {
          refuse(env, "nativeTableCreate: a negative count of bytes");
          break;
        }
        int64_t *offsets = malloc((rows + 1) * sizeof(int64_t));
        table->columns[i].offsets = offsets;
        table->columns[i].bytes = malloc((size_t)table->byte_counts[i] + 1);
        allocated = offsets != NULL && table->columns[i].bytes != NULL;
        if (offsets != NULL) offsets[0] = 0;
        break;
      }
      default: refuse(env, "nativeTableCreate: a kind of column that is none of numbers, integers and texts"); break;
    }
    table->validity[i] = malloc(rows / 8 + 1);
    if (!allocated || table->validity[i] == NULL) {
      out_of_memory(env, "rangingengine: no memory for a table's column");
      break;
    }
    memset(table->validity[i], 0xff, rows / 8 + 1);
  }
  if ((*env)->ExceptionCheck(env)) {
    native_table_free(table);
    return 0;
  }
  return (jlong)(intptr_t)table;
}

/*
 * The table's column `column` if it is of `kind` and rows at .. at + count are within it, else NULL with an
 * exception naming `caller`.
 */
static native_table_t *native_column(JNIEnv *env, const char *caller, jlong handle, jint column, int kind, jint at,
                                     jint count) {
  native_table_t *table = native_table_of(handle);
  if (table == NULL || column < 0 || column >= table->column_count || table->kinds[column] != kind || at < 0 ||
      count < 0 || (size_t)at + (size_t)count > table->row_count) {
    char message[160];
    snprintf(message, sizeof message, "%s: no such column of that kind, or rows outside the table", caller);
    refuse(env, message);
    return NULL;
  }
  return table;
}

/* Marks one row of the column missing: its validity bit cleared (Arrow's layout, least significant bit first). */
static void mark_row_missing(native_table_t *table, jint column, size_t row) {
  table->validity[column][row >> 3] &= (uint8_t) ~(1u << (row & 7));
  table->has_nulls[column] = 1;
}

/* Marks rows at .. at + count of the column missing where missing[i] (a boolean[] of count or more), if given. */
static void mark_missing(JNIEnv *env, native_table_t *table, jint column, jint at, jbooleanArray missing, jint count) {
  if (missing == NULL || count == 0) return;
  if (length_of(env, missing) < count) {
    refuse(env, "nativeTable: fewer flags than rows");
    return;
  }
  jboolean *flags = malloc((size_t)count * sizeof *flags);
  if (flags == NULL) {
    out_of_memory(env, "rangingengine: no memory for a column's flags");
    return;
  }
  (*env)->GetBooleanArrayRegion(env, missing, 0, count, flags);
  if ((*env)->ExceptionCheck(env)) {
    free(flags);
    return;
  }
  for (jint i = 0; i < count; i++) {
    if (flags[i]) mark_row_missing(table, column, (size_t)at + (size_t)i);
  }
  free(flags);
}

/* Numbers into rows at .. at + count of a column of numbers; a NaN is a missing value. */
JNIEXPORT void JNICALL Java_rangingengine_Native_nativeTableNumbers(JNIEnv *env, jclass cls, jlong handle,
                                                                    jint column, jint at, jdoubleArray values,
                                                                    jint count) {
  (void)cls;
  native_table_t *table = native_column(env, "nativeTableNumbers", handle, column, COLUMN_NUMBERS, at, count);
  if (table == NULL) return;
  if (length_of(env, values) < count) {
    refuse(env, "nativeTableNumbers: fewer values than rows");
    return;
  }
  double *numbers = (double *)table->columns[column].numbers + at;
  (*env)->GetDoubleArrayRegion(env, values, 0, count, numbers);
  if ((*env)->ExceptionCheck(env)) return;
  for (jint i = 0; i < count; i++) {
    if (isnan(numbers[i])) mark_row_missing(table, column, (size_t)at + (size_t)i);
  }
  table->rows_written[column] += count;
}

/* Integers into rows at .. at + count of a column of integers, missing where missing[i] (missing may be null). */
JNIEXPORT void JNICALL Java_rangingengine_Native_nativeTableIntegers(JNIEnv *env, jclass cls, jlong handle,
                                                                     jint column, jint at, jlongArray values,
                                                                     jbooleanArray missing, jint count) {
  (void)cls;
  native_table_t *table = native_column(env, "nativeTableIntegers", handle, column, COLUMN_INTEGERS, at, count);
  if (table == NULL) return;
  if (length_of(env, values) < count) {
    refuse(env, "nativeTableIntegers: fewer values than rows");
    return;
  }
  (*env)->GetLongArrayRegion(env, values, 0, count, (jlong *)table->columns[column].integers + at);
  mark_missing(env, table, column, at, missing, count);
  if (!(*env)->ExceptionCheck(env)) table->rows_written[column] += count;
}

/*
 * Texts into rows at .. at + count of a column of texts: row at + i ends at byte first_byte + ends[i] of the
 * column's bytes (written by nativeTableBytes), missing where missing[i] (missing may be null). The ends must not
 * decrease, nor pass the column's bytes; the first row's start is the previous row's end (0 for row 0).
 */
JNIEXPORT void JNICALL Java_rangingengine_Native_nativeTableTexts(JNIEnv *env, jclass cls, jlong handle, jint column,
                                                                  jint at, jlong first_byte, jlongArray ends,
                                                                  jbooleanArray missing, jint count) {
  (void)cls;
  native_table_t *table = native_column(env, "nativeTableTexts", handle, column, COLUMN_TEXTS, at, count);
  if (table == NULL) return;
  if (length_of(env, ends) < count || first_byte < 0) {
    refuse(env, "nativeTableTexts: fewer ends than rows, or a negative first byte");
    return;
  }
  int64_t *offsets = (int64_t *)table->columns[column].offsets + at + 1;
  (*env)->GetLongArrayRegion(env, ends, 0, count, (jlong *)offsets);
  if ((*env)->ExceptionCheck(env)) return;
  for (jint i = 0; i < count; i++) offsets[i] += first_byte;
  mark_missing(env, table, column, at, missing, count);
  if (!(*env)->ExceptionCheck(env)) table->rows_written[column] += count;
}

/* bytes[0 .. count) into the column of texts' bytes at `at`. */
JNIEXPORT void JNICALL Java_rangingengine_Native_nativeTableBytes(JNIEnv *env, jclass cls, jlong handle, jint column,
                                                                  jlong at, jbyteArray bytes, jint count) {
  (void)cls;
  native_table_t *table = native_column(env, "nativeTableBytes", handle, column, COLUMN_TEXTS, 0, 0);
  if (table == NULL) return;
  if (length_of(env, bytes) < count || count < 0 || at < 0 || at + count > table->byte_counts[column]) {
    refuse(env, "nativeTableBytes: fewer bytes than the count, or bytes outside the column's");
    return;
  }
  (*env)->GetByteArrayRegion(env, bytes, 0, count, (jbyte *)table->columns[column].bytes + at);
}

/*
 * ranging_replay_table of the table, once every row of every column is written (refused otherwise, as are texts'
 * ends that decrease or pass their bytes): the result's handle (free it with replayFree), or 0 with an exception.
 */
JNIEXPORT jlong JNICALL Java_rangingengine_Native_nativeTableReplay(JNIEnv *env, jclass cls, jlong handle,
                                                                    jstring table_name, jobjectArray options) {
  (void)cls;
  native_table_t *table = native_table_of(handle);
  if (table == NULL || table_name == NULL || options == NULL) {
    refuse(env, "nativeTableReplay: a null argument");
    return 0;
  }
  ranging_replay_column_t *columns = calloc((size_t)table->column_count + 1, sizeof *columns);
  if (columns == NULL) {
    out_of_memory(env, "rangingengine: no memory for the table's columns");
    return 0;
  }
  for (jsize i = 0; i < table->column_count; i++) {
    if ((size_t)table->rows_written[i] != table->row_count) {
      refuse(env, "nativeTableReplay: a column's rows are not all written (or some twice)");
      free(columns);
      return 0;
    }
  }
  for (jsize i = 0; i < table->column_count; i++) {
    if (table->kinds[i] == COLUMN_TEXTS) {
      /* ranging_replay_table reads bytes[offsets[i] .. offsets[i + 1]): keep them within the column's bytes. */
      const int64_t *offsets = table->columns[i].offsets;
      int in_order = offsets[table->row_count] <= table->byte_counts[i];
      for (size_t row = 0; in_order && row < table->row_count; row++) in_order = offsets[row + 1] >= offsets[row];
      if (!in_order) {
        refuse(env, "nativeTableReplay: a column's texts end before they start, or past its bytes");
        free(columns);
        return 0;
      }
    }
    columns[i] = table->columns[i];
    columns[i].validity = table->has_nulls[i] ? table->validity[i] : NULL;
  }
  ranging_replay_result_t *result = replay_columns(env, "nativeTableReplay", table_name, columns,
                                                   (size_t)table->column_count, table->row_count, options);
  free(columns);
  return handle_of(env, result);
}

/* Frees a table of nativeTableCreate (0 is ignored). */
JNIEXPORT void JNICALL Java_rangingengine_Native_nativeTableFree(JNIEnv *env, jclass cls, jlong handle) {
  (void)env;
  (void)cls;
  native_table_free(native_table_of(handle));
}
