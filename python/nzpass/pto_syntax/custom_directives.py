"""The `custom<Name>(...)` directives of PTOAS's formats, read and printed.

Each of PTOAS's directives spells one enum attribute in a form of its own
(facts from PTOAS's documented syntax, one row a directive in `DIRECTIVES`):
  round(r)           ConvertRounding: a keyword in parentheses after `round`
  sat                ConvertSaturation, Signedness: a bare keyword
  signed             OptionalSignedness: `signed` or `unsigned`, or nothing
  l1cache(cache)     L1Cache, LdL2Cache, StL2Cache: optional; absent means the
                     default value, which PTOAS's parser then sets
  "SINGLE_CACHE_LINE"  LegacyOrAttrDcciCacheLine, LegacyOrAttrDsbMem: a string
                     of the enum's keyword, or the whole attribute
  , "CACHELINE_OUT"  OptionalDcciDst: the same after a comma, or nothing
A directive not in the table reads its arguments as the format's variables.
The attribute read is the full one (`#pto.rounding<r>`), as the generic form
holds it.
"""

from __future__ import annotations

from dataclasses import dataclass

from .declarative import read_attribute_value, variable_can_start
from .formats import AttrSpec
from .opform import OpReading
from .tokenizer import BARE, HASH, STRING, Token


@dataclass(frozen=True)
class Directive:
    """How one custom directive spells its attribute's enum keyword."""

    lead: str | None = None  # a keyword before `(word)`
    choices: tuple[str, ...] = ()  # the only words (the directive is then optional)
    default: str | None = None  # the word when the lead is absent (optional)
    string: bool = False  # the word is a string literal, or a whole attribute is given
    comma: bool = False  # a `,` begins it; without one it is absent

    @property
    def optional(self) -> bool:
        return bool(self.choices) or self.default is not None or self.comma


_CACHE_L2 = Directive(lead="l2cache", default="nmfv")
DIRECTIVES = {
    "ConvertRounding": Directive(lead="round"),
    "ConvertSaturation": Directive(),
    "Signedness": Directive(),
    "OptionalSignedness": Directive(choices=("signed", "unsigned")),
    "L1Cache": Directive(lead="l1cache", default="cache"),
    "LdL2Cache": _CACHE_L2,
    "StL2Cache": _CACHE_L2,
    "LegacyOrAttrDcciCacheLine": Directive(string=True),
    "LegacyOrAttrDsbMem": Directive(string=True),
    "OptionalDcciDst": Directive(string=True, comma=True),
}


def enum_attribute(spec: AttrSpec, word: str) -> str:
    """The generic text of enum attribute `spec` holding keyword `word`."""
    family, _, mnemonic = spec.kind.partition(":")
    if family == "bare":
        return f"#pto<{mnemonic} {word}>"
    return f"#pto.{mnemonic}<{word}>"


def enum_word(spec: AttrSpec, value: str) -> str | None:
    """The keyword an enum attribute's generic text holds (the reverse of
    `enum_attribute`); None for any other text."""
    family, _, mnemonic = spec.kind.partition(":")
    text = value.strip()
    prefix, suffix = (f"#pto<{mnemonic} ", ">") if family == "bare" else (f"#pto.{mnemonic}<",
                                                                         ">")
    if not (text.startswith(prefix) and text.endswith(suffix)):
        return None
    word = text[len(prefix):-len(suffix)].strip()
    return word if word.replace("_", "").isalnum() else None


def _single_attr(reading: OpReading, args: list) -> AttrSpec | None:
    names = [arg[1:] for arg in args if isinstance(arg, str) and arg[:1] in "$^"]
    if len(names) != 1:
        return None
    return reading.spec.attr(names[0])


def _starts(directive: Directive, token: Token | None) -> bool:
    if token is None:
        return False
    if directive.comma:
        return token.is_punct(",")
    if directive.lead is not None:
        return token.is_keyword(directive.lead)
    if directive.choices:
        return token.kind == BARE and token.text in directive.choices
    if directive.string:
        return token.kind in (STRING, HASH)
    return token.kind == BARE


def custom_directive_present(reading: OpReading, name: str, args: list) -> bool:
    token = reading.cursor.peek()
    directive = DIRECTIVES.get(name)
    if directive is not None:
        return _starts(directive, token)
    return any(variable_can_start(reading, arg[1:], token) for arg in args
               if isinstance(arg, str) and arg[:1] in "$^")


def read_custom_directive(reading: OpReading, name: str, args: list) -> None:
    directive = DIRECTIVES.get(name)
    spec = _single_attr(reading, args)
    if directive is not None and spec is not None:
        _read_keyword_directive(reading, directive, spec)
        return
    _read_variables(reading, args)


def _read_keyword_directive(reading: OpReading, directive: Directive, spec: AttrSpec) -> None:
    cursor = reading.cursor
    if not _starts(directive, cursor.peek()):
        if directive.default is not None:
            reading.attrs[spec.name] = enum_attribute(spec, directive.default)
            return
        if directive.optional:
            return
        raise cursor.expected(_expectation(directive, spec))
    if directive.comma:
        cursor.pos += 1
    if directive.lead is not None:
        cursor.pos += 1
        cursor.expect_punct("(")
        reading.attrs[spec.name] = enum_attribute(spec, _word(reading, directive, spec))
        cursor.expect_punct(")")
        return
    token = cursor.peek()
    if directive.string and token is not None and token.kind == HASH:
        reading.attrs[spec.name] = cursor.attribute_item()
        return
    reading.attrs[spec.name] = enum_attribute(spec, _word(reading, directive, spec))


def _word(reading: OpReading, directive: Directive, spec: AttrSpec) -> str:
    cursor = reading.cursor
    token = cursor.peek()
    if directive.string:
        if token is None or token.kind != STRING:
            raise cursor.expected(_expectation(directive, spec))
        cursor.pos += 1
        return token.text[1:-1]
    if token is None or token.kind != BARE:
        raise cursor.expected(_expectation(directive, spec))
    cursor.pos += 1
    return token.text


def _expectation(directive: Directive, spec: AttrSpec) -> str:
    if directive.string:
        return f"a string keyword or a #pto attribute for '{spec.name}'"
    if directive.lead is not None:
        return f"'{directive.lead}(keyword)' for '{spec.name}'"
    return f"a keyword for '{spec.name}'"


def _read_variables(reading: OpReading, args: list) -> None:
    cursor = reading.cursor
    for arg in args:
        if not (isinstance(arg, str) and arg[:1] in "$^"):
            continue
        var = arg[1:]
        kind = reading.spec.kind_of(var)
        token = cursor.peek()
        if kind == "attr":
            spec = reading.spec.attr(var)
            if spec is not None and token is not None and variable_can_start(
                    reading, var, token):
                reading.attrs[var] = read_attribute_value(cursor, spec)
        elif kind == "operand" and variable_can_start(reading, var, token):
            reading.add_values(var, [cursor.value_use()])


def directive_text(name: str, spec: AttrSpec, value: str) -> str | None:
    """How directive `name` prints attribute `spec` of generic text `value`;
    None when the directive is not a keyword one or the value is not an
    enum keyword (the op then stays generic)."""
    directive = DIRECTIVES.get(name)
    if directive is None:
        return None
    word = enum_word(spec, value)
    if word is None:
        return None
    if directive.lead is not None:
        text = f"{directive.lead}({word})"
    elif directive.string:
        text = f'"{word}"'
    else:
        text = word
    return f", {text}" if directive.comma else text
