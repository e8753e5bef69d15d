"""The package's layers, as CONTRIBUTING.md draws them: imports point down only.

No pass imports another pass (what two passes share lives in nz/), and the driver (the
framework) imports no domain module (nz/, passes/, model/)."""

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "python" / "nzpass"


def _imported_modules(path: Path) -> set[str]:
    """The nzpass modules a file imports, as dotted names relative to the package."""
    tree = ast.parse(path.read_text(), str(path))
    here = path.relative_to(PACKAGE).with_suffix("").parts
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level:
            base = list(here[:len(here) - node.level])
            target = ".".join([*base, *(node.module or "").split(".")]).strip(".")
            found.add(target)
            found.update(f"{target}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("nzpass."):
            found.add(node.module.removeprefix("nzpass."))
    return found


def _files(folder: str) -> list[Path]:
    return sorted((PACKAGE / folder).glob("*.py"))


@pytest.mark.parametrize("path", _files("passes"), ids=lambda p: p.name)
def test_no_pass_imports_another_pass(path):
    if path.name == "__init__.py":
        return
    own = f"passes.{path.stem}"
    others = {f"passes.{p.stem}" for p in _files("passes")} - {own, "passes.__init__"}
    assert not _imported_modules(path) & others


@pytest.mark.parametrize("path", _files("driver"), ids=lambda p: p.name)
def test_the_driver_imports_no_domain_module(path):
    domain = ("nz", "passes", "model", "explain")
    imported = _imported_modules(path)
    assert not {m for m in imported if m.split(".")[0] in domain}


def test_the_checks_see_the_imports():
    """The reader finds a relative import of a sibling pass (so the tests above can fail)."""
    imported = _imported_modules(PACKAGE / "passes" / "pto_block_nz_views.py")
    assert "nz.hazards" in imported and "dialects.pl" in imported
