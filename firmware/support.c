// SPDX-License-Identifier: Apache-2.0
/*
 * What Embedded Swift's runtime needs from the C library beyond newlib.
 */
#include <errno.h>
#include <malloc.h>
#include <stddef.h>
#include <stdint.h>

/* Swift allocates through posix_memalign, which newlib lacks. */
int posix_memalign(void **out, size_t alignment, size_t size) {
  void *pointer = memalign(alignment, size);
  if (pointer == NULL) return ENOMEM;
  *out = pointer;
  return 0;
}

/*
 * The standard library seeds its hashing with this. A fixed sequence keeps
 * the image deterministic; nothing in the engine needs unpredictable bytes.
 */
void arc4random_buf(void *buffer, size_t count) {
  static uint32_t state = 0x9E3779B9u;
  uint8_t *bytes = buffer;
  for (size_t i = 0; i < count; i++) {
    state ^= state << 13;
    state ^= state >> 17;
    state ^= state << 5;
    bytes[i] = (uint8_t)state;
  }
}
