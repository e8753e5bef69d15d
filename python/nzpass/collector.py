"""Pausing Python's cycle collector while nzpass works.

The IR lives in C++ and is freed by reference counts; what nzpass makes in a run
(wrappers, facts, views) dies by reference counts too. A collection during a run
scans every tracked object of the process to find no cycle of nzpass's: about a
tenth of a one-kernel run, and of an import. The collector runs again as soon as
the block ends, if it ran before: a caller that paused it keeps it paused.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def paused() -> Iterator[None]:
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()
