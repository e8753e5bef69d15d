"""The flat registry of nzpass passes and named pipelines.

Passes are imported lazily, on first use, so `nzpass-opt --version` and
upstream-only pipelines do not pay for importing every pass.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from ..driver.pass_base import ModulePass


def _lazy(module: str, cls: str) -> Callable[[], type[ModulePass]]:
    def load() -> type[ModulePass]:
        return getattr(importlib.import_module(f"{__name__}.{module}"), cls)

    return load


PASSES: dict[str, Callable[[], type[ModulePass]]] = {
    "block-nz-tensor-views": _lazy("block_nz_tensor_views", "BlockNzTensorViews"),
    "verify-pto-nz": _lazy("verify_pto_nz", "VerifyPtoNz"),
    "materialize-tensor-strides": _lazy("materialize_tensor_strides", "MaterializeTensorStrides"),
    "convert-pl-to-pto": _lazy("convert_pl_to_pto", "ConvertPlToPto"),
    "pto-block-nz-views": _lazy("pto_block_nz_views", "PtoBlockNzViews"),
    "test-emit-diagnostics": _lazy("testing.test_emit_diagnostics", "TestEmitDiagnostics"),
    "test-internal-error": _lazy("testing.test_internal_error", "TestInternalError"),
}

# Named pipelines expand to pipeline text in the order given.
PIPELINES: dict[str, tuple[str, str]] = {
    "pl-to-pto": ("block-nz-tensor-views,materialize-tensor-strides,convert-pl-to-pto,"
                  "verify-pto-nz",
                  "The main job: block NZ views, materialise strides, lower to pto, verify"),
}


def get_pass(name: str) -> type[ModulePass] | None:
    load = PASSES.get(name)
    return load() if load else None
