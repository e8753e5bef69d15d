"""The `pl` dialect (the DSL's tile-level IR) as nzpass reads and writes it:
see docs/ir.md, section 1."""

from __future__ import annotations

import re
from functools import cache, lru_cache
from typing import NamedTuple

from ..errors import MalformedOp, Refusal
from ..ir import walk
from ..ir.bindings import ir
from ..ir.type_cache import parsed_attribute, parsed_type, per_type
from ..ir.walk import FUNC, MODULE, module_level_ops, outside_functions
from ..records import record
from . import opaque
from .common import SegmentedOp, utf8_text

DIALECT = "pl"
OP_PREFIX = DIALECT + "."  # how every pl op name begins
BACKEND_ATTR = "pl.backend"
TARGET_ARCH_ATTR = "pto.target_arch"  # PTOAS's own statement of the target
BLOCKED_MARK = "nz_tensor_views_blocked"

TENSOR_VIEW = "pl.tensor.view"
TENSOR_REINTERPRET_VIEW = "pl.tensor.reinterpret_view"
REMOTE_LOAD = "pl.remote_load"
ASYNC_PREFETCH = "pl.prefetch.async_prefetch"
GET_BLOCK_IDX = "pl.tile.get_block_idx"
GET_BLOCK_NUM = "pl.tile.get_block_num"
LANE_INDEX_OPS = (GET_BLOCK_IDX, GET_BLOCK_NUM)
# Compute ops that stay in pl form after pl-to-pto (nzpass.model runs them).
TILE_ZEROS = "pl.tile.zeros"
TILE_MATMUL = "pl.tile.matmul"
TILE_MATMUL_ACC = "pl.tile.matmul_acc"
# The pl ops whose tile result is a new tile, of the extents its type states (pl tiles
# are values: none of these relabels another buffer).
FRESH_TILE_OPS = frozenset((TILE_ZEROS, TILE_MATMUL, TILE_MATMUL_ACC, "pl.tile.load"))

LAYOUT_KINDS = ("nd", "nz", "dn")
BACKENDS = ("a2a3", "a5")
TILE_SPACES = ("mat", "acc", "vec", "left", "right")


def module_backend(module: ir.Operation) -> str:
    """The target of `module`: its `pl.backend` attribute, else the `pto.target_arch`
    PTOAS reads, "a2a3" when neither is stated. Both stated must name one target: PTOAS
    compiles for the arch, and every rule here checks the backend."""
    backend = _stated_backend(module)
    arch = _ptoas_arch(module)
    if backend is not None and arch is not None and backend != arch:
        raise Refusal(module.location, f"module states {BACKEND_ATTR} = \"{backend}\" but "
                      f"{TARGET_ARCH_ATTR} = {module.attributes[TARGET_ARCH_ATTR]}, which "
                      f"PTOAS compiles for ({arch}): the capacities and write-back rules "
                      "checked would be another target's; state one target")
    return backend or arch or "a2a3"


# How PTOAS finds the arch in a file's text before parsing it (tools/ptoas/ptoas.cpp,
# `detectTextualModuleArch`): the first match anywhere, a comment included, picks the
# arch its parser and emitter use.
_PTOAS_ARCH_IN_TEXT = re.compile(r'"?(pto\.target_arch)"?\s*=\s*"([A-Za-z0-9_]+)"')
_TARGET_ARCH_TEXT = "pto.target_arch"  # in every match of it


def text_target_disagreement(text: str, module: ir.Operation) -> tuple[int, str] | None:
    """(offset in `text`, message) where the first `pto.target_arch = ".."` of the text,
    which PTOAS reads, is in a comment and names another target than the module's
    backend; None when they agree, when the text states none, when the first is an
    attribute (every pass checks those, wherever they are) or when the module's own
    statement is malformed (the passes report that)."""
    # The regular expression may start at any byte (an optional quote first): the plain
    # search for its one fixed part runs first, at C speed (0.5 against 25 ms on 1.9 MB).
    found = _PTOAS_ARCH_IN_TEXT.search(text) if _TARGET_ARCH_TEXT in text else None
    line_start = text.rfind("\n", 0, found.start()) + 1 if found else 0
    if found is None or "//" not in text[line_start:found.start()]:
        return None  # none, or an attribute of the module, which the passes check
    try:
        backend = module_backend(module)
    except Refusal:
        return None
    arch = _backend_of_arch(found.group(2))
    if arch == backend:
        return None
    return found.start(), (f"PTOAS reads the target from the first '{found.group(0)}' of the "
                           f"file (a comment included), {arch}, but the module's target is "
                           f"{backend}: the capacities and write-back rules nzpass checks would "
                           "be another target's; state one target, on the module")


def state_target_for_ptoas(module: ir.Operation, backend: str) -> None:
    """Write the target as PTOAS reads it (`pto.target_arch`) on lowered IR for A5:
    without it PTOAS builds for A3, whose rules and capacities nzpass did not check.
    A2/A3 is PTOAS's default, and a module that states the arch keeps it."""
    if backend == "a5" and TARGET_ARCH_ATTR not in module.attributes:
        module.attributes[TARGET_ARCH_ATTR] = ir.StringAttr.get("a5")


def target_unstated_for_ptoas(module: ir.Operation) -> Refusal | None:
    """A module that states `pl.backend = "a5"` but not the `pto.target_arch` PTOAS
    reads: PTOAS then builds for A3 (unless its command line says otherwise, which
    nzpass cannot see), so what verify-pto-nz checks for A5 is not what runs."""
    if _stated_backend(module) != "a5" or TARGET_ARCH_ATTR in module.attributes:
        return None
    return Refusal(module.location, f"module states {BACKEND_ATTR} = \"a5\" but no "
                   f"{TARGET_ARCH_ATTR}: PTOAS reads only that, and without it builds for A3, "
                   f"whose capacities and write-back rules differ; state {TARGET_ARCH_ATTR} = "
                   "\"a5\" (convert-pl-to-pto writes it on what it lowers)")


def _stated_backend(module: ir.Operation) -> str | None:
    if BACKEND_ATTR not in module.attributes:
        return None
    attr = module.attributes[BACKEND_ATTR]
    backend = utf8_text(attr) if isinstance(attr, ir.StringAttr) else None
    if backend in BACKENDS:
        return backend
    raise Refusal(module.location, f"module attribute {BACKEND_ATTR} = {attr} is not a known "
                  "backend: use \"a2a3\" or \"a5\" (it selects the NZ write-back rules and "
                  "the L0C capacity)")


def _ptoas_arch(module: ir.Operation) -> str | None:
    """The backend of the arch PTOAS reads from `pto.target_arch` (tools/ptoas/ptoas.cpp),
    None when not stated."""
    if TARGET_ARCH_ATTR not in module.attributes:
        return None
    attr = module.attributes[TARGET_ARCH_ATTR]
    arch = utf8_text(attr) if isinstance(attr, ir.StringAttr) else None
    if arch is None:
        raise Refusal(module.location, f"module attribute {TARGET_ARCH_ATTR} = {attr} is not "
                      "a string: PTOAS reads it as the target arch (\"a3\" or \"a5\")")
    return _backend_of_arch(arch)


def _backend_of_arch(arch: str) -> str:
    """The backend PTOAS builds for by an arch name: lower-cased, "a5" is A5 and any
    other name its default A3."""
    return "a5" if arch.lower() == "a5" else "a2a3"


def module_backend_or_default(module: ir.Operation, refusals: list[Refusal]) -> str:
    """The module's backend; an unknown one is recorded as a refusal and the default
    taken, so that the pass still reports every other refusal of the module. A nested
    module that states another backend is refused: every rule reads this one. So is a
    module outside the chain of modules (`misplaced_modules`): every pass that reads the
    backend asks here."""
    refusals.extend(misplaced_modules(module))
    try:
        backend = module_backend(module)
    except Refusal as refusal:
        refusals.append(refusal)
        backend = "a2a3"
    # PTOAS may take the arch from a nested module or a function too (one reads child
    # modules' attributes, another the first `pto.target_arch = ".."` in the file's text):
    # wherever it is stated, it must be this backend.
    for nested in module_level_ops(module):  # one walk for the modules and the functions
        if nested.name not in (MODULE, FUNC):
            continue
        attrs = nested.attributes
        if BACKEND_ATTR not in attrs and TARGET_ARCH_ATTR not in attrs:
            continue
        try:
            inner = module_backend(nested)
        except Refusal as refusal:
            refusals.append(refusal)
            continue
        if inner != backend:
            what = "nested module" if nested.name == MODULE else f"'{nested.name}'"
            refusals.append(Refusal(nested.location, f"{what} states {BACKEND_ATTR} or "
                                    f"{TARGET_ARCH_ATTR} naming \"{inner}\" inside a module "
                                    f"whose backend is \"{backend}\": the rules of one run read "
                                    "one backend, the top-level module's, and PTOAS may build "
                                    "for the other; state it there only"))
    return backend


def misplaced_modules(module: ir.Operation) -> list[Refusal]:
    """A refusal per builtin.module in another op's region (a function's body included)
    rather than directly in a module. Its functions are none of those the passes rewrite
    and check, the calls into them are resolved and checked against their facts by no
    one, the backend it states is compared with nothing, and PTOAS builds its ops for the
    target it states itself (the nearest enclosing module's; found by red team: a hidden
    module of A5 checked under A2/A3 rules, and a call breaking its callee's nz.range)."""
    return [Refusal(nested.location, f"'builtin.module' inside '{_parent_name(nested)}' is "
                    "not directly in a builtin.module: nzpass reads functions, symbols, call "
                    "facts and the target along the modules nested directly in modules, and "
                    "PTOAS builds a module's ops for the target it states itself, so its "
                    "functions would be checked under another module's rules or not at all; "
                    "move it to the top level or directly into a module")
            for nested in walk.misplaced_modules(module)]


def _parent_name(op: ir.Operation) -> str:
    parent = op.parent
    return "?" if parent is None else parent.operation.name


def stray_ops(module: ir.Operation) -> list[Refusal]:
    """A refusal per pl op outside every function the passes rewrite (at module level,
    or in another op's region, a func.func there included): it would pass through
    unchecked and unlowered."""
    return [Refusal(op.location, f"'{op.name}' is not in a func.func of the module (or of a "
                    "builtin.module nested in it): the pl passes rewrite those functions only, "
                    "so it would pass through unchecked; move it into one")
            for op in outside_functions(module) if op.name.startswith(OP_PREFIX)]


class TileLoad(SegmentedOp):
    NAME = "pl.tile.load"
    GROUPS = ("tensor", "offsets", "sizes", "valid_shape")
    # Where the tile goes: the result's !pl.tile type says it too, and the lowered
    # !pto.tile_buf carries it as loc=...; every other attribute is the user's.
    TARGET_MEMORY = "target_memory"


class TileStore(SegmentedOp):
    NAME = "pl.tile.store"
    GROUPS = ("tile", "dest", "offsets", "shapes")


class TensorSlice(SegmentedOp):
    NAME = "pl.tensor.slice"
    GROUPS = ("tensor", "offsets", "sizes", "valid_shape")
    DROP_DIMS = "drop_dims"


class TensorReshape(SegmentedOp):
    NAME = "pl.tensor.reshape"
    GROUPS = ("tensor", "new_shape")

    def __init__(self, op: ir.Operation):
        # The contract gives reshape no segment attribute: tensor, then the shape.
        self.op = op
        operands = list(op.operands)
        if not operands:
            raise MalformedOp(op.location, f"'{self.NAME}' op needs a tensor operand")
        self.groups = {"tensor": operands[:1], "new_shape": operands[1:]}


@record
class TensorLayout(NamedTuple):
    """The `#pl.layout<...>` encoding of a GM tensor (absent means ND)."""

    kind: str = "nd"
    stride: tuple[int | None, ...] | None = None
    valid_shape: tuple[int | None, ...] | None = None
    distributed: bool = False

    @property
    def is_nz(self) -> bool:
        return self.kind == "nz"

    def spelling(self) -> str:
        items = [self.kind]
        if self.stride is not None:
            items.append(f"stride = {opaque.show_extent_list(self.stride)}")
        if self.valid_shape is not None:
            items.append(f"valid_shape = {opaque.show_extent_list(self.valid_shape)}")
        if self.distributed:
            items.append("distributed")
        return "#pl.layout<" + ", ".join(items) + ">"

    def attribute(self) -> ir.Attribute:
        return parsed_attribute(self.spelling())  # once per context (and input chunk)


_DYNAMIC_SIZE = ir.ShapedType.get_dynamic_size()  # what `ShapedType.shape` gives for `?`


class LayoutSyntaxError(ValueError):
    pass


@cache
def parse_layout(data: str) -> TensorLayout:
    """The body of a `#pl.layout<...>` attribute (`layout<nz, stride = [..]>`)."""
    try:
        items = opaque.split_top_level(opaque.strip_wrapper(data, "layout"))
        if not items or items[0] not in LAYOUT_KINDS:
            got = items[0] if items else ""
            raise LayoutSyntaxError(f"unknown layout '{got}' in '#pl.{data}': expected one of "
                                    f"{', '.join(LAYOUT_KINDS)}")
        layout = TensorLayout(items[0])
        for key, value in opaque.key_values(items[1:]):
            if key == "distributed" and value is None:
                layout = layout._replace(distributed=True)
            elif key in ("stride", "valid_shape") and value is not None:
                layout = layout._replace(**{key: opaque.parse_extent_list(value)})
            else:
                raise LayoutSyntaxError(f"unknown key '{key}' in '#pl.{data}': expected "
                                        "stride = [...], valid_shape = [...] or distributed")
        return layout
    except opaque.OpaqueSyntaxError as err:
        raise LayoutSyntaxError(f"malformed '#pl.{data}': {err}") from None


@per_type
def tensor_layout(t: ir.Type) -> TensorLayout | None:
    """The layout of a GM tensor type; None for anything that is not one.
    Raises LayoutSyntaxError for a malformed `#pl.layout`."""
    if not isinstance(t, ir.RankedTensorType):
        return None
    encoding = t.encoding
    if encoding is None:
        return TensorLayout()
    if not (isinstance(encoding, ir.OpaqueAttr) and encoding.dialect_namespace == DIALECT):
        return None
    data = bytes(encoding.data).decode()
    layout = parse_layout(data)
    for key in ("stride", "valid_shape"):
        values = getattr(layout, key)
        if values is not None and len(values) != t.rank:
            raise LayoutSyntaxError(f"malformed '#pl.{data}': {len(values)} {key} values for a "
                                    f"rank-{t.rank} tensor; give one per axis")
    return layout


def tensor_shape(t: ir.RankedTensorType) -> tuple[int | None, ...]:
    # One read of the whole shape, not two binding calls per axis.
    dynamic = _DYNAMIC_SIZE
    return tuple(None if d == dynamic else d for d in t.shape)


def tensor_type(shape, element: ir.Type, layout: TensorLayout) -> ir.RankedTensorType:
    dims = [ir.ShapedType.get_dynamic_size() if d is None else d for d in shape]
    return ir.RankedTensorType.get(dims, element, layout.attribute(), loc=ir.Location.unknown())


class TileType(NamedTuple):
    """`!pl.tile<ROWSxCOLSxT, SPACE[, valid = VRxVC]>`. (A named tuple: a frozen
    dataclass costs 0.5 ms of start-up to build.)"""

    rows: int
    cols: int
    element: ir.Type
    space: str
    valid: tuple[int | None, int | None] | None = None

    @property
    def fully_valid(self) -> bool:
        return self.valid is None or self.valid == (self.rows, self.cols)


@per_type
def tile_type(t: ir.Type) -> TileType | None:
    """Parse a `!pl.tile` type; None when `t` is not one. Raises MalformedOp-ready
    ValueError text through opaque.OpaqueSyntaxError for a malformed spelling."""
    if not (isinstance(t, ir.OpaqueType) and t.dialect_namespace == DIALECT):
        return None
    if not (t.data == "tile" or t.data.startswith("tile<")):
        return None
    return _parse_tile(t.data)


@lru_cache(maxsize=4096)
def _parse_tile_text(data: str):
    items = opaque.parameters(data, "tile", "!pl.")
    if len(items) < 2:
        raise opaque.OpaqueSyntaxError(f"'!pl.{data}' needs a shape and a memory space")
    dims, element = opaque.parse_dims(items[0])
    if len(dims) != 2 or dims[0] is None or dims[1] is None:
        raise opaque.OpaqueSyntaxError(f"'!pl.{data}' must have a static 2-D shape")
    rows, cols = dims[0], dims[1]
    if items[1] not in TILE_SPACES:
        raise opaque.OpaqueSyntaxError(f"'!pl.{data}': unknown memory space '{items[1]}'")
    valid = None
    for key, value in opaque.key_values(items[2:]):
        if key != "valid" or value is None:
            raise opaque.OpaqueSyntaxError(f"'!pl.{data}': unknown item '{key}'")
        valid_dims, rest = opaque.parse_dims(value + "xi1")
        if len(valid_dims) != 2 or rest != "i1":
            raise opaque.OpaqueSyntaxError(f"'!pl.{data}': valid must be ROWSxCOLS")
        valid = valid_dims
    return (rows, cols), element, items[1], valid


# Element types a tile may hold; checked before `ir.Type.parse`, which would
# report a stray parse error into the diagnostics of the pass being run.
_ELEMENT_TYPE = re.compile(r"(?:u?i|si)[0-9]+|f16|bf16|f32|f64|tf32|f8E4M3(?:FN|FNUZ|B11FNUZ)?"
                           r"|f8E5M2(?:FNUZ)?|f8E3M4|f8E8M0FNU|f6E2M3FN|f6E3M2FN|f4E2M1FN")


def element_type(text: str) -> ir.Type:
    if not _ELEMENT_TYPE.fullmatch(text):
        raise opaque.OpaqueSyntaxError(f"unknown element type '{text}'")
    return parsed_type(text)


def _parse_tile(data: str) -> TileType:
    dims, element_text, space, valid = _parse_tile_text(data)
    try:
        element = element_type(element_text)
    except opaque.OpaqueSyntaxError as err:
        raise opaque.OpaqueSyntaxError(f"'!pl.{data}': {err}") from None
    return TileType(dims[0], dims[1], element, space, valid)
