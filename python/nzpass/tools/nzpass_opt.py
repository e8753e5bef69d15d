"""nzpass-opt: mlir-opt's driver conventions over nzpass and upstream passes.

`main()` only wires `sys`; `NzpassOpt` takes an argument list and streams so
tests run the real tool in-process.
"""

from __future__ import annotations

import argparse
import os
import shlex
import sys
import tempfile
import traceback
from typing import IO

from .. import __version__, passes
from ..bindings import MLIRError, ir, new_context, passmanager
from ..diagnostics import Diagnostic, DiagnosticEngine, SourceCache, format_diagnostic
from ..pipeline import PIPELINE_SOURCE, Pipeline, PipelineError
from ..source import Chunk, decode_source, parse_chunk, split_input
from ..verify_diagnostics import parse_expectations, verify

EXIT_OK, EXIT_DIAGNOSED, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3


class UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # argparse would exit the interpreter
        raise UsageError(message)


def _build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="nzpass-opt", add_help=True,
                description="Run nzpass and upstream MLIR passes on an MLIR file.")
    p.add_argument("input", nargs="?", default="-", help="input file, or - for stdin")
    p.add_argument("-o", dest="output", default="-", help="output file (default: stdout)")
    p.add_argument("--pass-pipeline", "-pass-pipeline", dest="pass_pipeline",
                   help="a pipeline anchored on the module: 'builtin.module(a,b{k=v})'")
    p.add_argument("-p", dest="passes", help="shorthand pipeline: 'a,b{k=v},canonicalize'")
    p.add_argument("--split-input-file", "-split-input-file", action="store_true",
                   help="process each '// -----' chunk of the input on its own")
    p.add_argument("--verify-diagnostics", "-verify-diagnostics", action="store_true",
                   help="check diagnostics against expected-* comments in the input")
    p.add_argument("--mlir-print-op-generic", "-mlir-print-op-generic", action="store_true",
                   help="print every op in its generic form")
    p.add_argument("--mlir-print-ir-before-all", "-mlir-print-ir-before-all",
                   action="store_true", help="print the IR before every pass (to stderr)")
    p.add_argument("--mlir-print-ir-after-all", "-mlir-print-ir-after-all",
                   action="store_true", help="print the IR after every pass (to stderr)")
    p.add_argument("--mlir-timing", "-mlir-timing", action="store_true",
                   help="report the time of each pass (to stderr)")
    p.add_argument("--list-passes", action="store_true",
                   help="list nzpass passes, their summaries and options")
    p.add_argument("--version", action="store_true", help="print the version")
    return p


class NzpassOpt:
    """One invocation of the tool."""

    def __init__(self, argv: list[str], stdin: IO[bytes] | None = None,
                 stdout: IO[str] | None = None, stderr: IO[str] | None = None):
        self.argv = list(argv)
        self.stdin = stdin if stdin is not None else sys.stdin.buffer
        self.stdout = stdout if stdout is not None else sys.stdout
        self.stderr = stderr if stderr is not None else sys.stderr
        self.sources = SourceCache()
        self.current_chunk: str = ""

    def run(self) -> int:
        try:
            return self._run()
        except UsageError as err:
            self.stderr.write(f"nzpass-opt: error: {err}\n"
                              "usage: nzpass-opt [options] [input] (see --help)\n")
            return EXIT_USAGE
        except SystemExit as exit_:  # --help
            return int(exit_.code or 0)
        except Exception:  # any other exception is a bug in nzpass
            return self._internal_error()

    def _run(self) -> int:
        args = _build_parser().parse_args(self.argv)
        self.args = args
        if args.version:
            self.stdout.write(f"nzpass-opt {__version__} (MLIR Python bindings of LLVM 22.1.8)\n")
            return EXIT_OK
        if args.list_passes:
            self.stdout.write(list_passes_text())
            return EXIT_OK
        if args.pass_pipeline is not None and args.passes is not None:
            raise UsageError("give either --pass-pipeline or -p, not both")
        try:
            self.pipeline = self._parse_pipeline(args)
        except PipelineError as err:
            self._print([err.diagnostic()])
            return EXIT_DIAGNOSED
        text = self._read_input(args.input)
        if text is None:
            return EXIT_DIAGNOSED
        return self._process(text)

    def _parse_pipeline(self, args) -> Pipeline:
        anchored = args.pass_pipeline is not None
        text = args.pass_pipeline if anchored else (args.passes or "")
        self.sources.add(PIPELINE_SOURCE, text)
        return Pipeline.parse(text, anchored=anchored)

    def _read_input(self, path: str) -> str | None:
        self.input_name = "<stdin>" if path == "-" else path
        try:
            if path == "-":
                data = self.stdin.read()
            else:
                with open(path, "rb") as f:
                    data = f.read()
        except OSError as err:
            self.stderr.write(f"nzpass-opt: error: could not open input file '{path}': "
                              f"{err.strerror}\n")
            return None
        engine = DiagnosticEngine()
        text = decode_source(data, self.input_name, engine)
        if text is None:
            self._print(engine.take())
            return None
        self.sources.add(self.input_name, text)
        return text

    def _process(self, text: str) -> int:
        outputs: list[str] = []
        failed = False
        for chunk in split_input(text, self.args.split_input_file):
            self.current_chunk = chunk.text
            output, ok = self._process_chunk(chunk)
            failed |= not ok
            if output is not None:
                outputs.append(output)
        self._write_output(("// -----\n").join(outputs))
        return EXIT_DIAGNOSED if failed else EXIT_OK

    def _process_chunk(self, chunk: Chunk) -> tuple[str | None, bool]:
        ctx = new_context()
        engine = DiagnosticEngine()
        with ctx, engine.capturing(ctx):
            module = parse_chunk(chunk, self.input_name, ctx, engine)
            if module is not None:
                module = self._run_passes(module, engine)
            output = None
            if module is not None and engine.error_count == 0:
                output = self._print_module(module)
        diagnostics = engine.take()
        if not self.args.verify_diagnostics:
            self._print(diagnostics)
            return output, not any(d.severity.value == "error" for d in diagnostics)
        expectations, malformed = parse_expectations(self.input_name, chunk.text,
                                                      chunk.first_line)
        failures = malformed + verify(expectations, diagnostics)
        self._print(failures)
        return output, not failures

    def _run_passes(self, module: ir.Operation, engine: DiagnosticEngine) -> ir.Operation | None:
        if not self.pipeline.steps:
            return module
        pm = passmanager.PassManager()
        try:
            self.pipeline.populate(pm, engine)
        except PipelineError as err:
            engine.emit(err.diagnostic())
            return None
        if self.args.mlir_print_ir_before_all or self.args.mlir_print_ir_after_all:
            pm.enable_ir_printing(print_before_all=self.args.mlir_print_ir_before_all,
                                  print_after_all=self.args.mlir_print_ir_after_all,
                                  print_generic_op_form=self.args.mlir_print_op_generic)
        if self.args.mlir_timing:
            pm.enable_timing()
        try:
            pm.run(module)
        except MLIRError:
            pass  # the diagnostics are already in the engine
        finally:
            self.stderr.flush()
            del pm  # the timing report is printed when the pass manager dies
        return module

    def _print_module(self, module: ir.Operation) -> str:
        return module.get_asm(print_generic_op_form=self.args.mlir_print_op_generic,
                              assume_verified=True) 

    def _write_output(self, text: str) -> None:
        if self.args.output == "-":
            self.stdout.write(text)
            return
        with open(self.args.output, "w", encoding="utf-8") as f:
            f.write(text)

    def _print(self, diagnostics: list[Diagnostic]) -> None:
        for diag in diagnostics:
            self.stderr.write(format_diagnostic(diag, self.sources))

    def _internal_error(self) -> int:
        if os.environ.get("NZPASS_DEBUG"):  # developers want the whole traceback
            self.stderr.write(traceback.format_exc())
        detail = traceback.format_exc(limit=-3).strip().splitlines()
        with tempfile.NamedTemporaryFile("w", prefix="nzpass-repro-", suffix=".mlir",
                                         delete=False, encoding="utf-8") as f:
            f.write(self.current_chunk)
        argv = [a for a in self.argv if a not in (getattr(self, "input_name", None), "-")]
        command = shlex.join(["nzpass-opt", f.name, *argv])
        self.stderr.write(f"internal error: {detail[-1]}\n"
                          "this is a bug in nzpass; please report it with the reproducer:\n"
                          f"  {command}\n")
        return EXIT_INTERNAL


def list_passes_text() -> str:
    lines = ["Passes:"]
    for name in sorted(passes.PASSES):
        cls = passes.get_pass(name)
        lines.append(f"  {name}: {cls.summary}")
        lines.extend(f"    {spec.describe()}" for spec in cls.option_specs())
    lines.append("Pipelines:")
    for name, (text, summary) in sorted(passes.PIPELINES.items()):
        lines.append(f"  {name}: {summary}")
        lines.append(f"    = {text}")
    return "\n".join(lines) + "\n"


def main() -> None:
    sys.exit(NzpassOpt(sys.argv[1:]).run())


if __name__ == "__main__":
    main()
