"""The hardware limits of an Acc write-back (TSTORE Acc -> NZ or Acc -> ND), checked per
actual Acc tile.

block-nz-tensor-views defers them (a logical output may exceed them and be
split along N later); convert-pl-to-pto, pto-block-nz-views and
verify-pto-nz apply them where the physical tile is known. One
implementation, so the three report the same limits the same way, and so the
ND write-back (whose tile may never reach a pto.alloc_tile, a pl.tile.zeros or
matmul result) meets the same column field and L0C as the NZ one.
"""

from __future__ import annotations

from ..dialects import pl, store_attrs
from ..dialects.opaque_errors import opaque_refusal
from ..errors import MalformedOp, Refusal
from ..ir.bindings import ir
from .limits import ACC_STORE_MAX_VALID, L0C_BYTES, tile_placement_problem

BACKEND_NAMES = {"a2a3": "A2/A3", "a5": "A5"}
ACC_BOX = 16               # an Acc (L0C) fractal is 16 x 16 FP32 elements
ACC_ELEMENT_BYTES = 4      # the only Acc -> NZ store is FP32
_FEWER_ROWS = ("give each NZ output fewer rows (a leading batch axis [M/R, R, N], one panel "
               "per store)")


def check_acc_store_backend(backend: str, loc: ir.Location) -> None:
    """The Acc -> NZ write-back is modelled (docs/hardware-model.md (d)) for A2/A3 only:
    on A5 every pass refuses it, the verifier included."""
    if backend == "a5":
        raise Refusal(loc, "NZ accumulator stores are supported on A2/A3 only (the module's "
                      "target is A5: pl.backend or pto.target_arch); store ND on A5")


# How a store past a limit is split, by GM layout: an NZ write-back must cover the whole
# row axis (docs/hardware-model.md (d)), so it splits along N only; an ND one may split
# along either axis.
_WHOLE_ROWS = {"nz": ", keeping every split covering the whole row axis", "nd": ""}


def check_acc_store_limits(what: str, valid_rows: int, valid_cols: int, rows: int, cols: int,
                           backend: str, loc: ir.Location, layout: str = "nz") -> None:
    """Refuse a store into a `layout` ("nz" or "nd") GM tensor whose valid extents
    overflow the TSTORE fields (`limits.ACC_STORE_MAX_VALID`), or whose physical
    `rows` x `cols` FP32 tile does not fit the backend's L0C."""
    max_rows, max_cols = ACC_STORE_MAX_VALID[layout]
    if valid_rows > max_rows:
        fix = (f"splitting the output along N does not reduce the rows, since every split "
               f"must cover the whole row axis; {_FEWER_ROWS}" if layout == "nz" else
               f"split the output along M into stores of at most {_aligned(max_rows)} rows")
        raise Refusal(loc, f"{what} of {valid_rows} valid rows exceeds the TSTORE limit of "
                      f"{max_rows} rows ({_aligned(max_rows)} when 16-aligned): {fix}")
    if valid_cols > max_cols:
        raise Refusal(loc, f"{what} of {valid_cols} valid columns exceeds the TSTORE limit of "
                      f"{max_cols} columns ({_aligned(max_cols)} when 16-aligned): split the "
                      f"output along N into pieces of at most {_aligned(max_cols)} "
                      f"columns{_WHOLE_ROWS[layout]}")
    _check_fits_l0c(what, rows, cols, backend, loc, layout)


def _aligned(limit: int) -> int:
    return limit // ACC_BOX * ACC_BOX


def _check_fits_l0c(what: str, rows: int, cols: int, backend: str, loc: ir.Location,
                    layout: str) -> None:
    capacity = L0C_BYTES[backend]
    size = rows * cols * ACC_ELEMENT_BYTES
    if tile_placement_problem(size, capacity, None) is None:  # the one capacity rule
        return
    where = (f"{what}: Acc tile {rows}x{cols}xf32 takes {size} bytes ({size / 1024:g} KiB), "
             f"over the {capacity // 1024} KiB L0C of {BACKEND_NAMES[backend]}")
    split = capacity // (rows * ACC_ELEMENT_BYTES) // ACC_BOX * ACC_BOX
    if layout == "nd":
        along_n = (f"along N into pieces of at most {split} columns, or " if split else "")
        raise Refusal(loc, f"{where}: split the output into smaller Acc tiles ({along_n}along "
                      "M into fewer rows)")
    if split == 0:
        raise Refusal(loc, f"{where}; no split along N fits, since a {ACC_BOX}-column split of "
                      f"all {rows} rows already takes {rows * ACC_BOX * ACC_ELEMENT_BYTES} bytes "
                      f"and every split must cover the whole row axis: {_FEWER_ROWS}")
    raise Refusal(loc, f"{where}: split the output along N into pieces of at most {split} "
                  f"columns ({rows}x{split}xf32 fits), keeping every split covering the whole "
                  "row axis")


def pl_acc_store_tile(store: pl.TileStore, backend: str) -> pl.TileType:
    """The source tile of a pl Acc -> NZ store, after the rules that are not geometry
    (docs/nz-semantics.md section 4.6): the backend, an FP32 Acc tile into an FP32 tensor,
    fully valid, a plain write. block-nz-tensor-views holds a logical store to them and
    convert-pl-to-pto a blocked one (found by red team: run alone, it lowered an f32 Acc
    tile into an f16 NZ tensor, and an atomic add into NZ)."""
    loc = store.location
    check_acc_store_backend(backend, loc)
    tile = opaque_refusal(loc, lambda: pl.tile_type(store.single("tile").type))
    if tile is None:
        raise MalformedOp(loc, "'pl.tile.store' op tile operand must have a !pl.tile type")
    if tile.space != "acc":
        raise Refusal(loc, f"NZ store from a {tile.space} tile: only an FP32 Acc tile can be "
                      "written back to an NZ tensor (TSTORE Acc->NZ); store Vec/Mat tiles to ND")
    dest_element = ir.RankedTensorType(store.single("dest").type).element_type
    f32 = ir.F32Type.get()
    if tile.element != f32 or dest_element != f32:
        raise Refusal(loc, f"NZ accumulator store from {tile.element} into {dest_element}: only "
                      "FP32 Acc into an FP32 NZ tensor is supported (no dtype conversion)")
    if not tile.fully_valid:
        raise Refusal(loc, "NZ accumulator store of a partly valid or dynamic tile: the write "
                      "back must be static and fully valid")
    _check_plain_write(store)
    return tile


def _check_plain_write(store: pl.TileStore) -> None:
    """Every attribute of a store into NZ is known (in any of its spellings) and
    none turns the write into an atomic, relu or quantised one."""
    for name, attr in store.attributes.items():
        try:
            why = store_attrs.changes_nz_write(name, attr)
        except store_attrs.StoreAttrError as err:
            raise Refusal(store.location, f"NZ accumulator store: {err}: nzpass cannot tell "
                          "whether it changes the write-back, so it is refused; remove it or "
                          "store ND") from None
        if why is not None:
            raise Refusal(store.location, f"NZ accumulator store with {why}: atomic, pre_quant "
                          "and pre_relu write-backs into NZ are not supported; store ND instead")
