"""An interpreter of MLIR's declarative assembly format, reading: the custom
form of a pto op, by its format in the op table, into an `OpReading`.

As MLIR's generated parsers do: a literal must be there; `$x` reads what x
is (operand, attribute by its kind, region); `type($x)` reads a type, or for
an operand of a pto type class the stripped form (`<f32>` for `!pto.ptr<f32>`);
an optional group is present when its first element is; attributes that the
format prints stripped (`<PIPE_V>`, `rint`) are read to their full form
(`#pto.pipe<PIPE_V>`, `#pto<round_mode rint>`), typed integers and floats get
their type (`4 : i32`).
"""

from __future__ import annotations

from .cursor import Cursor, span_text, starts_type
from .formats import AttrSpec
from .opform import OpReading
from .tokenizer import AT, BARE, FLOAT, HASH, INT, PERCENT, PUNCT, STRING, Token

_KEYWORD_START = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_")


def literal_matches(token: Token | None, literal: str) -> bool:
    if token is None:
        return False
    if literal[0] in _KEYWORD_START:
        return token.kind == BARE and token.text == literal
    return token.kind == PUNCT and token.text == literal


def expect_literal(reading: OpReading, literal: str) -> None:
    cursor = reading.cursor
    token = cursor.peek()
    if literal_matches(token, literal):
        cursor.pos += 1
        return
    # `->` and `::` are single tokens; a literal `-` `>` pair is rare but legal.
    raise cursor.expected(f"'{literal}'")


def read_elements(reading: OpReading, elements: list) -> None:
    for element in elements:
        read_element(reading, element)


def read_element(reading: OpReading, element) -> None:
    if isinstance(element, str):
        if element in ("` ", "^"):  # a space; an anchor written after its directive
            return
        if element.startswith("`"):
            expect_literal(reading, element[1:])
        elif element[0] in "$^":
            read_variable(reading, element[1:])
        elif element in ("@attr-dict", "@prop-dict"):
            read_attr_dict(reading, keyword=False)
        elif element == "@attr-dict-with-keyword":
            read_attr_dict(reading, keyword=True)
        elif element == "@operands":
            read_all_operands(reading)
        elif element == "@regions":
            while reading.cursor.at_punct("{"):
                read_region(reading, "")
        else:
            raise reading.fail(f"unsupported format element {element}")
        return
    head = element[0]
    if head == "?":
        if group_present(reading, element[1]):
            read_elements(reading, element[1])
        else:
            read_elements(reading, element[2])
    elif head == "(":
        read_elements(reading, element[1])
    elif head in ("type", "qualified"):
        read_type_directive(reading, element)
    elif head == "functional-type":
        read_functional_type(reading, element[1])
    elif head == "custom":
        from .custom_directives import read_custom_directive
        read_custom_directive(reading, element[1], element[2])
    else:
        raise reading.fail(f"unsupported format directive '{head}'")


# --- presence of optional groups ---------------------------------------------

def group_present(reading: OpReading, group: list) -> bool:
    token = reading.cursor.peek()
    for element in group:
        if element in ("` ", "^"):
            continue
        if isinstance(element, str):
            if element.startswith("`"):
                return literal_matches(token, element[1:])
            if element[0] in "$^":
                return variable_can_start(reading, element[1:], token)
            if element.startswith("@attr-dict"):
                return token is not None and (token.is_punct("{")
                                              or token.is_keyword("attributes"))
            return False
        head = element[0]
        if head in ("type", "qualified", "functional-type"):
            return _type_can_start(token)
        if head == "custom":
            from .custom_directives import custom_directive_present
            return custom_directive_present(reading, element[1], element[2])
        if head in ("?", "("):
            return group_present(reading, element[1])
    return False


def variable_can_start(reading: OpReading, name: str, token: Token | None) -> bool:
    if token is None:
        return False
    kind = reading.spec.kind_of(name)
    if kind == "operand":
        return token.kind == PERCENT
    if kind == "region":
        return token.is_punct("{")
    if kind == "successor":
        return token.kind == "caret"
    if kind == "attr":
        spec = reading.spec.attr(name)
        return attr_can_start(spec, token) if spec is not None else False
    return False


def attr_can_start(spec: AttrSpec, token: Token) -> bool:
    kind = spec.kind
    if token.kind == HASH:
        return True
    if kind.startswith(("int", "float")):
        return token.kind in (INT, FLOAT) or token.is_punct("-")
    if kind == "bool":
        return token.is_keyword("true", "false")
    if kind == "str":
        return token.kind == STRING
    if kind in ("symref", "symname"):
        return token.kind == AT
    if kind.startswith("angle"):
        return token.is_punct("<")
    if kind.startswith("bare"):
        return token.kind in (BARE, STRING)
    if kind.startswith("dense"):
        return token.is_punct("[") or token.is_keyword("array")
    if kind == "type":
        return starts_type(token)
    return token.kind != PUNCT or token.is_punct("[", "{", "-")


# --- variables -----------------------------------------------------------------

def read_variable(reading: OpReading, name: str) -> None:
    kind = reading.spec.kind_of(name)
    if kind == "operand":
        read_operand(reading, name)
    elif kind == "attr":
        read_attribute(reading, name)
    elif kind == "region":
        read_region(reading, name)
    elif kind == "successor":
        token = reading.cursor.next()
        if token.kind != "caret":
            raise reading.fail("expected a block successor ('^bb')", token)
        reading.add_entries([])
        raise reading.fail(f"'{reading.op}' with successors must be written in generic form",
                           token)
    else:
        raise reading.fail(f"'{name}' of the format is not in the definition of '{reading.op}'")


def read_operand(reading: OpReading, name: str) -> None:
    cursor = reading.cursor
    group = reading.spec.operand(name)
    if group is not None and group.count == "*":
        values = []
        if cursor.at_kind(PERCENT):
            values.append(cursor.value_use())
            while cursor.at_punct(",") and cursor.at_kind(PERCENT, 1):
                cursor.pos += 1
                values.append(cursor.value_use())
        reading.add_values(name, values)
        return
    if group is not None and group.count == "?" and not cursor.at_kind(PERCENT):
        reading.add_values(name, [])
        return
    reading.add_values(name, [cursor.value_use()])


def read_all_operands(reading: OpReading) -> None:
    cursor = reading.cursor
    values = []
    if cursor.at_kind(PERCENT):
        values = [cursor.value_use()]
        while cursor.accept_punct(","):
            values.append(cursor.value_use())
    groups = reading.spec.operands
    if len(groups) == 1:
        reading.add_values(groups[0].name, values)
        return
    if len(values) != len(groups):
        raise reading.fail(f"'{reading.op}' takes {len(groups)} operands, found {len(values)}")
    for group, value in zip(groups, values, strict=False):
        reading.add_values(group.name, [value])


def read_region(reading: OpReading, name: str) -> None:
    cursor = reading.cursor
    opener = cursor.peek()
    if opener is None or not opener.is_punct("{"):
        raise cursor.expected(f"a region ('{{') for '{name or reading.op}'")
    start = cursor.pos
    cursor.skip_balanced()
    reading.regions.append((start, cursor.pos - 1))


def read_attr_dict(reading: OpReading, keyword: bool) -> None:
    cursor = reading.cursor
    if keyword:
        if not cursor.accept_keyword("attributes"):
            return
    elif not cursor.at_punct("{"):
        return
    reading.add_entries(cursor.attr_dict())


# --- attributes ------------------------------------------------------------------

def read_attribute(reading: OpReading, name: str) -> None:
    spec = reading.spec.attr(name)
    assert spec is not None
    reading.attrs[name] = read_attribute_value(reading.cursor, spec)


def read_attribute_value(cursor: Cursor, spec: AttrSpec) -> str | None:
    """The generic text of an attribute written as the format prints it;
    None for a unit attribute (present)."""
    kind, _, detail = spec.kind.partition(":")
    token = cursor.peek()
    if token is None:
        raise cursor.expected(f"a value for '{spec.name}'")
    if kind == "unit":
        return None
    if token.kind == HASH:
        return cursor.attribute_item()
    if kind in ("int", "float"):
        text = cursor.attribute_item()
        if cursor.at_punct(":"):
            cursor.pos += 1
            return f"{text} : {cursor.type_text()}"
        return f"{text} : {detail}"
    if kind == "angle":
        if not token.is_punct("<"):
            raise cursor.expected(f"'<' or '#pto.{detail}<' for '{spec.name}'")
        start = cursor.pos
        cursor.skip_balanced()
        return f"#pto.{detail}" + _span(cursor, start)
    if kind == "bare":
        if token.kind not in (BARE, STRING):
            raise cursor.expected(f"a {detail} value for '{spec.name}'")
        cursor.pos += 1
        return f"#pto<{detail} {token.text}>"
    if kind == "dense":
        if token.is_punct("["):
            start = cursor.pos
            cursor.skip_balanced()
            body = _span(cursor, start)[1:-1].strip()
            return f"array<{detail}: {body}>" if body else f"array<{detail}>"
        return cursor.attribute_item()
    if kind == "symname":
        if token.kind != AT:
            raise cursor.expected(f"a symbol name ('@name') for '{spec.name}'")
        cursor.pos += 1
        return token.text[1:] if token.text[1:2] == '"' else f'"{token.text[1:]}"'
    if kind == "type":
        return cursor.type_text()
    return cursor.attribute_item()


def _span(cursor: Cursor, start: int) -> str:
    return span_text(cursor.text, cursor.tokens, start, cursor.pos)


# --- types -------------------------------------------------------------------------

def read_type_directive(reading: OpReading, node: list) -> None:
    qualified = node[0] == "qualified"
    inner = node[1][0] if qualified else node
    if isinstance(inner, list) and inner[0] == "type":
        for target in inner[1]:
            read_types_of(reading, target, qualified)
        return
    raise reading.fail(f"unsupported type directive {node}")


def read_types_of(reading: OpReading, target: str, qualified: bool) -> None:
    cursor = reading.cursor
    spec = reading.spec
    if target in ("@results", "@operands"):
        groups = spec.results if target == "@results" else spec.operands
        types = read_type_list(reading, None) if groups else []
        _spread(reading, groups, types)
        return
    name = target[1:]
    group = spec.operand(name) or spec.result(name)
    if group is None:
        raise reading.fail(f"'{name}' has no type in the definition of '{reading.op}'")
    type_class = None if qualified else group.type_class
    if group.count == "*":
        known = reading.values.get(name) if spec.operand(name) is not None else None
        reading.add_types(name, read_type_list(reading, len(known) if known is not None
                                               else None, type_class))
        return
    if group.count == "?" and spec.operand(name) is not None \
            and not reading.values.get(name) and not _type_can_start(cursor.peek()):
        return
    reading.add_types(name, [read_type(reading, type_class)])


def _spread(reading: OpReading, groups, types: list[str]) -> None:
    if len(groups) == 1:
        reading.add_types(groups[0].name, types)
        return
    for group, type_ in zip(groups, types, strict=False):
        reading.add_types(group.name, [type_])


def _type_can_start(token: Token | None) -> bool:
    """A type, in full or (a type class's) its `<...>` only."""
    return starts_type(token) or (token is not None and token.is_punct("<"))


def read_type(reading: OpReading, type_class: str | None) -> str:
    cursor = reading.cursor
    token = cursor.peek()
    if type_class is not None and token is not None and token.is_punct("<"):
        start = cursor.pos
        cursor.skip_balanced()
        return type_class + _span(cursor, start)
    return cursor.type_text()


def read_type_list(reading: OpReading, count: int | None,
                   type_class: str | None = None) -> list[str]:
    """A variadic `type(...)`: MLIR's parseTypeList, which needs one type at least
    (an empty list after `:` or `(` reads nowhere, PTOAS included)."""
    cursor = reading.cursor
    first = cursor.peek()
    types = [read_type(reading, type_class)]
    if count == 0:
        raise cursor.fail("more types than operands: the group has none", first)
    while (count is None or len(types) < count):
        if count is None and not (cursor.at_punct(",")
                                  and _type_can_start(cursor.peek(1))):
            break
        cursor.expect_punct(",")
        types.append(read_type(reading, type_class))
    return types


def read_functional_type(reading: OpReading, args: list) -> None:
    cursor = reading.cursor
    cursor.expect_punct("(")
    inputs = cursor.type_list(")")
    cursor.expect_punct("->")
    if cursor.at_punct("("):
        cursor.pos += 1
        outputs = cursor.type_list(")")
    else:
        outputs = [cursor.type_text()]
    for target, types in zip(args, (inputs, outputs), strict=False):
        if target in ("@operands", "@results"):
            groups = reading.spec.operands if target == "@operands" else reading.spec.results
            _spread_by_values(reading, groups, types, target == "@operands")
        else:
            reading.add_types(target[1:], types)


def _spread_by_values(reading: OpReading, groups, types: list[str], operands: bool) -> None:
    if not operands or len(groups) == 1:
        _spread(reading, groups, types)
        return
    position = 0
    for group in groups:
        count = len(reading.values.get(group.name, []))
        reading.add_types(group.name, types[position:position + count])
        position += count
