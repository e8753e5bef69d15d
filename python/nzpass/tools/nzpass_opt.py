"""nzpass-opt: mlir-opt's driver conventions over nzpass and upstream passes.

`main()` only wires `sys`; `NzpassOpt` takes an argument list and streams so
tests run the real tool in-process.
"""

from __future__ import annotations

import argparse
import gc
import os
import shlex
import sys
import tempfile
import traceback
from typing import IO

from .. import __version__, explain, passes, pto_syntax
from ..driver.diagnostics import Diagnostic, DiagnosticEngine, SourceCache, format_diagnostic
from ..driver.pipeline import PIPELINE_SOURCE, Pipeline, PipelineError
from ..driver.source import Chunk, decode_source, parse_chunk, split_input
from ..driver.verify_diagnostics import DiagnosticVerifier
from ..ir.bindings import MLIRError, ir, new_context, passmanager

EXIT_OK, EXIT_DIAGNOSED, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3
STDIN_NAME = "<stdin>"  # the buffer name mlir-opt gives standard input
_OUTPUT_SPLIT_MARKER = b"// -----\n"
# Options that take a value: the reproducer must not mistake it for the input.
_VALUE_OPTIONS = ("-o", "-p", "--pass-pipeline", "-pass-pipeline")


class UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # argparse would exit the interpreter
        raise UsageError(message)


def _build_parser() -> argparse.ArgumentParser:
    # No abbreviations: mlir-opt takes `--split-input-file`, never `--split`.
    p = _Parser(prog="nzpass-opt", add_help=False, allow_abbrev=False,
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
    p.add_argument("--pto-syntax", "-pto-syntax", dest="pto_syntax", choices=pto_syntax.SYNTAXES,
                   default="generic", help="print pto ops in their generic form (default) or "
                   "in PTOAS's custom form; input may use either")
    p.add_argument("--mlir-print-ir-before-all", "-mlir-print-ir-before-all",
                   action="store_true", help="print the IR before every pass (to stderr)")
    p.add_argument("--mlir-print-ir-after-all", "-mlir-print-ir-after-all",
                   action="store_true", help="print the IR after every pass (to stderr)")
    p.add_argument("--mlir-timing", "-mlir-timing", action="store_true",
                   help="report the time of each pass (to stderr)")
    p.add_argument("--list-passes", "-list-passes", action="store_true",
                   help="list nzpass passes, their summaries and options")
    p.add_argument("--version", "-version", action="store_true", help="print the version")
    p.add_argument("-h", "--help", "-help", action="store_true", help="print this help")
    explain.add_arguments(p)
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
        self.input_arg: str | None = None
        self.current_chunk: str | None = None
        self.verifier: DiagnosticVerifier | None = None
        self.unexpected = 0  # diagnostics the verifier refused in the current chunk
        self.stream_to: str | None = None  # the output file a lone module prints into
        self.streamed = False
        self.stream_failed = False

    def run(self) -> int:
        try:
            return self._run()
        except UsageError as err:
            self.stderr.write(f"nzpass-opt: error: {err}\n"
                              "usage: nzpass-opt [options] [input] (see --help)\n")
            return EXIT_USAGE
        except Exception:  # any other exception is a bug in nzpass
            return self._internal_error()

    def _run(self) -> int:
        parser = _build_parser()
        args = self.args = parser.parse_args(self.argv)
        self.explainer = explain.Explainer(args, self.stderr)
        self.input_arg = args.input
        if args.help:
            self.stdout.write(parser.format_help())
            return EXIT_OK
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
        failed, result = self._process(text)
        return self._write_output(args.output, result, failed)

    def _parse_pipeline(self, args) -> Pipeline:
        anchored = args.pass_pipeline is not None
        text = args.pass_pipeline if anchored else (args.passes or "")
        self.sources.add(PIPELINE_SOURCE, text)
        pipeline = Pipeline.parse(text, anchored=anchored)
        pipeline.check()
        return pipeline

    def _read_input(self, path: str) -> str | None:
        self.input_name = STDIN_NAME if path == "-" else path
        try:
            if path == "-":
                data = self.stdin.read()
            else:
                with open(path, "rb") as f:
                    data = f.read()
        except OSError as err:
            self._tool_error(f"cannot open input file '{path}': {err.strerror}")
            return None
        engine = DiagnosticEngine()
        text = decode_source(data, self.input_name, engine)
        if text is None:
            self._print(engine.take())
            return None
        self.sources.add(self.input_name, text)
        return text

    def _write_output(self, path: str, output: bytes, failed: bool) -> int:
        """Write the result and give the exit code. Standard output gets the
        chunks that succeeded even when others failed, as with mlir-opt; a
        file is written only when the whole run succeeded."""
        if path == "-":
            self.stdout.write(output.decode("utf-8"))
            return EXIT_DIAGNOSED if failed else EXIT_OK
        if failed or self.stream_failed:
            return EXIT_DIAGNOSED
        if self.streamed:
            return EXIT_OK
        try:
            with open(path, "wb") as f:
                f.write(output)
        except OSError as err:
            self._tool_error(f"cannot open output file '{path}': {err.strerror}")
            return EXIT_DIAGNOSED
        return EXIT_OK

    def _process(self, text: str) -> tuple[bool, bytes]:
        """Whether processing failed, and the output of every chunk."""
        chunks, near_misses = split_input(text, self.input_name, self.args.split_input_file)
        self._print(near_misses)
        failed = False
        if self.args.verify_diagnostics:
            self.verifier = DiagnosticVerifier(self.input_name, text)
            self._print(self.verifier.malformed)
            failed = bool(self.verifier.malformed)
        outputs = []
        # One module into a file: printed straight into it, never held whole in memory.
        self.stream_to = (self.args.output if len(chunks) == 1 and self.args.output != "-"
                          and self.verifier is None and self.args.pto_syntax == "generic"
                          else None)
        # The IR lives in C++ and is freed by reference counts; the cycle
        # collector would only rescan the Python wrappers (about 10% of a run).
        gc.disable()
        try:
            for chunk in chunks:
                output, ok = self._process_chunk(chunk)
                outputs.append(output)
                failed |= not ok
        finally:
            gc.enable()
        if self.verifier is not None:
            missing = self.verifier.finish()
            self._print(missing)
            failed |= bool(missing)
        return failed, _OUTPUT_SPLIT_MARKER.join(outputs)

    def _process_chunk(self, chunk: Chunk) -> tuple[bytes, bool]:
        """The chunk's printed IR ("" when it failed) and whether it passed:
        without --verify-diagnostics, whether parsing and the pipeline
        succeeded; with it, whether every diagnostic was expected."""
        self.current_chunk = chunk.text
        self.unexpected = 0
        ctx = new_context()
        verifying = self.verifier is not None
        engine = DiagnosticEngine(on_emit=self._diagnosed, print_op_on_diagnostic=not verifying)
        with ctx, engine.capturing(ctx):
            module = parse_chunk(chunk, self.input_name, ctx, engine)
            ok = module is not None and self._run_passes(module.operation, engine)
            ok = ok and self.explainer.explain(module.operation, self.input_name)
            output = b""
            if ok and self.stream_to is not None:
                self._stream_module(module.operation, self.stream_to)
            elif ok:
                output = self._print_module(module.operation)
        self.current_chunk = None
        return output, self.unexpected == 0 if verifying else ok

    def _diagnosed(self, diag: Diagnostic) -> None:
        """Print each diagnostic as it happens (in order with MLIR's IR dumps);
        under --verify-diagnostics print only what the verifier refuses."""
        if self.verifier is None:
            self._print([diag])
            return
        failures = self.verifier.check(diag)
        self.unexpected += len(failures)
        self._print(failures)

    def _run_passes(self, module: ir.Operation, engine: DiagnosticEngine) -> bool:
        if not self.pipeline.steps:
            return True
        pm = passmanager.PassManager()
        self.pipeline.populate(pm, engine)
        if self.args.mlir_print_ir_before_all or self.args.mlir_print_ir_after_all:
            pm.enable_ir_printing(print_before_all=self.args.mlir_print_ir_before_all,
                                  print_after_all=self.args.mlir_print_ir_after_all,
                                  print_generic_op_form=self.args.mlir_print_op_generic)
        if self.args.mlir_timing:
            pm.enable_timing()
        try:
            pm.run(module)
            return True
        except MLIRError:
            return False  # its diagnostics are already in the engine
        finally:
            self.stderr.flush()
            del pm  # the timing report is printed when the pass manager dies

    def _stream_module(self, module: ir.Operation, path: str) -> None:
        """Print the module into `path` as it is printed; a file left half
        written (an error while printing) is removed."""
        try:
            with open(path, "w", encoding="utf-8") as f:
                module.print(file=f, print_generic_op_form=self.args.mlir_print_op_generic,
                             assume_verified=True)
            _end_with_newline(path)
            self.streamed = True
        except OSError as err:
            self._tool_error(f"cannot open output file '{path}': {err.strerror}")
            self.stream_failed = True
            _remove_quietly(path)
        except BaseException:
            _remove_quietly(path)
            raise

    def _print_module(self, module: ir.Operation) -> bytes:
        # UTF-8 bytes straight from the printer: faster than a str, and the
        # output is written without another copy.
        data = module.get_asm(binary=True, print_generic_op_form=self.args.mlir_print_op_generic,
                              assume_verified=True)
        if self.args.pto_syntax == "custom":
            data = pto_syntax.to_custom(data.decode("utf-8")).encode("utf-8")
        return data if data.endswith(b"\n") else data + b"\n"

    def _print(self, diagnostics: list[Diagnostic]) -> None:
        for diag in diagnostics:
            self.stderr.write(format_diagnostic(diag, self.sources))
        self.stderr.flush()

    def _tool_error(self, message: str) -> None:
        self.stderr.write(f"nzpass-opt: error: {message}\n")

    def _internal_error(self) -> int:
        # The exception on one line, never the traceback.
        error = sys.exc_info()[1]
        detail = " ".join(traceback.format_exception_only(type(error), error)[-1].split())
        self.stderr.write(f"internal error: {detail}\n"
                          "this is a bug in nzpass; please report it with the reproducer:\n"
                          f"  {self._reproducer()}\n")
        return EXIT_INTERNAL

    def _reproducer(self) -> str:
        """The command that reproduces the failure: this invocation, on a file
        holding only the chunk being processed when there was one."""
        argv = list(self.argv)
        if self.current_chunk is None:
            return shlex.join(["nzpass-opt", *argv])
        try:
            with tempfile.NamedTemporaryFile("w", prefix="nzpass-repro-", suffix=".mlir",
                                             delete=False, encoding="utf-8") as f:
                f.write(self.current_chunk)
        except OSError:
            return shlex.join(["nzpass-opt", *argv])
        index = _input_index(argv, self.input_arg)
        if index is not None:
            del argv[index]
        return shlex.join(["nzpass-opt", f.name, *argv])


def _end_with_newline(path: str) -> None:
    with open(path, "rb+") as f:
        if f.seek(0, os.SEEK_END) and (f.seek(-1, os.SEEK_END), f.read(1))[1] != b"\n":
            f.write(b"\n")


def _remove_quietly(path: str) -> None:
    try:
        os.remove(path)
    except OSError:
        pass


def _input_index(argv: list[str], input_arg: str | None) -> int | None:
    """Where the positional input is in `argv` (None for an implicit stdin)."""
    for index, arg in enumerate(argv):
        if arg == input_arg and (index == 0 or argv[index - 1] not in _VALUE_OPTIONS):
            return index
    return None


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
