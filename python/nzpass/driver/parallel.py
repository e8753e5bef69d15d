"""`-j N`: the functions of a module through the pipeline in N worker processes.

The passes are Python, so one process runs on one core. When every pass of
the pipeline treats each function on its own and no function refers to
another, the module's functions are split into N contiguous shares; each
worker (a fork of the tool, which holds the parsed module) keeps its share,
runs the pipeline and prints its share with MLIR's C++ printer; the tool
writes the module's first line, each share's functions in order and the
closing brace, which is byte for byte what one process prints (functions are
printed each on its own: value and block names restart in every function).
Where a share's text holds more than the module (alias definitions such as
`#map = ...`, numbered across the whole module) or the caller needs the IR
itself, the shares are moved into the tool's module in place of the originals
and printed once.

A worker that emits any diagnostic, or fails in any way, makes the whole run
fall back to one process on the untouched module: diagnostics then come in
exactly the order and form a single run gives.
"""

from __future__ import annotations

import itertools
import os
import re
from collections.abc import Sequence
from typing import BinaryIO

from ..ir import op_names
from ..ir.bindings import MLIRError, ir, passmanager
from . import output
from .diagnostics import DiagnosticEngine
from .pass_base import ModulePass
from .pipeline import Element, Pipeline, verify

# The passes that read and rewrite each function on its own (given that no
# function refers to another): nzpass's, and the upstream ones known to.
FUNCTION_LOCAL_PASSES = frozenset({
    "block-nz-tensor-views", "materialize-tensor-strides", "convert-pl-to-pto",
    "verify-pto-nz", "pto-block-nz-views", "canonicalize", "cse",
})
# Below this input size a fork and a bytecode round trip cost more than they save.
MIN_SPLIT_BYTES = 256 * 1024
# Each worker gets at least this many functions.
MIN_FUNCTIONS_PER_JOB = 2

# A worker's exit code says what its share file holds.
_EXIT_BYTECODE, _EXIT_FALL_BACK, _EXIT_TEXT = 0, 3, 4
# The first and last lines of a module printed in custom form with nothing before or after
# it (alias definitions come before, a resource section after). Only the custom form joins:
# it names values and blocks afresh in each function, the generic form across the module.
_MODULE_START, _MODULE_END = b"module", b"}\n"
_LAST_LINE_MAX = 1 << 16  # bytes read from a share's end to find its last line
# Opens the file's metadata (dialect resources): a share read back into the tool's
# context renames its resources apart from the module's (`blob0` -> `blob0_1`), and each
# share's text would end in a section of its own, so such a file runs in one process.
_FILE_METADATA = "{-#"
_COMMENT = r"//[^\n]*"  # compiled on first use (by `re`'s cache): a split run only
_CUSTOM_DEFINITION = r"func\.func\s+(?:(?:private|public|nested)\s+)?@"  # the same
_FUNC = op_names.FUNC_FUNC


def machine_jobs() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def splittable(pipeline: Pipeline, text: str) -> bool:
    """Whether the pipeline, on input `text`, may run function by function."""
    if len(text) < MIN_SPLIT_BYTES or not hasattr(os, "fork") or not pipeline.steps:
        return False
    if _FILE_METADATA in text:
        return False
    return all(_step_name(step) in FUNCTION_LOCAL_PASSES for step in pipeline.steps)


def _step_name(step: ModulePass | Element) -> str:
    if isinstance(step, ModulePass):
        return step.name
    return "" if step.nested is not None or step.options else step.name


def independent_functions(module: ir.Operation, text: str) -> list[ir.Operation] | None:
    """The module's functions when they are all it holds and none refers to another,
    else None. A symbol reference is spelled `@name` whatever the op's form, so the
    text must hold no `@` but those that name each function where it is defined:
    as many `@` as functions, every function defined as `func.func [visibility] @name`
    (one in generic form names itself `sym_name = "..."`, and would leave an `@`
    uncounted for a call)."""
    ops = [op.operation for op in module.regions[0].blocks[0].operations]
    if any(op.name != _FUNC for op in ops):
        return None
    code = re.sub(_COMMENT, "", text) if text.count("@") != len(ops) else text
    if code.count("@") != len(ops):
        return None  # an `@` in a string literal also keeps it in one process
    if len(re.findall(_CUSTOM_DEFINITION, code)) != len(ops):
        return None
    return ops


def shares(count: int, jobs: int) -> list[range]:
    """`count` functions in `jobs` contiguous shares of nearly equal size."""
    base, extra = divmod(count, jobs)
    bounds = [0]
    for job in range(jobs):
        bounds.append(bounds[-1] + base + (job < extra))
    return [range(lo, hi) for lo, hi in itertools.pairwise(bounds) if hi > lo]


class PrintedShares:
    """The output of a split run, printed by the workers: the module's first
    line, then the functions of each share (byte ranges of open share files),
    then the module's last line."""

    def __init__(self, header: bytes, bodies: list[tuple[BinaryIO, int, int]]):
        self.header = header
        self.bodies = bodies  # (file, first byte, end) of each share's functions

    def copy_to(self, out: BinaryIO) -> bytes:
        """Write the whole text into `out`; returns its last byte."""
        out.write(self.header)
        for f, start, end in self.bodies:
            f.seek(start)
            output.copy_range(f, out, end - start)
        out.write(_MODULE_END)
        return _MODULE_END[-1:]

    def read(self) -> bytes:
        parts = [self.header]
        for f, start, end in self.bodies:
            f.seek(start)
            parts.append(f.read(end - start))
        parts.append(_MODULE_END)
        return b"".join(parts)

    def close(self) -> None:
        for f, _, _ in self.bodies:
            f.close()


def run_split(module: ir.Operation, functions: Sequence[ir.Operation], pipeline: Pipeline,
              jobs: int, verify_each: bool | None,
              print_shares: bool = False) -> bool | PrintedShares:
    """Run `pipeline` on `module` in `jobs` workers. False: the module is
    untouched; run the pipeline in this process. True: the module holds the
    result. PrintedShares (only when asked by `print_shares`): the output the
    C++ printer gives for the verified result in custom form, the module
    untouched."""
    jobs = min(jobs, len(functions) // MIN_FUNCTIONS_PER_JOB)
    if jobs < 2:
        return False
    import shutil  # a split run only: 3 ms of imports a one-kernel run does not pay
    import tempfile

    directory = tempfile.mkdtemp(prefix="nzpass-jobs-")
    try:
        parts = shares(len(functions), jobs)
        paths = [os.path.join(directory, f"share-{index}.mlir") for index in range(len(parts))]
        workers = [_fork(module, part, pipeline, verify_each, path, print_shares)
                   for part, path in zip(parts, paths, strict=True)]
        codes = [_exit_code(pid) for pid in workers]
        if any(code not in (_EXIT_BYTECODE, _EXIT_TEXT) for code in codes):
            return False
        if all(code == _EXIT_TEXT for code in codes):
            printed = _printed_shares(paths)
            if printed is not None:
                return printed
        return _merge(module, functions, parts, paths)
    finally:
        shutil.rmtree(directory, ignore_errors=True)  # open share files outlive their names


def _fork(module: ir.Operation, part: range, pipeline: Pipeline, verify_each: bool | None,
          path: str, print_shares: bool) -> int:
    pid = os.fork()
    if pid:
        return pid
    code = _EXIT_FALL_BACK
    try:
        code = _work(module, part, pipeline, verify_each, path, print_shares)
    finally:
        os._exit(code)  # never back into the tool's own code


def _work(module: ir.Operation, part: range, pipeline: Pipeline, verify_each: bool | None,
          path: str, print_shares: bool) -> int:
    """A worker: keep the share, run the pipeline, write the share (as text
    when asked and it can be joined, else as bytecode)."""
    for index, op in enumerate(list(module.regions[0].blocks[0].operations)):
        if index not in part:
            op.operation.erase()
    engine = DiagnosticEngine()
    ctx = module.context
    with ctx, engine.capturing(ctx):
        pm = passmanager.PassManager()
        pipeline.populate(pm, engine)
        pm.enable_verifier(bool(verify_each))
        try:
            pm.run(module)
        except MLIRError:
            return _EXIT_FALL_BACK
        if verify_each is None and not verify(module):
            return _EXIT_FALL_BACK
        if engine.diagnostics:
            return _EXIT_FALL_BACK
        if print_shares and _print_share(module, path):
            return _EXIT_TEXT
        with open(path, "wb") as f:
            module.write_bytecode(f)
    return _EXIT_BYTECODE


def _print_share(module: ir.Operation, path: str) -> bool:
    """Print the share into `path` when its text is the module's line, its
    functions and the closing brace, nothing else."""
    with output.printed(module, generic=False, debug_info=False) as (f, size):
        start = f.tell()
        if f.read(len(_MODULE_START)) != _MODULE_START:
            return False  # alias definitions come first
        f.seek(start)
        with open(path, "wb") as out:
            output.copy_range(f, out, size)
    return True


def _exit_code(pid: int) -> int:
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status)


def _printed_shares(paths: list[str]) -> PrintedShares | None:
    """The workers' texts joined, or None when their first lines (the module's,
    holding its attributes) differ or a text ends in something else than the
    module's closing brace (a resource section, say)."""
    files = [open(path, "rb") for path in paths]  # noqa: SIM115  # PrintedShares closes them
    headers, bodies, closings = [], [], []
    for f in files:
        headers.append(f.readline())
        start = f.tell()
        end = f.seek(0, os.SEEK_END)
        closing = _last_line(f, start, end)
        bodies.append((f, start, end - len(closing)))
        closings.append(closing)
    if (any(header != headers[0] for header in headers)
            or any(closing != _MODULE_END for closing in closings)):
        for f in files:
            f.close()
        return None
    return PrintedShares(headers[0], bodies)


def _last_line(f: BinaryIO, start: int, end: int) -> bytes:
    """The text's last line with its newline, if any (b"" when no line after
    `start` ends before it, or it is long: no module's last line is)."""
    f.seek(max(start, end - _LAST_LINE_MAX))
    tail = f.read()
    newline = tail.rfind(b"\n", 0, len(tail) - 1)
    return b"" if newline < 0 else tail[newline + 1:]


def _merge(module: ir.Operation, functions: Sequence[ir.Operation], parts: list[range],
           paths: list[str]) -> bool:
    """Move each worker's functions in place of the originals, and take the
    module attributes the workers agree on; False (module untouched) when they
    disagree or a share does not hold what was sent."""
    results = []
    for part, path in zip(parts, paths, strict=True):
        with open(path, "rb") as f:
            result = ir.Module.parse(f.read(), context=module.context).operation
        done = [op.operation for op in result.regions[0].blocks[0].operations]
        if len(done) != len(part):
            return False
        results.append((result, done))
    attributes = [_attributes(result) for result, _ in results]
    if any(other != attributes[0] for other in attributes[1:]):
        return False
    for name in list(module.attributes):
        if name not in attributes[0]:
            del module.attributes[name]
    for name, value in _named(results[0][0]):
        module.attributes[name] = value
    for part, (_, done) in zip(parts, results, strict=True):
        for index, new in zip(part, done, strict=True):
            old = functions[index]
            new.move_before(old)
            old.erase()
    return True


def _named(op: ir.Operation) -> list[tuple[str, ir.Attribute]]:
    attributes = op.attributes
    return [(name, attributes[name]) for name in list(attributes)]


def _attributes(op: ir.Operation) -> dict[str, str]:
    return {name: str(value) for name, value in _named(op)}
