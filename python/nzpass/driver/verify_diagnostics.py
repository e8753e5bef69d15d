"""mlir-opt's `--verify-diagnostics`: check the diagnostics of a source file
against the `// expected-<kind>[-re] [@where] {{message}}` comments in it.

Follows MLIR's SourceMgrDiagnosticVerifierHandler. Every line the convention
matches is a designator line. Without `@` the diagnostic is expected on the
comment's own line; `@+N`/`@-N` are relative lines; `@above`/`@below` the
nearest line above/below that is not a designator line (blank lines count);
`@unknown` a diagnostic without a file position. A plain message matches as a
substring; in `-re` messages the `{{...}}` parts are regexes. Expectations are
read from the whole file once, so with --split-input-file every chunk is
checked against the same set and what was never produced is reported at the end.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .diagnostics import Diagnostic, Severity, SourceLoc

# The comment convention itself, not MLIR syntax: mlir-opt matches this regex.
_DESIGNATOR = re.compile(
    r"expected-(error|note|remark|warning)(-re)? *(@([+-][0-9]+|above|below|unknown))? *"
    r"\{\{(.*)\}\}$")
_REGEX_OPEN, _REGEX_CLOSE = "{{", "}}"


@dataclass
class Expectation:
    severity: Severity
    loc: SourceLoc          # where the `expected-` text is; unknown for @unknown
    line: int | None        # the line the diagnostic must be on; None: unknown location
    message: str
    pattern: re.Pattern[str] | None = None
    matched: bool = False

    def matches(self, message: str) -> bool:
        if self.pattern is not None:
            return self.pattern.search(message) is not None
        return self.message in message


class MalformedExpectation(ValueError):
    pass


def _compile_re(text: str) -> re.Pattern[str]:
    """A `-re` message as a regex: text outside `{{...}}` matches literally."""
    parts: list[str] = []
    rest = text
    while (open_at := rest.find(_REGEX_OPEN)) >= 0:
        parts.append(re.escape(rest[:open_at]))
        rest = rest[open_at + len(_REGEX_OPEN):]
        close_at = rest.find(_REGEX_CLOSE)
        if close_at < 0:
            raise MalformedExpectation("found start of regex with no end '}}'")
        regex = rest[:close_at]
        try:
            re.compile(regex)
        except re.error as err:
            raise MalformedExpectation(f"invalid regex: {err}") from None
        parts.append(f"({regex})")
        rest = rest[close_at + len(_REGEX_CLOSE):]
    parts.append(re.escape(rest))
    return re.compile("".join(parts))


def parse_expectations(file: str, text: str) -> tuple[list[Expectation], list[Diagnostic]]:
    """The expectations in the text of `file`, and an error for each malformed
    one (an unterminated or invalid `-re` regex)."""
    expectations: list[Expectation] = []
    malformed: list[Diagnostic] = []
    waiting_below: list[Expectation] = []
    lines = text.split("\n")
    last_plain_line = 1  # mlir-opt's default when no plain line precedes @above
    for line_no, line in enumerate(lines, start=1):
        match = _DESIGNATOR.search(line.rstrip())
        if match is None:
            for pending in waiting_below:
                pending.line = line_no
            waiting_below.clear()
            last_plain_line = line_no
            continue
        kind, is_re, _, where, message = match.groups()
        loc = SourceLoc(file, line_no, match.start() + 1)
        expectation = Expectation(Severity(kind), loc, line_no, message)
        try:
            expectation.pattern = _compile_re(message) if is_re else None
        except MalformedExpectation as err:
            malformed.append(Diagnostic(Severity.ERROR, loc, str(err), span=len(message)))
            continue
        if where == "unknown":
            expectation.line = None
            expectation.loc = SourceLoc(None)
        elif where == "above":
            expectation.line = last_plain_line
        elif where == "below":
            expectation.line = len(lines)  # where a dangling @below ends up
            waiting_below.append(expectation)
        elif where is not None:
            expectation.line = line_no + int(where)
        expectations.append(expectation)
    return expectations, malformed


class DiagnosticVerifier:
    """Checks diagnostics as they are emitted; `finish` reports the rest."""

    def __init__(self, file: str, text: str):
        self.file = file
        self.expectations, self.malformed = parse_expectations(file, text)

    def check(self, diag: Diagnostic) -> list[Diagnostic]:
        """Errors for `diag` and its notes that no expectation accepts."""
        return [failure for d in diag.flattened()
                if (failure := self._check_one(d)) is not None]

    def _check_one(self, diag: Diagnostic) -> Diagnostic | None:
        near_miss = None
        for expectation in self._candidates(diag.loc):
            if not expectation.matches(diag.message):
                continue
            if expectation.severity is diag.severity:
                expectation.matched = True
                return None
            near_miss = expectation
        if near_miss is not None:
            return Diagnostic(Severity.ERROR, near_miss.loc,
                              f"'{diag.severity.value}' diagnostic emitted when expecting "
                              f"a '{near_miss.severity.value}'")
        return Diagnostic(Severity.ERROR, diag.loc,
                          f"unexpected {diag.severity.value}: {diag.message}")

    def _candidates(self, loc: SourceLoc) -> list[Expectation]:
        if loc.file is None:
            return [e for e in self.expectations if e.line is None]
        if loc.file != self.file:
            return []
        return [e for e in self.expectations if e.line == loc.line]

    def finish(self) -> list[Diagnostic]:
        """An error for each expectation no diagnostic matched: those with a
        file position in file order, then the @unknown ones."""
        missing = [e for e in self.expectations if not e.matched]
        missing.sort(key=lambda e: e.line is None)
        return [Diagnostic(Severity.ERROR, e.loc,
                           f'expected {e.severity.value} "{e.message}" was not produced',
                           span=len(e.message))
                for e in missing]
