"""Running fuzz cases through nzpass-opt and judging each outcome.

Two ways to run the tool, both in a process of their own so that an abort or
a segfault of the bindings is seen as a signal and a hang as a timeout:

- `ToolRunner`: the real `nzpass-opt` command, one process per run (the
  structured cases);
- `WorkerRunner`: a long-lived worker process (`python -m support.fuzz_runner
  --worker`) that runs `NzpassOpt(argv, stdin=..., ...).run()` in-process for
  each request, tens of times faster, and is restarted after it dies
  (the bulk mutations).

`judge` turns a run into an outcome class; for a success it re-parses the
output and runs the same pipeline on it again, which must change nothing.
"""

from __future__ import annotations

import base64
import io
import json
import os
import re
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import IO

from .fuzz_mutations import Case

# Outcome classes. A bug is anything a user must never see.
SUCCESS = "success"
DIAGNOSED = "diagnosed"                  # exit 1, an error at file:line:col
DIAGNOSED_UNKNOWN = "diagnosed-unknown-loc"  # exit 1, errors only at <unknown>:0
TOOL_ERROR = "tool-error"                # exit 1, `nzpass-opt: error:` (no file position)
USAGE = "usage"                          # exit 2
INTERNAL = "internal-error"              # exit 3
CRASH = "crash"                          # killed by a signal (abort, segfault)
TRACEBACK = "traceback"                  # a Python traceback on stderr
HANG = "hang"                            # no answer within the time limit
UNDIAGNOSED = "undiagnosed-failure"      # exit 1 without any error diagnostic
ERROR_ON_SUCCESS = "error-on-success"    # exit 0 with an error diagnostic
BAD_LOCATION = "bad-location"            # an error at a line the input does not have
NOT_REPARSED = "output-does-not-reparse"
NOT_IDEMPOTENT = "not-idempotent"
OVERFLOW_OUTPUT = "overflowing-output"     # success, with integers no int64 holds
UNEXPECTED_EXIT = "unexpected-exit-code"
BUG_CLASSES = (INTERNAL, CRASH, TRACEBACK, HANG, UNDIAGNOSED, ERROR_ON_SUCCESS, BAD_LOCATION,
               NOT_REPARSED, NOT_IDEMPOTENT, OVERFLOW_OUTPUT, UNEXPECTED_EXIT)
CLASS_ORDER = (SUCCESS, DIAGNOSED, DIAGNOSED_UNKNOWN, TOOL_ERROR, USAGE, *BUG_CLASSES)

INPUT_NAME = "<stdin>"
_ERROR = re.compile(r"^(?P<file>.+?):(?P<line>\d+):(?P<col>\d+): error: ", re.M)
_UNKNOWN_ERROR = re.compile(r"^<unknown>:0: error: ", re.M)
_TOOL_ERROR = re.compile(r"^nzpass-opt: error: ", re.M)
_INTERNAL_INVARIANT = "internal invariant violated"
# Flags re-parsing the output keeps (they change how the input is read).
_KEPT_FLAGS = ("--split-input-file",)


@dataclass
class Run:
    code: int | None   # None: no exit code (timed out)
    out: str
    err: str
    seconds: float
    signal: int | None = None
    where: str = ""  # the nzpass frames an internal error came from


@dataclass
class Outcome:
    case: Case
    cls: str
    detail: str
    seconds: float
    internal_invariant: bool = False

    @property
    def is_bug(self) -> bool:
        return self.cls in BUG_CLASSES

    def report(self) -> str:
        return (f"[{self.cls}] {self.case.name} args={self.case.args!r}\n  {self.detail}\n"
                f"  input: {self.case.data[:600]!r}{'...' if len(self.case.data) > 600 else ''}")


# --------------------------------------------------------------------------- known bugs


@dataclass(frozen=True)
class KnownBug:
    """A bug the fuzzer found in a file this harness must not fix (a pass, or a
    module the pass owners hold), reported with a minimal reproducer. An
    outcome of class `cls` whose detail matches `message`, raised in `where`
    when a worker saw where, is counted as this bug, not as a new one."""

    id: str
    summary: str
    cls: str
    message: str
    where: str
    reproducer: str
    args: tuple[str, ...]
    # Seen only on the real descriptor 2 (native output), not by an in-process run.
    native: bool = False

    def matches(self, outcome: Outcome) -> bool:
        if outcome.cls != self.cls or not re.search(self.message, outcome.detail):
            return False
        raised = re.search(r"raised at (.*)", outcome.detail)
        return raised is None or re.search(self.where, raised.group(1)) is not None


_LOAD_NON_TENSOR = """\
func.func @k(%w: memref<16x32xi8>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %t = "pl.tile.load"(%w, %c0, %c0, %c16, %c32) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, \
target_memory = "vec"} : (memref<16x32xi8>, index, index, index, index) -> !pl.tile<16x32xi8, vec>
  return
}
"""
_UNBLOCKED_VALID_SHAPE = """\
func.func @k(%w: tensor<256x512xi8, #pl.layout<nz>>, %rows: index) {
  %c0 = arith.constant 0 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %t = "pl.tile.load"(%w, %c0, %c0, %c256, %c512, %rows, %c512) {operandSegmentSizes = \
array<i32: 1, 2, 2, 2>, target_memory = "mat"} : (tensor<256x512xi8, #pl.layout<nz>>, index, \
index, index, index, index, index) -> !pl.tile<256x512xi8, mat, valid = ?x512>
  return
}
"""

_DYNAMIC_VALID_TILE = """\
func.func @k(%w: tensor<64x64xf16>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %t = "pl.tile.load"(%w, %c0, %c0, %c16, %c16) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, \
target_memory = "vec"} : (tensor<64x64xf16>, index, index, index, index) -> \
!pl.tile<16x16xf16, vec, valid = ?x16>
  return
}
"""


_UNUSED_TILE_SLICE = """\
func.func @k(%x: tensor<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %t = "pl.tensor.slice"(%x, %c16, %c0, %c16, %c64) {operandSegmentSizes = array<i32: 1, 2, 2, \
0>} : (tensor<64x64xf32>, index, index, index, index) -> !pl.tile<16x64xf32, vec>
  return
}
"""

_LOAD_WITH_REGION = """\
func.func @k(%w: tensor<64x64xf16, #pl.layout<nz>>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %t = "pl.tile.load"(%w, %c0, %c0, %c16, %c16) ({
    %u = "pl.tile.load"(%w, %c0, %c0, %c16, %c16) {operandSegmentSizes = array<i32: 1, 2, 2, \
0>, target_memory = "mat"} : (tensor<64x64xf16, #pl.layout<nz>>, index, index, index, index) \
-> !pl.tile<16x16xf16, mat>
    "test.use"(%u) : (!pl.tile<16x16xf16, mat>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"} : (tensor<64x64xf16, \
#pl.layout<nz>>, index, index, index, index) -> !pl.tile<16x16xf16, mat>
  return
}
"""


def _nested_loops(depth: int) -> str:
    loops = "".join(f"scf.for %i{n} = %c0 to %c1 step %c1 {{\n" for n in range(depth))
    return ("func.func @k(%w: tensor<16x32xi8, #pl.layout<nz>>) {\n"
            "%c0 = arith.constant 0 : index\n%c1 = arith.constant 1 : index\n"
            + loops + "}\n" * depth + "return\n}\n")


def _offset_chain(length: int) -> str:
    chain = "".join(f"%v{n} = arith.addi %v{n - 1}, %c16 : index\n" for n in range(1, length))
    return ("func.func @k(%w: tensor<256x32xi8, #pl.layout<nz>>) {\n"
            "%c0 = arith.constant 0 : index\n%c16 = arith.constant 16 : index\n"
            "%c32 = arith.constant 32 : index\n%v0 = arith.addi %c0, %c0 : index\n" + chain
            + f'%t = "pl.tile.load"(%w, %v{length - 1}, %c0, %c16, %c32) {{operandSegmentSizes = '
            'array<i32: 1, 2, 2, 0>, target_memory = "mat"} : (tensor<256x32xi8, '
            '#pl.layout<nz>>, index, index, index, index) -> !pl.tile<16x32xi8, mat>\n'
            "return\n}\n")


# Bugs the harness found that are still open: upstream MLIR's, not nzpass's.
KNOWN_BUGS = (
    KnownBug("upstream-cse-not-idempotent",
             "upstream MLIR: cse is not a fixpoint on a loop whose result is unused (the "
             "second run erases the dead scf.for and its constants); mlir-opt -cse does the "
             "same. Not an nzpass file",
             NOT_IDEMPOTENT, r"second run of the pipeline on its output", r"",
             "func.func @f(%w: index) {\n  %c0 = arith.constant 0 : index\n"
             "  %c1 = arith.constant 1 : index\n  %c4 = arith.constant 4 : index\n"
             "  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%t = %w) -> (index) {\n"
             "    scf.yield %t : index\n  }\n  return\n}\n",
             ("-p", "cse")),
    KnownBug("upstream-inline-lazy-pipeline",
             "upstream MLIR: the inline pass parses its default-pipeline option only when it "
             "runs, prints the parse error to stderr and goes on (exit 0); mlir-opt does the "
             "same. Not an nzpass file",
             ERROR_ON_SUCCESS, r"PassPipeline Parser:1:\d+: error: ", r"",
             "func.func @f() {\n  return\n}\n", ("-p", "inline{default-pipeline=garbage(}"),
             native=True),
)

# Bugs the harness found and nzpass fixed: their reproducers must stay fixed.
FIXED_BUGS = (
    KnownBug("convert-malformed-layout",
             "convert-pl-to-pto lets LayoutSyntaxError out for a malformed #pl.layout "
             "(passes/convert_pl_to_pto.py: pl.tensor_layout is called unguarded)",
             INTERNAL, r"LayoutSyntaxError", r"convert_pl_to_pto",
             "func.func @k(%w: tensor<256x512xi8, #pl.layout<zz>>) {\n  return\n}\n",
             ("-p", "convert-pl-to-pto")),
    KnownBug("convert-non-tensor-operand",
             "convert-pl-to-pto: a pl.tile.load/store whose tensor operand is not a GM tensor "
             "argument (memref, !pto.ptr, #pto.layout encoding, ...) is a KeyError in "
             "_lower_load/_lower_store (passes/convert_pl_to_pto.py)",
             INTERNAL, r"KeyError: <mlir\.", r"convert_pl_to_pto", _LOAD_NON_TENSOR,
             ("-p", "pl-to-pto")),
    KnownBug("convert-valid-shape-rank",
             "convert-pl-to-pto indexes valid_shape[2]/[4] of an NZ load that is not blocked "
             "(rank 2): IndexError in _valid_extents (passes/convert_pl_to_pto.py)",
             INTERNAL, r"IndexError: list index out of range", r"convert_pl_to_pto",
             _UNBLOCKED_VALID_SHAPE,
             ("-p", "convert-pl-to-pto")),
    KnownBug("convert-dynamic-valid-without-operands",
             "convert-pl-to-pto: a load whose tile has a dynamic valid extent (valid = ?x16) "
             "but no valid_shape operands allocates the tile with a None operand: ValueError "
             "in PtoBuilder.op from _lower_load (passes/convert_pl_to_pto.py _valid_extents)",
             INTERNAL, r"ValueError: operand value cannot be None", r"convert_pl_to_pto",
             _DYNAMIC_VALID_TILE, ("-p", "pl-to-pto")),
    KnownBug("int64-overflow",
             "extent and stride products beyond int64 reach the MLIR builders: the folded NZ "
             "batch (nz_layout.blocked_shape / nz_types, then pl.tensor_type) and ND view "
             "strides (pto_lowering.view_strides / PtoBuilder.index)",
             INTERNAL, r"TypeError: get\(\): incompatible function arguments",
             r"pl\.py:\d+ in tensor_type|pto_lowering",
             "func.func @k(%x: tensor<9223372036854775807x16xf32>) {\n  return\n}\n",
             ("-p", "pl-to-pto")),
    KnownBug("materialize-overflowing-strides",
             "materialize-tensor-strides writes row-major strides beyond int64 into the "
             "encoding instead of refusing the tensor (passes/materialize_tensor_strides.py)",
             OVERFLOW_OUTPUT, r"stride = \[", r"",
             "func.func @k(%x: tensor<4294967296x4294967296x4294967296xf32>) {\n  return\n}\n",
             ("-p", "materialize-tensor-strides")),
    KnownBug("proof-recursion",
             "OffsetAnalysis recurses once per SSA definition: a max-proof-depth above ~300 on "
             "a long offset chain is a RecursionError (offset_proofs.py)",
             INTERNAL, r"RecursionError", r"offset_proofs",
             _offset_chain(400), ("-p", "block-nz-tensor-views{max-proof-depth=100000}")),
    KnownBug("constant-scopes-recursion",
             "nz_coords.ConstantScopes.walk recurses once per nested region: ~990 nested "
             "scf.for (inside the 1000-level input limit) is a RecursionError (nz_coords.py)",
             INTERNAL, r"RecursionError", r"nz_coords",
             _nested_loops(990), ("-p", "block-nz-tensor-views")),
    KnownBug("convert-retype-erased-value",
             "convert-pl-to-pto retyped the !pl.tile values it noted before lowering, among "
             "them the result of an unused slice the lowering had erased: SIGSEGV "
             "(passes/convert_pl_to_pto.py _retype_tiles; session 2's speed work, caught by "
             "the long tool fuzz before it landed)",
             CRASH, r"", r"", _UNUSED_TILE_SLICE, ("-p", "pl-to-pto,canonicalize,cse")),
    KnownBug("rewrite-drops-regions",
             "a pl.tile.load holding a region was rebuilt without it (dropping the NZ load "
             "nested there), and after session 2's single-walk rewrite the nested load was "
             "then rewritten inside an erased op: abort (passes/block_nz_tensor_views.py, "
             "nz_coords.rewrite_in_order)",
             CRASH, r"", r"", _LOAD_WITH_REGION, ("-p", "block-nz-tensor-views")),
    KnownBug("explicit-stride-overflow",
             "convert-pl-to-pto folds explicit layout strides times extents into index "
             "constants without checking they fit i64: TypeError in IntegerAttr.get "
             "(pto_lowering.view_strides; the bounded fuzz of 2026-11-29, present since "
             "session 1)",
             INTERNAL, r"TypeError: get\(\): incompatible function arguments",
             r"arith_ops|pto_lowering|convert_pl_to_pto",
             "func.func @k(%w: tensor<1x16x16x16x32xi8, #pl.layout<nz, stride = [131072, 8192, "
             "511, 32, 9223372036854775807]>>) attributes {nz_tensor_views_blocked} {\n"
             "  return\n}\n",
             ("-p", "convert-pl-to-pto")),
    KnownBug("functions-recursion",
             "ir_walk.functions recurses once per nested builtin.module: ~990 nested modules "
             "are a RecursionError in every pass (ir_walk.py)",
             INTERNAL, r"RecursionError", r"ir_walk",
             "module {\n" * 990 + "func.func @k() {\n  return\n}\n" + "}\n" * 990,
             ("-p", "block-nz-tensor-views")),
)


def known_bug(outcome: Outcome) -> KnownBug | None:
    return next((bug for bug in KNOWN_BUGS if bug.matches(outcome)), None)


def new_bugs(outcomes: Iterable[Outcome]) -> list[Outcome]:
    """The bug outcomes no known bug accounts for."""
    return [o for o in outcomes if o.is_bug and known_bug(o) is None]


# --------------------------------------------------------------------------- running


def tool_command() -> list[str]:
    """The installed `nzpass-opt` next to this interpreter, else its module."""
    script = os.path.join(os.path.dirname(sys.executable), "nzpass-opt")
    if os.path.isfile(script) and os.access(script, os.X_OK):
        return [script]
    found = shutil.which("nzpass-opt")
    return [found] if found else [sys.executable, "-m", "nzpass.tools.nzpass_opt"]


class ToolRunner:
    """The real command, one process per run, input on standard input. The
    command prints no traceback: where an internal error came from is asked
    of a worker, which runs the same input again."""

    def __init__(self, timeout: float, tmpdir: str):
        self.timeout = timeout
        self.command = tool_command()
        self.env = dict(os.environ, TMPDIR=tmpdir)
        self.tmpdir = tmpdir
        self._tracer: WorkerRunner | None = None

    def run(self, args: list[str], data: bytes) -> Run:
        start = time.perf_counter()
        try:
            proc = subprocess.run([*self.command, *args], input=data, capture_output=True,
                                  timeout=self.timeout, env=self.env)
        except subprocess.TimeoutExpired as err:
            return Run(None, _text(err.stdout), _text(err.stderr), time.perf_counter() - start)
        seconds = time.perf_counter() - start
        sig = -proc.returncode if proc.returncode < 0 else None
        run = Run(proc.returncode, _text(proc.stdout), _text(proc.stderr), seconds, sig)
        if run.code == 3:
            if self._tracer is None:
                self._tracer = WorkerRunner(self.timeout, self.tmpdir)
            run.where = self._tracer.run(args, data).where
        return run

    def close(self) -> None:
        if self._tracer is not None:
            self._tracer.close()


def _text(data: bytes | None) -> str:
    return (data or b"").decode("utf-8", "replace")


class WorkerRunner:
    """A worker process that runs the tool in-process, one JSON request per
    line; restarted whenever it dies or hangs, and every RUNS_PER_WORKER runs
    (memory a run leaves behind stays bounded over thousands of runs)."""

    RUNS_PER_WORKER = 200

    def __init__(self, timeout: float, tmpdir: str):
        self.timeout = timeout
        self.tmpdir = tmpdir
        self.proc: subprocess.Popen | None = None
        self.runs = 0
        # Lives as long as the runner (each worker writes into it); close() closes it.
        self.native_stderr = tempfile.TemporaryFile()  # noqa: SIM115

    def _start(self) -> subprocess.Popen:
        self.native_stderr.seek(0)
        self.native_stderr.truncate()
        # The worker runs this module by name, with `test/` (the package's parent) on its path.
        package_parent = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        env = dict(os.environ, TMPDIR=self.tmpdir, PYTHONPATH=os.pathsep.join(
            [package_parent, os.environ.get("PYTHONPATH", "")]))
        return subprocess.Popen([sys.executable, "-m", "support.fuzz_runner", "--worker"],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=self.native_stderr, env=env)

    def _worker(self) -> subprocess.Popen:
        """The live worker: a fresh one when there is none, it died or it is used up."""
        if self.runs == self.RUNS_PER_WORKER:
            self._stop()
        if self.proc is None or self.proc.poll() is not None:
            self.proc, self.runs = self._start(), 0
        return self.proc

    def run(self, args: list[str], data: bytes) -> Run:
        proc = self._worker()
        stdin, stdout = _pipes(proc)
        self.runs += 1
        request = json.dumps({"args": args, "data": base64.b64encode(data).decode()})
        start = time.perf_counter()
        try:
            stdin.write(request.encode() + b"\n")
            stdin.flush()
        except BrokenPipeError:
            pass
        line = self._read_line(stdout, start)
        seconds = time.perf_counter() - start
        if not line:
            return self._died(proc, seconds, timed_out=line is None)
        reply = json.loads(line)
        return Run(reply["code"], reply["out"], reply["err"], seconds, where=reply["where"])

    def _read_line(self, stdout: IO[bytes], start: float) -> bytes | None:
        """The worker's answer; b"" when it died, None when it ran out of time."""
        while True:
            left = self.timeout - (time.perf_counter() - start)
            if left <= 0:
                return None
            ready, _, _ = select.select([stdout], [], [], left)
            if ready:
                line = stdout.readline()
                return line if line.endswith(b"\n") else b""

    def _died(self, proc: subprocess.Popen, seconds: float, timed_out: bool) -> Run:
        self.proc = None
        if timed_out:
            proc.kill()
        proc.wait()
        self.native_stderr.seek(0)
        native = self.native_stderr.read().decode("utf-8", "replace")[-2000:]
        if timed_out:
            return Run(None, "", native, seconds)
        code = proc.returncode
        return Run(code, "", native, seconds, -code if code < 0 else None)

    def _stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            _pipes(self.proc)[0].close()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc = None

    def close(self) -> None:
        self._stop()
        self.native_stderr.close()


def _worker_main() -> int:
    """Answer run requests until standard input closes. The protocol gets its
    own copy of descriptor 1, so native code that prints cannot corrupt it."""
    protocol = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(2, 1)
    from nzpass.tools.nzpass_opt import NzpassOpt

    class Traced(NzpassOpt):
        """The tool, noting where in nzpass an internal error was raised."""

        where = ""

        def _internal_error(self) -> int:
            marker = f"{os.sep}nzpass{os.sep}"
            frames = [f for f in traceback.extract_tb(sys.exc_info()[2]) if marker in f.filename]
            # The innermost frame, and the innermost one in a pass when that is another.
            in_pass = [f for f in frames if f"{marker}passes{os.sep}" in f.filename]
            shown = frames[-1:] + [f for f in in_pass[-1:] if f is not frames[-1]]
            self.where = " <- ".join(
                f"{f.filename[f.filename.rindex(marker) + 1:]}:{f.lineno} in {f.name}"
                for f in shown)
            return super()._internal_error()

    for line in sys.stdin:
        request = json.loads(line)
        out, err = io.StringIO(), io.StringIO()
        data = base64.b64decode(request["data"])
        tool = Traced(request["args"], stdin=io.BytesIO(data), stdout=out, stderr=err)
        code = tool.run()
        protocol.write(json.dumps({"code": code, "out": out.getvalue(), "err": err.getvalue(),
                                   "where": tool.where}) + "\n")
        protocol.flush()
    return 0


# --------------------------------------------------------------------------- judging


def _pipes(proc: subprocess.Popen) -> tuple[IO[bytes], IO[bytes]]:
    """A worker's stdin and stdout (_start opens both as pipes)."""
    assert proc.stdin is not None and proc.stdout is not None
    return proc.stdin, proc.stdout


def _input_lines(data: bytes) -> int:
    return data.count(b"\n") + 1  # a newline byte is never part of a UTF-8 sequence


def _failure_class(run: Run) -> tuple[str, str] | None:
    """The bug class of a run that must never happen, whatever the input."""
    if run.code is None:
        return HANG, f"no answer in {run.seconds:.1f} s"
    if run.signal is not None:
        name = signal.Signals(run.signal).name if run.signal in signal.valid_signals() else "?"
        return CRASH, f"killed by signal {run.signal} ({name}): {run.err[-800:]!r}"
    if "Traceback (most recent call last)" in run.err:
        return TRACEBACK, run.err[-1500:]
    if run.code == 3:
        where = f"raised at {run.where}\n  " if run.where else ""
        return INTERNAL, where + run.err[:1500]
    if run.code not in (0, 1, 2):
        return UNEXPECTED_EXIT, f"exit {run.code}: {run.err[-800:]!r}"
    return None


def _diagnosed_class(run: Run, data: bytes) -> tuple[str, str]:
    errors = list(_ERROR.finditer(run.err))
    lines = _input_lines(data)
    for match in errors:
        if match["file"] == INPUT_NAME and not 1 <= int(match["line"]) <= lines:
            return BAD_LOCATION, f"error at line {match['line']} of a {lines}-line input: " \
                                 f"{run.err[:800]}"
    if errors:
        return DIAGNOSED, errors[0].group(0)
    if _UNKNOWN_ERROR.search(run.err):
        return DIAGNOSED_UNKNOWN, run.err[:300]
    if _TOOL_ERROR.search(run.err):
        return TOOL_ERROR, run.err[:300]
    return UNDIAGNOSED, f"exit 1 without an error diagnostic: {run.err[:800]!r}"


def judge(case: Case, run_tool: Callable[[list[str], bytes], Run]) -> Outcome:
    """Run `case`, then, if it succeeded, re-parse its output and run the same
    pipeline on it again."""
    run = run_tool(case.args, case.data)
    found = _failure_class(run)
    seconds = run.seconds
    if found is not None:
        return Outcome(case, *found, seconds)
    invariant = _INTERNAL_INVARIANT in run.err
    if run.code == 2:
        return Outcome(case, USAGE, run.err[:300], seconds)
    if case.expect_usage:
        return Outcome(case, UNEXPECTED_EXIT, f"expected a usage error, got exit {run.code}",
                       seconds)
    if run.code == 1:
        return Outcome(case, *_diagnosed_class(run, case.data), seconds, invariant)
    if _ERROR.search(run.err) and "--verify-diagnostics" not in case.args:
        return Outcome(case, ERROR_ON_SUCCESS, run.err[:800], seconds, invariant)
    return _check_output(case, run, run_tool, invariant)


def _check_output(case: Case, first: Run, run_tool, invariant: bool) -> Outcome:
    output = first.out.encode()
    kept = [arg for arg in case.args if arg in _KEPT_FLAGS]
    reparse = run_tool(kept, output)
    seconds = first.seconds + reparse.seconds
    if _failure_class(reparse) is not None or reparse.code != 0:
        return Outcome(case, NOT_REPARSED, f"re-parsing the output: exit {reparse.code}\n"
                       f"{reparse.err[:800]}\n--- output:\n{first.out[:1500]}", seconds, invariant)
    overflowing = _new_big_integers(case.data, first.out)
    if overflowing:
        return Outcome(case, OVERFLOW_OUTPUT, f"the output holds integers no 64-bit field "
                       f"holds, which the input did not: {sorted(overflowing)[:4]}\n"
                       f"--- output:\n{first.out[:1500]}", seconds, invariant)
    if "--verify-diagnostics" in case.args:
        return Outcome(case, SUCCESS, "", seconds, invariant)
    rerun_args = [arg for arg in case.args if arg != "--verify-diagnostics"]
    again = run_tool(rerun_args, output)
    seconds += again.seconds
    if again.code != 0 or again.out != first.out:
        found = _failure_class(again)
        what = f"{found[0]}: {found[1]}" if found else f"exit {again.code}"
        return Outcome(case, NOT_IDEMPOTENT, f"second run of the pipeline on its output: {what}\n"
                       f"{again.err[:800]}\n{_first_difference(first.out, again.out)}",
                       seconds, invariant)
    return Outcome(case, SUCCESS, "", seconds, invariant)


_INTEGER = re.compile(rb"-?\d{19,}")


def _new_big_integers(data: bytes, output: str) -> set[bytes]:
    """Integers beyond int64 in `output` that `data` does not spell: a pass
    computed them (an extent or stride product), so they are silently wrong."""
    def big(text: bytes) -> set[bytes]:
        return {m for m in _INTEGER.findall(text) if not -2 ** 63 <= int(m) < 2 ** 63}
    return big(output.encode()) - big(data)


def _first_difference(a: str, b: str) -> str:
    for number, (x, y) in enumerate(zip(a.splitlines(), b.splitlines(), strict=False), 1):
        if x != y:
            return f"first difference at output line {number}:\n  - {x}\n  + {y}"
    return f"outputs differ in length ({len(a)} vs {len(b)} characters)"


# --------------------------------------------------------------------------- campaigns


def run_cases(cases: Iterable[Case], runner_class: type[WorkerRunner] | type[ToolRunner],
              timeout: float, jobs: int = 2) -> list[Outcome]:
    """Judge every case; runner `i` takes cases i, i + jobs, ... so each
    worker sees the same sequence whatever the scheduling."""
    cases = list(cases)

    def lane(index: int) -> list[tuple[int, Outcome]]:
        runner = runner_class(timeout, scratch)
        try:
            return [(n, judge(cases[n], runner.run)) for n in range(index, len(cases), jobs)]
        finally:
            runner.close()

    # An internal error writes its reproducer to a temporary file: keep them here.
    with (tempfile.TemporaryDirectory(prefix="nzpass-fuzz-") as scratch,
          ThreadPoolExecutor(max_workers=jobs) as pool):
            lanes = list(pool.map(lane, range(jobs)))
    pairs = sorted((pair for lane_ in lanes for pair in lane_), key=lambda pair: pair[0])
    return [outcome for _, outcome in pairs]


def table(outcomes: list[Outcome]) -> str:
    """Outcome classes by case family, as a text table."""
    families = sorted({o.case.family for o in outcomes})
    counts = Counter((o.case.family, o.cls) for o in outcomes)
    classes = [c for c in CLASS_ORDER if any(o.cls == c for o in outcomes)]
    width = max(len(c) for c in [*classes, "class"]) + 2
    head = "class".ljust(width) + "".join(f"{f:>12}" for f in families) + f"{'total':>10}"
    rows = [head, "-" * len(head)]
    for cls in classes:
        cells = "".join(f"{counts[(f, cls)]:>12}" for f in families)
        rows.append(cls.ljust(width) + cells + f"{sum(counts[(f, cls)] for f in families):>10}")
    totals = "".join(f"{sum(1 for o in outcomes if o.case.family == f):>12}" for f in families)
    rows.append("total".ljust(width) + totals + f"{len(outcomes):>10}")
    invariant = sum(o.internal_invariant and o.cls == DIAGNOSED for o in outcomes)
    rows.append(f"(of the diagnosed, {invariant} name an internal invariant violation)")
    known = Counter(bug.id for o in outcomes if o.is_bug and (bug := known_bug(o)))
    rows += [f"known bug {name}: {count}" for name, count in sorted(known.items())]
    rows.append(f"new bugs: {len(new_bugs(outcomes))}")
    return "\n".join(rows)


if __name__ == "__main__" and sys.argv[1:] == ["--worker"]:
    sys.exit(_worker_main())
