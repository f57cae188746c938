# SPDX-License-Identifier: Apache-2.0
"""The C API of ranging_engine.h through ctypes.

ctypes rather than cffi: it is in the standard library, so the package needs
no compiler at import time and no build step beyond the shared library; the
engine is reached once per batch (ranging_engine_process_batch), so ctypes'
cost per call does not matter. The structures below mirror the header's
field by field; tests/test_layout.py compiles a C program that prints the
header's sizes and offsets and compares them with these.
"""
import ctypes
from pathlib import Path

import numpy as np

LIBRARY_PATH = Path(__file__).resolve().parent / "librangingengine.so"

RANGING_OK = 0
RANGING_ERROR_EVENTS_DROPPED = -5
RANGING_BATCH_MEASUREMENT = -1
RANGING_BATCH_ADVANCE_CLOCK = -2
RANGING_BATCH_POSE = -3
# ranging_batch_t.vertical, by the spelling of docs/FORMATS.md §1's `vertical` column (RANGING_VERTICAL_*).
RANGING_VERTICAL_NONE = -1
VERTICAL_CODES = {"unknown": 0, "same": 1, "above": 2, "below": 3, "aboveOrBelow": 4}
RANGING_MAX_ZONES = 32
RANGING_SUSPENSION_EXIT_ZONES = 0
RANGING_SUSPENSION_HOLD_ZONES = 1
# ranging_outlier_side_t, by the spelling of rangectl's --hampel-side.
OUTLIER_SIDES = {"above": 0, "both": 1}
# ranging_lifecycle_t, by the spelling of docs/FORMATS.md §1's `event` column.
LIFECYCLE_CODES = {
    "removed_timeout": 0,
    "removed_peer_ended": 1,
    "suspended": 2,
    "suspension_ended": 3,
    "invalidated": 4,
}
# ranging_exit_reason_t: the `reason` of docs/FORMATS.md §2 (none for MEASURED).
EXIT_REASONS = [None, "lost", "removed_timeout", "removed_peer_ended", "suspended", "invalidated", "evicted"]
DIRECTION_STATES = ["measured", "predicted", "unknown"]


class ZoneConfig(ctypes.Structure):
    _fields_ = [
        ("radius_m", ctypes.c_double),
        ("hysteresis_m", ctypes.c_double),
        ("enter_dwell_us", ctypes.c_int64),
        ("exit_dwell_us", ctypes.c_int64),
        ("enter_sigma_multiplier", ctypes.c_double),
        ("angle_limit_rad", ctypes.c_double),
        ("angle_hysteresis_rad", ctypes.c_double),
        ("band_offset_m", ctypes.c_double),
    ]


class Config(ctypes.Structure):
    _fields_ = [
        ("max_objects", ctypes.c_uint32),
        ("event_capacity", ctypes.c_uint32),
        ("zones", ctypes.POINTER(ZoneConfig)),
        ("zone_count", ctypes.c_uint32),
        ("lost_timeout_us", ctypes.c_int64),
        ("direction_tracking", ctypes.c_bool),
        ("field_of_view_azimuth_rad", ctypes.c_double),
        ("field_of_view_elevation_rad", ctypes.c_double),
        ("range_sigma_m", ctypes.c_double),
        ("range_offset_m", ctypes.c_double),
        ("range_scale", ctypes.c_double),
        ("suspension_policy", ctypes.c_uint32),
        ("process_noise", ctypes.c_double),
        ("gate_sigmas", ctypes.c_double),
        ("short_gate_sigmas", ctypes.c_double),
        ("max_rate_m_per_s", ctypes.c_double),
        ("reset_after_rejections", ctypes.c_uint32),
        ("reset_after_us", ctypes.c_int64),
        ("confirmation_count", ctypes.c_uint32),
        ("confirmation_us", ctypes.c_int64),
        ("max_coast_us", ctypes.c_int64),
        ("velocity_correlation_us", ctypes.c_int64),
        ("hampel_window", ctypes.c_uint32),
        ("hampel_threshold", ctypes.c_double),
        ("hampel_side", ctypes.c_uint32),
        ("measured_range_noise", ctypes.c_bool),
        ("range_gating_on_evidence", ctypes.c_bool),
    ]


class Stats(ctypes.Structure):
    _fields_ = [
        ("updates_accepted", ctypes.c_uint64),
        ("updates_rejected", ctypes.c_uint64),
        ("events_queued", ctypes.c_uint64),
        ("events_dropped", ctypes.c_uint64),
        ("objects_evicted", ctypes.c_uint64),
        ("objects_tracked", ctypes.c_uint32),
        ("events_pending", ctypes.c_uint32),
    ]


# ranging_zone_event_t and ranging_object_state_t as NumPy records (C alignment),
# so that a batch's output becomes DataFrame columns without a loop in Python.
ZONE_EVENT = np.dtype([
    ("time_us", np.int64), ("object_id", np.uint64), ("distance_m", np.float64), ("distance_sigma_m", np.float64),
    ("zone", np.uint32), ("kind", np.uint8), ("reason", np.uint8),
], align=True)
OBJECT_STATE = np.dtype([
    ("time_us", np.int64), ("distance_m", np.float64), ("distance_sigma_m", np.float64),
    ("distance_rate_m_per_s", np.float64), ("direction", np.float64, (3,)), ("direction_sigma_rad", np.float64),
    ("zones_inside", np.uint32), ("direction_state", np.uint8), ("is_confirmed", np.bool_),
    ("nlos_probability", np.float64),
], align=True)


class Batch(ctypes.Structure):
    _fields_ = [
        ("count", ctypes.c_size_t),
        ("time_us", ctypes.c_void_p),
        ("object_id", ctypes.c_void_p),
        ("distance_m", ctypes.c_void_p),
        ("direction", ctypes.c_void_p),
        ("lifecycle", ctypes.c_void_p),
        ("pose", ctypes.c_void_p),
        ("horizontal_angle_rad", ctypes.c_void_p),
        ("vertical", ctypes.c_void_p),
        ("status", ctypes.c_void_p),
        ("states", ctypes.c_void_p),
        ("events", ctypes.c_void_p),
        ("event_rows", ctypes.c_void_p),
        ("event_capacity", ctypes.c_size_t),
        ("event_count", ctypes.c_size_t),
        ("rows_done", ctypes.c_size_t),
    ]


def _load():
    if not LIBRARY_PATH.exists():
        raise ImportError(f"{LIBRARY_PATH} is missing: install the package with `pip install ./python`")
    library = ctypes.CDLL(str(LIBRARY_PATH))
    signatures = {
        "ranging_engine_version": ([], ctypes.c_char_p),
        "ranging_config_init": ([ctypes.POINTER(Config)], None),
        "ranging_zone_config_init": ([ctypes.POINTER(ZoneConfig), ctypes.c_double], None),
        "ranging_engine_create": ([ctypes.POINTER(Config), ctypes.POINTER(ctypes.c_void_p)], ctypes.c_int32),
        "ranging_engine_destroy": ([ctypes.c_void_p], None),
        "ranging_engine_process_batch": ([ctypes.c_void_p, ctypes.POINTER(Batch)], ctypes.c_int32),
        "ranging_engine_read_stats": ([ctypes.c_void_p, ctypes.POINTER(Stats)], ctypes.c_int32),
        "ranging_engine_set_object_calibration":
            ([ctypes.c_void_p, ctypes.c_uint64, ctypes.c_double, ctypes.c_double], ctypes.c_int32),
        "ranging_status_name": ([ctypes.c_int32], ctypes.c_char_p),
    }
    for name, (arguments, result) in signatures.items():
        function = getattr(library, name)
        function.argtypes = arguments
        function.restype = result
    return library


library = _load()


def status_name(status: int) -> str:
    """ranging_status_name(): "ok", "time_went_backwards", ..."""
    return library.ranging_status_name(status).decode()


def pointer(array):
    """The address of a C-contiguous NumPy array's data (None for None)."""
    return None if array is None else array.ctypes.data
