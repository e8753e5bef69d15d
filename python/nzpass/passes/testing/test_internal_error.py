"""test-internal-error: fail with an uncaught Python exception.

A test-only pass that simulates a genuine bug in a pass, so tests can check
that nzpass-opt reports `internal error:` with a reproducer instead of a
Python traceback.
"""

from __future__ import annotations

from typing import ClassVar

from ...driver.diagnostics import DiagnosticEngine
from ...driver.pass_base import ModulePass
from ...ir.bindings import ir


class SimulatedBug(RuntimeError):
    """The exception test-internal-error raises; no caller is meant to catch it."""


class TestInternalError(ModulePass):
    """Raise `SimulatedBug` instead of running: a bug in a pass, not a
    diagnosed error, so the tool must take its internal-error path."""

    name: ClassVar[str] = "test-internal-error"
    summary: ClassVar[str] = "Test only: raise an uncaught Python exception"

    def apply(self, module: ir.Operation, diagnostics: DiagnosticEngine) -> None:
        raise SimulatedBug("test-internal-error ran: simulated bug in a pass")
