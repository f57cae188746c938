# SPDX-License-Identifier: Apache-2.0
"""The engine options of `rangectl replay`, under the same names (long option
without its dashes, `-` as `_`), defaults and ranges, checked before the
engine is created so that a bad value raises ValueError naming the option
and its range, as rangectl names them when it exits with status 64.

The ranges are those rangectl accepts (Sources/RangingReplayOptions/EngineOptions.swift
and the core's configuration ranges it checks); tests/test_options.py gives
values on both sides of each limit to this module and to rangectl and checks
that both accept or both refuse them. Times go to the C API in whole
microseconds, as every ranging_config_t time is.
"""
import math
from dataclasses import dataclass, fields

import numpy as np

from . import _capi, _number_text
from ._mapping import MAPPING_KEYWORDS

DEFAULT_ZONES = {"inner": 1.5, "outer": 3.0}


@dataclass
class EngineOptions:
    """rangectl replay's engine options; see `rangectl replay --help`."""

    hysteresis: float = 0.2
    band_offset: float = 0.1
    enter_dwell: float = 0.0
    exit_dwell: float = 0.0
    sigma_margin: float = 0.0
    capacity: int = 64
    suspension: str = "exit"
    backend: str = "swift"
    process_noise: float = 0.5
    measurement_sigma: float = 0.065
    measured_noise: str = "on"
    gating: str = "evidence"
    gate: float = 4.0
    short_gate: float = 4.0
    hampel_side: str = "above"
    max_rate: float = math.inf
    reset_after: int = 1_000_000
    reset_after_seconds: float = 0.5
    confirmation: int = 1
    confirmation_seconds: float = 0.25
    direction: str = "on"
    fov: str = "55,45"
    max_coast: float = 1.5
    velocity_correlation: float = 1.5
    hampel_window: int = 1
    hampel_threshold: float = 3.0
    range_offset: float = 0.0
    range_scale: float = 1.0
    object_calibration: dict = None

    @classmethod
    def from_keywords(cls, keywords: dict) -> "EngineOptions":
        known = {field.name for field in fields(cls)}
        for name in keywords:
            if name not in known:
                raise ValueError(f"unknown engine option {name!r}; the options are {', '.join(sorted(known))} "
                                 f"(and the input options {', '.join(MAPPING_KEYWORDS)})")
        options = cls(**keywords)
        options.object_calibration = _calibrations_by_name(options.object_calibration)
        options.validate()
        return options

    def validate(self) -> None:
        """Raises ValueError for the first option out of its range, as rangectl checks them."""
        _choice("suspension", self.suspension, ("exit", "hold"))
        _choice("direction", self.direction, ("on", "off"))
        _choice("measured_noise", self.measured_noise, ("on", "off"))
        _choice("gating", self.gating, ("evidence", "always"))
        _choice("hampel_side", self.hampel_side, tuple(_capi.OUTLIER_SIDES))
        _choice("backend", self.backend, ("swift",),
                "the package's library is built without GSL and runs the Swift backend")
        # HampelConfiguration.windowRange (1...HampelFilter.maximumWindow) and thresholdRange.
        _range("hampel_window", self.hampel_window, 1, 15, integer=True)
        _range("hampel_threshold", self.hampel_threshold, 0, 1e6)
        for name in ("enter_dwell", "exit_dwell"):
            _range(name, getattr(self, name), 0, 3600, unit=" seconds")
        _range("sigma_margin", self.sigma_margin, 0, 100)
        # rangectl takes up to 16777216; the C API's object table stops at 65536.
        _range("capacity", self.capacity, 1, 65536, integer=True)
        _range("process_noise", self.process_noise, 1e-6, 1e6)
        _range("measurement_sigma", self.measurement_sigma, 1e-4, 1000)
        _range("gate", self.gate, 0.1, 1e6)
        _range("short_gate", self.short_gate, 0.1, 1e6)
        _range("max_rate", self.max_rate, 0.1, math.inf)
        _range("reset_after", self.reset_after, 1, 1_000_000, integer=True)
        _range("reset_after_seconds", self.reset_after_seconds, 0, 86_400)
        _range("confirmation", self.confirmation, 1, 100, integer=True)
        _range("confirmation_seconds", self.confirmation_seconds, 0, 3600)
        self.field_of_view_degrees()
        _range("max_coast", self.max_coast, 1e-6, 60, unit=" seconds")
        _range("velocity_correlation", self.velocity_correlation, 1e-3, 1e6)
        _range("range_offset", self.range_offset, -10, 10, unit=" m")
        _range("range_scale", self.range_scale, 0.5, 2)
        calibrations = self.object_calibration or {}
        if calibrations and (self.range_offset != 0 or self.range_scale != 1):
            raise ValueError("object_calibration and range_offset/range_scale would both correct the same "
                             "distances; give one or the other")
        for name, value in calibrations.items():
            offset, scale = (value, 1.0) if isinstance(value, (int, float)) else value
            _range(f"object_calibration[{name!r}] offset", offset, -10, 10, unit=" m")
            _range(f"object_calibration[{name!r}] scale", scale, 0.5, 2)

    def field_of_view_degrees(self):
        """`fov` as (azimuth, elevation) half-angles in degrees: "55,45" or a pair."""
        try:
            parts = self.fov.split(",") if isinstance(self.fov, str) else list(self.fov)
            azimuth, elevation = (float(part) for part in parts)
        except (ValueError, TypeError):
            azimuth = elevation = math.nan
        if not (0 < azimuth <= 180 and 0 < elevation <= 90):
            raise ValueError(f"fov: expected azimuth,elevation half-angles in degrees, e.g. 55,45 "
                             f"(azimuth in (0, 180], elevation in (0, 90]), got {self.fov!r}")
        return azimuth, elevation

    def object_calibrations(self):
        """object_calibration as {name: (offset, scale)}."""
        return {name: ((value, 1.0) if isinstance(value, (int, float)) else tuple(value))
                for name, value in (self.object_calibration or {}).items()}


def _calibrations_by_name(value):
    """object_calibration as {name: offset or (offset, scale)}: a dict as it is, or
    rangectl's texts `name=offset[,scale]` (one, or a list of them; the last `=`
    splits, as an object name may hold one), with its errors."""
    if value is None or isinstance(value, dict):
        return value
    calibrations = {}
    for text in ([value] if isinstance(value, str) else list(value)):
        name, equals, numbers = str(text).rpartition("=")
        if not equals or not name:
            raise ValueError(f"object_calibration wants name=offset[,scale], got {text!r}")
        parts = numbers.split(",")
        if not (1 <= len(parts) <= 2) or not all(_number_text.DECIMAL.fullmatch(part) or
                                                  _number_text.NON_FINITE.fullmatch(part) for part in parts):
            raise ValueError(f"object_calibration wants name=offset[,scale] with numbers, got {text!r}")
        if name in calibrations:
            raise ValueError(f"object_calibration names {name!r} twice")
        calibrations[name] = tuple(float(part) for part in parts) if len(parts) == 2 else float(parts[0])
    return calibrations


def parse_zones(zones):
    """Zones as [(name, radius_m, angle_limit_degrees or None)] from a dict
    {"inner": 1.5, "door": (1.5, 30)} or rangectl's text "inner=1.5,door=1.5@30"."""
    if zones is None:
        zones = DEFAULT_ZONES
    if isinstance(zones, str):
        items = []
        for item in zones.split(","):
            name, equals, value = item.partition("=")
            if not equals:
                raise ValueError(f"zones: {item!r} is not name=radius")
            radius, at, angle = value.partition("@")
            items.append((name, (radius, angle) if at else radius))
    else:
        items = list(dict(zones).items())
    if not items:
        raise ValueError("zones: expected name=radius pairs, e.g. {'inner': 1.5, 'outer': 3.0}")
    if len(items) > _capi.RANGING_MAX_ZONES:
        raise ValueError(f"zones: at most {_capi.RANGING_MAX_ZONES} zones, got {len(items)}")
    parsed = []
    for name, value in items:
        name = str(name)
        if not name:
            raise ValueError("zones: a zone has an empty name")
        if any(character in '"\\' or ord(character) < 0x20 for character in name):
            raise ValueError(f"zones: zone name {name!r} contains a quote, backslash or control character")
        if any(name == other for other, _, _ in parsed):
            raise ValueError(f"zones: zone {name!r} is given twice")
        radius, angle = (value if isinstance(value, (tuple, list)) else (value, None))
        radius = _number(radius)
        if not (math.isfinite(radius) and radius > 0):
            raise ValueError(f"zones: zone {name!r}: radius {value!r} is not a positive number of metres")
        _range(f"zones radius of {name!r}", radius, 1e-3, 10_000, unit=" m")
        if angle is not None:
            angle = _number(angle)
            if not (5 < angle < 180):
                raise ValueError(f"zones: zone {name!r}: angle {angle!r} is not a number of degrees in (5, 180)")
        parsed.append((name, radius, angle))
    return parsed


def configuration(options: EngineOptions, zones, event_capacity: int):
    """The ranging_config_t and its zone array for `options` and parsed `zones`.

    Raises ValueError where a zone setting is out of range given the others
    (hysteresis above the smallest radius, an enter threshold at or below 0)."""
    smallest = min(radius for _, radius, _ in zones)
    _range("hysteresis", options.hysteresis, 0, smallest, unit=" m (at most the smallest zone radius)")
    zone_array = (_capi.ZoneConfig * len(zones))()
    for entry, (_, radius, angle) in zip(zone_array, zones):
        _capi.library.ranging_zone_config_init(entry, radius)
        entry.hysteresis_m = min(options.hysteresis, radius)
        lowest = entry.hysteresis_m / 2 - radius
        if not (lowest < options.band_offset <= 10_000 and radius - entry.hysteresis_m / 2 + options.band_offset > 0):
            raise ValueError(f"band_offset must be in {max(lowest, -10_000)}...10000 (above hysteresis/2 - radius, "
                             f"exclusive), got {options.band_offset}")
        entry.band_offset_m = options.band_offset
        entry.enter_dwell_us = microseconds(options.enter_dwell)
        entry.exit_dwell_us = microseconds(options.exit_dwell)
        entry.enter_sigma_multiplier = options.sigma_margin
        entry.angle_limit_rad = 0.0 if angle is None else angle * math.pi / 180
    config = _capi.Config()
    _capi.library.ranging_config_init(config)
    config.max_objects = options.capacity
    config.event_capacity = event_capacity
    config.zones = zone_array
    config.zone_count = len(zones)
    config.direction_tracking = options.direction == "on"
    azimuth, elevation = options.field_of_view_degrees()
    config.field_of_view_azimuth_rad = azimuth * math.pi / 180
    config.field_of_view_elevation_rad = elevation * math.pi / 180
    config.range_sigma_m = options.measurement_sigma
    config.measured_range_noise = options.measured_noise == "on"
    config.range_gating_on_evidence = options.gating == "evidence"
    config.range_offset_m = options.range_offset
    config.range_scale = options.range_scale
    config.suspension_policy = (_capi.RANGING_SUSPENSION_EXIT_ZONES if options.suspension == "exit"
                                else _capi.RANGING_SUSPENSION_HOLD_ZONES)
    config.process_noise = options.process_noise
    config.gate_sigmas = options.gate
    config.short_gate_sigmas = options.short_gate
    config.max_rate_m_per_s = options.max_rate
    config.reset_after_rejections = options.reset_after
    config.reset_after_us = microseconds(options.reset_after_seconds)
    config.confirmation_count = options.confirmation
    config.confirmation_us = microseconds(options.confirmation_seconds)
    config.max_coast_us = microseconds(options.max_coast)
    config.velocity_correlation_us = microseconds(options.velocity_correlation)
    config.hampel_window = int(options.hampel_window)
    config.hampel_threshold = options.hampel_threshold
    config.hampel_side = _capi.OUTLIER_SIDES[options.hampel_side]
    return config, zone_array


def microseconds(seconds):
    """Timestamp(seconds:) on a number or a NumPy array: the nearest
    microsecond, halves away from zero (Swift's rounded())."""
    product = np.asarray(seconds, dtype=np.float64) * 1_000_000
    whole = np.trunc(product)
    whole = whole + np.sign(product) * (np.abs(product - whole) >= 0.5)
    return whole.astype(np.int64) if whole.ndim else int(whole)


def _number(value) -> float:
    try:
        return float(value)
    except (TypeError, ValueError):
        return math.nan


def _range(name, value, low, high, integer=False, unit="", why=None):
    number = _number(value)
    if isinstance(value, bool) or (integer and not (isinstance(value, int) or float(number).is_integer())):
        raise ValueError(f"{name} must be {'an integer' if integer else 'a number'} in {low}...{high}{unit}, "
                         f"got {value!r}")
    if not (low <= number <= high):
        raise ValueError(f"{name} must be in {low}...{high}{unit}, got {value!r}" + (f" ({why})" if why else ""))


def _choice(name, value, allowed, why=None):
    if value not in allowed:
        raise ValueError(f"{name} must be one of {', '.join(allowed)}, got {value!r}" + (f" ({why})" if why else ""))
