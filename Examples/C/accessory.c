// SPDX-License-Identifier: Apache-2.0
#include <stdio.h>
#include "ranging_engine.h"

static const uint8_t uwb_config_data[] = {0xa1, 0xb2, 0xc3}; /* from the UWB middleware */

/* Carries out the queued actions; the link and the middleware are printf here. */
static void perform_actions(ranging_accessory_sessions_t *sessions) {
  ranging_accessory_action_t actions[8];
  size_t count;
  do {
    if (ranging_accessory_sessions_drain_actions(sessions, actions, 8, &count) != RANGING_OK) return;
    for (size_t i = 0; i < count; i++) {
      const ranging_accessory_action_t *action = &actions[i];
      printf("%lld us: phone %llu (session %lu): %s\n", (long long)action->time_us,
             (unsigned long long)action->object_id, (unsigned long)action->session,
             ranging_accessory_action_name(action->kind));
      if (action->kind == RANGING_ACCESSORY_ACTION_SEND_CONFIGURATION) {
        uint8_t message[RANGING_ACCESSORY_CONFIG_MAX_BYTES];
        size_t length;
        if (ranging_accessory_config_encode(action->rate, uwb_config_data, sizeof uwb_config_data, message,
                                            sizeof message, &length) == RANGING_OK) {
          printf("  %lu bytes to the phone and to characteristic instance %lu\n", (unsigned long)length,
                 (unsigned long)action->session);
        }
      }
      /* START_RANGING, STOP_RANGING: tell the middleware. FEED_ENGINE: done (engine_applied). */
    }
  } while (count > 0);
}

int main(void) {
  ranging_config_t config;
  ranging_config_init(&config);
  ranging_config_expect_updates(&config, RANGING_UPDATE_RATE_USER_INTERACTIVE); /* lost after 2 s */
  ranging_engine_t *engine;
  if (ranging_engine_create(&config, &engine) != RANGING_OK) return 1;
  ranging_accessory_sessions_config_t sessions_config;
  ranging_accessory_sessions_config_init(&sessions_config);
  sessions_config.capacity = 2; /* two phones at once: two characteristic instances */
  ranging_accessory_sessions_t *sessions;
  if (ranging_accessory_sessions_create(&sessions_config, &sessions) != RANGING_OK) return 1;

  /* Phone 7 asks for a configuration, then sends its Shareable Configuration Data (30 bytes). */
  const uint64_t phone = 7;
  ranging_accessory_sessions_handle(sessions, 0, phone, RANGING_ACCESSORY_INPUT_INITIALIZE,
                                    RANGING_UPDATE_RATE_USER_INTERACTIVE, engine);
  perform_actions(sessions);
  ranging_accessory_input_t answer = ranging_shareable_config_check(30) == RANGING_OK
                                         ? RANGING_ACCESSORY_INPUT_CONFIGURE_AND_START
                                         : RANGING_ACCESSORY_INPUT_START_FAILED;
  ranging_accessory_sessions_handle(sessions, 300000, phone, answer, 0, engine);
  perform_actions(sessions);

  /* Ranging at 5 Hz, the phone 2.5 m away and coming closer: each update to the engine and the session. */
  for (int step = 0; step < 10; step++) {
    int64_t time_us = 500000 + step * 200000;
    ranging_engine_update(engine, time_us, phone, 2.5 - step * 0.15, NULL);
    ranging_accessory_sessions_handle(sessions, time_us, phone, RANGING_ACCESSORY_INPUT_RANGING_UPDATE, 0, engine);
  }
  /* Then silence. A 1 s timer: 2 s after the last update the session stops ranging and closes the zones. */
  for (int64_t time_us = 3000000; time_us <= 5000000; time_us += 1000000) {
    ranging_accessory_sessions_advance_clock(sessions, time_us, engine);
    perform_actions(sessions);
  }
  ranging_zone_event_t events[8];
  size_t count;
  ranging_engine_drain_events(engine, events, 8, &count);
  for (size_t i = 0; i < count; i++) {
    printf("%lld us: phone %llu %s zone %lu (%s)\n", (long long)events[i].time_us,
           (unsigned long long)events[i].object_id, events[i].kind == RANGING_ZONE_ENTER ? "enters" : "leaves",
           (unsigned long)events[i].zone, ranging_exit_reason_name(events[i].reason));
  }
  ranging_accessory_sessions_destroy(sessions);
  ranging_engine_destroy(engine);
  return 0;
}
