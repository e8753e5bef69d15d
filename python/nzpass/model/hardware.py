"""Byte-level model of the A2/A3 GM <-> L1/L0C data movement that NZ tensors go through.

Spec: docs/hardware-model.md (c) TLOAD NZ->NZ and (d) TSTORE Acc->NZ. Every function here works
on flat numpy buffers and numpy index arrays, so an interpreter can compose them. Each
transfer has an ``"a2a3"`` mode that models the device defects (pto-isa#317 gap truncation,
packed column-block pitch of the Acc store) and an ``"ideal"`` mode that goes through the
parent strides, as pto-isa's CPU simulator does. GM accesses outside the buffer raise
`GmOutOfBounds` instead of wrapping, because on the device they touch someone else's memory.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from math import prod

import numpy as np

from ..nz import limits
from ..nz.tile_regions import COMPACT_NORMAL
from .packer import FRACTAL_ROWS, c0_for_dtype, nz_strides

MODES = ("a2a3", "ideal")

# The numpy dtype holding each MLIR element type a tile or GM tensor may have: the one
# table of them (the simulator binds arguments by it). bf16 and the f8s have no numpy
# type and are held as raw bits of their width.
NUMPY_DTYPES = {
    "i8": np.int8, "si8": np.int8, "ui8": np.uint8, "i16": np.int16, "si16": np.int16,
    "ui16": np.uint16, "i32": np.int32, "si32": np.int32, "ui32": np.uint32,
    "i64": np.int64, "si64": np.int64, "ui64": np.uint64, "f16": np.float16,
    "f32": np.float32, "f64": np.float64,
    "bf16": np.uint16, "f8E4M3FN": np.uint8, "f8E5M2": np.uint8,
}
# The plain element type of a numpy dtype (its first name above): what a view whose
# element is not stated holds. uint16 reads as ui16, never bf16.
NUMPY_ELEMENTS: dict[np.dtype, str] = {}
for _name, _dtype in NUMPY_DTYPES.items():
    NUMPY_ELEMENTS.setdefault(np.dtype(_dtype), _name)


class GmOutOfBounds(IndexError):
    """A modelled GM access falls outside the flat GM buffer."""

    def __init__(self, index: int, size: int, what: str):
        super().__init__(f"{what} touches GM element {index}, outside the buffer [0, {size})")
        self.index, self.size = index, size


class HardwareLimitError(ValueError):
    """A transfer the A2/A3 instruction cannot encode (field too narrow)."""


# --------------------------------------------------------------------------- GM views


@dataclass(frozen=True, eq=False)
class GlobalTensor:
    """A GM tensor view: flat buffer, base element offset, shape and element strides."""

    buffer: np.ndarray
    offset: int
    shape: tuple[int, ...]
    strides: tuple[int, ...]
    layout: str = "nd"
    # The MLIR element type the view reads its buffer as, where the caller knows it: the
    # buffer's dtype cannot tell bf16 from ui16 (both raw uint16 bits), and a store
    # converts to bf16 but only copies into ui16 (`store_values`). None: the plain type
    # of the buffer's dtype (`NUMPY_ELEMENTS`).
    element: str | None = None

    def __post_init__(self):
        if self.buffer.ndim != 1:
            raise ValueError(f"GM buffer must be flat, got rank {self.buffer.ndim}")
        if len(self.shape) != len(self.strides):
            raise ValueError(f"shape {self.shape} and strides {self.strides} differ in rank")
        if self.layout not in ("nd", "dn", "nz"):
            raise ValueError(f"unknown GM layout {self.layout!r}")
        if self.layout == "nz" and len(self.shape) != 5:
            raise ValueError(f"an NZ view is rank 5, got shape {self.shape}")

    @classmethod
    def nd(cls, buffer: np.ndarray, shape, offset: int = 0) -> GlobalTensor:
        """A row-major view of ``shape`` starting at element ``offset``."""
        shape = tuple(int(d) for d in shape)
        return cls(buffer, offset, shape, nz_strides(shape), "nd")

    @classmethod
    def nz(cls, buffer: np.ndarray, block_shape, offset: int = 0) -> GlobalTensor:
        """A canonical NZ view ``[B, C/c0, R/16, 16, c0]`` (row-major strides of that shape)."""
        block_shape = tuple(int(d) for d in block_shape)
        return cls(buffer, offset, block_shape, nz_strides(block_shape), "nz")

    @property
    def dtype(self) -> np.dtype:
        return self.buffer.dtype

    @property
    def element_type(self) -> str | None:
        """The MLIR element type of the view: as stated, else its buffer's plain one."""
        return self.element or NUMPY_ELEMENTS.get(self.buffer.dtype)

    def element_offset(self, offsets) -> int:
        """GM element of the view coordinate ``offsets``: ``offset + sum(o_k * S_k)``."""
        if len(offsets) != len(self.strides):
            raise ValueError(f"offsets {tuple(offsets)} do not match view rank {len(self.shape)}")
        return self.offset + sum(int(o) * s for o, s in zip(offsets, self.strides, strict=True))


def _checked(buffer: np.ndarray, index: np.ndarray, what: str) -> np.ndarray:
    """Return ``index`` after making sure every element lies inside ``buffer``."""
    bad = (index < 0) | (index >= buffer.size)
    if bad.any():
        raise GmOutOfBounds(int(index[bad].flat[0]), buffer.size, what)
    return index


# --------------------------------------------------------------------------- tiles


_DEFAULT_LAYOUTS = {  # loc -> (blayout, slayout, fractal bytes), pto-isa A2/A3 defaults
    "mat": ("col_major", "row_major", 512),
    "acc": ("col_major", "row_major", 1024),
    "vec": ("row_major", "none", 512),
}
LOCS = ("mat", "left", "right", "acc", "vec")
# The tile layouts the model lays out, (blayout, slayout) -> name: ND, NZ (Mat, Acc), and
# pto-isa's Left (zZ: row-major boxes, row-major inside) and Right (zN: row-major boxes,
# column-major inside) tiles of L0A / L0B.
_TILE_LAYOUTS = {("row_major", "none"): "ND", ("col_major", "row_major"): "NZ",
                 ("row_major", "row_major"): "zZ", ("row_major", "col_major"): "zN"}

# What on-chip memory holds where nothing wrote it, in the model: bytes of all ones. The
# device leaves a buffer's old contents there (a load fills the window it moves, mad the
# boxes it computes), so a model that reads zeros shows plausible data where the device
# reads garbage (found by red team: an Acc tile typed fully valid, of which mad wrote 20
# rows, stored as zeros). 0xFF is NaN in every float type a tile holds (f16, bf16, f32, the
# f8s) and -1 or the maximum in every integer one, so an unwritten byte that reaches an
# output shows there, and a product over one is NaN.
POISON_BYTE = 0xFF


def poisoned(count: int, dtype) -> np.ndarray:
    """`count` elements of `dtype` that nothing wrote (POISON_BYTE)."""
    dtype = np.dtype(dtype)
    return np.full(count * dtype.itemsize, POISON_BYTE, np.uint8).view(dtype)


@dataclass(eq=False)
class Tile:
    """An on-chip tile: physical ``rows x cols``, valid region, and flat physical storage.

    Supported physical layouts: ND (``blayout="row_major"``, ``slayout="none"``), element
    ``(r, c)`` at ``r*cols + c``; and NZ (``"col_major"``/``"row_major"``), element ``(r, c)``
    at ``(c // w)*rows*w + r*w + c % w`` with box width ``w = c0`` in L1 and ``w = 16`` in L0C.
    Left/right tiles have platform-specific layouts, so they must name theirs explicitly.
    A tile made without ``storage`` holds what nothing wrote (`poisoned`), as a buffer on
    the device holds its old contents.
    """

    loc: str
    dtype: np.dtype
    rows: int
    cols: int
    # None (the default) means the whole tile; __post_init__ makes them ints.
    valid_rows: int = None  # type: ignore[assignment]
    valid_cols: int = None  # type: ignore[assignment]
    blayout: str | None = None
    slayout: str | None = None
    fractal: int | None = None
    storage: np.ndarray = field(default=None, repr=False)  # type: ignore[assignment]
    # PTOAS's CompactMode (the tile_buf's `compact`): 1 (Normal) makes an Acc store read
    # the column blocks ceil16(valid rows) apart instead of `rows` (`store_offsets`).
    compact: int = 0

    def __post_init__(self):
        if self.loc not in LOCS:
            raise ValueError(f"unknown tile location {self.loc!r}")
        self.dtype = np.dtype(self.dtype)
        self.valid_rows = self.rows if self.valid_rows is None else self.valid_rows
        self.valid_cols = self.cols if self.valid_cols is None else self.valid_cols
        self._fill_default_layout()
        self._check_geometry()
        if self.storage is None:
            self.storage = poisoned(self.rows * self.cols, self.dtype)
        if self.storage.shape != (self.rows * self.cols,) or self.storage.dtype != self.dtype:
            raise ValueError(f"storage must be flat {self.dtype} of {self.rows * self.cols}")

    def _fill_default_layout(self):
        if None not in (self.blayout, self.slayout, self.fractal):
            return
        if self.loc not in _DEFAULT_LAYOUTS:
            raise ValueError(f"a {self.loc!r} tile needs explicit blayout, slayout and fractal")
        blayout, slayout, fractal = _DEFAULT_LAYOUTS[self.loc]
        self.blayout = self.blayout or blayout
        self.slayout = self.slayout or slayout
        self.fractal = self.fractal or fractal

    def _check_geometry(self):
        name = _TILE_LAYOUTS.get((self.blayout or "", self.slayout or ""))
        if name is None:
            raise ValueError(f"tile layout blayout={self.blayout}, slayout={self.slayout} "
                             "is not modelled")
        if not (0 <= self.valid_rows <= self.rows and 0 <= self.valid_cols <= self.cols):
            raise ValueError(f"valid {self.valid_rows}x{self.valid_cols} exceeds "
                             f"{self.rows}x{self.cols}")
        box_rows, box_cols = self.box
        if self.is_boxed and (self.rows % box_rows or self.cols % box_cols):
            raise ValueError(f"{name} tile {self.rows}x{self.cols} is not a "
                             f"whole number of {box_rows}x{box_cols} boxes")

    @property
    def is_nz(self) -> bool:
        """The NZ layout of Mat and Acc tiles (column-major boxes, row-major inside)."""
        return (self.blayout, self.slayout) == ("col_major", "row_major")

    @property
    def is_boxed(self) -> bool:
        return self.slayout != "none"

    @property
    def box(self) -> tuple[int, int]:
        """Rows and columns of one inner box: 16 x box_cols for NZ and zZ (L0A) tiles; a
        zN (L0B) box is c0 rows of 16 columns (its inside is column-major)."""
        if self.slayout == "col_major":
            return self.box_cols, FRACTAL_ROWS
        return FRACTAL_ROWS, self.box_cols

    @property
    def box_cols(self) -> int:
        """Columns of one fractal box: 16 in L0C, else the C0 line (fractal / 16 rows)."""
        if self.loc == "acc":
            return FRACTAL_ROWS
        fractal = self.fractal
        assert fractal is not None  # __post_init__ filled the default layout
        return fractal // (FRACTAL_ROWS * self.dtype.itemsize)

    def offsets(self, r, c) -> np.ndarray:
        """Physical storage offsets of logical elements ``(r, c)`` (broadcasting arrays)."""
        return self.offsets_at(r, c, self.cols)

    def offsets_at(self, r, c, cols: int) -> np.ndarray:
        """Storage offsets of ``(r, c)`` were the tile ``cols`` columns wide: the row-major
        box layouts (zZ, zN) step their box rows by their columns, which is all a mad that
        reads the tile densely at ceil(valid cols) changes (`nzpass.model.cube`)."""
        r, c = np.asarray(r, np.int64), np.asarray(c, np.int64)
        if not self.is_boxed:
            return r * cols + c
        w = self.box_cols
        if self.is_nz:
            return (c // w) * self.rows * w + r * w + c % w
        box_rows, box_cols = self.box
        size = box_rows * box_cols
        first = (r // box_rows) * (cols // box_cols) * size + (c // box_cols) * size
        if self.slayout == "col_major":  # zN: a box's columns one after the other
            return first + (c % box_cols) * box_rows + r % box_rows
        return first + (r % box_rows) * box_cols + c % box_cols

    def store_offsets(self, r, c) -> np.ndarray:
        """Where a TSTORE reads elements ``(r, c)``: the tile's layout, except that an Acc
        store (TStoreAccNz2nz, TStoreAccNz2nd) steps its column blocks by its srcStride,
        the tile's rows or, in CompactMode::Normal, ceil16(valid rows); the model read
        every store at the rows (found by red team: a compact tile whose mad wrote
        ceil16(m) > ceil16(valid rows) apart stored right here, wrong on the device)."""
        if self.loc != "acc" or self.compact != COMPACT_NORMAL:
            return self.offsets(r, c)
        r, c = np.asarray(r, np.int64), np.asarray(c, np.int64)
        pitch = -(-self.valid_rows // FRACTAL_ROWS) * FRACTAL_ROWS
        return (c // FRACTAL_ROWS) * pitch * FRACTAL_ROWS + r * FRACTAL_ROWS + c % FRACTAL_ROWS

    def get(self, r: int, c: int):
        return self.storage[self.offsets(r, c)]

    def to_logical(self) -> np.ndarray:
        """The physical ``[rows, cols]`` matrix in logical (row, column) order."""
        r, c = np.ogrid[: self.rows, : self.cols]
        return self.storage[self.offsets(r, c)]

    def set_logical(self, matrix) -> None:
        """Write a logical ``[rows, cols]`` matrix into the physical storage."""
        r, c = np.ogrid[: self.rows, : self.cols]
        self.storage[self.offsets(r, c)] = np.asarray(matrix, self.dtype)


# --------------------------------------------------------------------------- TLOAD NZ -> NZ


def gm_gap_blocks(S1: int, n2: int, c0: int, itemsize: int) -> int:
    """G32: 32-byte blocks skipped between column blocks, as the uint32 pto-isa computes it."""
    return ((S1 - FRACTAL_ROWS * n2 * c0) * itemsize // limits.GM_BLOCK_BYTES) % limits.GM_GAP_WORD


def _check_mode(mode: str):
    if mode not in MODES:
        raise ValueError(f"mode must be one of {MODES}, got {mode!r}")


def _nz_window(gm_view: GlobalTensor, offsets5, sizes5, tile: Tile):
    """Validate an NZ->NZ load and return ``(p, n0, n1, n2, c0)``."""
    if gm_view.layout != "nz":
        raise ValueError(f"source view layout is {gm_view.layout!r}, not 'nz'")
    if len(offsets5) != 5 or len(sizes5) != 5 or any(offsets5[3:]):
        raise ValueError(f"need offsets (o0,o1,o2,0,0) and rank-5 sizes, got {offsets5}, {sizes5}")
    n0, n1, n2, n3, c0 = (int(n) for n in sizes5)
    if (n3, c0) != (FRACTAL_ROWS, c0_for_dtype(gm_view.dtype)):
        raise ValueError(f"sizes {tuple(sizes5)} must end in (16, c0) for {gm_view.dtype}")
    if tile.loc != "mat" or not tile.is_nz or tile.dtype != gm_view.dtype:
        raise ValueError("NZ->NZ load needs an NZ Mat tile of the view's dtype")
    _check_c0_boxes(tile, "NZ->NZ load")
    if n0 * n1 * c0 > tile.cols:
        raise ValueError(f"{n0 * n1} column blocks of {c0} exceed tile cols {tile.cols}")
    return gm_view.element_offset(offsets5), n0, n1, n2, c0


def _check_c0_boxes(tile: Tile, what: str) -> None:
    """Refuse an NZ Mat tile whose boxes are not 16 x c0 (fractal=512): the loads write
    32-byte C0 lines at (c div c0)*Rows*c0 + r*c0 (docs/hardware-model.md (b), (c);
    TLoadGm2L1Nd2nz static_asserts SFractalSize == 512), which a tile of other boxes reads
    as other elements. Laying them out through the tile's own boxes, as the model did,
    showed the logical window where the device scrambles it (found by red team: an f32
    Mat tile of fractal=1024, 16 x 16 boxes, loaded two column blocks right)."""
    if tile.box_cols * tile.dtype.itemsize == limits.GM_BLOCK_BYTES:
        return
    raise ValueError(f"{what} into a Mat tile of fractal={tile.fractal} ({FRACTAL_ROWS} x "
                     f"{tile.box_cols} boxes of {tile.dtype}): the load writes {FRACTAL_ROWS} x "
                     f"{limits.GM_BLOCK_BYTES // tile.dtype.itemsize} C0 boxes (fractal=512); "
                     "the model lays out no other")


def _check_load_limits(gm_view: GlobalTensor, n0: int, n1: int, tile: Tile):
    """Device encoding limits of TLoadGm2L1Nz2nz (docs/hardware-model.md (c), device limits)."""
    problems = limits.nz2nz_load_overflows(
        column_blocks=n1, valid_rows=tile.valid_rows, spare_rows=tile.rows - tile.valid_rows,
        last_batch_offset=(n0 - 1) * gm_view.strides[0], largest_stride=max(gm_view.strides))
    if problems:
        raise HardwareLimitError("TLOAD NZ->NZ: " + "; ".join(problems))


def tload_nz2nz(gm_view: GlobalTensor, offsets5, sizes5, tile: Tile, mode: str = "a2a3"):
    """TLOAD of the NZ window ``sizes5`` at ``offsets5`` into an NZ Mat tile, in place.

    ``"a2a3"``: the device burst, ``GM[p + i*S0 + j*(vr + G)*c0 + r*c0 + k]`` with
    ``G = G32 mod 65536`` (pto-isa#317); S2..S4 are ignored. ``"ideal"``: the strided read
    ``GM[p + i*S0 + j*S1 + (r//16)*S2 + (r%16)*S3 + k*S4]``, which the device matches iff the
    gap fits and the view is canonical. Rows ``>= vr`` and columns past the window keep
    their old contents.
    """
    _check_mode(mode)
    p, n0, n1, n2, c0 = _nz_window(gm_view, offsets5, sizes5, tile)
    S0, S1, S2, S3, S4 = gm_view.strides
    vr = tile.valid_rows
    i, j, r, k = np.ix_(*(np.arange(n, dtype=np.int64) for n in (n0, n1, vr, c0)))
    if mode == "a2a3":
        _check_load_limits(gm_view, n0, n1, tile)
        gap = gm_gap_blocks(S1, n2, c0, gm_view.dtype.itemsize) % limits.GM_GAP_FIELD
        src = p + i * S0 + j * (vr + gap) * c0 + r * c0 + k
    else:
        src = p + i * S0 + j * S1 + (r // FRACTAL_ROWS) * S2 + (r % FRACTAL_ROWS) * S3 + k * S4
    src = _checked(gm_view.buffer, src, "TLOAD NZ->NZ")
    dst = tile.offsets(r, (i * n1 + j) * c0 + k)
    tile.storage[dst] = gm_view.buffer[src]


# --------------------------------------------------------------------------- TLOAD ND -> ND/NZ


def _nd_window_index(gm_view: GlobalTensor, offsets, sizes) -> np.ndarray:
    """GM index of an ND window as a ``[rows, cols]`` grid; leading dims stack as rows."""
    rank = len(gm_view.shape)
    if gm_view.layout != "nd" or len(offsets) != rank or len(sizes) != rank:
        raise ValueError(f"need an ND view and offsets/sizes of rank {len(gm_view.shape)}")
    axes = np.ix_(*(np.arange(n, dtype=np.int64) for n in sizes))
    steps = sum(a * s for a, s in zip(axes, gm_view.strides, strict=True))
    index = gm_view.element_offset(offsets) + steps
    return np.broadcast_to(index, tuple(sizes)).reshape(prod(sizes[:-1]), sizes[-1])


def _check_nd_addressing(gm_view: GlobalTensor, sizes, space: str, what: str) -> None:
    """Refuse an ND window the device would not move through its strides: every ND
    transfer reads (writes) row r as sizes[-1] contiguous elements from p + r*stride[-2],
    never reading stride[-1], and the Vec bursts wrap a negative row gap
    (`limits.nd_addressing_problems`). Reading through every stride, as numpy would,
    hides both (found by red team: a [1, 64]-strided tensor loaded right here and wrong
    on the device)."""
    strides = gm_view.strides
    inner = strides[-1]
    row_stride = strides[-2] if len(strides) >= 2 else None
    problems = limits.nd_addressing_problems(space, inner, row_stride, int(sizes[-1]))
    if problems:
        raise HardwareLimitError(f"{what}: the window's " + "; ".join(problems))


def _check_nd_fields(gm_view: GlobalTensor, sizes, space: str, what: str) -> None:
    """Refuse an A2/A3 ND burst transfer (TLoadGm2ubNd2nd, TLoadGm2L1Nd2nd,
    TStoreUb2gmNd2nd) whose fields do not hold its window (`limits.nd_burst_field_problems`,
    the rule verify-pto-nz proves): the model read every window through its exact strides
    (found by red team: an f32 view of row stride 2^30 + 64 read row 1 from right after
    row 0 on the device, gmGap being 2^32 mod 2^32)."""
    problems = limits.nd_burst_field_problems(space, [int(n) for n in sizes], gm_view.strides,
                                              gm_view.dtype.itemsize)
    if problems:
        raise HardwareLimitError(f"{what}: " + "; ".join(problems))


def _tload_nd(gm_view: GlobalTensor, offsets, sizes, tile: Tile, what: str,
              space: str) -> np.ndarray:
    _check_nd_addressing(gm_view, sizes, space, what)
    src = _checked(gm_view.buffer, _nd_window_index(gm_view, offsets, sizes), what)
    rows, cols = src.shape
    if rows > tile.rows or cols > tile.cols or tile.dtype != gm_view.dtype:
        raise ValueError(f"{what}: {rows}x{cols} {gm_view.dtype} window does not fit the tile")
    r, c = np.ogrid[:rows, :cols]
    tile.storage[tile.offsets(r, c)] = gm_view.buffer[src]
    return src


def tload_nd2nd(gm_view: GlobalTensor, offsets, sizes, tile: Tile, mode: str = "a2a3"):
    """TLOAD of the ND window ``view[offsets : offsets+sizes]`` into an ND tile, in place.

    ``"ideal"``: the window, through its strides. ``"a2a3"`` moves what the device moves
    (``TLoadGm2ubNd2nd``, ``TLoadGm2L1Nd2nd``): per leading index, ``nBurst = gShape3``
    bursts of ``lenBurst = validCol`` elements, ``gmGap = gStride3 - gShape4`` apart, into
    the tile's rows in order (`_burst_rows`), so a tile whose valid columns are not the
    partition's reads every row past the first from the wrong place (pto-isa checks the
    agreement with PTO_ASSERT only; found by red team: a 16 x 128 partition loaded into a
    tile of 64 valid columns read row 0's second half as row 1).
    """
    _check_mode(mode)
    if tile.is_nz:
        raise ValueError("ND->ND load needs an ND tile")
    if mode == "ideal":
        _tload_nd(gm_view, offsets, sizes, tile, "TLOAD ND->ND", "vec")
        return
    _check_nd_addressing(gm_view, sizes, "vec", "TLOAD ND->ND")
    _check_nd_fields(gm_view, sizes, tile.loc, "TLOAD ND->ND")
    grid = _nd_window_index(gm_view, offsets, sizes)
    rows, cols = grid.shape
    if rows > tile.rows or cols > tile.cols or tile.dtype != gm_view.dtype:
        raise ValueError(f"TLOAD ND->ND: {rows}x{cols} {gm_view.dtype} window does not fit "
                         "the tile")
    if tile.loc == "mat" and tile.rows != 1:
        _tload_nd2nd_l1(gm_view, grid, _block_rows(sizes), tile)
        return
    src = _checked(gm_view.buffer, _burst_rows(grid, tile.valid_cols, _block_rows(sizes)),
                   "TLOAD ND->ND")
    r, c = np.ogrid[:rows, :tile.valid_cols]
    tile.storage[tile.offsets(r, c)] = gm_view.buffer[src]


def _blocks(elements: int, itemsize: int) -> int:
    """A uint16 burst field counting 32-byte blocks of `elements` (pto-isa shifts the
    byte count right by 5, so a partial block is dropped, and a negative count wraps)."""
    return ((elements * itemsize) >> 5) % limits.GM_GAP_FIELD


def _tload_nd2nd_l1(gm_view: GlobalTensor, grid: np.ndarray, block_rows: int,
                    tile: Tile) -> None:
    """TLoadGm2L1Nd2nd (an ND Mat tile of more than one row): per leading index, gShape3
    bursts of lenBurst = validCol*s >> 5 blocks, gmGap = (gStride3 - gShape4)*s >> 5 blocks
    apart in GM and l1Gap = (Cols - validCol)*s >> 5 apart in L1, the leading index's rows
    at gShape3 * Cols. Unlike the UB bursts (byte counts) every field counts whole 32-byte
    blocks: a row pitch or a valid width that is not a multiple of 32 bytes moves other
    bytes than the window (found by red team: an f16 [16, 40] tensor loaded 16 x 32 read
    row r from r * 32)."""
    s = gm_view.dtype.itemsize
    per_block = limits.GM_BLOCK_BYTES // s
    rows, cols = grid.shape
    row_stride = int(grid[1, 0] - grid[0, 0]) if block_rows > 1 else cols
    length = _blocks(tile.valid_cols, s)
    gm_pitch = (length + _blocks(row_stride - cols, s)) * per_block
    l1_pitch = (length + _blocks(tile.cols - tile.valid_cols, s)) * per_block
    row = np.arange(rows, dtype=np.int64)
    burst = row % block_rows
    lane = np.arange(length * per_block, dtype=np.int64)[None, :]
    src = grid[row - burst, 0][:, None] + (burst * gm_pitch)[:, None] + lane
    dst = ((row - burst) * tile.cols + burst * l1_pitch)[:, None] + lane
    if dst.size and int(dst.max()) >= tile.storage.size:
        raise HardwareLimitError(f"TLOAD ND->ND into Mat: the bursts reach L1 element "
                                 f"{int(dst.max())}, past the {tile.rows}x{tile.cols} tile")
    src = _checked(gm_view.buffer, src, "TLOAD ND->ND")
    tile.storage[dst] = gm_view.buffer[src]


def _block_rows(sizes) -> int:
    """The rows of one leading index of an ND window (gShape3): its rows axis, or 1."""
    return int(sizes[-2]) if len(sizes) > 1 else 1


def _burst_rows(grid: np.ndarray, valid_cols: int, block_rows: int) -> np.ndarray:
    """The GM elements the burst instructions of an ND transfer move (TLoadGm2ubNd2nd,
    TStoreUb2gmNd2nd): each leading index's first row at its place in `grid`, then
    bursts of `valid_cols` elements with a gap of gStride3 - gShape4, so row b of a block
    starts at b * (validCol + S - gShape4) past it: its place in `grid` only when the
    window's columns are the valid ones."""
    cols = grid.shape[1]
    burst = np.arange(grid.shape[0], dtype=np.int64) % block_rows
    starts = grid[:, 0] + burst * (valid_cols - cols)
    return starts[:, None] + np.arange(valid_cols, dtype=np.int64)[None, :]


def tload_nd2nz(gm_view: GlobalTensor, offsets, sizes, tile: Tile, mode: str = "a2a3"):
    """TLOAD of an ND window into an NZ Mat tile, fractal-converting on the way.

    The hardware pads only columns: the loaded rows get zeros up to the next C0 boundary;
    rows past the window keep their old contents. In ``"a2a3"`` mode a GM row stride above
    65535 is refused, because that field wraps in release builds.
    """
    _check_mode(mode)
    if not tile.is_nz or tile.loc != "mat":
        raise ValueError("ND->NZ load needs an NZ Mat tile")
    _check_c0_boxes(tile, "ND->NZ load")
    if any(int(n) != 1 for n in sizes[:-2]):
        # TLoadGm2L1Nd2nz static_asserts a 2-D GlobalTensor: one ND matrix, no batch.
        raise ValueError(f"TLOAD ND->NZ of a window {tuple(sizes)} with leading sizes "
                         "other than 1: pto-isa converts one 2-D matrix (it does not compile)")
    if mode == "a2a3" and len(gm_view.strides) >= 2:
        problem = limits.nd2nz_row_stride_problem(gm_view.strides[-2])
        if problem is not None:
            raise HardwareLimitError(f"TLOAD ND->NZ: {problem}")
    rows, cols = _tload_nd(gm_view, offsets, sizes, tile, "TLOAD ND->NZ", "mat").shape
    padded = -(-cols // tile.box_cols) * tile.box_cols
    r, c = np.ogrid[:rows, cols:padded]
    tile.storage[tile.offsets(r, c)] = 0


# --------------------------------------------------------------------------- store values


def _same_bits(values: np.ndarray, gm_dtype: np.dtype) -> np.ndarray:
    """The tile's bytes as they are: no conversion (same element width)."""
    return values.view(gm_dtype)


def _to_f16(values: np.ndarray, gm_dtype: np.dtype) -> np.ndarray:
    """F322F16: to the nearest f16 (ties to even, as numpy)."""
    return values.astype(np.float16)


def _bf16_bits_to_f32(bits: np.ndarray) -> np.ndarray:
    return (bits.astype(np.uint32) << 16).view(np.float32)


def _f32_to_bf16_bits(values: np.ndarray, gm_dtype: np.dtype | None = None) -> np.ndarray:
    """F322BF16: to the nearest bf16 (ties to even; a NaN stays a NaN), as raw bits."""
    bits = np.ascontiguousarray(values, np.float32).view(np.uint32).astype(np.uint64)
    rounded = ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16).astype(np.uint16)
    quiet_nan = ((bits >> 16) | 0x40).astype(np.uint16)
    return np.where(np.isnan(values), quiet_nan, rounded)


# What each fixpipe mode does to an Acc value on its way to GM (limits.ACC_STORE_MODES,
# the one table of which (Acc element, GM element) pair runs which): NoQuant writes the
# 32-bit L0C value as it is (an i32 sum into an f32 tensor is its bits, not its value).
_FIXPIPE_CASTS = {"NoQuant": _same_bits, "F322F16": _to_f16, "F322BF16": _f32_to_bf16_bits}


def _same_width(pair: tuple[str, str]) -> bool:
    return np.dtype(NUMPY_DTYPES[pair[0]]).itemsize == np.dtype(NUMPY_DTYPES[pair[1]]).itemsize


# The casts the model runs, by pair: every pair PTOAS takes but NoQuant into a 16-bit
# tensor, which is no conversion at all (the fixpipe's output is 32-bit), so it is refused.
# Found by red team: the model converted every store with numpy's astype, so an f32 Acc
# tile stored 3.0 into bf16 as the bits 0x0003 and into i32 as 3.
ACC_STORE_CASTS = {pair: _FIXPIPE_CASTS[mode] for pair, mode in limits.ACC_STORE_MODES.items()
                   if mode != "NoQuant" or _same_width(pair)}
# SetAtomicAdd (pto-isa common/arch/memory/tstore_common.hpp) sets an atomic type for
# these GM element types only: any other does not compile.
ATOMIC_ADD_ELEMENTS = frozenset({"f16", "f32", "i16", "i32", "i8", "bf16"})


def store_values(tile: Tile, gm_view: GlobalTensor, r, c) -> np.ndarray:
    """The bytes a TSTORE writes for tile elements (r, c), in the GM view's dtype. An Acc
    tile goes through the fixpipe (`ACC_STORE_CASTS`); a Vec tile is copied byte for
    byte (TStoreUb2gmNd2nd moves bursts; PTOAS asks only for the same element width), so
    an f32 tile stored into an i32 tensor writes its bits."""
    values = tile.storage[tile.store_offsets(r, c)]
    source, target = NUMPY_ELEMENTS.get(tile.dtype), gm_view.element_type
    if tile.loc != "acc":
        if tile.dtype.itemsize != gm_view.dtype.itemsize:
            raise ValueError(f"TSTORE of a {source} {tile.loc} tile into a {target} tensor: "
                             "the store copies bytes, so the element widths must agree "
                             "(PTOAS refuses it)")
        return _same_bits(values, gm_view.dtype)
    cast = ACC_STORE_CASTS.get((source or "", target or ""))
    if cast is None:
        raise HardwareLimitError(f"TSTORE of a {source} Acc tile into a {target} tensor: the "
                                 "fixpipe converts f32 to f16 or bf16 only and otherwise "
                                 f"writes the 32-bit L0C value, which is no {target} value")
    return cast(values, gm_view.dtype)


def write_gm(gm_view: GlobalTensor, dst: np.ndarray, values: np.ndarray,
             atomic_add: bool) -> None:
    """Write (or atomically add) `values` at GM elements `dst`. The atomic add adds in the
    GM element type; bf16 (raw bits here) as numbers, not as bit patterns."""
    buffer = gm_view.buffer
    if not atomic_add:
        buffer[dst] = values
        return
    element = gm_view.element_type
    if element not in ATOMIC_ADD_ELEMENTS:
        raise ValueError(f"TSTORE with atomic add into a {element} tensor: pto-isa's "
                         "SetAtomicAdd has no atomic type for it")
    if element != "bf16":
        np.add.at(buffer, dst, values)
        return
    where, inverse = np.unique(dst.ravel(), return_inverse=True)
    total = _bf16_bits_to_f32(buffer[where])
    np.add.at(total, inverse, _bf16_bits_to_f32(values.ravel()))
    buffer[where] = _f32_to_bf16_bits(total)


# --------------------------------------------------------------------------- TSTORE Acc -> NZ


def acc_nz_store_lanes(tile_element: str, gm_element: str) -> frozenset[int]:
    """The C0 widths (gShape4) TStoreAccNz2nz writes the way (d) says, by pair: the fixpipe
    writes 16 x 16 L0C boxes as C0 lines of 32 bytes, or of 16 elements for a 32-bit
    output (pto-isa's static_assert takes 16 for f32 and i32), and splits an f32 box into
    two 16 x 8 halves (channelSplitEn) only for an f32 tile into an f32 tensor whose
    gShape4 is 8. Any other width is one pto-isa does not compile, or (i32 at 8, f32 from
    an i32 tile at 8: no channel split) one whose dstStride counts lines the fixpipe does
    not write."""
    size = np.dtype(NUMPY_DTYPES[gm_element]).itemsize
    unsplit = max(FRACTAL_ROWS, limits.GM_BLOCK_BYTES // size)
    split = (tile_element, gm_element) == ("f32", "f32")
    return frozenset({unsplit, c0_for_dtype(np.float32)}) if split else frozenset({unsplit})


def _check_acc_nz_store(tile: Tile, gm_view: GlobalTensor, n3: int, c0o: int) -> None:
    """Refuse an Acc->NZ store the formula of (d) does not describe: a window not of
    16-row fractals (a static_assert), a C0 width the fixpipe does not write for the pair
    (`acc_nz_store_lanes`), valid rows or columns past the instruction's fields
    (`limits.ACC_STORE_MAX_VALID`, packed as nSize & 0xfff, mSize & 0xffff). The model wrote every
    such store with the window's last size as its lane count (found by red team: an i32
    tile stored into an i32 NZ view of c0 = 8 was written as channel-split halves, which
    the fixpipe makes for f32 only)."""
    source, target = NUMPY_ELEMENTS.get(tile.dtype, ""), gm_view.element_type or ""
    if target not in NUMPY_DTYPES:
        raise HardwareLimitError(f"TSTORE Acc->NZ into a {target} tensor is not modelled")
    lanes = acc_nz_store_lanes(source, target)
    if n3 != FRACTAL_ROWS or c0o not in lanes:
        raise HardwareLimitError(
            f"TSTORE Acc->NZ of a {source} tile into a {target} NZ window ending in "
            f"({n3}, {c0o}): the fixpipe writes fractals of {FRACTAL_ROWS} rows and C0 lines "
            f"of {' or '.join(str(n) for n in sorted(lanes))} {target} elements")
    max_rows, max_cols = limits.ACC_STORE_MAX_VALID["nz"]
    vr, vc = tile.valid_rows, tile.valid_cols
    if vr > max_rows or vc > max_cols:
        raise HardwareLimitError(f"TSTORE Acc->NZ: valid {vr}x{vc} exceeds the store's fields "
                                 f"({max_rows} rows, {max_cols} columns)")


def tstore_acc_nz2nz(tile: Tile, gm_view: GlobalTensor, offsets5, sizes5,
                     mode: str = "a2a3", atomic_add: bool = False):
    """TSTORE of the valid region of an Acc tile into an NZ GM window, in place.

    ``"a2a3"`` (``TStoreAccNz2nz``): column block ``J`` lands at ``p + J*L`` with
    ``L = 16*n2*c0o``, whatever the parent strides say, so blocks stack down the rows of one
    column strip. ``"ideal"``: block ``J = i0*n1 + i1`` goes through the parent strides.
    Values go through the fixpipe (`store_values`); with ``atomic_add`` they are added.
    """
    _check_mode(mode)
    if tile.loc != "acc" or len(offsets5) != 5 or len(sizes5) != 5:
        raise ValueError("Acc->NZ store needs an Acc tile and rank-5 offsets and sizes")
    _, n1, n2, n3, c0o = (int(n) for n in sizes5)
    _check_acc_nz_store(tile, gm_view, n3, c0o)
    p = gm_view.element_offset(offsets5)
    r, c = np.ogrid[: tile.valid_rows, : tile.valid_cols]
    block, lane = c // c0o, c % c0o
    if mode == "a2a3":
        dst = p + block * (FRACTAL_ROWS * n2 * c0o) + r * c0o + lane
    else:
        S0, S1, S2, S3, S4 = gm_view.strides
        dst = (p + (block // n1) * S0 + (block % n1) * S1 + (r // FRACTAL_ROWS) * S2
               + (r % FRACTAL_ROWS) * S3 + lane * S4)
    dst = _checked(gm_view.buffer, np.broadcast_to(dst, (r.size, c.size)), "TSTORE Acc->NZ")
    write_gm(gm_view, dst, store_values(tile, gm_view, r, c), atomic_add)


# --------------------------------------------------------------------------- TSTORE -> ND


def tstore_nd(tile: Tile, gm_view: GlobalTensor, offsets, sizes, atomic_add: bool = False,
              mode: str = "a2a3"):
    """TSTORE of an Acc or Vec tile into an ND GM window, in place.

    The window ``view[offsets : offsets+sizes]`` is seen as a ``[rows, cols]`` grid (leading
    axes stack as rows, as for the ND loads). ``"ideal"``: tile element ``(r, c)`` of the
    valid region goes to grid element ``(r, c)``, and a valid region larger than the window
    is refused rather than written past it. ``"a2a3"`` moves what the device moves
    (docs/hardware-model.md, "ND transfers"): a Vec tile as `_vec_store_rows` (the
    partition's rows, valid columns each, at the partition's row pitch), an Acc tile as
    `_acc_store_rows` (its valid rows; a partition whose columns are not the valid ones is
    refused). Values are what `store_values` writes (added with ``atomic_add``). A window the
    device does not address through its strides (`_check_nd_addressing`) is refused in
    every mode.
    """
    _check_mode(mode)
    if tile.loc not in ("acc", "vec"):
        raise ValueError(f"ND store needs an Acc or Vec tile, got a {tile.loc!r} tile")
    _check_nd_addressing(gm_view, sizes, tile.loc, "TSTORE ->ND")
    grid = _nd_window_index(gm_view, offsets, sizes)
    if mode == "ideal":
        rows, dst = _ideal_store_rows(tile, grid)
    elif tile.loc == "vec":
        _check_nd_fields(gm_view, sizes, tile.loc, "TSTORE Vec->ND")
        rows, dst = _vec_store_rows(tile, grid, _block_rows(sizes))
    else:
        rows, dst = _acc_store_rows(tile, grid, gm_view.strides[-2] if len(sizes) > 1 else 0)
    dst = _checked(gm_view.buffer, dst, "TSTORE ->ND")
    r, c = np.ogrid[:rows, :tile.valid_cols]
    write_gm(gm_view, dst, store_values(tile, gm_view, r, c), atomic_add)


def _ideal_store_rows(tile: Tile, grid: np.ndarray) -> tuple[int, np.ndarray]:
    """The valid region onto the window's grid, refused where it is larger."""
    vr, vc = tile.valid_rows, tile.valid_cols
    if vr > grid.shape[0] or vc > grid.shape[1]:
        raise ValueError(f"TSTORE ->ND: valid {vr}x{vc} tile region exceeds the "
                         f"{grid.shape[0]}x{grid.shape[1]} window")
    return vr, grid[:vr, :vc]


def _vec_store_rows(tile: Tile, grid: np.ndarray, block_rows: int) -> tuple[int, np.ndarray]:
    """TStoreUb2gmNd2nd: per leading index, nBurst = gShape3 (the partition's rows) bursts
    of lenBurst = validCol elements, gmGap = gStride3 - gShape4 apart, from tile rows in
    order. So every partition row is written, the tile's rows past its valid ones too, and
    row b of a block lands at b * (validCol + S - gShape4), which is b * S only when the
    partition's columns are the valid ones (pto-isa checks both with PTO_ASSERT only; found
    by red team: a ragged 16 x ? tile stored through a 16 x 128 partition)."""
    rows = grid.shape[0]
    if rows > tile.rows:
        raise HardwareLimitError(f"TSTORE Vec->ND: the partition's {rows} rows are more than "
                                 f"the tile's {tile.rows}: the store reads one UB row per "
                                 "partition row, past the tile")
    return rows, _burst_rows(grid, tile.valid_cols, block_rows)


def _acc_store_rows(tile: Tile, grid: np.ndarray, row_stride: int) -> tuple[int, np.ndarray]:
    """TStoreAccNz2nd: validRow rows of validCol elements, row r at p + r * gStride3 (the
    partition's rows and leading axes are not read: PTO_ASSERTs only), in validCol /
    gShape4 ND blocks: one only when the partition's columns are the valid ones (none when
    it is wider), so any other partition width is refused. A2/A3's fields bound the region
    (`limits.ACC_STORE_MAX_VALID`): it packs the columns as ``nSize & 0xfff``, so 4096
    columns write none."""
    vr, vc = tile.valid_rows, tile.valid_cols
    max_rows, max_cols = limits.ACC_STORE_MAX_VALID["nd"]
    if vr > max_rows or vc > max_cols:
        raise HardwareLimitError(f"TSTORE Acc->ND: valid {vr}x{vc} exceeds the store's "
                                 f"fields ({max_rows} rows, {max_cols} columns)")
    if grid.shape[1] != vc:
        raise HardwareLimitError(f"TSTORE Acc->ND: the partition's {grid.shape[1]} columns "
                                 f"are not the tile's {vc} valid columns: the store writes "
                                 "validCol / gShape4 ND blocks of gShape4 columns")
    r, c = np.ogrid[:vr, :vc]
    return vr, grid[0, 0] + r * row_stride + c
