"""Red-team round 22, area syntax: reading the field's `.pto` texts.

- a result group `%t:N` whose N is huge made N names before MLIR could report the
  mismatch (a MemoryError traceback, or minutes of work);
- a nullary pto op's name alone in an attribute dictionary (`attributes {pto.trap}`)
  was read as the op, and the text refused;
- a hexadecimal integer in a tile_buf field (`pad=0x1`, which PTOAS reads as 1) was
  refused as malformed (and `valid=0x128`, a dimension list, must stay 0 by 128);
- a tile_buf field with nothing after `=` (`dtype=`) was read, and printed as another
  type.
"""

import io

from nzpass.pto_syntax.cursor import result_names
from nzpass.pto_syntax.reader import to_generic
from nzpass.pto_syntax.tokenizer import tokenize
from nzpass.pto_syntax.types import canonical
from nzpass.tools.nzpass_opt import NzpassOpt

_TILE = "!pto.tile_buf<vec, 16x16xf32>"


def _run(text: str, *argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = NzpassOpt([*argv, "-"], stdin=io.BytesIO(text.encode()), stdout=out,
                     stderr=err).run()
    return code, out.getvalue(), err.getvalue()


def test_a_huge_result_group_is_refused_with_a_location():
    """`%t:3000000000 = pto.alloc_tile`: the reader made three billion names (a
    MemoryError traceback, exit 3, after a minute); now MLIR's located mismatch."""
    text = ("module {\n  func.func @k() {\n"
            f"    %t:3000000000 = pto.alloc_tile : {_TILE}\n"
            "    return\n  }\n}\n")
    code, _, err = _run(text)
    assert code == 1
    assert "<stdin>:3:5: error: operation defines 1 results but was provided 3000000000" in err


def test_result_names_counts_before_it_names():
    tokens = tokenize("%a, %b:3 = pto.x")
    op = next(i for i, t in enumerate(tokens) if t.text == "pto.x")
    assert result_names(tokens, op, 4) == ["%a", "%b#0", "%b#1", "%b#2"]
    assert result_names(tokens, op, 2) == []
    # The old reader named all ten million (bounded here: a regression costs 1 GB, not 200).
    huge = tokenize("%b:10000000 = pto.x")
    assert result_names(huge, 4, 1) == []


def test_a_nullary_op_name_alone_in_an_attribute_dictionary_is_a_unit_attribute():
    text = ("module attributes {pto.trap} {\n"
            "  func.func @f() attributes {pto.syncthreads} {\n"
            '    "x.op"() {pto.trap} : () -> ()\n'
            '    "x.op"() <{a = 1}> {pto.trap} : () -> ()\n'
            "    pto.vecscope {pto.trap}\n"
            "    return\n  }\n}\n")
    generic = to_generic(text)
    assert "module attributes {pto.trap} {" in generic
    assert "attributes {pto.syncthreads} {" in generic
    assert generic.count('"x.op"() {pto.trap}') == 1
    assert '<{a = 1}> {pto.trap}' in generic
    # In a region it is still the op.
    assert '{"pto.trap"() : () -> ()}' in generic
    code, out, err = _run(text, "--pto-syntax", "custom")
    assert code == 0, err
    assert "module attributes {pto.trap}" in out


def test_a_hexadecimal_tile_buf_field_is_read_as_ptoas_reads_it():
    assert canonical("!pto.tile_buf<vec, 16x16xf32, pad=0x1>") == canonical(
        "!pto.tile_buf<vec, 16x16xf32, pad=1>")
    assert canonical(
        "!pto.tile_buf<loc=vec, dtype=f16, rows=0x10, cols=16, v_row=0x10, v_col=?, "
        "blayout=row_major, slayout=none_box, fractal=0x200, pad=0, compact=0x1>") == (
        "!pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16, v_row=16, v_col=?, "
        "blayout=row_major, slayout=none_box, fractal=512, pad=0, compact=1>")
    # `0x` with no digit is not an integer PTOAS reads: left as written, refused later.
    assert canonical("!pto.tile_buf<vec, 16x16xf32, pad=0x>") == (
        "!pto.tile_buf<vec, 16x16xf32, pad=0x>")


def test_a_valid_shape_of_zero_rows_is_not_read_as_hexadecimal():
    """`valid=0x128` is a dimension list, 0 by 128 (as MLIR lexes it, and as nzpass
    prints a tile of no valid rows), never the integer 0x128."""
    text = "!pto.tile_buf<vec, 5x128xf32, valid=0x128>"
    spelled = canonical(text)
    assert "v_row=0, v_col=128" in spelled
    code, out, err = _run("module {\n  func.func @k() {\n"
                          f"    %t = pto.alloc_tile : {text}\n" "    return\n  }\n}\n",
                          "--pto-syntax", "custom")
    assert code == 0, err
    assert text in out


def test_a_tile_buf_field_without_a_value_is_refused_where_it_is_written():
    """`dtype=` (PTOAS reads a type there) was read as a dtype of no name, and its
    custom spelling `16x16x` printed: no longer the same type, unstable output."""
    text = ("module {\n  func.func @k() {\n    %t = pto.alloc_tile\n"
            "      : !pto.tile_buf<loc=vec, dtype=, rows=16, cols=16, v_row=16, v_col=16, "
            "blayout=row_major, slayout=none_box, fractal=512, pad=0>\n    return\n  }\n}\n")
    code, _, err = _run(text, "--pto-syntax", "custom")
    assert code == 1
    assert "<stdin>:4:9: error: malformed type: " in err
    assert "field 'dtype' has no value after '='" in err
