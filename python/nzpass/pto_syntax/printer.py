"""Generic -> custom: print the pto ops of a text (as MLIR prints a module,
every unregistered op generic) in PTOAS's custom form, by the same op table
and formats the reader uses, with types in PTOAS's spelling.

An op is printed custom only when reading its custom form back gives the
same generic op (the printer reads each custom form it makes and compares):
any other op stays generic, which PTOAS reads as well.

But not every op: PTOAS versions order the operand groups of a few ops
differently (the table's `generic_orders`), so their generic text means other
operands to another version, silently when the types agree. `write_text` prints such
an op in custom form even in generic output (where the groups it fills read
differently), and names the ones no custom form prints (`Unwritable`) for the
caller to refuse, never writing them ambiguously.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import NoReturn

from ..dialects.pto import derived_segment_sizes
from ..dialects.pto_table import ORDER_DIFFERS
from .cursor import (
    Cursor,
    Entry,
    GenericOp,
    PtoSyntaxError,
    ValueFacts,
    is_memory_space,
    is_op_start,
    pto_element_memref,
    read_generic_op,
    result_names,
)
from .formats import (
    RESULT_SEGMENTS,
    SEGMENTS,
    OpSpec,
    anchor,
    op_spec,
    parse_segment_sizes,
    segment_sizes_entry,
)
from .tokenizer import BANG, STRING, tokenize
from .types import canonical, ptoas_spelling, stripped, unquoted_memory_space

_REGION = object()  # where a region's text goes in a printed op


@dataclass(frozen=True)
class Unwritable:
    """An op of ORDER_DIFFERS whose generic operands PTOAS versions read as
    different groups and that no custom form prints, left generic at `offset` of
    the text, after `ordinal` other generic ops of its name."""

    name: str
    ordinal: int
    offset: int

    @property
    def message(self) -> str:
        spec = op_spec(self.name)
        orders = spec.generic_orders if spec is not None else {}
        stated = "; ".join(f"{version}: {', '.join(order)}" for version, order in orders.items())
        return (f"cannot write '{self.name}': PTOAS versions read its generic operands in "
                f"different orders ({stated}), and its custom form, which they read alike, "
                "does not print this op; give it the operands and attributes its custom form "
                "takes")


def to_custom(text: str) -> str:
    """`text` with each pto op that has a custom form printed in it."""
    return write_text(text, "custom")[0]


def write_text(text: str, syntax: str) -> tuple[str, list[Unwritable]]:
    """`text` (as MLIR prints a module) as nzpass writes it in `syntax`: for
    "custom" each pto op that has a custom form printed in it and pto types in
    PTOAS's spelling; for "generic" only the ops of ORDER_DIFFERS printed custom
    (where their generic text is ambiguous). Also the ambiguous ops left
    generic, which the caller must refuse to write."""
    every_op = syntax == "custom"
    if '"pto.' not in text:
        return text, []
    tokens = tokenize(text)
    facts = ValueFacts(text)
    facts.collect_aliases(tokens)
    edits: list[tuple[int, int, str]] = []
    unwritable: list[Unwritable] = []
    seen: dict[str, int] = {}  # generic ops of ORDER_DIFFERS so far, by name
    resume: dict[int, int] = {}  # a printed op's region `}` -> where its text goes on
    index = 0
    while index < len(tokens):
        if index in resume:  # the generic text between and after regions is replaced
            facts.observe(tokens, index)  # a region's `}`: its values go out of scope
            index = resume.pop(index)
            continue
        token = tokens[index]
        memref = pto_element_memref(text, tokens, index, "pto_element") if every_op else None
        if memref is not None:
            end, spelling = memref
            edits.append((token.start, tokens[end - 1].end, ptoas_spelling(spelling)))
            index = end
            continue
        if token.kind != STRING or not is_op_start(tokens, index):
            facts.observe(tokens, index)
            if every_op:
                _respell(text, tokens, index, edits)
            index += 1
            continue
        facts.observe(tokens, index)  # a generic function starts: forget its values
        name = token.text[1:-1]
        if name in ORDER_DIFFERS:
            seen[name] = seen.get(name, 0) + 1
        try:
            op = read_generic_op(Cursor(text, tokens, index, "a generic op"))
        except PtoSyntaxError:
            op = None
        ambiguous = name in ORDER_DIFFERS and (op is None or not _reads_alike(op))
        pieces = (custom_pieces(op, facts, text, tokens)
                  if op is not None and (every_op or ambiguous) else None)
        if op is not None:
            facts.define(result_names(tokens, index, len(op.result_types)),
                         [canonical(t) for t in op.result_types])
        if pieces is None or op is None:
            if ambiguous:
                unwritable.append(Unwritable(name, seen[name] - 1, token.start))
            index += 1  # its regions, if any, hold ops of their own
            continue
        if not op.regions:
            edits.append((token.start, tokens[op.end - 1].end, pieces[0]))
            index = op.end
            continue
        # The regions' text stays; the pieces go before, between and after them.
        bounds = [token.start] + [b for o, c in op.regions
                                  for b in (tokens[o].start, tokens[c].end)]
        bounds.append(tokens[op.end - 1].end)
        for number, piece in enumerate(pieces):
            edits.append((bounds[2 * number], bounds[2 * number + 1], piece))
        for (_, close), (following, _) in zip(op.regions, op.regions[1:], strict=False):
            resume[close] = following  # its `{` opens a scope of values
        resume[op.regions[-1][1]] = op.end
        index = op.regions[0][0]
    return _apply(text, edits), unwritable


def _reads_alike(op: GenericOp) -> bool:
    """Whether every PTOAS version reads the generic operand list of `op` (an op
    of ORDER_DIFFERS) as the same groups: those it fills come in the same order
    in each version's. A `pto.tcvt` without tmp does; one with tmp does not."""
    spec = op_spec(op.name)
    filled = _filled_groups(op, spec) if spec is not None else None
    if spec is None or filled is None:
        return False
    orders = {tuple(g for g in (c.rstrip("?*") for c in order) if g in filled)
              for order in spec.generic_orders.values()}
    # A version lacking a filled group reads a shorter order: not alike.
    return len(orders) == 1 and len(next(iter(orders))) == len(filled)


def _filled_groups(op: GenericOp, spec: OpSpec) -> set[str] | None:
    """The operand groups `op` fills; None when its text leaves them open. Given
    just its mandatory operands, an op fills no other group in any version,
    whatever else it states."""
    groups = _operand_groups(op, spec)
    if groups is not None:
        return {group for group, indexes in groups.items() if indexes}
    if derived_segment_sizes(spec.name, len(op.operands), None) is None:
        return None
    return {group.name for group in spec.operands if not group.count}


def _respell(text: str, tokens, index: int, edits: list[tuple[int, int, str]]) -> None:
    """A pto type or memory space outside an op printed custom, in PTOAS's spelling."""
    token = tokens[index]
    if token.kind == BANG and token.text.startswith("!pto."):
        # Signatures, block arguments, generic ops: PTOAS's spelling too.
        spelled = ptoas_spelling(canonical(token.text))
        if spelled != token.text:
            edits.append((token.start, token.end, spelled))
    elif token.kind == STRING and token.text.startswith('"#pto.') \
            and is_memory_space(tokens, index):
        edits.append((token.start, token.end, unquoted_memory_space(token.text)))


def _apply(text: str, edits: list[tuple[int, int, str]]) -> str:
    parts, copied = [], 0
    for start, end, replacement in sorted(edits):
        parts += [text[copied:start], replacement]
        copied = end
    parts.append(text[copied:])
    return "".join(parts)


def custom_pieces(op: GenericOp, facts: ValueFacts, text: str, tokens) -> list[str] | None:
    """The custom text of `op` from its name on, split where its regions go;
    None to keep it generic."""
    spec = op_spec(op.name)
    if spec is None or op.has_successors or len(op.operand_types) != len(op.operands):
        return None
    if len(op.regions) != len(spec.regions):
        return None
    groups = _operand_groups(op, spec)
    if groups is None:
        return None
    printing = OpPrinting(spec, op, groups, facts)
    try:
        if isinstance(spec.format, list):  # spec.declarative, spelt so the type narrows
            printing.elements(spec.format)
        else:
            from .custom_printers import print_custom
            if not print_custom(printing):
                return None
        printing.check_implied_types()
    except _KeepGeneric:
        return None
    pieces = printing.pieces()
    if not _reads_back(op, spec, groups, pieces, facts):
        return None
    return pieces


class _KeepGeneric(Exception):
    pass


def _operand_groups(op: GenericOp, spec: OpSpec) -> dict[str, list[int]] | None:
    """Operand indexes by group, from operandSegmentSizes or the counts."""
    sizes = None
    for entry in op.entries():
        if entry.name == SEGMENTS:
            sizes = parse_segment_sizes(entry.value or "")
            if sizes is None or not spec.segmented:
                return None  # the custom form could not keep it
    count = len(op.operands)
    if sizes is None:
        result = canonical(op.result_types[0]) if len(op.result_types) == 1 else None
        sizes = derived_segment_sizes(spec.name, count, result)
        if sizes is None:
            return None
    if len(sizes) != len(spec.operands) or sum(sizes) != count:
        return None
    groups, position = {}, 0
    for group, size in zip(spec.operands, sizes, strict=False):
        if (group.count == "" and size != 1) or (group.count == "?" and size > 1):
            return None
        groups[group.name] = list(range(position, position + size))
        position += size
    return groups


@dataclass
class OpPrinting:
    spec: OpSpec
    op: GenericOp
    groups: dict[str, list[int]]
    facts: ValueFacts
    out: list = field(default_factory=list)
    used_attrs: set[str] = field(default_factory=set)
    typed: set[str] = field(default_factory=set)  # groups whose types are printed
    last_punct: bool = True

    def __post_init__(self) -> None:
        self.entries = {e.name: e for e in self.op.entries()
                        if e.name not in (SEGMENTS, RESULT_SEGMENTS)}
        self.out = [self.op.name]
        self.last_punct = False
        self.result_groups = self._result_groups()

    def _result_groups(self) -> dict[str, list[int]]:
        results = self.op.result_types
        flexible = [g for g in self.spec.results if g.count]
        fixed = len(self.spec.results) - len(flexible)
        if len(results) < fixed or (len(flexible) > 1 and len(results) != fixed):
            raise_keep = len(results) != len(self.spec.results)
            if raise_keep:
                return {}
        spare = len(results) - fixed
        groups, position = {}, 0
        for group in self.spec.results:
            size = spare if group.count else 1
            groups[group.name] = list(range(position, position + size))
            position += size
        return groups

    # --- output with MLIR's spacing ------------------------------------------

    def emit(self, text: str, literal: bool = False) -> None:
        """Append `text` with the space MLIR's printers put before it: none
        after an opening bracket, none before a closing one or a comma, and
        none before a bracket that follows a name (`ins(`, `%p[`)."""
        previous = self.out[-1] if self.out else None
        space = previous is not None and not (isinstance(previous, str)
                                              and previous in ("(", "[", "{", "<"))
        if literal and text in (")", "]", "}", ",", ">"):
            space = False
        if literal and text in ("(", "[", "<") and not self.last_punct:
            space = False
        if space:
            self.out.append(" ")
        self.out.append(text)
        self.last_punct = literal and not text[0].isalpha()

    def pieces(self) -> list[str]:
        parts: list[list[str]] = [[]]
        for item in self.out:
            if item is _REGION:
                parts.append([])
            else:
                parts[-1].append(item)
        return ["".join(p) for p in parts]

    # --- elements ------------------------------------------------------------

    def elements(self, elements: list) -> None:
        for element in elements:
            self.element(element)

    def element(self, element) -> None:
        if isinstance(element, str):
            if element in ("` ", "^"):  # a space; an anchor after its directive
                return
            if element.startswith("`"):
                literal = element[1:]
                self.emit(literal, literal=True)
            elif element[0] in "$^":
                self.variable(element[1:])
            elif element in ("@attr-dict", "@prop-dict", "@attr-dict-with-keyword"):
                self.attr_dict(element == "@attr-dict-with-keyword")
            elif element == "@operands":
                self.emit(", ".join(o.name for o in self.op.operands) or "")
            else:
                raise _KeepGeneric
            return
        head = element[0]
        if head == "?":
            name = anchor(element[1])
            self.elements(element[1] if name is not None and self.present(name)
                          else element[2])
        elif head == "(":
            self.elements(element[1])
        elif head in ("type", "qualified"):
            qualified = head == "qualified"
            inner = element[1][0] if qualified else element
            for target in inner[1]:
                self.types_of(target, qualified)
        elif head == "functional-type":
            inputs = self.type_texts(element[1][0], True)
            outputs = self.type_texts(element[1][1], True)
            result = outputs[0] if len(outputs) == 1 and not outputs[0].startswith("(") \
                else f"({', '.join(outputs)})"
            self.emit(f"({', '.join(inputs)}) -> {result}")
        elif head == "custom":
            from .custom_printers import print_directive
            print_directive(self, element[1], element[2])
        else:
            raise _KeepGeneric

    def present(self, name: str) -> bool:
        kind = self.spec.kind_of(name)
        if kind == "operand":
            return bool(self.groups.get(name))
        if kind == "attr":
            return name in self.entries
        if kind == "result":
            return bool(self.result_groups.get(name))
        return kind == "region"

    def variable(self, name: str) -> None:
        kind = self.spec.kind_of(name)
        if kind == "operand":
            names = [self.op.operands[i].name for i in self.groups.get(name, [])]
            if names:
                self.emit(", ".join(names))
        elif kind == "attr":
            self.attribute(name)
        elif kind == "region":
            self.out.append(" ")
            self.out.append(_REGION)
            self.last_punct = False
        else:
            raise _KeepGeneric

    def attribute(self, name: str) -> None:
        entry = self.entries.get(name)
        spec = self.spec.attr(name)
        if entry is None or spec is None:
            raise _KeepGeneric
        self.used_attrs.add(name)
        if spec.kind == "unit":
            return
        if entry.value is None:
            raise _KeepGeneric
        self.emit(attribute_spelling(spec.kind, entry.value))

    def attr_dict(self, keyword: bool) -> None:
        # As MLIR's printers do, the dictionary leaves out every attribute the
        # format prints elsewhere, before it or after.
        named = format_attributes(self.spec)
        rest = [e.text() for n, e in self.entries.items()
                if n not in self.used_attrs and n not in named]
        if not rest:
            return
        if keyword:
            self.emit("attributes")
        self.emit("{" + ", ".join(rest) + "}")

    def type_texts(self, target: str, qualified: bool) -> list[str]:
        if target in ("@results", "@operands"):
            groups = self.spec.results if target == "@results" else self.spec.operands
            for group in groups:
                self.typed.add(group.name)
            source = self.op.result_types if target == "@results" else self.op.operand_types
            return [ptoas_spelling(canonical(t)) for t in source]
        name = target[1:]
        self.typed.add(name)
        group = self.spec.operand(name) or self.spec.result(name)
        if group is None:
            raise _KeepGeneric
        if self.spec.operand(name) is not None:
            texts = [self.op.operand_types[i] for i in self.groups.get(name, [])]
        else:
            texts = [self.op.result_types[i] for i in self.result_groups.get(name, [])]
        spelled = [ptoas_spelling(canonical(t)) for t in texts]
        if not qualified and group.type_class:
            spelled = [stripped(t, group.type_class) for t in spelled]
        return spelled

    def types_of(self, target: str, qualified: bool) -> None:
        texts = self.type_texts(target, qualified)
        if texts:
            self.emit(", ".join(texts))
        elif self.out[-1] == ":":
            # A type list after a colon needs a member for MLIR's parser (and PTOAS's):
            # a region op with no results, `pto.fusion_region {...} :`, reads back nowhere.
            keep_generic()

    def check_implied_types(self) -> None:
        """Types the custom form leaves out must be the ones reading implies;
        the read-back check compares them."""


@cache
def _format_attributes(name: str) -> frozenset[str]:
    spec = op_spec(name)
    found: set[str] = set()

    def walk(node) -> None:
        if isinstance(node, str):
            if node[:1] in "$^" and spec is not None and spec.attr(node[1:]) is not None:
                found.add(node[1:])
        elif isinstance(node, list):
            for item in node:
                walk(item)

    if spec is not None and isinstance(spec.format, list):
        walk(spec.format)
    return frozenset(found)


def format_attributes(spec: OpSpec) -> frozenset[str]:
    """The attributes a declarative format names outside its attr-dict."""
    return _format_attributes(spec.name)


def attribute_spelling(kind: str, value: str) -> str:
    """An attribute as the format prints it (the reverse of reading it)."""
    family, _, detail = kind.partition(":")
    text = value.strip()
    if family in ("int", "float"):
        number, colon, type_ = text.rpartition(":")
        if colon and type_.strip() == detail:
            return number.strip()
        return text if not colon else keep_generic()
    if family == "angle" and text.startswith(f"#pto.{detail}<"):
        return text[len(f"#pto.{detail}"):]
    if family == "bare" and text.startswith(f"#pto<{detail} ") and text.endswith(">"):
        return text[len(f"#pto<{detail} "):-1]
    if family == "dense" and text.startswith(f"array<{detail}"):
        body = text[len(f"array<{detail}"):-1].lstrip(":").strip()
        return f"[{body}]"
    if family == "symname" and text.startswith('"'):
        return "@" + text[1:-1]
    return text


def keep_generic() -> NoReturn:
    """Give up the custom form of the op being printed: it stays generic."""
    raise _KeepGeneric


def _reads_back(op: GenericOp, spec: OpSpec, groups: dict[str, list[int]], pieces: list[str],
                facts: ValueFacts) -> bool:
    """Whether reading the custom text gives `op` again."""
    from .reader import read_custom_op
    text = " {} ".join(pieces) if len(pieces) > 1 else pieces[0]
    tokens = tokenize(text)
    try:
        form = read_custom_op(text, tokens, 0, facts)
    except PtoSyntaxError:
        return False
    if form.end != len(tokens):
        return False
    if [v.name for v in form.operands] != [v.name for v in op.operands]:
        return False
    if form.operand_types != [canonical(t) for t in op.operand_types]:
        return False
    if form.result_types != [canonical(t) for t in op.result_types]:
        return False
    properties = [_squeeze(e.text()) for e in op.properties or [] if _keeps(e, spec)]
    attributes = [_squeeze(e.text()) for e in op.attributes or [] if _keeps(e, spec)]
    if spec.segmented and not any(e.name == SEGMENTS for e in op.entries()):
        # Derived groups (docs/ir.md, section 2): the custom form states them.
        properties.append(_squeeze(segment_sizes_entry(
            [len(indexes) for indexes in groups.values()])))
    read_properties = sorted(_squeeze(a) for a in form.properties)
    read_attributes = sorted(_squeeze(a) for a in form.attributes)
    if op.properties is None and (spec.segmented or spec.result_segmented):
        # nzpass's own form (docs/ir.md, section 2): every attribute in `{...}`,
        # the groups too or derived. PTOAS reads it and holds the inherent ones
        # as properties; the custom form reads to that placement.
        return sorted(read_properties + read_attributes) == sorted(properties + attributes)
    # As PTOAS prints it: the custom form must keep each entry where it is.
    return read_properties == sorted(properties) and read_attributes == sorted(attributes)


def _keeps(entry: Entry, spec: OpSpec) -> bool:
    return not (entry.name == SEGMENTS and not spec.segmented)


def _squeeze(text: str) -> str:
    return "".join(text.split()).removesuffix(":i64")
