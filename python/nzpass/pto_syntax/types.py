"""The spellings of pto types: every spelling PTOAS reads is read to one
canonical text (upstream MLIR compares an unregistered dialect's types by
their text, so `!pto.tile_buf<vec, 16x16xf32>` and its key/value spelling
must become one text), and printed back in the spelling PTOAS prints.

Canonical (what MLIR sees, what nzpass's passes emit):
  !pto.tile_buf<loc=.., dtype=.., rows=.., ..., pad=..[, compact=..]>  (key/value)
  !pto.ptr<T> for global memory, !pto.ptr<T, ub|l1|l0a|l0b|l0c|bt|fb> otherwise
  !pto.tensor_view<..> / !pto.partition_tensor_view<..> (`tile_view` is the latter)
  memref<.., "#pto.address_space<vec>">  a pto attribute as a memref's memory space
      (upstream MLIR refuses an attribute of an unregistered dialect there, as it
      takes it for a builtin one; a string memory space it accepts) is the string
      of its text
  memref<..xi8, {pto_element = "!pto.hif8", space = "#pto.address_space<mat>"}>
      a memref of a pto element type (`memref<?x!pto.hif8, #pto.address_space<mat>>`:
      upstream MLIR refuses any element type but its own) holds a builtin integer of the
      same width (`PTO_ELEMENT_STAND_INS`), and a dictionary memory space names the pto
      element and the memory space written, if any
Printed back: the compact tile_buf (non-default fields only), as PTOAS prints it, the
canonical pointer (`!pto.ptr<T>` for global memory is read by every PTOAS version), and
a memref's memory space as the pto attribute the string holds, a memref of a pto
element type as PTOAS writes it.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..dialects import opaque
from ..dialects.pto import PTR_SPACES, TileBuf, parse_tile_buf, parse_view_type
from .tokenizer import without_comments

_DEFAULTS = TileBuf("vec", "f32", 1, 1, 1, 1)
_NESTED = re.compile(r"!pto\.[\w.]+<")
_MEMREF = re.compile(r"(?<![\w.])memref<")


def _body(text: str, mnemonic: str) -> str | None:
    prefix = f"!pto.{mnemonic}<"
    if not (text.startswith(prefix) and text.endswith(">")):
        return None
    return text[len(prefix):-1]


# The pto element types a memref may hold, by the builtin integer of their
# width that stands in for them (hif8: one 8-bit float; f4E2M1x2: two 4-bit).
PTO_ELEMENT_STAND_INS = {"!pto.hif8": "i8", "!pto.hif8x2": "i16", "!pto.f4E2M1x2": "i8"}
_ELEMENT_KEY = "pto_element"
_STOOD_IN = re.compile(r'^\{pto_element = "(?P<element>[^"\\]*)"'
                       r'(?:, space = (?P<space>"[^"\\]*"))?\}$')


def _memrefs(text: str, change) -> str:
    """`text` with the parameters of each `memref<...>` in it changed by
    `change` (a list of parameter texts -> a new list, or None to keep)."""
    out, pos = [], 0
    for match in _MEMREF.finditer(text):
        if match.start() < pos:
            continue
        end = _closing(text, match.end() - 1)
        if end is None:
            continue
        try:
            items = opaque.split_top_level(text[match.end():end - 1])
        except opaque.OpaqueSyntaxError:
            continue
        changed = change(items) if items else None
        if changed is None:
            continue
        out += [text[pos:match.end()], ", ".join(changed), ">"]
        pos = end
    out.append(text[pos:])
    return "".join(out)


def _stand_in_element(items: list[str]) -> list[str] | None:
    """`?x!pto.hif8, #pto.address_space<mat>` -> `?xi8, {pto_element = .., space = ..}`."""
    shape, bang, element = items[0].rpartition("!")
    element = bang + element
    stand_in = PTO_ELEMENT_STAND_INS.get(element)
    if stand_in is None or not (shape == "" or shape.endswith("x")) or len(items) > 2:
        return None
    space = ""
    if len(items) == 2:
        if not items[1].startswith(("#pto.", '"#pto.')):
            return None  # a layout, or a memory space PTOAS does not write
        space = ", space = " + quoted_memory_space(items[1])
    return [shape + stand_in, f'{{{_ELEMENT_KEY} = "{element}"{space}}}']


def _pto_element(items: list[str]) -> list[str] | None:
    """The reverse of `_stand_in_element`."""
    found = _STOOD_IN.match(items[-1]) if len(items) == 2 else None
    if found is None:
        return None
    shape = items[0][:len(items[0]) - len(PTO_ELEMENT_STAND_INS.get(found["element"], "?"))]
    if not (shape == "" or shape.endswith("x")) or found["element"] not in PTO_ELEMENT_STAND_INS:
        return None
    out = [shape + found["element"]]
    if found["space"] is not None:
        out.append(unquoted_memory_space(found["space"]))
    return out


@lru_cache(maxsize=8192)
def canonical(text: str) -> str:
    """The canonical text of a type (any type: only pto types change);
    unchanged when it is not a spelling this module knows or does not read."""
    if "memref<" in text and "!pto." in text:
        text = _memrefs(text, _stand_in_element)
    if "#pto." in text and "memref<" in text:
        text = _memory_spaces(text, quoted_memory_space)
    if "!pto." not in text:
        return text
    if "\n" in text:
        text = _one_line(text)
    if not text.startswith("!pto."):
        return _canonical_nested(text)
    try:
        return _canonical_pto(text)
    except (opaque.OpaqueSyntaxError, ValueError):
        return text  # left for the consumer (and its diagnostic) to see as written


_BREAK_AFTER_COMMA = re.compile(r"(?<=,)[ \t]*\r?\n\s*")
_BREAK = re.compile(r"[ \t]*\r?\n\s*")


def _one_line(text: str) -> str:
    """A type written over several lines on one line, as MLIR prints it: a
    break after a comma becomes one space, any other break nothing; a comment
    is dropped, never joined to the next line."""
    return _BREAK.sub("", _BREAK_AFTER_COMMA.sub(" ", without_comments(text)))


# The tile_buf parameters PTOAS reads with parseKeywordOrString, where a string
# holding a keyword is the keyword (`loc="acc"` is `loc=acc`): the first parameter
# (the compact form's location, or the key/value form's `loc` key) and these values.
_KEYWORD_OR_STRING_FIELDS = frozenset({"loc", "blayout", "slayout"})
_QUOTED_KEYWORD = re.compile(r'"([A-Za-z_][\w$.]*)"')
_TILE_BUF = re.compile(r"!pto\.tile_buf<")


class RepeatedField(opaque.OpaqueSyntaxError):
    """A tile_buf field stated twice."""

    def __init__(self, field: str):
        super().__init__(f"field '{field}' is stated twice")
        self.field = field


def _keyword(text: str) -> str:
    text = text.strip()
    quoted = _QUOTED_KEYWORD.fullmatch(text)
    return text if quoted is None else quoted[1]


def tile_buf_items(body: str) -> list[str]:
    """The parameters of a tile_buf body as PTOAS reads them, a quoted keyword as the
    keyword; RepeatedField for a field stated twice, which PTOAS refuses (a reader
    keeping the first and one keeping the last would read two different tiles)."""
    items: list[str] = []
    seen: set[str] = set()
    for number, item in enumerate(opaque.parameter_list(body, f"!pto.tile_buf<{body}>")):
        key, eq, value = item.partition("=")
        key = _keyword(key) if number == 0 else key.strip()
        if not eq:
            items.append(key)
            continue
        if key in seen:
            raise RepeatedField(key)
        seen.add(key)
        items.append(f"{key}={_field_text(key, value)}")
    return items


# The tile_buf fields PTOAS reads with parseInteger, which takes MLIR's hexadecimal
# literal too. Not `valid`: a dimension list, where `0x128` is 0 by 128 rows.
_INTEGER_FIELDS = frozenset({"rows", "cols", "v_row", "v_col", "fractal", "pad", "compact"})
_HEX_INTEGER = re.compile(r"0x[0-9a-fA-F]+")


def _field_text(key: str, value: str) -> str:
    """A key/value field's value as nzpass reads it: a quoted keyword as the keyword, a
    hexadecimal integer (`pad=0x1`, which PTOAS reads as 1) in decimal."""
    if key in _KEYWORD_OR_STRING_FIELDS:
        return _keyword(value)
    if key in _INTEGER_FIELDS and _HEX_INTEGER.fullmatch(value.strip()):
        return str(int(value.strip(), 16))
    return value


# The pto types nzpass reads the parameters of (dialects/pto.py).
_READ_TYPE = re.compile(r"!pto\.(ptr|tile_buf|tensor_view|partition_tensor_view|tile_view)<")


@lru_cache(maxsize=1024)
def malformed_parameters(text: str) -> tuple[int, str] | None:
    """(offset in `text`, why) of the first pto type in `text` nzpass reads (a pointer, a
    tile_buf, a view), nested ones included, whose parameter list does not read: none
    (`!pto.ptr<>`), an empty one (a stray comma), unbalanced brackets; None when all read.
    Every reader of such a type indexes its parameters (found by red team: `!pto.ptr<>`
    was an internal error), and no PTOAS parser reads such a list."""
    for match in _READ_TYPE.finditer(text):
        end = _closing(text, match.end() - 1)
        data = text[match.start() + len("!pto."):end]
        try:
            items = opaque.parameters(data, match[1], "!pto.")
        except opaque.OpaqueSyntaxError as err:
            return match.start(), str(err)
        for item in items:
            key, eq, value = item.partition("=")
            if eq and not value.strip():
                return match.start(), f"'!pto.{data}': {opaque.empty_value(key.strip())}"
    return None


@lru_cache(maxsize=1024)
def repeated_field(text: str) -> str | None:
    """The first field a tile_buf type in `text` states twice, or None."""
    for match in _TILE_BUF.finditer(text):
        end = _closing(text, match.end() - 1)
        if end is None:
            continue
        try:
            tile_buf_items(text[match.end():end - 1])
        except RepeatedField as repeated:
            return repeated.field
        except opaque.OpaqueSyntaxError:
            continue
    return None


def _canonical_pto(text: str) -> str:
    body = _body(text, "tile_buf")
    if body is not None:
        items = tile_buf_items(_canonical_nested(body))
        tile = parse_tile_buf("tile_buf<" + ", ".join(items) + ">")
        if tile.compact == 0:  # PTOAS's default: the same type as no compact field
            tile = tile._replace(compact=None)
        return tile.spelling()
    body = _body(text, "ptr")
    if body is not None:
        items = opaque.parameter_list(body, text)
        element = canonical(items[0])
        if len(items) == 1 or (len(items) == 2 and PTR_SPACES.get(items[1]) == "gm"):
            return f"!pto.ptr<{element}>"
        if len(items) == 2 and items[1] in PTR_SPACES:
            return f"!pto.ptr<{element}, {PTR_SPACES[items[1]]}>"
        return text
    body = _body(text, "tile_view")
    if body is not None:
        text = f"!pto.partition_tensor_view<{body}>"
    if text.startswith(("!pto.tensor_view<", "!pto.partition_tensor_view<")):
        view = parse_view_type(text[len("!pto."):])
        if view is not None:
            return view._replace(element=canonical(view.element)).spelling()
    return _canonical_nested(text)


def _canonical_nested(text: str) -> str:
    """A type holding pto types in its body (`!pto.struct<!pto.ptr<f32>>`,
    `memref<..>`): each nested pto type made canonical."""
    out, pos = [], 0
    for match in _NESTED.finditer(text):
        if match.start() < pos:
            continue
        end = _closing(text, match.end() - 1)
        if end is None or match.start() == 0:
            continue
        out += [text[pos:match.start()], canonical(text[match.start():end])]
        pos = end
    out.append(text[pos:])
    return "".join(out)


def _closing(text: str, start: int) -> int | None:
    depth = 0
    for pos in range(start, len(text)):
        char = text[pos]
        if char == "<":
            depth += 1
        elif char == ">" and not opaque.closes_nothing(text, pos):
            depth -= 1
            if depth == 0:
                return pos + 1
    return None


def quoted_memory_space(space: str) -> str:
    """`#pto.address_space<vec>` -> `"#pto.address_space<vec>"` (the canonical
    memory space of a memref); any other memory space is left as it is."""
    if not space.startswith("#pto."):
        return space
    return '"' + space.replace("\\", "\\\\").replace('"', '\\"') + '"'


def unquoted_memory_space(space: str) -> str:
    """The reverse of `quoted_memory_space`: the pto attribute a string
    memory space holds, as PTOAS writes it."""
    if not (space.startswith('"#pto.') and space.endswith('"')) or "\\" in space:
        return space
    return space[1:-1]


def _memory_spaces(text: str, change) -> str:
    """`text` with the memory space of each `memref<...>` in it changed by
    `change` (the memory space is the last of two or more parameters)."""

    def respace(items: list[str]) -> list[str] | None:
        if len(items) < 2:
            return None
        space = change(items[-1])
        return None if space == items[-1] else [*items[:-1], space]

    return _memrefs(text, respace)


@lru_cache(maxsize=8192)
def ptoas_spelling(text: str) -> str:
    """A canonical type as PTOAS prints it."""
    if _ELEMENT_KEY in text and "memref<" in text:
        text = _memrefs(text, _pto_element)
    if '"#pto.' in text and "memref<" in text:
        text = _memory_spaces(text, unquoted_memory_space)
    if not text.startswith("!pto."):
        return text
    try:
        body = _body(text, "tile_buf")
        if body is not None:
            return compact_tile_buf(parse_tile_buf("tile_buf<" + body + ">"))
        body = _body(text, "ptr")
        if body is not None:
            # `!pto.ptr<T>` for global memory: every PTOAS version reads it
            # (0.60 prints `, gm`; upstream's pointer has no address space).
            return text
    except opaque.OpaqueSyntaxError:
        return text
    return text


def compact_tile_buf(tile: TileBuf) -> str:
    items = [tile.loc, f"{tile.rows}x{tile.cols}x{tile.dtype}"]
    if (tile.v_row, tile.v_col) != (tile.rows, tile.cols):
        items.append(f"valid={opaque.show_extent(tile.v_row)}x{opaque.show_extent(tile.v_col)}")
    for key in ("blayout", "slayout", "fractal", "pad"):
        if getattr(tile, key) != getattr(_DEFAULTS, key):
            items.append(f"{key}={getattr(tile, key)}")
    if tile.compact not in (None, 0):
        items.append(f"compact={tile.compact}")
    return "!pto.tile_buf<" + ", ".join(items) + ">"


def stripped(text: str, type_class: str) -> str:
    """`!pto.ptr<f32, gm>` -> `<f32, gm>` for an operand whose definition
    names the type class (MLIR prints such types without their prefix)."""
    return text[len(type_class):] if text.startswith(type_class + "<") else text
