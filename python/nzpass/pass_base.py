"""What an nzpass pass is: a frozen dataclass that declares itself.

A pass class carries its `name` and one-line `summary` as class variables, its
description as the docstring, and its options as dataclass fields (type,
default, and `help` in the field metadata), the way xDSL declares passes.
`name{key=value}` in a pipeline maps onto those fields.
"""

from __future__ import annotations

import dataclasses
import inspect
import typing
from dataclasses import dataclass
from typing import Any, ClassVar

from .bindings import ir
from .diagnostics import DiagnosticEngine


class PassOptionError(ValueError):
    """A pass option that does not exist or does not parse as its type."""


@dataclass(frozen=True)
class OptionSpec:
    name: str
    type: type
    default: Any
    help: str
    choices: tuple[str, ...] = ()

    def parse(self, pass_name: str, text: str) -> Any:
        if self.choices and text not in self.choices:
            raise PassOptionError(
                f"option '{self.name}' of pass '{pass_name}' must be one of "
                f"{', '.join(self.choices)}; got '{text}'")
        if self.type is bool:
            if text in ("true", "1", ""):
                return True
            if text in ("false", "0"):
                return False
            raise PassOptionError(
                f"option '{self.name}' of pass '{pass_name}' expects true or false; got '{text}'")
        if self.type is int:
            try:
                return int(text, 0)
            except ValueError:
                raise PassOptionError(
                    f"option '{self.name}' of pass '{pass_name}' expects an integer; "
                    f"got '{text}'") from None
        return text

    def describe(self) -> str:
        kind = "|".join(self.choices) if self.choices else self.type.__name__
        return f"{self.name}=<{kind}> (default {_show(self.default)}): {self.help}"


def _show(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


@dataclass(frozen=True)
class ModulePass:
    """Base of every nzpass pass; subclasses are frozen dataclasses."""

    name: ClassVar[str]
    summary: ClassVar[str]

    def apply(self, module: ir.Operation, diagnostics: DiagnosticEngine) -> None:
        """Rewrite `module` in place; report every refusal to `diagnostics`."""
        raise NotImplementedError

    @classmethod
    def description(cls) -> str:
        return inspect.cleandoc(cls.__doc__ or cls.summary)

    @classmethod
    def option_specs(cls) -> list[OptionSpec]:
        hints = typing.get_type_hints(cls)
        return [
            OptionSpec(f.name.replace("_", "-"), hints[f.name], f.default,
                       f.metadata.get("help", ""), tuple(f.metadata.get("choices", ())))
            for f in dataclasses.fields(cls)
        ]

    @classmethod
    def from_options(cls, options: dict[str, str]) -> ModulePass:
        specs = {spec.name: spec for spec in cls.option_specs()}
        values = {}
        for key, text in options.items():
            spec = specs.get(key)
            if spec is None:
                known = ", ".join(specs) or "none"
                raise PassOptionError(
                    f"pass '{cls.name}' has no option '{key}' (its options: {known})")
            values[key.replace("-", "_")] = spec.parse(cls.name, text)
        return cls(**values)

    def pipeline_text(self) -> str:
        """This pass with its non-default options, in pipeline syntax."""
        changed = [
            f"{spec.name}={_show(getattr(self, spec.name.replace('-', '_')))}"
            for spec in self.option_specs()
            if getattr(self, spec.name.replace("-", "_")) != spec.default
        ]
        return self.name + ("{" + " ".join(changed) + "}" if changed else "")


def option(default: Any, help: str, choices: tuple[str, ...] = ()) -> Any:
    """A pass option: a dataclass field with its help text."""
    return dataclasses.field(default=default, metadata={"help": help, "choices": choices})
