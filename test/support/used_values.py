"""Small functions parsed for the offset analysis' tests: the values a test asks about
are the operands of its `test.use` ops."""

from __future__ import annotations

from nzpass.ir.bindings import ir, new_context
from nzpass.ir.walk import nested_ops

# The context and module of the last parse: its values die with them.
_KEEP_ALIVE: list[object] = []


def parse_used(body: str, args: str = "") -> tuple[ir.Module, list[ir.Value]]:
    """The module of `body` inside a function `@f(args)`, and the operands of its
    test.use ops, kept alive until the next call."""
    ctx = new_context()
    with ctx:
        module = ir.Module.parse(f"func.func @f({args}) {{\n{body}\n  return\n}}")
    values = [v for op in nested_ops(module.operation) if op.name == "test.use"
              for v in op.operands]
    _KEEP_ALIVE[:] = [ctx, module]
    return module, values
