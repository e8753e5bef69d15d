"""Development tool: derive nzpass's pto op table from PTOAS source trees.

    python bench/pto_format_table.py python/nzpass/dialects [NAME=]NEWEST [[NAME=]OLDER ...]

The table is regenerated from two trees, newest first, each named by its repository:
    python bench/pto_format_table.py python/nzpass/dialects \
        tonibohnlein/PTOAS=/tmp/ptoas_tb hw-native-sys/PTOAS=/tmp/ptoas_up
where /tmp/ptoas_tb is tonibohnlein/PTOAS (last commit 2026-08-21, PTOAS 0.60 with the
model samples) and /tmp/ptoas_up is hw-native-sys/PTOAS (the stored snapshot of the
newest upstream, last commit 2026-04-17); a tree given without a name is named by its
folder. Merge rule: one entry per op; an op defined
in several trees takes the entry (groups, traits and format) of the first, newest tree
given, since a newer definition still reads the older spellings in every case measured
(optional groups added, not removed); an op only an older tree defines (ops upstream
renamed or dropped later, such as `pto.subset`, `pto.tpack`, `pto.textract_fp`) keeps
that tree's entry, so files written for it still read. The one case that rule cannot
cover: an op whose trees order its operand groups differently reads its generic
operand list as different operands in each (only its custom form, which names the
groups by keyword and place, reads the same); its entry records every tree's order
(`generic_orders`, by tree name), for the printer never to write it generic.

For each tree it reads the op definitions of `include/PTO/IR/*.td` (a small evaluator of the
TableGen subset PTOAS uses: classes with template arguments, `let` overrides,
`#` string concatenation) and writes, in nzpass's own notation, for every op:
its operand, attribute, result and region groups, the traits the reader needs,
and its assembly format parsed into elements (see `pto_syntax.formats`); to an op
PTOAS parses by hand it adds what that parser does that the definitions do not say
(`_HAND_PARSED`: where the attribute dictionary goes, keys it renames). The
table is nzpass's data: this script is never needed at run time. It writes the table
in three parts (`dialects.pto_table` joins them): the ops nzpass's passes read through
the views of `dialects.pto` (VIEWED_OPS), the ops with `generic_orders` (which every
generic output looks for), and every other op, which only the custom syntax reader
and printer need.
"""

from __future__ import annotations

import pprint
import re
import sys
import textwrap
from dataclasses import dataclass, field
from pathlib import Path

_TOKEN = re.compile(r'''
    (?P<ws>\s+|//[^\n]*|/\*.*?\*/)
  | (?P<code>\[\{.*?\}\])
  | (?P<string>"(?:[^"\\]|\\.)*")
  | (?P<pre>^\#[a-z]+[^\n]*)
  | (?P<ident>[A-Za-z_!][\w.]*)
  | (?P<num>-?[0-9]+)
  | (?P<var>\$[\w]+)
  | (?P<punct>.)
''', re.VERBOSE | re.DOTALL | re.MULTILINE)

_CLOSE = {"<": ">", "(": ")", "[": "]", "{": "}"}


def lex(text: str) -> list[tuple[str, str]]:
    out = []
    for m in _TOKEN.finditer(text):
        kind = m.lastgroup
        if kind in ("ws", "pre"):
            continue
        out.append((kind, m.group()))
    return out


@dataclass
class Record:
    name: str
    params: list[tuple[str, str | None]]  # (name, default text)
    parents: list[tuple[str, list[str]]]
    lets: dict[str, str] = field(default_factory=dict)
    is_class: bool = False


def _until(tokens, pos, stops):
    """Token texts from pos up to a top-level token in `stops`."""
    depth: list[str] = []
    start = pos
    while pos < len(tokens):
        kind, text = tokens[pos]
        if not depth and kind == "punct" and text in stops:
            break
        if kind == "punct" and text in _CLOSE:
            depth.append(_CLOSE[text])
        elif kind == "punct" and depth and text == depth[-1]:
            depth.pop()
        pos += 1
    return tokens[start:pos], pos


def _join(tokens) -> str:
    return " ".join(text for _, text in tokens)


def _split_args(tokens) -> list[str]:
    args, pos = [], 0
    while pos < len(tokens):
        part, pos = _until(tokens, pos, {","})
        args.append(_join(part))
        pos += 1
    return args


def parse_records(text: str) -> dict[str, Record]:
    tokens = lex(text)
    records: dict[str, Record] = {}
    pos = 0
    while pos < len(tokens):
        kind, word = tokens[pos]
        if word not in ("class", "def") or kind != "ident":
            pos += 1
            continue
        name = tokens[pos + 1][1]
        pos += 2
        params: list[tuple[str, str | None]] = []
        if tokens[pos][1] == "<":
            inner, end = _until(tokens, pos + 1, {">"})
            for arg in _split_args(inner):
                decl, _, default = arg.partition("=")
                params.append((decl.split()[-1], default.strip() or None))
            pos = end + 1
        parents: list[tuple[str, list[str]]] = []
        if tokens[pos][1] == ":":
            pos += 1
            while True:
                parent = tokens[pos][1]
                pos += 1
                args: list[str] = []
                if pos < len(tokens) and tokens[pos][1] == "<":
                    inner, end = _until(tokens, pos + 1, {">"})
                    args = _split_args(inner)
                    pos = end + 1
                parents.append((parent, args))
                if tokens[pos][1] != ",":
                    break
                pos += 1
        record = Record(name, params, parents, is_class=word == "class")
        if tokens[pos][1] == "{":
            body, end = _until(tokens, pos + 1, {"}"})
            _read_body(body, record)
            pos = end + 1
        records[name] = record
    return records


def _read_body(body, record: Record) -> None:
    pos = 0
    while pos < len(body):
        item, end = _until(body, pos, {";"})
        pos = end + 1
        if not item:
            continue
        texts = [t for _, t in item]
        if "=" not in texts:
            continue
        eq = texts.index("=")
        name = texts[eq - 1]
        record.lets[name] = _join(item[eq + 1:])


def _substitute(text: str, env: dict[str, str]) -> str:
    if not env:
        return text
    return " ".join(env.get(word, word) for word in text.split(" "))


def evaluate(records: dict[str, Record], name: str, args: list[str],
             outer: dict[str, str]) -> dict[str, str]:
    """The fields of class/def `name` applied to `args` (texts in `outer`'s terms)."""
    record = records.get(name)
    fields: dict[str, str] = {}
    if record is None:
        fields["__root__"] = name
        fields["__args__"] = "\x00".join(_substitute(a, outer) for a in args)
        return fields
    env: dict[str, str] = {}
    for index, (param, default) in enumerate(record.params):
        if index < len(args):
            env[param] = _substitute(args[index], outer)
        elif default is not None:
            env[param] = _substitute(default, env)
    for parent, parent_args in record.parents:
        inherited = evaluate(records, parent, [_substitute(a, env) for a in parent_args], {})
        fields.update(inherited)
        fields.setdefault("__chain__", "")
        fields["__chain__"] += " " + parent + " " + inherited.get("__chain__", "")
    for key, value in record.lets.items():
        fields[key] = _substitute(value, env)
    return fields


def string_value(text: str) -> str:
    """`"vmi." # "x"` -> `vmi.x`; code blocks lose their brackets."""
    parts = [p.strip() for p in text.split(" # ")]
    out = []
    for part in parts:
        if part.startswith('"'):
            out.append(part[1:-1])
        elif part.startswith("[{"):
            out.append(part[2:-2])
        else:
            out.append(part)
    return "".join(out)


# --- constraints -------------------------------------------------------------

_BUILDABLE_TYPES = {
    "Index": "index", "I1": "i1", "I8": "i8", "I16": "i16", "I32": "i32", "I64": "i64",
    "F16": "f16", "F32": "f32", "F64": "f64", "BF16": "bf16", "UI8": "ui8", "UI16": "ui16",
    "UI32": "ui32", "UI64": "ui64", "SI32": "si32", "SI64": "si64", "NoneType": "none",
}
_INT_ATTRS = {"I1Attr": "i1", "I8Attr": "i8", "I16Attr": "i16", "I32Attr": "i32",
              "I64Attr": "i64", "SI32Attr": "si32", "SI64Attr": "si64", "UI32Attr": "ui32",
              "UI64Attr": "ui64", "UI8Attr": "ui8", "UI16Attr": "ui16", "IndexAttr": "index"}
_FLOAT_ATTRS = {"F16Attr": "f16", "F32Attr": "f32", "F64Attr": "f64"}
_DENSE_ATTRS = {"DenseI64ArrayAttr": "i64", "DenseI32ArrayAttr": "i32",
                "DenseI16ArrayAttr": "i16", "DenseI8ArrayAttr": "i8",
                "DenseBoolArrayAttr": "i1", "DenseF32ArrayAttr": "f32"}
_WRAPPERS = ("OptionalAttr", "DefaultValuedAttr", "DefaultValuedOptionalAttr", "ConfinedAttr",
             "Optional", "Variadic", "Arg", "Res", "DefaultValuedStrAttr")


def _outer(text: str) -> tuple[str, str]:
    """`A < b , c >` -> ('A', 'b , c')."""
    text = text.strip()
    if "<" not in text:
        return text, ""
    head, _, rest = text.partition("<")
    return head.strip(), rest.rsplit(">", 1)[0].strip()


def _first_arg(inner: str) -> str:
    tokens = lex(inner)
    part, _ = _until(tokens, 0, {","})
    return _join(part)


class Constraints:
    def __init__(self, records: dict[str, Record]):
        self.records = records

    def chain(self, name: str) -> list[str]:
        seen, todo = [], [name]
        while todo:
            current = todo.pop(0)
            if current in seen:
                continue
            seen.append(current)
            record = self.records.get(current)
            if record is not None:
                todo.extend(parent for parent, _ in record.parents)
        return seen

    def unwrap(self, text: str) -> tuple[str, str]:
        """(count kind '', '?' or '*', inner constraint)."""
        count = ""
        while True:
            head, inner = _outer(text)
            if head in ("Optional",):
                count = "?"
            elif head in ("Variadic",):
                count = "*"
            elif head in _WRAPPERS:
                if head in ("OptionalAttr", "DefaultValuedOptionalAttr", "DefaultValuedAttr"):
                    count = count or "?"
            else:
                return count, text.strip()
            text = _first_arg(inner)

    def is_attr(self, constraint: str) -> bool:
        head, _ = _outer(constraint)
        if head.endswith("Attr") or head in ("UnitAttr", "AnyAttr") or "Attr" in head:
            return True
        return any("Attr" in c and c not in ("AttrConstraint",) for c in self.chain(head)[1:]) \
            and not any(c in ("Type", "TypeConstraint", "TypeDef") for c in self.chain(head))

    def type_info(self, constraint: str) -> str:
        """'index' for a buildable type; '!pto.ptr' for a pto type class; ''."""
        head, _inner = _outer(constraint)
        if head in _BUILDABLE_TYPES:
            return _BUILDABLE_TYPES[head]
        record = self.records.get(head)
        if record is not None:
            fields = evaluate(self.records, head, [], {})
            mnemonic = fields.get("mnemonic")
            if mnemonic and "TypeDef" in fields.get("__chain__", ""):
                return "!pto." + string_value(mnemonic)
            # A type constraint naming one pto type: `Type<CPred<isa<TileBufType>>>`.
            for parent, _ in record.parents:
                if parent in _BUILDABLE_TYPES:
                    return _BUILDABLE_TYPES[parent]
        return ""

    def attr_info(self, constraint: str) -> str:
        head, inner = _outer(constraint)
        while head in _WRAPPERS:
            head, inner = _outer(_first_arg(inner))
        if head in _INT_ATTRS:
            return "int:" + _INT_ATTRS[head]
        if head in _FLOAT_ATTRS:
            return "float:" + _FLOAT_ATTRS[head]
        if head in _DENSE_ATTRS:
            return "dense:" + _DENSE_ATTRS[head]
        if head == "BoolAttr":
            return "bool"
        if head == "UnitAttr":
            return "unit"
        if head in ("StrAttr", "StringAttr"):
            return "str"
        if head in ("TypeAttr", "TypeAttrOf"):
            return "type"
        if head in ("SymbolNameAttr",):
            return "symname"
        if head in ("FlatSymbolRefAttr", "SymbolRefAttr"):
            return "symref"
        record = self.records.get(head)
        if record is None:
            return "any"
        fields = evaluate(self.records, head, [], {})
        chain = fields.get("__chain__", "")
        mnemonic = fields.get("mnemonic")
        if fields.get("__root__") == "EnumAttr" and mnemonic is None:
            mnemonic = fields["__args__"].split("\x00")[2]
        if mnemonic:
            fmt = string_value(fields.get("assemblyFormat", '"$value"'))
            style = "angle" if fmt.strip().startswith("`<`") else "bare"
            return f"{style}:{string_value(mnemonic)}"
        if "I32EnumAttr" in chain or fields.get("__root__") == "I32EnumAttr":
            return "any"
        for parent, _ in record.parents:
            if parent in _INT_ATTRS:
                return "int:" + _INT_ATTRS[parent]
        return "any"


# --- the assembly format -----------------------------------------------------

_FMT_TOKEN = re.compile(r"`[^`]*`|\$\w+|[A-Za-z_][\w-]*|[()^?,:=<>\[\]{}|*]|\S")


def parse_format(text: str) -> list:
    tokens = _FMT_TOKEN.findall(text)
    pos = 0

    def elements(stop: set[str]) -> list:
        nonlocal pos
        out: list = []
        while pos < len(tokens) and tokens[pos] not in stop:
            token = tokens[pos]
            pos += 1
            if token.startswith("`"):
                literal = token[1:-1]
                out.append("`" + literal if literal.strip() else "` ")
            elif token.startswith("$"):
                if pos < len(tokens) and tokens[pos] == "^":
                    pos += 1
                    out.append("^" + token[1:])
                else:
                    out.append("$" + token[1:])
            elif token == "(":
                group = elements({")"})
                pos += 1
                if pos < len(tokens) and tokens[pos] == "?":
                    pos += 1
                    alternative: list = []
                    if pos < len(tokens) and tokens[pos] == ":":
                        pos += 2  # `:` `(`
                        alternative = elements({")"})
                        pos += 1
                    out.append(["?", group, alternative])
                else:
                    out.append(["(", group])
            elif token in ("type", "qualified", "functional-type", "custom", "ref",
                           "operands", "results", "regions", "successors", "attr-dict",
                           "attr-dict-with-keyword", "prop-dict", "params", "struct"):
                out.append(directive(token))
            elif token == "^":
                out.append("^")
            else:
                raise ValueError(f"format token {token!r} in {text!r}")
        return out

    def directive(word: str):
        nonlocal pos
        if word in ("attr-dict", "attr-dict-with-keyword", "operands", "results",
                    "regions", "successors", "prop-dict"):
            return "@" + word
        if word == "custom":
            name = tokens[pos + 1]
            pos += 3  # `<` name `>`
            pos += 1  # `(`
            args = elements({")"})
            pos += 1
            return ["custom", name, args]
        pos += 1  # `(`
        args = elements({")", ","})
        while tokens[pos] == ",":
            pos += 1
            args += elements({")", ","})
        pos += 1
        anchor = False
        if pos < len(tokens) and tokens[pos] == "^":
            pos += 1
            anchor = True
        node = [word, args]
        if anchor:
            node.append("^")
        return node

    return elements(set())


# --- ops ---------------------------------------------------------------------

_TRAIT_WORDS = ("AttrSizedOperandSegments", "AttrSizedResultSegments", "NoTerminator",
                "SameOperandsAndResultType", "InferTypeOpInterface", "SameTypeOperands",
                "SameOperandsAndResultElementType")


def _dag_items(text: str) -> list[tuple[str, str]]:
    text = text.strip()
    if not text.startswith("("):
        return []
    tokens = lex(text)
    inner, _ = _until(tokens, 1, {")"})
    items = []
    for arg in _split_args(inner[1:]):
        if ":$" not in arg.replace(" ", ""):
            continue
        constraint, _, name = arg.replace(" : $", ":$").rpartition(":$")
        items.append((constraint.strip(), name.strip()))
    return items


def _traits(text: str) -> dict:
    out: dict = {}
    for word in _TRAIT_WORDS:
        if re.search(rf"\b{word}\b", text):
            out[word] = True
    found = re.search(r'SingleBlockImplicitTerminator\s*<\s*"([^"]+)"', text)
    if found:
        out["terminator"] = found.group(1).split("::")[-1]
    out["match"] = [re.findall(r'"(\w+)"', group)
                    for group in re.findall(r"AllTypesMatch\s*<\s*\[([^\]]*)\]", text)]
    out["with"] = [re.findall(r'"([^"]*)"', group)[:3]
                   for group in re.findall(r"TypesMatchWith\s*<(.*?)>\s*[,\]]", text)]
    return out


def build_table(root: Path) -> dict:
    text = "\n".join(path.read_text() for path in sorted((root / "include/PTO/IR").glob("*.td")))
    records = parse_records(text)
    constraints = Constraints(records)
    # Op class names that produce a C++ class `XOp` for the terminator lookup.
    class_mnemonic: dict[str, str] = {}
    table: dict = {}
    for record in records.values():
        if record.is_class:
            continue
        fields = evaluate(records, record.name, [], {})
        if fields.get("__root__") != "Op":
            continue
        args = fields["__args__"].split("\x00")
        dialect = args[0].strip()
        if dialect != "PTO_Dialect":
            continue
        name = "pto." + string_value(args[1])
        class_mnemonic[record.name] = name
        trait_text = args[2] if len(args) > 2 else ""
        operands, attrs = [], []
        for constraint, var in _dag_items(fields.get("arguments", "")):
            count, inner = constraints.unwrap(constraint)
            if constraints.is_attr(constraint):
                info = constraints.attr_info(constraint)
                optional = "?" if count or info == "unit" else ""
                attrs.append((var, info, optional))
            else:
                operands.append((var, count, constraints.type_info(inner)))
        results = []
        for constraint, var in _dag_items(fields.get("results", "")):
            count, inner = constraints.unwrap(constraint)
            results.append((var, count, constraints.type_info(inner)))
        regions = [(var, "*" if "VariadicRegion" in constraint else "")
                   for constraint, var in _dag_items(fields.get("regions", ""))]
        successors = [var for _, var in _dag_items(fields.get("successors", ""))]
        entry: dict = {"operands": operands, "attrs": attrs, "results": results}
        if regions:
            entry["regions"] = regions
        if successors:
            entry["successors"] = successors
        traits = _traits(trait_text + " " + fields.get("__chain__", ""))
        traits = {k: v for k, v in traits.items() if v}
        if traits:
            entry["traits"] = traits
        fmt = fields.get("assemblyFormat")
        if fmt is not None:
            entry["format"] = parse_format(string_value(fmt))
        elif fields.get("hasCustomAssemblyFormat", "0").strip() == "1":
            entry["format"] = "custom"
        else:
            entry["format"] = None
        table[name] = entry
    for entry in table.values():
        terminator = entry.get("traits", {}).get("terminator")
        if terminator:
            entry["traits"]["terminator"] = class_mnemonic.get(terminator, terminator)
    return dict(sorted(table.items()))


def group_order(entry: dict) -> list[str]:
    """An entry's operand groups in order, each with its count (`tmp?`)."""
    return [name + count for name, count, _ in entry["operands"]]


def add_generic_orders(table: dict, tables: list[dict], names: list[str]) -> None:
    """Record, in the entry of each op whose trees order the groups they share
    differently, every defining tree's group order (by tree name, newest first)."""
    for op, entry in table.items():
        defining = [(name, tree[op]) for name, tree in zip(names, tables, strict=True)
                    if op in tree]
        orders = [[g[0] for g in e["operands"]] for _, e in defining]
        shared = set.intersection(*(set(order) for order in orders))
        if len({tuple(g for g in order if g in shared) for order in orders}) > 1:
            entry["generic_orders"] = {name: group_order(e) for name, e in defining}


def merge_tables(tables: list[dict]) -> tuple[dict, dict[str, int]]:
    """One entry per op: the first table (the newest tree) that defines it
    wins. Also which tree each op came from (its index)."""
    merged: dict = {}
    origin: dict[str, int] = {}
    for number, table in enumerate(tables):
        for name, entry in table.items():
            if name not in merged:
                merged[name] = entry
                origin[name] = number
    return dict(sorted(merged.items())), origin


# What the op definitions cannot say about the custom form of an op PTOAS parses
# by hand (its `parse`/`print` in lib/PTO/IR/PTO.cpp of the newest tree), read from
# that code and stated here once, in nzpass's notation (see `pto_syntax.formats`):
#   attr_dict  where the attribute dictionary goes: "ins" inside `ins(...)` before
#              its `:`; "ins if G" there when group G has an operand, else after
#              `outs(...)`; absent: after `outs(...)`
#   keys       inherent attribute -> the key the dictionary spells it by
_HAND_PARSED = {
    # Reads the dictionary after the ins operands only, renames key `satmode` to
    # property `sat_mode` (refusing both at once), and prints it back as `satmode`.
    "pto.tcvt": {"attr_dict": "ins", "keys": {"sat_mode": "satmode"}},
    # With a tmp operand the dictionary follows it inside ins; without, it follows outs.
    "pto.tcolsum": {"attr_dict": "ins if tmp"},
}


def add_hand_parsed(table: dict) -> None:
    for name, facts in _HAND_PARSED.items():
        if name not in table or table[name]["format"] != "custom":
            sys.exit(f"pto_format_table: {name} is no longer parsed by hand; check _HAND_PARSED")
        table[name]["custom_form"] = facts


# The ops `nzpass.dialects.pto` has views of (a unit test checks the two agree): a
# run of the passes builds their entries only.
VIEWED_OPS = ("pto.alloc_tile", "pto.make_tensor_view", "pto.partition_view",
              "pto.set_validshape", "pto.tload", "pto.tstore")
_PARTS = {
    "pto_table_views": ("VIEWED", "The pto ops nzpass's passes read and write through the "
                        "views of\n`dialects.pto`"),
    "pto_table_orders": ("ORDERS", "The pto ops whose generic operand order differs "
                         "between PTOAS\nversions (`generic_orders`)"),
    "pto_table_rest": ("REST", "Every other pto op (only the custom syntax reader and "
                       "printer read\nthem)"),
}


def table_parts(table: dict) -> dict[str, str]:
    """The source text of each part of the table, by module name."""
    viewed = {name: entry for name, entry in table.items() if name in VIEWED_OPS}
    missing = sorted(set(VIEWED_OPS) - set(viewed))
    if missing:
        sys.exit(f"pto_format_table: no definition of the viewed op(s) {', '.join(missing)}")
    orders = {name: entry for name, entry in table.items()
              if "generic_orders" in entry and name not in VIEWED_OPS}
    if any("generic_orders" in entry for entry in viewed.values()):
        # The passes write the viewed ops generic: they would need the printer's pinning.
        sys.exit("pto_format_table: a viewed op's generic operand order differs between trees")
    rest = {name: entry for name, entry in table.items()
            if name not in VIEWED_OPS and name not in orders}
    texts = {}
    for (module, (variable, summary)), part in zip(_PARTS.items(), (viewed, orders, rest),
                                                   strict=True):
        texts[module] = (
            f'"""{summary}: operand, attribute, result and region groups, traits\n'
            "and assembly formats (notation: see `pto_syntax.formats`).\n"
            "Generated at development time by bench/pto_format_table.py from PTOAS's op\n"
            'definitions (facts only); edit by regenerating or by hand."""\n\n'
            f"{variable}: dict = " + pprint.pformat(part, width=99, sort_dicts=False) + "\n")
    return texts


def tree_argument(text: str) -> tuple[str, Path]:
    """`NAME=PATH` -> (NAME, PATH); a bare PATH is named by its folder."""
    name, equals, path = text.rpartition("=")
    return (name, Path(path)) if equals else (Path(path).name, Path(path))


def main() -> None:
    if len(sys.argv) < 3:
        sys.exit("usage: pto_format_table.py OUT_DIR [NAME=]NEWEST_PTOAS_TREE "
                 "[[NAME=]OLDER_TREE ...]")
    out, trees = Path(sys.argv[1]), [tree_argument(arg) for arg in sys.argv[2:]]
    tables = [build_table(root) for _, root in trees]
    table, origin = merge_tables(tables)
    add_hand_parsed(table)
    add_generic_orders(table, tables, [name for name, _ in trees])
    older_only = sorted(name for name, number in origin.items() if number > 0)
    print(textwrap.fill("Merged from PTOAS trees newest first; ops only an older tree defines: "
                        + ", ".join(older_only) + ".", width=88), file=sys.stderr)
    for module, text in table_parts(table).items():
        (out / f"{module}.py").write_text(text)


if __name__ == "__main__":
    main()
