"""What an nzpass pass is: a frozen class that declares itself.

A pass class carries its `name` and one-line `summary` as class variables, its
description as the docstring, and its options as annotated fields set to
`option(default, help)`, the way xDSL declares passes (there as dataclass
fields). `name{key=value}` in a pipeline maps onto those fields.

Not a dataclass: importing `dataclasses` (and the `inspect` it imports) and
building the passes' classes with it cost 10 to 17 ms of a one-kernel nzpass-opt
run of about 100. A pass compares, hashes and prints as a frozen dataclass does,
and refuses assignment as one.
"""

from __future__ import annotations

import functools
import typing
from collections.abc import Callable, Iterable
from typing import Any, ClassVar, NamedTuple

from ..errors import Refusal
from ..ir.bindings import ir
from ..records import record
from .diagnostics import DiagnosticEngine, resolve_location


class PassOptionError(ValueError):
    """A pass option that does not exist or does not parse as its type."""

    def __init__(self, option: str, message: str):
        super().__init__(message)
        self.option = option  # the key as written, so errors can point at it


# The types `name{key=value}` can spell; `OptionSpec.parse` converts to each.
OPTION_TYPES = (bool, int, str)


@record
class OptionSpec(NamedTuple):
    name: str
    type: type
    default: Any
    help: str
    choices: tuple[str, ...] = ()
    bounds: tuple[int, int] | None = None  # inclusive range of an integer option

    def parse(self, pass_name: str, text: str) -> Any:
        if self.choices and text not in self.choices:
            raise self._invalid(pass_name, f"must be one of {', '.join(self.choices)}", text)
        if self.type is bool:
            return self._parse_bool(pass_name, text)
        if self.type is int:
            return self._parse_int(pass_name, text)
        return text

    def _parse_bool(self, pass_name: str, text: str) -> bool:
        # The spellings LLVM's command-line parser accepts; a bare `name` is true.
        if text in ("", "true", "True", "TRUE", "1"):
            return True
        if text in ("false", "False", "FALSE", "0"):
            return False
        raise self._invalid(pass_name, "expects true or false", text)

    def _parse_int(self, pass_name: str, text: str) -> int:
        # Python's int() also takes `1_000` and surrounding blanks; MLIR does not.
        if "_" not in text and text == text.strip():
            try:
                value = int(text, 0)
            except ValueError:
                pass
            else:
                return self._in_bounds(pass_name, value, text)
        raise self._invalid(pass_name, "expects an integer", text)

    def _in_bounds(self, pass_name: str, value: int, text: str) -> int:
        if self.bounds is None or self.bounds[0] <= value <= self.bounds[1]:
            return value
        low, high = self.bounds
        raise self._invalid(pass_name, f"must be between {low} and {high}", text)

    def _invalid(self, pass_name: str, expectation: str, text: str) -> PassOptionError:
        return PassOptionError(
            self.name, f"option '{self.name}' of pass '{pass_name}' {expectation}; got '{text}'")

    def describe(self) -> str:
        kind = "|".join(self.choices) if self.choices else self.type.__name__
        return f"{self.name}=<{kind}> (default {option_text(self.default)}): {self.help}"


def option_text(value: Any) -> str:
    """`value` as written in a pipeline: `true`, `3`, or a string, quoted when
    it is empty or would end the option early."""
    if isinstance(value, bool):
        return str(value).lower()
    text = str(value)
    if isinstance(value, str) and (not text or any(c.isspace() or c in "{}=," for c in text)):
        return f'"{text}"'
    return text


class FrozenPassError(AttributeError):
    """An assignment to a pass: a pass is its options, fixed when it is made."""


class _Option:
    """What `option` returns: a declared option's default, help and limits; named by
    the field it is assigned to."""

    __slots__ = ("bounds", "choices", "default", "field", "help")

    def __init__(self, default: Any, help: str, choices: tuple[str, ...],
                 bounds: tuple[int, int] | None):
        self.default, self.help, self.choices, self.bounds = default, help, choices, bounds
        self.field = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.field = name


class ModulePass:
    """Base of every nzpass pass: a frozen class whose fields are its options."""

    name: ClassVar[str]
    summary: ClassVar[str]
    # The options the class and its bases declare, in the order they are written.
    _options: ClassVar[tuple[_Option, ...]] = ()

    def __init_subclass__(cls, **kwargs: Any):
        super().__init_subclass__(**kwargs)
        own = [value for value in vars(cls).values() if isinstance(value, _Option)]
        annotated = vars(cls).get("__annotations__", {})
        unannotated = [o.field for o in own if o.field not in annotated]
        if unannotated:
            raise TypeError(f"pass class {cls.__name__} declares options without a type: "
                            f"{', '.join(unannotated)} (write `{unannotated[0]}: bool = "
                            "option(...)`)")
        redeclared = {o.field for o in own}
        cls._options = (*(o for o in cls._options if o.field not in redeclared), *own)
        for declared in own:
            setattr(cls, declared.field, declared.default)  # the class reads as its default

    def __init__(self, **options: Any):
        for declared in self._options:
            object.__setattr__(self, declared.field,
                               options.pop(declared.field, declared.default))
        if options:
            raise TypeError(f"{type(self).__name__}() got an unexpected keyword argument "
                            f"'{next(iter(options))}'")

    def __setattr__(self, field: str, value: Any) -> None:
        raise FrozenPassError(f"cannot assign to field '{field}' of a pass")

    def __delattr__(self, field: str) -> None:
        raise FrozenPassError(f"cannot delete field '{field}' of a pass")

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, o.field) for o in self._options)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ModulePass):
            return NotImplemented
        return type(other) is type(self) and other._values() == self._values()

    def __hash__(self) -> int:
        return hash((type(self), self._values()))

    def __repr__(self) -> str:
        shown = ", ".join(f"{o.field}={getattr(self, o.field)!r}" for o in self._options)
        return f"{type(self).__name__}({shown})"

    def apply(self, module: ir.Operation, diagnostics: DiagnosticEngine) -> None:
        """Rewrite `module` in place; report every refusal to `diagnostics`."""
        raise NotImplementedError

    @classmethod
    def description(cls) -> str:
        """The class docstring, its indentation removed; the summary for a pass
        without one."""
        doc = cls.__dict__.get("__doc__") or ""
        if not doc:
            return cls.summary
        import inspect  # only where passes are listed or documented: 7 ms to import
        return inspect.cleandoc(doc)

    @classmethod
    def option_specs(cls) -> list[OptionSpec]:
        return list(_option_specs(cls))

    @classmethod
    def from_options(cls, options: dict[str, str]) -> ModulePass:
        specs = {spec.name: spec for spec in cls.option_specs()}
        values = {}
        for key, text in options.items():
            spec = specs.get(key)
            if spec is None:
                known = ", ".join(specs) or "none"
                raise PassOptionError(
                    key, f"pass '{cls.name}' has no option '{key}' (its options: {known})")
            values[key.replace("-", "_")] = spec.parse(cls.name, text)
        return cls(**values)

    def pipeline_text(self, every_option: bool = False) -> str:
        """This pass with its non-default options (or all of them), in pipeline syntax."""
        shown = [
            f"{spec.name}={option_text(getattr(self, spec.name.replace('-', '_')))}"
            for spec in self.option_specs()
            if every_option or getattr(self, spec.name.replace("-", "_")) != spec.default
        ]
        return self.name + ("{" + " ".join(shown) + "}" if shown else "")


@functools.cache
def _option_specs(cls: type[ModulePass]) -> tuple[OptionSpec, ...]:
    """The options `cls` declares, read once per class: the type hints are
    evaluated from strings, which costs more than a small pass run."""
    hints = typing.get_type_hints(cls)
    specs = tuple(
        OptionSpec(o.field.replace("_", "-"), hints[o.field], o.default, o.help,
                   tuple(o.choices), o.bounds)
        for o in cls._options
    )
    unsupported = [spec.name for spec in specs if spec.type not in OPTION_TYPES]
    if unsupported:
        raise TypeError(f"pass '{cls.name}' declares options of a type a pipeline "
                        f"cannot spell: {', '.join(unsupported)}")
    return specs


def option(default: Any, help: str, choices: tuple[str, ...] = (),
           bounds: tuple[int, int] | None = None) -> Any:
    """A pass option: a field of the pass with its default and help text (and, for
    an integer, the inclusive range it must lie in)."""
    return _Option(default, help, choices, bounds)


def in_source_order(refusals: Iterable[Refusal]) -> list[Refusal]:
    """Refusals sorted by file position (stable: one position keeps its order), each
    once: a malformed fact read by two checks (the offset analysis and the check of
    calls) is one mistake at one place."""
    def position(refusal: Refusal) -> tuple[str, int, int]:
        loc = resolve_location(refusal.location)
        return (loc.file or "", loc.line, loc.col)

    ordered, seen = [], set()
    for refusal in sorted(refusals, key=position):
        key = (position(refusal), refusal.message)
        if key not in seen:
            seen.add(key)
            ordered.append(refusal)
    return ordered


def report_or_rewrite(refusals: list[Refusal], diagnostics: DiagnosticEngine,
                      rewrites: Iterable[Callable[[], object]],
                      warnings: Iterable[Refusal] = ()) -> None:
    """The last step of a plan-then-rewrite pass: report every refusal and
    change nothing, or, when there is none, run every planned rewrite. A
    refusal anywhere thus never leaves a half-rewritten module behind.
    Warnings are reported either way and block nothing. Both come in source
    order, whatever order the planning found them in."""
    for warning in in_source_order(warnings):
        diagnostics.warning(warning.location, warning.message, warning.notes)
    for refusal in in_source_order(refusals):
        diagnostics.error(refusal.location, refusal.message, refusal.notes)
    if refusals:
        return
    for rewrite in rewrites:
        rewrite()
