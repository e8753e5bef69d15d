"""PTOAS's custom assembly for the pto view and tile ops.

The upstream parser reads pto ops only in generic form (the dialect is not
registered upstream). `read_source` rewrites the custom-syntax pto ops of a
source text into generic form before MLIR parses it, keeping every position
(see `reader`); `to_custom` prints the pto ops of a printed module back in
custom form (see `printer`); `formats` reads the op table (`dialects.pto_table`)
that lists the ops, their groups and their formats; `api` holds `read_pto`/`print_pto`.
`write_text` prints a module's text in either syntax: in generic form too, the
few ops whose generic operands PTOAS versions read differently are printed custom
(`printer`), and `may_hold_order_differing_ops` says, cheaply, when that can apply.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_names

SYNTAXES = ("generic", "custom")

# Each public name -> the submodule that defines it, imported on first access: the tool
# names SYNTAXES on every run, and reading or printing the custom syntax costs 15 ms of
# imports that a run over `pl` input in generic form never needs.
_EXPORTS = {"PtoSyntaxError": ".cursor", "to_custom": ".printer", "PositionMap": ".reader",
            "has_custom_pto_ops": ".reader", "to_generic": ".reader", "write_text": ".printer",
            "Unwritable": ".printer"}

__all__ = [
    "SYNTAXES",
    "PositionMap",
    "PtoSyntaxError",
    "Unwritable",
    "has_custom_pto_ops",
    "may_hold_order_differing_ops",
    "read_source",
    "to_custom",
    "to_generic",
    "write_text",
]

if TYPE_CHECKING:
    from ..driver.diagnostics import DiagnosticEngine
    from .cursor import PtoSyntaxError
    from .printer import Unwritable, to_custom, write_text
    from .reader import PositionMap, has_custom_pto_ops, to_generic


__getattr__ = lazy_names(__name__, _EXPORTS, globals())


def read_source(text: str, name: str, diagnostics: DiagnosticEngine,
                first_line: int = 1, first_col: int = 1
                ) -> tuple[str, PositionMap | None] | None:
    """`text` (a source, or a chunk of one starting at `first_line`:`first_col`
    of file `name`) with its custom pto ops in generic form, and where each
    position of it was in the file (None when the text is unchanged); None after
    an error at the file position where reading failed."""
    from ..driver.diagnostics import SourceLoc
    from .cursor import PtoSyntaxError
    from .reader import read_generic
    from .tokenizer import LineIndex

    try:
        return read_generic(text, first_line, first_col)
    except PtoSyntaxError as err:
        line, col = LineIndex(text).position(err.offset)
        if line == 1:
            col += first_col - 1
        diagnostics.error(SourceLoc(name, first_line + line - 1, col), err.message)
        return None


def may_hold_order_differing_ops(text: str | bytes) -> bool:
    """Whether `text` names an op whose generic operands PTOAS versions read
    differently (`dialects.pto_table.ORDER_DIFFERS`), in either syntax: only then
    does generic output need the printer. A substring test, for every run."""
    from ..dialects.pto_table import ORDER_DIFFERS

    if isinstance(text, bytes):
        return any(name.encode() in text for name in ORDER_DIFFERS)
    return any(name in text for name in ORDER_DIFFERS)
