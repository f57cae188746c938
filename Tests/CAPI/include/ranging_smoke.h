// SPDX-License-Identifier: Apache-2.0
/*
 * The C API smoke test (smoke.c) as a function, for Swift tests and firmware.
 */
#ifndef RANGING_SMOKE_H
#define RANGING_SMOKE_H

/**
 * Calls every function of ranging_engine.h and checks its results,
 * printing one line per failed check.
 *
 * - Returns: the number of failed checks (0 when all pass).
 */
int ranging_smoke_run(void);

#endif
