// SPDX-License-Identifier: Apache-2.0
/*
 * Converts a ranging CSV (docs/FORMATS.md §1) into C definitions for the
 * firmware image (replay_dataset.h), as scripts/checks/check-firmware runs it:
 *
 *   dataset-to-c walk-in-out 0 datasets/walk-in-out/samples.csv
 *
 * A host program: the recording is read by rangectl's own reader through
 * ranging_read_file (ranging_replay.h), so the CSV's line rules, the
 * life-cycle spellings and their codes are not stated again here, and the
 * image replays exactly the rows the host replays. Numbers are printed with
 * 17 significant digits, which read back as the same doubles, so the
 * firmware gets the reader's values bit for bit. Objects are numbered as
 * the reader names them, in order of first appearance, as rangectl does.
 *
 * Only what the firmware's rows can express is accepted: a row the reader
 * rejects (an incomplete direction, a malformed number, an unknown event),
 * or a row with a horizontal angle, a vertical relation or a pose, stops the
 * conversion with a message naming the file, line and field, and exit
 * status 1, rather than be replayed differently from the host.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ranging_engine.h"
#include "ranging_replay.h"

/* replay_row.object is a uint16_t. */
#define MAXIMUM_OBJECTS 65536

static const char *program = "dataset-to-c";

/* Prints `length` bytes as the inside of a C string literal: printable ASCII
 * as itself, everything else (quotes, backslashes, `?` of a trigraph, bytes
 * of UTF-8) as a three-digit octal escape, which never runs into the next byte. */
static void print_c_string(const char *bytes, size_t length) {
  for (size_t i = 0; i < length; i++) {
    unsigned char byte = (unsigned char)bytes[i];
    if (byte >= 0x20 && byte < 0x7f && byte != '"' && byte != '\\' && byte != '?') {
      putchar(byte);
    } else {
      printf("\\%03o", byte);
    }
  }
}

/* A double as a C initialiser that reads back as the same value; NaN as NAN. */
static void print_number(double value) {
  if (isnan(value)) {
    fputs("NAN", stdout);
  } else {
    printf("%.17g", value);
  }
}

/* The text of `"key":` in one JSON line of the reader's rejections
 * (docs/FORMATS.md §6, written by rangectl's writer: no spaces, a string
 * value without its quotes and with its escapes as written), into `out`. */
static void json_value(const char *line, size_t length, const char *key, char *out, size_t capacity) {
  char pattern[32];
  snprintf(pattern, sizeof pattern, "\"%s\":", key);
  out[0] = '\0';
  size_t pattern_length = strlen(pattern);
  for (size_t i = 0; i + pattern_length <= length; i++) {
    if (memcmp(line + i, pattern, pattern_length) != 0) continue;
    size_t at = i + pattern_length;
    int quoted = at < length && line[at] == '"';
    if (quoted) at++;
    size_t n = 0;
    while (at < length && n + 1 < capacity) {
      char c = line[at];
      if (quoted ? c == '"' : (c == ',' || c == '}')) break;
      out[n++] = c;
      if (quoted && c == '\\' && at + 1 < length && n + 1 < capacity) out[n++] = line[++at];
      at++;
    }
    out[n] = '\0';
    return;
  }
}

/* Refuses the file over the first row the reader rejected: the host replay
 * skips such a row, and a converter that skipped it too would hide a broken recording. */
static int refuse_rejected(const char *path, const ranging_read_result_t *read) {
  const char *line = read->rejected.bytes;
  if (line == NULL) {
    fprintf(stderr, "%s: %s: the reader rejects %" PRId64 " row(s)\n", program, path, read->rows_rejected);
    return 1;
  }
  const char *end = memchr(line, '\n', read->rejected.length);
  size_t length = end ? (size_t)(end - line) : read->rejected.length;
  char number[32], field[128], reason[128], text[128];
  json_value(line, length, "line", number, sizeof number);
  json_value(line, length, "field", field, sizeof field);
  json_value(line, length, "reason", reason, sizeof reason);
  json_value(line, length, "text", text, sizeof text);
  fprintf(stderr, "%s: %s:%s: field '%s': %s (text \"%s\"); the reader rejects %" PRId64 " row(s), and the image replays only recordings it takes whole\n",
          program, path, number, field, reason, text, read->rows_rejected);
  return 1;
}

/* Refuses a row the firmware's replay_row cannot hold, naming its line and field. */
static int refuse_row(const char *path, const ranging_read_row_t *row, const char *field, const char *why) {
  fprintf(stderr, "%s: %s:%" PRId64 ": field '%s': %s\n", program, path, row->line, field, why);
  return 1;
}

static int convert(const char *dataset, long id, const char *path, const ranging_read_result_t *read) {
  if (read->rows_rejected > 0 || read->rejected.length > 0) return refuse_rejected(path, read);

  /* The object names, one a line, as the rows' `object` indexes them. */
  size_t object_count = 0;
  for (size_t i = 0; i < read->object_names.length; i++) {
    if (read->object_names.bytes[i] == '\n') object_count++;
  }
  if (object_count > MAXIMUM_OBJECTS) {
    fprintf(stderr, "%s: %s: %zu objects, more than the firmware's %d\n", program, path, object_count, MAXIMUM_OBJECTS);
    return 1;
  }

  for (size_t i = 0; i < read->row_count; i++) {
    const ranging_read_row_t *row = &read->rows[i];
    if (row->kind == 2 || !isnan(row->pose[0])) return refuse_row(path, row, "pose_w", "poses have no C API equivalent in the firmware's rows");
    if (!isnan(row->horizontal_angle_rad)) return refuse_row(path, row, "horizontal_angle", "horizontal_angle and vertical have no C API equivalent in the firmware's rows");
    if (row->vertical != RANGING_VERTICAL_NONE) return refuse_row(path, row, "vertical", "horizontal_angle and vertical have no C API equivalent in the firmware's rows");
    if (row->object < 0 || (size_t)row->object >= object_count) return refuse_row(path, row, "object", "the reader gave no name for the row's object");
  }

  printf("/* Generated by firmware/dataset-to-c.c from ");
  for (const char *c = path; *c; c++) {
    putchar(*c);
    if (*c == '*' && c[1] == '/') putchar(' ');  /* a path must not close the comment */
  }
  printf("; do not edit. */\n");
  printf("#include \"replay_dataset.h\"\n#include <math.h>\n\n");
  printf("static const struct replay_row rows_%ld[] = {\n", id);
  for (size_t i = 0; i < read->row_count; i++) {
    const ranging_read_row_t *row = &read->rows[i];
    int has_direction = !isnan(row->direction[0]);
    printf("  {");
    print_number(row->t);
    printf(", ");
    print_number(row->distance_m);
    printf(", {");
    for (int axis = 0; axis < 3; axis++) {
      if (axis) printf(", ");
      print_number(has_direction ? row->direction[axis] : 0);
    }
    printf("}, %" PRId64 ", %d, %d},\n", row->object, has_direction, row->kind == 1 ? (int)row->event : -1);
  }
  printf("};\n\nstatic const char *const objects_%ld[] = {", id);
  const char *name = read->object_names.bytes;
  for (size_t i = 0; i < object_count; i++) {
    const char *end = memchr(name, '\n', read->object_names.length - (size_t)(name - read->object_names.bytes));
    printf("%s\"", i ? ", " : "");
    print_c_string(name, (size_t)(end - name));
    printf("\"");
    name = end + 1;
  }
  printf("};\n\n#define DATASET_%ld {\"", id);
  print_c_string(dataset, strlen(dataset));
  printf("\", rows_%ld, %zu, objects_%ld, %zu}\n\n", id, read->row_count, id, object_count);
  if (fflush(stdout) != 0 || ferror(stdout)) {
    fprintf(stderr, "%s: writing the definitions of %s failed\n", program, path);
    return 1;
  }
  return 0;
}

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: %s DATASET ID FILE\n  DATASET  the name the firmware prints\n  ID       the n of DATASET_n, rows_n and objects_n\n  FILE     the ranging CSV\n", program);
    return 64;
  }
  char *end = NULL;
  long id = strtol(argv[2], &end, 10);
  if (argv[2][0] < '0' || argv[2][0] > '9' || *end != '\0' || id > 1000000) {
    fprintf(stderr, "%s: ID must be a whole number from 0 to 1000000, not '%s'\n", program, argv[2]);
    return 64;
  }
  ranging_read_result_t read;
  int32_t status = ranging_read_file(argv[3], NULL, 0, &read);
  int failed;
  if (status != 0) {
    fprintf(stderr, "%s: %s: the reader refused the file (status %d): ", program, argv[3], (int)status);
    fwrite(read.messages.bytes, 1, read.messages.length, stderr);
    if (read.messages.length == 0 || read.messages.bytes[read.messages.length - 1] != '\n') fputc('\n', stderr);
    failed = 1;
  } else {
    failed = convert(argv[1], id, argv[3], &read);
  }
  ranging_read_result_free(&read);
  return failed;
}
