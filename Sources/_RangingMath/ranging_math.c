// SPDX-License-Identifier: Apache-2.0
// Header-only module: SwiftPM needs one source file per C target.
#include "ranging_math.h"
