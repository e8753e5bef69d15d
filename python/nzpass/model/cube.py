"""The cube moves and the tile mad of the A2/A3 device, byte by byte: `CUBE_HOOKS`.

`pto.textract` and `pto.tmov` of an NZ Mat tile into a Left (L0A, zZ) or Right (L0B, zN)
tile, and `pto.tmatmul` / `pto.tmatmul.acc` of those into an Acc tile, as pto-isa's a2a3
`TExtract.hpp` (TExtractToA / TExtractToB and their compact forms) and `TMatmul.hpp` move
them (docs/hardware-model.md, "Cube moves and mad"):

- an extract copies its destination's whole shape from the index on (the compact form,
  `compact=1`, only its valid region rounded up to whole boxes, packed at that width);
- mad has no source strides: it reads its Left tile as `ceil16(m)` rows of `ceil(k / c0)`
  boxes one after the other and its Right tile as `ceil(k / c0)` rows of `ceil16(n) / 16`
  boxes, whatever the tiles' columns. A tile wider than that (not compact) holds its box
  rows further apart, so mad reads the boxes of other rows (`tmatmul` in "a2a3" mode);
  "ideal" reads every tile through its own layout, as pto-isa's CPU simulator does.

Hooks for `Simulator(hooks=CUBE_HOOKS)`; the simulator runs them as it runs the pl matmuls.
"""

from __future__ import annotations

import numpy as np

from ..ir.bindings import ir
from ..nz.acc_store import ACC_BOX
from ..nz.tile_regions import COMPACT_NORMAL
from .hardware import Tile
from .simulator import Hook, SimulationError, Simulator, _mad_offsets

__all__ = ["CUBE_HOOKS", "dense_offsets", "extract_hook", "mad_hook"]

_OPERAND_LOCS = ("left", "right")


def _ceil(value: int, multiple: int) -> int:
    return -(-value // multiple) * multiple


def _tiles(op: ir.Operation, values: list, count: int) -> list[Tile]:
    tiles = [v for v in values if isinstance(v, Tile)]
    if len(tiles) != count:
        raise SimulationError(f"'{op.name}' needs {count} modelled tiles, got {len(tiles)}",
                              str(op.location))
    return tiles


def _packed_extent(tile: Tile) -> tuple[int, int]:
    """The rows and columns a move writes into `tile`: its whole shape, or with
    `compact=1` its valid region rounded up to whole boxes (TExtractToACompact's
    dstValidRowAlign / dstValidColAlign)."""
    if tile.compact != COMPACT_NORMAL:
        return tile.rows, tile.cols
    box_rows, box_cols = tile.box
    return (min(_ceil(tile.valid_rows, box_rows), tile.rows),
            min(_ceil(tile.valid_cols, box_cols), tile.cols))


def _write_cols(tile: Tile) -> int:
    """The column count the move lays its destination's box rows out at: the tile's, or
    the packed valid columns of a compact tile (the mad's dense reading)."""
    return _packed_extent(tile)[1]


def extract_hook(sim: Simulator, op: ir.Operation, operands: list) -> None:
    """`pto.textract(src, indexRow, indexCol, dst)` / `pto.tmov(src, dst)` of an NZ Mat tile
    into a Left or Right tile: `dst(r, c) = src(indexRow + r, indexCol + c)` over the
    extent the move writes (`_packed_extent`), laid out at `_write_cols`."""
    src, dst = _tiles(op, operands, 2)
    index = [v for v in operands if isinstance(v, int)]
    row, col = index if len(index) == 2 else (0, 0)
    if src.loc != "mat" or not src.is_nz or dst.loc not in _OPERAND_LOCS:
        raise SimulationError(f"'{op.name}' of a {src.loc} tile into a {dst.loc} tile is not "
                              "modelled (only an NZ Mat tile into Left or Right)",
                              str(op.location))
    if dst.loc == "right" and dst.dtype.itemsize == 1:
        # TExtractToB of b8 transposes 32 x 32 blocks (docs/hardware-model.md: not
        # modelled); the element copy below was run for it all the same.
        raise SimulationError(f"'{op.name}' of a {src.dtype} Mat tile into a Right tile is "
                              "not modelled (pto-isa moves b8 into L0B by 32 x 32 "
                              "transposes)", str(op.location))
    rows, cols = _packed_extent(dst)
    if row < 0 or col < 0 or row + rows > src.rows or col + cols > src.cols:
        raise SimulationError(f"'{op.name}' moves {rows}x{cols} from ({row}, {col}) of a "
                              f"{src.rows}x{src.cols} tile: past its source",
                              str(op.location))
    r, c = np.ogrid[:rows, :cols]
    dst.storage[dst.offsets_at(r, c, _write_cols(dst))] = src.storage[src.offsets(row + r,
                                                                                 col + c)]


def dense_offsets(tile: Tile, rows: int, cols: int, mode: str) -> np.ndarray:
    """Where mad reads elements `(r, c)`, `r < rows`, `c < cols`, of its operand `tile`:
    in "a2a3" mode as if the tile were `cols` rounded up to whole boxes wide (mad has no
    source stride), in "ideal" mode through the tile's layout."""
    r, c = np.ogrid[:rows, :cols]
    if mode != "a2a3":
        return tile.offsets(r, c)
    return tile.offsets_at(r, c, min(_ceil(cols, tile.box[1]), tile.cols))


def mad_hook(sim: Simulator, op: ir.Operation, operands: list) -> None:
    """`pto.tmatmul(lhs, rhs, dst)` / `pto.tmatmul.acc(acc_in, lhs, rhs, dst)`: `dst` (in
    place; += for the accumulating form) gets `lhs @ rhs` with m = lhs's valid rows,
    k = its valid columns, n = rhs's valid columns, over whole 16 x 16 boxes of dst."""
    accumulates = op.name == _MAD_ACC
    tiles = _tiles(op, operands, 4 if accumulates else 3)
    lhs, rhs, dst = tiles[-3:]
    if (lhs.loc, rhs.loc, dst.loc) != ("left", "right", "acc"):
        raise SimulationError(f"'{op.name}' of {lhs.loc}, {rhs.loc} into {dst.loc} is not "
                              "modelled", str(op.location))
    m, k, n = lhs.valid_rows, lhs.valid_cols, rhs.valid_cols
    rows, cols = min(_ceil(m, ACC_BOX), dst.rows), min(_ceil(n, ACC_BOX), dst.cols)
    if rows > lhs.rows or cols > rhs.cols or k > rhs.rows:
        raise SimulationError(f"'{op.name}': a {rows}x{k} by {k}x{cols} product does not fit "
                              "its operand tiles", str(op.location))
    wide = np.int64 if np.issubdtype(lhs.dtype, np.integer) else np.float64
    a = lhs.storage[dense_offsets(lhs, rows, k, sim.mode)].astype(wide)
    b = rhs.storage[dense_offsets(rhs, k, cols, sim.mode)].astype(wide)
    where = _mad_offsets(dst, rows, cols)
    with np.errstate(invalid="ignore", over="ignore"):  # a product over unwritten bytes
        product = a @ b
        if accumulates:  # TMATMUL_ACC_IMPL adds to dst's own bytes
            product += dst.storage[where].astype(wide)
        dst.storage[where] = product.astype(dst.dtype)


_MAD_ACC = "pto.tmatmul.acc"
CUBE_HOOKS: dict[str, Hook] = {
    "pto.textract": extract_hook, "pto.tmov": extract_hook,
    "pto.tmatmul": mad_hook, _MAD_ACC: mad_hook,
}
