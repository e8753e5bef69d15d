"""verify-pto-nz reads each placed tile's bytes once per function, not once per read.

Every read of a local tile asks which other tiles are placed over its bytes (the
unwritten-read rule: a write of any of them counts). Reading every alloc's placement
anew for each of those questions made a function of many placed tiles quadratic: a
PTOAS sample (Qwen3 qk_pv_online_phase, about 940 allocs at constant addresses) took
34 s in verify-pto-nz. The work is counted here, not timed: the number of times a
placement's size is computed must grow with the allocs, not with their square.
"""

from __future__ import annotations

import pytest

from nzpass import parse_module, run_pipeline
from nzpass.passes import verify_pto_nz

pytestmark = pytest.mark.usefixtures("ctx")

_V = ("!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, "
      "blayout=row_major, slayout=none_box, fractal=512, pad=0>")
_PART = "!pto.partition_tensor_view<16x16xf32>"
_GM = "!pto.tensor_view<?x?xf32>"
_TILE_BYTES = 16 * 16 * 4
_HEAD = f"""
module attributes {{pto.target_arch = "a2a3"}} {{
func.func @k(%src: !pto.ptr<f32>, %dst: !pto.ptr<f32>) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %sv = pto.make_tensor_view %src, shape = [%c16, %c16], strides = [%c16, %c1] : {_GM}
  %dv = pto.make_tensor_view %dst, shape = [%c16, %c16], strides = [%c16, %c1] : {_GM}
  %in = pto.partition_view %sv, offsets = [%c0, %c0], sizes = [%c16, %c16] : {_GM} -> {_PART}
  %out = pto.partition_view %dv, offsets = [%c0, %c0], sizes = [%c16, %c16] : {_GM} -> {_PART}
"""


def _kernel(tiles: int) -> str:
    """`tiles` pairs of Vec tiles at consecutive constant addresses, the two of a pair
    at the same bytes: one loaded, the other (never written itself) stored."""
    pairs = "".join(f"  %a{k} = arith.constant {k * _TILE_BYTES} : i64\n"
                    f"  %t{k} = pto.alloc_tile addr = %a{k} : {_V}\n"
                    f"  %u{k} = pto.alloc_tile addr = %a{k} : {_V}\n"
                    f"  pto.tload ins(%in : {_PART}) outs(%t{k} : {_V})\n"
                    f"  pto.tstore ins(%u{k} : {_V}) outs(%out : {_PART})\n"
                    for k in range(tiles))
    return f"{_HEAD}{pairs}  return\n}}\n}}\n"


def _placement_sizes(tiles: int, monkeypatch: pytest.MonkeyPatch) -> int:
    """How many times verify-pto-nz computes a placed tile's size, and that it accepts."""
    calls = 0
    real = verify_pto_nz.tile_bytes

    def counted(*args, **kwargs):
        nonlocal calls
        calls += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(verify_pto_nz, "tile_bytes", counted)
    result = run_pipeline(parse_module(_kernel(tiles), "t.pto"), "builtin.module(verify-pto-nz)")
    assert result.success, [d.message for d in result.diagnostics]
    return calls


def test_placements_are_read_once_per_function(monkeypatch: pytest.MonkeyPatch):
    small, large = _placement_sizes(8, monkeypatch), _placement_sizes(32, monkeypatch)
    # Linear: four times the allocs, about four times the work (the old code: 16 times).
    assert large <= 5 * small, (small, large)
    assert large <= 8 * 32, large
