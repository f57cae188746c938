# SPDX-License-Identifier: Apache-2.0
"""Installs the pinned versions of a reference script's Python packages, so that
each generated fixture records, and is reproduced by, exactly those versions."""
import importlib
import subprocess
import sys


def ensure_pinned(pinned):
    """Installs, with pip, each `name: version` of `pinned` that is missing or different."""
    wanted = []
    for name, version in pinned.items():
        try:
            module = importlib.import_module(name)
            if getattr(module, "__version__", None) != version:
                wanted.append(f"{name}=={version}")
        except ImportError:
            wanted.append(f"{name}=={version}")
    if wanted:
        subprocess.check_call([sys.executable, "-m", "pip", "install", "--quiet", *wanted])
        importlib.invalidate_caches()
