"""nzpass-opt: mlir-opt's driver conventions over nzpass and upstream passes.

`main()` only wires `sys`; `NzpassOpt` takes an argument list and streams so
tests run the real tool in-process.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import typing
from typing import IO

from .. import __version__, collector, explain, passes, pto_syntax
from ..dialects import pl, properties
from ..driver import output, parallel
from ..driver.diagnostics import Diagnostic, DiagnosticEngine, SourceCache, format_diagnostic
from ..driver.pipeline import PIPELINE_SOURCE, Pipeline, PipelineError, verify
from ..driver.source import (
    Chunk,
    decode_source,
    may_hold_pto_syntax,
    name_locations,
    parse_chunk,
    split_input,
)
from ..ir.bindings import MLIRError, ir, new_context, passmanager
from ..ir.type_cache import clear_type_caches

if typing.TYPE_CHECKING:
    from ..driver.verify_diagnostics import DiagnosticVerifier

EXIT_OK, EXIT_DIAGNOSED, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3
STDIN_NAME = "<stdin>"  # the buffer name mlir-opt gives standard input
_OUTPUT_SPLIT_MARKER = b"// -----\n"
_STATISTICS_DISPLAY = {"pipeline": passmanager.PassDisplayMode.PIPELINE,
                       "list": passmanager.PassDisplayMode.LIST}
# Options that take a value: the reproducer must not mistake it for the input.
_VALUE_OPTIONS = ("-o", "-p", "--pass-pipeline", "-pass-pipeline", "--pto-syntax", "-pto-syntax",
                  "--mlir-pass-statistics-display", "-mlir-pass-statistics-display",
                  "-j", "--threads", "-threads")


class UsageError(Exception):
    pass


# The spellings LLVM's command-line parser takes for a boolean option's `=value`.
_TRUE_WORDS, _FALSE_WORDS = ("true", "TRUE", "True", "1"), ("false", "FALSE", "False", "0")


class _Parser(argparse.ArgumentParser):
    """argparse with mlir-opt's spellings: `--name` and `-name`, and boolean flags that
    also take `--name=true|false` (never a separate value: that would eat the input)."""

    def __init__(self, **kwargs):
        self._metavar_formatter: argparse.HelpFormatter | None = None
        self._adding = False
        super().__init__(**kwargs)
        self._flags: dict[str, str] = {}  # every spelling of a boolean flag -> its dest

    def add_argument(self, *args, **kwargs):  # type: ignore[override]
        self._adding = True
        try:
            return super().add_argument(*args, **kwargs)
        finally:
            self._adding = False

    def _get_formatter(self) -> argparse.HelpFormatter:
        """argparse makes a formatter (asking the terminal for its width, which imports
        shutil) in every add_argument, only to check a metavar: one of a fixed width
        serves every check; help text still gets a fresh one."""
        if not self._adding:
            return super()._get_formatter()
        if self._metavar_formatter is None:
            self._metavar_formatter = argparse.HelpFormatter(self.prog, width=80)
        return self._metavar_formatter

    def error(self, message: str):  # argparse would exit the interpreter
        raise UsageError(message)

    def add_flag(self, name: str, help: str, default: bool | None = False) -> None:
        """A boolean flag `--name` (and `-name`, `--name=false`...)."""
        spellings = (f"--{name}", f"-{name}")
        dest = name.replace("-", "_")
        self.add_argument(*spellings, dest=dest, action="store_const", const=True,
                          default=default, help=help)
        self._flags.update(dict.fromkeys(spellings, dest))

    def parse_args(self, args=None, namespace=None):  # type: ignore[override]
        """Parse, taking `--flag=VALUE` of boolean flags first."""
        rest, explicit = [], {}
        for arg in args or []:
            spelling, equals, value = arg.partition("=")
            dest = self._flags.get(spelling) if equals else None
            if dest is None:
                rest.append(arg)
            elif value in _TRUE_WORDS + _FALSE_WORDS:
                explicit[dest] = value in _TRUE_WORDS
            else:  # LLVM's words for it
                raise UsageError(f"for the {spelling} option: '{value}' is invalid value for "
                                 "boolean argument! Try 0 or 1")
        parsed = super().parse_args(rest, namespace)
        for dest, value in explicit.items():
            setattr(parsed, dest, value)
        return parsed


def _build_parser() -> _Parser:
    # No abbreviations: mlir-opt takes `--split-input-file`, never `--split`.
    p = _Parser(prog="nzpass-opt", add_help=False, allow_abbrev=False,
                description="Run nzpass and upstream MLIR passes on an MLIR file.")
    p.add_argument("input", nargs="?", default="-", help="input file, or - for stdin")
    p.add_argument("-o", dest="output", default="-", help="output file (default: stdout)")
    p.add_argument("--pass-pipeline", "-pass-pipeline", dest="pass_pipeline",
                   help="a pipeline anchored on the module: 'builtin.module(a,b{k=v})'")
    p.add_argument("-p", dest="passes", help="shorthand pipeline: 'a,b{k=v},canonicalize'")
    p.add_flag("split-input-file", "process each '// -----' chunk of the input on its own")
    p.add_flag("verify-diagnostics", "check diagnostics against expected-* comments in the "
               "input")
    p.add_flag("verify-each", "verify the IR after each pass (without the flag: once, after "
               "the last pass; --verify-each=false never)", default=None)
    p.add_argument("-j", "--threads", "-threads", dest="jobs", type=_jobs, default=None,
                   metavar="N", help="run independent functions in N worker processes (default: "
                   "the machine's cores; the output and diagnostics are those of -j 1)")
    p.add_argument("--pto-syntax", "-pto-syntax", dest="pto_syntax", choices=pto_syntax.SYNTAXES,
                   default="generic", help="print pto ops in their generic form (default) or "
                   "in PTOAS's custom form; input may use either")
    _add_printing_flags(p)
    _add_pass_manager_flags(p)
    p.add_argument("--list-passes", "-list-passes", action="store_true",
                   help="list nzpass passes, their summaries and options")
    p.add_argument("--version", "-version", action="store_true", help="print the version")
    p.add_argument("-h", "--help", "-help", action="store_true", help="print this help")
    explain.add_arguments(p)
    return p


def _jobs(text: str) -> int:
    """A worker count: a positive integer."""
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"'{text}' is not a positive number of jobs")
    return int(text)


def _add_printing_flags(p: _Parser) -> None:
    """How IR is printed: the output and the IR dumps alike, as in mlir-opt."""
    p.add_flag("mlir-print-op-generic", "print every op in its generic form")
    p.add_flag("mlir-print-debuginfo", "print the location of every op (file:line:col)")
    p.add_flag("mlir-print-local-scope", "print types and attributes inline, without aliases "
               "(the output only: IR dumps keep their aliases)")
    p.add_flag("mlir-print-ir-before-all", "print the IR before every pass (to stderr)")
    p.add_flag("mlir-print-ir-after-all", "print the IR after every pass (to stderr)")
    p.add_flag("mlir-print-ir-after-change", "with --mlir-print-ir-after-all, print only after "
               "the passes that changed the IR")
    p.add_flag("mlir-print-ir-after-failure", "print the IR after a pass that failed (to "
               "stderr)")
    p.add_flag("mlir-print-ir-module-scope", "IR dumps of passes nested on functions print the "
               "whole module")


def _add_pass_manager_flags(p: _Parser) -> None:
    p.add_flag("dump-pass-pipeline", "print the pipeline that will run, every option spelled "
               "out (to stderr)")
    p.add_flag("mlir-timing", "report the time of each pass (to stderr)")
    p.add_flag("mlir-pass-statistics", "report the statistics of each pass (to stderr)")
    p.add_argument("--mlir-pass-statistics-display", "-mlir-pass-statistics-display",
                   dest="statistics_display", choices=sorted(_STATISTICS_DISPLAY),
                   default="pipeline", help="statistics per pass in pipeline order, or summed "
                   "per pass (list)")
    # Accepted so mlir-opt command lines carry over: nzpass always allows unregistered
    # dialects (pl and pto are), and always runs on one thread (ordered diagnostics).
    p.add_flag("allow-unregistered-dialect", "accepted for mlir-opt compatibility: nzpass "
               "always allows unregistered dialects")
    p.add_flag("mlir-disable-threading", "accepted for mlir-opt compatibility: nzpass always "
               "runs on one thread")


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
        self.input_size = 0
        # The output of a chunk the workers of a split run printed themselves.
        self.printed_shares: parallel.PrintedShares | None = None

    def run(self) -> int:
        # The IR lives in C++ and is freed by reference counts; the cycle collector
        # would only rescan the Python wrappers (about 10% of a run) and the modules
        # the passes import on first use.
        with collector.paused():
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
        self.input_size = len(text)
        chunks, near_misses = split_input(text, self.input_name, self.args.split_input_file)
        self._print(near_misses)
        failed = False
        if self.args.verify_diagnostics:
            from ..driver.verify_diagnostics import DiagnosticVerifier

            self.verifier = DiagnosticVerifier(self.input_name, text)
            self._print(self.verifier.malformed)
            failed = bool(self.verifier.malformed)
        outputs = []
        # One module into a file: printed straight into it, never held whole in memory;
        # not when generic output may have to print an op custom (`_print_module`). The
        # input tells: nzpass's passes build only the ops of the table's first part.
        self.stream_to = (self.args.output if len(chunks) == 1 and self.args.output != "-"
                          and self.verifier is None and self.args.pto_syntax == "generic"
                          and not pto_syntax.may_hold_order_differing_ops(text)
                          else None)
        for chunk in chunks:
            output, ok = self._process_chunk(chunk)
            outputs.append(output)
            failed |= not ok
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
        with ctx, engine.capturing(ctx), self._closing_printed_shares():
            pto_text = may_hold_pto_syntax(chunk.text)
            module = parse_chunk(chunk, self.input_name, ctx, engine, pto_text)
            if module is not None and not self._one_target(chunk, module.operation, engine):
                module = None
            if module is not None and self.args.mlir_print_debuginfo:
                module = name_locations(module, self.input_name)  # printed, so renamed
            # The pipeline reads no op's properties back from its text where the chunk's
            # own text, which MLIR parsed, states none (a .pto text is parsed as what
            # its reader writes, which it does not see).
            with properties.stated_in(None if pto_text else chunk.text):
                ok = module is not None and self._run_passes(module.operation, engine,
                                                             chunk.text)
            output = b""
            if module is not None and ok:
                ok = self.explainer.explain(module.operation, self.input_name)
            if module is not None and ok and self.stream_to is not None:
                self._stream_module(module.operation, self.stream_to)
            elif module is not None and ok:
                printed = self._print_module(module.operation, engine)
                ok = printed is not None
                output = printed or b""
        self.current_chunk = None
        return output, self.unexpected == 0 if verifying else ok

    def _one_target(self, chunk: Chunk, module: ir.Operation, engine: DiagnosticEngine) -> bool:
        """Whether the target PTOAS reads from the text (its first `pto.target_arch`, a
        comment included) is the module's; an error where it is written otherwise. Only
        the tool sees the text: the passes check every statement in the module."""
        found = pl.text_target_disagreement(chunk.text, module)
        if found is None:
            return True
        offset, message = found
        line = chunk.text.count("\n", 0, offset)
        col = offset - (chunk.text.rfind("\n", 0, offset) + 1) + 1
        col += chunk.first_col - 1 if line == 0 else 0
        engine.error(ir.Location.file(self.input_name, chunk.first_line + line, col), message)
        return False

    @contextlib.contextmanager
    def _closing_printed_shares(self):
        try:
            yield
        finally:
            if self.printed_shares is not None:
                self.printed_shares.close()
                self.printed_shares = None

    def _diagnosed(self, diag: Diagnostic) -> None:
        """Print each diagnostic as it happens (in order with MLIR's IR dumps);
        under --verify-diagnostics print only what the verifier refuses."""
        if self.verifier is None:
            self._print([diag])
            return
        failures = self.verifier.check(diag)
        self.unexpected += len(failures)
        self._print(failures)

    def _run_passes(self, module: ir.Operation, engine: DiagnosticEngine, text: str) -> bool:
        args = self.args
        if args.dump_pass_pipeline:
            self.stderr.write(self.pipeline.dump())
            self.stderr.flush()
        if not self.pipeline.steps and not args.mlir_pass_statistics:
            return True
        split = self._run_split(module, text)
        if isinstance(split, parallel.PrintedShares):
            self.printed_shares = split
        if split is not False:
            return True
        pm = passmanager.PassManager()
        self.pipeline.populate(pm, engine)
        # As in mlir-opt, after-failure prints after every pass that fails (and then only
        # then); after-change and module-scope only shape the dumps the others ask for.
        print_after = args.mlir_print_ir_after_all or args.mlir_print_ir_after_failure
        if args.mlir_print_ir_before_all or print_after:
            pm.enable_ir_printing(print_before_all=args.mlir_print_ir_before_all,
                                  print_after_all=print_after,
                                  print_module_scope=args.mlir_print_ir_module_scope,
                                  print_after_change=args.mlir_print_ir_after_change,
                                  print_after_failure=args.mlir_print_ir_after_failure,
                                  enable_debug_info=args.mlir_print_debuginfo,
                                  print_generic_op_form=args.mlir_print_op_generic)
        if args.mlir_timing:
            pm.enable_timing()
        if args.mlir_pass_statistics:
            pm.enable_statistics(_STATISTICS_DISPLAY[args.statistics_display])
        # mlir-opt verifies after every pass; one verify after the last pass finds the
        # same broken IR (60-160 ms a pass at 100k ops): --verify-each asks for every pass.
        pm.enable_verifier(bool(args.verify_each))
        try:
            pm.run(module)
        except MLIRError:
            return False  # its diagnostics are already in the engine
        finally:
            clear_type_caches()  # also when an upstream pass stopped the pipeline early
            self.stderr.flush()
            del pm  # the timing and statistics reports are printed when the manager dies
        return args.verify_each is not None or verify(module)

    def _run_split(self, module: ir.Operation, text: str) -> bool | parallel.PrintedShares:
        """Run the pipeline in worker processes (`-j`) when nothing asks for one
        process: no IR dumps, timing, statistics, diagnostics checking or
        explanations. False when it did not; else `parallel.run_split`'s result
        (the workers print the output when their text is the tool's: see below)."""
        args = self.args
        jobs = args.jobs if args.jobs is not None else parallel.machine_jobs()
        one_process = (args.mlir_print_ir_before_all, args.mlir_print_ir_after_all,
                       args.mlir_print_ir_after_failure, args.mlir_timing,
                       args.mlir_pass_statistics, self.verifier is not None,
                       args.nz_explain, args.nz_picture is not None)
        if jobs < 2 or any(one_process) or not parallel.splittable(self.pipeline, text):
            return False
        functions = parallel.independent_functions(module, text)
        if functions is None:
            return False
        self.stderr.flush()
        # The workers print verified IR in custom form with the C++ printer, without
        # locations; unverified IR (--verify-each=false) the printer checks whole, and
        # prints in generic form when any function is invalid.
        print_shares = (self._natively_printed() and not args.mlir_print_debuginfo
                        and not args.mlir_print_op_generic and args.verify_each is not False)
        return parallel.run_split(module, functions, self.pipeline, jobs, args.verify_each,
                                  print_shares)

    def _print_options(self) -> dict[str, bool]:
        """The printer flags of the output. With --verify-each=false the printer checks
        the IR itself and falls back to the generic form for invalid IR, as mlir-opt's
        does."""
        return {"print_generic_op_form": self.args.mlir_print_op_generic,
                "enable_debug_info": self.args.mlir_print_debuginfo,
                "use_local_scope": self.args.mlir_print_local_scope,
                "assume_verified": self.args.verify_each is not False}

    def _natively_printed(self) -> bool:
        """Whether MLIR's C++ printer writes the output: it takes every printer flag
        of the tool but local scope, and pays off from a size on."""
        return (not self.args.mlir_print_local_scope
                and self.input_size >= output.NATIVE_MIN_INPUT_BYTES)

    def _stream_module(self, module: ir.Operation, path: str) -> None:
        """Print the module into `path` as it is printed; a file left half
        written (an error while printing) is removed."""
        try:
            with open(path, "wb") as f:
                if self.printed_shares is not None:
                    last = self.printed_shares.copy_to(f)
                elif self._natively_printed():
                    last = output.copy_printed(module, f, **self._native_options())
                else:
                    module.print(file=f, binary=True, **self._print_options())
                    last = b""
            if last != b"\n":
                _end_with_newline(path)
            self.streamed = True
        except OSError as err:
            self._tool_error(f"cannot open output file '{path}': {err.strerror}")
            self.stream_failed = True
            _remove_quietly(path)
        except BaseException:
            _remove_quietly(path)
            raise

    def _native_options(self) -> dict[str, bool]:
        return {"generic": self.args.mlir_print_op_generic,
                "debug_info": self.args.mlir_print_debuginfo}

    def _print_module(self, module: ir.Operation, engine: DiagnosticEngine) -> bytes | None:
        """The module's text in the syntax asked for; None after refusing an op
        whose generic text PTOAS versions read differently (docs/ir.md)."""
        # UTF-8 bytes straight from the printer: faster than a str, and the
        # output is written without another copy.
        if self.printed_shares is not None:
            data = self.printed_shares.read()
        elif self._natively_printed():
            data = output.read_printed(module, **self._native_options())
        else:
            data = typing.cast(bytes, module.get_asm(binary=True, **self._print_options()))
        syntax = self.args.pto_syntax
        if syntax == "custom" or pto_syntax.may_hold_order_differing_ops(data):
            text, unwritable = pto_syntax.write_text(data.decode("utf-8"), syntax)
            if unwritable:
                from ..pto_syntax.api import unwritable_location

                for found in unwritable:
                    engine.error(unwritable_location(module, found), found.message)
                return None
            data = text.encode("utf-8")
        return data if data.endswith(b"\n") else data + b"\n"

    def _print(self, diagnostics: list[Diagnostic]) -> None:
        for diag in diagnostics:
            self.stderr.write(format_diagnostic(diag, self.sources))
        self.stderr.flush()

    def _tool_error(self, message: str) -> None:
        self.stderr.write(f"nzpass-opt: error: {message}\n")

    def _internal_error(self) -> int:
        import traceback  # the path of a failure only

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
        import shlex  # the path of a failure only
        import tempfile

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
    with contextlib.suppress(OSError):
        os.remove(path)


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
        assert cls is not None  # a registered name
        lines.append(f"  {name}: {cls.summary}")
        lines.extend(f"    {spec.describe()}" for spec in cls.option_specs())
    lines.append("Pipelines:")
    for name, (text, summary) in sorted(passes.PIPELINES.items()):
        lines.append(f"  {name}: {summary}")
        lines.append(f"    = {text}")
    return "\n".join(lines) + "\n"


def main() -> None:
    code = NzpassOpt(sys.argv[1:]).run()
    # The process ends here, so the interpreter's teardown (a last collection, then
    # freeing every module and MLIR object: a fifth of a one-kernel run) is skipped;
    # only what Python still buffers must be written. Should that fail, the usual
    # exit reports it as Python does.
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except Exception:
        sys.exit(code)
    os._exit(code)


if __name__ == "__main__":
    main()
