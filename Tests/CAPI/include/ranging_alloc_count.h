// SPDX-License-Identifier: Apache-2.0
/*
 * A counting allocator for the memory checks of smoke.c: alloc_count.c
 * interposes malloc and its relatives (glibc on hosts, newlib through
 * ld --wrap in firmware) and keeps a table of the blocks allocated while
 * counting is on. Built only by scripts/checks/check-firmware (never inside
 * `swift test`, whose threads would all go through it).
 */
#ifndef RANGING_ALLOC_COUNT_H
#define RANGING_ALLOC_COUNT_H

#include <stddef.h>

/** Forgets earlier counts and starts counting. */
void ranging_alloc_count_start(void);
/** Stops counting; the totals stay readable. */
void ranging_alloc_count_stop(void);
/** Bytes requested by blocks allocated while counting and not yet freed. */
size_t ranging_alloc_count_live_bytes(void);
/** Blocks allocated while counting and not yet freed. */
size_t ranging_alloc_count_live_blocks(void);
/** Allocation calls (malloc, calloc, realloc, posix_memalign, ...) while counting. */
size_t ranging_alloc_count_calls(void);

#endif
