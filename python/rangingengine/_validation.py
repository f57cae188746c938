# SPDX-License-Identifier: Apache-2.0
"""The row checks of rangectl's reader that apply to values (RowRejection's
table, from missing_value on), run on whole columns at once.

Each row gets the first reason that applies, in the table's order, and the
leftmost failing column when several fail the same check; the value checks
are the core's SampleValidation (distance 0 or 1e-4...1000 m, direction
length within 0.05 of 1, |horizontal_angle| <= pi), then the ground truth's
range (GroundTruth: true_distance 0...1e6 m, true_x/y/z within ±1e6 m).
"""
import math

import numpy as np
import pandas as pd

from ._capi import LIFECYCLE_CODES
from ._columns import AXES, MAXIMUM_SECONDS, MEASUREMENT, NUMERIC, VERTICAL, clipped


class CheckedRows:
    """The outcome of the checks: which rows the engine gets, and why the others do not
    (`reason` and `field` are None for a usable row)."""

    def __init__(self, frame, numbers, texts, reason, field, usable):
        self.frame, self.numbers, self.texts = frame, numbers, texts
        self.reason, self.field, self.usable = reason, field, usable


def numeric_column(frame, name):
    """A numeric column as float64 (NaN where empty), and where its text was not a number."""
    if name not in frame:
        return np.full(len(frame), np.nan), np.zeros(len(frame), dtype=bool)
    column = frame[name]
    if pd.api.types.is_numeric_dtype(column.dtype) and not pd.api.types.is_bool_dtype(column.dtype):
        return column.to_numpy(dtype=np.float64, na_value=np.nan), np.zeros(len(frame), dtype=bool)
    values = pd.to_numeric(column, errors="coerce").to_numpy(dtype=np.float64, na_value=np.nan)
    text = column.astype("string").str.strip(" \t")
    malformed = (text.notna() & (text != "")).to_numpy(dtype=bool) & np.isnan(values)
    return values, malformed


def text_column(frame, name):
    """A text column as an object array with None where empty."""
    if name not in frame:
        return np.full(len(frame), None, dtype=object)
    column = frame[name]
    if column.dtype == object and pd.api.types.infer_dtype(column, skipna=True) in ("string", "empty"):
        # Text already (read_csv's columns): only the missing values need one spelling, None.
        values = column.to_numpy(dtype=object, copy=True)
        values[pd.isna(values) | (values == "")] = None
        return values
    values = column.astype("string").to_numpy(dtype=object, na_value=None)
    values[values == ""] = None
    return values


def check(frame: pd.DataFrame) -> CheckedRows:
    """Runs the checks on every row of `frame`."""
    count = len(frame)
    numbers, malformed = {}, {}
    for name in NUMERIC:
        numbers[name], malformed[name] = numeric_column(frame, name)
    texts = {name: text_column(frame, name) for name in ("object", "vertical", "event")}
    order = [name for name in frame.columns if name in numbers]
    reason = np.full(count, None, dtype=object)
    field = np.full(count, None, dtype=object)
    decided = np.zeros(count, dtype=bool)

    def reject(mask, why, where):
        mask = mask & ~decided
        if mask.any():
            reason[mask] = why
            field[mask] = where
            decided[mask] = True

    present = {name: ~np.isnan(values) for name, values in numbers.items()}
    reject(np.isnan(numbers["t"]) & ~malformed["t"], "missing_value", "t")
    reject(pd.isna(texts["object"]), "missing_value", "object")
    for name in order:
        reject(malformed[name], "malformed_number", name)
    for name in order:
        reject(np.isinf(numbers[name]), "non_finite_value", name)
    with np.errstate(invalid="ignore"):
        reject(np.abs(numbers["t"]) >= MAXIMUM_SECONDS, "time_out_of_range", "t")
    vertical, event = texts["vertical"], texts["event"]
    reject(_spelled_otherwise(vertical, VERTICAL), "unknown_vertical", "vertical")
    reject(_spelled_otherwise(event, LIFECYCLE_CODES), "unknown_event", "event")
    is_event = pd.notna(event)
    measured = {name: (present[name] if name in present else pd.notna(vertical))
                for name in MEASUREMENT}
    for name in sorted(MEASUREMENT, key=lambda name: list(frame.columns).index(name) if name in frame else 1 << 30):
        reject(is_event & measured[name], "measurement_on_event_row", name)
    measurement = ~is_event
    given = sum(present[axis].astype(int) for axis in AXES)
    for axis in AXES:
        reject(measurement & (given > 0) & (given < 3) & ~present[axis], "incomplete_direction", axis)
    distance = numbers["distance"]
    with np.errstate(invalid="ignore"):
        reject(measurement & (distance < 0), "negative_distance", "distance")
        reject(measurement & ((distance > 1000) | ((distance < 1e-4) & (distance != 0))), "distance_out_of_range",
               "distance")
        x, y, z = (numbers[axis] for axis in AXES)
        # Direction.length: (x * x + y * y + z * z).squareRoot()
        length = np.sqrt(x * x + y * y + z * z)
        reject(measurement & (given == 3) & ~(np.abs(length - 1) <= 0.05), "direction_not_unit", "dir_x")
        angle = numbers["horizontal_angle"]
        reject(measurement & present["horizontal_angle"] & ~(np.abs(angle) <= math.pi),
               "horizontal_angle_out_of_range", "horizontal_angle")
    nothing = ~present["distance"] & (given == 0) & ~present["horizontal_angle"] & pd.isna(vertical)
    reject(measurement & nothing, "no_measurement", "row")
    # GroundTruth.accepts: true_distance in 0...1e6 m, true_x/y/z within ±1e6 m (in this order).
    with np.errstate(invalid="ignore"):
        reject(measurement & ((numbers["true_distance"] < 0) | (numbers["true_distance"] > 1e6)),
               "truth_out_of_range", "true_distance")
        for axis in ("true_x", "true_y", "true_z"):
            reject(measurement & (np.abs(numbers[axis]) > 1e6), "truth_out_of_range", axis)
    return CheckedRows(frame, numbers, texts, reason, field, ~decided)


def _spelled_otherwise(values, spellings):
    """Where a text column holds a value that is not one of `spellings` (None is no value):
    the distinct values are looked at, not every row."""
    unknown = [value for value in pd.unique(values) if value is not None and value not in spellings]
    return pd.Series(values).isin(unknown).to_numpy() if unknown else np.zeros(len(values), dtype=bool)


def rejection_text(checked: CheckedRows, position: int, field: str) -> str:
    """The offending value as text, as RowRejection quotes it (clipped)."""
    if field == "row":
        return ""
    if field == "dir_x" and checked.reason[position] == "direction_not_unit":
        return clipped(",".join(repr(float(checked.numbers[axis][position])) for axis in AXES))
    if field in checked.numbers:
        value = checked.numbers[field][position]
        return "" if np.isnan(value) else clipped(repr(float(value)))
    value = checked.texts.get(field, [None] * (position + 1))[position]
    return "" if value is None else clipped(str(value))
