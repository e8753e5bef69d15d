"""Red-team round 26, area syntax: reading the field's `.pto` texts as PTOAS reads them.

- a variadic `type(...)` after a literal read an empty list where MLIR's parseTypeList
  (PTOAS's parser) needs one type: `pto.fusion_region {...} :` at the end of the text was
  read as a region op of no results, `pto.tsync ins( : )` as a sync of no events;
- any bare word was read as a type: `pto.fusion_region {...} :` followed by `return` took
  the `return` for its result type, and the refusal came from MLIR at a place of the
  generic text (the line before), not at the `return` of the file.
"""

import io

import pytest

from nzpass.pto_syntax.cursor import PtoSyntaxError
from nzpass.pto_syntax.reader import to_generic
from nzpass.tools.nzpass_opt import NzpassOpt


def _run(text: str, *argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = NzpassOpt([*argv, "-"], stdin=io.BytesIO(text.encode()), stdout=out,
                     stderr=err).run()
    return code, out.getvalue(), err.getvalue()


def _function(body: str) -> str:
    return f"module {{\n  func.func @f() {{\n{body}    return\n  }}\n}}\n"


_REGION = '    pto.fusion_region {\n      "pto.yield"() : () -> ()\n    } :'


# --- a type list after a literal needs a type -----------------------------------------

@pytest.mark.parametrize("text", [
    _REGION,                                  # the end of the text after the colon
    _REGION + "\n",
    "    pto.tsync ins( : )",
])
def test_an_empty_type_list_is_not_read(text):
    with pytest.raises(PtoSyntaxError, match="expected a type, found"):
        to_generic(text)


def test_an_empty_type_list_is_refused_where_the_type_is_missing():
    code, _, err = _run(_function("    pto.tsync ins( : )\n"))
    assert code == 1
    assert "<stdin>:3:22: error: expected a type, found ')'" in err
    assert "Traceback" not in err


def test_a_type_for_a_group_of_no_operands_is_refused_at_the_type():
    """MLIR reads the one type, then finds no operand for it."""
    code, _, err = _run(_function("    pto.tsync ins( : i32)\n"))
    assert code == 1
    assert "<stdin>:3:22: error: more types than operands" in err


def test_the_events_of_a_sync_still_read():
    text = "    pto.tsync ins(%a, %b : i32, i32)"
    assert " ".join(to_generic(text).split()) == '"pto.tsync"( %a, %b) : (i32, i32) -> ()'


# --- a bare word is a type only if MLIR has a type of that name --------------------------

def test_the_next_op_is_not_read_as_a_result_type():
    code, _, err = _run(_function(_REGION + "\n"))
    assert code == 1
    assert "<stdin>:6:5: error: expected a type, found 'return'" in err


@pytest.mark.parametrize("word", ["i1", "si8", "ui16", "index", "f16", "bf16", "f8E4M3FN"])
def test_builtin_bare_types_still_read(word):
    assert f"-> {word}" in to_generic(_REGION + f" {word}")


# --- a refusal found once the op is read is at the op, not at what follows it ----------

_TILE = "!pto.tile_buf<vec, 16x16xf32>"
_PIPE = ("    pto.aic_initialize_pipe {dir_mask = 1, slot_size = 1024} (gm_slot_buffer = %a : "
         "i32, gm_slot_buffer = %b : i32, c2v_consumer_buf = %a : i32, v2c_consumer_buf = "
         "%a : i32)\n")


@pytest.mark.parametrize(("line", "where", "message"), [
    # the cursor was at the `return` of the next line
    (f"    pto.trowsum ins(%a, %a, %a, %a : {_TILE}, {_TILE}, {_TILE}, {_TILE}) "
     f"outs(%a : {_TILE})\n", "3:5", "takes at most 2 ins operands"),
    (f"    pto.trowsum ins() outs(%a : {_TILE})\n", "3:5", "takes at least 1 ins operands"),
    # the second operand of the group
    (_PIPE, f"3:{_PIPE.index('%b') + 1}", "takes at most one 'gm_slot_buffer' operand"),
])
def test_a_refusal_of_the_op_read_is_at_the_op(line, where, message):
    text = f"module {{\n  func.func @f(%a: i32, %b: i32) {{\n{line}    return\n  }}\n}}\n"
    code, _, err = _run(text)
    assert code == 1
    assert f"<stdin>:{where}: error: " in err and message in err.splitlines()[0]


def test_a_refusal_of_the_last_op_of_the_text_is_at_the_op():
    """At the end of the text the cursor is past every token: the end of the input."""
    _, _, err = _run(f"pto.trowsum ins() outs(%b : {_TILE})")
    assert err.startswith("<stdin>:1:1: error: 'pto.trowsum' takes at least 1 ins operands")


# --- a comment inside a type's body closes and opens nothing --------------------------

@pytest.mark.parametrize(("written", "read"), [
    ("!pto.tile_buf<vec, // rows > cols\n      16x32xf32>", "!pto.tile_buf<vec, 16x32xf32>"),
    ("!pto.tile_buf<vec, 16x16xf32 // note>\n      >", "!pto.tile_buf<vec, 16x16xf32>"),
    ("!pto.tile_buf<vec, 16x16xf32, blayout=col_major, // a (b\n slayout=row_major>",
     "!pto.tile_buf<vec, 16x16xf32, blayout=col_major, slayout=row_major>"),
])
@pytest.mark.parametrize("form", ["custom", "generic"])
def test_a_comment_in_a_tile_buf_body_is_skipped_as_ptoas_skips_it(written, read, form):
    """PTOAS's TileBufType::parse lexes the body, which skips a comment; the reader cut
    the body at a `>` in the comment (or failed on its `(`), and refused the file."""
    op = (f"pto.alloc_tile : {written}" if form == "custom"
          else f'"pto.alloc_tile"() : () -> {written}')
    code, out, err = _run(_function(f"    %t = {op}\n"), "--pto-syntax", "custom")
    assert code == 0, err
    assert f"pto.alloc_tile : {read}\n" in out
