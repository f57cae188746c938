// SPDX-License-Identifier: Apache-2.0
/*
 * libFuzzer target: the Accessory Configuration Data decoder
 * (ranging_accessory_config_decode) and the encoder it must agree with, built
 * with AddressSanitizer over an instrumented libRangingEngineCAPI.a by
 * scripts/checks/fuzz.
 *
 * The message is copied into a heap block of exactly its length, so a read
 * past its end is an AddressSanitizer error. Checks, for both strict and
 * lenient decoding:
 *   - the status is OK or MALFORMED_MESSAGE (or NULL_ARGUMENT for a NULL
 *     message with a length); outputs are written only as documented;
 *   - a decoded message: UWBConfigData lies inside the message and ends it,
 *     the rate is 0, 10 or 20, a warning only in lenient mode, and encoding
 *     the decoded fields gives the same bytes (RFU aside);
 *   - a malformed one: the error's offset lies within the message (or at its
 *     end), its field and kind have names;
 *   - strict acceptance implies lenient acceptance without a warning.
 */
#include "ranging_engine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define REQUIRE(condition)                                                                 \
  do {                                                                                     \
    if (!(condition)) {                                                                    \
      fprintf(stderr, "accessory_config.c:%d: invariant failed: %s\n", __LINE__, #condition); \
      abort();                                                                             \
    }                                                                                      \
  } while (0)

static ranging_status_t decode(const uint8_t *message, size_t length, bool strict, ranging_accessory_config_t *config,
                               ranging_accessory_config_error_t *error) {
  memset(config, 0xA5, sizeof *config);
  memset(error, 0xA5, sizeof *error);
  ranging_accessory_config_t untouched_config;
  ranging_accessory_config_error_t untouched_error;
  memcpy(&untouched_config, config, sizeof *config);
  memcpy(&untouched_error, error, sizeof *error);
  ranging_status_t status = ranging_accessory_config_decode(message, length, strict, config, error);
  REQUIRE(status == RANGING_OK || status == RANGING_REJECTED_MALFORMED_MESSAGE);
  if (status == RANGING_OK) {
    REQUIRE(memcmp(error, &untouched_error, sizeof *error) == 0);
    REQUIRE(config->uwb_config_data_offset == RANGING_ACCESSORY_CONFIG_HEADER_BYTES);
    REQUIRE(config->uwb_config_data_offset + config->uwb_config_data_length == length);
    REQUIRE(config->uwb_config_data_length <= RANGING_ACCESSORY_CONFIG_MAX_UWB_BYTES);
    REQUIRE(config->preferred_update_rate == 0 || config->preferred_update_rate == 10 ||
            config->preferred_update_rate == 20);
    REQUIRE(!(strict && config->has_warning));
    if (config->has_warning) {
      REQUIRE(config->warning.offset >= 5 && config->warning.offset < 15);
      REQUIRE(message[config->warning.offset] != 0);
    }
  } else {
    REQUIRE(memcmp(config, &untouched_config, sizeof *config) == 0);
    REQUIRE(error->offset <= length || error->offset <= RANGING_ACCESSORY_CONFIG_HEADER_BYTES);
    REQUIRE(ranging_accessory_field_name(error->field) != NULL);
    REQUIRE(strcmp(ranging_accessory_field_name(error->field), "unknown") != 0);
    REQUIRE(strcmp(ranging_accessory_error_kind_name(error->kind), "unknown") != 0);
  }
  return status;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  /* Exactly the message's bytes, on the heap: one byte more is an ASan report. */
  uint8_t *message = size ? malloc(size) : NULL;
  if (size) memcpy(message, data, size);

  ranging_accessory_config_t strict_config, lenient_config;
  ranging_accessory_config_error_t strict_error, lenient_error;
  ranging_status_t strict = decode(message, size, true, &strict_config, &strict_error);
  ranging_status_t lenient = decode(message, size, false, &lenient_config, &lenient_error);
  if (strict == RANGING_OK) REQUIRE(lenient == RANGING_OK && !lenient_config.has_warning);
  if (lenient == RANGING_OK) {
    /* Re-encode what was decoded: the same bytes, RFU zeroed. */
    uint8_t encoded[RANGING_ACCESSORY_CONFIG_MAX_BYTES];
    size_t length = 0;
    REQUIRE(ranging_accessory_config_encode(lenient_config.preferred_update_rate,
                                            message + lenient_config.uwb_config_data_offset,
                                            lenient_config.uwb_config_data_length, encoded, sizeof encoded,
                                            &length) == RANGING_OK);
    REQUIRE(length == size);
    for (size_t i = 0; i < size; i++) REQUIRE(encoded[i] == ((i >= 5 && i < 15) ? 0 : message[i]));
    /* A buffer one byte short is refused without writing. */
    uint8_t short_buffer[RANGING_ACCESSORY_CONFIG_MAX_BYTES];
    memset(short_buffer, 0x5A, sizeof short_buffer);
    size_t needed = 0;
    REQUIRE(ranging_accessory_config_encode(lenient_config.preferred_update_rate,
                                            message + lenient_config.uwb_config_data_offset,
                                            lenient_config.uwb_config_data_length, short_buffer, size - 1,
                                            &needed) == RANGING_ERROR_BUFFER_TOO_SMALL);
    REQUIRE(needed == size);
    for (size_t i = 0; i < sizeof short_buffer; i++) REQUIRE(short_buffer[i] == 0x5A);
  }
  /* The Shareable Configuration Data bound check never fails on any length. */
  ranging_status_t shareable = ranging_shareable_config_check(size);
  REQUIRE(shareable == RANGING_OK || shareable == RANGING_REJECTED_EMPTY_MESSAGE ||
          shareable == RANGING_REJECTED_MESSAGE_TOO_LONG);
  free(message);
  return 0;
}
