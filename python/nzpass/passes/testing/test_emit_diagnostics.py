"""test-emit-diagnostics: report the diagnostics that `test.diag` attributes ask for.

A test-only pass, like upstream mlir-opt's `-test-*` passes: lit tests of the
diagnostic path (printing, notes, `--verify-diagnostics`, locations of
function arguments) write the diagnostics they need into their input.
"""

from __future__ import annotations

from typing import ClassVar

from ...driver.diagnostics import DiagnosticEngine, Severity
from ...driver.pass_base import ModulePass, option
from ...ir import op_names
from ...ir.bindings import ir

DIAG_ATTR = "test.diag"
ARG_DIAG_ATTR = "test.arg_diag"
_SEVERITIES = {"error": Severity.ERROR, "warning": Severity.WARNING, "remark": Severity.REMARK}


class TestEmitDiagnostics(ModulePass):
    """Report the diagnostic each op asks for in its `test.diag` attribute.

    `test.diag = "<severity>: <message>"` (severity `error`, `warning` or
    `remark`) reports that diagnostic at the op's location; with
    `with-note=true` a note at the enclosing function is attached.
    `test.arg_diag = "<message>"` reports an error at the location of the first
    argument of the enclosing function. The IR is left unchanged.

    Input:
      func.func @f(%a: i32) {
        "test.op"() {test.diag = "warning: look here"} : () -> ()
        return
      }
    Reported:
      FILE:2:3: warning: look here
    """

    name: ClassVar[str] = "test-emit-diagnostics"
    summary: ClassVar[str] = "Test only: report the diagnostics test.diag attributes ask for"

    with_note: bool = option(False, "attach a note at the enclosing function")
    prefix: str = option("", "text prepended to every message")
    repeat: int = option(1, "how many times each diagnostic is reported")

    def apply(self, module: ir.Operation, diagnostics: DiagnosticEngine) -> None:
        requesting: list[ir.Operation] = []

        def collect(op: ir.Operation) -> ir.WalkResult:
            if DIAG_ATTR in op.attributes or ARG_DIAG_ATTR in op.attributes:
                requesting.append(op)
            return ir.WalkResult.ADVANCE

        module.walk(collect, ir.WalkOrder.PRE_ORDER)
        for op in requesting:
            for _ in range(self.repeat):
                self._report_op_diag(op, diagnostics)
                self._report_arg_diag(op, diagnostics)

    def _report_op_diag(self, op: ir.Operation, diagnostics: DiagnosticEngine) -> None:
        text = _string_attr(op, DIAG_ATTR)
        if text is None:
            return
        severity_name, _, message = text.partition(": ")
        severity = _SEVERITIES.get(severity_name)
        if severity is None:
            diagnostics.error(op.location, f"{DIAG_ATTR} must read \"<error|warning|remark>: "
                              f"<message>\"; got \"{text}\"")
            return
        function = _enclosing_function(op)
        notes = [(function.location, "in this function")] if self.with_note and function else []
        diagnostics.report(severity, op.location, self.prefix + message, notes)

    def _report_arg_diag(self, op: ir.Operation, diagnostics: DiagnosticEngine) -> None:
        message = _string_attr(op, ARG_DIAG_ATTR)
        if message is None:
            return
        argument = _first_argument(_enclosing_function(op))
        if argument is None:
            diagnostics.error(op.location, f"{ARG_DIAG_ATTR} needs an enclosing function "
                              "with at least one argument")
            return
        diagnostics.error(argument.location, self.prefix + message)


def _string_attr(op: ir.Operation, name: str) -> str | None:
    """The attribute's string, or None when absent; a non-string reads as its text."""
    if name not in op.attributes:
        return None
    attr = op.attributes[name]
    return attr.value if isinstance(attr, ir.StringAttr) else str(attr)


def _enclosing_function(op: ir.Operation) -> ir.Operation | None:
    parent = op.parent.operation if op.parent is not None else None  # not a FuncOp view
    while parent is not None and parent.name != op_names.FUNC_FUNC:
        parent = parent.parent.operation if parent.parent is not None else None
    return parent


def _first_argument(function: ir.Operation | None) -> ir.Value | None:
    if function is None or not function.regions[0].blocks:
        return None
    arguments = function.regions[0].blocks[0].arguments
    return arguments[0] if len(arguments) else None
