# SPDX-License-Identifier: Apache-2.0
"""Numeric fields as rangectl's reader classifies them (NumericField.swift):
plain decimal text is a number, `nan`/`inf`/`infinity` (any case, optional
sign) and decimals too large for a double are non-finite, anything else is
malformed. This is the text-by-text path, for the columns and cells that
pyarrow's converter did not settle (it accepts the same decimals, and also
`nan(...)`, which rangectl calls malformed)."""
import re

import numpy as np

DECIMAL = re.compile(r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?")
NON_FINITE = re.compile(r"[+-]?([nN][aA][nN]|[iI][nN][fF]|[iI][nN][fF][iI][nN][iI][tT][yY])")


def classify(texts):
    """Trimmed, non-empty field texts -> (values, malformed, non_finite) arrays.
    Python's float() rounds decimal text correctly, as the reader's strtod does."""
    count = len(texts)
    values = np.full(count, np.nan)
    malformed = np.zeros(count, dtype=bool)
    non_finite = np.zeros(count, dtype=bool)
    for position, text in enumerate(texts):
        if NON_FINITE.fullmatch(text):
            non_finite[position] = True
        elif DECIMAL.fullmatch(text):
            value = float(text)
            values[position] = value
            non_finite[position] = not np.isfinite(value)
        else:
            malformed[position] = True
    return values, malformed, non_finite
