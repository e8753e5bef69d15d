"""The flat pass registry: every entry is the pass it names, every pass
declares itself completely, every named pipeline parses."""

import re
from pathlib import Path

import pytest

from nzpass import passes
from nzpass.driver.pass_base import OPTION_TYPES, FrozenPassError, ModulePass
from nzpass.driver.pipeline import Pipeline
from nzpass.passes.testing import test_emit_diagnostics  # its class is no pytest test

PASS_NAMES = sorted(passes.PASSES)
# Test-only passes (passes/testing/) exercise the driver; they have no golden of their own.
USER_PASS_NAMES = [name for name in PASS_NAMES if not name.startswith("test-")]
REPO = Path(__file__).resolve().parents[2]


def registered(name: str) -> type[ModulePass]:
    cls = passes.get_pass(name)
    assert cls is not None, f"'{name}' is not in the registry"
    return cls


def readme_pass_rows() -> set[str]:
    """The pass names of the README's pass table: rows "| `name` | summary |"."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    return set(re.findall(r"^\| `([a-z0-9-]+)` \|", text, flags=re.MULTILINE))


@pytest.mark.parametrize("name", PASS_NAMES)
def test_registry_key_is_the_pass_name(name):
    cls = registered(name)
    assert cls is not None and issubclass(cls, ModulePass)
    assert cls.name == name


@pytest.mark.parametrize("name", PASS_NAMES)
def test_pass_is_frozen_and_compares_by_its_options(name):
    """What a frozen dataclass gave a pass: its options as fields with their defaults,
    no assignment, equality and hash by class and options, a repr naming them."""
    cls = registered(name)
    instance = cls()
    with pytest.raises(FrozenPassError):
        setattr(instance, "name", "renamed")  # noqa: B010 (a frozen instance refuses any field)
    fields = [spec.name.replace("-", "_") for spec in cls.option_specs()]
    with pytest.raises(FrozenPassError):
        delattr(instance, fields[0] if fields else "name")
    assert [getattr(instance, f) for f in fields] == [s.default for s in cls.option_specs()]
    assert instance == cls() and hash(instance) == hash(cls())
    shown = ", ".join(f"{f}={getattr(instance, f)!r}" for f in fields)
    assert repr(instance) == f"{cls.__name__}({shown})"
    with pytest.raises(TypeError, match="unexpected keyword argument 'no_such_option'"):
        cls(no_such_option=1)
    for spec, field in zip(cls.option_specs(), fields, strict=True):
        changed = {bool: lambda v: not v, int: lambda v: v + 1, str: lambda v: v + "x"}
        other = cls(**{field: changed[spec.type](spec.default)})
        assert other != instance and getattr(other, field) != spec.default
    others = [registered(n)() for n in PASS_NAMES if n != name]
    assert all(instance != other for other in others)  # another pass, even with no options


@pytest.mark.parametrize("name", PASS_NAMES)
def test_pass_has_summary_and_description(name):
    cls = registered(name)
    assert cls.summary.strip() and "\n" not in cls.summary
    # A written docstring, not one made up from the signature.
    assert cls.description() != cls.summary
    assert not cls.description().startswith(f"{cls.__name__}(")


@pytest.mark.parametrize("name", PASS_NAMES)
def test_option_specs_are_well_formed(name):
    cls = registered(name)
    specs = cls.option_specs()
    assert len({spec.name for spec in specs}) == len(specs)
    for spec in specs:
        assert spec.name == spec.name.lower() and "_" not in spec.name
        assert spec.type in OPTION_TYPES
        assert isinstance(spec.default, spec.type)
        assert spec.help.strip(), f"option '{spec.name}' of '{name}' has no help"
        assert not spec.choices or spec.default in spec.choices


@pytest.mark.parametrize("name", PASS_NAMES)
def test_default_pass_round_trips_through_pipeline_text(name):
    cls = registered(name)
    instance = cls()
    assert instance.pipeline_text() == name
    assert Pipeline.parse(name, anchored=False).steps == [instance]


@pytest.mark.parametrize("name", sorted(passes.PIPELINES))
def test_named_pipeline_parses(name):
    text, summary = passes.PIPELINES[name]
    assert summary.strip()
    assert name not in passes.PASSES
    pipeline = Pipeline.parse(text, anchored=False)
    pipeline.check()  # upstream names and options too
    assert Pipeline.parse(name, anchored=False).text() == pipeline.text()


def test_option_values_round_trip_through_pipeline_text():
    instance = test_emit_diagnostics.TestEmitDiagnostics(
        with_note=True, prefix="two words", repeat=3)
    text = instance.pipeline_text()
    assert text == 'test-emit-diagnostics{with-note=true prefix="two words" repeat=3}'
    assert Pipeline.parse(text, anchored=False).steps == [instance]


@pytest.mark.parametrize("name", USER_PASS_NAMES)
def test_pass_has_golden_invalid_file_and_readme_row(name):
    """Every user-facing pass is tested and listed the same way (CONTRIBUTING.md)."""
    lit = REPO / "test" / "lit"
    missing = [str(path.relative_to(REPO)) for path in (lit / f"{name}.mlir",
                                                         lit / f"{name}-invalid.mlir")
               if not path.is_file()]
    if name not in readme_pass_rows():
        missing.append(f"a row | `{name}` | ... | in the pass table of README.md")
    assert not missing, f"pass '{name}' lacks: " + "; ".join(missing)


def _run_lines(path: Path) -> list[str]:
    return [line.split("RUN:", 1)[1] for line in path.read_text(encoding="utf-8").splitlines()
            if line.startswith("// RUN:")]


def _pipeline_passes(run: str) -> list[str]:
    """The pass names a RUN line's -p / --pass-pipeline names (options and nesting dropped)."""
    found = re.findall(r"(?:-p\s+|--pass-pipeline=)'?([^'\s]+)", run)
    names = []
    for text in found:
        text = re.sub(r"\{[^}]*\}", "", text)
        names += [n for n in re.split(r"[(),]", text) if n and n not in ("builtin.module",
                                                                         "func.func")]
    return names


@pytest.mark.parametrize("name", USER_PASS_NAMES)
def test_goldens_run_their_pass_alone(name):
    """A pass's golden and -invalid files run that pass only (repeated, for idempotence, at
    most); end-to-end pipelines live in pl-to-pto.mlir."""
    lit = REPO / "test" / "lit"
    for path in (lit / f"{name}.mlir", lit / f"{name}-invalid.mlir"):
        for run in _run_lines(path):
            others = sorted(set(_pipeline_passes(run)) - {name})
            assert not others, f"{path.name} runs {others} besides {name}: {run.strip()}"


def test_a_pass_class_inherits_and_redeclares_options_in_order():
    from nzpass.driver.pass_base import option

    class Base(ModulePass):
        """A base with two options."""

        name = "test-base"
        summary = "Test only"
        depth: int = option(3, "how deep")
        strict: bool = option(False, "refuse more")

    class Derived(Base):
        """Redeclares one option and adds another."""

        name = "test-derived"
        depth: int = option(5, "how deep, deeper")
        prefix: str = option("p", "a prefix")

    assert [(s.name, s.default) for s in Derived.option_specs()] == [
        ("strict", False), ("depth", 5), ("prefix", "p")]
    assert Derived().depth == 5 and Derived.depth == 5 and Base().depth == 3
    assert Derived(strict=True) != Derived() and Base() != Derived()


def test_an_option_without_a_type_is_refused_when_the_class_is_made():
    from nzpass.driver.pass_base import option

    with pytest.raises(TypeError, match="declares options without a type: depth"):
        class Untyped(ModulePass):
            name = "test-untyped"
            summary = "Test only"
            depth = option(3, "how deep")
