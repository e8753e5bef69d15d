"""Recursive-descent primitives over MLIR tokens: value uses, types,
attribute values and dictionaries, generic op headers; where an op starts;
and the SSA value types a text states before a given point."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .tokenizer import (
    BANG,
    BARE,
    CARET,
    FLOAT,
    HASH,
    INT,
    PERCENT,
    PUNCT,
    STRING,
    Token,
    integer_value,
    without_comments,
)

_OPEN = {"(": ")", "[": "]", "{": "}", "<": ">"}
# The bare words that start a type in MLIR (its builtin types; every other type is
# `!dialect...`): reading another word as a type (`: return`) put the next op into this
# one's type, to be refused by MLIR at a place of the generic text, not of the file.
_BUILTIN_TYPE = re.compile(r"(?:[su]?i\d+|bf16|tf32|f(?:16|32|64|80|128)|f[468]E\w+"
                           r"|index|none|memref|tensor|vector|complex|tuple)$")


def starts_type(token: Token | None) -> bool:
    """`token` can begin a type written in full (MLIR's parseOptionalType)."""
    return token is not None and (token.kind == BANG or token.is_punct("(")
                                  or (token.kind == BARE and bool(_BUILTIN_TYPE.match(token.text))))


class PtoSyntaxError(Exception):
    """A custom-syntax error at `offset` of the text being read."""

    def __init__(self, offset: int, message: str):
        super().__init__(message)
        self.offset = offset
        self.message = message


@dataclass(frozen=True)
class Value:
    """An SSA value use: `%x`, or `%x#2` for one result of a multi-result op."""

    name: str
    token: Token


@dataclass(frozen=True)
class Entry:
    """One attribute dictionary entry: `name` or `name = value`."""

    name: str
    value: str | None

    def text(self) -> str:
        return self.name if self.value is None else f"{self.name} = {self.value}"


def span_text(text: str, tokens: list[Token], begin: int, end: int) -> str:
    """The source text of tokens[begin:end], exactly but for comments (which are
    not tokens): upstream MLIR compares the types and attributes of an
    unregistered dialect by their text, so even the whitespace inside
    `!pto.tile_buf<...>` is part of the type."""
    return without_comments(text[tokens[begin].start:tokens[end - 1].end])


class Cursor:
    """A position in a token list, with `expect_*`/`accept_*` steps that fail
    with a PtoSyntaxError naming `context` (the construct being read)."""

    def __init__(self, text: str, tokens: list[Token], pos: int, context: str):
        self.text = text
        self.tokens = tokens
        self.pos = pos
        self.context = context

    # --- basic steps --------------------------------------------------------

    def peek(self, ahead: int = 0) -> Token | None:
        index = self.pos + ahead
        return self.tokens[index] if index < len(self.tokens) else None

    def at_punct(self, text: str, ahead: int = 0) -> bool:
        """The token `ahead` of the position exists and is the punctuation `text`."""
        token = self.peek(ahead)
        return token is not None and token.is_punct(text)

    def at_keyword(self, word: str, ahead: int = 0) -> bool:
        token = self.peek(ahead)
        return token is not None and token.is_keyword(word)

    def at_kind(self, kind: str, ahead: int = 0) -> bool:
        token = self.peek(ahead)
        return token is not None and token.kind == kind

    def fail(self, message: str, token: Token | None = None) -> PtoSyntaxError:
        token = token if token is not None else self.peek()
        offset = token.start if token is not None else len(self.text)
        return PtoSyntaxError(offset, f"{message} in {self.context}")

    def expected(self, what: str) -> PtoSyntaxError:
        token = self.peek()
        found = f"'{token.text}'" if token is not None else "end of input"
        return self.fail(f"expected {what}, found {found}")

    def next(self) -> Token:
        token = self.peek()
        if token is None:
            raise self.expected("more input")
        self.pos += 1
        return token

    def accept_punct(self, text: str) -> Token | None:
        token = self.peek()
        if token is not None and token.is_punct(text):
            self.pos += 1
            return token
        return None

    def expect_punct(self, text: str) -> Token:
        token = self.accept_punct(text)
        if token is None:
            raise self.expected(f"'{text}'")
        return token

    def accept_keyword(self, word: str) -> Token | None:
        token = self.peek()
        if token is not None and token.is_keyword(word):
            self.pos += 1
            return token
        return None

    def expect_keyword(self, word: str) -> Token:
        token = self.accept_keyword(word)
        if token is None:
            raise self.expected(f"'{word}'")
        return token

    def skip_balanced(self) -> None:
        """Step over a bracketed token group starting at the cursor."""
        opener = self.next()
        stack = [_OPEN[opener.text]]
        while stack:
            token = self.peek()
            if token is None:
                raise self.fail(f"'{opener.text}' is never closed", opener)
            self.pos += 1
            if token.kind == PUNCT and token.text in _OPEN:
                stack.append(_OPEN[token.text])
            elif token.kind == PUNCT and token.text in _OPEN.values() \
                    and token.text != stack.pop():
                raise self.fail(f"unbalanced '{token.text}'", token)

    # --- values ---------------------------------------------------------------

    def value_use(self) -> Value:
        token = self.peek()
        if token is None or token.kind != PERCENT:
            raise self.expected("an SSA value ('%name')")
        self.pos += 1
        number = self.peek()
        if number is not None and number.kind == HASH and number.start == token.end \
                and number.text[1:].isascii() and number.text[1:].isdigit():
            self.pos += 1
            return Value(token.text + number.text, token)
        return Value(token.text, token)

    def value_list(self, closer: str) -> list[Value]:
        """`%a, %b, ...` up to and including `closer` (the list may be empty)."""
        values: list[Value] = []
        if self.accept_punct(closer):
            return values
        values.append(self.value_use())
        while self.accept_punct(","):
            values.append(self.value_use())
        self.expect_punct(closer)
        return values

    # --- types and attributes ------------------------------------------------

    def type_text(self) -> str:
        begin = self.pos
        token = self.peek()
        if token is None:
            raise self.expected("a type")
        if token.kind == BANG:
            self.pos += 1
        elif starts_type(token) and token.kind == BARE:
            self.pos += 1
            following = self.peek()
            if following is not None and following.is_punct("<") and following.start == token.end:
                self.skip_balanced()
        elif token.is_punct("("):
            self.skip_balanced()
            self.expect_punct("->")
            if self.at_punct("("):
                self.skip_balanced()
            else:
                self.type_text()
        else:
            raise self.expected("a type")
        return span_text(self.text, self.tokens, begin, self.pos)

    def types(self, count: int) -> list[str]:
        """Exactly `count` (at least one) comma-separated types."""
        types = [self.type_text()]
        while len(types) < count:
            self.expect_punct(",")
            types.append(self.type_text())
        return types

    def type_list(self, closer: str) -> list[str]:
        types: list[str] = []
        if self.accept_punct(closer):
            return types
        types.append(self.type_text())
        while self.accept_punct(","):
            types.append(self.type_text())
        self.expect_punct(closer)
        return types

    def attribute_text(self) -> str:
        """An attribute value: the tokens up to a `,` or closing bracket at
        this nesting level."""
        begin = self.pos
        while True:
            token = self.peek()
            if token is None:
                raise self.expected("an attribute value")
            if token.kind == PUNCT and (token.text in (",", ")", "]", "}", ">")):
                break
            if token.kind == PUNCT and token.text in _OPEN:
                self.skip_balanced()
            else:
                self.pos += 1
        if self.pos == begin:
            raise self.expected("an attribute value")
        return span_text(self.text, self.tokens, begin, self.pos)

    def attribute_item(self) -> str:
        """One attribute where no separator follows it (`key = ATTR` in a
        clause): a single token, a bracketed group, `name<...>`, `-N`."""
        begin = self.pos
        token = self.peek()
        following = self.peek(1)
        if token is None:
            raise self.expected("an attribute")
        if token.is_punct("(", "[", "{"):
            self.skip_balanced()
        elif token.kind == BARE and following is not None and following.is_punct("<") \
                and following.start == token.end:
            self.pos += 1
            self.skip_balanced()
        elif token.is_punct("-") and following is not None and following.kind in (INT, FLOAT):
            self.pos += 2
        elif token.kind == PUNCT:
            raise self.expected("an attribute")
        else:
            self.pos += 1
        return span_text(self.text, self.tokens, begin, self.pos)

    def refuse_repeated_key(self, seen: set[str], key: Token) -> None:
        """Note the key of one entry of a key/value list, refusing one `seen` holds:
        MLIR and PTOAS refuse a repeated key, and a reader keeping the first and one
        keeping the last would read different ops."""
        name = key.text[1:-1] if key.kind == STRING else key.text
        if name in seen:
            raise self.fail(f"'{name}' is given twice", key)
        seen.add(name)

    def attr_dict(self) -> list[Entry]:
        """`{name = value, unit_name, ...}` starting at the `{`."""
        self.expect_punct("{")
        entries: list[Entry] = []
        if self.accept_punct("}"):
            return entries
        seen: set[str] = set()
        while True:
            name = self.peek()
            if name is None or name.kind not in (BARE, STRING):
                raise self.expected("an attribute name")
            self.refuse_repeated_key(seen, name)
            self.pos += 1
            value = self.attribute_text() if self.accept_punct("=") else None
            entries.append(Entry(name.text, value))
            if self.accept_punct("}"):
                return entries
            self.expect_punct(",")


# --- where ops start -------------------------------------------------------

_NO_OP_AFTER = {"(", ",", "[", "<", "->", "*", "+", "-", "|", "?", "::", "..."}
_NO_BARE_OP_BEFORE = {"=", ",", "}", ")", "]", ">"}


def _matching_open(tokens: list[Token], close: int) -> int | None:
    depth = 0
    for index in range(close, -1, -1):
        token = tokens[index]
        if token.is_punct(")"):
            depth += 1
        elif token.is_punct("("):
            depth -= 1
            if depth == 0:
                return index
    return None


def is_memory_space(tokens: list[Token], index: int) -> bool:
    """Whether tokens[index] is the memory space of a `memref<...>`: the last
    of its parameters (after a `,`, before the closing `>`)."""
    if index < 3 or index + 1 >= len(tokens) or not tokens[index - 1].is_punct(",") \
            or not tokens[index + 1].is_punct(">"):
        return False
    depth = 0
    for back in range(index - 1, 0, -1):
        token = tokens[back]
        if token.kind != PUNCT:
            continue
        if token.text in (">", ")", "]"):
            depth += 1
        elif token.text in ("<", "(", "["):
            if depth == 0:
                before = tokens[back - 1]
                return token.text == "<" and before.is_keyword("memref") \
                    and before.end == token.start
            depth -= 1
        elif token.text in ("{", "}", "="):
            return False
    return False


def pto_element_memref(text: str, tokens: list[Token], index: int, marker: str
                       ) -> tuple[int, str] | None:
    """At a `memref<...>` type whose text holds `marker` (`!pto.` for a pto
    element type, `pto_element` for its stand-in): the index past it and its
    text; None anywhere else."""
    token = tokens[index]
    if not token.is_keyword("memref") or index + 1 >= len(tokens) \
            or not tokens[index + 1].is_punct("<") or tokens[index + 1].start != token.end:
        return None
    cursor = Cursor(text, tokens, index, "a memref type")
    try:
        spelling = cursor.type_text()
    except PtoSyntaxError:
        return None
    return (cursor.pos, spelling) if marker in spelling else None


def result_list_start(tokens: list[Token], equals: int) -> int | None:
    """For the `=` at `equals`, the index of the first token of the op result
    list before it (`%a, %b:2 =`), or None when it is not one."""
    index = equals - 1
    start = None
    while index >= 0:
        if tokens[index].kind == INT and index >= 2 and tokens[index - 1].is_punct(":") \
                and tokens[index - 2].kind == PERCENT:
            index -= 2
        if tokens[index].kind != PERCENT:
            return start
        start = index
        if index >= 1 and tokens[index - 1].is_punct(","):
            index -= 2
        else:
            return start
    return start


def result_names(tokens: list[Token], op_index: int, results: int) -> list[str]:
    """The SSA names an op at `op_index` binds to its `results` results: `%a`, or
    `%a#i` for `%a:N`; none when its result list binds another number of values (MLIR
    then reports the mismatch). The count is checked before any name is made: a group
    `%a:3000000000` must not make three billion names (found by red team: a
    MemoryError, after a minute)."""
    if op_index == 0 or not tokens[op_index - 1].is_punct("="):
        return []
    start = result_list_start(tokens, op_index - 1)
    if start is None:
        return []
    groups: list[tuple[str, int | None]] = []  # a name, and its count if it is a group
    index = start
    while index < op_index - 1:
        token = tokens[index]
        if token.kind == PERCENT:
            if tokens[index + 1].is_punct(":"):
                groups.append((token.text, integer_value(tokens[index + 2].text)))
                index += 3
                continue
            groups.append((token.text, None))
        index += 1
    if sum(1 if count is None else count for _, count in groups) != results:
        return []
    return [name if count is None else f"{name}#{k}"
            for name, count in groups for k in range(1 if count is None else count)]


def _after_block_label(tokens: list[Token], colon: int) -> bool:
    before = colon - 1
    if before < 0:
        return False
    if tokens[before].kind == CARET:
        return True
    if tokens[before].is_punct(")"):
        opener = _matching_open(tokens, before)
        return opener is not None and opener > 0 and tokens[opener - 1].kind == CARET
    return False


def _is_bare_nullary_op(name: str) -> bool:
    """A pto op whose custom form may be its name alone (`pto.trap`): last
    in a region, it is followed by the region's `}` as a unit attribute is
    in a dictionary (`{pto.kernel}`); no op shares a name with one."""
    from .formats import op_spec
    spec = op_spec(name)
    return spec is not None and spec.format == ["@attr-dict"]


def _opens_dictionary(tokens: list[Token], brace: int) -> bool:
    """Whether the `{` at `brace` opens an attribute dictionary, not a region: it
    follows `attributes`, a generic op's properties (`}>`) or a generic op's operand
    list (MLIR's generic form puts regions in parentheses). Then a nullary op's name
    alone in it (`attributes {pto.trap}`) is a unit attribute, as PTOAS reads it
    (found by red team: it was read as the op, and the text refused)."""
    before = tokens[brace - 1] if brace > 0 else None
    if before is None:
        return False
    if before.is_keyword("attributes"):
        return True
    if before.is_punct(">"):
        return brace >= 2 and tokens[brace - 2].is_punct("}")
    if before.is_punct(")"):
        opener = _matching_open(tokens, brace - 1)
        return opener is not None and opener > 0 and tokens[opener - 1].kind == STRING
    return False


def is_isolated_op(tokens: list[Token], index: int) -> bool:
    """Whether tokens[index] starts an op isolated from above (`func.func @k(...)`,
    `"func.func"() (...)`, `module {`)."""
    token = tokens[index]
    name = token.text[1:-1] if token.kind == STRING else token.text
    return name in _ISOLATED_OPS and is_op_start(tokens, index)


def is_op_start(tokens: list[Token], index: int) -> bool:
    """Whether tokens[index] (an op name, bare or quoted) can begin an op:
    what precedes it ends an op, opens a region or block, or is the op's own
    result list; for a bare name, what follows is not that of an attribute
    dictionary entry (`{pto.kernel}`, `{pto.flag = 1}`)."""
    token = tokens[index]
    following = tokens[index + 1] if index + 1 < len(tokens) else None
    if token.kind == STRING:
        if following is None or not following.is_punct("("):
            return False
    elif following is not None and following.kind == PUNCT \
            and following.text in _NO_BARE_OP_BEFORE \
            and not (following.is_punct("}") and _is_bare_nullary_op(token.text)
                     and not (index > 0 and tokens[index - 1].is_punct("{")
                              and _opens_dictionary(tokens, index - 1))):
        return False
    if index == 0:
        return True
    previous = tokens[index - 1]
    if previous.is_punct("="):
        return result_list_start(tokens, index - 1) is not None
    if previous.is_punct(":"):
        return _after_block_label(tokens, index - 1)
    return not (previous.kind == PUNCT and previous.text in _NO_OP_AFTER)


# --- generic ops --------------------------------------------------------------

@dataclass
class GenericOp:
    name: str
    name_token: Token
    operands: list[Value]
    properties: list[Entry] | None
    attributes: list[Entry] | None
    operand_types: list[str]
    result_types: list[str]
    has_successors: bool = False
    has_regions: bool = False
    end: int = 0  # index past the last token of the function type
    # Token indexes of each region's `{` and `}`.
    regions: list[tuple[int, int]] = field(default_factory=list)

    def entries(self) -> list[Entry]:
        return [*(self.properties or []), *(self.attributes or [])]


def read_generic_op(cursor: Cursor) -> GenericOp:
    """`"name"(operands) [succ]? <{props}>? (regions)? {attrs}? : (T...) -> R`."""
    name_token = cursor.next()
    cursor.expect_punct("(")
    operands = cursor.value_list(")")
    op = GenericOp(name_token.text[1:-1], name_token, operands, None, None, [], [])
    if cursor.at_punct("["):
        cursor.skip_balanced()
        op.has_successors = True
    if cursor.at_punct("<") and cursor.at_punct("{", 1):
        cursor.pos += 1
        op.properties = cursor.attr_dict()
        cursor.expect_punct(">")
    if cursor.at_punct("(") and cursor.at_punct("{", 1):
        cursor.pos += 1
        while True:
            open_brace = cursor.pos
            cursor.skip_balanced()
            op.regions.append((open_brace, cursor.pos - 1))
            if not cursor.accept_punct(","):
                break
        cursor.expect_punct(")")
        op.has_regions = True
    if cursor.at_punct("{"):
        op.attributes = cursor.attr_dict()
    cursor.expect_punct(":")
    cursor.expect_punct("(")
    op.operand_types = cursor.type_list(")")
    cursor.expect_punct("->")
    if cursor.accept_punct("("):
        op.result_types = cursor.type_list(")")
    else:
        op.result_types = [cursor.type_text()]
    op.end = cursor.pos
    return op


# --- what the text says about SSA values -----------------------------------

_INTEGER_TYPE = re.compile(r"^(?:[su]?i[0-9]+|index)$")
_ARG_FOLLOWERS = {")", "{"}
# Ops isolated from above that hold SSA values: none of theirs is seen past them,
# and the next one names its values anew (each function has its own `%c16`).
_ISOLATED_OPS = frozenset({"func.func", "builtin.module", "module", "gpu.func", "llvm.func"})


def is_integer_type(text: str) -> bool:
    return _INTEGER_TYPE.match(text) is not None


@dataclass
class ValueFacts:
    """What the text states about SSA values up to the point being read:
    their types (from signatures, block arguments and op results) and the
    integers `arith.constant` gives them; and the type aliases. A name
    defined again later (each function has its own `%arg0`) takes its new
    meaning from there on, which is what text order gives; a name defined in
    a region is forgotten at the region's end, where MLIR's scope of it ends."""

    text: str
    types: dict[str, str] = field(default_factory=dict)
    constants: dict[str, int] = field(default_factory=dict)
    aliases: dict[str, str] = field(default_factory=dict)
    # The names defined inside each `{` still open (a region, or an attribute
    # dictionary, which defines none): a sibling region may name a value of its own
    # alike, by a definition this reader does not follow (`scf.forall (%i)`), and the
    # first region's constant must not size a view there (found by red team: a
    # loop index read as the constant 8 of an earlier `scf.if`).
    scopes: list[list[str]] = field(default_factory=list)

    def collect_aliases(self, tokens: list[Token]) -> None:
        """`!name = type` definitions (MLIR allows them at the top level only)."""
        for index, token in enumerate(tokens[:-1]):
            if token.kind == BANG and "<" not in token.text and tokens[index + 1].is_punct("=") \
                    and (index == 0 or not tokens[index - 1].is_punct("(", ",", ":", "->", "<")):
                cursor = Cursor(self.text, tokens, index + 2, "a type alias")
                try:
                    self.aliases[token.text] = cursor.type_text()
                except PtoSyntaxError:
                    continue

    def resolve(self, type_text: str) -> str:
        seen = set()
        while type_text in self.aliases and type_text not in seen:
            seen.add(type_text)
            type_text = self.aliases[type_text]
        return type_text

    def define(self, names: list[str], types: list[str]) -> None:
        if len(names) != len(types):
            return
        for name, type_ in zip(names, types, strict=False):
            self.types[name] = type_
            self.constants.pop(name, None)
            self._in_scope(name)

    def _in_scope(self, name: str) -> None:
        if self.scopes:
            self.scopes[-1].append(name)

    def _close_scope(self) -> None:
        for name in self.scopes.pop() if self.scopes else []:
            self.types.pop(name, None)
            self.constants.pop(name, None)

    def observe(self, tokens: list[Token], index: int) -> None:
        """Learn from the tokens at `index`: `(%a: T, %b: T)` argument lists
        and `%c = arith.constant N : T`; forget every value at the start of a
        function (or other op isolated from above)."""
        token = tokens[index]
        if token.is_punct("{"):
            self.scopes.append([])
            return
        if token.is_punct("}"):
            self._close_scope()
            return
        if token.kind in (BARE, STRING) and is_isolated_op(tokens, index):
            self.forget_values()
            return
        if token.kind != PERCENT or index + 2 >= len(tokens):
            return
        following = tokens[index + 1]
        if following.is_punct(":") and index > 0 and tokens[index - 1].is_punct("(", ","):
            self._argument(tokens, index)
        elif following.is_punct("=") or (following.is_punct(":") \
                and tokens[index + 2].kind == INT and index + 3 < len(tokens) \
                and tokens[index + 3].is_punct("=")):
            # Defined again (each function has its own `%0`): what was known of the
            # name no longer holds, whatever defines it now (a constant this reader
            # cannot read, `arith.constant {attrs} 32`, kept the old one: a
            # partition_view size of 16 inferred where PTOAS reads 32; red team).
            self.types.pop(token.text, None)
            self.constants.pop(token.text, None)
            if following.is_punct("=") and tokens[index + 2].is_keyword("arith.constant"):
                self._constant(tokens, index)

    def forget_values(self) -> None:
        """Forget what is known of SSA values (not the type aliases, which are
        the module's): an op isolated from above starts, whose values are its own.
        A name an earlier function defined must not lend its type or constant to
        a use here that comes before this function's definition of it (blocks in
        any order, a multi-result definition this reader does not follow)."""
        self.types.clear()
        self.constants.clear()

    def _argument(self, tokens: list[Token], index: int) -> None:
        cursor = Cursor(self.text, tokens, index + 2, "an argument list")
        try:
            type_text = cursor.type_text()
        except PtoSyntaxError:
            return
        after = cursor.peek()
        if after is None or (after.kind == PUNCT and after.text in _ARG_FOLLOWERS) \
                or after.is_keyword("loc") \
                or (after.is_punct(",") and cursor.at_kind(PERCENT, 1)):
            self.types[tokens[index].text] = type_text
            self.constants.pop(tokens[index].text, None)
            self._in_scope(tokens[index].text)

    def _constant(self, tokens: list[Token], index: int) -> None:
        cursor = Cursor(self.text, tokens, index + 3, "a constant")
        if cursor.at_punct("{"):  # `arith.constant {attrs} 32 : index`: its attr-dict first
            try:
                cursor.skip_balanced()
            except PtoSyntaxError:
                return
        negative = cursor.accept_punct("-") is not None
        literal = cursor.peek()
        if literal is None or literal.kind != INT:
            return
        cursor.pos += 1
        if not cursor.accept_punct(":"):
            return
        try:
            type_text = cursor.type_text()
        except PtoSyntaxError:
            return
        name = tokens[index].text
        self.types[name] = type_text
        self._in_scope(name)
        if is_integer_type(type_text):
            value = integer_value(literal.text)
            self.constants[name] = -value if negative else value
