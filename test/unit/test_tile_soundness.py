"""verify-pto-nz's local-tile rules against the red team's holes (round "tiles"): ops that
read their destination, an Acc tile re-declared at its address, subview windows, tiles
placed by pto.tassign, pto.declare_tile and pto.alloc_multi_tile, row_plus_one tiles, a
tile at a moving address, addresses of tiles, reserve_buffer spellings and bias tiles.
Each refusal has an accepted neighbour, so the rule is shown precise where it is sound."""

from __future__ import annotations

import pytest

from nzpass.dialects import pto, pto_table
from nzpass.dialects.pto_table import OPS
from nzpass.ir.bindings import ir
from nzpass.nz import tile_rules

_T64 = "!pto.tile_buf<vec, 16x64xf16>"
_T32 = "!pto.tile_buf<vec, 16x32xf16>"
_PART64 = "!pto.partition_tensor_view<16x64xf16>"
_PART32 = "!pto.partition_tensor_view<16x32xf16>"


def _kernel(body: str, args: str = "") -> str:
    """A kernel over GM tensors p, q, o (16 x 64 f16) with views %pv (16 x 64 of p), %qv
    (16 x 32 of q), %qv64 (16 x 64 of q) and %ov (16 x 64 of o), and constants."""
    views = "".join(
        f"  %{n}t = pto.make_tensor_view %{n}, shape = [%c16, %c64], strides = [%c64, %c1] "
        "{layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>\n" for n in "pqo")
    parts = "".join(
        f"  %{name} = pto.partition_view %{src}t, offsets = [%c0, %c0], sizes = [%c16, "
        f"%c{cols}] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x{cols}xf16>\n"
        for name, src, cols in (("pv", "p", 64), ("qv", "q", 32), ("qv64", "q", 64),
                                ("ov", "o", 64)))
    consts = "".join(f"  %c{n} = arith.constant {n} : index\n" for n in (0, 1, 2, 16, 32, 64))
    consts += "".join(f"  %a{n} = arith.constant {n} : i64\n" for n in (0, 2048, 4096))
    return ('module attributes {pto.target_arch = "a2a3"} {\n'
            f"func.func @k(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>, %o: !pto.ptr<f16>{args}) {{\n"
            f"{consts}  %s = arith.constant 2.0 : f16\n{views}{parts}{body}  return\n}}\n}}\n")


def _load(view: str, tile: str, part: str = _PART64, type_: str = _T64) -> str:
    return f"  pto.tload ins(%{view} : {part}) outs(%{tile} : {type_})\n"


def _store(tile: str, type_: str = _T64) -> str:
    return f"  pto.tstore ins(%{tile} : {type_}) outs(%ov : {_PART64})\n"


def _verify(cli, tmp_path, text: str) -> str:
    """The pass's diagnostics on `text` ("" when it is accepted)."""
    path = tmp_path / "k.pto"
    path.write_text(text)
    result = cli([str(path), "-p", "verify-pto-nz", "-o", "/dev/null"])
    assert (result.code == 0) == ("error:" not in result.err), result.err
    return result.err


def _alloc(name: str, addr: str, type_: str = _T64) -> str:
    return f"  %{name} = pto.alloc_tile addr = %{addr} : {type_}\n"


# ---------------------------------------------------------------- 1. read-modify-write ops

# A (16 x 64 at UB 0) loaded, then B (16 x 32 at 0) loaded over half of it: an op that
# reads A after that reads B's bytes.
_CLOBBERED_A = (_alloc("A", "a0") + _alloc("B", "a0", _T32) + _alloc("X", "a4096")
                + _load("pv", "A") + _load("pv", "X") + _load("qv", "B", _PART32, _T32))


@pytest.mark.parametrize("op", [
    f"pto.taxpy ins(%X, %s : {_T64}, f16) outs(%A : {_T64})",
    f"pto.thistogram ins(%X, %X : {_T64}, {_T64}) outs(%A : {_T64})",
])
def test_an_op_reading_its_destination_reads_the_clobbered_bytes(cli, tmp_path, op):
    err = _verify(cli, tmp_path, _kernel(_CLOBBERED_A + f"  {op}\n" + _store("A")))
    assert "before 'pto.t" in err and "reads the other" in err


def test_an_op_reading_its_destination_after_its_own_write_is_accepted(cli, tmp_path):
    rewritten = _load("pv", "A") + f"  pto.taxpy ins(%X, %s : {_T64}, f16) outs(%A : {_T64})\n"
    assert _verify(cli, tmp_path, _kernel(_CLOBBERED_A + rewritten + _store("A"))) == ""


def test_the_read_and_written_groups_name_groups_of_their_ops():
    """A misspelt entry would hide a read (or a write) from the overlap rule."""
    for name, groups in pto_table.READ_AND_WRITTEN_BY_OP.items():
        defined = {group for group, _, _ in OPS[name]["operands"]}
        assert set(groups) <= defined, (name, set(groups) - defined)
        assert all(pto_table.reads_group(name, g) and g in pto_table.written_groups(name)
                   for g in groups)
    assert not pto_table.reads_group("pto.tadd", "dst")
    assert "acc" in pto_table.written_groups("pto.comm.treduce")


# ---------------------------------------------------------------- 2. mad pitch, re-declared

_ACC = ("!pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=32, v_row=64, v_col=32, "
        "blayout=col_major, slayout=row_major, fractal=1024, pad=0>")
_LEFT = ("!pto.tile_buf<loc=left, dtype=bf16, rows=64, cols=128, v_row=?, v_col=?, "
         "blayout=row_major, slayout=row_major, fractal=512, pad=0>")
_RIGHT = ("!pto.tile_buf<loc=right, dtype=bf16, rows=128, cols=32, v_row=128, v_col=32, "
          "blayout=row_major, slayout=col_major, fractal=512, pad=0>")


_NZ_VIEW = ('"pto.make_tensor_view"(%o, %c1, %c4, %c4, %c16, %c8, %c2048, %c512, %c128, %c8, '
            "%c1) <{layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>}> : "
            "(!pto.ptr<f32>" + ", index" * 10 + ") -> !pto.tensor_view<?x?x?x?x?xf32>")
_NZ_PART = ('"pto.partition_view"(%v, %c0, %c0, %c0, %c0, %c0, %c1, %c4, %c4, %c16, %c8) '
            "<{operandSegmentSizes = array<i32: 1, 5, 5>}> : (!pto.tensor_view<?x?x?x?x?xf32>"
            + ", index" * 10 + ") -> !pto.partition_tensor_view<1x4x4x16x8xf32>")


def _generic_alloc(name: str, tile: str, valid: bool = False) -> str:
    operands, segments, types = ("%a0, %c32, %c128", "1, 1, 1", "i64, index, index") \
        if valid else ("%a0", "1, 0, 0", "i64")
    return (f'    %{name} = "pto.alloc_tile"({operands}) <{{operandSegmentSizes = '
            f"array<i32: {segments}>}}> : ({types}) -> {tile}\n")


def _mad_kernel(written: str) -> str:
    """A tmatmul of a Left tile of 32 valid rows into Acc tile `written` (%acc, or %acc2
    at the same L0C bytes), then %acc stored to an NZ view."""
    consts = "".join(f"    %c{n} = arith.constant {n} : index\n"
                     for n in (0, 1, 4, 8, 16, 32, 128, 512, 2048))
    return ('module attributes {pto.target_arch = "a2a3"} {\n'
            "  func.func @k(%o: !pto.ptr<f32>) {\n    %a0 = arith.constant 0 : i64\n"
            f"{consts}    %v = {_NZ_VIEW}\n"
            + _generic_alloc("acc", _ACC) + _generic_alloc("l", _LEFT, valid=True)
            + _generic_alloc("r", _RIGHT) + _generic_alloc("acc2", _ACC)
            + f'    "pto.tmatmul"(%l, %r, %{written}) : ({_LEFT}, {_RIGHT}, {_ACC}) -> ()\n'
            f"    %w = {_NZ_PART}\n"
            f'    "pto.tstore"(%acc, %w) <{{operandSegmentSizes = array<i32: 1, 1, 0, 0>}}> : '
            f"({_ACC}, !pto.partition_tensor_view<1x4x4x16x8xf32>) -> ()\n"
            "    return\n  }\n}\n")


@pytest.mark.parametrize("written", ["acc", "acc2"])
def test_a_mad_into_a_tile_at_the_stored_tiles_bytes_is_held_to_its_pitch(cli, tmp_path,
                                                                       written):
    err = _verify(cli, tmp_path, _mad_kernel(written))
    assert "is written by 'pto.tmatmul'" in err and "32 valid rows" in err


# ---------------------------------------------------------------- 3. subview windows


def _subview(offsets: str, sizes: str = "16, 64", source: str = _T64) -> str:
    return (f"  %S = pto.subview %A[{offsets}] sizes [{sizes}] : {source} -> "
            f"!pto.tile_buf<vec, {sizes.replace(', ', 'x')}xf16>\n")


@pytest.mark.parametrize("offsets, args", [("%c16, %c0", ""), ("%r, %c0", ", %r: index"),
                                           ("%c0, %c32", "")])
def test_a_subview_window_past_its_source_is_refused(cli, tmp_path, offsets, args):
    body = _alloc("A", "a0") + _subview(offsets)
    err = _verify(cli, tmp_path, _kernel(body, args))
    assert "'pto.subview' window of 16x64 may leave its source tile of 16x64" in err


def test_a_subview_at_a_bounded_loop_offset_is_accepted(cli, tmp_path):
    """PyPTO's row windows: offset i * 16 for i in [0, 2) of a 32-row tile."""
    source = "!pto.tile_buf<vec, 32x64xf16>"
    body = (_alloc("A", "a0", source) + "  scf.for %i = %c0 to %c2 step %c1 {\n"
            "    %r = arith.muli %i, %c16 : index\n"
            + _subview("%r, %c0", source=source).replace("  %S", "    %S") + "  }\n")
    assert _verify(cli, tmp_path, _kernel(body)) == ""


def test_a_loop_offset_one_step_too_far_is_refused(cli, tmp_path):
    source = "!pto.tile_buf<vec, 32x64xf16>"
    body = (_alloc("A", "a0", source) + "  %c3 = arith.constant 3 : index\n"
            "  scf.for %i = %c0 to %c3 step %c1 {\n"
            "    %r = arith.muli %i, %c16 : index\n"
            + _subview("%r, %c0", source=source).replace("  %S", "    %S") + "  }\n")
    assert "row offset (up to 32) plus the window's 16 rows exceeds the source's 32" in \
        _verify(cli, tmp_path, _kernel(body))


# ---------------------------------------------------------------- 4, 5. tassign, multi tiles


def test_a_tassign_beside_a_placed_tile_is_refused(cli, tmp_path):
    body = (_alloc("X", "a0") + _alloc("Y", "a4096") + _load("qv64", "Y")
            + f"  %X2 = pto.tassign %X, %a4096 : {_T64} -> {_T64}\n" + _load("pv", "X2")
            + _store("Y"))
    assert "'pto.tassign' places a tile at an address of UB" in \
        _verify(cli, tmp_path, _kernel(body))


def test_a_lone_tassign_of_a_declared_tile_is_accepted(cli, tmp_path):
    body = (f"  %T = pto.declare_tile -> {_T64}\n"
            f"  %T2 = pto.tassign %T, %a4096 : {_T64} -> {_T64}\n" + _load("pv", "T2")
            + _store("T2"))
    assert _verify(cli, tmp_path, _kernel(body)) == ""


@pytest.mark.parametrize("body, message", [
    (f"  %T = pto.declare_tile -> {_T64}\n  %big = arith.constant 1048576 : i64\n"
     f"  %T2 = pto.tassign %T, %big : {_T64} -> {_T64}\n",
     "'pto.tassign' tile does not fit the 192 KiB UB"),
    ("  %T = pto.declare_tile -> !pto.tile_buf<vec, 512x512xf32>\n",
     "'pto.declare_tile' tile does not fit the 192 KiB UB"),
    ("  %mb = pto.alloc_multi_tile addr = %a0 : !pto.multi_tile_buf<vec, 16x64xf16, "
     "count=200>\n", "its 409600 bytes exceed the memory's 196608"),
])
def test_tiles_made_outside_alloc_tile_must_fit_their_memory(cli, tmp_path, body, message):
    assert message in _verify(cli, tmp_path, _kernel(body))


@pytest.mark.parametrize("multi, message", [
    ("pto.alloc_multi_tile addr = %a0", "'pto.alloc_multi_tile' places a tile at an address"),
    ("pto.alloc_multi_tile", "'pto.alloc_multi_tile' leaves a multi-buffer to PTOAS's planner"),
])
def test_a_multi_buffer_beside_a_placed_tile_is_refused(cli, tmp_path, multi, message):
    multi_type = "!pto.multi_tile_buf<vec, 16x64xf16, count=2>"
    body = (_alloc("A", "a0") + _load("pv", "A") + f"  %mb = {multi} : {multi_type}\n"
            f"  %s0 = pto.multi_tile_get %mb[%c0] : {multi_type} -> {_T64}\n"
            + _load("qv64", "s0") + _store("A"))
    assert message in _verify(cli, tmp_path, _kernel(body))


def test_a_lone_multi_buffer_at_an_address_is_accepted(cli, tmp_path):
    multi_type = "!pto.multi_tile_buf<vec, 16x64xf16, count=2>"
    body = (f"  %mb = pto.alloc_multi_tile addr = %a0 : {multi_type}\n"
            f"  %s0 = pto.multi_tile_get %mb[%c0] : {multi_type} -> {_T64}\n"
            + _load("qv64", "s0") + _store("s0"))
    assert _verify(cli, tmp_path, _kernel(body)) == ""


# ---------------------------------------------------------------- 6. row_plus_one


def test_a_row_plus_one_tile_spans_ptoas_footprint(ctx):
    """((R-1)(C+1)+C) elements (PTOPlanMemory.cpp getTileBufferFootprintBytes), the major
    axis the rows of a row-major tile, the columns of a column-major one."""
    def buf(text: str) -> pto.TileBuf:
        found = pto.tile_buf(ir.Type.parse(text))
        assert found is not None
        return found
    loc = ir.Location.unknown()
    row = buf("!pto.tile_buf<vec, 16x64xf16, compact=2>")
    assert tile_rules.tile_bytes(row, loc, "t") == (15 * 65 + 64) * 2
    col = buf("!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=8, v_row=16, v_col=8, "
              "blayout=col_major, slayout=none_box, fractal=512, pad=0, compact=2>")
    assert tile_rules.tile_elements(col) == 7 * 17 + 16
    assert tile_rules.tile_bytes(buf(_T64), loc, "t") == 16 * 64 * 2


def test_a_row_plus_one_tile_overlaps_the_tile_after_it(cli, tmp_path):
    wide = "!pto.tile_buf<vec, 16x64xf16, compact=2>"
    body = (_alloc("C", "a2048") + _alloc("A", "a0", wide) + _load("qv64", "C")
            + _load("pv", "A", type_=wide) + _store("C"))
    assert "places its tile at bytes [0, 2078)" in _verify(cli, tmp_path, _kernel(body))


# ---------------------------------------------------------------- 7. a moving address


def _moving(first: str, other: str) -> str:
    """C (16 x 64 at UB 2048) loaded; then for i in [0, 2): T at i * 2048, `first` at the
    first iteration and `other` at the next."""
    return _kernel(_alloc("C", "a2048") + _load("qv64", "C") + (
        "  scf.for %i = %c0 to %c2 step %c1 {\n"
        "    %ii = arith.index_cast %i : index to i64\n"
        "    %addr = arith.muli %ii, %a2048 : i64\n"
        f"    %T = pto.alloc_tile addr = %addr : {_T64}\n"
        "    %first = arith.cmpi eq, %i, %c0 : index\n"
        f"    scf.if %first {{\n  {first}    }} else {{\n  {other}    }}\n  }}\n"))


def test_a_moving_tile_read_where_it_never_wrote_is_refused(cli, tmp_path):
    err = _verify(cli, tmp_path, _moving(_load("pv", "T"), _store("T")))
    assert "places its tile at an address that changes as the code around it runs" in err


def test_a_moving_tile_written_before_each_read_is_accepted(cli, tmp_path):
    both = _load("pv", "T") + "    " + _store("T")
    assert _verify(cli, tmp_path, _moving(both, both)) == ""


# ---------------------------------------------------------------- 8. addresses of tiles


def test_the_address_of_an_overlapping_tile_is_refused(cli, tmp_path):
    body = (_alloc("A", "a0") + _alloc("B", "a0", _T32) + _load("pv", "A")
            + f"  %pb = pto.tile_buf_addr %B : {_T32} -> !pto.ptr<f16, ub>\n"
            "  pto.store_scalar %s, %pb[%c0] : !pto.ptr<f16, ub>, f16\n" + _store("A"))
    assert "'pto.tile_buf_addr' takes the address of the tile" in \
        _verify(cli, tmp_path, _kernel(body))


def test_a_local_pointer_handed_to_a_memory_taking_callee_is_refused(cli, tmp_path):
    callee = (f"func.func private @f(%t: !pto.ptr<f16, ub>) {{\n"
              f"  %C = pto.alloc_tile : {_T64}\n  return\n}}\n")
    body = (f"  %A = pto.alloc_tile : {_T64}\n" + _load("pv", "A")
            + f"  %pa = pto.tile_buf_addr %A : {_T64} -> !pto.ptr<f16, ub>\n"
            "  func.call @f(%pa) : (!pto.ptr<f16, ub>) -> ()\n")
    text = _kernel(body).replace("func.func @k", callee + "func.func @k", 1)
    assert "'func.call' of @f hands a tile address (!pto.ptr<f16, ub>)" in \
        _verify(cli, tmp_path, text)


# ---------------------------------------------------------------- 9. reserve_buffer spelling


@pytest.mark.parametrize("space", ["vec", " vec ", '"vec"'])
def test_a_reserved_region_is_read_however_its_space_is_spelt(cli, tmp_path, space):
    body = (_alloc("A", "a0") + '  %rb = pto.reserve_buffer {name = "fifo", size = 4096, '
            f"location = #pto.address_space<{space}>, auto = false, base = 0}} -> i32\n")
    assert "reserves for a pipe" in _verify(cli, tmp_path, _kernel(body))


# ---------------------------------------------------------------- 11. bias and scaling


@pytest.mark.parametrize("tile", [
    "!pto.tile_buf<bias, 1x1048576xf32, blayout=row_major, slayout=none_box>",
    "!pto.tile_buf<bias, 1x64xf32>",
])
def test_a_bias_tile_is_bounded_by_the_planners_capacity(cli, tmp_path, tile):
    body = f"  %B = pto.alloc_tile addr = %x : {tile}\n"
    assert "tile does not fit the 64 KiB bias (loc=bias)" in \
        _verify(cli, tmp_path, _kernel(body, ", %x: i64"))


def test_a_small_bias_tile_at_a_constant_address_is_accepted(cli, tmp_path):
    body = "  %B = pto.alloc_tile addr = %a0 : !pto.tile_buf<bias, 1x64xf32>\n"
    assert _verify(cli, tmp_path, _kernel(body)) == ""
