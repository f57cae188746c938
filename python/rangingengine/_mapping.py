# SPDX-License-Identifier: Apache-2.0
"""Column and unit mapping (docs/FORMATS.md §5): rangectl's `--preset`,
`--column`, `--distance-unit`, `--time-unit` and `--angle-unit`, as
read_csv's and replay's keywords `preset`, `column`, `distance_unit`,
`time_unit` and `angle_unit`, with the same rules and errors
(Sources/RangingFormats/Reading/ColumnMapping.swift, ColumnMapping+Presets.swift
and ColumnLayout.swift; Sources/RangingReplayOptions/InputOptions.swift).

A mapping turns a header into a layout: which header name holds each
canonical column. Values are divided by their unit's size (an exact power
of ten, or 180/π for degrees) after the text checks and before every value
check, as RowParser does.
"""
import math
from dataclasses import dataclass, field

from ._columns import RangingFormatError

# KnownColumn, in its order: a header name read as two columns is decided by it.
CANONICAL = ["t", "object", "distance", "dir_x", "dir_y", "dir_z", "horizontal_angle", "vertical", "event",
             "azimuth", "elevation", "true_distance", "true_x", "true_y", "true_z",
             "pose_w", "pose_x", "pose_y", "pose_z"]
ANGLES = ["azimuth", "elevation"]
# How many of each unit make one metre, second or radian (DistanceUnit, TimeUnit, AngleUnit).
DISTANCE_UNITS = {"m": 1.0, "cm": 100.0, "mm": 1000.0}
TIME_UNITS = {"s": 1.0, "ms": 1e3, "us": 1e6, "ns": 1e9}
ANGLE_UNITS = {"deg": 180 / math.pi, "rad": 1.0}
_DISTANCE_COLUMNS = {"distance", "true_distance", "true_x", "true_y", "true_z"}
MAPPING_KEYWORDS = ("preset", "column", "distance_unit", "time_unit", "angle_unit")


@dataclass
class ColumnMapping:
    """Which header name holds each canonical column, the input's units, and
    the column whose word marks a successful measurement (Qorvo's status)."""

    sources: dict = field(default_factory=dict)      # canonical name -> header name
    required: set = field(default_factory=set)        # canonical names whose source must be in the header
    distance_unit: str = "m"
    time_unit: str = "s"
    angle_unit: str = None
    success_status: tuple = None                      # (header name, word), or None

    def source(self, canonical):
        return self.sources.get(canonical, canonical)

    @property
    def converts_nothing(self):
        return self.distance_unit == "m" and self.time_unit == "s" and self.angle_unit is None

    @property
    def is_identity(self):
        return self.converts_nothing and not self.sources and self.success_status is None

    def divisor(self, canonical):
        """ColumnLayout's divisor: the value read is divided by it."""
        if canonical == "t":
            return TIME_UNITS[self.time_unit]
        if canonical in _DISTANCE_COLUMNS:
            return DISTANCE_UNITS[self.distance_unit]
        if canonical in ("horizontal_angle", "azimuth", "elevation") and self.angle_unit is not None:
            return ANGLE_UNITS[self.angle_unit]
        return 1.0

    def set_source(self, source, canonical):
        """ColumnMapping.setSource: reads `canonical` from header name `source` (required in the header)."""
        if canonical not in CANONICAL:
            raise ValueError(f"'{canonical}' is not a column rangectl reads; expected one of {', '.join(CANONICAL)}")
        if not source or "," in source:
            raise ValueError(f"'{source}' cannot be a header name (empty, or holds a comma)")
        if canonical in self.required and self.sources.get(canonical, source) != source:
            raise ValueError(f"'{canonical}' is mapped twice ('{self.sources[canonical]}' and '{source}')")
        for other, taken in self.sources.items():
            if other != canonical and taken == source:
                raise ValueError(f"'{source}' is already read as '{other}'; it cannot also be '{canonical}'")
        self.sources[canonical] = source
        self.required.add(canonical)

    def readable(self):
        """The canonical columns read: azimuth and elevation only with an angle unit."""
        return [name for name in CANONICAL if self.angle_unit is not None or name not in ANGLES]

    def shared_source(self):
        """ColumnMapping.sharedSource: a column given another column's own name
        while that column still reads it (`column={"t": "object"}` alone)."""
        readable = self.readable()
        for column in readable:
            source = self.sources.get(column)
            if source is None:
                continue
            for owner in readable:
                if owner != column and owner == source and self.source(owner) == source:
                    return (f"'{source}' is read as '{source}' under its own name; it cannot also be '{column}' "
                            f"unless '{source}' is read from another header name (column={{'{source}': NAME}})")
        return None

    def layout(self, header, path, line):
        """ColumnLayout.make: {canonical name: 0-based index in `header`}, or
        RangingFormatError naming the file and header line (rangectl's exit 65)."""
        readable = self.readable()
        indices = {}
        for index, name in enumerate(header):
            matches = [column for column in readable if self.source(column) == name]
            if not matches:
                continue
            # A column mapped to this name wins over one that only has it as its own name.
            column = next((match for match in matches if match in self.sources), matches[0])
            if column in indices:
                raise RangingFormatError(path, line, name, f"not a ranging CSV: duplicate column '{name}'")
            indices[column] = index
        for canonical in sorted(self.required):
            source = self.source(canonical)
            if source not in header:
                raise RangingFormatError(path, line, source, f"not a ranging CSV: no column '{source}' "
                                                             f"(column={{'{canonical}': '{source}'}})")
        for required in ("t", "object"):
            if required not in indices:
                source = self.source(required)
                raise RangingFormatError(path, line, source, f"not a ranging CSV: no '{source}' column; "
                                                             f"{foreign_header_hint(header, self)}")
        # dir_* win over azimuth and elevation (docs/FORMATS.md §5).
        if any(axis in indices for axis in ("dir_x", "dir_y", "dir_z")):
            for name in ANGLES:
                indices.pop(name, None)
        return indices

    def status_index(self, header):
        """The 0-based index of the success-status column, when the mapping has one and the header has it."""
        if self.success_status is None or self.success_status[0] not in header:
            return None
        return header.index(self.success_status[0])


def foreign_header_hint(header, mapping):
    """ForeignHeader.hint: the names a header without 't' or 'object' has, and
    what would read it: the delimiter, a preset whose layout it is, or
    --column mappings (column= here), guessed from the names. Worded as
    rangectl words it; change both together."""
    def shown(name):
        return f"'{name[:40]}...'" if len(name) > 40 else f"'{name}'"
    found = ", ".join(shown(name) for name in header[:8]) + (f", ... ({len(header)} columns)" if len(header) > 8 else "")
    return f"found {found}: {_foreign_header_suggestion(header, mapping)}"


def _foreign_header_suggestion(header, mapping):
    for character, word in ((";", "';'"), ("\t", "tabs")):
        if any(character in name for name in header):
            return f"rangectl reads fields separated by commas only, and this header has {word} (save the file with commas)"
    for name, make in PRESETS.items():
        preset = make()
        if preset != mapping and preset.source("t") in header and preset.source("object") in header:
            return f"give --preset {name}, whose layout this is"

    def guess(column):
        for name in header:
            lower = name.lower()
            if column == "t" and (lower == "ts" or lower.startswith(("time", "ts_", "elapsed"))):
                return name
            words = ("object", "device", "tag", "anchor", "peer", "mac", "address") if column == "object" else ("range", "dist")
            if column != "t" and any(word in lower for word in words):
                return name
        return None

    def unit(name, units):
        lower = name.lower()
        return next((unit for unit in units if lower.endswith((f"_{unit}", f"[{unit}]", f"({unit})"))), None)

    options = []
    for column in ("t", "object", "distance"):
        if mapping.source(column) in header:
            continue
        source = guess(column)
        if source is None and column == "distance":
            continue  # optional: suggested only when a name looks like one
        options.append(f"--column {column}={source or 'NAME'}")
        if source is None:
            continue
        if column == "t" and mapping.time_unit == "s" and unit(source, ("ms", "us", "ns")):
            options.append(f"--time-unit {unit(source, ('ms', 'us', 'ns'))}")
        if column == "distance" and mapping.distance_unit == "m" and unit(source, ("cm", "mm")):
            options.append(f"--distance-unit {unit(source, ('cm', 'mm'))}")
    return "name the columns to read, e.g. " + " ".join(options)


def layout_attributes(header, layout, status_index):
    """What read_csv and a mapped DataFrame record in attrs["rangingengine"]
    about a header read through `layout` (ColumnMapping.layout): the input's
    name of each column read (the rejections name it), whether azimuth and
    elevation are read, and the named columns that are neither read nor the
    success status, once each, in header order."""
    read = set(layout.values())
    return {
        "field_names": {name: header[index] for name, index in layout.items()},
        "angles": any(name in layout for name in ANGLES),
        "unused_columns": list(dict.fromkeys(name for index, name in enumerate(header)
                                             if index not in read and index != status_index and name)),
    }


def _android():
    mapping = ColumnMapping(time_unit="ns", angle_unit="deg")
    mapping.sources.update({"t": "elapsed_realtime_nanos", "object": "device_address",
                            "pose_w": "rotation_vector_w", "pose_x": "rotation_vector_x",
                            "pose_y": "rotation_vector_y", "pose_z": "rotation_vector_z"})
    return mapping


def _qorvo():
    mapping = ColumnMapping(distance_unit="cm", time_unit="ms", angle_unit="deg", success_status=("status", "SUCCESS"))
    mapping.sources.update({"t": "time_ms", "object": "mac_address", "distance": "distance[cm]",
                            "azimuth": "loc_az", "elevation": "loc_el"})
    return mapping


# ColumnMapping+Presets.swift: a preset's columns may be missing from a file (not required).
PRESETS = {"android": _android, "qorvo": _qorvo}


def column_mapping(preset=None, column=None, distance_unit=None, time_unit=None, angle_unit=None):
    """The mapping rangectl's input options describe (InputOptions.mapping()), or
    None when none is given. ValueError names the option, as rangectl's exit 64 does.

    `column`: {"distance": "range_cm"}, or rangectl's texts "distance=range_cm"
    (one, or a list of them)."""
    if preset is None and not column and distance_unit is None and time_unit is None and angle_unit is None:
        return None
    if preset is not None:
        if preset not in PRESETS:
            raise ValueError(f"preset: unknown preset {preset!r}; expected one of {', '.join(PRESETS)}")
        mapping = PRESETS[preset]()
    else:
        mapping = ColumnMapping()
    for canonical, source, given in _column_entries(column):
        try:
            mapping.set_source(source, canonical)
        except ValueError as error:
            raise ValueError(f"column {given}: {error}") from None
    for name, value, units in (("distance_unit", distance_unit, DISTANCE_UNITS), ("time_unit", time_unit, TIME_UNITS),
                               ("angle_unit", angle_unit, ANGLE_UNITS)):
        if value is not None and value not in units:
            raise ValueError(f"{name} must be one of {', '.join(units)}, got {value!r}")
    if angle_unit is not None:
        mapping.angle_unit = angle_unit
    shared = mapping.shared_source()
    if shared:
        raise ValueError(f"column: {shared}")
    if distance_unit is not None:
        mapping.distance_unit = distance_unit
    if time_unit is not None:
        mapping.time_unit = time_unit
    return mapping


def _column_entries(column):
    """(canonical, source, as given) for each entry of `column`, names trimmed of spaces and tabs."""
    if not column:
        return []
    if isinstance(column, dict):
        return [(str(name).strip(" \t"), str(source).strip(" \t"), f"{name}={source}")
                for name, source in column.items()]
    entries = []
    for text in ([column] if isinstance(column, str) else list(column)):
        name, equals, source = str(text).partition("=")
        if not equals:
            raise ValueError(f"column {text}: expected column=name, e.g. distance=range_cm")
        entries.append((name.strip(" \t"), source.strip(" \t"), text))
    return entries


def split_mapping_keywords(keywords: dict):
    """The mapping keywords of `keywords` (removed from it), as a dict."""
    return {name: keywords.pop(name) for name in MAPPING_KEYWORDS if name in keywords}
