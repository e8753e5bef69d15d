"""mlir-opt's `--verify-diagnostics`: check the diagnostics of a source buffer
against the `// expected-<kind>[-re][@where] {{message}}` comments in it.

`@+N`/`@-N` are relative lines, `@above`/`@below` the nearest line above/below
that is not itself only an expected-* comment, `@unknown` an unknown location;
without `@` the diagnostic is expected on the comment's own line. A plain
message matches as a substring; in `-re` messages `{{...}}` parts are regexes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .diagnostics import Diagnostic, Severity, SourceLoc

# The comment convention itself, not MLIR syntax: this is what mlir-opt matches too.
_DESIGNATOR = re.compile(
    r"expected-(error|warning|note|remark)(-re)? *(@([+-][0-9]+|above|below|unknown))? *"
    r"\{\{(.*)\}\}\s*$")
_REGEX_PART = re.compile(r"\{\{(.*?)\}\}")


@dataclass
class Expectation:
    severity: Severity
    loc: SourceLoc          # where the expected-* comment is
    line: int | None        # the line the diagnostic must be on; None: unknown location
    message: str
    pattern: re.Pattern[str] | None
    matched: bool = False

    def accepts(self, diag: Diagnostic) -> bool:
        if diag.severity is not self.severity or self.matched:
            return False
        if self.line is None:
            if diag.loc.file is not None:
                return False
        elif diag.loc.file != self.loc.file or diag.loc.line != self.line:
            return False
        if self.pattern is not None:
            return self.pattern.search(diag.message) is not None
        return self.message in diag.message


def _compile_re(text: str) -> re.Pattern[str]:
    parts, last = [], 0
    for match in _REGEX_PART.finditer(text):
        parts.append(re.escape(text[last:match.start()]))
        parts.append("(?:" + match.group(1) + ")")
        last = match.end()
    parts.append(re.escape(text[last:]))
    return re.compile("".join(parts))


def _is_designator_line(line: str) -> bool:
    stripped = line.strip()
    return stripped.startswith("//") and _DESIGNATOR.search(stripped) is not None


def parse_expectations(
    file: str, text: str, first_line: int = 1,
) -> tuple[list[Expectation], list[Diagnostic]]:
    """The expectations of a buffer whose first line is `first_line` of `file`,
    and errors for malformed ones (an invalid regex, a dangling @below)."""
    expectations: list[Expectation] = []
    errors: list[Diagnostic] = []
    waiting_below: list[Expectation] = []
    last_plain_line: int | None = None
    for index, line in enumerate(text.split("\n")):
        line_no = first_line + index
        designator = _is_designator_line(line)
        if not designator and line.strip():
            for pending in waiting_below:
                pending.line = line_no
            waiting_below.clear()
        match = _DESIGNATOR.search(line)
        if match is None or "//" not in line[:match.start()]:
            if line.strip():
                last_plain_line = line_no
            continue
        kind, is_re, _, where, message = match.groups()
        loc = SourceLoc(file, line_no, match.start() + 1)
        pattern = None
        if is_re:
            try:
                pattern = _compile_re(message)
            except re.error as err:
                errors.append(Diagnostic(Severity.ERROR, loc, f"invalid regex: {err}"))
                continue
        expectation = Expectation(Severity(kind), loc, line_no, message, pattern)
        if where is None:
            pass
        elif where == "unknown":
            expectation.line = None
        elif where == "above":
            expectation.line = last_plain_line if last_plain_line is not None else 0
        elif where == "below":
            waiting_below.append(expectation)
        else:
            expectation.line = line_no + int(where)
        expectations.append(expectation)
        if not designator:
            last_plain_line = line_no
    for dangling in waiting_below:
        errors.append(Diagnostic(Severity.ERROR, dangling.loc,
                                 "expected-* @below designator has no line below it"))
    return expectations, errors


def verify(expectations: list[Expectation], diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """Report each unexpected diagnostic and each expectation not produced."""
    failures: list[Diagnostic] = []
    for diag in (d for top in diagnostics for d in top.flattened()):
        if not any(e.accepts(diag) and _mark(e) for e in expectations):
            failures.append(Diagnostic(
                Severity.ERROR, diag.loc, f"unexpected {diag.severity.value}: {diag.message}"))
    for expectation in expectations:
        if not expectation.matched:
            failures.append(Diagnostic(
                Severity.ERROR, expectation.loc,
                f'expected {expectation.severity.value} "{expectation.message}" was not produced'))
    return failures


def _mark(expectation: Expectation) -> bool:
    expectation.matched = True
    return True
