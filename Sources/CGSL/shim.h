// SPDX-License-Identifier: Apache-2.0
// The GSL headers the project calls, and nothing else.
#ifndef RANGING_CGSL_SHIM_H
#define RANGING_CGSL_SHIM_H
#include <gsl/gsl_errno.h>
#include <gsl/gsl_matrix.h>
#include <gsl/gsl_vector.h>
#include <gsl/gsl_blas.h>
#include <gsl/gsl_linalg.h>
#include <gsl/gsl_rng.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_movstat.h>
#include <gsl/gsl_statistics_double.h>
#include <gsl/gsl_sort_double.h>
#include <gsl/gsl_multifit.h>
#endif
