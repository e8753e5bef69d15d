"""Does nzpass keep the meaning of the field's .pto files when it reads and writes them?

    python bench/roundtrip_corpus.py DIR [--only SUBSTR] [--list N] [--modes none,verify,views]

For every chunk of every .pto file under DIR (split as bench/pto_corpus.py splits):
  same     the original text and `nzpass-opt --pto-syntax custom` agree token by token
           once both are normalized independently of nzpass (comments and locations
           dropped, aliases expanded, SSA names numbered by first use, numbers by value,
           tile_buf types to PTOAS's fields with PTOAS's defaults, attribute
           dictionaries sorted)
  stable   for each pass (none, verify-pto-nz, pto-block-nz-views) and syntax (generic,
           custom): the output read back and printed again is the same text, and its
           generic form is the module's generic form
  located  every op's location is a position of the original at which an op of that
           name is written
  verify   verify-pto-nz's output equals the no-pass output (a verifier changes nothing)
A Python exception in nzpass (exit 3) is a crash.

    python bench/roundtrip_corpus.py DIR --fixpoint [--only SUBSTR] [--list N] [--refused]

instead reads each chunk in process (`nzpass.read_pto`) and counts it `exact` when
read -> print_pto -> read -> print_pto is a fixpoint of the printed text, the two reads
are the same module in generic form (every op, operand, type, attribute and property,
operandSegmentSizes included, region), and printing with locations then reading gives
every op its first location back (but an implicit terminator, which MLIR's own printer
elides with its location); otherwise it counts the first check that fails.
"""

from __future__ import annotations

import argparse
import io
import re
import sys
from collections import Counter
from difflib import SequenceMatcher
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import contextlib

import pto_corpus
from nzpass.driver.source import split_input
from nzpass.tools.nzpass_opt import NzpassOpt

PASSES = {"none": None, "verify": "verify-pto-nz", "views": "pto-block-nz-views"}


def run_tool(text: str, argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = NzpassOpt([*argv, "-"], stdin=io.BytesIO(text.encode()), stdout=out,
                     stderr=err).run()
    return code, out.getvalue(), err.getvalue()


# ---------------------------------------------------------------- normalization
_TOKEN = re.compile(r"""
   (?P<ws>\s+)
  |(?P<comment>//[^\n]*)
  |(?P<string>"(?:[^"\\]|\\.)*")
  |(?P<ssa>%[\w$.-]+(?::\d+)?(?:\#\d+)?)
  |(?P<block>\^[\w$.-]+)
  |(?P<sym>@[\w$.-]+|@"(?:[^"\\]|\\.)*")
  |(?P<hex>-?0x[0-9a-fA-F]+(?![\w]))
  |(?P<dim>(?:\d+|\?)(?=x[\d?a-zA-Z!]))
  |(?P<float>-?\d+\.\d*(?:[eE][-+]?\d+)?|-?\d+[eE][-+]?\d+)
  |(?P<int>-?\d+)
  |(?P<bang>[#!][\w.$-]*)
  |(?P<ident>[A-Za-z_][\w$.]*)
  |(?P<punct>->|::|\.\.\.|[^\s])
""", re.VERBOSE)


def tokens(text: str) -> list[tuple[str, str]]:
    out = []
    for m in _TOKEN.finditer(text):
        kind = m.lastgroup
        if kind in ("ws", "comment"):
            continue
        value = m.group()
        if kind == "dim":
            out.append(("int", value) if value != "?" else ("punct", "?"))
            continue
        out.append((kind, value))
    return _split_x(out)


def _split_x(toks):
    """`16x16xf32` -> 16 x 16 x f32 (the dim rule leaves `xf32`, `x16xf32`)."""
    out = []
    for kind, value in toks:
        if kind == "ident" and value.startswith("x") and out and \
                (out[-1][0] == "int" or out[-1][1] == "?"):
            rest = value[1:]
            out.append(("punct", "x"))
            while True:
                m = re.match(r"(\d+|\?)x", rest)
                if not m:
                    break
                out.append(("int", m.group(1)))
                out.append(("punct", "x"))
                rest = rest[m.end():]
            if rest:
                out.extend(tokens(rest) if not rest[0].isalpha() else [("ident", rest)])
            continue
        out.append((kind, value))
    return out


def drop_locations(toks):
    out, i = [], 0
    while i < len(toks):
        if toks[i] == ("ident", "loc") and i + 1 < len(toks) and toks[i + 1][1] == "(":
            depth, i = 0, i + 1
            while i < len(toks):
                depth += toks[i][1] == "("
                depth -= toks[i][1] == ")"
                i += 1
                if depth == 0:
                    break
            continue
        out.append(toks[i])
        i += 1
    return out


_ALIAS_LINE = re.compile(r"^[ \t]*([#!][\w.$-]+)[ \t]*=[ \t]*([^\n]*)$", re.M)


def expand_aliases(text: str):
    """Tokens of `text` with its alias definitions (one a line) dropped and each use
    replaced by the definition."""
    aliases = {m.group(1): drop_locations(tokens(m.group(2))) for m in _ALIAS_LINE.finditer(text)}
    body = drop_locations(tokens(_ALIAS_LINE.sub("", text)))
    for _ in range(4):
        changed, new = False, []
        for t in body:
            if t[0] == "bang" and t[1] in aliases:
                new.extend(aliases[t[1]])
                changed = True
            else:
                new.append(t)
        body = new
        if not changed:
            break
    return body


def _float(value, toks, i):
    """A float literal by its value at the width of the type after it."""
    import struct
    x = float(value)
    width = next((t[1] for t in toks[i + 1:i + 4] if t[0] == "ident"), "")
    fmt = {"f32": "f", "f16": "e", "bf16": "f"}.get(width)
    if fmt:
        with contextlib.suppress(OverflowError):
            x = struct.unpack(fmt, struct.pack(fmt, x))[0]
    return x.hex()


def strip_attr_prefixes(toks):
    """`#pto.pipe<X>` and the `<X>` a typed format prints are one attribute."""
    return [t for n, t in enumerate(toks)
            if not (t[0] == "bang" and t[1].startswith("#pto.") and n + 1 < len(toks)
                    and toks[n + 1][1] == "<")]


def number_values(toks):
    out = []
    for kind, value in toks:
        if kind == "hex":
            out.append(("int", str(int(value, 16))))
        elif kind == "int":
            out.append(("int", str(int(value))))
        elif kind == "float":
            out.append(("float", _float(value, toks, len(out))))
        else:
            out.append((kind, value))
    return out


def rename_ssa(toks):
    """SSA names numbered at their definition (`%x =`, `%x, %y =`, a block's or a
    function's argument list), looked up through the enclosing regions: MLIR reuses
    names in sibling regions."""
    scopes: list[dict[str, str]] = [{}]
    blocks: dict[str, str] = {}
    counter = 0
    arg_list = 0  # depth of `(` of a block/function argument list being read
    out = []
    depth = 0
    for i, (kind, value) in enumerate(toks):
        if kind == "punct" and value == "{":
            scopes.append({})
        elif kind == "punct" and value == "}" and len(scopes) > 1:
            scopes.pop()
        if kind == "punct" and value == "(":
            depth += 1
            prev = toks[i - 1] if i else ("", "")
            if prev[0] in ("block", "sym") and not arg_list:
                arg_list = depth
        elif kind == "punct" and value == ")":
            if arg_list == depth:
                arg_list = 0
            depth -= 1
        if kind == "ssa":
            match = re.fullmatch(r"(%[\w$.-]+?)((?::\d+)?(?:#\d+)?)", value)
            assert match is not None  # the token pattern's own shape
            base, rest = match.groups()
            if arg_list or _defines(toks, i):
                name = f"%v{counter}"
                counter += 1
                scopes[-1][base] = name
            else:
                name = next((s[base] for s in reversed(scopes) if base in s), None)
                if name is None:
                    name = f"%u{counter}"
                    counter += 1
                    scopes[-1][base] = name
            out.append((kind, name + rest))
        elif kind == "block":
            out.append((kind, blocks.setdefault(value, f"^b{len(blocks)}")))
        else:
            out.append((kind, value))
    return out


def _defines(toks, i):
    """Whether the SSA name at toks[i] is a result being defined: `%a =`, `%a, %b =`."""
    j = i + 1
    while j + 1 < len(toks) and toks[j][1] == "," and toks[j + 1][0] == "ssa":
        j += 2
    return (j < len(toks) and toks[j][1] == "=" and (i == 0 or toks[i - 1][1] != ","))\
        or (i > 0 and toks[i - 1][1] == "," and _defines_back(toks, i))


def _defines_back(toks, i):
    j = i
    while j >= 2 and toks[j - 1][1] == "," and toks[j - 2][0] == "ssa":
        j -= 2
    k = i + 1
    while k + 1 < len(toks) and toks[k][1] == "," and toks[k + 1][0] == "ssa":
        k += 2
    return k < len(toks) and toks[k][1] == "=" and (j == 0 or _line_start(toks, j))


def _line_start(toks, j):
    # a result list starts a statement: what precedes is the end of one
    prev = toks[j - 1]
    return prev[1] in (")", ">", "}", "{") or prev[0] in ("ident", "int", "float", "tile",
                                                           "bang", "string")


_TILE_KEYS = ("loc", "dtype", "rows", "cols", "v_row", "v_col", "blayout", "slayout",
              "fractal", "pad", "compact")
_TILE_DEFAULTS = {"blayout": "row_major", "slayout": "none_box", "fractal": "512", "pad": "0",
                  "compact": "0"}


def _bracket_end(toks, i):
    """Index after the `>` closing the `<` at toks[i]."""
    depth = 0
    for j in range(i, len(toks)):
        v = toks[j][1]
        if toks[j][0] == "punct":
            depth += v in "<([{"
            depth -= v in ">)]}"
            if depth == 0:
                return j + 1
    return len(toks)


def tile_bufs(toks):
    """`!pto.tile_buf<...>` (either spelling) -> one token of PTOAS's fields."""
    out, i = [], 0
    while i < len(toks):
        if toks[i] == ("bang", "!pto.tile_buf") and i + 1 < len(toks) and toks[i + 1][1] == "<":
            end = _bracket_end(toks, i + 1)
            inner = toks[i + 2:end - 1]
            fields = _tile_fields(inner)
            out.append(("tile", repr(fields) if fields else " ".join(v for _, v in inner)))
            i = end
            continue
        out.append(toks[i])
        i += 1
    return out


def _split_commas(inner):
    parts, cur, depth = [], [], 0
    for t in inner:
        if t[0] == "punct" and t[1] in "<([{":
            depth += 1
        if t[0] == "punct" and t[1] in ">)]}":
            depth -= 1
        if depth == 0 and t == ("punct", ","):
            parts.append(cur)
            cur = []
        else:
            cur.append(t)
    parts.append(cur)
    return parts


def _tile_fields(inner):
    parts = _split_commas(inner)
    if not parts or not parts[0]:
        return None
    f = dict(_TILE_DEFAULTS)
    text = lambda p: " ".join(v for _, v in p)  # noqa: E731
    if parts[0][0][1] == "loc":
        for p in parts:
            if len(p) < 3 or p[1][1] != "=":
                return None
            f[p[0][1]] = text(p[2:])
    else:
        f["loc"] = parts[0][0][1]
        shape = parts[1]
        # rows x cols x dtype
        if len(shape) < 5:
            return None
        f["rows"], f["cols"], f["dtype"] = shape[0][1], shape[2][1], text(shape[4:])
        f["v_row"], f["v_col"] = f["rows"], f["cols"]
        for p in parts[2:]:
            key = p[0][1]
            if key == "valid":
                f["v_row"], f["v_col"] = p[2][1], p[4][1]
            else:
                f[key] = text(p[2:])
    for key in ("v_row", "v_col"):
        if f[key] == "-1":
            f[key] = "?"
    return tuple(f.get(k, "") for k in _TILE_KEYS)


def sort_dicts(toks):
    """Attribute dictionaries `{a = .., b}` with entries sorted (MLIR keeps them so)."""
    out, i = [], 0
    while i < len(toks):
        if toks[i] == ("punct", "{") and i + 1 < len(toks) and _dict_start(toks, i + 1):
            end = _brace_end(toks, i)
            entries = _split_commas(toks[i + 1:end - 1])
            entries = [sort_dicts(e) for e in entries if e]
            entries.sort(key=lambda e: e[0][1].strip('"'))
            out.append(("punct", "{"))
            for n, e in enumerate(entries):
                if n:
                    out.append(("punct", ","))
                out.extend(e)
            out.append(("punct", "}"))
            i = end
            continue
        out.append(toks[i])
        i += 1
    return out


def _dict_start(toks, j):
    if toks[j] == ("punct", "}"):
        return True
    if toks[j][0] not in ("ident", "string"):
        return False
    return j + 1 < len(toks) and toks[j + 1][1] in ("=", ",", "}")


def _brace_end(toks, i):
    depth = 0
    for j in range(i, len(toks)):
        if toks[j][0] == "punct":
            depth += toks[j][1] in "{(["
            depth -= toks[j][1] in "})]"
            if depth == 0:
                return j + 1
    return len(toks)


def unquote_strings(toks):
    """`"pto.x"` keys and idents print either way: compare their text."""
    return [("ident", v[1:-1]) if k == "string" and re.fullmatch(r'"[A-Za-z_][\w.$]*"', v)
            else (k, v) for k, v in toks]


def normalize(text: str):
    toks = expand_aliases(text)
    toks = tile_bufs(toks)
    toks = number_values(toks)
    toks = strip_attr_prefixes(toks)
    toks = rename_ssa(toks)
    toks = unquote_strings(toks)
    toks = sort_dicts(toks)
    # an empty `{}` region/dict or a bare `module {` wrapper are the same module
    return toks


_BENIGN = [
    ("module-wrapper", re.compile(r"\[\] -> \[module \{\]$")),
    ("result-group", re.compile(r"\[(%v\d+)(?: , %v\d+)+\] -> \[\1:\d+\]$")),
    ("call-spelling", re.compile(r"\[func\.call\] -> \[call\]$")),
    ("empty-results", re.compile(r"\[-> \( \)\] -> \[\]$")),
    ("implicit-yield", re.compile(r"\[scf\.yield\] -> \[\]$")),
    ("printed-generic", re.compile(r"(pto\.[\w.]+ \[(?:ins|\(|[^]]*: !pto\.pipe)[^]]*\] -> \[\]"
                                   r"|pto\.[\w.]+ \[\] -> \[\( )")),
]


def classify(difference: str) -> str:
    return next((name for name, pattern in _BENIGN if pattern.search(difference)), "other")


# Tokens past the common prefix the matcher compares: SequenceMatcher is quadratic, and a
# whole large kernel (tens of thousands of tokens) stalled the run for many minutes.
_DIFF_WINDOW = 2000


def first_difference(a, b) -> str:
    start = 0
    while start < min(len(a), len(b)) and a[start] == b[start]:
        start += 1
    if start == len(a) == len(b):
        return ""
    a_rest, b_rest = a[start:start + _DIFF_WINDOW], b[start:start + _DIFF_WINDOW]
    for tag, i1, i2, j1, j2 in SequenceMatcher(None, a_rest, b_rest,
                                               autojunk=False).get_opcodes():
        if tag != "equal":
            i1, i2, j1, j2 = (start + i for i in (i1, i2, j1, j2))
            ctx = " ".join(v for _, v in a[max(0, i1 - 6):i1])
            return (f"{tag}: ...{ctx} [{' '.join(v for _, v in a[i1:i2])}] -> "
                    f"[{' '.join(v for _, v in b[j1:j2])}]")
    return ""


# ---------------------------------------------------------------- checks
def chunks_of(path: Path):
    text = path.read_text(encoding="utf-8", errors="replace")
    if pto_corpus._SPLIT_FILE.search(text) and pto_corpus._FILE_MARKER.search(text):
        return [c.text for c in pto_corpus.split_files(text)]
    split = pto_corpus._MARKER in text and bool(pto_corpus._SPLIT.search(text))
    if not split:
        return [text]
    # keep line numbers: pad each chunk with the lines before it
    chunks, _ = split_input(text, str(path), True)
    return ["\n" * (c.first_line - 1) + " " * (c.first_col - 1) + c.text for c in chunks]


def check_chunk(text: str, modes, result: Counter, notes: dict, name: str) -> None:
    code, plain, err = run_tool(text, ["--pto-syntax", "custom"])
    if code == 3 or "Traceback" in err or "internal error" in err:
        result["crash"] += 1
        notes.setdefault("crash", []).append((name, err[-400:]))
        return
    if code != 0:
        result["refused"] += 1
        unlocated = not re.search(r"^[^\s:]+:\d+:\d+: error", err, re.M)
        if unlocated:
            result["refused-unlocated"] += 1
            notes.setdefault("unlocated", []).append((name, err[:300]))
        return
    result["read"] += 1
    before, after = normalize(text), normalize(plain)
    if before == after:
        result["same"] += 1
    else:
        difference = first_difference(before, after)
        kind = classify(difference)
        result[f"differs:{kind}"] += 1
        notes.setdefault(f"differs:{kind}", []).append((name, difference))
    for mode in modes:
        stable(text, mode, result, notes, name)


def stable(text: str, mode: str, result: Counter, notes: dict, name: str) -> None:
    pass_args = ["-p", PASSES[mode]] if PASSES[mode] else []
    outs = {}
    for syntax in ("generic", "custom"):
        code, out, err = run_tool(text, [*pass_args, "--pto-syntax", syntax])
        if code == 3 or "Traceback" in err:
            result[f"{mode}:crash"] += 1
            notes.setdefault(f"{mode}:crash", []).append((name, err[-400:]))
            return
        if code != 0:
            result[f"{mode}:refused"] += 1
            if not re.search(r"^[^\s:]+:\d+:\d+: error", err, re.M):
                result[f"{mode}:unlocated"] += 1
                notes.setdefault(f"{mode}:unlocated", []).append((name, err[:300]))
            return
        outs[syntax] = out
        code2, again, err2 = run_tool(out, ["--pto-syntax", syntax])
        if code2 != 0 or again != out:
            result[f"{mode}:{syntax}:unstable"] += 1
            notes.setdefault(f"{mode}:{syntax}:unstable", []).append(
                (name, err2[:300] if code2 else first_difference(tokens(out), tokens(again))))
    _code3, generic_of_custom, _ = run_tool(outs["custom"], ["--pto-syntax", "generic"])
    if generic_of_custom != outs["generic"]:
        result[f"{mode}:custom-vs-generic"] += 1
        notes.setdefault(f"{mode}:custom-vs-generic", []).append(
            (name, first_difference(tokens(outs["generic"]), tokens(generic_of_custom))))
    result[f"{mode}:ok"] += 1
    if mode == "verify":
        _, plain, _ = run_tool(text, ["--pto-syntax", "custom"])
        if plain != outs["custom"]:
            result["verify:changed-ir"] += 1


# ---------------------------------------------------------------- fixpoint
def fixpoint(text: str, name: str) -> tuple[str, str]:
    """(class, detail) of one chunk: `exact`, `refused`, or the first check failing."""
    from nzpass.pto_syntax.api import PtoReadError, PtoWriteError, print_pto, read_pto

    try:
        first = read_pto(text, name)
    except PtoReadError as err:
        located = re.match(r"[^\s:]+:\d+:\d+: ", str(err))
        return ("refused" if located else "refused-unlocated"), str(err)[:200]
    try:
        printed = print_pto(first)
        with_locations = print_pto(str(first.operation.get_asm(enable_debug_info=True,
                                                               assume_verified=True)))
    except PtoWriteError as err:
        return "unwritable", str(err)[:200]
    try:
        second = read_pto(printed, name)
        located = read_pto(with_locations, name)
    except PtoReadError as err:
        return "reread-refused", str(err)[:200]
    if _generic(second) != _generic(first):
        return "generic-differs", first_difference(tokens(_generic(first)),
                                                   tokens(_generic(second)))
    again = print_pto(second)
    if again != printed:
        return "print-not-fixpoint", first_difference(tokens(printed), tokens(again))
    ours, theirs = _op_locations(first), _op_locations(located)
    if ours != theirs:
        differing = next((a, b) for a, b in zip(ours + [("", "")] * len(theirs),
                                                theirs + [("", "")] * len(ours), strict=False)
                         if a != b)
        return "location-differs", repr(differing)[:300]
    return "exact", ""


def _generic(module) -> str:
    return module.operation.get_asm(print_generic_op_form=True, assume_verified=True)


def _op_locations(module) -> list[tuple[str, str]]:
    from nzpass.ir.bindings import ir

    found: list[tuple[str, str]] = []

    def visit(op):
        if not (op.name == "scf.yield" and len(op.operands) == 0):  # elided by MLIR
            found.append((op.name, str(op.location)))
        return ir.WalkResult.ADVANCE

    module.operation.walk(visit)
    return found


def main_fixpoint(files, root: Path, listed: int, refused: bool = False) -> int:
    """`refused`: list the refused chunks too (each a lead: a file of the field that
    nzpass does not read, by right or by a reader's bug)."""
    quiet = ("exact",) if refused else ("exact", "refused")
    result: Counter = Counter()
    notes: dict = {}
    for path in files:
        result["files"] += 1
        for k, chunk in enumerate(chunks_of(path)):
            name = f"{path.relative_to(root)}#{k}"
            try:
                kind, detail = fixpoint(chunk, str(path))
            except Exception as e:  # nzpass's own failure: a crash
                kind, detail = "crash", repr(e)[:200]
            result[kind] += 1
            if kind not in quiet:
                notes.setdefault(kind, []).append((name, detail))
    for key in sorted(result):
        print(f"{key:32} {result[key]}")
    for key, items in notes.items():
        print(f"\n== {key}: {len(items)}")
        for name, reason in items[:listed]:
            print(f"  {name}: {reason}")
    return 0


def main(argv=None) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("dir", type=Path)
    p.add_argument("--only", default="")
    p.add_argument("--list", type=int, default=8)
    p.add_argument("--modes", default="none,verify,views")
    p.add_argument("--fixpoint", action="store_true")
    p.add_argument("--refused", action="store_true",
                   help="with --fixpoint: list the refused chunks and why")
    args = p.parse_args(argv)
    modes = [m for m in args.modes.split(",") if m]
    result: Counter = Counter()
    notes: dict = {}
    files = sorted(f for f in args.dir.rglob("*.pto") if args.only in str(f))
    if args.fixpoint:
        return main_fixpoint(files, args.dir, args.list, args.refused)
    for n, path in enumerate(files):
        rel = str(path.relative_to(args.dir))
        result["files"] += 1
        for k, chunk in enumerate(chunks_of(path)):
            result["chunks"] += 1
            try:
                check_chunk(chunk, modes, result, notes, f"{rel}#{k}")
            except Exception as e:  # the checker's own failure
                result["checker-error"] += 1
                notes.setdefault("checker-error", []).append((rel, repr(e)[:200]))
        if n % 100 == 99:
            print(f"... {n + 1}/{len(files)}", file=sys.stderr)
    for key in sorted(result):
        print(f"{key:32} {result[key]}")
    for key, items in notes.items():
        reasons = Counter(r for _, r in items)
        print(f"\n== {key}: {len(items)}")
        for name, reason in items[:args.list]:
            print(f"  {name}: {reason}")
        if len(reasons) > 1:
            print("  distinct:", len(reasons))
    return 0


if __name__ == "__main__":
    sys.exit(main())
