"""The pto op table: for every op of PTOAS's pto dialect, its operand, attribute,
result and region groups, traits and assembly format (notation: see
`pto_syntax.formats`), generated at development time by bench/pto_format_table.py
from PTOAS's op definitions (facts only).

It is generated in three parts: `pto_table_views`, the few ops nzpass's passes read
and write through the views of `dialects.pto`; `pto_table_orders`, the ops whose
generic operand order differs between PTOAS versions (their `generic_orders`), which
every generic output looks for; and `pto_table_rest`, every other op (480 KB of
source, which only the custom syntax reader and printer need). `OPS` is the one
table over all three; the rest is built on the first look-up of an op outside the
first two parts, so a run of the passes never builds it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import cache

from .pto_table_orders import ORDERS
from .pto_table_views import VIEWED

# The ops whose generic text PTOAS versions read as different operands.
ORDER_DIFFERS = frozenset(ORDERS)

# The destination groups of PTOAS's destination-passing tile ops (`outs(...)`), by name:
# the definitions mark them only by their place in the custom form.
DESTINATION_GROUPS = frozenset(("dst", "cdst", "excuted", "dst_idx", "dst_val", "dstIdx",
                                "dst1", "dst2", "exp_zz"))

# The tile operands an op writes outside its destination groups: its scratch (`tmp` of
# any op, the ping-pong buffers of the collectives), PTOAS's other DPS inits (the `dsts`
# of tmrgsort; the `exp`, `max` and `scaling` tiles tquant.mx materializes; the tile
# tpop binds to a FIFO slot, the `acc` tile treduce reduces into) and the `destination` of
# the DMA ops. Every other group of an op is read only, except those it reads and writes
# back (`READ_AND_WRITTEN_BY_OP`, below). The tile-overlap rule reads both tables: a write
# it misses is a clobber it cannot see, a read it misses one it lets through.
_WRITTEN_BY_EVERY_OP = frozenset(("tmp", "destination"))
WRITTEN_BY_OP = {
    "pto.tpop": ("tile",),
    "pto.tmrgsort": ("dsts",),
    "pto.tquant.mx": ("exp", "max", "scaling"),
    "pto.mgather": ("scratch",),
    "pto.build_async_session": ("scratch",),
    "pto.comm.build_async_session": ("scratch",),
    "pto.comm.tbroadcast": ("ping", "pong"),
    "pto.comm.tgather": ("ping", "pong"),
    "pto.comm.tget": ("ping", "pong"),
    "pto.comm.tput": ("ping", "pong"),
    "pto.comm.tscatter": ("ping", "pong"),
    "pto.comm.treduce": ("acc", "recvPing", "recvPong"),
}

# The tile operands an op reads and then writes back (read-modify-write): what it reads
# there is what the tile held before the op, so a read of it must find the tile's own
# data before the write makes it the tile's again. From PTOAS (tonibohnlein mirror, HEAD):
# the accumulating destinations its op text states (PTOOps.td: "TAXPY: dst += src *
# scalar", THistogramOp "accumulate per-row 256-bin histograms"; VPTO.cpp: MadAccOp and
# MadMxAccOp `readsAccumulator()` and Read+Write of `dst` in getEffects, and the raw mads
# they lower to (its design note mad-lowering-contract-design), whose `xt` word selects
# accumulation at run time), and the groups PTO.cpp's getEffects reads and writes:
# TMovOp's `src` and `fp` (an X-to-ZZ move zeroes the source's row padding in place) and
# TQuantMxOp's `src` (likewise, for a padded f16/bf16 source). Not taken: the Read+Write
# PTOAS gives scratch (the collectives' ping-pong buffers, treduce's `acc`: written
# before read within the op), pipe handles (no tile) and tprint's `src` (it prints).
READ_AND_WRITTEN_BY_OP = {
    "pto.taxpy": ("dst",),
    "pto.thistogram": ("dst",),
    "pto.mad_acc": ("dst",),
    "pto.mad_mx_acc": ("dst",),
    "pto.mad_raw": ("dst",),
    "pto.mad_mx_raw": ("dst",),
    "pto.tmov": ("src", "fp"),
    "pto.tquant.mx": ("src",),
}

# The ops that make a tile over the bytes of another and move none of them (relabels):
# the group holding the source tile, and how the result lies over it: "same" (the same
# shape and bytes: pto.bitcast, pto.tassign), "window" (a part of it at the `offsets`:
# pto.subview, pto.subset) or "reshape" (the same bytes in another shape: pto.treshape,
# pto.bind_tile, which treshape lowers to). Their result's type states a valid region
# PTOAS never compares with the source's (TReshapeOp::verify checks bytes and boxing
# only; SubViewOp's result is valid over its whole size unless valid operands say less,
# "no parent valid-shape inheritance"), so what a reader of the result takes for data is
# data only where the source's valid region covers it (verify-pto-nz proves it).
TILE_RELABELS = {
    "pto.bitcast": ("src", "same"),
    "pto.tassign": ("tile", "same"),
    "pto.subview": ("source", "window"),
    "pto.subset": ("source", "window"),
    "pto.treshape": ("src", "reshape"),
    "pto.bind_tile": ("source", "reshape"),
}

# The ops that copy the valid region of their `src` tile into their `dst` tile element
# for element, in dst's layout, and fill the rest of dst with its pad value (pto-isa
# TFILLPAD; the in-place form fills a tile's own pad): where src and dst are of one tile
# type (PTOAS requires it of Mat tiles, its issue 546 test) no element changes its place
# in the box order, so a boxed dst holds its src's data as the rules read it.
LAYOUT_KEEPING_FILLS = {"pto.tfillpad": ("src", "dst"), "pto.tfillpad_inplace": ("src", "dst")}

# The pipe pushes, by the group holding the tile they push: a push of an Acc tile moves
# its valid region out of L0C through the fixpipe (pto-isa's TPUSH of a cube tile to the
# vector cores), as a tstore or a tmov out of L0C does, so what it reads must be what
# its mads wrote (verify-pto-nz reads this table with the store's and the moves' rule).
PIPE_PUSHES = {"pto.tpush": "tile", "pto.tpush_to_aiv": "tile", "pto.tpush_to_aic": "tile"}

# Ops that take a tile and touch none of its bytes: they read or set its valid region.
METADATA_OPS = frozenset(("pto.set_validshape", "pto.get_validshape", "pto.tile_valid_rows",
                          "pto.tile_valid_cols"))

# Ops that take local memory for their function: its tiles, FIFO slots and pipe regions,
# which PTOAS's planner places for that function alone (PTOPlanMemory plans each
# function on its own), or the op places at an address. A call of a function holding one
# may write over any tile of its caller's.
LOCAL_MEMORY_OPS = frozenset(("pto.alloc_tile", "pto.alloc_multi_tile", "pto.declare_tile",
                              "pto.declare_tile_memref", "pto.reserve_buffer",
                              "pto.tpop_from_aic", "pto.tpop_from_aiv", "memref.alloc",
                              "memref.alloca"))

# What the tile-level mads write of their Acc tile (pto-isa's TMATMUL*_IMPL and
# TGEMV*_IMPL): the rows are their Left tile's valid rows (m), except a gemv's, which
# writes one row (TMatmul(..., 1, k, n)); the columns their Right tile's valid columns (n).
GEMV_OPS = frozenset(("pto.tgemv", "pto.tgemv.acc", "pto.tgemv.bias", "pto.tgemv.mx",
                      "pto.tgemv.mx.acc", "pto.tgemv.mx.bias"))
TILE_MADS = GEMV_OPS | frozenset(("pto.tmatmul", "pto.tmatmul.acc", "pto.tmatmul.bias",
                                  "pto.tmatmul.mx", "pto.tmatmul.mx.acc",
                                  "pto.tmatmul.mx.bias"))

# The mads that take m, n and k as operands (pto.mad and its variants), which the tile
# rules do not read: what they write of a tile is not its operands' valid region.
EXPLICIT_MADS = frozenset(("pto.mad", "pto.mad_acc", "pto.mad_bias", "pto.mad_bias_raw",
                           "pto.mad_mx", "pto.mad_mx_acc", "pto.mad_mx_bias",
                           "pto.mad_mx_bias_raw", "pto.mad_mx_raw", "pto.mad_raw"))

# The accumulating tile-level mads' accumulator operand beside `dst`. pto-isa's A2/A3 and
# A5 TMATMUL_ACC_IMPL and TGEMV_ACC_IMPL hand `cOutMatrix.data()` to mad and add to what
# dst holds, never reading cInMatrix (one other implementation of the mx forms reads it),
# so PTOAS's TMATMUL_ACC(dst, acc_in, ...) means one thing only when acc_in is dst.
ACCUMULATOR_INPUT = {"pto.tmatmul.acc": "acc_in", "pto.tmatmul.mx.acc": "c_in",
                     "pto.tgemv.acc": "acc_in", "pto.tgemv.mx.acc": "c_in"}

# Ops that write only part of their destination's valid region (at an index, a row and
# column, a scatter's indexes, the pad of a tile): what the destination held before
# stays in the rest.
PARTIAL_WRITERS = frozenset(("pto.tinsert", "pto.tinsert_fp", "pto.tsetval",
                             "pto.tscatter", "pto.tfillpad_inplace"))
# The ops of the table that do not read a source element where they write the destination's:
# the partial binary ops (pto-isa's TPART*: an element only one source defines is copied),
# the pad fills (the source's valid region, its pad value past it), the transposes, the
# gathers, scatters and sorts (by index, by rank), the partial writers. Every other op
# of the table writing a Vec tile of a Vec source's rows x cols iterates over the
# destination's valid region and reads the source there (tile_writes.narrower_sources).
OWN_REGION_READERS = frozenset(("pto.tpartadd", "pto.tpartargmax", "pto.tpartargmin",
                                "pto.tpartmax", "pto.tpartmin", "pto.tpartmul", "pto.tfillpad",
                                "pto.tfillpad_expand", "pto.tfillpad_inplace", "pto.ttrans",
                                "pto.tgather", "pto.tgatherb", "pto.mgather", "pto.mscatter",
                                "pto.tsort32", "pto.tmrgsort", *PARTIAL_WRITERS))


@cache
def written_groups(name: str) -> frozenset[str]:
    """The operand groups of op `name` holding tiles it writes."""
    return DESTINATION_GROUPS | _WRITTEN_BY_EVERY_OP | frozenset(WRITTEN_BY_OP.get(name, ())) \
        | frozenset(READ_AND_WRITTEN_BY_OP.get(name, ()))


def reads_group(name: str, group: str) -> bool:
    """Whether op `name` reads the tiles of its operand group `group`: every group it
    does not write, and those it reads and writes back (`READ_AND_WRITTEN_BY_OP`)."""
    return group not in written_groups(name) or group in READ_AND_WRITTEN_BY_OP.get(name, ())


class _OpTable(Mapping):
    """Every op's entry, by op name, in name order."""

    def __init__(self) -> None:
        self._every_op: dict[str, dict] | None = None

    def _all(self) -> dict[str, dict]:
        if self._every_op is None:
            from .pto_table_rest import REST

            self._every_op = dict(sorted({**VIEWED, **ORDERS, **REST}.items()))
        return self._every_op

    def __getitem__(self, name: str) -> dict:
        entry = VIEWED.get(name) or ORDERS.get(name)
        return entry if entry is not None else self._all()[name]

    def __contains__(self, name: object) -> bool:
        return name in VIEWED or name in ORDERS or name in self._all()

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


OPS: Mapping[str, dict] = _OpTable()
