"""Reading the bodies of opaque types and attributes (`tile<...>`,
`layout<...>`, `tile_buf<...>`): the bindings hand them over as raw text, so
this is the one small tokenizer for them."""

from __future__ import annotations

from collections.abc import Iterator

_OPEN = {"<": ">", "[": "]", "(": ")", "{": "}"}
# The `>` that closes no bracket, for every scanner of MLIR text that counts brackets:
# an arrow's (a function type, an affine map) and an affine constraint's `>=` (an
# integer set).
NOT_CLOSING = ("->", ">=")


def closes_nothing(text: str, pos: int) -> bool:
    """Whether the `>` at `pos` is one of NOT_CLOSING's."""
    return any(text.startswith(token, pos - token.index(">")) for token in NOT_CLOSING)


class OpaqueSyntaxError(ValueError):
    pass


def strip_wrapper(data: str, keyword: str) -> str:
    """`keyword<body>` -> `body`."""
    data = data.strip()
    if not (data.startswith(keyword + "<") and data.endswith(">")):
        raise OpaqueSyntaxError(f"expected '{keyword}<...>', got '{data}'")
    return data[len(keyword) + 1:-1]


def split_top_level(body: str, sep: str = ",") -> list[str]:
    """Split at `sep` outside any bracket pair; items are stripped."""
    items, depth, start = [], [], 0
    for pos, char in enumerate(body):
        if char in _OPEN:
            depth.append(_OPEN[char])
        elif depth and char == depth[-1]:
            depth.pop()
        elif char in _OPEN.values():
            raise OpaqueSyntaxError(f"unbalanced '{char}' in '{body}'")
        elif char == sep and not depth:
            items.append(body[start:pos].strip())
            start = pos + 1
    if depth:
        raise OpaqueSyntaxError(f"unbalanced brackets in '{body}'")
    tail = body[start:].strip()
    if tail or items:
        items.append(tail)
    return items


def parameters(data: str, keyword: str, prefix: str) -> list[str]:
    """The parameters of `keyword<a, b, ...>` (an opaque type's data; `prefix`, its dialect's
    `!pto.`, names it in messages): the one reader of a type's parameter list, so that none
    indexes a list that is not there. OpaqueSyntaxError for a wrapper that is not
    `keyword<...>`, unbalanced brackets, no parameter at all (`ptr<>`) or an empty one (a
    leading, trailing or doubled comma): no PTOAS parser reads those either."""
    return parameter_list(strip_wrapper(data, keyword), prefix + data.strip())


def parameter_list(body: str, spelling: str) -> list[str]:
    """`parameters` of a body already unwrapped, of the type spelt `spelling`."""
    items = split_top_level(body)
    if not items:
        raise OpaqueSyntaxError(f"'{spelling}' has no parameters")
    if "" in items:
        raise OpaqueSyntaxError(f"'{spelling}' has an empty parameter (a stray comma)")
    return items


def key_values(items: list[str]) -> Iterator[tuple[str, str | None]]:
    """`key = value` items as (key, value); bare words as (word, None). A key stated
    twice is an error: a reader that keeps the first and one that keeps the last
    would describe different data (PTOAS's own parsers refuse duplicates)."""
    seen: set[str] = set()
    for item in items:
        key, eq, value = item.partition("=")
        key = key.strip()
        if key in seen:
            raise OpaqueSyntaxError(f"'{key}' is stated twice; state it once")
        seen.add(key)
        if eq and not value.strip():
            raise OpaqueSyntaxError(empty_value(key))
        yield key, (value.strip() if eq else None)


def empty_value(key: str) -> str:
    """Why a `key =` with nothing after it does not read (PTOAS's parsers read a type,
    an integer or a keyword there; `dtype=` had been read as a dtype of no name)."""
    return f"field '{key}' has no value after '='"


# Extents and sizes are int64 in MLIR (and in every pto op operand).
INT64_MAX = 2 ** 63 - 1


def is_decimal(text: str) -> bool:
    """ASCII digits only: `str.isdigit` also takes `²`, which `int` refuses."""
    return text.isascii() and text.isdigit()


def parse_integer(text: str, what: str) -> int:
    """A non-negative decimal integer that fits in int64."""
    text = text.strip()
    if not is_decimal(text):
        raise OpaqueSyntaxError(f"{what} must be a non-negative integer, got '{text}'")
    value = int(text)
    if value > INT64_MAX:
        raise OpaqueSyntaxError(f"{what} {text} does not fit in 64 bits")
    return value


def parse_extent(text: str) -> int | None:
    """An extent: a non-negative integer, or `?` for dynamic (None)."""
    text = text.strip()
    if text == "?":
        return None
    if not is_decimal(text):
        raise OpaqueSyntaxError(f"expected an integer or '?', got '{text}'")
    return parse_integer(text, "extent")


def parse_extent_list(text: str) -> tuple[int | None, ...]:
    """`[512, ?, 1]` -> (512, None, 1)."""
    text = text.strip()
    if not (text.startswith("[") and text.endswith("]")):
        raise OpaqueSyntaxError(f"expected a list '[...]', got '{text}'")
    return tuple(parse_extent(item) for item in split_top_level(text[1:-1]))


def parse_dims(text: str) -> tuple[tuple[int | None, ...], str]:
    """`256x?x512xi8` -> ((256, None, 512), 'i8'); blanks around an `x` are allowed, as
    MLIR's dimension lists allow them (`8 x 128 x f32`, as PTOAS's lit tests spell it)."""
    parts = text.strip().split("x")
    dims = []
    while len(parts) > 1 and (is_decimal(parts[0].strip()) or parts[0].strip() == "?"):
        dims.append(parse_extent(parts.pop(0).strip()))
    element = "x".join(parts).strip()
    if not element:
        raise OpaqueSyntaxError(f"missing element type in '{text}'")
    return tuple(dims), element


def show_extent(extent: int | None) -> str:
    return "?" if extent is None else str(extent)


def show_extent_list(extents) -> str:
    return "[" + ", ".join(show_extent(e) for e in extents) + "]"


def show_dims(dims, element: str) -> str:
    return "".join(f"{show_extent(d)}x" for d in dims) + element
