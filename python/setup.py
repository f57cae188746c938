# SPDX-License-Identifier: Apache-2.0
"""Builds the engine's C library for the Python package.

`pip install ./python` runs this: scripts/install-c-library builds the host
C library libRangingReplayCAPI.a (ranging_engine.h and ranging_replay.h)
without the GSL trait (no GPL code) and writes its pkg-config file; the
static archive, the Swift runtime and Foundation the .pc file names and
swiftrt.o are then linked into one shared library,
rangingengine/librangingengine.so, which exports only the ranging_* symbols
of the two headers and which the package loads with ctypes.

Environment: RANGINGENGINE_WITH_GSL=1 builds the library with the GSL trait
instead (scripts/install-c-library --with-gsl, GSL linked in): the replay
then runs on GSL, as `rangectl replay` does by default, byte for byte, and
the package is a combined work under GPL-3.0-or-later, which its metadata
then says (README, "Licence"); 0 or unset: without GSL, Apache-2.0 alone.
RANGINGENGINE_SCRATCH_PATH overrides the SwiftPM build folder (default: the
repository's .build-nogsl, shared with scripts/checks/check-without-gsl, or
.build with GSL); CC names the C compiler (default cc).
"""
import os
import shlex
import subprocess
import tempfile
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.dist import Distribution

HERE = Path(__file__).resolve().parent
REPOSITORY = HERE.parent
LIBRARY = "librangingengine.so"


def with_gsl() -> bool:
    """Whether RANGINGENGINE_WITH_GSL asks for the library with GSL (1) or without it (0, or unset)."""
    value = os.environ.get("RANGINGENGINE_WITH_GSL", "0")
    if value not in ("0", "1"):
        raise RuntimeError(f"RANGINGENGINE_WITH_GSL={value!r}: expected 1 (with GSL, GPL-3.0-or-later) or 0")
    return value == "1"


def run(command, **kwargs):
    print("rangingengine build:", " ".join(shlex.quote(str(part)) for part in command), flush=True)
    subprocess.run([str(part) for part in command], check=True, **kwargs)


def build_shared_library(destination: Path) -> None:
    """scripts/install-c-library into a temporary prefix, then one shared library from what it installed."""
    installer = REPOSITORY / "scripts" / "install-c-library"
    if not installer.exists():
        raise RuntimeError(
            f"{installer} not found: build the package from the repository's python/ folder (pip install ./python)")
    with tempfile.TemporaryDirectory() as prefix:
        command = [installer, "--prefix", prefix] + (["--with-gsl"] if with_gsl() else [])
        scratch = os.environ.get("RANGINGENGINE_SCRATCH_PATH")
        if scratch:
            command += ["--scratch-path", scratch]
        run(command, cwd=REPOSITORY)
        environment = dict(os.environ, PKG_CONFIG_PATH=f"{prefix}/lib/pkgconfig")
        libs = subprocess.run(["pkg-config", "--libs", "ranging-replay"], check=True, capture_output=True, text=True,
                              env=environment).stdout.split()
        # The archive whole, so that every ranging_* function is kept; the runtime as the .pc file says.
        libs = [part for entry in libs for part in (
            ["-Wl,--whole-archive", entry, "-Wl,--no-whole-archive"] if entry.endswith("libRangingReplayCAPI.a")
            else [entry])]
        exports = Path(prefix) / "exports.map"
        exports.write_text("{ global: ranging_*; local: *; };\n")
        destination.mkdir(parents=True, exist_ok=True)
        compiler = shlex.split(os.environ.get("CC", "cc"))
        run(compiler + ["-shared", "-s", "-o", destination / LIBRARY, *libs, f"-Wl,--version-script={exports}"])


class BuildWithLibrary(build_py):
    def run(self):
        super().run()
        build_shared_library(Path(self.build_lib) / "rangingengine")


class BinaryDistribution(Distribution):
    """A wheel for this platform: it holds a native library."""

    def has_ext_modules(self):
        return True


# The package's own code is Apache-2.0; linked with GSL it is a combined work under GPL-3.0-or-later.
setup(cmdclass={"build_py": BuildWithLibrary}, distclass=BinaryDistribution,
      license_expression="Apache-2.0 AND GPL-3.0-or-later" if with_gsl() else "Apache-2.0")
