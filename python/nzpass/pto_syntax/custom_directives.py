"""The `custom<Name>(...)` directives of PTOAS's formats. Each reads (or
leaves out) the attributes or operands it names; all of PTOAS's are optional
keyword-or-attribute items, so one rule serves: an argument is read when
the next token can start it."""

from __future__ import annotations

from .declarative import read_attribute_value, variable_can_start
from .opform import OpReading
from .tokenizer import BARE

# Directives spelled `keyword` -> the attribute value it stands for.
_KEYWORD_VALUES = {
    "Signedness": ("signedness", "angle"),
    "OptionalSignedness": ("signedness", "angle"),
}


def custom_directive_present(reading: OpReading, name: str, args: list) -> bool:
    token = reading.cursor.peek()
    return any(variable_can_start(reading, arg[1:], token) for arg in args
               if isinstance(arg, str) and arg[:1] in "$^")


def read_custom_directive(reading: OpReading, name: str, args: list) -> None:
    cursor = reading.cursor
    for arg in args:
        if not (isinstance(arg, str) and arg[:1] in "$^"):
            continue
        var = arg[1:]
        kind = reading.spec.kind_of(var)
        token = cursor.peek()
        if kind == "attr":
            spec = reading.spec.attr(var)
            if name in _KEYWORD_VALUES and token is not None and token.kind == BARE:
                mnemonic, _ = _KEYWORD_VALUES[name]
                cursor.pos += 1
                reading.attrs[var] = f"#pto.{mnemonic}<{token.text}>"
            elif spec is not None and token is not None and variable_can_start(
                    reading, var, token):
                reading.attrs[var] = read_attribute_value(cursor, spec)
        elif kind == "operand" and variable_can_start(reading, var, token):
            reading.add_values(var, [cursor.value_use()])
