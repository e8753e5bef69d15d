"""What reading one custom op gathers, and how it becomes the generic form:
values by group, the types the text states, the attributes, the regions.
Shared by the declarative-format interpreter and the hand-written readers."""

from __future__ import annotations

from dataclasses import dataclass, field

from .cursor import Cursor, Entry, PtoSyntaxError, Value, ValueFacts, is_integer_type
from .formats import (
    RESULT_SEGMENTS,
    SEGMENTS,
    OpSpec,
    parse_segment_sizes,
    segment_sizes_entry,
)
from .tokenizer import Token
from .types import canonical

_ATTRIBUTE_KEYS = ("operandSegmentSizes", RESULT_SEGMENTS)


@dataclass
class GenericForm:
    """The generic form of one custom op."""

    name: str
    name_token: Token
    operands: list[Value]
    operand_types: list[str]
    # Inherent attributes, which PTOAS holds (and prints) as properties.
    properties: list[str]
    attributes: list[str]  # the others (discardable)
    result_types: list[str]
    end: int  # index past the last token of the custom op
    # Token indexes of each region's `{` and `}`: the text between stays.
    regions: list[tuple[int, int]] = field(default_factory=list)

    def properties_text(self) -> str:
        """` <{props}>` as the generic form has it after the operands (and
        before the regions), or nothing."""
        return f" <{{{', '.join(self.properties)}}}>" if self.properties else ""

    def tail(self) -> str:
        """What follows the regions: `{attrs} : (types) -> results`."""
        attrs = f" {{{', '.join(self.attributes)}}}" if self.attributes else ""
        if len(self.result_types) == 1 and not self.result_types[0].startswith("("):
            results = self.result_types[0]
        else:
            results = f"({', '.join(self.result_types)})"
        return f"{attrs} : ({', '.join(self.operand_types)}) -> {results}"


@dataclass
class OpReading:
    """The parts of one custom op read so far."""

    spec: OpSpec
    cursor: Cursor
    name_token: Token
    facts: ValueFacts
    values: dict[str, list[Value]] = field(default_factory=dict)
    types: dict[str, list[str]] = field(default_factory=dict)
    attrs: dict[str, str | None] = field(default_factory=dict)  # None: a unit attribute
    entries: list[str] = field(default_factory=list)
    regions: list[tuple[int, int]] = field(default_factory=list)
    stated_segments: dict[str, str] = field(default_factory=dict)
    # An attribute the custom form spells by another key -> the key it was read by.
    keyed: dict[str, str] = field(default_factory=dict)

    @property
    def op(self) -> str:
        return self.spec.name

    def fail(self, message: str, token: Token | None = None) -> PtoSyntaxError:
        """A refusal of the op read, at `token`, by default at the op's name: most are
        found once its text is read, when the cursor is at the next op (or the end of
        the input), where a diagnostic would name a line of something else."""
        return self.cursor.fail(message, token if token is not None else self.name_token)

    def add_values(self, name: str, values: list[Value]) -> None:
        self.values.setdefault(name, []).extend(values)

    def add_types(self, name: str, types: list[str]) -> None:
        self.types.setdefault(name, []).extend(canonical(t) for t in types)

    def add_entries(self, entries) -> None:
        for entry in entries:
            if entry.name in _ATTRIBUTE_KEYS:
                # PTOAS takes the groups from the custom form; a stated size
                # list may only repeat them (checked when the form is built).
                self.stated_segments[entry.name] = entry.value or ""
                continue
            self.entries.append(self._renamed(entry).text())

    def _renamed(self, entry: Entry) -> Entry:
        """`entry` under the name of the attribute its key stands for: the custom
        form of some ops spells an attribute by another key (`pto.tcvt`'s
        `satmode` is its `sat_mode`), and PTOAS reads either, but not both."""
        name = entry_name(entry.name)
        attr = self.spec.attr_of_custom_key(name) or name
        key = self.spec.custom_key(attr)
        if key == attr:
            return entry
        if self.keyed.setdefault(attr, name) != name:
            raise self.fail(f"'{self.op}' states both '{key}' and '{attr}' (its custom form "
                            f"reads '{key}' as '{attr}'): state one", self.name_token)
        return Entry(attr, entry.value)

    def _check_stated_segments(self, name: str, sizes: list[int]) -> None:
        stated = self.stated_segments.get(name)
        if stated is not None and parse_segment_sizes(stated) != sizes:
            raise self.fail(f"'{name}' {stated} disagrees with the groups of the custom form "
                            f"({segment_sizes_entry(sizes, name).split(' = ')[1]}); remove it",
                            self.name_token)

    # --- building the generic form ----------------------------------------

    def known_type(self, name: str, index: int = 0) -> str | None:
        """The type of operand/result `name` (its `index`th value) from the
        text: stated by the op, or the value's definition, or fixed by the
        op's definition, or equal to another's by a trait."""
        stated = self.types.get(name)
        if stated is not None and index < len(stated):
            return stated[index]
        # A type the definition fixes wins over the value's (as in PTOAS's
        # parser: a value of another type is then a type mismatch MLIR reports).
        group = self.spec.operand(name) or self.spec.result(name)
        if group is not None and group.fixed_type:
            return group.fixed_type
        values = self.values.get(name, [])
        if index < len(values) and values[index].name in self.facts.types:
            return canonical(self.facts.resolve(self.facts.types[values[index].name]))
        for other in self.spec.matching(name):
            other_stated = self.types.get(other)
            if other_stated:
                return other_stated[0]
            other_values = self.values.get(other, [])
            if other_values and other_values[0].name in self.facts.types:
                return canonical(self.facts.resolve(self.facts.types[other_values[0].name]))
        return None

    def operands(self) -> tuple[list[Value], list[str], list[int]]:
        values, types, sizes = [], [], []
        for group in self.spec.operands:
            given = self.values.get(group.name, [])
            if group.count == "" and len(given) != 1:
                raise self.fail(f"'{self.op}' needs its '{group.name}' operand")
            if group.count == "?" and len(given) > 1:
                raise self.fail(f"'{self.op}' takes at most one '{group.name}' operand",
                                given[1].token)
            for index, value in enumerate(given):
                self._check_fixed_type(group, index, value)
                type_ = self.known_type(group.name, index)
                if type_ is None:
                    raise PtoSyntaxError(value.token.start, (
                        f"cannot tell the type of '{value.name}' ('{group.name}' of custom "
                        f"'{self.op}'): define it before this op with a stated type, or "
                        "write the op in generic form"))
                values.append(value)
                types.append(type_)
            sizes.append(len(given))
        return values, types, sizes

    def _check_fixed_type(self, group, index: int, value: Value) -> None:
        """A stated type must be the one the op's definition fixes (PTOAS
        refuses any other; MLIR would not see the mismatch)."""
        stated = self.types.get(group.name, [])
        fixed = group.fixed_type
        if fixed and index < len(stated) and stated[index] != fixed:
            raise PtoSyntaxError(value.token.start, (
                f"'{value.name}' ('{group.name}' of custom '{self.op}') must be {fixed} by the "
                f"op's definition, found '{stated[index]}'"))

    def result_types(self) -> tuple[list[str], list[int]]:
        types, sizes = [], []
        for group in self.spec.results:
            stated = self.types.get(group.name)
            if stated is not None:
                types += stated
                sizes.append(len(stated))
                continue
            if group.count in ("?", "*"):
                sizes.append(0)
                continue
            type_ = self.known_type(group.name)
            if type_ is None:
                raise self.fail(f"cannot infer the result type of custom '{self.op}': write "
                                "the op in generic form", self.name_token)
            types.append(type_)
            sizes.append(1)
        return types, sizes

    def form(self) -> GenericForm:
        values, types, sizes = self.operands()
        results, result_sizes = self.result_types()
        entries = list(self.entries)
        entries += [f"{name} = {text}" if text is not None else name
                    for name, text in self.attrs.items()]
        properties = [e for e in entries if self.spec.attr(entry_name(e)) is not None]
        attributes = [e for e in entries if self.spec.attr(entry_name(e)) is None]
        if self.spec.segmented:
            self._check_stated_segments(SEGMENTS, sizes)
            properties.append(segment_sizes_entry(sizes))
        elif SEGMENTS in self.stated_segments:
            raise self.fail(f"'{self.op}' has no {SEGMENTS}; remove it", self.name_token)
        if self.spec.result_segmented:
            self._check_stated_segments(RESULT_SEGMENTS, result_sizes)
            properties.append(segment_sizes_entry(result_sizes, RESULT_SEGMENTS))
        return GenericForm(self.op, self.name_token, values, types, properties, attributes,
                           results, self.cursor.pos, self.regions)


def entry_name(entry: str) -> str:
    """The name of a dictionary entry's text (`name = value` or `name`)."""
    name = entry.partition("=")[0].strip()
    return name[1:-1] if len(name) > 1 and name[0] == name[-1] == '"' else name


def value_is_integer(reading: OpReading, value: Value, type_text: str | None) -> bool:
    resolved = reading.facts.resolve(type_text) if type_text else ""
    return is_integer_type(resolved)
