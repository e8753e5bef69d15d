"""nzpass-sim: launch a pto kernel on the off-device model, or check an NZ-blocked kernel
against its ND original, load by load, over every block of a launch.

    nzpass-sim KERNEL [--arg NAME=VALUE]... [--blocks N] [--function NAME] [--mode MODE]
    nzpass-sim BLOCKED --against ND_ORIGINAL [same options]

`main()` only wires `sys`; `NzpassSim` takes an argument list and streams so tests run
the real tool in-process.
"""

from __future__ import annotations

import argparse
import re
import sys
import traceback
from collections.abc import Mapping
from pathlib import Path
from typing import IO

import numpy as np

from .. import parse_module
from ..driver.diagnostics import Diagnostic, Severity, SourceCache, SourceLoc, format_diagnostic
from ..driver.source import ParseError
from ..ir.bindings import new_context
from ..model.hardware import MODES
from ..model.kernel import Kernel, NzCheck, Value, check_nz_against_nd
from ..model.simulator import RUN_ERRORS

EXIT_OK, EXIT_DIAGNOSED, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3
_LOC = re.compile(r'loc\("(?P<file>(?:[^"\\]|\\.)*)":(?P<line>\d+):(?P<col>\d+)')


class UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # argparse would exit the interpreter
        raise UsageError(message)


def _build_parser() -> _Parser:
    p = _Parser(prog="nzpass-sim", add_help=False, description=(
        "Run a pto kernel's memory path (views, partitions, tload/tstore, scf, arith) on "
        "the off-device model over every block of a launch; on-chip compute is skipped. "
        "With --against, check that every load of KERNEL (NZ-blocked) reads what the "
        "same load of the ND original reads."))
    p.add_argument("input", nargs="?", help="the kernel (.pto or .mlir)")
    p.add_argument("--against", metavar="ND_ORIGINAL",
                   help="the ND original of KERNEL: compare their loads")
    p.add_argument("--arg", action="append", default=[], metavar="NAME=VALUE",
                   help="an argument's value: NAME as the source spells it (with or "
                        "without %%) or its number; VALUE an integer, or @FILE.npy for a "
                        "pointer's contents (other pointers get seeded random contents)")
    p.add_argument("--blocks", type=int, metavar="N",
                   help="blocks of the launch (default: the high end of the block index "
                        "argument's nz.range fact, else 1)")
    p.add_argument("--function", metavar="NAME", help="the function to launch (default: "
                                                      "the only one)")
    p.add_argument("--mode", choices=MODES, default="a2a3",
                   help="hardware mode of KERNEL's runs (default a2a3)")
    p.add_argument("--reference-mode", choices=MODES, default="ideal",
                   help="hardware mode of the ND original's runs (default ideal)")
    p.add_argument("--seed", type=int, default=0, help="seed of the GM contents")
    p.add_argument("--list-loads", action="store_true",
                   help="print every load of the launch")
    p.add_argument("-h", "--help", action="store_true", help="show this help")
    return p


class NzpassSim:
    """One invocation of the tool."""

    def __init__(self, argv: list[str], stdout: IO[str] | None = None,
                 stderr: IO[str] | None = None):
        self.argv = list(argv)
        self.stdout = stdout if stdout is not None else sys.stdout
        self.stderr = stderr if stderr is not None else sys.stderr
        self.sources = SourceCache()
        self.context = new_context()

    def run(self) -> int:
        try:
            return self._run()
        except UsageError as err:
            self.stderr.write(f"nzpass-sim: error: {err}\n"
                              "usage: nzpass-sim KERNEL [--against ND_ORIGINAL] [--arg "
                              "NAME=VALUE]... [--blocks N] (see --help)\n")
            return EXIT_USAGE
        except Exception:  # any other exception is a bug in nzpass
            error = sys.exc_info()[1]
            detail = " ".join(traceback.format_exception_only(type(error), error)[-1].split())
            self.stderr.write(f"internal error: {detail}\nthis is a bug in nzpass; please "
                              f"report it with the command: nzpass-sim {' '.join(self.argv)}\n")
            return EXIT_INTERNAL

    def _run(self) -> int:
        parser = _build_parser()
        args = parser.parse_args(self.argv)
        if args.help:
            self.stdout.write(parser.format_help())
            return EXIT_OK
        if args.input is None:
            raise UsageError("no kernel given")
        given = self._values(args.arg)
        try:
            kernel = self._kernel(args.input, args.function, args.mode)
            if args.against is None:
                return self._launch(kernel, given, args)
            reference = self._kernel(args.against, args.function, args.reference_mode)
            report = check_nz_against_nd(kernel, reference, given, args.blocks, args.seed)
            return self._report(report)
        except ParseError as err:
            self._print(err.diagnostics)
        except RUN_ERRORS as err:
            self._error(err, getattr(self, "_fallback", None))
        return EXIT_DIAGNOSED

    # ---------------------------------------------------------------- inputs

    def _values(self, items: list[str]) -> dict[str, Value]:
        values: dict[str, Value] = {}
        for item in items:
            name, sep, text = item.partition("=")
            if not sep or not name:
                raise UsageError(f"--arg {item}: expected NAME=VALUE")
            values[name] = self._value(name, text)
        return values

    def _value(self, name: str, text: str) -> Value:
        if text.startswith("@"):
            try:
                array = np.load(text[1:], allow_pickle=False)
            except (OSError, ValueError) as err:
                raise UsageError(f"--arg {name}: cannot read {text[1:]}: {err}") from None
            return np.ascontiguousarray(array)
        try:
            return int(text, 0)
        except ValueError:
            raise UsageError(f"--arg {name}={text}: the value must be an integer or "
                             "@FILE.npy") from None

    def _kernel(self, path: str, function: str | None, mode: str) -> Kernel:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as err:
            raise UsageError(f"cannot read {path}: {err}") from None
        self.sources.add(path, text)
        self._fallback = SourceLoc(path, 1, 1)
        module = parse_module(text, path, self.context)  # reads PTOAS custom syntax too
        return Kernel(module, function, source=text, filename=path, mode=mode)

    # ---------------------------------------------------------------- outputs

    def _launch(self, kernel: Kernel, given: Mapping[str, Value], args) -> int:
        loads = nz_loads = stores = 0
        count = kernel.block_count(args.blocks)
        for block, result in kernel.launch(given, args.blocks):
            loads += len(result.loads)
            stores += len(result.stores)
            for index, load in enumerate(result.loads):
                nz = load.partition is not None and load.partition.view.layout == "nz"
                nz_loads += nz
                if args.list_loads:
                    self.stdout.write(_load_line(block, index, load, nz))
        self.stdout.write(f"@{kernel.function}: {count} blocks, {loads} loads ({nz_loads} "
                          f"through NZ views), {stores} stores{_skipped(kernel)}\n")
        return EXIT_OK

    def _report(self, report: NzCheck) -> int:
        for mismatch in report.mismatches:
            self._print([Diagnostic(Severity.ERROR, _source_loc(mismatch.location),
                                    f"{mismatch.message} (the ND original's load: "
                                    f"{_plain_loc(mismatch.reference_location)})")])
        if report.equal:
            verdict = "every load equals the ND original's: ok"
        elif report.loads == 0:
            verdict = "no load to compare: FAILED"
        else:
            verdict = f"{len(report.mismatches)} differ: FAILED"
        self.stdout.write(f"@{report.function}: {report.blocks} blocks, {report.loads} loads "
                          f"compared ({report.nz_loads} through NZ views): {verdict}\n")
        return EXIT_OK if report.equal else EXIT_DIAGNOSED

    def _error(self, err: Exception, fallback: SourceLoc | None) -> None:
        location = getattr(err, "location", None)
        notes = " ".join(getattr(err, "__notes__", []))
        text = location or notes
        loc = _source_loc(text) if text and _LOC.search(text) else fallback
        message = str(err)
        if location and message.startswith(location + ": "):
            message = message[len(location) + 2:]
        if notes:
            message = f"{message} ({notes})"
        self._print([Diagnostic(Severity.ERROR, loc or SourceLoc(None), message)])

    def _print(self, diagnostics: list[Diagnostic]) -> None:
        for diag in diagnostics:
            self.stderr.write(format_diagnostic(diag, self.sources))
        self.stderr.flush()


def _source_loc(text: str) -> SourceLoc:
    match = _LOC.search(text)
    if match is None:
        return SourceLoc(None, label=text)
    return SourceLoc(match["file"], int(match["line"]), int(match["col"]))


def _plain_loc(text: str) -> str:
    loc = _source_loc(text)
    return str(loc) if loc.file is not None else text


def _load_line(block: int, index: int, load, nz: bool) -> str:
    tile = load.tile
    part = load.partition
    where = (f"{'nz' if nz else part.view.layout} view offsets {list(part.offsets)} sizes "
             f"{list(part.sizes)}") if part is not None else "a hook"
    return (f"block {block} load {index} at {_plain_loc(load.location)}: {load.name} "
            f"{tile.rows}x{tile.cols} {tile.dtype} (valid {tile.valid_rows}x"
            f"{tile.valid_cols}) from {where}\n")


def _skipped(kernel: Kernel) -> str:
    skipped = kernel.simulator.skipped
    if not skipped:
        return ""
    return "; skipped on-chip ops: " + ", ".join(f"{n} x{c}" for n, c in sorted(skipped.items()))


def main() -> None:
    sys.exit(NzpassSim(sys.argv[1:]).run())


if __name__ == "__main__":
    main()
