"""The console scripts' entry points: each imports its tool with the cycle
collector paused, then runs it.

A tool's start-up is mostly imports, and an import makes only objects that live
as long as the process (classes, functions, the bindings' wrappers): the
collections it would trigger find nothing to free, and cost a tenth of a
one-kernel run. A caller that imports a tool itself keeps its own setting.
"""

from __future__ import annotations

from collections.abc import Callable

from .. import collector


def _imported_paused(load: Callable[[], Callable[[], None]]) -> Callable[[], None]:
    with collector.paused():
        return load()


def _opt_main() -> Callable[[], None]:
    from .nzpass_opt import main
    return main


def _sim_main() -> Callable[[], None]:
    from .nzpass_sim import main
    return main


def nzpass_opt() -> None:
    _imported_paused(_opt_main)()


def nzpass_sim() -> None:
    _imported_paused(_sim_main)()
