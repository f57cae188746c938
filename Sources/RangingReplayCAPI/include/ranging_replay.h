/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ranging_replay.h: a whole recording through the engine, as
 * `rangectl replay FILE --jobs N` replays it, for programs that are not
 * Swift (the Python package, a Spark task, a C tool).
 *
 * The replay is the command line's own: the same reader, column mapping,
 * rejection rules, option checks, object table, lost-check clock and
 * writers, in the same order, so the outputs are byte for byte those of
 * `rangectl replay FILE --jobs 1 --events E --filtered F` with the same
 * options. A host library (it uses Foundation); link
 * libRangingReplayCAPI.a with the Swift runtime and Foundation, as
 * docs/C-API.md, "The replay from C", shows.
 *
 * Not for firmware: ranging_engine.h is the engine row by row, without a
 * file format, allocation or Foundation.
 */
#ifndef RANGING_REPLAY_H
#define RANGING_REPLAY_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Bytes that a ranging_replay_result_t owns (not NUL-terminated; NULL when empty). */
typedef struct {
  const char *bytes;
  size_t length;
} ranging_replay_text_t;

/* One zone event of a replay at full precision: the fields of docs/FORMATS.md
 * §2, which the `events` text rounds. */
typedef struct {
  double t;              /* seconds, on the input's clock */
  int64_t object;        /* index into the result's object_names */
  double distance_m;     /* the filtered distance; NAN when none was measured */
  double sigma_m;        /* its standard deviation */
  uint32_t zone;         /* index of the zone, in the order of --zones */
  uint8_t kind;          /* 0 enter, 1 exit */
  uint8_t reason;        /* an exit's reason: RANGING_EXIT_* of ranging_engine.h (0: measured) */
} ranging_replay_event_t;

/* One filtered state of a replay at full precision: a row of the filtered
 * track (§3, which rounds it), one per accepted measurement, in input order. */
typedef struct {
  double t;                    /* the row's time, seconds, as the input gives it */
  int64_t object;              /* index into the result's object_names */
  double distance_m;           /* NAN until a distance has been measured */
  double sigma_m;              /* INFINITY until then */
  double rate_m_per_s;         /* rate of change of the distance */
  double direction[3];         /* unit direction, as the filtered track writes it; NAN when there is none */
  double direction_sigma_rad;  /* NAN with direction tracking off, INFINITY when unknown */
  double nlos_probability;     /* probability that the distance came over a non-line-of-sight path */
  uint8_t direction_state;     /* RANGING_DIRECTION_* of ranging_engine.h: 0 measured, 1 predicted, 2 unknown */
  uint8_t is_confirmed;        /* whether zones act on the track yet */
} ranging_replay_state_t;

/* What one replay gave. Every field is set by ranging_replay_file, whatever its status. */
typedef struct {
  /* rangectl replay's exit status: 0 the replay completed; 64 an option was
   * refused; 65 the file is not a ranging CSV; 66 it cannot be opened; 74
   * reading it failed, or an output could not be held in memory. When it is
   * not 0, `messages` says why, as rangectl does (for a refused option,
   * the first line of its message, "Error: ..."). */
  int32_t status;
  /* Zone events, docs/FORMATS.md §2 (JSON Lines): rangectl's --events. */
  ranging_replay_text_t events;
  /* The filtered track, §3 (CSV with its header): rangectl's --filtered.
   * Empty unless the options include "--write-filtered". */
  ranging_replay_text_t filtered;
  /* Every rejected row, §6 (JSON Lines: line, column, field, reason, text). */
  ranging_replay_text_t rejected;
  /* What rangectl writes on standard error after its listing of rejected
   * rows: the warnings and the summary; or the error that stopped the replay. */
  ranging_replay_text_t messages;
  /* The header's names that nothing reads, each followed by a newline (a
   * header name holds none), in header order: the summary's "columns not used". */
  ranging_replay_text_t unused_columns;
  /* The events and, with "--write-filtered" or "--state-records", the
   * filtered states as records, at full precision, in the order of the
   * texts above ("--state-records" gives the records without the filtered
   * track's text, which costs about a fifth of a replay to format). */
  const ranging_replay_event_t *event_records;
  size_t event_count;
  const ranging_replay_state_t *state_records;
  size_t state_count;
  /* The name of every object a record names, in the order of its first
   * record, each followed by a newline (a name holds none): the records'
   * `object` indexes them. */
  ranging_replay_text_t object_names;
  /* Each zone's name as a JSON string (as the events write it), in the order
   * of --zones, each followed by a newline: the event records' `zone` indexes them. */
  ranging_replay_text_t zone_names;
  /* The summary's counts (rows_read = rows_accepted + rows_rejected, where
   * rows_accepted is the sum of the three accepted counts). */
  int64_t rows_read;
  int64_t measurements_accepted;
  int64_t lifecycle_accepted;
  int64_t poses_accepted;
  int64_t rows_rejected;
  int64_t objects;
  int64_t evictions;
  int64_t enter_events;
  int64_t exit_events;
} ranging_replay_result_t;

/*
 * Replays the ranging CSV at `path` (docs/FORMATS.md §1, or another layout
 * through the input options of §5). A path of a descriptor, such as
 * /dev/fd/N of a memfd, replays bytes held in memory; "-" reads standard input.
 *
 * `options` are `rangectl replay`'s engine and input options, as its
 * command line spells them, one argument each ("--zones",
 * "inner=1.5,outer=3", "--distance-unit", "cm", ...), plus
 * "--write-filtered" for the filtered track; `option_count` of them (0 and
 * NULL: the defaults), and "--state-records" for the filtered states as
 * records alone. "--events", PATH and "--filtered", PATH write the events
 * and the filtered track to those files as rangectl replay does, byte for
 * byte, instead of into memory (the result's events and filtered texts and
 * records are then empty): memory stays bounded however long the input.
 * "--jobs", N (1...256, default 1) replays the one input on N threads that
 * share its objects, beside one that reads, as `rangectl replay --jobs N`:
 * every output, message, count and record is the same, byte for byte, as
 * with 1 (docs/FORMATS.md §4, "Threads"); a value out of range or not a
 * whole number is refused with status 64, naming --jobs. The default is 1,
 * not one per core: the caller knows what else runs beside it. Other
 * options of several files (--out-dir, ...) are refused with status 64.
 *
 * Returns result->status (also when `path` or `result` is NULL: 64, with
 * nothing else set for a NULL result). Free the result's bytes with
 * ranging_replay_result_free. Thread-safe: replays on different threads
 * share nothing.
 */
int32_t ranging_replay_file(
  const char *path, const char *const *options, size_t option_count, ranging_replay_result_t *result);

/*
 * The most threads "--jobs" takes (its range is 1 to this), for a caller
 * that chooses the threads itself (one per core, say) and caps its choice
 * here rather than restating the range: ranging_replay_file and
 * ranging_replay_table refuse a larger value with status 64.
 *
 * - Complexity: O(1). Does not allocate.
 */
int32_t ranging_replay_max_jobs(void);

/* One column of a table for ranging_replay_table, laid out as Apache Arrow
 * lays out a float64 array (`numbers`), an int64 array (`integers`) or a
 * large_string array (`offsets` and `bytes`), so that a pandas, pyarrow or Spark column needs no copy.
 * The buffers are read during the call only. */
typedef struct {
  const char *name;          /* the header name (NUL-terminated UTF-8): §1's, or a layout's own under --column/--preset */
  const double *numbers;     /* row_count numbers; NULL for a column of integers or texts. NaN reads as `nan`, not as a null */
  const int64_t *integers;   /* or row_count integers (an int64 array), each a field of its decimal digits */
  const int64_t *offsets;    /* a column of texts: row_count + 1 offsets, at least 0 and never decreasing; */
  const char *bytes;         /* row i is the UTF-8 text bytes[offsets[i] .. offsets[i + 1]) */
  const uint8_t *validity;   /* Arrow's validity bitmap: row i is a null (an empty field) when bit
                                validity_offset + i (bit k of byte k / 8, least significant first) is 0;
                                NULL: no row is a null */
  int64_t validity_offset;   /* 0 or more; with a bitmap, validity_offset + row_count at most 2^59 (status 64) */
} ranging_replay_column_t;

/*
 * Replays a table held in memory as ranging_replay_file replays the CSV the
 * table would be written as: the column names are the header, row i (from
 * 0) is line i + 2, a null is an empty field, a number is the shortest text
 * that reads back as it, an integer its digits, a text is one field (it may
 * hold a comma or a line break, but an object name with one rejects its row,
 * wrong_field_count, and a column name with a line break is refused). The
 * reader's rules are the file's (docs/C-API.md, "A table from C"); the
 * outputs, messages and statuses are ranging_replay_file's, naming the
 * table `name` where they name a file. A table whose names are not a
 * ranging header, or a column whose buffers do not hold row_count rows
 * (offsets out of order), gives status 65; NULL pointers where data is
 * needed give 64. The same options as ranging_replay_file, and
 * "--duration-column", N for a column (its 1-based place) whose values were
 * durations handed over as seconds (a pandas timedelta64, a Spark interval):
 * it is refused with status 65 unless it is the column read as `t`, with
 * no time unit but seconds (a duration carries its own unit); a place
 * outside 1...column_count is refused with status 64.
 * ranging_replay_file refuses "--duration-column" (64): a file has no such column.
 */
int32_t ranging_replay_table(
  const char *name, const ranging_replay_column_t *columns, size_t column_count, size_t row_count,
  const char *const *options, size_t option_count, ranging_replay_result_t *result);

/* One row of a recording as rangectl's reader reads it (ranging_read_file):
 * in metres, seconds and radians, whatever the file's layout and units. */
typedef struct {
  int64_t line;                 /* the file's 1-based line */
  double t;                     /* seconds */
  int64_t object;               /* index into the result's object_names; -1 for a pose alone */
  double distance_m;            /* NAN when the row has none */
  double direction[3];          /* unit direction (dir_*, or made of azimuth and elevation); NAN when none */
  double horizontal_angle_rad;  /* NAN when none */
  double truth[4];              /* true_distance, true_x, true_y, true_z; each NAN when none */
  double pose[4];               /* the phone's attitude w, x, y, z (a unit quaternion); NAN when none */
  int8_t vertical;              /* RANGING_VERTICAL_* of ranging_engine.h; RANGING_VERTICAL_NONE when none */
  int8_t event;                 /* a ranging_lifecycle_t of ranging_engine.h, or -1 on a measurement or pose */
  uint8_t kind;                 /* 0 a measurement, 1 a life-cycle row, 2 a pose alone */
} ranging_read_row_t;

/* With the option "--arrays": the rows ranging_read_file returns as one
 * array per value, `row_count` entries each, in the order of `rows` (which
 * is then NULL), each entry as ranging_read_row_t's field holds it. An
 * array is NULL when no column of the file gives it (each of its entries
 * would be NAN, or -1 for `vertical` and `event`): `direction` when the
 * file has none of dir_x, dir_y, dir_z, azimuth and elevation,
 * `horizontal_angle_rad` without horizontal_angle and azimuth, `pose`
 * without pose_w, pose_x, pose_y and pose_z, `truth[i]` without its
 * column, the others without their own; the others are given even when
 * no row is (`row_count` 0). `line`, `t`, `object` and `kind` are always
 * given. */
typedef struct {
  const int64_t *line;
  const double *t;
  const int64_t *object;
  const uint8_t *kind;
  const double *distance_m;
  const double *direction[3];
  const double *horizontal_angle_rad;
  const int8_t *vertical;
  const int8_t *event;
  const double *truth[4];
  const double *pose[4];
} ranging_read_arrays_t;

/* What ranging_read_file read. Every field is set, whatever its status. */
typedef struct {
  /* 0, or rangectl replay's status for the input and options: 64 an option
   * refused, 65 not a ranging CSV, 66 cannot be opened, 74 reading failed
   * (the rows before the failure are kept) or the rows did not fit in
   * memory (none is returned: row_count 0); `messages` says why. */
  int32_t status;
  ranging_replay_text_t messages;
  /* Every row the reader accepted, in file order (NULL with "--arrays",
   * which gives them as `arrays`). */
  const ranging_read_row_t *rows;
  size_t row_count;
  /* The name of every object a row names, in the order of its first row, each followed by a newline. */
  ranging_replay_text_t object_names;
  /* Every rejected row, docs/FORMATS.md §6 (JSON Lines), in file order. */
  ranging_replay_text_t rejected;
  /* Each column of §1 that the reader reads (azimuth and elevation among
   * them, under an angle unit), one line each, in §1's order: its name, a
   * tab, the header's name for it, a tab, its 1-based column. */
  ranging_replay_text_t columns;
  /* The header's names that nothing reads, each followed by a newline. */
  ranging_replay_text_t unused_columns;
  int64_t rows_read;      /* = row_count + rows_rejected, unless the rows did not fit in memory */
  int64_t rows_rejected;
  /* With the option "--unused-fields": each returned row's fields of the
   * columns in `unused_columns`, in that order, row after row, each field
   * trimmed and followed by a newline (a field holds none); so
   * row_count x (unused columns) lines. Empty without the option. */
  ranging_replay_text_t unused_fields;
  /* With the option "--arrays": the rows as arrays (above); zeroed without it. */
  ranging_read_arrays_t arrays;
} ranging_read_result_t;

/*
 * Reads the ranging CSV at `path` as `rangectl replay` reads it, without
 * replaying it: the same reader, input options ("--preset", "--column",
 * "--distance-unit", "--time-unit", "--angle-unit"; "--unused-fields" for
 * the other columns' fields, "--arrays" for the rows as arrays; any other
 * is refused with status 64) and rejection rules. Thread-safe. Free the result with
 * ranging_read_result_free.
 */
int32_t ranging_read_file(
  const char *path, const char *const *options, size_t option_count, ranging_read_result_t *result);

/* Frees the bytes of a read's result and zeroes it; a zeroed or NULL result is left as it is. */
void ranging_read_result_free(ranging_read_result_t *result);

/* Frees the bytes of a result and zeroes it; a zeroed or NULL result is left as it is. */
void ranging_replay_result_free(ranging_replay_result_t *result);

/* Names by index for the writers below, in Arrow's large_string layout:
 * name i is the UTF-8 text bytes[offsets[i] .. offsets[i + 1]), `count`
 * names, so count + 1 offsets, at least 0 and never decreasing. */
typedef struct {
  const int64_t *offsets;
  const char *bytes;     /* NULL only when every name is empty */
  size_t count;
} ranging_names_t;

/*
 * Writes zone events as rangectl replay's --events writes them
 * (docs/FORMATS.md §2, one JSON line each, in the given order), with
 * rangectl's own writer: `events` are records as a replay returns them,
 * whose `object` and `zone` index `objects` and `zones` (a zone's name is
 * written as a JSON string). The time is written on the engine's clock,
 * whole microseconds, as every event's is.
 *
 * Returns 0 with the text in `*text` (free it with ranging_replay_text_free);
 * 64 for a NULL pointer where data is needed, an index or a code
 * (kind, reason) out of range, or offsets out of order, naming nothing in
 * `*text` (NULL); 74 when the text does not fit in memory.
 */
int32_t ranging_write_events(const ranging_replay_event_t *events, size_t event_count, const ranging_names_t *objects,
                             const ranging_names_t *zones, ranging_replay_text_t *text);

/* The columns of filtered rows for ranging_write_filtered: docs/FORMATS.md
 * §3's, as a DataFrame holds them, `row_count` entries each. */
typedef struct {
  const double *t;                    /* seconds */
  const int64_t *object;              /* index into the names */
  const double *distance_m;           /* NAN: no distance (sigma and nlos are then not written) */
  const double *sigma_m;
  const double *dir_x;                /* a row has a direction when none of dir_x, dir_y, dir_z is NAN */
  const double *dir_y;
  const double *dir_z;
  const uint8_t *direction_state;     /* RANGING_DIRECTION_* of ranging_engine.h */
  const double *dir_sigma_deg;        /* written with a direction, when finite */
  const double *nlos;
} ranging_filtered_columns_t;

/*
 * Writes filtered rows as rangectl replay's --filtered writes them
 * (docs/FORMATS.md §3, header first), with rangectl's own writer.
 * Returns as ranging_write_events does; a name with a comma, which §1 does
 * not allow and the track does not quote, is refused too (64).
 */
int32_t ranging_write_filtered(const ranging_filtered_columns_t *columns, size_t row_count,
                               const ranging_names_t *objects, ranging_replay_text_t *text);

/* Arrays the caller owns, `row_count` entries each, that
 * ranging_filtered_columns fills: the columns of ranging_filtered_columns_t. */
typedef struct {
  double *t;
  int64_t *object;
  double *distance_m;
  double *sigma_m;
  double *dir_x;
  double *dir_y;
  double *dir_z;
  uint8_t *direction_state;
  double *dir_sigma_deg;
  double *nlos;
} ranging_filtered_arrays_t;

/*
 * The filtered track's columns (docs/FORMATS.md §3) of a replay's state
 * records, as a table holds them: each value as the track writes it, at
 * full precision, and NAN in each cell the track leaves empty (no distance:
 * distance, sigma and nlos; no direction: dir_x, dir_y, dir_z and
 * dir_sigma_deg, which is NAN too when not finite). `object` and
 * `direction_state` are the records' own. So ranging_write_filtered of
 * these columns is the replay's filtered track, byte for byte. Returns 0,
 * or 64 (nothing written) for a NULL pointer where rows are given or a
 * direction_state that is none of RANGING_DIRECTION_*.
 */
int32_t ranging_filtered_columns(const ranging_replay_state_t *states, size_t row_count,
                                 const ranging_filtered_arrays_t *columns);

/**
 * The name of the filtered track's column `column`, from 0, in the track's
 * order (docs/FORMATS.md §3: "t", "object", "distance", "sigma", "dir_x",
 * "dir_y", "dir_z", "direction_state", "dir_sigma_deg", "nlos"), or NULL past
 * the last. Call it for 0, 1, 2, ... until NULL to read the whole header, as
 * the Python package does instead of restating it.
 *
 * - Returns: a static NUL-terminated string, never freed; or NULL.
 * - Complexity: O(1). Does not allocate.
 */
const char *ranging_filtered_column_name(int32_t column);

/* The types of ranging_record_column_type, as a table's column holds them. */
enum {
  RANGING_RECORD_NUMBERS = 0,  /* 64-bit floating point (a time, a distance, a probability) */
  RANGING_RECORD_INTEGERS = 1, /* 64-bit integers (a rejected row's place, a summary's counts) */
  RANGING_RECORD_TEXTS = 2     /* UTF-8 texts (a name, a spelling, a rejected field's reason and text) */
};

/**
 * The type of column `column` of a replay's records of kind `record`, as the
 * Spark routes' DataFrames hold them (Python's rangingengine.spark and the
 * JVM's SparkReplay, which build their schemas here rather than restating
 * the rule): "event" (docs/FORMATS.md §2's fields) and "filtered" (§3's
 * columns) are numbers but for names and spellings, "rejected" (§6's, the
 * line given as "row") texts but for the row and column, "summary" the
 * replay's counts.
 *
 * - Returns: RANGING_RECORD_*; or -1 for a NULL argument or a kind that is
 *   none of those four.
 * - Complexity: O(1) in the names' lengths.
 */
int32_t ranging_record_column_type(const char *record, const char *column);

/* The counts of a replay's summary for ranging_write_summary, as a result
 * gives them (rows read = accepted + rejected is not checked: a caller that
 * adds rows of its own, such as rows rejected before the replay, says so). */
typedef struct {
  int64_t rows_read;
  int64_t measurements_accepted;
  int64_t lifecycle_accepted;
  int64_t poses_accepted;
  int64_t objects;
  int64_t evictions;
  int64_t enter_events;
  int64_t exit_events;
  const ranging_names_t *rejected_reasons;  /* the reason codes with rejected rows, each once; NULL: none */
  const int64_t *rejected_counts;           /* rejected_reasons->count counts, beside them */
  const ranging_names_t *unused_columns;    /* the header's names nothing reads, in order; NULL: none */
} ranging_replay_summary_t;

/*
 * Writes a replay's summary as rangectl replay writes it to standard error
 * (one fact a line: rows read, accepted and rejected, each reason in order,
 * objects, events, unused columns), naming the input `name` as its messages
 * name it. Returns as ranging_write_events does; a negative count, a reason
 * named twice or a NULL `rejected_counts` beside reasons is refused too (64).
 */
int32_t ranging_write_summary(const char *name, const ranging_replay_summary_t *summary, ranging_replay_text_t *text);

/*
 * The refusal of `count` rows (at least 1) of a Spark table without a value
 * in column `column`, which the caller's parameter `keyword` names (the
 * column of each row's recording; or, `whole_number` not 0, of each row's
 * position, read as a whole number): the words of both Spark routes,
 * Python's and the JVM's, each with its own keyword, as
 *
 *   KEYWORD: column 'COLUMN' has no value on N row[s] (such as NAME 'VALUE', NAME None)
 *
 * ("no whole number" for the position). `shown` holds `shown_count` pairs,
 * a column's name then one refused row's value there (NULL: it has none),
 * for "(such as ...)"; with none (a task that counts its own rows) there is
 * no example. Returns 0 with the message in `*text` (free it with
 * ranging_replay_text_free); 64 for a NULL argument or name, or a count
 * below 1 (nothing written); 74 when no memory held it.
 */
int32_t ranging_null_column_refusal(const char *keyword, const char *column, int32_t whole_number, int64_t count,
                                    const char *const *shown, size_t shown_count, ranging_replay_text_t *text);

/* Frees a text of ranging_write_events, ranging_write_filtered or ranging_write_summary, and empties it. */
void ranging_replay_text_free(ranging_replay_text_t *text);

#ifdef __cplusplus
}
#endif

#endif /* RANGING_REPLAY_H */
