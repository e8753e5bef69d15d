"""The pl/pto type views: spellings read both ways, and built types belong to the
context they are built in (every --split-input-file chunk has its own)."""

from pathlib import Path

import pytest

from nzpass.dialects import pl, pto
from nzpass.ir.bindings import ir, new_context
from nzpass.nz.layout import NzLayoutError, c0_for_bit_width
from nzpass.nz.tensor_types import element_bit_width


def test_built_types_belong_to_the_current_context():
    spelled = []
    for _ in range(2):
        ctx = new_context()
        with ctx:
            ptr = pto.ptr_type(ir.IntegerType.get_signless(8))
            tile = pto.TileBuf("mat", "i8", 16, 32, 16, 32, **{**pto.MAT_NZ}).type()
            assert ptr.context is ctx and tile.context is ctx
            spelled.append((str(ptr), str(tile)))
    assert spelled[0] == spelled[1]


def test_tile_buf_spellings_read_to_the_same_tile():
    with new_context():
        key_value = pto.tile_buf(ir.Type.parse(
            "!pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, "
            "blayout=col_major, slayout=row_major, fractal=512, pad=0>"))
        compact = pto.parse_tile_buf("tile_buf<mat, 256x512xi8, blayout=col_major, "
                                     "slayout=row_major>")
        assert key_value is not None and key_value == compact and key_value.is_nz_mat


def test_pointer_element_ignores_an_address_space():
    with new_context():
        assert pto.ptr_element(ir.Type.parse("!pto.ptr<i8, gm>")) == "i8"
        assert pto.ptr_element(ir.Type.parse("!pto.ptr<f16>")) == "f16"


def test_pl_layout_keys_round_trip():
    layout = pl.parse_layout("layout<nz, stride = [?, 512, 1], valid_shape = [4, 8], "
                             "distributed>")
    assert layout == pl.TensorLayout("nz", (None, 512, 1), (4, 8), True)
    assert layout.spelling() == ("#pl.layout<nz, stride = [?, 512, 1], "
                                 "valid_shape = [4, 8], distributed>")


def test_a_pipeline_run_keeps_no_context_alive():
    """Type caches hold types, and types hold their context: the caches are emptied
    at the end of every pass run, so a finished module's context can be freed (an
    in-process tool handling many modules used to grow by ~2 MB per run)."""
    import gc
    import weakref

    from nzpass import run_pipeline

    ctx = new_context()
    with ctx:
        example = Path(__file__).parents[2] / "examples" / "matmul_nz.mlir"
        module = ir.Module.parse(example.read_text())
        assert run_pipeline(module, "builtin.module(pl-to-pto)").success
    alive = weakref.ref(ctx)
    del module, ctx
    gc.collect()
    assert alive() is None


def test_plain_load_values_cover_every_attribute_of_the_tload():
    """A new tload attribute in the op table (regenerated from PTOAS) must get its plain
    value before verify-pto-nz accepts an NZ load carrying it: until then it is refused."""
    from nzpass.dialects import pto
    assert set(pto.TLoad.PLAIN_ATTRS) == set(pto.TLoad.ATTRS)
    assert pto.TLoad.PAD_GROUPS == ("pad_value", "left_padding_num", "right_padding_num",
                                    "init_condition")


@pytest.mark.parametrize(("element", "c0"), [
    ("f8E4M3", 32), ("f8E4M3FNUZ", 32), ("f8E4M3B11FNUZ", 32), ("f8E5M2FNUZ", 32),
    ("f8E3M4", 32), ("f8E8M0FNU", 32), ("bf16", 16), ("tf32", None), ("f6E2M3FN", None),
    ("f6E3M2FN", None), ("f4E2M1FN", None)])
def test_every_mlir_float_type_is_read_by_its_width(ctx, element, c0):
    # Named by the pl and pto type readers (a whitelist that keeps stray parse errors
    # out of the diagnostics), read by MLIR: the width sets c0, a sub-byte or odd width
    # is refused for its width rather than as an unknown type.
    bits = element_bit_width(pl.element_type(element))
    assert bits is not None
    if c0 is None:
        with pytest.raises(NzLayoutError):
            c0_for_bit_width(bits)
    else:
        assert c0_for_bit_width(bits) == c0


def test_dimension_lists_read_with_blanks_around_the_x():
    """MLIR's dimension lists allow blanks (`8 x 128 x f32`, as PTOAS's lit tests spell a
    partition type); read as `8x128xf32`, not as a rank-0 type of element `8 x 128 x f32`."""
    from nzpass.dialects.opaque import parse_dims

    assert parse_dims("8 x 128 x f32") == ((8, 128), "f32")
    assert parse_dims(" ? x16xbf16 ") == ((None, 16), "bf16")
