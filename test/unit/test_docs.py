"""The reference under docs/ stays true to the code and the tests.

- every ```mlir block of docs/ir.md parses in nzpass's context;
- every `expected-error` of the lit tests has an entry in the diagnostics
  catalogue (docs/diagnostics.md);
- no comment or docstring under python/ cites a document absent from the repo.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from nzpass.ir.bindings import MLIRError, ir

REPO = Path(__file__).resolve().parents[2]
DOCS = REPO / "docs"
LIT = REPO / "test" / "lit"
CATALOGUE = DOCS / "diagnostics.md"

# ---------------------------------------------------------------- docs/ir.md examples


def mlir_blocks(path: Path) -> list[tuple[int, str]]:
    """(first line, text) of every ```mlir fenced block of `path`."""
    blocks, current, start = [], None, 0
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        fence = line.strip()
        if current is None and fence == "```mlir":
            current, start = [], number + 1
        elif current is not None and fence == "```":
            blocks.append((start, "\n".join(current) + "\n"))
            current = None
        elif current is not None:
            current.append(line)
    assert current is None, f"{path.name}: unterminated ```mlir block from line {start}"
    return blocks


IR_EXAMPLES = mlir_blocks(DOCS / "ir.md")


def test_ir_reference_has_examples():
    assert len(IR_EXAMPLES) >= 10


@pytest.mark.parametrize(("line", "text"), IR_EXAMPLES, ids=[f"line{n}" for n, _ in IR_EXAMPLES])
def test_ir_example_parses(ctx, line, text):
    try:
        module = ir.Module.parse(text)
    except MLIRError as err:
        first = err.error_diagnostics[0] if err.error_diagnostics else None
        detail = f"{first.location}: {first.message}" if first else str(err)
        pytest.fail(f"docs/ir.md:{line}: the ```mlir block does not parse: {detail}")
    assert module.operation.verify()


# ---------------------------------------------------------------- the diagnostics catalogue

# A catalogue row starts with its key in backticks: | `key` | ... |
_ROW = re.compile(r"^\| `([^`]+)` \|", re.MULTILINE)
WILDCARD = "…"  # stands for any varying part of a message inside a key


def catalogue_keys() -> list[str]:
    return _ROW.findall(CATALOGUE.read_text(encoding="utf-8"))


def key_pattern(key: str) -> re.Pattern[str]:
    return re.compile(".+?".join(re.escape(part) for part in key.split(WILDCARD)))


# `// expected-error @+1 {{message}}`, `expected-error-re {{text {{regex}} text}}`.
_EXPECTED = re.compile(r"expected-error(-re)?(?:\s*@\S+)?\s*\{\{(.*)\}\}")


def literal_fragments(message: str, is_regex: bool) -> list[str]:
    """The plain-text parts of an expectation (a -re one also holds {{regex}} parts)."""
    if not is_regex:
        return [message]
    return [part for part in re.split(r"\{\{.*?\}\}", message) if part.strip()]


# A RUN line's pipeline that is test-emit-diagnostics alone (with or without options).
_ONLY_TEST_DIAGNOSTICS = re.compile(r"-p\s+'?test-emit-diagnostics(\{[^}]*\})?'?(\s|$)")


def verifier_fixtures() -> set[Path]:
    """Files that test --verify-diagnostics itself: every pipeline they run is
    test-emit-diagnostics alone, so their messages are chosen by the test, not
    by nzpass. Inputs/ files count when such a test runs them through %inputs."""
    fixtures = set()
    for path in LIT.rglob("*"):
        if path.suffix not in (".mlir", ".pto"):
            continue
        pipelines = re.findall(r"-p\s+\S+", _read(path))
        if not pipelines or not all(_ONLY_TEST_DIAGNOSTICS.match(p + " ") for p in pipelines):
            continue
        fixtures.add(path)
        for name in re.findall(r"%inputs/(\S+)", _read(path)):
            fixtures.add(LIT / "Inputs" / name)
    return fixtures


def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8", errors="replace")


def expected_errors() -> list[tuple[str, list[str]]]:
    """(file:line, literal fragments) of every expected-error in the lit tests."""
    skipped = verifier_fixtures()
    found = []
    for path in sorted(LIT.rglob("*")):
        if path.suffix not in (".mlir", ".pto") or path in skipped:
            continue
        for number, line in enumerate(_read(path).splitlines(), 1):
            match = _EXPECTED.search(line)
            if match:
                where = f"{path.relative_to(REPO)}:{number}"
                found.append((where, literal_fragments(match.group(2), bool(match.group(1)))))
    return found


def test_catalogue_keys_are_unique_and_non_trivial():
    keys = catalogue_keys()
    assert len(keys) >= 50
    duplicates = sorted({key for key in keys if keys.count(key) > 1})
    assert not duplicates, f"docs/diagnostics.md lists these keys twice: {duplicates}"
    short = [key for key in keys if len(key.replace(WILDCARD, "")) < 8]
    assert not short, f"docs/diagnostics.md keys too short to tell messages apart: {short}"


def test_every_expected_error_has_a_catalogue_entry():
    patterns = [key_pattern(key) for key in catalogue_keys()]
    expectations = expected_errors()
    assert len(expectations) >= 100
    missing = [f"  {where}: {' ... '.join(fragments)}" for where, fragments in expectations
               if not any(p.search(fragment) for p in patterns for fragment in fragments)]
    assert not missing, (
        "these expected-error messages have no entry in docs/diagnostics.md; add a row "
        "| `stable part of the message` | meaning | fix | to the table of the pass or "
        f"layer that emits it (`{WILDCARD}` stands for a varying part):\n" + "\n".join(missing))


# ---------------------------------------------------------------- citations in python/

# A path ending in .md inside a comment or docstring: `docs/ir.md`, `nz-semantics.md`.
_CITED_MD = re.compile(r"[A-Za-z0-9_./-]+\.md\b")


def test_python_cites_only_documents_in_the_repo():
    absent = []
    for path in sorted((REPO / "python").rglob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for cited in _CITED_MD.findall(line):
                if not (REPO / cited).is_file():
                    absent.append(f"  {path.relative_to(REPO)}:{number}: {cited}")
    assert not absent, ("these citations name no file of the repository (cite it by its path "
                        "from the repository root, e.g. docs/nz-semantics.md):\n"
                        + "\n".join(absent))


def test_python_cites_no_spec_by_bare_name():
    """The shared specs were cited as `ir-contract section 2`, `nz-semantics §1`,
    `hardware-model (c)`: their reference now lives under docs/."""
    bare = re.compile(r"(?<![/\w-])(ir-contract|nz-semantics|hardware-model)(?!\.md)\b")
    found = [f"  {path.relative_to(REPO)}:{number}: {line.strip()}"
             for path in sorted((REPO / "python").rglob("*.py"))
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if bare.search(line)]
    assert not found, "cite docs/<file>.md instead:\n" + "\n".join(found)
