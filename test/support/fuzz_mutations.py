"""Inputs for fuzzing nzpass-opt: valid `pl` and `pto` seeds, mutations of
them, and hand-built hostile inputs (garbage, deep arithmetic, deep nesting,
overflowing extents, malformed pipelines).

Everything here is plain text (or bytes) built from a `random.Random`, so a
case is reproduced from its seed and index alone. The runner that feeds these
to the tool and judges the outcome is `fuzz_runner`.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# The pipelines of the issue, alone and mixed with upstream passes.
PIPELINES = (
    "pl-to-pto",
    "block-nz-tensor-views",
    "materialize-tensor-strides",
    "convert-pl-to-pto",
    "verify-pto-nz",
    "pto-block-nz-views",
    "block-nz-tensor-views,materialize-tensor-strides",
    "block-nz-tensor-views,canonicalize,cse",
    "canonicalize,pl-to-pto,canonicalize,cse",
    "pl-to-pto,canonicalize,cse",
    "convert-pl-to-pto,verify-pto-nz,cse",
    "pto-block-nz-views,verify-pto-nz",
    "pto-block-nz-views,canonicalize,cse,verify-pto-nz",
    "block-nz-tensor-views{max-proof-depth=4},materialize-tensor-strides",
)


# Flags that change how the input is read or the output printed; a second run
# of the output keeps them.
EXTRA_FLAGS = ("--split-input-file", "--mlir-print-op-generic", "--pto-syntax=custom",
               "--mlir-print-ir-after-all", "--mlir-timing")


@dataclass
class Case:
    """One input for the tool: the bytes to parse and the arguments to run."""

    name: str
    data: bytes
    args: list[str]
    # What the case is about, for the outcome table (seed mutation, garbage, ...).
    family: str = "mutation"
    # Extra checks do not apply: a usage error is the expected answer.
    expect_usage: bool = False
    tags: list[str] = field(default_factory=list)


# --------------------------------------------------------------------------- seeds


def _units(text: str) -> Iterator[str]:
    """Top-level units of a lit test or example: each `// -----` chunk, split
    further into its top-level `func.func` and `module` ops, comments dropped."""
    for chunk in text.split("// -----"):
        lines = [line for line in chunk.splitlines() if not line.lstrip().startswith("//")]
        unit: list[str] = []
        for line in lines:
            if not unit and not re.match(r"(func\.func|module)\b", line):
                continue
            unit.append(line)
            if line == "}":
                yield "\n".join(unit) + "\n"
                unit = []


def seeds() -> list[tuple[str, str]]:
    """(name, text) of every valid-syntax unit of the examples and lit tests,
    the invalid cases included (they parse; the passes refuse them)."""
    files = [ROOT / "examples" / "matmul_nz.mlir", *sorted((ROOT / "test" / "lit").glob("*.mlir"))]
    found = []
    for path in files:
        for index, unit in enumerate(_units(path.read_text(encoding="utf-8"))):
            found.append((f"{path.stem}#{index}", unit))
    return found


def verify_seeds() -> list[tuple[str, str, str]]:
    """(name, chunk, pass) of every chunk of the `*-invalid.mlir` lit tests,
    comments kept: inputs for `--verify-diagnostics` with their expectations."""
    found = []
    for path in sorted((ROOT / "test" / "lit").glob("*-invalid.mlir")):
        pass_name = path.stem.removesuffix("-invalid")
        text = path.read_text(encoding="utf-8")
        for index, chunk in enumerate(text.split("// -----")):
            lines = [line for line in chunk.splitlines() if "RUN:" not in line]
            if any("expected-" in line for line in lines):
                found.append((f"{path.stem}@{index}", "\n".join(lines) + "\n", pass_name))
    return found


# --------------------------------------------------------------------------- mutations

# Integers that sit on a boundary somewhere: signs, fractal factors, 16-bit
# fields, i32/i64 overflow, and a number no machine integer holds.
INTERESTING_INTS = (0, 1, -1, 2, -16, 15, 16, 17, 31, 32, 33, 255, 4095, 4096, 65535, 65536,
                    2 ** 31, 2 ** 32, 2 ** 40, 2 ** 62, 2 ** 63 - 1, 2 ** 63, 2 ** 64,
                    -(2 ** 63), 10 ** 30)
INTERESTING_DIMS = ("0", "1", "?", "15", "16", "17", "48", "4096", "65536", "4294967296",
                    "4611686018427387904", "9223372036854775807", "99999999999999999999")

LAYOUTS = (
    "#pl.layout<zz>", "#pl.layout<>", "#pl.layout<nz,>", "#pl.layout<nz, stride = [a]>",
    "#pl.layout<nz, stride = [1, 2]>", "#pl.layout<nz, stride = []>",
    "#pl.layout<nz, stride = [[1]]>", "#pl.layout<nz, stride = [-1, 1]>",
    "#pl.layout<nz, stride = [99999999999999999999, 1]>", "#pl.layout<nz, stride = [?, ?]>",
    "#pl.layout<nz, stride>", "#pl.layout<nz, stride = 5>", "#pl.layout<nz, valid_shape = [?]>",
    "#pl.layout<nz, valid_shape = [1, 1]>", "#pl.layout<nz, distributed>",
    "#pl.layout<nz, distributed = 1>", "#pl.layout<nz, foo>", "#pl.layout<nz<>>",
    "#pl.layout<nd>", "#pl.layout<dn>", "#pl.layout<NZ>", "#pl.layout<nz, nz>",
    "#pl.layout<nz, stride = [1, 2], stride = [3, 4]>", "#pl.layout", "#pl.zz<nz>",
    "#pl<layout nz>", "\"nz\"", "#pto.layout<nz>", "3",
)
PTO_LAYOUTS = ("#pto.layout<zz>", "#pto.layout<>", "#pto.layout<nz, nz>", "#pto.layout",
               "\"nz\"", "3", "#pl.layout<nz>", "unit", "#pto.layout<nd>", "#pto.layout<dn>")
TARGET_MEMORIES = ("3", "\"vec\"", "\"acc\"", "\"MAT\"", "\"\"", "unit", "[\"mat\"]",
                   "#pl.layout<nz>")
BACKENDS = ("\"a5\"", "\"zz\"", "3", "unit", "\"\"", "[\"a2a3\"]")
SEGMENT_SPELLINGS = ("array<i64: {}>", "array<i32>", "\"{}\"", "[{}]",
                     "dense<[{}]> : tensor<4xi32>", "array<i32: {}, 99>", "array<i32: -1, {}>",
                     "array<i32: 2147483647, {}>")
TILES = (
    "!pl.tile<256x512xi8>", "!pl.tile<256xi8, mat>", "!pl.tile<?x512xi8, mat>",
    "!pl.tile<256x512xi4, mat>", "!pl.tile<256x512xfoo, mat>", "!pl.tile<256x512xi8, zz>",
    "!pl.tile<256x512xi8, mat, valid = 1>", "!pl.tile<256x512xi8, mat, valid = ?x?>",
    "!pl.tile<256x512xi8, mat, valid = axb>", "!pl.tile<0x0xf32, acc>", "!pl.tile<0x0xi8, mat>",
    "!pl.tile<256x512xi8, mat, extra>", "!pl.tile", "!pl.tile<>", "!pl.tile<,>",
    "!pl.tile<256x512x!pl.tile<1x1xi8, mat>, mat>", "!pl.tile<99999999999999999999x16xf32, acc>",
    "!pl.tile<65536x4096xf32, acc>", "!pl.tile<16x16xf32, acc, valid = 99999999999999999999x16>",
    "!pl.tile<16x16xf32, acc, valid = 32x32>", "!pl.tile<16x16xf32, acc, valid = -1x16>",
    "!pl.tile<16x16xi1, acc>", "!pl.tile<16x16xf64, mat>", "!pl.tile<16x16xindex, mat>",
)
TILE_BUF_FIELDS = {
    "loc": ("zz", "", "acc", "mat", "vec", "bias"),
    "dtype": ("i4", "foo", "", "f32", "i8", "index", "!pto.ptr<i8>"),
    "rows": ("a", "-1", "0", "?", "99999999999999999999", "65536", "17"),
    "cols": ("a", "-1", "0", "?", "99999999999999999999", "4096", "7"),
    "v_row": ("?", "-1", "a", "0", "99999999999999999999"),
    "v_col": ("?", "-1", "a", "0", "99999999999999999999"),
    "blayout": ("zz", "row_major", "col_major", ""),
    "slayout": ("zz", "none_box", "row_major", ""),
    "fractal": ("7", "0", "1024", "512", "a", "-512"),
    "pad": ("9", "-1", "a", ""),
}
ELEMENT_SWAPS = ("i1", "i4", "ui8", "i16", "i64", "f64", "bf16", "f8E4M3FN", "f4E2M1FN", "index",
                 "complex<f32>", "vector<4xf32>", "none", "!pl.tile<16x16xf32, acc>")
TYPE_SWAPS = ("i32", "f32", "i64", "i1", "index", "none", "tensor<16x32xi8, #pl.layout<nz>>",
              "tensor<?x?xi8, #pl.layout<nz>>", "tensor<*xf32>", "memref<16x32xi8>",
              "!pl.tile<16x32xi8, mat>", "!pto.ptr<i8>", "!pto.tensor_view<?x?xi8>",
              "!pto.partition_tensor_view<16x32xi8>", "vector<4xindex>", "tuple<>")
OP_SWAPS = {
    "pl.tile.load": ("pl.tile.store", "pl.tensor.slice", "pl.tensor.view", "pl.remote_load",
                     "pl.tensor.reshape", "pl.prefetch.async_prefetch", "pl.tile.matmul"),
    "pl.tile.store": ("pl.tile.load", "pl.tensor.slice", "pl.tensor.reinterpret_view"),
    "pl.tensor.slice": ("pl.tile.load", "pl.tensor.view", "pl.tensor.reshape"),
    "pto.tload": ("pto.tstore", "pto.partition_view"),
    "pto.tstore": ("pto.tload",),
    "pto.partition_view": ("pto.make_tensor_view", "pto.tload"),
    "pto.make_tensor_view": ("pto.partition_view", "pto.alloc_tile"),
    "pto.alloc_tile": ("pto.make_tensor_view",),
    "arith.addi": ("arith.subi", "arith.muli", "arith.maxsi", "arith.minsi", "arith.remsi",
                   "arith.floordivsi", "arith.divui"),
    "arith.muli": ("arith.addi", "arith.subi", "arith.floordivsi", "arith.shli"),
}
GARBAGE_TOKENS = ("}", "{", "\"", "<", ">", "(", ")", "#", "!", "%", "^bb1:", "// -----\n",
                  "\x00", "\t", "\r", "@", ":", "->", "loc(", "#pl.", "!pto.", "\u00e9",
                  "\U0001f600")
BAD_BYTES = (b"\x80", b"\xff", b"\xc3", b"\xe2\x82", b"\xed\xa0\x80", b"\xfe\xff", b"\xf8\x88\x80")

_INT_TOKEN = re.compile(r"(?<![\w%@#$.^-])-?\d+(?![\w.])")
_SHAPE = re.compile(r"(?<=[<(])((?:\d+|\?)x)+[a-z][\w]*")
_SEGMENTS = re.compile(r"array<i32:[^>]*>")
_LAYOUT = re.compile(r"#pl\.layout<[^<>]*(?:<[^<>]*>)?[^<>]*>")
_PTO_LAYOUT = re.compile(r"#pto\.layout<[a-z]*>")
_TILE = re.compile(r"!pl\.tile<[^<>]*>")
_TILE_BUF = re.compile(r"!pto\.tile_buf<[^<>]*>")
_TENSOR = re.compile(r"tensor<[^<>]*(?:<[^<>]*(?:<[^<>]*>)?[^<>]*>)?[^<>]*>")
_GENERIC_OP = re.compile(r'"((?:pl|pto)\.[\w.]+)"\(([^()]*)\)')
_SSA_USE = re.compile(r"%[\w]+")


def _pick_match(rng: random.Random, pattern: re.Pattern, text: str):
    matches = list(pattern.finditer(text))
    return rng.choice(matches) if matches else None


def _splice(text: str, match, replacement: str) -> str:
    return text[:match.start()] + replacement + text[match.end():]


def _replace_everywhere(rng: random.Random, pattern: re.Pattern, text: str,
                        make: Callable[[str], str]) -> str:
    """Replace one spelling matched by `pattern`, at every place it occurs, so
    definitions and uses keep agreeing and the module still parses."""
    match = _pick_match(rng, pattern, text)
    if match is None:
        return text
    old = match.group(0)
    return text.replace(old, make(old))


def truncate(rng, text):
    return text[:rng.randrange(len(text) + 1)]


def delete_line(rng, text):
    lines = text.splitlines(keepends=True)
    if lines:
        del lines[rng.randrange(len(lines))]
    return "".join(lines)


def duplicate_line(rng, text):
    lines = text.splitlines(keepends=True)
    if lines:
        index = rng.randrange(len(lines))
        lines.insert(index, lines[index])
    return "".join(lines)


def swap_lines(rng, text):
    lines = text.splitlines(keepends=True)
    if len(lines) > 2:
        a, b = rng.sample(range(len(lines)), 2)
        lines[a], lines[b] = lines[b], lines[a]
    return "".join(lines)


def integer(rng, text):
    match = _pick_match(rng, _INT_TOKEN, text)
    return text if match is None else _splice(text, match, str(rng.choice(INTERESTING_INTS)))


def negate_constant(rng, text):
    match = _pick_match(rng, re.compile(r"(?<=arith\.constant )\d+"), text)
    return text if match is None else _splice(text, match, "-" + match.group(0))


def shape(rng, text):
    """A tensor, tile or view shape with one extent changed, added or removed."""
    def change(old: str) -> str:
        dims = old.split("x")
        element = dims.pop()
        how = rng.randrange(3)
        if how == 0 or not dims:
            dims.insert(rng.randrange(len(dims) + 1), rng.choice(INTERESTING_DIMS))
        elif how == 1:
            dims[rng.randrange(len(dims))] = rng.choice(INTERESTING_DIMS)
        else:
            del dims[rng.randrange(len(dims))]
        return "x".join([*dims, element])
    return _replace_everywhere(rng, _SHAPE, text, change)


def element_type(rng, text):
    def change(old: str) -> str:
        return old.rsplit("x", 1)[0] + "x" + rng.choice(ELEMENT_SWAPS)
    return _replace_everywhere(rng, _SHAPE, text, change)


def segments(rng, text):
    """`operandSegmentSizes` with a wrong count, length or attribute kind."""
    match = _pick_match(rng, _SEGMENTS, text)
    if match is None:
        return text
    values = [v.strip() for v in match.group(0)[len("array<i32:"):-1].split(",") if v.strip()]
    how = rng.randrange(4)
    if how == 0 and values:
        index = rng.randrange(len(values))
        old = int(values[index]) if re.fullmatch(r"-?\d+", values[index]) else 0
        values[index] = str(old + rng.choice((-5, -1, 1, 2, 2 ** 31 - 1)))
    elif how == 1:
        values.insert(rng.randrange(len(values) + 1), str(rng.choice((0, 1, 5))))
    elif how == 2 and values:
        del values[rng.randrange(len(values))]
    else:
        return _splice(text, match, rng.choice(SEGMENT_SPELLINGS).format(", ".join(values)))
    return _splice(text, match, f"array<i32: {', '.join(values)}>")


def drop_attribute(rng, text):
    match = _pick_match(rng, re.compile(
        r",? ?\b(operandSegmentSizes|target_memory|layout|st_phase|stPhase|drop_dims|"
        r"nz_tensor_views_blocked|pl\.backend) = [^,}]+(?:<[^>]*>)?"), text)
    return text if match is None else _splice(text, match, "")


def layout(rng, text):
    if rng.random() < 0.5 and _PTO_LAYOUT.search(text):
        return _replace_everywhere(rng, _PTO_LAYOUT, text, lambda _: rng.choice(PTO_LAYOUTS))
    return _replace_everywhere(rng, _LAYOUT, text, lambda _: rng.choice(LAYOUTS))


def target_memory(rng, text):
    match = _pick_match(rng, re.compile(r'(?<=target_memory = )"\w*"'), text)
    return text if match is None else _splice(text, match, rng.choice(TARGET_MEMORIES))


def backend(rng, text):
    match = _pick_match(rng, re.compile(r'(?<=pl\.backend = )"\w*"'), text)
    if match is not None:
        return _splice(text, match, rng.choice(BACKENDS))
    return re.sub(r"^(func\.func .*\n(?:.*\n)*)",
                  lambda m: f"module attributes {{pl.backend = {rng.choice(BACKENDS)}}} {{\n"
                  f"{m.group(1)}}}\n", text, count=1, flags=re.M)


def blocked_mark(rng, text):
    """Add or remove the function mark that makes the blocking passes skip."""
    if "nz_tensor_views_blocked" in text:
        return text.replace(" attributes {nz_tensor_views_blocked}", "", 1)
    return re.sub(r"(func\.func @\w+\([^{]*\)[^{]*?) \{",
                  r"\1 attributes {nz_tensor_views_blocked} {", text, count=1)


def tile(rng, text):
    return _replace_everywhere(rng, _TILE, text, lambda _: rng.choice(TILES))


def tile_buf(rng, text):
    def change(old: str) -> str:
        body = old[len("!pto.tile_buf<"):-1]
        items = [item.strip() for item in body.split(",")]
        how = rng.randrange(4)
        if how == 0 and items:
            del items[rng.randrange(len(items))]
        elif how == 1:
            items.append(rng.choice(("compact=1", "compact=9", "extra=1", "rows=16", "zz")))
        else:
            key = rng.choice(list(TILE_BUF_FIELDS))
            items = [f"{key}={rng.choice(TILE_BUF_FIELDS[key])}" if i.startswith(key + "=") else i
                     for i in items]
        return "!pto.tile_buf<" + ", ".join(items) + ">"
    return _replace_everywhere(rng, _TILE_BUF, text, change)


def tile_buf_compact(rng, text):
    """The compact spelling PTOAS prints, with or without its optional fields."""
    def change(old: str) -> str:
        fields = dict(item.strip().split("=", 1) for item in old[14:-1].split(",") if "=" in item)
        extra = [f"{k}={fields[k]}" for k in ("blayout", "slayout", "fractal", "pad")
                 if k in fields and rng.random() < 0.7]
        if rng.random() < 0.3:
            extra.append(f"valid={fields.get('v_row', '?')}x{fields.get('v_col', '?')}")
        shape = "x".join(fields.get(key, default)
                         for key, default in (("rows", "16"), ("cols", "16"), ("dtype", "i8")))
        head = f"{fields.get('loc', 'mat')}, {shape}"
        return "!pto.tile_buf<" + ", ".join([head, *extra]) + ">"
    return _replace_everywhere(rng, _TILE_BUF, text, change)


def tensor_type(rng, text):
    """A GM tensor type replaced, everywhere, by another type."""
    return _replace_everywhere(rng, _TENSOR, text, lambda _: rng.choice(TYPE_SWAPS))


def index_type(rng, text):
    new = rng.choice(("i64", "i32", "i16", "i1", "f32", "si32"))
    return re.sub(r"\bindex\b", new, text) if rng.random() < 0.5 else text.replace(
        ": index", ": " + new, 1)


def drop_operand(rng, text):
    """Drop one operand of a pl/pto generic op, and its type, keeping the
    segment sizes as they were (a wrong operand count for its groups)."""
    match = _pick_match(rng, _GENERIC_OP, text)
    if match is None or not match.group(2).strip():
        return text
    operands = [o.strip() for o in match.group(2).split(",")]
    index = rng.randrange(len(operands))
    del operands[index]
    line_end = text.find("\n", match.end())
    line_end = len(text) if line_end < 0 else line_end
    rest = text[match.end():line_end]
    types = re.search(r" : \((.*)\) ->", rest)
    if types is not None:
        items = _split_types(types.group(1))
        if index < len(items):
            del items[index]
        rest = rest[:types.start(1)] + ", ".join(items) + rest[types.end(1):]
    new_op = f'"{match.group(1)}"({", ".join(operands)})'
    return text[:match.start()] + new_op + rest + text[line_end:]


def _split_types(text: str) -> list[str]:
    items, depth, start = [], 0, 0
    for pos, char in enumerate(text):
        depth += {"<": 1, "(": 1, "[": 1, ">": -1, ")": -1, "]": -1}.get(char, 0)
        if char == "," and depth == 0:
            items.append(text[start:pos].strip())
            start = pos + 1
    items.append(text[start:].strip())
    return [item for item in items if item]


def rewire_use(rng, text):
    """One use of an SSA value replaced by another value of the module."""
    names = sorted(set(_SSA_USE.findall(text)))
    uses = [m for m in _SSA_USE.finditer(text) if text[m.end():m.end() + 3] != " = "]
    if len(names) < 2 or not uses:
        return text
    return _splice(text, rng.choice(uses), rng.choice(names))


def swap_op(rng, text):
    candidates = [name for name in OP_SWAPS if f'"{name}"' in text or f"{name} " in text]
    if not candidates:
        return text
    name = rng.choice(candidates)
    return text.replace(name, rng.choice(OP_SWAPS[name]), 1)


def to_properties(rng, text):
    """pto attributes written as properties `<{...}>`, as PTOAS prints them."""
    return re.sub(r'("pto\.[\w.]+"\([^()]*\)) \{([^{}]*)\}', r"\1 <{\2}>", text,
                  count=rng.randrange(1, 4))


DESIGNATOR_WHERE = ("", "@+0", "@-1", "@+2", "@-99999", "@+99999999999999999999", "@above",
                    "@below", "@unknown", "@+", "@nowhere")
DESIGNATOR_BODY = ("{{}}", "{{", "}}", "{{x}} {{y}}", "{{[}}", "{{(}}", "{{\\}}", "{{.*}}",
                   "{{a{99999999999}}}", "{{(?P<x>a)(?P<x>b)}}", "{{\u00e9}}")


def designator(rng, text):
    """An `expected-*` comment with another kind, position or message."""
    match = _pick_match(rng, re.compile(r"expected-\w+(-re)? *(@\S+)? *\{\{.*\}\}"), text)
    if match is None:
        return text
    kind = rng.choice(("error", "note", "remark", "warning", "error-re", "bogus"))
    body = rng.choice((*DESIGNATOR_BODY, match.group(0)[match.group(0).index("{{"):]))
    return _splice(text, match, f"expected-{kind} {rng.choice(DESIGNATOR_WHERE)} {body}")


def garbage_token(rng, text):
    pos = rng.randrange(len(text) + 1)
    return text[:pos] + rng.choice(GARBAGE_TOKENS) + text[pos:]


def bad_bytes(rng, text):
    data = text.encode()
    pos = rng.randrange(len(data) + 1)
    return data[:pos] + rng.choice(BAD_BYTES) + data[pos:]


def flip_byte(rng, text):
    data = bytearray(text.encode())
    if data:
        data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
    return bytes(data)


# Name -> mutation; a mutation that returns bytes ends the chain.
MUTATIONS: dict[str, Callable[[random.Random, str], str | bytes]] = {
    f.__name__: f for f in (
        truncate, delete_line, duplicate_line, swap_lines, integer, negate_constant, shape,
        element_type, segments, drop_attribute, layout, target_memory, backend, blocked_mark,
        tile, tile_buf, tile_buf_compact, tensor_type, index_type, drop_operand, rewire_use,
        swap_op, to_properties, designator, garbage_token, bad_bytes, flip_byte)
}
# Text damage is cheap to find; the semantic mutations reach the passes.
_WEIGHTS = {"truncate": 1, "delete_line": 1, "duplicate_line": 1, "swap_lines": 1,
            "garbage_token": 1, "bad_bytes": 1, "flip_byte": 1, "rewire_use": 2,
            "designator": 0}


def mutate(rng: random.Random, text: str, count: int,
           extra: dict[str, int] | None = None) -> tuple[str | bytes, list[str]]:
    names = list(MUTATIONS)
    weights = [{**_WEIGHTS, **(extra or {})}.get(name, 4) for name in names]
    applied: list[str] = []
    data: str | bytes = text
    for _ in range(count):
        name = rng.choices(names, weights)[0]
        data = MUTATIONS[name](rng, data)
        applied.append(name)
        if isinstance(data, bytes):
            break
    return data, applied


def mutation_cases(seed: int, count: int) -> list[Case]:
    """`count` mutants of the seed units, each with a pipeline, all from `seed`."""
    rng = random.Random(seed)
    units = seeds()
    cases = []
    for index in range(count):
        name, text = units[rng.randrange(len(units))]
        data, applied = mutate(rng, text, rng.choice((1, 1, 1, 2, 3)))
        args = ["-p", rng.choice(PIPELINES)]
        if rng.random() < 0.2:
            args.append(rng.choice(EXTRA_FLAGS))
        raw = data if isinstance(data, bytes) else data.encode()
        cases.append(Case(f"mut{seed}-{index}:{name}:{'+'.join(applied)}", raw, args,
                          tags=applied))
    return cases


def verify_cases(seed: int, count: int) -> list[Case]:
    """Mutants of the invalid lit chunks under `--verify-diagnostics`, their
    `expected-*` comments mutated too; a few run as a two-chunk split file."""
    rng = random.Random(seed)
    chunks = verify_seeds()
    cases = []
    for index in range(count):
        name, text, pass_name = chunks[rng.randrange(len(chunks))]
        args = ["-p", pass_name, "--verify-diagnostics"]
        if rng.random() < 0.25:
            other = chunks[rng.randrange(len(chunks))][1]
            text, args = text + "// -----\n" + other, [*args, "--split-input-file"]
        data, applied = mutate(rng, text, rng.choice((1, 2)), extra={"designator": 6})
        raw = data if isinstance(data, bytes) else data.encode()
        cases.append(Case(f"verify{seed}-{index}:{name}:{'+'.join(applied)}", raw, args,
                          family="verify", tags=applied))
    return cases


# The pto pipelines a `.pto` file of the field goes through.
CORPUS_PIPELINES = ("verify-pto-nz", "pto-block-nz-views,verify-pto-nz", "pto-block-nz-views",
                    "canonicalize,cse,verify-pto-nz")


def corpus_seeds(dirs: list[Path]) -> list[tuple[str, str]]:
    """(name, text) of every `// -----` chunk of every `.pto` file under `dirs`: the
    field's own kernels (PTOAS's test/samples and test/lit), read where they are."""
    found = []
    for root in dirs:
        for path in sorted(root.rglob("*.pto")):
            text = path.read_text(encoding="utf-8", errors="replace")
            for index, chunk in enumerate(text.split("// -----")):
                if chunk.strip():
                    found.append((f"{path.relative_to(root)}#{index}", chunk))
    return found


def corpus_cases(seed: int, count: int, dirs: list[Path]) -> list[Case]:
    """`count` mutants of the corpus chunks, each run through a pto pipeline."""
    rng = random.Random(seed)
    units = corpus_seeds(dirs)
    if not units:
        return []
    cases = []
    for index in range(count):
        name, text = units[rng.randrange(len(units))]
        data, applied = mutate(rng, text, rng.choice((1, 1, 2)))
        raw = data if isinstance(data, bytes) else data.encode()
        cases.append(Case(f"corpus{seed}-{index}:{name}:{'+'.join(applied)}", raw,
                          ["-p", rng.choice(CORPUS_PIPELINES)], family="corpus", tags=applied))
    return cases


# --------------------------------------------------------------------------- hand-built inputs

_LOAD = ('"pl.tile.load"(%w, {offsets}, %c{rows}, %c{cols}) {{operandSegmentSizes = '
         'array<i32: 1, 2, 2, 0>, target_memory = "mat"}} : (tensor<{R}x{C}xi8, #pl.layout<nz>>, '
         '{otypes}, index, index) -> !pl.tile<{rows}x{cols}xi8, mat>')


def _kernel(body: list[str], rows=256, cols=512, arg_extra="") -> str:
    lines = [f"func.func @k(%w: tensor<{rows}x{cols}xi8, #pl.layout<nz>>{arg_extra}) {{",
             "  %c0 = arith.constant 0 : index",
             "  %c16 = arith.constant 16 : index",
             "  %c32 = arith.constant 32 : index",
             "  %c1 = arith.constant 1 : index",
             f"  %c{rows} = arith.constant {rows} : index" if rows not in (16, 32) else "",
             f"  %c{cols} = arith.constant {cols} : index" if cols not in (16, 32, rows) else "",
             *("  " + line for line in body), "  return", "}"]
    return "\n".join(line for line in lines if line) + "\n"


def _load(row: str, col: str = "%c0", rows=16, cols=32, R=256, C=512) -> str:
    return _LOAD.format(offsets=f"{row}, {col}", rows=rows, cols=cols, R=R, C=C,
                        otypes="index, index")


def deep_chain(depth: int, op: str = "arith.addi") -> str:
    """An offset at the end of a `depth`-long chain of arithmetic."""
    body = ["%v0 = arith.muli %c16, %c16 : index"]
    body += [f"%v{i} = {op} %v{i - 1}, %c16 : index" for i in range(1, depth)]
    body.append(_load(f"%v{depth - 1}"))
    return _kernel(body)


def diamond_dag(depth: int) -> str:
    """v_i = v_{i-1} + v_{i-1}: 2**depth paths to the root, `depth` values."""
    body = ["%v0 = arith.muli %c16, %c16 : index"]
    body += [f"%v{i} = arith.addi %v{i - 1}, %v{i - 1} : index" for i in range(1, depth)]
    body.append(_load(f"%v{depth - 1}"))
    return _kernel(body)


def unreachable_cycle() -> str:
    """Offsets defined in terms of each other in an unreachable block, where
    MLIR does not check dominance: the proof search sees a real cycle."""
    return _kernel([
        "cf.br ^bb2",
        "^bb1:",
        "%a = arith.addi %b, %c16 : index",
        "%b = arith.muli %a, %c16 : index",
        _load("%a", "%b"),
        "cf.br ^bb1",
        "^bb2:",
    ])


def loop_carried_offset() -> str:
    return _kernel([
        "%r = scf.for %i = %c0 to %c256 step %c16 iter_args(%o = %c0) -> (index) {",
        "  %n = arith.addi %o, %c16 : index",
        "  " + _load("%o"),
        "  scf.yield %n : index",
        "}",
    ])


def nested_loops(depth: int) -> str:
    """A load at the bottom of `depth` nested scf.for loops (the row offset is
    the innermost induction variable)."""
    body = [f"scf.for %i{level} = %c0 to %c256 step %c16 {{" for level in range(depth)]
    return _kernel([*body, _load(f"%i{depth - 1}"), *["}"] * depth])


def nested_regions(depth: int) -> str:
    """`depth` nested regions of an unregistered op, a load at the bottom."""
    body = ['"test.wrap"() ({'] * depth + [_load("%c0")] + ["}) : () -> ()"] * depth
    return _kernel(body)


def nested_modules(depth: int) -> str:
    return "module {\n" * depth + _kernel([_load("%c16")]) + "}\n" * depth


def deep_location(depth: int, kind: str) -> str:
    """An op whose location nests `depth` levels deep, refused by the pass."""
    loc = '"x.mlir":1:1'
    for level in range(depth):
        loc = (f'callsite("f{level}" at {loc})' if kind == "callsite" else
               f'"n{level}"({loc})' if kind == "name" else f"fused[{loc}]")
    text = _kernel([_load("%c16", "%c0") + f" loc({loc})"])
    return text.replace('target_memory = "mat"', 'target_memory = "vec"')


def deep_attribute(depth: int) -> str:
    return _kernel([f'"test.op"() {{a = {"[" * depth}1{"]" * depth}}} : () -> ()'])


def alias_chain(depth: int) -> str:
    """A type alias that nests `depth` deep through earlier aliases."""
    lines = ["!t0 = i32", *(f"!t{i} = tuple<!t{i - 1}>" for i in range(1, depth))]
    return "\n".join(lines) + f'\n"test.op"() : () -> !t{depth - 1}\n'


def deep_opaque_layout(depth: int) -> str:
    return _kernel([]).replace("#pl.layout<nz>", "#pl.layout<nz, stride = " + "[" * depth
                               + "1" + "]" * depth + ">")


def many_arguments(count: int) -> str:
    args = ", ".join(f"%a{i}: tensor<?x32x32xi8, #pl.layout<nz>>" for i in range(count))
    return f"func.func @k({args}) {{\n  return\n}}\n"


def overflowing_extents() -> list[tuple[str, str]]:
    """Tensors and tiles whose extents, or the products of them, overflow i64."""
    big = 2 ** 62
    out = []
    for dims in (f"{big}x{big}x16x32", f"{2 ** 32}x{2 ** 32}x16x32", f"{2 ** 40}x{2 ** 40}",
                 f"3x{2 ** 61}x512", f"{2 ** 63 - 1}x16x32", f"{2 ** 63}x16x32",
                 f"4x{2 ** 58}x{2 ** 9}", "1x" * 40 + "16x32"):
        out.append((f"overflow-tensor-{dims[:24]}",
                    _kernel([]).replace("tensor<256x512xi8", f"tensor<{dims}xi8")))
        out.append((f"overflow-nd-{dims[:24]}", f"func.func @k(%x: tensor<{dims}xf32>) {{\n"
                    "  return\n}\n"))
    return out


def _lead_load(offset: str, size: str) -> str:
    return ('"pl.tile.load"(%w, ' + offset + ', %c0, %c0, ' + size + ', %c16, %c32) '
            '{operandSegmentSizes = array<i32: 1, 3, 3, 0>, target_memory = "mat"} : '
            '(tensor<4x256x512xi8, #pl.layout<nz>>, index, index, index, index, index, index)'
            ' -> !pl.tile<16x32xi8, mat>')


def negative_and_zero() -> list[tuple[str, str]]:
    out = []
    for value in (-1, -16, -(2 ** 63), 0, 2 ** 63 - 1):
        const = f"%n = arith.constant {value} : index"
        out.append((f"offset-{value}", _kernel([const, _load("%n")])))
        out.append((f"col-offset-{value}", _kernel([const, _load("%c0", "%n")])))
        out.append((f"size-{value}", _kernel([const, _LOAD.format(
            offsets="%c0, %c0", rows="16", cols="32", R=256, C=512, otypes="index, index")
            .replace("%c16, %c32)", "%n, %n)")])))
        out.append((f"lead-offset-{value}", _kernel([const, _lead_load("%n", "%c1")]).replace(
            "tensor<256x512xi8", "tensor<4x256x512xi8")))
        out.append((f"lead-size-{value}", _kernel([const, _lead_load("%c1", "%n")]).replace(
            "tensor<256x512xi8", "tensor<4x256x512xi8")))
    for dims in ("0x512", "256x0", "0x256x512", "-1x512"):
        out.append((f"zero-extent-{dims}", _kernel([]).replace("256x512xi8", dims + "xi8")))
    out.append(("zero-tile", _kernel(['%t = "pl.tile.zeros"() : () -> !pl.tile<0x0xf32, acc>'])))
    return out


def unicode_digits() -> list[tuple[str, str]]:
    """Extents spelled with digits `str.isdigit` takes and `int` may not."""
    out = []
    for digit in ("\u00b2", "\u0664", "\uff11", "\u2460"):
        store = _kernel([]).replace("tensor<256x512xi8, #pl.layout<nz>>",
                                    "tensor<64x16xf32, #pl.layout<nz>>, "
                                    f"%acc: !pl.tile<{digit}6x16xf32, acc>")
        out.append((f"unicode-digit-tile-{ord(digit):x}", store))
        buf = (f"!pto.tile_buf<loc=mat, dtype=i8, rows={digit}, cols=32, v_row=16, v_col=32, "
               "blayout=col_major, slayout=row_major, fractal=512, pad=0>")
        out.append((f"unicode-digit-tile-buf-{ord(digit):x}",
                    f'func.func @k() {{\n  %t = "pto.alloc_tile"() : () -> {buf}\n  return\n}}\n'))
    return out


def pto_kernel(shape="%c256, %c512", strides="%c512, %c1", segments="1, 2, 2",
               types="index, index, index, index", view="?x?", extra="") -> str:
    return ("func.func @k(%p: !pto.ptr<i8>) {\n"
            "  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n"
            "  %c256 = arith.constant 256 : index\n  %c512 = arith.constant 512 : index\n"
            f"{extra}"
            f'  %tv = "pto.make_tensor_view"(%p, {shape}, {strides}) {{layout = '
            f"#pto.layout<nz>, operandSegmentSizes = array<i32: {segments}>}} : "
            f"(!pto.ptr<i8>, {types}) -> !pto.tensor_view<{view}xi8>\n"
            "  return\n}\n")


def pto_garbage() -> list[tuple[str, str]]:
    big = "%big"
    extra = f"  {big} = arith.constant {2 ** 62} : index\n  %neg = arith.constant -512 : index\n"
    return [
        ("pto-overflow-shape", pto_kernel(f"{big}, {big}", extra=extra)),
        ("pto-negative-shape", pto_kernel("%neg, %c512", extra=extra)),
        ("pto-negative-stride", pto_kernel(strides="%neg, %c1", extra=extra)),
        ("pto-zero-shape", pto_kernel("%c0, %c0")),
        ("pto-rank-1", pto_kernel("%c256", "%c1", "1, 1, 1", "index, index", "?")),
        ("pto-rank-0", pto_kernel("", "", "1, 0, 0", "", "").replace("(%p, , )", "(%p)")
         .replace("(!pto.ptr<i8>, )", "(!pto.ptr<i8>)")),
        ("pto-odd-operands", pto_kernel("%c256, %c512", "%c1", "1, 2, 1", "index, index, index")),
        ("pto-no-segments-odd", pto_kernel("%c256, %c512", "%c1", "1, 2, 1", "index, index, index")
         .replace(", operandSegmentSizes = array<i32: 1, 2, 1>", "")),
        ("pto-float-shape", pto_kernel("%f, %c512", extra="  %f = arith.constant 1.0 : f32\n",
                                       types="f32, index, index, index")),
        ("pto-shape-from-arg", pto_kernel().replace("%p: !pto.ptr<i8>", "%p: !pto.ptr<i8>, %n: i64")
         .replace("(%p, %c256", "(%p, %n").replace("(!pto.ptr<i8>, index", "(!pto.ptr<i8>, i64")),
        ("pto-ptr-not-ptr", pto_kernel().replace("!pto.ptr<i8>", "index")),
        ("pto-view-rank-mismatch", pto_kernel(view="?x?x?x?x?")),
        ("pto-no-results", pto_kernel().replace(" -> !pto.tensor_view<?x?xi8>", " -> ()")
         .replace("%tv = ", "")),
        ("pto-two-results", pto_kernel().replace("%tv = ", "%tv:2 = ").replace(
            "-> !pto.tensor_view<?x?xi8>",
            "-> (!pto.tensor_view<?x?xi8>, !pto.tensor_view<?x?xi8>)")),
    ]


def garbage() -> list[tuple[str, bytes]]:
    """Inputs that are not MLIR, or barely: empty, binary, truncated, unbalanced."""
    example = (ROOT / "examples" / "matmul_nz.mlir").read_bytes()
    out = [
        ("empty", b""), ("whitespace", b" \n\t\r\n"), ("comment-only", b"// nothing\n"),
        ("lone-brace", b"}"), ("open-brace", b"{"), ("module-open", b"module {"),
        ("nul", b"\x00"), ("nul-inside", b"module {\x00}\n"), ("bom", b"\xef\xbb\xbfmodule {}\n"),
        ("utf16", "module {}\n".encode("utf-16")), ("latin1-comment", b"// caf\xe9\nmodule {}\n"),
        ("invalid-first-byte", b"\xff"), ("overlong", b"\xc0\xafmodule {}"),
        ("surrogate", b"module {} // \xed\xa0\x80\n"), ("crlf", example.replace(b"\n", b"\r\n")),
        ("cr-only", example.replace(b"\n", b"\r")), ("split-marker-only", b"// -----\n"),
        ("binary", bytes(range(256))), ("random-ascii", bytes(random.Random(7).choices(
            b"{}()<>[]%@#!:=,\"x0123456789abcdefghijklmnopqrstuvwxyz \n", k=4000))),
        ("long-line", b"func.func @k(" + b"%a: i32, " * 5000 + b") {\n  return\n}\n"),
        ("long-identifier", b"func.func @" + b"k" * 100000 + b"() {\n  return\n}\n"),
        ("long-string", b'"test.op"() {a = "' + b"x{" * 100000 + b'"} : () -> ()\n'),
    ]
    for step in range(1, 24):
        out.append((f"truncated-{step}/24", example[:len(example) * step // 24]))
    return out


MALFORMED_PIPELINES = (
    "", ",", ",,", "pl-to-pto,", ",pl-to-pto", "pl-to-pto{", "pl-to-pto{}", "pl-to-pto()",
    "block-nz-tensor-views{", "block-nz-tensor-views}", "block-nz-tensor-views{max-proof-depth}",
    "block-nz-tensor-views{max-proof-depth=}", "block-nz-tensor-views{max-proof-depth=abc}",
    "block-nz-tensor-views{max-proof-depth=-5}", "block-nz-tensor-views{max-proof-depth=0}",
    "block-nz-tensor-views{max-proof-depth=99999999999999999999}",
    "block-nz-tensor-views{max-proof-depth=1_0}", "block-nz-tensor-views{max-proof-depth= 4}",
    "block-nz-tensor-views{max-proof-depth=4 max-proof-depth=5}",
    "block-nz-tensor-views{nope=1}", "block-nz-tensor-views{=1}", "block-nz-tensor-views{'}",
    'block-nz-tensor-views{max-proof-depth="4}', "verify-pto-nz{x}", "pl-to-pto{x=1}",
    "func.func(block-nz-tensor-views)", "func.func(pl-to-pto)", "builtin.module(pl-to-pto)",
    "builtin.module(builtin.module(cse))", "any(cse)", "func.func(cse", "func.func(cse))",
    "func.func()", "(cse)", "cse)", "cse(", "()", "{}", "unknown-pass", "canonicalize{",
    "canonicalize{max-iterations=-1}", "canonicalize{max-iterations=abc}",
    "canonicalize{top-down=maybe}", "canonicalize{region-simplify=bad}", "cse{bad=1}",
    "inline{default-pipeline=garbage(}", "func.func(canonicalize{max-iterations=x})",
    "bl\u00f6ck-nz-tensor-views", "pl-to-pto\u200b", "pl to pto", "pl-to-pto;cse", "-p",
    "--pass-pipeline", "test-emit-diagnostics",
    "gpu.module(cse)", "builtin.module", "cse, ,canonicalize", " " * 10, "\t",
    "a" * 10000, "func.func(" * 60 + "cse" + ")" * 60, "func.func(" * 300 + "cse" + ")" * 300,
    "func.func(" * 5000 + "cse" + ")" * 5000, "cse{" * 50, "canonicalize{test-convergence=1}",
    "block-nz-tensor-views{max-proof-depth=\u0664}",
    "block-nz-tensor-views{max-proof-depth=\u00b2}",
)
MALFORMED_ANCHORED = (
    "", "builtin.module", "builtin.module(", "builtin.module()", "builtin.module(cse))",
    "func.func(cse)", "cse", "builtin.module(pl-to-pto)x", "builtin.module(func.func(pl-to-pto))",
    "any(block-nz-tensor-views{max-proof-depth=x})", "builtin.module(canonicalize{bad=1})",
)


def pipeline_cases() -> list[Case]:
    text = (ROOT / "examples" / "matmul_nz.mlir").read_bytes()
    def name(kind: str, pipeline: str) -> str:
        return f"{kind}:{pipeline[:40]!r}" + (f"+{len(pipeline)}" if len(pipeline) > 40 else "")

    cases = [Case(name("pipeline", p), text, ["-p", p], family="pipeline")
             for p in MALFORMED_PIPELINES]
    cases += [Case(name("anchored", p), text, [f"--pass-pipeline={p}"], family="pipeline")
              for p in MALFORMED_ANCHORED]
    cases.append(Case("usage:both-pipelines", text, ["-p", "cse", "--pass-pipeline=any(cse)"],
                      family="pipeline", expect_usage=True))
    cases.append(Case("usage:unknown-flag", text, ["--no-such-flag"], family="pipeline",
                      expect_usage=True))
    return cases


def structured_cases(scale: int = 1) -> list[Case]:
    """The hand-built hostile inputs; `scale` grows the deep ones (1 for the
    unit-test profile)."""
    texts: list[tuple[str, str | bytes, str, list[str]]] = []
    depth = 2000 * scale
    texts += [
        ("deep-chain-addi", deep_chain(depth), "deep", ["-p", "block-nz-tensor-views"]),
        ("deep-chain-muli", deep_chain(depth, "arith.muli"), "deep", ["-p", "pl-to-pto"]),
        ("deep-chain-unbounded-proof", deep_chain(depth),
         "deep", ["-p", "block-nz-tensor-views{max-proof-depth=1000000}"]),
        ("diamond-dag-default-depth", diamond_dag(200 * scale), "deep",
         ["-p", "block-nz-tensor-views"]),
        ("diamond-dag", diamond_dag(200 * scale), "deep",
         ["-p", "block-nz-tensor-views{max-proof-depth=100000}"]),
        ("unreachable-cycle", unreachable_cycle(), "deep", ["-p", "block-nz-tensor-views"]),
        ("unreachable-cycle-pipeline", unreachable_cycle(), "deep", ["-p", "pl-to-pto"]),
        ("loop-carried-offset", loop_carried_offset(), "deep", ["-p", "pl-to-pto"]),
        ("nested-loops-50", nested_loops(50), "nesting", ["-p", "pl-to-pto"]),
        # Just inside the parser's nesting limit (1000 brackets), then far past it.
        ("nested-loops-990", nested_loops(990), "nesting", ["-p", "block-nz-tensor-views"]),
        ("nested-loops-deep", nested_loops(5000 * scale), "nesting",
         ["-p", "block-nz-tensor-views"]),
        ("nested-regions-495", nested_regions(495), "nesting",
         ["-p", "block-nz-tensor-views,materialize-tensor-strides"]),
        ("nested-regions-deep", nested_regions(5000 * scale), "nesting",
         ["-p", "block-nz-tensor-views,materialize-tensor-strides"]),
        ("nested-regions-verify", nested_regions(495), "nesting", ["-p", "verify-pto-nz"]),
        ("nested-modules-990", nested_modules(990), "nesting", ["-p", "block-nz-tensor-views"]),
        ("nested-modules-convert", nested_modules(990), "nesting", ["-p", "convert-pl-to-pto"]),
        ("nested-modules-deep", nested_modules(5000 * scale), "nesting", ["-p", "pl-to-pto"]),
        ("deep-attribute-990", deep_attribute(990), "nesting", ["-p", "cse"]),
        ("deep-attribute", deep_attribute(10000 * scale), "nesting", ["-p", "cse"]),
        ("deep-type-alias", alias_chain(5000 * scale), "nesting", ["-p", "cse"]),
        ("deep-type-alias-990", alias_chain(990), "nesting", ["-p", "pl-to-pto"]),
        ("deep-opaque-layout", deep_opaque_layout(3000 * scale), "nesting", ["-p", "pl-to-pto"]),
        ("many-arguments", many_arguments(200 * scale), "deep", ["-p", "pl-to-pto"]),
    ]
    for kind in ("callsite", "name", "fused"):
        texts.append((f"deep-location-{kind}", deep_location(990, kind), "nesting",
                      ["-p", "block-nz-tensor-views"]))
    for name, text in unicode_digits():
        for pipeline in ("block-nz-tensor-views", "convert-pl-to-pto", "verify-pto-nz"):
            texts.append((f"{name}|{pipeline}", text, "garbage", ["-p", pipeline]))
    for name, text in overflowing_extents():
        for pipeline in ("block-nz-tensor-views", "pl-to-pto", "materialize-tensor-strides"):
            texts.append((f"{name}|{pipeline}", text, "overflow", ["-p", pipeline]))
    for name, text in negative_and_zero():
        texts.append((name, text, "negative", ["-p", "pl-to-pto"]))
    for name, text in pto_garbage():
        for pipeline in ("pto-block-nz-views", "verify-pto-nz"):
            texts.append((f"{name}|{pipeline}", text, "pto", ["-p", pipeline]))
    for index, (name, data) in enumerate(garbage()):
        texts.append((name, data, "garbage", ["-p", "pl-to-pto"]))
        if index < 8:
            texts.append((name + "|split", data, "garbage", ["-p", "pl-to-pto",
                                                              "--split-input-file"]))
    cases = [Case(name, data if isinstance(data, bytes) else data.encode(), args, family=family)
             for name, data, family, args in texts]
    return cases + pipeline_cases()
