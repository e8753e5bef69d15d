"""The weights bench's facts probe (bench/pto_weights.py, issue 15 points 2 and 3): offsets
summed from several arguments get ranges whose sum stays inside the axis, a row-count
argument gets the facts that make a dynamic-row weight blockable, a trip count the range the
passes prove; the switched kernel is then blocked, verified and simulated equal to the ND
original. The facts the probe decides are what the passes need: a looser one is refused."""

from __future__ import annotations

import sys
from pathlib import Path

import nzpass

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
import pto_weights

TILE = ("!pto.tile_buf<loc={loc}, dtype=i8, rows=64, cols=64, v_row=?, v_col=?, "
        "blayout={b}, slayout={s}, fractal=512, pad=0>")
MAT = TILE.format(loc="mat", b="col_major", s="row_major")
RIGHT = TILE.format(loc="right", b="row_major", s="col_major")
KERNEL = """module attributes {pto.target_arch = "a2a3"} {
  func.func @k(%arg0: !pto.ptr<i8>, %arg1: index, %arg2: index, %arg3: index, %arg4: index,
               %__pypto_spmd_block_idx: i32, %__pypto_spmd_block_num: i32)
      attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
  %c0_i64 = arith.constant 0 : i64
  %c0_index = arith.constant 0 : index
  %c1_index = arith.constant 1 : index
  %c4_index = arith.constant 4 : index
  %c64_index = arith.constant 64 : index
  %c256_index = arith.constant 256 : index
  %c1024_index = arith.constant 1024 : index
  %w_view = pto.make_tensor_view %arg0, shape = [ROWS, %c256_index], \
strides = [%c256_index, %c1_index] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xi8>
  %blk = arith.index_cast %__pypto_spmd_block_idx : i32 to index
  %col = arith.muli %blk, %c64_index : index
  scf.for %kb = %c0_index to TRIPS step %c1_index {
    %0 = arith.muli %kb, %c64_index : index
    %1 = arith.addi %arg1, %arg2 : index
    %2 = arith.addi %1, %0 : index
    %3 = arith.maxsi %2, %c0_index : index
    %4 = arith.maxsi %col, %c0_index : index
    %t = pto.alloc_tile addr = %c0_i64 valid_row = %c64_index valid_col = %c64_index : MAT
    %pv = pto.partition_view %w_view, offsets = [%3, %4], sizes = [%c64_index, %c64_index] \
: !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<64x64xi8>
    pto.tload ins(%pv : !pto.partition_tensor_view<64x64xi8>) outs(%t : MAT)
    %r = pto.alloc_tile addr = %c0_i64 valid_row = %c64_index valid_col = %c64_index : RIGHT
    pto.textract ins(%t, %c0_index, %c0_index : MAT, index, index) outs(%r : RIGHT)
  }
  return
  }
}
""".replace("MAT", MAT).replace("RIGHT", RIGHT)


def _weight(tmp_path: Path, rows: str, trips: str) -> tuple[pto_weights.Weight, str]:
    path = tmp_path / "kernels" / "aic" / "k.pto"
    path.parent.mkdir(parents=True)
    text = KERNEL.replace("ROWS", rows).replace("TRIPS", trips)
    path.write_text(text)
    with nzpass.new_context():
        (weight,) = pto_weights.find_weights(str(path), nzpass.parse_module(text, str(path)))
    return weight, text


def test_summed_offsets_share_the_room_of_their_axis(tmp_path):
    weight, text = _weight(tmp_path, "%c1024_index", "%c4_index")
    pto_weights.run_weight(weight, text, simulate=True)
    assert (weight.outcome, weight.simulated) == ("blocked", "equal"), weight.detail
    # 1024 rows, 4 windows of 64 from arg1 + arg2: 768 rows of room, 384 each.
    for name in ("arg1", "arg2"):
        assert weight.facts[name] == "{nz.multiple_of = 64 : i64, nz.range = array<i64: 0, 385>}"


def test_offsets_each_safe_alone_are_refused_together(tmp_path):
    weight, text = _weight(tmp_path, "%c1024_index", "%c4_index")
    facts = {"arg1": (64, 0, 769), "arg2": (64, 0, 769), "__pypto_spmd_block_idx": (None, 0, 4)}
    with nzpass.new_context():
        module = nzpass.parse_module(pto_weights.rewrite(text, weight, facts), weight.path)
        result = nzpass.run_pipeline(module, pto_weights.PIPELINE)
    assert not result.success
    assert any("row window may leave the axis" in d.message for d in result.diagnostics)


def test_a_dynamic_row_weight_gets_row_count_and_trip_count_facts(tmp_path):
    weight, text = _weight(tmp_path, "%arg4", "%arg3")
    pto_weights.run_weight(weight, text, simulate=True)
    assert (weight.outcome, weight.simulated) == ("blocked", "equal"), weight.detail
    assert weight.facts["arg4"].startswith("{nz.multiple_of = 16 : i64, nz.range = array<i64: ")
    assert weight.facts["arg4"].endswith(", 65537>}")  # the largest the #317 guard accepts
    assert weight.facts["arg3"].startswith("{nz.range = array<i64: 0, ")


def test_without_row_facts_the_dynamic_row_weight_is_refused(tmp_path):
    weight, text = _weight(tmp_path, "%arg4", "%c4_index")
    with nzpass.new_context():
        module = nzpass.parse_module(pto_weights.rewrite(text, weight, {}), weight.path)
        result = nzpass.run_pipeline(module, pto_weights.PIPELINE)
    assert not result.success
    assert any("rows are dynamic" in d.message for d in result.diagnostics)
