// SPDX-License-Identifier: Apache-2.0
// Replays a ranging CSV as `rangectl replay FILE --jobs 1` does, from C:
//   replay FILE [rangectl replay's engine and input options...]
// prints the zone events (JSON Lines) and then, on standard error, the
// rejected rows' count and the summary.
#include <stdio.h>
#include "ranging_replay.h"

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s FILE [options...]\n", argv[0]);
    return 64;
  }
  ranging_replay_result_t result;
  int32_t status = ranging_replay_file(argv[1], (const char *const *)argv + 2, (size_t)(argc - 2), &result);
  if (status == 0) {
    fwrite(result.events.bytes, 1, result.events.length, stdout);
    for (size_t i = 0; i < result.event_count; i++) {
      const ranging_replay_event_t *event = &result.event_records[i];
      if (event->reason != 0) fprintf(stderr, "exit at %.3f s, reason code %u\n", event->t, event->reason);
    }
    fprintf(stderr, "%lld rows read = %lld accepted + %lld rejected\n", (long long)result.rows_read,
            (long long)(result.measurements_accepted + result.lifecycle_accepted + result.poses_accepted),
            (long long)result.rows_rejected);
  }
  fwrite(result.messages.bytes, 1, result.messages.length, stderr);
  ranging_replay_result_free(&result);
  return status;
}
