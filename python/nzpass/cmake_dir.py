"""Locate nzpass's CMake package (the directory holding NzPassConfig.cmake).

A CMake project finds nzpass with::

    cmake -DNzPass_DIR="$(python -m nzpass.cmake_dir)" -DNzPass_PYTHON="$(which python)" ...

and ``find_package(NzPass 0.1 REQUIRED)`` in its CMakeLists.txt.

The files' source of truth is the top-level ``cmake/`` directory of the
repository; a wheel installs them as ``<prefix>/share/cmake/NzPass`` (a place
CMake searches by itself when ``<prefix>/bin`` is on PATH). A source checkout
or editable install answers with the repository's ``cmake/`` directly.
"""

from __future__ import annotations

import sys
import sysconfig
from pathlib import Path

CONFIG_FILE = "NzPassConfig.cmake"
_INSTALL_SUBDIR = ("share", "cmake", "NzPass")


def _candidates():
    # Source checkout / editable install: <repo>/python/nzpass -> <repo>/cmake.
    yield Path(__file__).resolve().parent.parent.parent / "cmake"
    # Wheel install: wherever the installer put the files listed in RECORD
    # (covers --user, --prefix and virtualenvs alike).
    from importlib.metadata import PackageNotFoundError, distribution

    try:
        dist = distribution("nzpass")
        for file in dist.files or ():
            if file.name == CONFIG_FILE:
                yield Path(str(dist.locate_file(file))).parent
    except PackageNotFoundError:
        pass
    yield Path(sysconfig.get_path("data")).joinpath(*_INSTALL_SUBDIR)
    yield Path(sys.prefix).joinpath(*_INSTALL_SUBDIR)


def get_cmake_dir() -> Path:
    """The directory holding NzPassConfig.cmake; FileNotFoundError if there is none."""
    for candidate in _candidates():
        if (candidate / CONFIG_FILE).is_file():
            return candidate.resolve()
    raise FileNotFoundError(f"{CONFIG_FILE} not found: is nzpass installed from a wheel "
                            "or a source checkout?")


def main() -> int:
    try:
        print(get_cmake_dir())
    except FileNotFoundError as err:
        print(f"nzpass.cmake_dir: {err}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
