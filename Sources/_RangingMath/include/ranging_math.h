// SPDX-License-Identifier: Apache-2.0
// The few libm functions the core needs, as clang builtins: they lower to the
// C library's (glibc on hosts, newlib in firmware) without the core importing
// Glibc or Foundation, which Embedded Swift has neither of.
#ifndef RANGING_MATH_H
#define RANGING_MATH_H

static inline double ranging_atan2(double y, double x) { return __builtin_atan2(y, x); }
static inline double ranging_cos(double x) { return __builtin_cos(x); }
static inline double ranging_sin(double x) { return __builtin_sin(x); }
static inline double ranging_exp(double x) { return __builtin_exp(x); }
static inline double ranging_expm1(double x) { return __builtin_expm1(x); }

#endif
