"""Pass pipelines that mix nzpass passes and upstream MLIR passes.

The bindings cannot register a Python pass by name, so nzpass reads the
pipeline text itself: names in its registry become Python passes added to the
pass manager as callables, everything else is handed to the upstream parser
verbatim, in the order given.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import lru_cache

from .. import collector, passes
from ..errors import Refusal
from ..ir.bindings import MODULE, MLIRError, ir, new_context, passmanager
from ..ir.type_cache import clear_type_caches
from ..records import Fields
from .diagnostics import Diagnostic, DiagnosticEngine, Severity, SourceLoc
from .pass_base import ModulePass, PassOptionError

PIPELINE_SOURCE = "MLIR Textual PassPipeline Parser"
_MODULE_ANCHORS = (MODULE, "any")
# `builtin.module(...)` or `any(...)`, as opposed to the `a,b` shorthand.
# (Compiled on first use, by `re`'s cache: the tool never needs it.)
_ANCHORED = r"\s*(" + "|".join(map(re.escape, _MODULE_ANCHORS)) + r")\s*\("
# Real pipelines nest a few op anchors deep; the reader (and the upstream
# parser after it) recurses once per level, so deeper text is refused.
MAX_PIPELINE_NESTING = 64


class PipelineError(Exception):
    """A pipeline that does not parse or names an unknown pass or option."""

    def __init__(self, col: int, message: str):
        super().__init__(message)
        self.col = col
        self.message = message

    def diagnostic(self) -> Diagnostic:
        return Diagnostic(Severity.ERROR, SourceLoc(PIPELINE_SOURCE, 1, self.col), self.message)


class Element:
    """One pipeline element: `name`, `name{opts}` or `anchor(elements)`. (A plain
    class: a dataclass costs 0.5 ms of start-up to build.)"""

    def __init__(self, name: str, text: str, col: int, *, nested: list[Element] | None = None):
        self.name = name
        self.text = text
        self.col = col
        self.options: dict[str, str] = {}
        self.nested = nested
        self.option_cols: dict[str, int] = {}  # where each key is written

    def __repr__(self) -> str:
        return f"Element({self.text!r} at col {self.col})"


class _Reader:
    def __init__(self, text: str, col_base: int = 1):
        self.text = text
        self.pos = 0
        self.col_base = col_base
        self.depth = 0  # op anchors open at the current position

    def col(self, pos: int | None = None) -> int:
        return self.col_base + (self.pos if pos is None else pos)

    def fail(self, message: str, pos: int | None = None) -> PipelineError:
        return PipelineError(self.col(pos), message)

    def skip_space(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos].isspace():
            self.pos += 1

    def peek(self) -> str:
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def elements(self, closing: str) -> list[Element]:
        found = []
        while True:
            self.skip_space()
            found.append(self.element())
            self.skip_space()
            if self.peek() == ",":
                self.pos += 1
                continue
            if self.peek() == closing:
                return found
            expected = repr(closing) if closing else "the end of the pipeline"
            what = repr(self.peek()) if self.peek() else "the end of the pipeline"
            raise self.fail(f"expected ',' or {expected}, found {what}")

    def element(self) -> Element:
        start = self.pos
        while self.pos < len(self.text) and (self.text[self.pos].isalnum()
                                             or self.text[self.pos] in "-_."):
            self.pos += 1
        name = self.text[start:self.pos]
        if not name:
            raise self.fail("expected a pass name")
        if self.peek() == "(":
            if self.depth == MAX_PIPELINE_NESTING:
                raise self.fail(f"the pipeline nests op anchors deeper than "
                                f"{MAX_PIPELINE_NESTING} levels")
            self.depth += 1
            self.pos += 1
            self.skip_space()
            nested = [] if self.peek() == ")" else self.elements(")")
            self.pos += 1
            self.depth -= 1
            return Element(name, self.text[start:self.pos], self.col(start), nested=nested)
        element = Element(name, "", self.col(start))
        if self.peek() == "{":
            self.options(element)
        element.text = self.text[start:self.pos]
        return element

    def options(self, element: Element) -> None:
        open_pos = self.pos
        self.pos += 1
        while True:
            self.skip_space()
            if self.peek() == "}":
                self.pos += 1
                return
            if not self.peek():
                raise self.fail(f"unterminated options of '{element.name}'", open_pos)
            key_pos = self.pos
            key = self.word("=} ")
            value = ""
            if self.peek() == "=":
                self.pos += 1
                value = self.value()
            if not key:
                raise self.fail("expected an option name", key_pos)
            element.options[key] = value
            element.option_cols[key] = self.col(key_pos)

    def word(self, stops: str) -> str:
        start = self.pos
        while self.peek() and self.peek() not in stops and not self.peek().isspace():
            self.pos += 1
        return self.text[start:self.pos]

    def value(self) -> str:
        if self.peek() in "\"'":
            quote = self.peek()
            end = self.text.find(quote, self.pos + 1)
            if end < 0:
                raise self.fail("unterminated quoted option value")
            value = self.text[self.pos + 1:end]
            self.pos = end + 1
            return value
        start, depth = self.pos, 0
        while self.peek():
            char = self.peek()
            if char == "}" and depth == 0:
                break
            if char.isspace() and depth == 0:
                break
            depth += {"{": 1, "[": 1, "}": -1, "]": -1}.get(char, 0)
            self.pos += 1
        return self.text[start:self.pos]


def parse_pipeline(text: str, *, anchored: bool) -> list[Element]:
    """Parse `builtin.module(a,b{k=v})` (anchored) or `a,b{k=v}` (the -p form)."""
    reader = _Reader(text)
    if not text.strip():
        return []
    if not anchored:
        found = reader.elements("")
        return found
    reader.skip_space()
    root = reader.element()
    reader.skip_space()
    if reader.peek():
        raise reader.fail(f"unexpected {reader.peek()!r} after the pipeline")
    if root.nested is None:
        # mlir-opt's words for a pipeline without an anchor.
        raise PipelineError(root.col, "expected pass pipeline to be wrapped with the anchor "
                            "operation type, e.g. 'builtin.module(...)'")
    if root.name not in _MODULE_ANCHORS:
        raise PipelineError(root.col, f"the pipeline runs on the module: anchor it on "
                            f"'builtin.module' or 'any', not '{root.name}'")
    return root.nested


def expand(elements: list[Element]) -> list[Element]:
    """Replace named nzpass pipelines by their passes, recursively."""
    out: list[Element] = []
    for element in elements:
        named = passes.PIPELINES.get(element.name)
        if named is None:
            out.append(element)
            continue
        if element.options or element.nested is not None:
            raise PipelineError(element.col, f"pipeline '{element.name}' takes no options")
        sub = parse_pipeline(named[0], anchored=False)
        for item in sub:
            item.col = element.col
        out.extend(expand(sub))
    return out


def _check_not_nested(elements: list[Element], anchor: str) -> None:
    for element in elements:
        if element.name in passes.PASSES or element.name in passes.PIPELINES:
            raise PipelineError(
                element.col, f"nzpass pass '{element.name}' runs on the module and cannot be "
                f"nested under '{anchor}'; list it at the top level of the pipeline")
        if element.nested is not None:
            _check_not_nested(element.nested, element.name)


def instantiate(element: Element) -> ModulePass | None:
    """The configured nzpass pass for `element`, or None for an upstream one."""
    cls = passes.get_pass(element.name)
    if cls is None:
        if element.nested is not None:
            _check_not_nested(element.nested, element.name)
        return None
    if element.nested is not None:
        raise PipelineError(element.col, f"nzpass pass '{element.name}' is not an op anchor "
                            "and cannot nest passes")
    try:
        return cls.from_options(element.options)
    except PassOptionError as err:
        raise PipelineError(element.option_cols.get(err.option, element.col), str(err)) from None


def python_pass(instance: ModulePass, diagnostics: DiagnosticEngine, *,
                last: bool = True) -> Callable:
    """`instance` as the callable `PassManager.add` expects; it fails the pass
    manager when the pass reported an error. A refusal the pass let escape is
    still a diagnostic at its location, never an internal error: it says what
    is wrong with the input (the pass stops where it was; nothing is printed).

    The facts the passes cache about types (`ir.type_cache`) hold for the whole
    context, so they serve every nzpass pass of one pipeline; they are emptied
    after the `last` one, or after any pass that fails or raises (the pipeline
    stops there): cached types would keep the context alive."""

    def run(op: ir.Operation, pass_) -> None:
        before = diagnostics.error_count
        stops = True
        try:
            instance.apply(op, diagnostics)
            stops = diagnostics.error_count > before
        except Refusal as refusal:
            diagnostics.error(refusal.location, refusal.message, refusal.notes)
        finally:
            if last or stops:
                clear_type_caches()
        if diagnostics.error_count > before:
            pass_.signal_pass_failure()

    run.__name__ = instance.name
    return run


_OPTIONS_PARSER = "<Pass-Options-Parser>:"


def _upstream_error(element: Element, err: ValueError) -> PipelineError:
    """The upstream parser's error for `element`, moved to where the element is
    in the whole pipeline. Its messages come in two shapes: a located
    `MLIR Textual PassPipeline Parser:1:COL: error: ...` with the text and a
    caret, or (bad options) `failed to add ...`, after the option parser's
    reason where it gives one."""
    lines = [line.strip() for line in str(err).splitlines() if line.strip()]
    first = lines[0] if lines else f"failed to add `{element.text}`"
    located = re.match(re.escape(PIPELINE_SOURCE) + r":1:(\d+): error: (.*)", first)
    if located:
        return PipelineError(element.col + int(located.group(1)) - 1, located.group(2))
    reasons = [line.removeprefix(_OPTIONS_PARSER).strip()
               for line in lines if line.startswith(_OPTIONS_PARSER)]
    failed = [line for line in lines if not line.startswith(_OPTIONS_PARSER)]
    message = failed[0] if failed else first
    return PipelineError(element.col, ": ".join([message, *reasons]))


@contextmanager
def _native_stderr_lines() -> Iterator[list[str]]:
    """The lines native code writes to file descriptor 2 inside the block
    (filled in when the block ends); nothing is captured where descriptor 2
    cannot be redirected."""
    import tempfile  # only a pipeline with upstream passes is checked

    lines: list[str] = []
    sys.stderr.flush()
    try:
        saved = os.dup(2)
    except OSError:
        yield lines
        return
    with tempfile.TemporaryFile() as capture:
        os.dup2(capture.fileno(), 2)
        try:
            yield lines
        finally:
            os.dup2(saved, 2)
            os.close(saved)
            capture.seek(0)
            lines.extend(capture.read().decode("utf-8", "replace").splitlines())


class Pipeline:
    """A parsed pipeline: nzpass passes and upstream elements in order."""

    def __init__(self, elements: list[Element]):
        self.elements = expand(elements)
        self.steps: list[ModulePass | Element] = [
            instantiate(element) or element for element in self.elements
        ]

    @classmethod
    def parse(cls, text: str, *, anchored: bool = True) -> Pipeline:
        return cls(parse_pipeline(text, anchored=anchored))

    def check(self) -> None:
        """Raise PipelineError now for an upstream pass or option the upstream
        parser refuses, before any input is read (and not once per chunk)."""
        if all(isinstance(step, ModulePass) for step in self.steps):
            return  # nzpass passes are added as callables, which nothing refuses
        with _native_stderr_lines() as native:
            try:
                with new_context():
                    self.populate(passmanager.PassManager(), DiagnosticEngine())
                return
            except PipelineError as err:
                error = err
        # LLVM's option parser writes why a value is bad straight to file
        # descriptor 2 (": for the --x option: ..."): make it part of the error.
        reasons = [line.strip().lstrip(":").strip() for line in native if line.strip()]
        raise PipelineError(error.col, ": ".join([error.message, *reasons]))

    def populate(self, pm: passmanager.PassManager, diagnostics: DiagnosticEngine) -> None:
        """Add every step to `pm`; an upstream element the upstream parser refuses
        raises PipelineError. Needs the context that `pm` belongs to."""
        last = max((i for i, step in enumerate(self.steps) if isinstance(step, ModulePass)),
                   default=-1)
        for index, step in enumerate(self.steps):
            if isinstance(step, ModulePass):
                pm.add(python_pass(step, diagnostics, last=index == last), name=step.name,
                       argument=step.name, description=step.summary)
                continue
            try:
                pm.add(step.text)
            except ValueError as err:
                raise _upstream_error(step, err) from None

    def text(self) -> str:
        parts = [s.pipeline_text() if isinstance(s, ModulePass) else s.text for s in self.steps]
        return MODULE + "(" + ",".join(parts) + ")"

    def dump(self) -> str:
        """What mlir-opt's --dump-pass-pipeline prints: the pass count and the pipeline that
        runs, one pass per line, every option spelled out. Needs a current context."""
        parts = []
        for step in self.steps:
            if isinstance(step, ModulePass):
                parts.append(step.pipeline_text(every_option=True))
                continue
            pm = passmanager.PassManager()
            pm.add(step.text)  # the upstream printer spells out every option
            parts.append(_inside_anchor(str(pm)))
        pretty, count = _pretty_pipeline(MODULE + "(" + ",".join(p for p in parts if p) + ")")
        return f"Pass Manager with {count} passes:\n{pretty}\n\n"


def _inside_anchor(text: str) -> str:
    """`any(a,b)` -> `a,b`: the elements of a pass manager's printed pipeline."""
    return text[text.index("(") + 1:text.rindex(")")]


def _pretty_pipeline(text: str) -> tuple[str, int]:
    """MLIR's pretty form of a flat pipeline (an element per line, two spaces per anchor
    level; options stay on their element's line) and its count of top-level passes."""
    out: list[str] = []
    depth = braces = 0
    top_level = 0
    for char in text:
        if braces or char == "{":
            braces += {"{": 1, "}": -1}.get(char, 0)
            out.append(char)
        elif char == "(":
            depth += 1
            out.append("(\n" + "  " * depth)
        elif char == ")":
            depth -= 1
            out.append("\n" + "  " * depth + ")")
        elif char == ",":
            top_level += depth == 1
            out.append(",\n" + "  " * depth)
        else:
            out.append(char)
    lines = "".join(out).split("\n")
    empty = _inside_anchor(text).strip() == ""
    return "\n".join(line.rstrip() for line in lines), 0 if empty else top_level + 1


@lru_cache(maxsize=64)
def _parsed(pipeline: str, registry: tuple) -> Pipeline:
    """`pipeline` read once per text and pass registry (`registry`, its items:
    a pass registered anew is read anew): its passes are frozen dataclasses, so
    one parse serves every module an embedding process runs it on."""
    anchored = re.match(_ANCHORED, pipeline) is not None
    return Pipeline.parse(pipeline, anchored=anchored)


def add_passes(pm: passmanager.PassManager, pipeline: str,
               diagnostics: DiagnosticEngine) -> None:
    """Add the passes of `pipeline` (`a,b{k=v}` or `builtin.module(...)`) to a
    caller's own pass manager; nzpass passes report into `diagnostics`."""
    registry = (tuple(passes.PASSES.items()), tuple(passes.PIPELINES.items()))
    _parsed(pipeline, registry).populate(pm, diagnostics)


class PipelineResult(Fields):
    _fields = ("success", "diagnostics")
    __slots__ = _fields

    def __init__(self, success: bool, diagnostics: list[Diagnostic]):
        self.success = success
        self.diagnostics = diagnostics

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity is Severity.ERROR]


def run_pipeline(module: ir.Module | ir.Operation, pipeline: str, *,
                 verify_each: bool = False) -> PipelineResult:
    """Run `pipeline` on `module` in place and collect every diagnostic.

    An unknown pass or bad option is reported as a diagnostic, not raised.
    A pass that fails without a diagnostic still makes the result a failure.
    The IR is verified once, after the last pass (`verify_each=True`: after
    every pass, as mlir-opt's --verify-each). The module's own context is used:
    parse every kernel in one `nzpass.new_context()` and the run costs no
    context set-up.
    """
    op = module.operation
    engine = DiagnosticEngine()
    with collector.paused(), op.context, engine.capturing(op.context):
        try:
            pm = passmanager.PassManager()
            add_passes(pm, pipeline, engine)
        except PipelineError as err:
            engine.emit(err.diagnostic())
            return PipelineResult(False, engine.take())
        pm.enable_verifier(verify_each)
        try:
            pm.run(op)
        except MLIRError:
            return PipelineResult(False, engine.take())
        finally:
            clear_type_caches()  # also when an upstream pass stopped the pipeline early
        if not verify_each and not verify(op):
            return PipelineResult(False, engine.take())
    return PipelineResult(engine.error_count == 0, engine.take())


def verify(op: ir.Operation) -> bool:
    """Verify `op` once; the verifier's errors go to the diagnostic handler of
    its context (as the pass manager's would)."""
    try:
        op.verify()
    except MLIRError:
        return False
    return True
