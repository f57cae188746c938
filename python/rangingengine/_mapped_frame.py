# SPDX-License-Identifier: Apache-2.0
"""A DataFrame in another layout or other units, read through a column
mapping (docs/FORMATS.md §5) as read_csv reads a file through one: the
columns read come out under their §1 names, divided by their unit's size
(text that is not a number is kept as it is, for the checks to reject as
malformed_number); azimuth, elevation and the success status are left to
check(), which resolves them in rangectl's order.
"""
import numpy as np
import pandas as pd

from ._columns import RangingFormatError
from ._mapping import layout_attributes
from ._validation import numeric_series


def mapped_frame(frame: pd.DataFrame, mapping) -> pd.DataFrame:
    """`frame` read through `mapping` (a ColumnMapping).

    Raises RangingFormatError when the columns do not fit the mapping (no
    `t` source, a required source missing, a column read twice), and
    ValueError for a frame that read_csv has already read through a mapping.
    """
    info = dict(frame.attrs.get("rangingengine", {}))
    if info.get("mapped"):
        raise ValueError("this DataFrame was read through a column mapping already (read_csv(..., preset=...) "
                         "or a mapping keyword); give the mapping keywords once")
    header = [str(name) for name in frame.columns]
    layout = mapping.layout(header, info.get("path", "<DataFrame>"), None)
    status_index = mapping.status_index(header)
    read_as = {index: name for name, index in layout.items()}
    data = {}
    for index, name in enumerate(header):
        canonical = read_as.get(index)
        if canonical is None:
            # Not read: kept under its own name, unless a column read takes that name.
            if name not in layout and name not in data:
                data[name] = frame.iloc[:, index]
            continue
        column = frame.iloc[:, index]
        divisor = mapping.divisor(canonical)
        if divisor != 1:
            if pd.api.types.is_timedelta64_dtype(column.dtype):
                raise RangingFormatError(info.get("path", "<DataFrame>"), None, name,
                                         f"column '{name}' holds durations ({column.dtype}), which carry their own "
                                         "unit: give it without a unit option")
            values, malformed = numeric_series(column, canonical, info.get("path", "<DataFrame>"))
            converted = values / divisor
            column = (pd.Series(np.where(malformed, column.to_numpy(dtype=object), converted), index=frame.index,
                                dtype=object) if malformed.any() else pd.Series(converted, index=frame.index))
        data[canonical] = column
    mapped = pd.DataFrame(data, index=frame.index)
    file_columns = info.get("file_columns", {})
    mapped.attrs["rangingengine"] = {
        **info,
        "mapped": True,
        "status": None if status_index is None else list(mapping.success_status),
        "file_columns": {name: file_columns.get(header[index], index + 1) for name, index in layout.items()},
        **layout_attributes(header, layout, status_index),
    }
    return mapped
