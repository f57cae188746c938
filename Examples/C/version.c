// SPDX-License-Identifier: Apache-2.0
/* Prints the version of the header and of the library linked in; fails when they differ. */
#include <stdio.h>
#include <string.h>
#include "ranging_engine.h"

int main(void) {
  const char *library = ranging_engine_version();
  printf("ranging_engine.h %s, library %s\n", RANGING_ENGINE_VERSION, library);
  return strcmp(library, RANGING_ENGINE_VERSION) == 0 ? 0 : 1;
}
