"""The flat registry of nzpass passes and named pipelines.

Passes are imported lazily, on first use, so `nzpass-opt --version` and
upstream-only pipelines do not pay for importing every pass.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from ..pass_base import ModulePass


def _lazy(module: str, cls: str) -> Callable[[], type[ModulePass]]:
    def load() -> type[ModulePass]:
        return getattr(importlib.import_module(f"{__name__}.{module}"), cls)

    return load


PASSES: dict[str, Callable[[], type[ModulePass]]] = {
    "block-nz-tensor-views": _lazy("block_nz_tensor_views", "BlockNzTensorViews"),
}

# Named pipelines expand to pipeline text in the order given.
PIPELINES: dict[str, tuple[str, str]] = {
}


def get_pass(name: str) -> type[ModulePass] | None:
    load = PASSES.get(name)
    return load() if load else None
