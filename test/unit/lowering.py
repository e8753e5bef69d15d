"""Shared by the simulator tests: lower a pl kernel to pto with nzpass's passes."""

from nzpass import run_pipeline
from nzpass.bindings import ir

PIPELINE = "builtin.module(block-nz-tensor-views,materialize-tensor-strides,convert-pl-to-pto)"


def lower(text: str) -> ir.Module:
    """Parse `text` in the current context and lower it; the lowering must succeed."""
    module = ir.Module.parse(text)
    result = run_pipeline(module, PIPELINE)
    assert result.success, [d.message for d in result.diagnostics]
    return module
