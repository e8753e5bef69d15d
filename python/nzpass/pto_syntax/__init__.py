"""PTOAS's custom assembly for the pto view and tile ops.

The upstream parser reads pto ops only in generic form (the dialect is not
registered upstream). `read_source` rewrites the custom-syntax pto ops of a
source text into generic form before MLIR parses it, keeping every position
(see `reader`); `to_custom` prints the pto ops of a printed module back in
custom form (see `printer`); `formats` reads the op table (`dialects.pto_table`)
that lists the ops, their groups and their formats; `api` holds `read_pto`/`print_pto`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_names

SYNTAXES = ("generic", "custom")

# Each public name -> the submodule that defines it, imported on first access: the tool
# names SYNTAXES on every run, and reading or printing the custom syntax costs 15 ms of
# imports that a run over `pl` input in generic form never needs.
_EXPORTS = {"PtoSyntaxError": ".cursor", "to_custom": ".printer", "PositionMap": ".reader",
            "has_custom_pto_ops": ".reader", "to_generic": ".reader"}

__all__ = [
    "SYNTAXES",
    "PositionMap",
    "PtoSyntaxError",
    "has_custom_pto_ops",
    "read_source",
    "to_custom",
    "to_generic",
]

if TYPE_CHECKING:
    from ..driver.diagnostics import DiagnosticEngine
    from .cursor import PtoSyntaxError
    from .printer import to_custom
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
