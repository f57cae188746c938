// SPDX-License-Identifier: Apache-2.0
/*
 * A counting allocator for smoke.c's memory checks (ranging_alloc_count.h).
 *
 * glibc hosts: this file defines malloc and its relatives, which interpose
 * the C library's for the whole program (the Swift runtime included), and
 * forwards to glibc's __libc_* entry points.
 * newlib firmware: link with -Wl,--wrap=malloc,--wrap=free,--wrap=calloc,
 * --wrap=realloc,--wrap=memalign; firmware/support.c builds posix_memalign
 * (which Embedded Swift allocates through) on memalign.
 *
 * While counting is on, every block is recorded with its requested size in
 * a fixed table; a free of a recorded block removes it whenever it happens.
 * Not thread-safe: the programs that link it are single-threaded.
 */
#include "ranging_alloc_count.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { table_capacity = 4096 };
static struct {
  void *pointer;
  size_t size;
} table[table_capacity];
static size_t table_count;
static bool counting;
static size_t calls;
static bool overflowed;

void ranging_alloc_count_start(void) {
  table_count = 0;
  calls = 0;
  overflowed = false;
  counting = true;
}

void ranging_alloc_count_stop(void) { counting = false; }

size_t ranging_alloc_count_live_bytes(void) {
  size_t total = 0;
  for (size_t i = 0; i < table_count; i++) total += table[i].size;
  return overflowed ? SIZE_MAX : total;
}

size_t ranging_alloc_count_live_blocks(void) { return overflowed ? SIZE_MAX : table_count; }

size_t ranging_alloc_count_calls(void) { return calls; }

static void record(void *pointer, size_t size) {
  if (!counting) return;
  calls++;
  if (pointer == NULL) return;
  if (table_count == table_capacity) {
    overflowed = true;
    return;
  }
  table[table_count].pointer = pointer;
  table[table_count].size = size;
  table_count++;
}

static void forget(void *pointer) {
  if (pointer == NULL) return;
  for (size_t i = 0; i < table_count; i++) {
    if (table[i].pointer == pointer) {
      table[i] = table[--table_count];
      return;
    }
  }
}

#if defined(__GLIBC__)

extern void *__libc_malloc(size_t size);
extern void __libc_free(void *pointer);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

void *malloc(size_t size) {
  void *pointer = __libc_malloc(size);
  record(pointer, size);
  return pointer;
}

void free(void *pointer) {
  forget(pointer);
  __libc_free(pointer);
}

void *calloc(size_t count, size_t size) {
  void *pointer = __libc_calloc(count, size);
  record(pointer, count * size);
  return pointer;
}

void *realloc(void *old, size_t size) {
  forget(old);
  void *pointer = __libc_realloc(old, size);
  record(pointer, size);
  return pointer;
}

void *memalign(size_t alignment, size_t size) {
  void *pointer = __libc_memalign(alignment, size);
  record(pointer, size);
  return pointer;
}

void *aligned_alloc(size_t alignment, size_t size) { return memalign(alignment, size); }

int posix_memalign(void **out, size_t alignment, size_t size) {
  void *pointer = memalign(alignment, size);
  if (pointer == NULL) return 12; /* ENOMEM */
  *out = pointer;
  return 0;
}

#elif defined(__NEWLIB__)

void *__real_malloc(size_t size);
void __real_free(void *pointer);
void *__real_calloc(size_t count, size_t size);
void *__real_realloc(void *pointer, size_t size);
void *__real_memalign(size_t alignment, size_t size);

void *__wrap_malloc(size_t size) {
  void *pointer = __real_malloc(size);
  record(pointer, size);
  return pointer;
}

void __wrap_free(void *pointer) {
  forget(pointer);
  __real_free(pointer);
}

void *__wrap_calloc(size_t count, size_t size) {
  void *pointer = __real_calloc(count, size);
  record(pointer, count * size);
  return pointer;
}

void *__wrap_realloc(void *old, size_t size) {
  forget(old);
  void *pointer = __real_realloc(old, size);
  record(pointer, size);
  return pointer;
}

void *__wrap_memalign(size_t alignment, size_t size) {
  void *pointer = __real_memalign(alignment, size);
  record(pointer, size);
  return pointer;
}

#else
#error "alloc_count.c supports glibc and newlib"
#endif
