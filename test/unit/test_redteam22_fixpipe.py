"""Red team 22, area `fixpipe`: the verifier and lowering holes the `model` helper found,
closed with one table per fact shared by the byte model and the rules (nz/limits.py).

1. The element pairs of a store: the fixpipe converts f32 to f16 / bf16 only and writes
   any other Acc pair's 32-bit L0C words as they are; a quantised store converts only the
   pairs pto-isa quantises; a Vec store copies bytes (limits.store_element_problem).
2. The A2/A3 ND burst fields: uint32 leading offsets, the 12-bit burst count, the uint32
   Vec gap (limits.nd_burst_field_problems), which the model runs and verify-pto-nz proves
   at the worst case of its facts.
3. A compact=1 Acc store reads its column blocks ceil16(valid rows) apart: every mad
   writing the tile must write at that pitch (hazards.compact_mad_pitch_problem).

The `test_verify_*` tests pass once /tmp/rt22/fixpipe/verify_pto_nz.patch (verify-pto-nz's
half of 1-3) is applied; the others pass on the files as they are.
"""

from __future__ import annotations

import numpy as np
import pytest

from nzpass import parse_module, run_pipeline
from nzpass.dialects import pto
from nzpass.errors import Refusal
from nzpass.ir.bindings import ir
from nzpass.model import hardware
from nzpass.nz import hazards, limits
from nzpass.nz.intervals import INDEX_WIDTH, Fact
from support.lowering import try_lower

pytestmark = pytest.mark.usefixtures("ctx")


def _verify(text: str, strict: bool = False) -> tuple[list[str], list[str]]:
    """The error and warning messages verify-pto-nz gives `text`."""
    option = "{strict-bounds=true}" if strict else ""
    result = run_pipeline(parse_module(text, "t.pto"), f"builtin.module(verify-pto-nz{option})")
    found: dict[str, list[str]] = {"error": [], "warning": []}
    for d in result.diagnostics:
        found.setdefault(d.severity.value, []).append(d.message)
    return found["error"], found["warning"]


# --------------------------------------------------------------------------- 1. element pairs


def _why(space: str, tile: str, gm: str, quantised: bool = False) -> str:
    """limits.store_element_problem's reason, which must be given."""
    why = limits.store_element_problem(space, tile, gm, quantised)
    assert why is not None
    return why


@pytest.mark.parametrize("pair", [("f32", "f32"), ("i32", "i32"), ("f32", "f16"),
                                  ("f32", "bf16"), ("si32", "i32")])
def test_an_acc_store_carrying_values_is_allowed(pair):
    assert limits.store_element_problem("acc", *pair) is None


@pytest.mark.parametrize("pair", [("f32", "i32"), ("i32", "f32"), ("i32", "f16"),
                                  ("i32", "bf16")])
def test_an_acc_store_writing_l0c_bits_is_refused(pair):
    assert "writes the 32-bit L0C words as they are" in _why("acc", *pair)


def test_an_acc_store_into_an_element_ptoas_refuses_is_refused():
    assert "into no tensor of i8" in _why("acc", "f32", "i8")


def test_a_quantised_acc_store_converts_only_what_pto_isa_quantises():
    for pair in (("f32", "i8"), ("f32", "ui8"), ("i32", "i8"), ("i32", "f16")):
        assert limits.store_element_problem("acc", *pair, quantised=True) is None
    # f32 -> f16 has no quantisation mode A2/A3 compiles (CheckAcc2gm<isQuant>): refused.
    assert "no quantisation pto-isa compiles" in _why("acc", "f32", "f16", quantised=True)


def test_a_vec_store_moves_values_only_into_its_own_element_type():
    assert limits.store_element_problem("vec", "f32", "f32") is None
    assert limits.store_element_problem("vec", "si8", "i8") is None  # both int8_t
    assert "stores its bytes as they are" in _why("vec", "f32", "i32")
    assert "stores its bytes as they are" in _why("vec", "i8", "ui8")


def test_the_model_casts_are_the_tables_pairs():
    """ACC_STORE_CASTS is limits.ACC_STORE_MODES but NoQuant into a 16-bit tensor."""
    assert set(hardware.ACC_STORE_CASTS) == set(limits.ACC_STORE_MODES) - {
        ("i32", "f16"), ("i32", "bf16")}
    assert hardware.ACC_STORE_CASTS[("f32", "bf16")] is not hardware.ACC_STORE_CASTS[
        ("f32", "f32")]


def _pl_matmul(acc: str, operand: str, out: str, attrs: str = "") -> str:
    """A [16, 32] x [32, 16] pl matmul into an `acc` Acc tile stored into `out` ND GM."""
    mat = f"!pl.tile<16x32x{operand}, mat>"
    tile = f"!pl.tile<16x16x{acc}, acc>"
    return f"""
module attributes {{pl.backend = "a2a3"}} {{
  func.func @k(%x: tensor<16x32x{operand}>, %w: tensor<16x32x{operand}, #pl.layout<nz>>,
               %out: tensor<16x16x{out}>) {{
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %zero = "pl.tile.zeros"() : () -> {tile}
    %xt = "pl.tile.load"(%x, %c0, %c0, %c16, %c32)
        {{operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"}}
        : (tensor<16x32x{operand}>, index, index, index, index) -> {mat}
    %wt = "pl.tile.load"(%w, %c0, %c0, %c16, %c32)
        {{operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"}}
        : (tensor<16x32x{operand}, #pl.layout<nz>>, index, index, index, index) -> {mat}
    %acc = "pl.tile.matmul_acc"(%zero, %xt, %wt) : ({tile}, {mat}, {mat}) -> {tile}
    %stored = "pl.tile.store"(%acc, %out, %c0, %c0)
        {{operandSegmentSizes = array<i32: 1, 1, 2, 0>{attrs}}}
        : ({tile}, tensor<16x16x{out}>, index, index) -> tensor<16x16x{out}>
    return
  }}
}}"""


@pytest.mark.parametrize("acc,operand,out", [("f32", "f16", "i32"), ("i32", "i8", "f32"),
                                             ("i32", "i8", "f16"), ("i32", "i8", "bf16")])
def test_pl_refuses_an_acc_store_that_writes_l0c_bits(acc, operand, out):
    errors = try_lower(_pl_matmul(acc, operand, out))[1]
    assert len(errors) == 1, errors
    assert errors[0].startswith(f"'pl.tile.store' of a tile of {acc} (acc) into a tensor of "
                                f"{out}: the fixpipe converts f32 to f16 or bf16 only")


@pytest.mark.parametrize("out", ["f32", "f16", "bf16"])
def test_pl_lowers_an_f32_acc_store_into_f32_f16_and_bf16(out):
    assert try_lower(_pl_matmul("f32", "f16", out))[1] == []


def test_pl_refuses_a_quantised_store_it_cannot_give_a_scale():
    errors = try_lower(_pl_matmul("f32", "f16", "bf16", ", pre_quant"))[1]
    assert len(errors) == 1 and errors[0].startswith("'pl.tile.store' with pre_quant: the "
                                                     "lowering gives pto.tstore no quantisation")


def _pl_vec_copy(element: str, out: str) -> str:
    tile = f"!pl.tile<16x64x{element}, vec>"
    return f"""
module attributes {{pl.backend = "a2a3"}} {{
  func.func @k(%x: tensor<16x64x{element}>, %out: tensor<16x64x{out}>) {{
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %t = "pl.tile.load"(%x, %c0, %c0, %c16, %c64)
        {{operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "vec"}}
        : (tensor<16x64x{element}>, index, index, index, index) -> {tile}
    %s = "pl.tile.store"(%t, %out, %c0, %c0) {{operandSegmentSizes = array<i32: 1, 1, 2, 0>}}
        : ({tile}, tensor<16x64x{out}>, index, index) -> tensor<16x64x{out}>
    return
  }}
}}"""


def test_pl_refuses_a_vec_store_into_another_element_type():
    errors = try_lower(_pl_vec_copy("f32", "i32"))[1]
    assert len(errors) == 1 and "a vec tile stores its bytes as they are" in errors[0]
    assert try_lower(_pl_vec_copy("f32", "f32"))[1] == []


def _index(count: int) -> str:
    return ", ".join(["index"] * count)


def _view(name: str, ptr: str, element: str, shape: list[str], strides: list[str],
          layout: str = "nd") -> str:
    """A generic pto.make_tensor_view of `shape` and `strides` (SSA names)."""
    rank = len(shape)
    return (f"    {name} = \"pto.make_tensor_view\"({ptr}, {', '.join(shape + strides)})\n"
            f"        {{layout = #pto.layout<{layout}>, "
            f"operandSegmentSizes = array<i32: 1, {rank}, {rank}>}}\n"
            f"        : (!pto.ptr<{element}>, {_index(2 * rank)})\n"
            f"        -> !pto.tensor_view<{'?x' * rank}{element}>\n")


def _part(name: str, view: str, element: str, sizes: list[str], shown: str) -> str:
    """A pto.partition_view at offset 0 of `sizes` (SSA names; `shown`: its type's dims)."""
    rank = len(sizes)
    return (f"    {name} = \"pto.partition_view\"({view}, {', '.join(['%c0'] * rank)}, "
            f"{', '.join(sizes)})\n"
            f"        {{operandSegmentSizes = array<i32: 1, {rank}, {rank}>}}\n"
            f"        : (!pto.tensor_view<{'?x' * rank}{element}>, {_index(2 * rank)})\n"
            f"        -> !pto.partition_tensor_view<{shown}x{element}>\n")


def _alloc(name: str, tile: str) -> str:
    return (f"    {name} = \"pto.alloc_tile\"() {{operandSegmentSizes = array<i32: 0, 0, 0>}}\n"
            f"        : () -> {tile}\n")


def _tload(part: str, part_type: str, tile: str, tile_type: str) -> str:
    return (f"    \"pto.tload\"({part}, {tile})\n"
            "        {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>}\n"
            f"        : ({part_type}, {tile_type}) -> ()\n")


def _tstore(tile: str, tile_type: str, part: str, part_type: str, pre: bool = False) -> str:
    extra, segments, extra_type = (", %pre", "1, 1, 0, 1", ", i64") if pre else \
        ("", "1, 1, 0, 0", "")
    return (f"    \"pto.tstore\"({tile}, {part}{extra})\n"
            f"        {{operandSegmentSizes = array<i32: {segments}>}}\n"
            f"        : ({tile_type}, {part_type}{extra_type}) -> ()\n")


def _constants(*values: int) -> str:
    return "".join(f"    %c{v} = arith.constant {v} : index\n" for v in values)


_ACC = ("!pto.tile_buf<loc=acc, dtype={acc}, rows=16, cols=16, v_row=16, v_col=16, "
        "blayout=col_major, slayout=row_major, fractal=1024, pad=0>")
_MAT = ("!pto.tile_buf<loc=mat, dtype={op}, rows=16, cols=32, v_row=16, v_col=32, "
        "blayout=col_major, slayout=row_major, fractal=512, pad=0>")


def _pto_matmul_store(acc: str, op: str, out: str, pre_quant: bool = False) -> str:
    """The pto IR of `_pl_matmul` as convert-pl-to-pto writes it, stored into `out`, with
    a preQuantScalar operand if `pre_quant`."""
    acc_t, mat = _ACC.format(acc=acc), _MAT.format(op=op)
    part = f"!pto.partition_tensor_view<16x16x{out}>"
    c0 = 16 if op == "f16" else 32  # one 32-byte C0 line
    nz_sizes = ["%c1", f"%c{32 // c0}", "%c1", "%c16", f"%c{c0}"]
    nz_shown = f"1x{32 // c0}x1x16x{c0}"
    nz_strides = ["%c512", f"%c{16 * c0}", f"%c{16 * c0}", f"%c{c0}", "%c1"]
    return (
        '\nmodule attributes {pl.backend = "a2a3"} {\n'
        f"  func.func @k(%a0: !pto.ptr<{op}>, %a1: !pto.ptr<{op}>, %a2: !pto.ptr<{out}>)\n"
        "      attributes {nz_tensor_views_blocked} {\n"
        + _constants(0, 1, 2, 16, 32, 256, 512)
        + "    %pre = arith.constant 1 : i64\n"
        + _view("%0", "%a0", op, ["%c16", "%c32"], ["%c32", "%c1"])
        + _view("%1", "%a1", op, nz_sizes, nz_strides, "nz")
        + _view("%2", "%a2", out, ["%c16", "%c16"], ["%c16", "%c1"])
        + f'    %3 = "pl.tile.zeros"() : () -> {acc_t}\n'
        + _part("%4", "%0", op, ["%c16", "%c32"], "16x32")
        + _alloc("%5", mat)
        + _tload("%4", f"!pto.partition_tensor_view<16x32x{op}>", "%5", mat)
        + _part("%6", "%1", op, nz_sizes, nz_shown)
        + _alloc("%7", mat)
        + _tload("%6", f"!pto.partition_tensor_view<{nz_shown}x{op}>", "%7", mat)
        + f'    %8 = "pl.tile.matmul_acc"(%3, %5, %7)\n'
        f"        : ({acc_t}, {mat}, {mat}) -> {acc_t}\n"
        + _part("%9", "%2", out, ["%c16", "%c16"], "16x16")
        + _tstore("%8", acc_t, "%9", part, pre_quant)
        + "    return\n  }\n}\n")


@pytest.mark.parametrize("acc,op,out", [("f32", "f16", "i32"), ("i32", "i8", "f32"),
                                        ("i32", "i8", "f16"), ("i32", "i8", "bf16")])
def test_verify_refuses_an_acc_store_that_writes_l0c_bits(acc, op, out):
    errors, _ = _verify(_pto_matmul_store(acc, op, out))
    assert len(errors) == 1, errors
    assert errors[0].startswith(f"'pto.tstore' of a tile of {acc} (loc=acc) into GM of {out}: "
                                "the fixpipe converts f32 to f16 or bf16 only")


def test_verify_accepts_the_conversions_and_the_quantisations():
    for acc, op, out in (("f32", "f16", "f32"), ("f32", "f16", "bf16"), ("i32", "i8", "i32")):
        assert _verify(_pto_matmul_store(acc, op, out))[0] == []
    # preQuantScalar: DEQF16 converts i32 to f16; f32 to f16 is no quantisation A2/A3 compiles.
    assert _verify(_pto_matmul_store("i32", "i8", "f16", pre_quant=True))[0] == []
    errors, _ = _verify(_pto_matmul_store("f32", "f16", "f16", pre_quant=True))
    assert len(errors) == 1 and "is no quantisation pto-isa compiles" in errors[0]


def _pto_vec_copy(element: str = "f32", out: str = "f32", rows: int = 16, cols: int = 64,
                  shape: tuple[str, ...] = ("%c16", "%c64"),
                  strides: tuple[str, ...] = ("%c64", "%c1"),
                  sizes: tuple[int, ...] = (16, 64), args: str = "",
                  constants: tuple[int, ...] = ()) -> str:
    """A Vec tile of `rows` x `cols` loaded from an ND view (`shape`, `strides`, window
    `sizes`) and stored into a dense [rows, cols] view of `out`."""
    tile = (f"!pto.tile_buf<loc=vec, dtype={element}, rows={rows}, cols={cols}, v_row={rows}, "
            f"v_col={cols}, blayout=row_major, slayout=none_box, fractal=512, pad=0>")
    window = "x".join(map(str, sizes))
    stored = f"!pto.partition_tensor_view<{rows}x{cols}x{out}>"
    return (
        '\nmodule attributes {pto.target_arch = "a2a3"} {\n'
        f"  func.func @k(%p: !pto.ptr<{element}>, %q: !pto.ptr<{out}>{args}) {{\n"
        + _constants(*sorted({0, 1, 16, 64, rows, cols, *sizes, *constants}))
        + _view("%tv", "%p", element, list(shape), list(strides))
        + _part("%pv", "%tv", element, [f"%c{n}" for n in sizes], window)
        + _alloc("%t", tile)
        + _tload("%pv", f"!pto.partition_tensor_view<{window}x{element}>", "%t", tile)
        + _view("%ov", "%q", out, [f"%c{rows}", f"%c{cols}"], [f"%c{cols}", "%c1"])
        + _part("%op", "%ov", out, [f"%c{rows}", f"%c{cols}"], f"{rows}x{cols}")
        + _tstore("%t", tile, "%op", stored)
        + "    return\n  }\n}\n")


def test_verify_refuses_a_vec_store_into_another_element_type():
    errors, _ = _verify(_pto_vec_copy(out="i32"))
    assert len(errors) == 1 and errors[0].startswith("'pto.tstore' of a tile of f32 (loc=vec) "
                                                     "into GM of i32: a vec tile stores its "
                                                     "bytes as they are")
    assert _verify(_pto_vec_copy())[0] == []


# --------------------------------------------------------------------------- 2. ND fields


def test_the_nd_burst_fields():
    """One rule, plain ints: the model's and the verifier's."""
    assert limits.nd_burst_field_problems("vec", [16, 64], [64, 1], 4) == []
    gap = limits.nd_burst_field_problems("vec", [2, 64], [(1 << 30) + 64, 1], 4)
    assert len(gap) == 1 and "past the uint32 gmGap" in gap[0]
    assert limits.nd_burst_field_problems("mat", [2, 64], [(1 << 30) + 64, 1], 4) == []
    batch = limits.nd_burst_field_problems("vec", [5, 1, 64], [1 << 30, 1 << 30, 1], 1)
    assert len(batch) == 1 and "at or past 2^32" in batch[0]
    assert "below 0" in limits.nd_burst_field_problems("vec", [2, 1, 64], [-64, 64, 1], 1)[0]
    rows = limits.nd_burst_field_problems("mat", [4096, 32], [32, 1], 2)
    assert len(rows) == 1 and "4096 rows per leading index" in rows[0]
    # The gap grows as the columns shrink: the fewest is the worst case.
    assert limits.nd_burst_field_problems("vec", [2, 64], [(1 << 30) + 32, 1], 4) == []
    assert limits.nd_burst_field_problems("vec", [2, 64], [(1 << 30) + 32, 1], 4,
                                          fewest_cols=16)


def _pl_vec_load(rows: int, cols: int, tensor_cols: int, element: str = "f32") -> str:
    tensor = f"tensor<{rows}x{tensor_cols}x{element}>"
    tile = f"!pl.tile<{rows}x{cols}x{element}, vec>"
    out = f"tensor<{rows}x{cols}x{element}>"
    return f"""
module attributes {{pl.backend = "a2a3"}} {{
  func.func @k(%x: {tensor}, %o: {out}) {{
    %c0 = arith.constant 0 : index
    %r = arith.constant {rows} : index
    %c = arith.constant {cols} : index
    %t = "pl.tile.load"(%x, %c0, %c0, %r, %c)
        {{operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "vec"}}
        : ({tensor}, index, index, index, index) -> {tile}
    %s = "pl.tile.store"(%t, %o, %c0, %c0) {{operandSegmentSizes = array<i32: 1, 1, 2, 0>}}
        : ({tile}, {out}, index, index) -> {out}
    return
  }}
}}"""


def test_pl_refuses_a_vec_transfer_past_the_burst_fields():
    gap = try_lower(_pl_vec_load(2, 64, (1 << 30) + 64))[1]
    assert len(gap) == 1 and gap[0].startswith("TLOAD between tensor<2x1073741888xf32")
    assert "and a vec tile: the burst gap between rows may be 4294967296 bytes" in gap[0]
    rows = try_lower(_pl_vec_load(4096, 8, 8))[1]
    assert rows and all("4096 rows per leading index" in e for e in rows), rows
    assert try_lower(_pl_vec_load(4095, 8, 8))[1] == []
    assert try_lower(_pl_vec_load(2, 64, (1 << 30) + 63))[1] == []


def test_the_model_runs_the_limits_rule(monkeypatch):
    calls = []

    def rule(*args):
        calls.append(args)
        return ["stub"]

    monkeypatch.setattr(limits, "nd_burst_field_problems", rule)
    view = hardware.GlobalTensor.nd(np.zeros(128, np.float32), (2, 64))
    with pytest.raises(hardware.HardwareLimitError, match="stub"):
        hardware.tload_nd2nd(view, (0, 0), (2, 64), hardware.Tile("vec", np.dtype(np.float32),
                                                                  2, 64))
    assert calls == [("vec", [2, 64], (64, 1), 4)]


def test_verify_refuses_a_vec_gap_past_the_uint32_field():
    big = f"%c{(1 << 30) + 64}"
    text = _pto_vec_copy(rows=2, shape=("%c16", big), strides=(big, "%c1"), sizes=(2, 64),
                         constants=((1 << 30) + 64,))
    errors, _ = _verify(text)
    assert len(errors) == 1 and "the burst gap between rows may be 4294967296 bytes" in errors[0]


def test_verify_refuses_a_leading_index_past_2_to_the_32():
    big = f"%c{1 << 30}"
    text = _pto_vec_copy("i8", "i8", rows=5, shape=("%c5", "%c1", big),
                         strides=(big, big, "%c1"), sizes=(5, 1, 64), constants=(1 << 30,))
    errors, _ = _verify(text)
    assert len(errors) == 1 and "leading index 4 of axis 0 starts 4294967296 elements in" \
        in errors[0]


def test_verify_refuses_4096_rows_per_leading_index():
    text = _pto_vec_copy(rows=4096, cols=8, shape=("%c4096", "%c64"),
                         strides=("%c64", "%c1"), sizes=(4096, 8))
    errors, _ = _verify(text)
    assert errors and all("4096 rows per leading index" in e for e in errors), errors


def test_verify_warns_of_a_row_stride_nothing_bounds():
    """An f32 row stride from an argument: (s - 64) * 4 may pass 2^32, and s may be below
    the 64 columns (the rows overlap): the caller's contract, as for a window's bounds."""
    text = _pto_vec_copy(shape=("%c16", "%s"), strides=("%s", "%c1"),
                         args=", %s: index")
    errors, warnings = _verify(text)
    assert errors == []
    assert any("the burst gap between rows may be" in w and "strict-bounds" in w
               for w in warnings), warnings
    assert any("row stride" in e for e in _verify(text, strict=True)[0])


# --------------------------------------------------------------------------- 3. compact=1


def _loc() -> ir.Location:
    return ir.Location.unknown()


def test_a_compact_store_of_valid_rows_in_two_fractals_is_refused():
    buf = pto_acc_tile(compact=1)
    hazards.check_acc_pitch(buf, Fact.make(17, 32, 1, INDEX_WIDTH), _loc())
    with pytest.raises(Refusal, match="may lie in more than one 16-row fractal"):
        hazards.check_acc_pitch(buf, Fact.make(16, 32, 1, INDEX_WIDTH), _loc())


def test_a_compact_store_reads_at_the_mads_pitch_only_where_both_are_one():
    rows = Fact.const
    assert hazards.compact_mad_pitch_problem(rows(32, INDEX_WIDTH), rows(17, INDEX_WIDTH)) \
        is None
    assert hazards.compact_mad_pitch_problem(rows(32, INDEX_WIDTH), rows(16, INDEX_WIDTH))
    assert hazards.compact_mad_pitch_problem(Fact.make(1, 32, 1, INDEX_WIDTH),
                                             rows(32, INDEX_WIDTH))


def pto_acc_tile(compact: int) -> pto.TileBuf:
    buf = pto.tile_buf(ir.Type.parse(
        "!pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row=?, v_col=32, "
        f"blayout=col_major, slayout=row_major, fractal=1024, pad=0, compact={compact}>"))
    assert buf is not None
    return buf


def _compact_kernel(store_rows: int) -> str:
    """A mad of a 32-row A into a 32x32 compact=1 Acc tile holding `store_rows` valid rows,
    stored through a [store_rows, 32] window (the model helper's f7_compact_pitch.pto)."""
    mat = ("!pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=32, v_row=32, v_col=32, "
           "blayout=col_major, slayout=row_major, fractal=512, pad=0>")
    acc = (f"!pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, v_row={store_rows}, v_col=32, "
           "blayout=col_major, slayout=row_major, fractal=1024, pad=0, compact=1>")
    nz = ["%c1", "%c2", "%c2", "%c16", "%c16"]
    return (
        '\nmodule attributes {pl.backend = "a2a3"} {\n'
        "  func.func @k(%a0: !pto.ptr<f16>, %a1: !pto.ptr<f16>, %a2: !pto.ptr<f32>)\n"
        "      attributes {nz_tensor_views_blocked} {\n"
        + _constants(*sorted({0, 1, 2, 16, 32, 64, 256, 512, 1024, store_rows}))
        + _view("%0", "%a0", "f16", ["%c64", "%c32"], ["%c32", "%c1"])
        + _view("%1", "%a1", "f16", nz, ["%c1024", "%c512", "%c256", "%c16", "%c1"], "nz")
        + _view("%2", "%a2", "f32", ["%c32", "%c32"], ["%c32", "%c1"])
        + _part("%3", "%0", "f16", ["%c32", "%c32"], "32x32")
        + _alloc("%4", mat)
        + _tload("%3", "!pto.partition_tensor_view<32x32xf16>", "%4", mat)
        + _part("%5", "%1", "f16", nz, "1x2x2x16x16")
        + _alloc("%6", mat)
        + _tload("%5", "!pto.partition_tensor_view<1x2x2x16x16xf16>", "%6", mat)
        + f'    %7 = "pl.tile.matmul"(%4, %6) : ({mat}, {mat}) -> {acc}\n'
        + _part("%8", "%2", "f32", [f"%c{store_rows}", "%c32"], f"{store_rows}x32")
        + _tstore("%7", acc, "%8", f"!pto.partition_tensor_view<{store_rows}x32xf32>")
        + "    return\n  }\n}\n")


def test_verify_refuses_a_compact_store_at_another_pitch_than_its_mad():
    errors, _ = _verify(_compact_kernel(16))
    assert len(errors) == 1, errors
    assert errors[0].startswith("'pto.tstore' of the compact=1 Acc tile 32x32 written by "
                                "'pl.tile.matmul'")
    assert "ceil16(valid rows, 16) apart" in errors[0]
    # 17 valid rows read at ceil16(17) = 32, mad's pitch: right.
    assert _verify(_compact_kernel(17))[0] == []
