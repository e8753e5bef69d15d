"""Measure nzpass's reader of PTOAS's custom syntax on a corpus of .pto files.

    python bench/pto_corpus.py DIR [--depth N] [--timeout S] [--list] [--only SUBSTR]
                               [--files LIST]

For every .pto file under DIR (split at `// -----` as --split-input-file does
when its RUN lines split so, or into the files of `//--- NAME` sections when a
RUN line runs split-file):
  read        custom -> generic, and MLIR parses it (or: refused with a located
              diagnostic, which counts as a refusal, not a crash)
  round-trip  generic -> custom -> generic gives the same module, and printing
              custom again gives the same text
  verify      `verify-pto-nz` passes, or refuses with a located diagnostic
A Python exception or a timeout is a crash. A negative test (a RUN line with
`not`, or an expected-error) that the reader refuses with a located diagnostic
is counted apart (`neg`): PTOAS refuses it too. Reports counts by folder (the first
N path components under DIR), the first errors by frequency, the time per
file, and with --list every file not read with its reason. The corpus is read
in place, never copied.
"""

from __future__ import annotations

import argparse
import re
import signal
import sys
import time
import traceback
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from mlir import ir

import nzpass
from nzpass import pto_syntax
from nzpass.driver.diagnostics import DiagnosticEngine
from nzpass.driver.source import Chunk, parse_chunk, split_input

_MARKER = "// -----"
# A RUN line that splits the file (a comment may name the option, and a
# comment ruler may look like the marker).
_SPLIT = re.compile(r"RUN:[^\n]*split-input-file")
# A RUN line that cuts the file into files with LLVM's split-file, at lines
# `//--- NAME`.
_SPLIT_FILE = re.compile(r"RUN:[^\n]*\bsplit-file\b")
_FILE_MARKER = re.compile(r"^//--- [^\n]*\n?", re.MULTILINE)
_NEGATIVE = re.compile(r"RUN:[^\n]*(?:^|[\s|(])not\s|expected-error")


class _Timeout(Exception):
    pass


@dataclass
class Outcome:
    path: str
    read: str = "ok"          # ok | refused | crash
    round_trip: str = "-"     # ok | differs | crash | -
    verify: str = "-"         # ok | refused | unlocated | crash | -
    reason: str = ""
    seconds: float = 0.0
    notes: list[str] = field(default_factory=list)
    # The file is a negative test (a RUN line with `not`, or expected-error):
    # PTOAS refuses it too.
    negative: bool = False
    located: bool = False  # the reader's refusal is at a file position

    @property
    def good(self) -> bool:
        return self.read == "ok" and self.round_trip == "ok" and self.verify in ("ok", "refused")

    @property
    def refused_negative(self) -> bool:
        """A negative test the reader refuses with a located diagnostic."""
        return self.negative and self.read == "refused" and self.located


def _first_error(diagnostics) -> str:
    for diag in diagnostics:
        if diag.severity.value == "error":
            loc = diag.loc
            located = loc.file is not None and loc.line > 0
            return ("" if located else "UNLOCATED ") + diag.message
    return "failed without a diagnostic"


def _located(diagnostics) -> bool:
    errors = [d for d in diagnostics if d.severity.value == "error"]
    return bool(errors) and all(d.loc.file is not None and d.loc.line > 0 for d in errors)


def _parse(text: str, name: str, first_line: int, ctx: ir.Context):
    engine = DiagnosticEngine()
    with engine.capturing(ctx):
        module = parse_chunk(Chunk(text, first_line), name, ctx, engine)
    return module, engine.take()


def _print_generic(module) -> str:
    return module.operation.get_asm(assume_verified=True)


def check_chunk(text: str, name: str, first_line: int, outcome: Outcome) -> None:
    ctx = nzpass.new_context()
    module, diagnostics = _parse(text, name, first_line, ctx)
    if module is None:
        outcome.read = "refused"
        outcome.located = _located(diagnostics)
        outcome.reason = outcome.reason or _first_error(diagnostics)
        return
    generic = _print_generic(module)
    custom = pto_syntax.to_custom(generic)
    again, diagnostics2 = _parse(custom, name + "(custom)", 1, nzpass.new_context())
    if again is None:
        outcome.round_trip = "differs"
        outcome.reason = outcome.reason or "custom print does not read back: " + _first_error(
            diagnostics2)
    elif _print_generic(again) != generic or pto_syntax.to_custom(_print_generic(again)) \
            != custom:
        outcome.round_trip = "differs"
        outcome.reason = outcome.reason or "round trip changes the module"
    elif outcome.round_trip == "-":
        outcome.round_trip = "ok"
    result = nzpass.run_pipeline(module, "builtin.module(verify-pto-nz)")
    if result.success:
        verdict = "ok"
    elif _located(result.diagnostics):
        verdict = "refused"
    else:
        verdict = "unlocated"
        outcome.reason = outcome.reason or "verify: " + _first_error(result.diagnostics)
    rank = ["ok", "refused", "unlocated", "crash"]
    if outcome.verify == "-" or rank.index(verdict) > rank.index(outcome.verify):
        outcome.verify = verdict
    if verdict == "refused":
        outcome.notes.append(_first_error(result.diagnostics))


def check_file(path: Path, root: Path, timeout: float) -> Outcome:
    outcome = Outcome(str(path.relative_to(root)))
    start = time.perf_counter()
    text = path.read_text(encoding="utf-8", errors="replace")
    outcome.negative = bool(_NEGATIVE.search(text))
    # Split only where the file's RUN lines do (a comment ruler `// -----...`
    # is not a marker then).
    if _SPLIT_FILE.search(text) and _FILE_MARKER.search(text):
        chunks = split_files(text)
    else:
        chunks, _ = split_input(text, str(path), _MARKER in text and bool(_SPLIT.search(text)))
    signal.signal(signal.SIGALRM, _on_alarm)
    signal.setitimer(signal.ITIMER_REAL, timeout)
    try:
        for chunk in chunks:
            check_chunk(chunk.text, str(path), chunk.first_line, outcome)
            if outcome.read != "ok":
                break
    except _Timeout:
        outcome.read, outcome.reason = "crash", f"timeout after {timeout:g} s"
    except Exception as err:  # a crash is what this bench exists to find
        outcome.read = "crash"
        outcome.reason = f"{type(err).__name__}: {err} " + "".join(
            traceback.format_tb(err.__traceback__)[-1:]).strip().replace("\n", " ")
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    outcome.seconds = time.perf_counter() - start
    return outcome


def split_files(text: str) -> list[Chunk]:
    """The files split-file makes of `text`: each `//--- NAME` section (what
    precedes the first marker goes in none), at its line in `text`."""
    markers = list(_FILE_MARKER.finditer(text))
    chunks = []
    for number, marker in enumerate(markers):
        end = markers[number + 1].start() if number + 1 < len(markers) else len(text)
        first_line = text.count("\n", 0, marker.end()) + 1
        chunks.append(Chunk(text[marker.end():end], first_line))
    return chunks


def _on_alarm(signum, frame):
    raise _Timeout


def _folder(relative: str, depth: int) -> str:
    parts = Path(relative).parts[:-1]
    return "/".join(parts[:depth]) or "."


def _progress(done: int, total: int, started: float) -> None:
    width = 40
    filled = width * done // max(total, 1)
    elapsed = time.perf_counter() - started
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} "
                     f"{elapsed:6.1f}s")
    sys.stderr.flush()


def _reason_key(reason: str) -> str:
    key = re.sub(r"%[\w#]+", "%v", reason)
    key = re.sub(r"'[^']*'", lambda m: m.group() if "pto." in m.group() else "'..'", key)
    return re.sub(r"\d+", "N", key)[:150]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("dir", type=Path)
    parser.add_argument("--depth", type=int, default=3, help="folder depth of the report")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per file")
    parser.add_argument("--list", action="store_true", help="list every file not read")
    parser.add_argument("--only", default="", help="only paths containing this text")
    parser.add_argument("--files", type=Path, default=None,
                        help="only the paths (relative to DIR) this file lists, one a line")
    args = parser.parse_args(argv)
    root = args.dir.resolve()
    files = sorted(p for p in root.rglob("*.pto") if args.only in str(p.relative_to(root)))
    if args.files is not None:
        wanted = set(args.files.read_text(encoding="utf-8").split())
        files = [p for p in files if str(p.relative_to(root)) in wanted]
    outcomes: list[Outcome] = []
    started = time.perf_counter()
    for number, path in enumerate(files, 1):
        outcomes.append(check_file(path, root, args.timeout))
        if number % 10 == 0 or number == len(files):
            _progress(number, len(files), started)
    sys.stderr.write("\n")
    report(outcomes, args.depth, args.list)
    return 0


def report(outcomes: list[Outcome], depth: int, listing: bool) -> None:
    folders: dict[str, list[Outcome]] = defaultdict(list)
    for outcome in outcomes:
        folders[_folder(outcome.path, depth)].append(outcome)
    header = (f"{'folder':42} {'files':>6} {'read':>6} {'refused':>7} {'rt ok':>6} "
              f"{'verify':>7} {'good':>6} {'good%':>6} {'neg':>5} {'+neg%':>6} "
              f"{'ms/file':>8} {'crash':>5}")
    print(header)
    print("-" * len(header))
    for folder in sorted(folders):
        _row(folder, folders[folder])
    _row("TOTAL", outcomes)
    print("\nfirst errors of files not fully good, by frequency:")
    reasons = Counter(_reason_key(o.reason) for o in outcomes if not o.good)
    for reason, count in reasons.most_common(40):
        print(f"  {count:5}  {reason}")
    crashes = [o for o in outcomes if o.read == "crash" or "crash" in (o.round_trip, o.verify)]
    print(f"\ncrashes/timeouts: {len(crashes)}")
    for outcome in crashes:
        print(f"  {outcome.path}: {outcome.reason}")
    if listing:
        print("\nfiles not fully good (neg: a negative test refused at a located position):")
        for outcome in outcomes:
            if not outcome.good:
                mark = " neg" if outcome.refused_negative else ""
                print(f"  {outcome.path}: read={outcome.read} rt={outcome.round_trip} "
                      f"verify={outcome.verify}{mark}: {outcome.reason}")


def _row(name: str, items: list[Outcome]) -> None:
    total = len(items)
    read = sum(o.read == "ok" for o in items)
    refused = sum(o.read == "refused" for o in items)
    round_trip = sum(o.round_trip == "ok" for o in items)
    verify = sum(o.verify in ("ok", "refused") for o in items)
    good = sum(o.good for o in items)
    negative = sum(o.refused_negative for o in items)
    crash = sum(o.read == "crash" for o in items)
    ms = 1000 * sum(o.seconds for o in items) / max(total, 1)
    print(f"{name:42} {total:6} {read:6} {refused:7} {round_trip:6} {verify:7} {good:6} "
          f"{100 * good / max(total, 1):6.1f} {negative:5} "
          f"{100 * (good + negative) / max(total, 1):6.1f} {ms:8.1f} {crash:5}")


if __name__ == "__main__":
    sys.exit(main())
