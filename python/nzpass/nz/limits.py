"""The encoding limits of the A2/A3 transfer instructions, and the rules stated on them.

One table: the verifier (`nz/hazards.py`, `nz/acc_store.py`, `nz/window.py`, `nz/layout.py`)
proves a program inside these limits, and the byte model (`model/hardware.py`) reproduces
what the device does at them, so the two can never disagree on a number or on which field
overflows. Pure Python, no MLIR. Reference: docs/hardware-model.md (c) and (d), and its
"Capacities" for the local memories.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from .intervals import Fact

# ---- Local memories, docs/hardware-model.md "Capacities": bytes by tile `loc` and backend
_KIB = 1024
LOCAL_MEMORY_BYTES = {
    "a2a3": {"mat": 512 * _KIB, "left": 64 * _KIB, "right": 64 * _KIB, "acc": 128 * _KIB,
             "vec": 192 * _KIB},
    "a5": {"mat": 512 * _KIB, "left": 64 * _KIB, "right": 64 * _KIB, "acc": 256 * _KIB,
           "vec": 256 * _KIB},
}
MEMORY_NAMES = {"mat": "L1", "left": "L0A", "right": "L0B", "acc": "L0C", "vec": "UB"}
# The memories of no capacity above (the bias table, the fixpipe's scaling buffer): the
# bytes PTOAS's planner gives them at most (tonibohnlein PTOAS HEAD,
# lib/PTO/Transforms/PTOPlanMemory.cpp, MemSpec kA3 / kA5, stated in bits: bias 524288,
# scaling 1572864 / 2031616). The devices' own may be smaller (no source here states
# them), so a tile inside these is not proved to fit; one past them surely does not.
PLANNER_ONLY_BYTES = {
    "a2a3": {"bias": 64 * _KIB, "scaling": 192 * _KIB},
    "a5": {"bias": 64 * _KIB, "scaling": 248 * _KIB},
}

# ---- TLoadGm2L1Nz2nz (NZ -> NZ load), docs/hardware-model.md (c)
LOAD_MAX_COLUMN_BLOCKS = 4095      # n1, the burst count field
LOAD_MAX_ROW_FIELD = 65535         # valid rows, and tile rows - valid rows (16-bit fields)
STRIDE_LIMIT = 1 << 31             # every view stride goes through a 32-bit signed field
BATCH_OFFSET_LIMIT = 1 << 32       # i * S0, for every batch i, is a uint32
PARTITION_START_LIMIT = 1 << 32    # PTOAS sums a partition's offset * stride in uint32
GM_GAP_FIELD = 1 << 16             # gmGap is a uint16_t: the gap wraps modulo this (pto-isa#317)
GM_GAP_LIMIT = GM_GAP_FIELD - 1    # the largest gap that survives the field
GM_GAP_WORD = 1 << 32              # the gap is first computed as a uint32
GM_BLOCK_BYTES = 32                # the gap counts 32-byte blocks

# ---- ND transfers, docs/hardware-model.md "ND transfers": TLoadGm2ubNd2nd (ND -> Vec),
# TLoadGm2L1Nd2nz (ND -> Mat), TStoreUb2gmNd2nd (Vec -> ND), TStoreAccNz2nd (Acc -> ND).
# None reads the GlobalTensor's innermost stride (gStride4): row r is one contiguous run of
# the window's columns from p + r * gStride3, whatever stride[-1] says.
ND_INNER_STRIDE = 1
# TLoadGm2L1Nd2nz keeps gStride3 in the uint16_t srcDValue, guarded by a PTO_ASSERT only: a
# release build wraps a larger row stride and reads other rows.
ND2NZ_MAX_ROW_STRIDE = 65535
# The ND <-> Vec bursts skip gmGap = (gStride3 - gShape4) * element bytes, a uint32_t: a row
# stride below the window's columns (rows overlapping in GM) wraps it to ~4 GiB.
ND_BURST_SPACES = frozenset({"vec"})
# The ND burst transfers (TLoadGm2ubNd2nd, TLoadGm2L1Nd2nd, TStoreUb2gmNd2nd) issue gShape3
# rows per leading index as their burst count, guarded by PTO_ASSERT(gShape3 < 4096) only.
ND_BURST_MAX_ROWS = 4095

# ---- TStoreAccNz2nz (Acc -> NZ store), docs/hardware-model.md (d), and TStoreAccNz2nd
STORE_MAX_ROWS = 65535             # valid rows field
STORE_MAX_COLS = 4095              # valid columns field: both pack it as nSize & 0xfff
ACC_ND_STORE_MAX_ROWS = 8192       # TStoreAccNz2nd asserts validRow in [1, 8192]
# The valid (rows, columns) an Acc store can encode, by GM layout (docs/hardware-model.md (d)).
ACC_STORE_MAX_VALID = {"nz": (STORE_MAX_ROWS, STORE_MAX_COLS),
                       "nd": (ACC_ND_STORE_MAX_ROWS, STORE_MAX_COLS)}
L0C_BYTES = {backend: spaces["acc"] for backend, spaces in LOCAL_MEMORY_BYTES.items()}
ACC_FRACTAL_ROWS = 16              # the Acc store stacks column blocks of 16-row fractals

# ---- What a TSTORE writes, by (tile element, GM element), docs/hardware-model.md "What a
# store writes". An Acc tile goes through the fixpipe, whose QuantMode_t pto-isa picks from
# the pair (a2a3/common.hpp GetCastPreQuantMode): f32 -> f16 and f32 -> bf16 convert the
# values; every other pair is NoQuant, which writes the 32-bit L0C word as it is. PTOAS's
# TStoreOp::verify takes an i32 or f32 Acc tile into i32, f32, f16 or bf16 in any pairing,
# so the pairs below all assemble; those not in ACC_STORE_VALUE_PAIRS write L0C bits (an
# i32 sum into an f32 tensor is its bit pattern; into a 16-bit tensor no value at all).
ACC_STORE_MODES = {
    ("f32", "f32"): "NoQuant", ("i32", "i32"): "NoQuant",
    ("f32", "f16"): "F322F16", ("f32", "bf16"): "F322BF16",
    ("f32", "i32"): "NoQuant", ("i32", "f32"): "NoQuant",
    ("i32", "f16"): "NoQuant", ("i32", "bf16"): "NoQuant",
}
ACC_STORE_VALUE_PAIRS = frozenset(pair for pair, mode in ACC_STORE_MODES.items()
                                  if mode != "NoQuant" or pair[0] == pair[1])
# A quantised Acc store (pto.tstore's preQuantScalar or fp operand, pto.tstore_fp): pto-isa's
# CheckAcc2gm<isQuant> compiles these pairs only, and each has a quantisation mode in both
# forms (GetScalarPreQuantMode: QF322B8_PRE, REQ8, DEQF16; GetVectorPreQuantMode:
# VQF322B8_PRE, VREQ8, VDEQF16), which scales the values by the program's own operand.
ACC_QUANT_STORE_PAIRS = frozenset({("f32", "i8"), ("f32", "ui8"), ("i32", "i8"),
                                   ("i32", "ui8"), ("i32", "f16")})


def _c_element(element: str) -> str:
    """The element as PTOAS's EmitC types it: a signed integer is the signless one
    (si8 and i8 are both int8_t)."""
    return element[1:] if element.startswith("si") else element


def same_c_element(a: str, b: str) -> bool:
    """Whether elements `a` and `b` are one C type in PTOAS's EmitC, so that a byte copy
    from one into the other keeps every value."""
    return _c_element(a) == _c_element(b)


def load_element_problem(gm_element: str, tile_element: str) -> str | None:
    """Why a TLOAD of a GM tensor of `gm_element` into a tile of `tile_element` would not
    give the tile the tensor's values; None when it does. Every load is a byte copy (the
    MTE2 bursts): pto-isa's TLOAD static_asserts only `sizeof` of the two types equal and
    PTOAS's TLoadOp::verify only their widths, so f32 loaded into i32 assembles and the
    tile holds the floats' bit patterns; the values arrive only in the same C type."""
    if same_c_element(gm_element, tile_element):
        return None
    return (f"a load copies GM's bytes as they are (no conversion), so its {gm_element} "
            f"elements would be read as {tile_element}")


def store_element_problem(space: str, tile_element: str, gm_element: str,
                          quantised: bool = False) -> str | None:
    """Why a TSTORE of a `space` tile of `tile_element` into a GM tensor of `gm_element`
    would not write the tile's values (`quantised`: with a quantisation operand); None when
    it does. A Vec (or Mat) store copies bytes (TStoreUb2gmNd2nd bursts; PTOAS asks only
    for the same element width), so it moves the values only into the same element type."""
    if space != "acc":
        if same_c_element(tile_element, gm_element):
            return None
        return (f"a {space} tile stores its bytes as they are (no conversion), so its "
                f"{tile_element} elements would be read as {gm_element}")
    tile_element, gm_element = _c_element(tile_element), _c_element(gm_element)
    pair = (tile_element, gm_element)
    if quantised:
        if pair in ACC_QUANT_STORE_PAIRS:
            return None
        shown = ", ".join(f"{a} -> {b}" for a, b in sorted(ACC_QUANT_STORE_PAIRS))
        return (f"a quantised Acc store of {tile_element} into {gm_element} is no "
                f"quantisation pto-isa compiles (only {shown})")
    if pair in ACC_STORE_VALUE_PAIRS:
        return None
    if pair not in ACC_STORE_MODES:
        return (f"the fixpipe stores an Acc tile of {tile_element} into no tensor of {gm_element} "
                "(PTOAS takes an i32 or f32 Acc tile into i32, f32, f16 or bf16)")
    return (f"the fixpipe converts f32 to f16 or bf16 only: an Acc tile of {tile_element} "
            f"stored into {gm_element} writes the 32-bit L0C words as they are, which are "
            f"no {gm_element} values")


def nz2nz_load_overflows(column_blocks: int, valid_rows: int, spare_rows: int,
                         last_batch_offset: int, largest_stride: int) -> list[str]:
    """Which fields of an NZ -> NZ load overflow, for the worst case of each quantity
    (`spare_rows` = tile rows - valid rows; `last_batch_offset` = (n0 - 1) * S0)."""
    problems = []
    if column_blocks > LOAD_MAX_COLUMN_BLOCKS:
        problems.append(f"sizes[1] = {column_blocks} column blocks, more than the "
                        f"{LOAD_MAX_COLUMN_BLOCKS} the burst count holds")
    if valid_rows > LOAD_MAX_ROW_FIELD:
        problems.append(f"valid rows {valid_rows} exceed {LOAD_MAX_ROW_FIELD}")
    if spare_rows > LOAD_MAX_ROW_FIELD:
        problems.append(f"tile rows - valid rows can reach {spare_rows}, more than "
                        f"{LOAD_MAX_ROW_FIELD}")
    if last_batch_offset >= BATCH_OFFSET_LIMIT:
        problems.append(f"the last batch starts {last_batch_offset} elements in, at or past "
                        "2^32")
    if largest_stride >= STRIDE_LIMIT:
        problems.append(f"stride {largest_stride} is not below 2^31")
    return problems


def tile_placement_problem(tile_bytes: int, capacity: int, addr: tuple[int, int] | None
                           ) -> str | None:
    """Why a tile of `tile_bytes` may not lie inside a local memory of `capacity` bytes,
    placed at any address in `addr` = (lo, hi) (None: no address given, the allocator
    places it); None when it always does. A tile past the end wraps onto, or faults
    beyond, the memory's other buffers: nothing the transfers' rules would see."""
    if tile_bytes > capacity:
        return f"its {tile_bytes} bytes exceed the memory's {capacity}"
    if addr is None:
        return None
    lo, hi = addr
    if lo < 0:
        return f"its address may be {lo}, below 0"
    if hi + tile_bytes > capacity:
        return (f"placed at address up to {hi}, it may end at byte {hi + tile_bytes}, past "
                f"the memory's {capacity}")
    return None


def acc_store_pitch(n2: int, c0: int) -> int:
    """L: the elements between the column blocks an Acc -> NZ store writes, 16 * n2 * c0,
    derived from the partition height whatever the view's strides say."""
    return ACC_FRACTAL_ROWS * n2 * c0


def acc_write_set_mismatch(n0: int | None, n1: int | None, n2: int | None, s0: int | None,
                           s1: int | None, c0: int) -> str | None:
    """Where TStoreAccNz2nz's write set leaves the partition of sizes (n0, n1, n2, 16, c0)
    and strides (s0, s1, 16 * c0, c0, 1): None when it is exactly the partition, "column"
    when the column blocks of a batch are not one pitch apart in the view, "batch" when the
    batches do not continue the column blocks. Column block J = i0 * n1 + i1 lands at
    p + J * L and must land at p + i0 * s0 + i1 * s1, for every i0 < n0 and i1 < n1: so
    s1 == L unless n1 == 1, and s0 == n1 * L unless n0 == 1. An unknown (None) count is
    taken as more than one and an unknown stride never matches."""
    pitch = None if n2 is None else acc_store_pitch(n2, c0)
    if n1 != 1 and (pitch is None or s1 != pitch):
        return "column"
    if n0 != 1 and (pitch is None or n1 is None or s0 != n1 * pitch):
        return "batch"
    return None


def nd_addressing_problems(space: str, inner_stride: int, row_stride: int | None,
                           cols: int) -> list[str]:
    """Why an ND transfer between GM and a `space` tile ("vec", "mat", "acc") would not move
    the window its strides describe: the device reads (writes) each row as `cols`
    contiguous elements from the row's start, so the innermost stride must be 1; on the
    Vec bursts the rows must not overlap (row stride >= cols), or the uint32 gap wraps.
    `row_stride` None: dynamic, the dense product of the tensor's later extents (rows of a
    window inside the tensor never overlap then)."""
    problems = []
    if inner_stride != ND_INNER_STRIDE:
        problems.append(f"its innermost stride is {inner_stride}, not 1: no ND transfer "
                        "reads that stride (pto-isa moves each row as "
                        "one contiguous run of elements)")
    if space in ND_BURST_SPACES and row_stride is not None and row_stride < cols:
        problems.append(f"its row stride {row_stride} is less than the window's {cols} "
                        "columns: the rows overlap, and the burst gap (row stride - columns) "
                        "is negative, which pto-isa's uint32 gmGap wraps")
    return problems


def nd_burst_field_problems(space: str, sizes: Sequence[int], strides: Sequence[int],
                            element_bytes: int, fewest_cols: int | None = None) -> list[str]:
    """Why the fields of an A2/A3 ND burst transfer (TLoadGm2ubNd2nd, TLoadGm2L1Nd2nd,
    TStoreUb2gmNd2nd) between GM and a `space` tile may not hold its window, for the worst
    case of each quantity: `sizes` the most each window extent may be, `strides` the view's
    strides (the largest each may be; a negative one as it is), `fewest_cols` the fewest
    columns the window may have (its sizes[-1] by default: the burst gap grows as they
    shrink). pto-isa steps every leading index as `uint32_t i * int gStride` (a product past
    2^32 elements, or below 0, wraps), issues gShape3 rows per leading index as the 12-bit
    burst count, and on the Vec path skips `gmGap = (uint32_t)((gStride3 - gShape4) * s)`
    bytes between rows (found by red team: an f32 view of row stride 2^30 + 64 read row 1
    from right after row 0, gmGap being 2^32 mod 2^32)."""
    problems = []
    for axis in range(len(sizes) - 2):
        last = (sizes[axis] - 1) * strides[axis]
        if sizes[axis] > 1 and not 0 <= last < BATCH_OFFSET_LIMIT:
            where = "below 0" if last < 0 else "at or past 2^32"
            problems.append(f"leading index {sizes[axis] - 1} of axis {axis} starts {last} "
                            f"elements in, {where}, where pto-isa's uint32 index * stride "
                            "wraps")
    rows = sizes[-2] if len(sizes) > 1 else 1
    if rows > ND_BURST_MAX_ROWS:
        problems.append(f"{rows} rows per leading index, more than the {ND_BURST_MAX_ROWS} "
                        "its burst count field holds (checked by a debug assert only)")
    if space in ND_BURST_SPACES and rows > 1:
        cols = sizes[-1] if fewest_cols is None else fewest_cols
        gap = (strides[-2] - cols) * element_bytes
        if gap >= GM_GAP_WORD:
            problems.append(f"the burst gap between rows may be {gap} bytes, past the uint32 "
                            "gmGap, which wraps it")
    return problems


def nd_mat_block_problems(element_bytes: int, valid_cols: Fact, row_stride: int | None,
                          burst: tuple[str, str] = ("columns", "row")) -> list[str]:
    """Why an ND load into an ND Mat tile of more than one row (TLoadGm2L1Nd2nd) would not
    move its window: unlike the Vec bursts (byte counts), its burst length validCol*s >> 5
    and its gap (gStride3 - gShape4)*s >> 5 count whole 32-byte blocks, so a valid row, or
    a row stride, of a partial block drops or misplaces bytes (found by red team: an f16
    [16, 40] tensor loaded 16 x 32 read row r from r * 32). `valid_cols`: the tile's valid
    columns as proved; `row_stride` None: one row, no gap to count. A DN load into a
    column-major Mat tile (TLoadGm2L1Dn2dn) is the same of its columns: `burst` names the
    extent and the run, ("rows", "column")."""
    problems = []
    if not valid_cols.is_multiple(GM_BLOCK_BYTES // math.gcd(GM_BLOCK_BYTES, element_bytes)):
        const = valid_cols.constant
        extent, run = burst
        shown = f"{const * element_bytes} bytes a {run}" if const is not None else \
            f"{valid_cols.show()} elements of {element_bytes} bytes"
        problems.append(f"its tile's valid {extent} ({shown}) are not proved whole "
                        f"{GM_BLOCK_BYTES}-byte blocks, which the ND -> Mat burst length counts "
                        "(a partial block is dropped)")
    if row_stride is not None and row_stride * element_bytes % GM_BLOCK_BYTES:
        problems.append(f"its {burst[1]} stride ({row_stride * element_bytes} bytes) is not whole "
                        f"{GM_BLOCK_BYTES}-byte blocks, which the ND -> Mat burst gap counts "
                        "(every row after the first is read from the wrong place)")
    return problems


def nd2nz_row_stride_problem(row_stride: int | None, what: str = "row stride",
                             load: str = "ND->NZ") -> str | None:
    """Why an ND -> NZ load's GM row stride may not fit its 16-bit srcDValue field (None:
    a dynamic stride, not provably inside it); None when it fits. The DN -> zN load keeps
    its column stride there (`what`, `load`)."""
    if row_stride is None:
        return (f"its {what} is dynamic, so it cannot be proved at most "
                f"{ND2NZ_MAX_ROW_STRIDE}, the 16-bit srcDValue field of the {load} load")
    if row_stride > ND2NZ_MAX_ROW_STRIDE:
        return (f"its {what} {row_stride} exceeds {ND2NZ_MAX_ROW_STRIDE}, the 16-bit "
                f"srcDValue field of the {load} load, which wraps it in release builds")
    return None
