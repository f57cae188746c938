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
from ._columns import (AXES, MAXIMUM_SECONDS, MEASUREMENT, NUMERIC, POSE, POSE_NORM_TOLERANCE, VERTICAL,
                       RangingFormatError, clipped, too_long_names)
from ._mapping import ANGLES

# SphericalDirection.azimuthLimit and elevationLimit: π and π/2, with room for the rounding of 180° and 90°.
AZIMUTH_LIMIT = math.pi * (1 + 1e-12)
ELEVATION_LIMIT = math.pi / 2 * (1 + 1e-12)


class CheckedRows:
    """The outcome of the checks: which rows the engine gets, and why the others do not
    (`reason` and `field` are None for a usable row, and themselves None when every row is usable)."""

    def __init__(self, frame, numbers, reason, field, usable, text_columns, pose_only, posed, carried=None):
        self.frame, self.numbers = frame, numbers
        self.carried = carried  # rows rejected before they became rows (REJECTION_COLUMNS), or None
        self.reason, self.field, self.usable = reason, field, usable
        self.text_columns = text_columns  # name -> TextColumn
        self.pose_only = pose_only  # rows with a pose and nothing else (docs/FORMATS.md §1)
        self.posed = posed          # rows with all four pose fields


def numeric_series(column, name=None, path="<DataFrame>"):
    """A numeric column as float64 (NaN where empty), and where its text was not a number.

    `t` (name "t") may be durations (timedelta64, NaT for no value), read as
    seconds; any other column of durations, and dates and times (datetime64)
    in any column, raise RangingFormatError naming the column: a time of day
    has no origin the engine could know.
    """
    durations = pd.api.types.is_timedelta64_dtype(column.dtype)
    if durations or pd.api.types.is_datetime64_any_dtype(column.dtype):
        refused = times_refused(path, name, column.dtype, durations)
        if refused:
            raise refused
        return duration_seconds(column), np.zeros(len(column), dtype=bool)
    if pd.api.types.is_numeric_dtype(column.dtype) and not pd.api.types.is_bool_dtype(column.dtype):
        return column.to_numpy(dtype=np.float64, na_value=np.nan), np.zeros(len(column), dtype=bool)
    values = pd.to_numeric(column, errors="coerce").to_numpy(dtype=np.float64, na_value=np.nan)
    text = column.astype("string").str.strip(" \t")
    malformed = (text.notna() & (text != "")).to_numpy(dtype=bool) & np.isnan(values)
    return values, malformed


def times_refused(path, name, kind, durations, is_time=None):
    """The RangingFormatError for a column of times of type `kind` (durations
    or, not `durations`, dates and times), or None for durations in the time
    column (`is_time`; by default, the column named `t`)."""
    is_time = name == "t" if is_time is None else is_time
    if is_time and durations:
        return None
    if not is_time:
        return RangingFormatError(path, None, name, f"column '{name}' holds times ({kind}): only 't' may")
    return RangingFormatError(path, None, name, f"column '{name}' holds dates and times ({kind}), which have no "
                              "origin in seconds: give durations from an origin of your choice, such as "
                              f"df['{name}'] - df['{name}'].min(), or seconds")


def duration_seconds(column):
    """Durations (a timedelta64 column) as float64 seconds, NaN where NaT: each
    the double nearest the exact duration, as rangectl reads it written in
    decimal (`100ms` is 0.1, not 100,000 microseconds)."""
    values = column.to_numpy()
    unit, count = np.datetime_data(values.dtype)
    per_second = int(np.timedelta64(1, "s") // np.timedelta64(count, unit))
    ticks = values.view(np.int64)
    missing = np.isnat(values)
    if (np.abs(ticks[~missing]) < 2 ** 53).all():
        seconds = ticks / per_second  # both exact as doubles: one rounding, the division's
    else:
        seconds = np.array([tick / per_second for tick in ticks.tolist()], dtype=np.float64)  # Python's: one rounding
    seconds[missing] = np.nan
    return seconds


class TextColumn:
    """A text column: `codes` into `uniques`, its distinct texts (-1 where empty),
    so that checks on the spelling look at each distinct text once, not at
    every row, and `present`, where it has a text."""

    def __init__(self, frame, name):
        if name not in frame:
            self.codes, self.uniques = np.full(len(frame), -1, dtype=np.intp), np.zeros(0, dtype=object)
        else:
            codes, uniques = pd.factorize(frame[name], use_na_sentinel=True)
            # Text as pandas' string dtype writes it (a number 1.0 in a column of names is "1.0").
            uniques = pd.Series(np.asarray(uniques, dtype=object), dtype=object).astype("string")
            uniques = uniques.to_numpy(dtype=object, na_value=None)
            uniques[uniques == ""] = None
            # Two values with one text (1 and "1") are one name, as in a CSV file.
            merged, distinct = pd.factorize(uniques, use_na_sentinel=True)
            if len(distinct) < len(uniques):
                codes = np.append(merged, -1)[codes]  # code -1 reads the last entry: -1
                uniques = np.asarray(distinct, dtype=object)
            self.codes, self.uniques = codes, uniques
        self.present = np.append(self.uniques != None, False)[self.codes]  # noqa: E711 (element-wise, distinct texts)

    def text(self, position):
        """Row `position`'s text, or None."""
        code = self.codes[position]
        return None if code < 0 else self.uniques[code]

    def codes_of(self, table, otherwise):
        """Each row's entry of `table` (text -> code) as an int32 array; `otherwise` where
        it has no text or one `table` lacks."""
        codes = [table.get(text, otherwise) for text in self.uniques] + [otherwise]  # code -1: the last
        return np.array(codes, dtype=np.int32)[self.codes]

    def spelled_otherwise(self, spellings):
        """Where the column holds a text that is not one of `spellings`."""
        unknown = np.array([value is not None and value not in spellings for value in self.uniques] + [False])
        return unknown[self.codes]


def check(frame: pd.DataFrame, angles=None, status=None) -> CheckedRows:
    """Runs the checks on every row of `frame`.

    angles: whether the `azimuth` and `elevation` columns are read (radians;
    docs/FORMATS.md §5); status: (column, word) a row's field must equal, as
    the qorvo preset's `status` must be `SUCCESS`. Both default to what
    the frame's attrs say (read_csv and the mapping of replay() set them).
    """
    info = frame.attrs.get("rangingengine", {})
    angles = info.get("angles", False) if angles is None else angles
    status = info.get("status") if status is None else status
    count = len(frame)
    numbers, malformed = {}, {}
    # A column the frame lacks: one read-only array of NaN and one of False for all of them.
    absent = np.full(count, np.nan), np.zeros(count, dtype=bool)
    for array in absent:
        array.flags.writeable = False
    for name in NUMERIC + (ANGLES if angles else []):
        numbers[name], malformed[name] = (numeric_series(frame[name], name, info.get("path", "<DataFrame>"))
                                          if name in frame else absent)
    columns = {name: TextColumn(frame, name) for name in ("object", "vertical", "event")}
    order = [name for name in frame.columns if name in numbers]
    # Each row's reason and field, made at the first rejection (None when every row is usable).
    reason = field = None
    decided = np.zeros(count, dtype=bool)

    def reject(mask, why, where):
        nonlocal reason, field
        if not mask.any():  # the common case, and cheaper to see than mask & ~decided
            return
        mask = mask & ~decided
        if mask.any():
            if reason is None:
                reason, field = np.full(count, None, dtype=object), np.full(count, None, dtype=object)
            reason[mask] = why[mask] if isinstance(why, np.ndarray) else why
            field[mask] = where
            decided[mask] = True

    # A row that carries its rejection (read_csv(..., keep_rejected=True)) has it, before any check.
    carried = None
    if "rejected_reason" in frame:
        carried_reason = frame["rejected_reason"].to_numpy(dtype=object, na_value=None)
        carried = pd.notna(carried_reason)
        reject(carried, carried_reason, None)

    present = {name: absent[1] if values is absent[0] else
               ~np.isnan(values) | malformed[name] if malformed[name].any() else ~np.isnan(values)
               for name, values in numbers.items()}
    measured = {name: (present[name] if name in present else columns["vertical"].present)
                for name in MEASUREMENT + (ANGLES if angles else [])}
    given_pose = sum(present[name].astype(np.int8) for name in POSE)
    is_event = columns["event"].present
    # RowParser: a row with a pose and no measurement or event is a pose alone, and belongs to no object.
    pose_only = (given_pose > 0) & ~np.logical_or.reduce(list(measured.values())) & ~is_event
    reject(np.isnan(numbers["t"]) & ~malformed["t"], "missing_value", "t")
    reject(~columns["object"].present & ~pose_only, "missing_value", "object")
    reject(np.append(too_long_names(columns["object"].uniques), False)[columns["object"].codes],
           "object_name_too_long", "object")
    if status is not None and status[0] in frame:
        # RowParser: the radio reports that the exchange failed; whatever else the row holds is not a measurement.
        word = frame[status[0]].astype("string").str.strip(" \t").fillna("")
        reject((word != status[1]).to_numpy(dtype=bool), "no_measurement", status[0])
    for name in order:
        reject(malformed[name], "malformed_number", name)
    for name in order:
        reject(np.isinf(numbers[name]), "non_finite_value", name)
    with np.errstate(invalid="ignore"):
        reject(np.abs(numbers["t"]) >= MAXIMUM_SECONDS, "time_out_of_range", "t")
    reject(columns["vertical"].spelled_otherwise(VERTICAL), "unknown_vertical", "vertical")
    reject(columns["event"].spelled_otherwise(LIFECYCLE_CODES), "unknown_event", "event")
    measured.update({name: present[name] for name in POSE})
    for name in sorted(measured, key=lambda name: list(frame.columns).index(name) if name in frame else 1 << 30):
        reject(is_event & measured[name], "measurement_on_event_row", name)
    # The pose's checks (SampleValidation.rejection(of: Attitude)) come before the measurement's; they
    # concern only rows with a pose field.
    if given_pose.any():
        for name in POSE:
            reject(~is_event & (given_pose > 0) & ~present[name], "incomplete_pose", name)
        w, x, y, z = (numbers[name] for name in POSE)
        with np.errstate(invalid="ignore"):
            # Attitude.norm: (w * w + x * x + y * y + z * z).squareRoot()
            norm = np.sqrt(w * w + x * x + y * y + z * z)
            reject(~is_event & (given_pose == 4) & ~(np.abs(norm - 1) <= POSE_NORM_TOLERANCE), "pose_not_unit",
                   "pose_w")
    measurement = ~is_event & ~pose_only
    given = sum(present[axis].astype(np.int8) for axis in AXES)
    for axis in AXES:
        reject(measurement & (given > 0) & (given < 3) & ~present[axis], "incomplete_direction", axis)
    if angles:
        resolve_angles(numbers, present, measurement, reject)
        given = sum(present[axis].astype(np.int8) for axis in AXES)
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
    nothing = ~present["distance"] & (given == 0) & ~present["horizontal_angle"] & ~columns["vertical"].present
    reject(measurement & nothing, "no_measurement", "row")
    # GroundTruth.accepts: true_distance in 0...1e6 m, true_x/y/z within ±1e6 m (in this order).
    with np.errstate(invalid="ignore"):
        reject(measurement & ((numbers["true_distance"] < 0) | (numbers["true_distance"] > 1e6)),
               "truth_out_of_range", "true_distance")
        for axis in ("true_x", "true_y", "true_z"):
            reject(measurement & (np.abs(numbers[axis]) > 1e6), "truth_out_of_range", axis)
    return CheckedRows(frame, numbers, reason, field, ~decided, columns, pose_only, given_pose == 4, carried)


def resolve_angles(numbers, present, measurement, reject):
    """SphericalDirection.resolve on whole columns (docs/FORMATS.md §5): azimuth θ
    and elevation φ give the direction x = cos φ sin θ, y = sin φ, z = -cos φ cos θ;
    azimuth alone gives the horizontal angle (unless the row has its own);
    elevation alone is incomplete_direction (field: the azimuth column), and
    |θ| > π or |φ| > π/2 is angle_out_of_range. Writes the directions and angles
    into `numbers` and `present`."""
    azimuth, elevation = numbers["azimuth"], numbers["elevation"]
    has_azimuth, has_elevation = present["azimuth"], present["elevation"]
    reject(measurement & has_elevation & ~has_azimuth, "incomplete_direction", "azimuth")
    with np.errstate(invalid="ignore"):
        reject(measurement & has_azimuth & ~(np.abs(azimuth) <= AZIMUTH_LIMIT), "angle_out_of_range", "azimuth")
        reject(measurement & has_azimuth & has_elevation & ~(np.abs(elevation) <= ELEVATION_LIMIT),
               "angle_out_of_range", "elevation")
    theta = np.clip(azimuth, -math.pi, math.pi)
    both = np.flatnonzero(measurement & has_azimuth & has_elevation)
    if len(both):
        phi = np.clip(elevation[both], -math.pi / 2, math.pi / 2)
        # The C library's sin and cos (glibc's, as Swift's Foundation calls), not NumPy's own vector ones,
        # so that every direction is rangectl's to the last bit.
        sin, cos = np.frompyfunc(math.sin, 1, 1), np.frompyfunc(math.cos, 1, 1)
        sin_theta, cos_theta = sin(theta[both]).astype(np.float64), cos(theta[both]).astype(np.float64)
        sin_phi, cos_phi = sin(phi).astype(np.float64), cos(phi).astype(np.float64)
        for axis, values in (("dir_x", cos_phi * sin_theta), ("dir_y", sin_phi), ("dir_z", -cos_phi * cos_theta)):
            numbers[axis] = numbers[axis].copy()
            numbers[axis][both] = values
            present[axis] = present[axis].copy()
            present[axis][both] = True
    alone = measurement & has_azimuth & ~has_elevation & ~present["horizontal_angle"]
    if alone.any():
        numbers["horizontal_angle"] = np.where(alone, theta, numbers["horizontal_angle"])
        present["horizontal_angle"] = present["horizontal_angle"] | alone


def rejection_text(checked: CheckedRows, position: int, field: str) -> str:
    """The offending value as text, as RowRejection quotes it (clipped)."""
    if field == "row":
        return ""
    if field == "dir_x" and checked.reason[position] == "direction_not_unit":
        return clipped(",".join(repr(float(checked.numbers[axis][position])) for axis in AXES))
    if field == "pose_w" and checked.reason[position] == "pose_not_unit":
        return clipped(",".join(repr(float(checked.numbers[name][position])) for name in POSE))
    if field in checked.numbers:
        value = checked.numbers[field][position]
        return "" if np.isnan(value) else clipped(repr(float(value)))
    value = checked.text_columns[field].text(position) if field in checked.text_columns else None
    return "" if value is None else clipped(str(value))
