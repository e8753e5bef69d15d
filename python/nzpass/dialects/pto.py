"""The `pto` dialect (what PTOAS >= 0.61 reads) as nzpass reads and writes it:
see docs/ir.md, section 2. Generic form only; properties `<{...}>` and plain
`{...}` attributes are both read, `{...}` is emitted."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache, lru_cache
from types import MappingProxyType
from typing import ClassVar, NamedTuple

from ..errors import MalformedOp
from ..ir.bindings import ir
from ..ir.type_cache import parsed_attribute, parsed_type, per_type
from ..records import record
from . import opaque
from .common import SEGMENTS, dense_ints, split_operands
from .properties import PropertyReader
from .pto_table import OPS

DIALECT = "pto"
OP_PREFIX = DIALECT + "."  # how every pto op name begins
MAT_NZ = {"blayout": "col_major", "slayout": "row_major", "fractal": 512}
ACC_NZ = {"loc": "acc", "blayout": "col_major", "slayout": "row_major", "fractal": 1024}

# pto ops named by nzpass that need no operand-group view.
GET_BLOCK_IDX = "pto.get_block_idx"
GET_BLOCK_NUM = "pto.get_block_num"
LOAD_SCALAR = "pto.load_scalar"  # (ptr, offset) -> the GM element ptr[offset]
SUBVIEW = "pto.subview"  # (source, offsets, valid extents) -> a tile over part of it
RESERVE_BUFFER = "pto.reserve_buffer"  # a pipe's FIFO region of local memory
SUBSET = "pto.subset"  # (source, offsets) -> a tile over part of it
TASSIGN = "pto.tassign"  # (tile, addr) -> the tile, rebound to the address
DECLARE_TILE = "pto.declare_tile"  # -> a tile handle a later op binds
ALLOC_MULTI_TILE = "pto.alloc_multi_tile"  # [addr] -> count tiles side by side
MULTI_TILE_GET = "pto.multi_tile_get"  # (multi-buffer, slot) -> that slot's tile


@record
class TileBuf(NamedTuple):
    """`!pto.tile_buf<...>` in either spelling; emitted in the key/value form."""

    loc: str
    dtype: str
    rows: int
    cols: int
    v_row: int | None
    v_col: int | None
    blayout: str = "row_major"
    slayout: str = "none_box"
    fractal: int = 512
    pad: int = 0
    compact: int | None = None

    def spelling(self) -> str:
        items = [f"loc={self.loc}", f"dtype={self.dtype}", f"rows={self.rows}",
                 f"cols={self.cols}", f"v_row={opaque.show_extent(self.v_row)}",
                 f"v_col={opaque.show_extent(self.v_col)}", f"blayout={self.blayout}",
                 f"slayout={self.slayout}", f"fractal={self.fractal}", f"pad={self.pad}"]
        if self.compact is not None:
            items.append(f"compact={self.compact}")
        return "!pto.tile_buf<" + ", ".join(items) + ">"

    def type(self) -> ir.Type:
        return parsed_type(self.spelling())

    @property
    def valid(self) -> tuple[int | None, int | None]:
        """The valid (rows, columns) the type states (None: dynamic), as pl.TileType's."""
        return self.v_row, self.v_col

    @property
    def valid_settable(self) -> bool:
        """Whether pto.set_validshape may change the tile's valid region: PTOAS allows it
        only on a tile whose type leaves both extents dynamic (v_row=?, v_col=?)."""
        return self.v_row is None and self.v_col is None

    def alloc_operand_mismatch(self, groups: Mapping[str, Sequence[object]]) -> str | None:
        """What is wrong with the valid_row / valid_col operands of the `pto.alloc_tile`
        making this tile (its `groups`), or None: PTOAS's AllocTileOp verifier wants the
        operand of an axis exactly when the type leaves that extent dynamic (`?`). A
        static extent with an operand beside it is a type that contradicts its operand:
        which one the transfers move is then not defined."""
        for axis, key, extent in (("valid_row", "v_row", self.v_row),
                                  ("valid_col", "v_col", self.v_col)):
            given = bool(groups.get(axis))
            if given == (extent is None):
                continue
            if given:
                return (f"the {axis} operand must be absent: the type states {key}="
                        f"{extent}, and PTOAS refuses an alloc whose operand could "
                        "contradict its type")
            return (f"the {axis} operand is required: the type leaves {key}=?, and PTOAS "
                    "refuses an alloc that gives no value for it")
        return None

    @property
    def is_nz_mat(self) -> bool:
        return self.loc == "mat" and all(getattr(self, k) == v for k, v in MAT_NZ.items())

    @property
    def is_acc_nz(self) -> bool:
        return all(getattr(self, k) == v for k, v in ACC_NZ.items())


_INT_FIELDS = {"rows", "cols", "fractal", "pad", "compact"}
_KEYS = TileBuf._fields
_REQUIRED = _KEYS[:-1]


@lru_cache(maxsize=4096)
def parse_tile_buf(data: str) -> TileBuf:
    """The body of a tile_buf type, key/value or compact form."""
    items = opaque.parameters(data, "tile_buf", "!pto.")
    if "=" not in items[0]:
        return _parse_compact(data, items)
    values: dict = {}
    for key, value in opaque.key_values(items):
        if key not in _KEYS or value is None:
            raise opaque.OpaqueSyntaxError(f"'!pto.{data}': unknown field '{key}'")
        values[key] = _field_value(key, value)
    missing = [k for k in _REQUIRED if k not in values]
    if missing:
        raise opaque.OpaqueSyntaxError(f"'!pto.{data}': missing {', '.join(missing)}")
    return TileBuf(**values)


def _valid_extent(value: str) -> int | None:
    """A valid extent: an integer, or `?` or `-1` (both dynamic, as PTOAS reads)."""
    return None if value.strip() == "-1" else opaque.parse_extent(value)


def _field_value(key: str, value: str):
    if key in ("v_row", "v_col"):
        return _valid_extent(value)
    if key in _INT_FIELDS:
        return opaque.parse_integer(value, f"tile_buf field {key}")
    return value


def _parse_compact(data: str, items: list[str]) -> TileBuf:
    if len(items) < 2:
        raise opaque.OpaqueSyntaxError(f"'!pto.{data}' needs a location and a shape")
    dims, dtype = opaque.parse_dims(items[1])
    rows, cols = dims if len(dims) == 2 else (None, None)
    if rows is None or cols is None:
        raise opaque.OpaqueSyntaxError(f"'!pto.{data}' needs a static ROWSxCOLS shape")
    tile = TileBuf(items[0], dtype, rows, cols, rows, cols)
    for key, value in opaque.key_values(items[2:]):
        if key == "valid" and value is not None:
            valid = value.split("x")
            if len(valid) != 2:
                raise opaque.OpaqueSyntaxError(f"'!pto.{data}': valid needs ROWSxCOLS")
            tile = tile._replace(v_row=_valid_extent(valid[0]), v_col=_valid_extent(valid[1]))
        elif key in _KEYS and value is not None:
            tile = tile._replace(**{key: _field_value(key, value)})
        else:
            raise opaque.OpaqueSyntaxError(f"'!pto.{data}': unknown field '{key}'")
    return tile


@per_type
def tile_buf(t: ir.Type) -> TileBuf | None:
    if not (isinstance(t, ir.OpaqueType) and t.dialect_namespace == DIALECT):
        return None
    if not t.data.startswith("tile_buf<"):
        return None
    return parse_tile_buf(t.data)


@record
class ViewType(NamedTuple):
    """`!pto.tensor_view<DIMSxT[, #pto.layout<..>]>` or `partition_tensor_view`."""

    kind: str  # "tensor_view" | "partition_tensor_view"
    dims: tuple[int | None, ...]
    element: str
    layout: str | None = None

    def spelling(self) -> str:
        suffix = f", #pto.layout<{self.layout}>" if self.layout else ""
        return f"!pto.{self.kind}<{opaque.show_dims(self.dims, self.element)}{suffix}>"

    def type(self) -> ir.Type:
        return parsed_type(self.spelling())


@lru_cache(maxsize=4096)
def parse_view_type(data: str) -> ViewType | None:
    for kind in ("partition_tensor_view", "tensor_view"):
        if data.startswith(kind + "<"):
            items = opaque.parameters(data, kind, "!pto.")
            dims, element = opaque.parse_dims(items[0])
            layout = None
            if len(items) == 2:
                layout = read_layout(items[1], f"'!pto.{data}'")
            elif len(items) > 2:
                raise opaque.OpaqueSyntaxError(f"'!pto.{data}': too many parameters")
            return ViewType(kind, dims, element, layout)
    return None


@per_type
def view_type(t: ir.Type) -> ViewType | None:
    if not (isinstance(t, ir.OpaqueType) and t.dialect_namespace == DIALECT):
        return None
    return parse_view_type(t.data)


# Pointer address spaces: every keyword PTOAS reads -> the one it prints.
PTR_SPACES = {"gm": "gm", "mat": "l1", "l1": "l1", "left": "l0a", "l0a": "l0a",
              "right": "l0b", "l0b": "l0b", "acc": "l0c", "l0c": "l0c", "vec": "ub",
              "ub": "ub", "bias": "bt", "bt": "bt", "scaling": "fb", "fb": "fb"}


def _ptr_items(t: ir.Type) -> list[str] | None:
    """The parameters of a `!pto.ptr<T[, space]>`; None for any other type, and
    OpaqueSyntaxError for a pointer whose parameters do not read."""
    if not (isinstance(t, ir.OpaqueType) and t.dialect_namespace == DIALECT):
        return None
    data = t.data
    if not data.startswith("ptr<"):
        return None
    return opaque.parameters(data, "ptr", "!pto.")


@per_type
def ptr_element(t: ir.Type) -> str | None:
    items = _ptr_items(t)
    return None if items is None else items[0]


@per_type
def ptr_space(t: ir.Type) -> str | None:
    """The address space of a `!pto.ptr` as PTOAS prints it ("gm" when none is stated,
    PTOAS's default); None for another type or a space PTOAS does not know."""
    items = _ptr_items(t)
    if items is None or len(items) > 2:
        return None
    return "gm" if len(items) == 1 else PTR_SPACES.get(items[1])


def ptr_type(element: ir.Type) -> ir.Type:
    return parsed_type(f"!pto.ptr<{element}>")


def is_tile_type(t: ir.Type) -> bool:
    """Whether `t` is a tile or a multi-buffer of tiles, by its spelling (a malformed
    one is the op making it's to report)."""
    return isinstance(t, ir.OpaqueType) and t.dialect_namespace == DIALECT \
        and t.data.startswith(("tile_buf<", "multi_tile_buf<"))


def is_address_type(t: ir.Type) -> bool:
    """Whether a value of `t` is an address, a `!pto.ptr` or a memref: what is read and
    written through it is not followed by the tile rules."""
    return isinstance(t, ir.MemRefType) or (
        isinstance(t, ir.OpaqueType) and t.dialect_namespace == DIALECT
        and t.data.startswith("ptr<"))


def layout_attr(kind: str) -> ir.Attribute:
    return parsed_attribute(f"#pto.layout<{kind}>")


# PTOAS's PTO_LayoutEnum, by the keyword its parser reads.
LAYOUTS = ("nd", "dn", "nz")


def read_layout(text: str, where: str) -> str:
    """The layout a `#pto.layout<..>` names (`text` with or without `#pto.`), read as
    PTOAS's parser reads it: blanks around the keyword, the keyword quoted, the body
    in the dialect's quoted form (`#pto<"layout<nz>">`). Raises OpaqueSyntaxError for
    anything else: a layout read as ND where PTOAS reads NZ would move the wrong
    bytes unchecked."""
    body = text.strip()
    if body.startswith("#pto<") and body.endswith(">"):
        body = body[len("#pto<"):-1].strip()
    else:
        body = body.removeprefix("#pto.")
    body = _unquoted(body, where) or body
    params = body[len("layout"):].strip() if body.startswith("layout") else ""
    if not (params.startswith("<") and params.endswith(">")):
        raise opaque.OpaqueSyntaxError(f"{where}: expected #pto.layout<..>, got '{text}'")
    keyword = params[1:-1].strip()
    keyword = _unquoted(keyword, where) or keyword
    if keyword not in LAYOUTS:
        raise opaque.OpaqueSyntaxError(f"{where}: '{text.strip()}' names no layout PTOAS "
                                       f"knows ({', '.join(LAYOUTS)})")
    return keyword


def _unquoted(text: str, where: str) -> str | None:
    """The contents of a plain string literal, None when `text` is not one."""
    if len(text) < 2 or not (text.startswith('"') and text.endswith('"')):
        return None
    inner = text[1:-1]
    if "\\" in inner or '"' in inner:
        raise opaque.OpaqueSyntaxError(f"{where}: '{text}': spell the layout without escapes")
    return inner


def layout_of(attr: ir.Attribute | None, where: str = "'layout'") -> str | None:
    """The layout a `layout` attribute names; None without one. Raises
    OpaqueSyntaxError for any other attribute (a string, an integer, another
    dialect's, a layout PTOAS does not know)."""
    if attr is None:
        return None
    if not (isinstance(attr, ir.OpaqueAttr) and attr.dialect_namespace == DIALECT):
        raise opaque.OpaqueSyntaxError(f"{where} must be a #pto.layout<nd>, <dn> or <nz>, "
                                       f"got {attr}")
    return read_layout(str(attr), where)  # as printed: #pto.layout<..> or #pto<"..">


def stated_layout(loc: ir.Location, attr: ir.Attribute | None, result: ViewType | None) -> str:
    """The layout of a `pto.make_tensor_view`: the one its `layout` attribute or its
    result type states (PTOAS 0.61 may spell it in the type), "nd" when neither does.
    Every reader asks this: when the two disagree the op is refused, since one
    reader would take the bytes as NZ and another as ND."""
    try:
        by_attr = layout_of(attr, "'pto.make_tensor_view' op attribute 'layout'")
    except opaque.OpaqueSyntaxError as err:
        raise MalformedOp(loc, str(err)) from None
    by_type = result.layout if result is not None else None
    if by_attr is not None and by_type is not None and by_attr != by_type:
        raise MalformedOp(loc, f"'pto.make_tensor_view' op states layout {by_attr} in its "
                          f"attribute but {by_type} in its result type; state one layout")
    return by_attr or by_type or "nd"


def ptoas_infers_nz(shape: Sequence[int | None], strides: Sequence[int | None],
                    element_bytes: int) -> bool:
    """Whether a PTOAS version nzpass targets tags a `pto.make_tensor_view` that states no
    layout NZ (its InferPTOLayout pass). `shape` is each dim static in the type, else its
    constant operand; `strides` the constant stride operands (None: not one);
    `element_bytes` the element's width / 8 (0 for an index type or a sub-byte one). A
    dynamic dim or stride, rank 0 or above 5 and element_bytes 0 are never inferred NZ.

    Two rules, for the two PTOAS versions in the field (found by red team: a view the
    older rule read as ND, and so checked for nothing, newer PTOAS moves as NZ across the
    #317 gap). A view either infers NZ is checked as NZ: under the other version its NZ
    loads fail to build, loudly.
    - the mirrors' HEAD (lib/PTO/Transforms/InferPTOLayout.cpp): right-aligned to 5-D
      (leading dims 1, leading strides `stride[i] = shape[i+1] * stride[i+1]`),
      `shape[2] == 16`, `shape[2] * shape[3] * element_bytes == 512`, `stride[4] == 1`
      and `stride[3] == shape[4]`;
    - newer PTOAS (lib/PTO/IR/PTOLayoutUtils.cpp, `inferLayout5D`): a rank-5 view in the
      canonical blocked form `[1, C/c0, R/16, 16, c0]` with its row-major strides, one
      batch and more than one fractal."""
    rank = len(shape)
    if rank != len(strides) or not 1 <= rank <= 5 or element_bytes == 0:
        return False
    if any(d is None for d in shape) or any(s is None for s in strides):
        return False
    sh = [1] * (5 - rank) + [int(d or 0) for d in shape]
    st = [1] * (5 - rank) + [int(s or 0) for s in strides]
    for axis in range(4 - rank, -1, -1):
        st[axis] = sh[axis + 1] * st[axis + 1]
    older = (sh[2] == 16 and sh[2] * sh[3] * element_bytes == 512 and st[4] == 1
             and st[3] == sh[4])
    return older or (rank == 5 and _canonical_single_batch_root(sh, st, element_bytes))


def _canonical_single_batch_root(sh: list[int], st: list[int], element_bytes: int) -> bool:
    """Newer InferPTOLayout's NZ: the canonical root `[1, C/c0, R/16, 16, c0]`, strides
    `[C/c0 * R*c0, R*c0, 16*c0, c0, 1]`, of one batch and more than one fractal (a single
    fractal or several batches it leaves to an explicit layout)."""
    if 32 % element_bytes:
        return False
    c0 = 32 // element_bytes
    canonical = (sh[3] == 16 and sh[4] == c0 and st[4] == 1 and st[3] == c0
                 and st[2] == 16 * c0 and st[1] == sh[2] * st[2] and st[0] == sh[1] * st[1]
                 and sh[0] > 0)  # PTOAS requires only shape[0] positive (found by red team)
    return canonical and sh[0] == 1 and (sh[1] > 1 or sh[2] > 1)


# PTOAS's own element types and the bytes of one element as the TypeDefs state them
# (include/PTO/IR/PTOTypeDefs.td: the C++ types they stand for); a packed x2 type is one
# element of its carrier. What a tile of them occupies in its local memory.
ELEMENT_BYTES = {"!pto.hif8": 1, "!pto.f8E8M0": 1, "!pto.hif8x2": 2, "!pto.f4E1M2x2": 1,
                 "!pto.f4E2M1x2": 1, "!pto.bf16x2": 4}


def table_groups(name: str) -> tuple[str, ...]:
    """The operand groups of pto op `name`, in order, as PTOAS defines them
    (the op table, `pto_table`, is the one home of this fact)."""
    return tuple(group[0] for group in OPS[name]["operands"])


def table_attrs(name: str) -> tuple[str, ...]:
    """The attributes (properties) of pto op `name` as PTOAS defines them (the op table)."""
    return tuple(attr[0] for attr in OPS[name]["attrs"])


@cache
def defined_attrs(name: str) -> tuple[str, ...]:
    """What PTOAS can read of op `name` beside its operands: its operand segments and
    the attributes its definition gives it (the op table); nothing for an op the table
    does not define."""
    if not name.startswith(OP_PREFIX) or name not in OPS:
        return ()
    return (SEGMENTS, *table_attrs(name))


# The attributes of pto ops as PTOAS reads them: every attribute of each op's dictionary
# and each its definition gives it, wherever it is stated (`PropertyReader`).
ATTRIBUTE_READER = PropertyReader(defined_attrs)


def derived_segment_sizes(name: str, count: int, result_type: str | None) -> list[int] | None:
    """The operandSegmentSizes of a generic pto op written without them
    (docs/ir.md, section 2), or None when the count leaves them open: the view
    ops take a source and two lists of equal length; `pto.alloc_tile` takes
    the valid extents its result type leaves dynamic, after an optional
    address; any other op given exactly its mandatory operands has its
    optional and variadic groups empty, and one without AttrSizedOperandSegments
    has at most one such group, which holds the rest (`pto.trowsum` of a
    source, a scratch and a destination). `result_type` is the text of the
    op's single result type, if any."""
    if name in _SOURCE_AND_TWO_LISTS:
        return [1, (count - 1) // 2, (count - 1) // 2] if count % 2 == 1 else None
    if name == AllocTile.NAME:
        return _alloc_tile_sizes(count, result_type)
    groups = OPS[name]["operands"] if name in OPS else None
    if groups is None:
        return None
    mandatory = [int(not group[1]) for group in groups]
    spare = count - sum(mandatory)
    if spare == 0:
        return mandatory
    flexible = [index for index, group in enumerate(groups) if group[1]]
    if spare < 0 or len(flexible) != 1 or OPS[name].get("traits", {}).get(
            "AttrSizedOperandSegments"):
        return None
    # ODS without AttrSizedOperandSegments allows one optional or variadic group,
    # which holds every operand beyond the mandatory ones (getODSOperandIndexAndLength).
    (index,) = flexible
    if groups[index][1] == "?" and spare > 1:
        return None
    mandatory[index] = spare
    return mandatory


def _alloc_tile_sizes(count: int, result_type: str | None) -> list[int] | None:
    tile = None
    if result_type is not None and result_type.startswith("!pto.tile_buf<"):
        try:
            tile = parse_tile_buf(result_type[len("!pto."):])
        except opaque.OpaqueSyntaxError:
            tile = None
    rows = int(tile is not None and tile.v_row is None)
    cols = int(tile is not None and tile.v_col is None)
    addr = count - rows - cols
    return [addr, rows, cols] if addr in (0, 1) else None


class _Arities(NamedTuple):
    """What an op's definition allows: one arity per operand group ('' exactly one,
    '?' at most one, '*' any) and the least and most results (None: no bound)."""

    groups: tuple[tuple[str, str], ...]
    least: int
    most: int | None


@cache
def _arities(name: str) -> _Arities:
    entry = OPS[name]
    results = [arity for _, arity, _ in entry["results"]]
    return _Arities(tuple((group, arity) for group, arity, _ in entry["operands"]
                          if arity != "*"),
                    results.count(""), None if "*" in results else len(results))


def _check_arity(op: ir.Operation, name: str, groups: Mapping[str, list[ir.Value]]) -> None:
    """The op has as many operands in each group, and as many results, as its
    definition in the op table allows: a generic op may be written with any, and a
    check that read `results[0]` or one `src` of an op with none or two would check
    another program than the one that runs (or crash)."""
    allowed = _arities(name)
    for group, arity in allowed.groups:
        count = len(groups[group])
        if arity == "" and count != 1:
            raise MalformedOp(op.location, f"'{name}' op expects exactly one {group} operand, "
                              f"got {count}")
        if count > 1:
            raise MalformedOp(op.location, f"'{name}' op takes at most one {group} operand, "
                              f"got {count}")
    count = len(op.results)
    if count < allowed.least or (allowed.most is not None and count > allowed.most):
        shown = (str(allowed.least) if allowed.most == allowed.least
                 else f"{allowed.least} to {allowed.most}")
        raise MalformedOp(op.location, f"'{name}' op has {count} results; its definition "
                          f"gives it {shown}")


class PtoOp:
    """A pto op with named operand groups (its definition's, from the op
    table), checked against the table's arities; `attrs` includes properties."""

    NAME: str
    GROUPS: tuple[str, ...]

    def __init__(self, op: ir.Operation, attrs: dict[str, ir.Attribute]):
        self.op = op
        self.attrs = attrs
        sizes = attrs.get(SEGMENTS)
        if sizes is not None and not isinstance(sizes, ir.DenseI32ArrayAttr):
            raise MalformedOp(op.location, f"'{op.name}' op {SEGMENTS} must be array<i32: ...>")
        counts = dense_ints(sizes) if sizes is not None else self.derive_sizes(len(op.operands))
        self.groups = split_operands(op, self.GROUPS, counts)
        _check_arity(op, self.NAME, self.groups)

    def derive_sizes(self, count: int) -> list[int]:
        result = str(self.op.results[0].type) if len(self.op.results) == 1 else None
        sizes = derived_segment_sizes(self.NAME, count, result)
        if sizes is None:
            raise MalformedOp(self.op.location, self.underivable(count))
        return sizes

    def underivable(self, count: int) -> str:
        if OPS[self.NAME].get("traits", {}).get("AttrSizedOperandSegments"):
            return (f"'{self.NAME}' op needs {SEGMENTS}: its {count} operands do not tell "
                    f"its groups ({', '.join(self.GROUPS)}) apart")
        return (f"'{self.NAME}' op takes {len(self.GROUPS)} operands "
                f"({', '.join(self.GROUPS)}), got {count}")

    @property
    def location(self) -> ir.Location:
        return self.op.location


# The view of each op the table defines that no class below is (table_op), made once.
_TABLE_VIEWS: dict[str, type[PtoOp]] = {}


def table_op(op: ir.Operation, attrs: dict[str, ir.Attribute]) -> PtoOp | None:
    """`op`'s operand groups by its definition in the op table, for any pto op; None for
    an op the table does not define (pl, scf, func ops). Raises MalformedOp as the views
    below do. A look-up outside the views' ops builds the whole table (pto_table)."""
    name = op.name
    view = _TABLE_VIEWS.get(name)
    if view is None:
        if name not in OPS:
            return None
        view = _TABLE_VIEWS[name] = type(name, (PtoOp,), {"NAME": name,
                                                          "GROUPS": table_groups(name)})
    return view(op, attrs)


class _SourceAndTwoLists(PtoOp):
    def underivable(self, count: int) -> str:
        return (f"'{self.NAME}' op needs a source and two equal-length lists; got {count} "
                "operands")


class MakeTensorView(_SourceAndTwoLists):
    NAME = "pto.make_tensor_view"
    GROUPS = table_groups(NAME)


class PartitionView(_SourceAndTwoLists):
    NAME = "pto.partition_view"
    GROUPS = table_groups(NAME)


_SOURCE_AND_TWO_LISTS = frozenset((MakeTensorView.NAME, PartitionView.NAME))


class AllocTile(PtoOp):
    NAME = "pto.alloc_tile"
    GROUPS = table_groups(NAME)


class SetValidShape(PtoOp):
    """(tile, valid_row, valid_col): the tile's valid region from here on."""

    NAME = "pto.set_validshape"
    GROUPS = table_groups(NAME)


SET_VALIDSHAPE = SetValidShape.NAME


class TLoad(PtoOp):
    NAME = "pto.tload"
    GROUPS = table_groups(NAME)
    ATTRS = table_attrs(NAME)
    # What a load may do besides copying its partition: every operand group past the
    # two it copies between (padding), and the value of each attribute that leaves the
    # copy plain (test_dialect_types checks that it names every attribute of the table).
    PAD_GROUPS = GROUPS[2:]
    PLAIN_ATTRS: ClassVar[Mapping[str, str]] = MappingProxyType(
        {"pad_mode": "#pto.padmode<PadNull>", "init_out_buffer": "false"})


class TStore(PtoOp):
    NAME = "pto.tstore"
    GROUPS = table_groups(NAME)
    ATTRS = ("stPhase", "atomicType", "reluPreMode")
