"""Property: for any constant window, block-nz-tensor-views blocks a load
exactly as the pure layout math (nz_layout.block_window) does, and refuses it
exactly when that math refuses it."""

from hypothesis import given, settings
from hypothesis import strategies as st

from nzpass.dialects import pl
from nzpass.driver.pipeline import run_pipeline
from nzpass.ir.bindings import ir, new_context
from nzpass.nz import layout as nz_layout
from nzpass.nz.offsets import constant_value

ELEMENTS = {"i8": 32, "f16": 16, "f32": 8}


@st.composite
def windows(draw):
    """A tensor and a constant window inside it, which one draw in three
    perturbs by a misalignment or an overrun that NZ must refuse."""
    element = draw(st.sampled_from(sorted(ELEMENTS)))
    c0 = ELEMENTS[element]
    leading = draw(st.lists(st.integers(1, 3), max_size=2))
    row_fractals, col_blocks = draw(st.integers(1, 4)), draw(st.integers(1, 4))
    shape = [*leading, 16 * row_fractals, c0 * col_blocks]
    sizes = [draw(st.integers(1, extent)) for extent in leading]
    offsets = [draw(st.integers(0, extent - size))
               for extent, size in zip(leading, sizes, strict=True)]
    tile_fractals = draw(st.integers(1, row_fractals))
    tile_blocks = draw(st.integers(1, col_blocks))
    offsets += [16 * draw(st.integers(0, row_fractals - tile_fractals)),
                c0 * draw(st.integers(0, col_blocks - tile_blocks))]
    sizes += [16 * tile_fractals, c0 * tile_blocks]
    if draw(st.integers(0, 2)) == 0:
        axis = draw(st.integers(0, len(shape) - 1))
        group = draw(st.sampled_from([offsets, sizes]))
        group[axis] += draw(st.sampled_from([-1, 1])) * (
            draw(st.sampled_from([8, c0 // 2])) if axis >= len(leading) else 1)
        if group[axis] < 0:
            group[axis] = -group[axis]
    return element, shape, offsets, sizes


def load_kernel(element: str, shape, offsets, sizes) -> str:
    tensor = f"tensor<{'x'.join(map(str, shape))}x{element}, #pl.layout<nz>>"
    values = sorted(set(offsets) | set(sizes))
    constants = "\n".join(f"  %c{v} = arith.constant {v} : index" for v in values)
    operands = ", ".join(f"%c{v}" for v in [*offsets, *sizes])
    rank = len(shape)
    tile = f"!pl.tile<{sizes[-2]}x{sizes[-1]}x{element}, mat>"
    return f"""
func.func @kernel(%w: {tensor}) {{
{constants}
  %t = "pl.tile.load"(%w, {operands}) {{operandSegmentSizes = array<i32: 1, {rank}, {rank}, 0>,
      target_memory = "mat"}} : ({tensor}{", index" * 2 * rank}) -> {tile}
  return
}}"""


def blocked_load(text: str):
    """(offsets, sizes) of the blocked load as integers, or None if refused."""
    with new_context():
        module = ir.Module.parse(text)
        if not run_pipeline(module, "block-nz-tensor-views").success:
            return None
        loads = []

        def collect(op):
            if op.operation.name == pl.TileLoad.NAME:
                loads.append(op.operation)
            return ir.WalkResult.ADVANCE

        module.operation.walk(collect, ir.WalkOrder.PRE_ORDER)
        groups = pl.TileLoad(loads[0]).groups
        return (tuple(constant_value(v) for v in groups["offsets"]),
                tuple(constant_value(v) for v in groups["sizes"]))


@settings(max_examples=150, deadline=None)
@given(windows())
def test_constant_windows_match_block_window(window):
    element, shape, offsets, sizes = window
    try:
        expected = nz_layout.block_window(offsets, sizes, shape, ELEMENTS[element])
    except nz_layout.NzLayoutError:
        expected = None
    if expected is not None and expected[1][0] != 1:
        expected = None  # a load fills one 2-D tile: a multi-batch window is refused
    assert blocked_load(load_kernel(element, shape, offsets, sizes)) == expected
