"""`--nz-explain` and `--nz-picture`: what every NZ load and store of the output moves.

The tool calls `add_arguments` on its parser and `Explainer.explain` on each module
after its pipeline ran. Words go to the tool's standard error, like mlir-opt's other
reports (--mlir-timing), so the IR on standard output stays untouched; pictures go
into the given directory, one SVG per op, named `<function>.<index>.svg` with the
index of the op among the NZ loads and stores of functions of that name (counted over
every input chunk, so names never collide).
"""

from __future__ import annotations

import argparse
import os
from collections import Counter
from typing import IO, TYPE_CHECKING

# What explains is imported when something is explained: the tool builds its
# parser from this module on every run, and the SVG writer alone costs 40 ms.
if TYPE_CHECKING:
    from ..ir.bindings import ir
    from .read import NzOp


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--nz-explain", "-nz-explain", dest="nz_explain", action="store_true",
                        help="describe every NZ load and store of the output (to stderr): "
                        "window, blocked partition, GM gap and pto-isa#317 verdict, Acc pitch")
    parser.add_argument("--nz-picture", "-nz-picture", dest="nz_picture", metavar="DIR",
                        help="write one SVG picture of the NZ layout per NZ load and store "
                        "of the output into DIR (<function>.<index>.svg)")


class Explainer:
    """One run's explanations: counts ops per function name across chunks."""

    def __init__(self, args: argparse.Namespace, stream: IO[str]):
        self.words = bool(args.nz_explain)
        self.directory: str | None = args.nz_picture
        self.stream = stream
        self.seen: Counter[str] = Counter()

    def explain(self, module: ir.Operation, file_name: str) -> bool:
        """Explain every NZ op of `module`; False when a picture could not be written
        (reported as a tool error)."""
        if not self.words and self.directory is None:
            return True
        from .read import nz_ops

        ok = True
        for op in nz_ops(module, file_name):
            index = self.seen[op.function]
            self.seen[op.function] += 1
            if self.words:
                self.stream.write("".join(line + "\n" for line in self.lines(op, index)))
            if self.directory is not None and op.transfer is not None:
                ok = self.write_picture(op, index) and ok
        self.stream.flush()
        return ok

    @staticmethod
    def lines(op: NzOp, index: int) -> list[str]:
        from .report import describe, title

        head = f"{op.location}: nz-explain: @{op.function} #{index}"
        if op.transfer is None:
            return [f"{head}: {op.op_name}: cannot explain: {op.problem}"]
        return [f"{head}: {title(op.transfer, op.op_name)}",
                *("  " + line for line in describe(op.transfer, op.op_name))]

    def write_picture(self, op: NzOp, index: int) -> bool:
        assert self.directory is not None and op.transfer is not None
        from .svg import picture

        path = os.path.join(self.directory, picture_name(op.function, index))
        svg = picture(op.transfer, f"@{op.function} #{index}", op.op_name)
        if svg is None:
            self.stream.write(f"{op.location}: nz-picture: @{op.function} #{index}: no "
                              "picture: the plane's rows or columns are symbolic\n")
            return True
        try:
            os.makedirs(self.directory, exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.write(svg)
        except OSError as err:
            self.stream.write(f"nzpass-opt: error: cannot write picture '{path}': "
                              f"{err.strerror}\n")
            return False
        return True


def picture_name(function: str, index: int) -> str:
    # A symbol name may hold any character: keep file names portable.
    safe = "".join(c if c.isalnum() or c in "_-" else "_" for c in function)
    return f"{safe}.{index}.svg"
