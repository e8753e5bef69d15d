"""The op table, the declarative-format interpreter, the type spellings and
the embedding API of the PTOAS custom syntax, written from the syntax PTOAS
documents (its op definitions and type grammar), not from its tests."""

import pytest

import nzpass
from nzpass.dialects import pto, pto_table
from nzpass.dialects.pto_table import OPS
from nzpass.pto_syntax import PtoSyntaxError, to_generic
from nzpass.pto_syntax.formats import op_spec, operand_groups
from nzpass.pto_syntax.types import canonical, ptoas_spelling

# One Vec tile of f16, 16x32, valid rows dynamic: every spelling PTOAS reads.
DYNAMIC_ROWS = [
    "!pto.tile_buf<vec, 16x32xf16, valid=?x32>",
    "!pto.tile_buf<vec, 16x32xf16, valid=-1x32>",
    "!pto.tile_buf<vec, 16x32xf16, valid=?x32, blayout=row_major, slayout=none_box>",
    "!pto.tile_buf<vec, 16x32xf16, valid=?x32, fractal=512, pad=0, compact=0>",
    "!pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=?, v_col=32, "
    "blayout=row_major, slayout=none_box, fractal=512, pad=0>",
    "!pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=-1, v_col=32, "
    "blayout=row_major, slayout=none_box, fractal=512, pad=0, compact=0>",
    "!pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32,\n    v_row=?, v_col=32, "
    "blayout=row_major,\n    slayout=none_box, fractal=512, pad=0>",
]


def test_every_spelling_of_one_tile_buf_reads_to_one_text():
    texts = {canonical(spelling) for spelling in DYNAMIC_ROWS}
    assert len(texts) == 1
    (text,) = texts
    assert text.startswith("!pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=32, v_row=?")


def test_tile_buf_fields_that_differ_give_different_types():
    base = canonical("!pto.tile_buf<vec, 16x32xf16>")
    for other in ("!pto.tile_buf<vec, 16x32xf16, valid=16x16>",
                  "!pto.tile_buf<vec, 16x32xf16, blayout=col_major>",
                  "!pto.tile_buf<vec, 16x32xf16, compact=1>",
                  "!pto.tile_buf<mat, 16x32xf16>"):
        assert canonical(other) != base, other


def test_tile_buf_prints_in_the_compact_spelling_with_non_defaults_only():
    assert ptoas_spelling(canonical(DYNAMIC_ROWS[4])) == \
        "!pto.tile_buf<vec, 16x32xf16, valid=?x32>"
    acc = canonical("!pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, "
                    "fractal=1024>")
    assert ptoas_spelling(acc) == \
        "!pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>"


@pytest.mark.parametrize(("spelling", "expected"), [
    ("!pto.ptr<f32>", "!pto.ptr<f32>"),
    ("!pto.ptr<f32, gm>", "!pto.ptr<f32>"),
    ("!pto.ptr<f32, vec>", "!pto.ptr<f32, ub>"),
    ("!pto.ptr<f32, ub>", "!pto.ptr<f32, ub>"),
    ("!pto.ptr<i8, mat>", "!pto.ptr<i8, l1>"),
    ("!pto.ptr<f16, left>", "!pto.ptr<f16, l0a>"),
    ("!pto.tile_view<16x16xf16>", "!pto.partition_tensor_view<16x16xf16>"),
])
def test_pointer_and_view_spellings(spelling, expected):
    assert canonical(spelling) == expected
    assert canonical(expected) == expected


def test_gm_pointers_print_without_an_address_space():
    # Read by every PTOAS version (upstream's pointer has no address space).
    assert ptoas_spelling("!pto.ptr<f32>") == "!pto.ptr<f32>"


def test_a_type_over_several_lines_reads_to_one_line():
    assert canonical("!pto.vmi.vreg<64xf32,\n      #pto.vmi.layout<contiguous>>") == \
        "!pto.vmi.vreg<64xf32, #pto.vmi.layout<contiguous>>"


# --- the op table -------------------------------------------------------------------

def test_the_op_views_take_their_groups_from_the_table():
    for view in (pto.MakeTensorView, pto.PartitionView, pto.AllocTile, pto.TLoad, pto.TStore):
        assert operand_groups(view.NAME) == view.GROUPS
    assert pto.TLoad.GROUPS == ("src", "dst", "pad_value", "left_padding_num",
                                "right_padding_num", "init_condition")


def _variables(format_) -> set[str]:
    found: set[str] = set()
    if isinstance(format_, str):
        if format_[:1] in "$^" and len(format_) > 1:
            found.add(format_[1:])
    elif isinstance(format_, list):
        for item in format_:
            found |= _variables(item)
    return found


def test_every_name_a_format_uses_is_in_its_op_definition():
    for name in OPS:
        spec = op_spec(name)
        assert spec is not None
        if not spec.declarative:
            continue
        for variable in _variables(spec.format):
            assert spec.kind_of(variable) is not None, (name, variable)


def test_segmented_ops_have_a_group_of_flexible_size():
    for name in OPS:
        spec = op_spec(name)
        assert spec is not None
        if spec.segmented:
            assert any(group.count for group in spec.operands), name


@pytest.mark.parametrize(("name", "count", "result", "sizes"), [
    ("pto.tload", 2, None, [1, 1, 0, 0, 0, 0]),
    ("pto.tstore", 2, None, [1, 1, 0, 0]),
    ("pto.partition_view", 5, None, [1, 2, 2]),
    ("pto.partition_view", 4, None, None),
    ("pto.alloc_tile", 2, "!pto.tile_buf<vec, 16x16xf32, valid=?x?>", [0, 1, 1]),
    ("pto.alloc_tile", 1, "!pto.tile_buf<vec, 16x16xf32>", [1, 0, 0]),
    ("pto.alloc_tile", 2, "!pto.tile_buf<vec, 16x16xf32>", None),
    ("pto.tload", 3, None, None),
    # One optional group and no AttrSizedOperandSegments: it holds the spare operand, as
    # ODS reads it (the generic trowsum of a source, a scratch and a destination was
    # taken for malformed, and its writes went unseen).
    ("pto.trowsum", 3, None, [1, 1, 1]),
    ("pto.trowsum", 2, None, [1, 0, 1]),
    ("pto.trowsum", 4, None, None),
    ("pto.trowsum", 1, None, None),
])
def test_derived_segment_sizes(name, count, result, sizes):
    assert pto.derived_segment_sizes(name, count, result) == sizes


def test_the_written_groups_name_groups_of_their_ops():
    """Every group the table says an op writes beyond its destinations is a group of that
    op, and every op named is one the table defines: a misspelt entry would hide a write
    from the tile-overlap rule."""
    for name, groups in pto_table.WRITTEN_BY_OP.items():
        assert name in OPS, name
        defined = {group for group, _, _ in OPS[name]["operands"]}
        assert set(groups) <= defined, (name, set(groups) - defined)
    for name in pto_table.PARTIAL_WRITERS | pto_table.METADATA_OPS:
        assert name in OPS, name


# --- the declarative-format interpreter -------------------------------------------------

def test_optional_groups_are_read_by_their_anchor_and_sized_by_the_definition():
    text = ("func.func @f(%a: i64, %r: index) {\n"
            "  %t = pto.alloc_tile addr = %a valid_row = %r : "
            "!pto.tile_buf<vec, 16x16xf32, valid=?x16>\n  return\n}\n")
    generic = " ".join(to_generic(text).split())  # operands keep their columns
    assert '"pto.alloc_tile"( %a, %r) <{operandSegmentSizes = array<i32: 1, 1, 0>}>' in generic
    assert ": (i64, index) -> !pto.tile_buf<loc=vec" in generic


def test_a_stripped_pointer_type_reads_to_its_full_type():
    text = ("func.func @f(%p: !pto.ptr<f16>, %o: index) {\n"
            "  %q = pto.addptr %p, %o : <f16> -> <f16>\n  return\n}\n")
    assert ': (!pto.ptr<f16>, index) -> !pto.ptr<f16>' in to_generic(text)


def test_a_type_the_definition_fixes_is_checked():
    text = ("func.func @f(%p: !pto.ptr<f16>, %o: i32) {\n"
            "  %q = pto.addptr %p, %o : <f16> -> <f16>\n  return\n}\n")
    # `offset` is an index by the definition; the value's own type is i32,
    # which MLIR then reports as a type mismatch at the use.
    assert ': (!pto.ptr<f16>, index) -> !pto.ptr<f16>' in to_generic(text)


def test_an_unknown_op_is_refused_with_its_name():
    with pytest.raises(PtoSyntaxError, match=r"'pto\.tfoo'"):
        to_generic("pto.tfoo ins()")


# --- the embedding API ---------------------------------------------------------------------

VEC = "!pto.tile_buf<vec, 16x16xf16>"
VEC_KV = ("!pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, "
          "blayout=row_major, slayout=none_box, fractal=512, pad=0>")
KERNEL = (f"func.func @k(%t: {VEC}, %u: {VEC_KV}) {{\n"
          f"  pto.tadd ins(%t, %u : {VEC}, {VEC}) outs(%t : {VEC})\n"
          "  return\n}\n")


def test_read_pto_and_print_pto_round_trip():
    module = nzpass.read_pto(KERNEL, "k.pto")
    custom = nzpass.print_pto(module)
    assert "pto.tadd ins(%arg0, %arg1 : !pto.tile_buf<vec, 16x16xf16>, " in custom
    again = nzpass.read_pto(custom, "again.pto")
    assert str(again) == str(module)
    assert nzpass.print_pto(again) == custom


def test_read_pto_locates_its_errors():
    with pytest.raises(nzpass.PtoReadError) as caught:
        nzpass.read_pto("func.func @f() {\n  pto.tfoo ins()\n  return\n}\n", "bad.pto")
    (diagnostic,) = caught.value.diagnostics
    assert (diagnostic.loc.file, diagnostic.loc.line, diagnostic.loc.col) == ("bad.pto", 2, 3)
    assert "'pto.tfoo'" in diagnostic.message
