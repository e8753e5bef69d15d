"""PTOAS custom assembly: the tokenizer, custom -> generic reading (forms,
positions, errors), generic -> custom printing, round trips through the real
MLIR parser and printer, and the tool's --pto-syntax option."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nzpass.driver.diagnostics import DiagnosticEngine
from nzpass.ir.bindings import ir, new_context
from nzpass.pto_syntax import (
    PtoSyntaxError,
    has_custom_pto_ops,
    read_source,
    to_custom,
    to_generic,
)
from nzpass.pto_syntax.formats import known_ops, op_spec, parse_segment_sizes
from nzpass.pto_syntax.reader import read_generic
from nzpass.pto_syntax.tokenizer import (
    BANG,
    BARE,
    ERROR,
    HASH,
    INT,
    PERCENT,
    PUNCT,
    STRING,
    LineIndex,
    tokenize,
)
from nzpass.pto_syntax.types import ptoas_spelling
from nzpass.tools.nzpass_opt import EXIT_DIAGNOSED, EXIT_OK

TILE = ("!pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, "
        "blayout=row_major, slayout=none_box, fractal=512, pad=0>")
PART = "!pto.partition_tensor_view<16x16xf16>"


def kinds_and_texts(text):
    return [(t.kind, t.text) for t in tokenize(text)]


def pto_op_locations(text):
    """(name, line, col) of every pto op of the module `text` parses into."""
    found = []
    ctx = new_context()
    with ctx:
        module = ir.Module.parse(text, context=ctx)

        def walk(op):
            for region in op.regions:
                for block in region.blocks:
                    for inner in block.operations:
                        name = inner.operation.name
                        if name.startswith("pto."):
                            loc = inner.location
                            found.append((name, loc.start_line, loc.start_col))
                        walk(inner.operation)

        walk(module.operation)
    return found


def printed(text):
    ctx = new_context()
    with ctx:
        return str(ir.Module.parse(text, context=ctx))


# --- tokenizer --------------------------------------------------------------------------

def test_tokens_of_a_custom_op():
    text = ("%tv = pto.make_tensor_view %arg0, shape = [%c1] {layout = #pto.layout<nz>}"
            " : !pto.tensor_view<?xi8> // a comment")
    assert kinds_and_texts(text) == [
        (PERCENT, "%tv"), (PUNCT, "="), (BARE, "pto.make_tensor_view"), (PERCENT, "%arg0"),
        (PUNCT, ","), (BARE, "shape"), (PUNCT, "="), (PUNCT, "["), (PERCENT, "%c1"),
        (PUNCT, "]"), (PUNCT, "{"), (BARE, "layout"), (PUNCT, "="),
        (HASH, "#pto.layout<nz>"), (PUNCT, "}"), (PUNCT, ":"), (BANG, "!pto.tensor_view<?xi8>"),
    ]


@pytest.mark.parametrize("body", [
    "!pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512>",
    "!pto.tensor_view<?x?xf16, #pto.layout<nz>>",           # nested <>
    '!pto.t<"a > b", x>',                                  # `>` in a string
    "!pto.t<(i32) -> i32>",                                # an arrow and parentheses
    "#pto<st_phase final>",
    "!pto.tile_buf<loc=vec,\n   dtype=f16>",               # over two lines
])
def test_a_pretty_dialect_body_is_one_token(body):
    assert kinds_and_texts(body + " x") == [(BANG if body[0] == "!" else HASH, body),
                                            (BARE, "x")]


def test_strings_comments_and_special_tokens():
    text = '"a\\"b" // pto.tload ins(\n %x#1 ^bb0 @f @"g h" {-# x #-} -> 0x1F 2.5 !alias'
    assert kinds_and_texts(text) == [
        (STRING, '"a\\"b"'), (PERCENT, "%x"), (HASH, "#1"), ("caret", "^bb0"), ("at", "@f"),
        ("at", '@"g h"'), (PUNCT, "{-#"), (BARE, "x"), (PUNCT, "#-}"), (PUNCT, "->"),
        (INT, "0x1F"), ("float", "2.5"), (BANG, "!alias"),
    ]


def test_what_cannot_be_read_becomes_an_error_token():
    assert kinds_and_texts("!pto.t<a, b") == [(ERROR, "!pto.t<a, b")]
    assert kinds_and_texts('"open\nx')[0] == (ERROR, '"open')
    assert kinds_and_texts("a ` b")[1] == (ERROR, "`")


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet='ab%!#<>()[]{}",:=-/ \n\t\\.pto0', max_size=60))
def test_tokens_are_ordered_and_only_whitespace_or_comments_lie_between(text):
    tokens = tokenize(text)
    position = 0
    for token in tokens:
        assert token.start >= position and token.end > token.start
        assert text[token.start:token.end] == token.text
        gap = text[position:token.start]
        assert all(part.strip() == "" or part.lstrip().startswith("//")
                   for part in gap.split("\n"))
        position = token.end
    assert all(part.strip() == "" or part.lstrip().startswith("//")
               for part in text[position:].split("\n"))


def test_columns_count_bytes_as_mlir_does():
    text = 'x = "é"\n  y'
    index = LineIndex(text)
    assert index.position(text.index("y")) == (2, 3)
    assert index.position(text.index('"') + 3) == (1, 9)  # past the two-byte é


# --- reading: which text is touched -----------------------------------------------------

@pytest.mark.parametrize("text", [
    'func.func @f() attributes {pto.kernel, pto.mode = "x"} { return }',
    '"pto.tload"(%a, %b) : (i32, i32) -> ()',
    "%x = arith.constant 0 : index // pto.tload ins(%x : i8) outs(%x : i8)",
    '"test.op"() {s = "pto.tload ins(%x)"} : () -> ()',
    "!t = !pto.tile_buf<loc=mat> #a = #pto.layout<nz>",
])
def test_text_without_custom_pto_ops_is_returned_unchanged(text):
    assert to_generic(text) == text


def test_custom_ops_are_found_wherever_an_op_can_start_and_nowhere_else():
    # After block labels of generic regions, after a region's `{`, after
    # another op on the same line; not the attribute names `pto.tload`.
    text = """func.func @f(%t: !tile) attributes {pto.tload, pto.texp = 1} {
  "test.region"() ({
  ^bb0(%x: !tile):
    pto.texp ins(%x : !tile) outs(%x : !tile)
    "test.term"() : () -> ()
  }, {
  ^bb1:
    pto.texp ins(%t : !tile) outs(%t : !tile)
    "test.term"() : () -> ()
  }) : () -> ()
  scf.execute_region { pto.texp ins(%t : !tile) outs(%t : !tile)
    scf.yield }
  pto.texp ins(%t : !tile) outs(%t : !tile) pto.texp ins(%t : !tile) outs(%t : !tile)
  return
}
"""
    # The second op on the last line cannot start at its column (the first
    # grew): the position map gives its column back.
    generic, positions = read_generic(f"!tile = {TILE}\n" + text)
    assert generic.count('"pto.texp"(') == 5 and "pto.texp ins" not in generic
    assert "attributes {pto.tload, pto.texp = 1}" in generic
    assert "loc(" not in generic and positions is not None
    assert [positions(line, col) for _, line, col in pto_op_locations(generic)] == [
        (5, 5), (9, 5), (12, 24), (14, 3), (14, 45)]


def test_the_quick_test_finds_unquoted_op_names_only():
    assert has_custom_pto_ops("  pto.tload ins(")
    assert has_custom_pto_ops("%t = pto.alloc_tile : T")
    assert not has_custom_pto_ops('"pto.tload"() !pto.ptr<i8> #pto.layout<nz> %pto.x @pto.f')


# --- reading: the generic forms ---------------------------------------------------------

def generic_of(custom, signature="", prelude=""):
    """The generic op MLIR prints for the last op of a function holding `custom`."""
    text = f"{prelude}func.func @f({signature}) {{\n  {custom}\n  return\n}}\n"
    ops = printed(to_generic(text)).splitlines()
    return ops[-4].strip()  # before `return`, `}` and the module's `}`


def test_make_tensor_view_groups_and_pointer_type():
    op = generic_of("%tv = pto.make_tensor_view %p, shape = [%a, %b], strides = [%b, %c] "
                    "{layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf32>",
                    "%p: !pto.ptr<f32>, %a: index, %b: index, %c: index")
    assert op == ('%0 = "pto.make_tensor_view"(%arg0, %arg1, %arg2, %arg2, %arg3) '
                  '<{layout = #pto.layout<nd>, operandSegmentSizes = array<i32: 1, 2, 2>}> : '
                  '(!pto.ptr<f32>, index, index, index, index) -> !pto.tensor_view<?x?xf32>')


def test_pointer_type_from_the_view_when_the_text_does_not_state_it():
    # `%q` is defined by nothing the text gives a type for: PTOAS requires the
    # pointer's element type to be the view's, so that is its type.
    custom = "%tv = pto.make_tensor_view %q, shape = [], strides = [] : !pto.tensor_view<f16>"
    assert '"pto.make_tensor_view"(%q) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : ' \
           "(!pto.ptr<f16>) -> !pto.tensor_view<f16>" in to_generic(custom)
    # A type the text states must be that one: PTOAS's parser refuses any other.
    stated = "func.func @f(%q: !pto.ptr<i8>) {\n  " + custom + "\n}"
    with pytest.raises(PtoSyntaxError, match=r"gives its pointer the type '!pto\.ptr<f16>'"):
        to_generic(stated)


def test_partition_result_type_inferred_from_constants_and_source():
    op = generic_of("%pv = pto.partition_view %tv, offsets = [%n, %n], sizes = [%n, %n] "
                    ": !pto.tensor_view<?x?xf16, #pto.layout<dn>>",
                    "%tv: !pto.tensor_view<?x?xf16, #pto.layout<dn>>, %n: index")
    assert op.endswith("-> !pto.partition_tensor_view<?x?xf16, #pto.layout<dn>>")
    text = ("func.func @f(%tv: !pto.tensor_view<?x?xf16>, %n: index) {\n"
            "  %c0 = arith.constant 0 : index\n  %c16 = arith.constant 16 : index\n"
            "  %pv = pto.partition_view %tv, offsets = [%c0, %n], sizes = [%c16, %n] "
            ": !pto.tensor_view<?x?xf16>\n  return\n}\n")
    assert "-> !pto.partition_tensor_view<16x?xf16>" in to_generic(text)


def test_a_custom_op_after_generic_ones_is_read_with_what_they_said():
    # The first read learns nothing about values and stops at the custom op; the
    # second must know %tv's type from the generic op before it, and respell the
    # ptr type written with its default address space once, not twice.
    text = ("func.func @f(%p: !pto.ptr<f16, gm>, %n: index) {\n"
            '  %tv = "pto.make_tensor_view"(%p, %n, %n, %n, %n) '
            "{operandSegmentSizes = array<i32: 1, 2, 2>} : "
            "(!pto.ptr<f16, gm>, index, index, index, index) -> !pto.tensor_view<?x?xf16>\n"
            "  %c0 = arith.constant 0 : index\n  %c16 = arith.constant 16 : index\n"
            "  %pv = pto.partition_view %tv, offsets = [%c0, %c0], sizes = [%c16, %c16] "
            ": !pto.tensor_view<?x?xf16>\n  return\n}\n")
    generic = to_generic(text)
    assert "-> !pto.partition_tensor_view<16x16xf16>" in generic
    assert generic.count("!pto.ptr<f16>") == 2 and "gm>" not in generic
    without_custom = text.split("  %c0")[0] + "  return\n}\n"
    # Respelt in place, padded so that what follows keeps its column.
    assert to_generic(without_custom) == without_custom.replace("!pto.ptr<f16, gm>",
                                                                "!pto.ptr<f16>    ")


def test_alloc_tile_operand_groups():
    dynamic = TILE.replace("v_row=16, v_col=16", "v_row=?, v_col=?")
    op = generic_of(f"%t = pto.alloc_tile addr = %a valid_row = %r valid_col = %c : {dynamic}",
                    "%a: i64, %r: index, %c: index")
    assert op.startswith('%0 = "pto.alloc_tile"(%arg0, %arg1, %arg2) '
                         '<{operandSegmentSizes = array<i32: 1, 1, 1>}> : (i64, index, index) -> ')


def _plain_tile_ops() -> list[str]:
    """Ops of the table whose operands are tiles only: some ins, one dst."""
    names = []
    for name in sorted(known_ops()):
        spec = op_spec(name)
        assert spec is not None
        groups = spec.operands
        if spec.segmented or not groups or groups[-1].name != "dst" or spec.regions \
                or any(g.count or g.type for g in groups) or spec.results \
                or any(not a.optional for a in spec.attrs):
            continue
        names.append(name)
    return names


@pytest.mark.parametrize("name", _plain_tile_ops())
def test_every_plain_tile_op_reads_as_ins_then_outs(name):
    spec = op_spec(name)
    assert spec is not None
    ins_count = len(spec.operands) - 1
    ins = ", ".join(["%a"] * ins_count)
    types = ", ".join([TILE] * ins_count)
    generic = generic_of(f"{name} ins({ins} : {types}) outs(%b : {TILE})",
                         f"%a: {TILE}, %b: {TILE}")
    operands = ", ".join(["%arg0"] * ins_count + ["%arg1"])
    assert generic == f'"{name}"({operands}) : ({", ".join([TILE] * (ins_count + 1))}) -> ()'


def test_store_optional_operands_by_type():
    acc = TILE.replace("loc=vec", "loc=acc")
    # PTOAS 0.60's tstore: `ins(%src : T (fp %fp : T)? (, %q : T)?)`.
    both = generic_of(f"pto.tstore ins(%s : {acc}, %q : i64) outs(%pv : {PART})",
                      f"%s: {acc}, %q: i64, %pv: {PART}")
    assert both.startswith('"pto.tstore"(%arg0, %arg2, %arg1) '
                           '<{operandSegmentSizes = array<i32: 1, 1, 0, 1>}>')
    fp = generic_of(f"pto.tmov ins(%s : {acc}, %f : {TILE}) outs(%d : {TILE})",
                    f"%s: {acc}, %f: {TILE}, %d: {TILE}")
    assert fp.startswith('"pto.tmov"(%arg0, %arg2, %arg1) '
                         '<{operandSegmentSizes = array<i32: 1, 1, 1, 0>}>')


def test_textract_index_operands_and_segments():
    op = generic_of(f"pto.textract ins(%s, %r, %c : {TILE}, index, index) outs(%d : {TILE})",
                    f"%s: {TILE}, %r: index, %c: index, %d: {TILE}")
    assert op.startswith('"pto.textract"(%arg0, %arg1, %arg2, %arg3) '
                         '<{operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0>}>')


def test_every_known_op_has_a_reader_and_a_printer():
    assert {"pto.make_tensor_view", "pto.partition_view", "pto.alloc_tile", "pto.tload",
            "pto.tstore", "pto.tmov", "pto.textract", "pto.tmatmul"} <= known_ops()
    assert parse_segment_sizes("array<i32: 1, 5, 5>") == [1, 5, 5]
    assert parse_segment_sizes("array<i32>") == []
    assert parse_segment_sizes("array<i64: 1>") is None


# --- reading: positions -----------------------------------------------------------------

def test_generic_op_starts_where_the_custom_op_did_and_operands_stay_put():
    custom = (f"func.func @f(%pv: {PART}, %t: {TILE}) {{\n"
              f"  pto.tload ins(%pv : {PART})\n"
              f"            outs(%t : {TILE})\n"
              "  return\n}\n")
    generic = to_generic(custom)
    assert generic.count("\n") == custom.count("\n")
    custom_lines, generic_lines = custom.splitlines(), generic.splitlines()
    assert generic_lines[1].index('"pto.tload"') == custom_lines[1].index("pto.tload")
    assert generic_lines[1].index("%pv") == custom_lines[1].index("%pv")
    assert generic_lines[2].index("%t") == custom_lines[2].index("%t")
    assert generic_lines[3:] == custom_lines[3:]
    assert pto_op_locations(generic) == [("pto.tload", 2, 3)]


def test_a_location_the_user_wrote_is_kept_and_none_is_added():
    text = f"pto.texp ins(%t : {TILE}) outs(%t : {TILE}) pto.texp ins(%t : {TILE}) " \
           f'outs(%t : {TILE}) loc("k.pto":7:1)'
    generic = to_generic(text)
    assert generic.count("loc(") == 1 and generic.endswith('-> () loc("k.pto":7:1)')
    # The displaced op is put back where it was written by the position map, in a
    # chunk starting at line 3, column 5 of its file.
    generic, positions = read_generic(text[:text.rindex(" loc(")], 3, 5)
    assert positions is not None and "loc(" not in generic
    second = generic.index('"pto.texp"', 1)
    assert positions(3, 5 + second) == (3, 5 + text.index("pto.texp", 1))


def test_a_type_over_several_lines_reads_to_its_one_line_spelling_and_keeps_lines():
    # Upstream MLIR compares pto types by text: every spelling of a type is read
    # to one canonical text (this used to keep the line break inside the type),
    # and the lines after it keep their numbers.
    tile = TILE.replace("v_row=16, ", "\n                v_row=16, ")
    custom = f"func.func @f(%t: {tile}) {{\n  pto.texp ins(%t : {tile}) outs(%t : {tile})\n}}\n"
    generic = to_generic(custom)
    assert generic.count("\n") == custom.count("\n")
    assert generic.count(TILE) == 3


# --- reading: errors --------------------------------------------------------------------

@pytest.mark.parametrize("custom, message, at", [
    ("pto.tfoo ins(%a : i8) outs(%a : i8)", "unknown custom-syntax pto op 'pto.tfoo'", "pto.tfoo"),
    ("pto.tload ins(%a : i8) return", "expected 'outs', found 'return' in custom 'pto.tload'",
     "return"),
    # PTOAS's declarative formats: the reader says which token it expected.
    ("pto.tadd ins(%a, %b : i8) outs(%a : i8)", "expected ',', found ')' in custom 'pto.tadd'",
     ") outs"),
    ("pto.texp ins(%a : i8, i8) outs(%a : i8)", "expected ')', found ','", ", i8)"),
    ("pto.texp ins(%a, %a : i8, i8) outs(%a : i8)", "expected ':', found ','", ", %a :"),
    ("pto.tstore ins(%a, %b : i8, f32) outs(%a : i8)", "expected ':', found ','", ", %b"),
    ("%v = pto.make_tensor_view %p, shape = [%a] strides = [%a] : i32",
     "cannot tell the type of '%p'", "%p"),
    ("%t = pto.alloc_tile : ", "expected a type, found end of input", None),
])
def test_errors_name_the_op_and_point_at_the_problem(custom, message, at):
    with pytest.raises(PtoSyntaxError) as error:
        to_generic(custom)
    assert message in error.value.message
    expected = custom.index(at) if at is not None else len(custom)
    assert error.value.offset == expected


def test_read_source_reports_at_the_chunk_position_in_the_file():
    engine = DiagnosticEngine()
    text = "\n  pto.tfoo ins() outs()\n"
    assert read_source(text, "k.pto", engine, first_line=10, first_col=9) is None
    (diag,) = engine.take()
    assert (diag.loc.file, diag.loc.line, diag.loc.col) == ("k.pto", 11, 3)
    engine = DiagnosticEngine()
    assert read_source("pto.tfoo", "k.pto", engine, first_line=10, first_col=9) is None
    (diag,) = engine.take()
    assert (diag.loc.line, diag.loc.col) == (10, 9)  # on the chunk's first line
    assert read_source("%x = pto.alloc_tile : i8", "k.pto", engine) is not None
    assert engine.take() == []


# --- printing ---------------------------------------------------------------------------

CHAIN = f"""\
!tile = {TILE}
func.func @chain(%p: !pto.ptr<f16>, %r: index, %q: i64, %f: f16) {{
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %tv = pto.make_tensor_view %p, shape = [%c16, %c16], strides = [%c16, %c16]
        {{layout = #pto.layout<nd>}} : !pto.tensor_view<16x16xf16>
  %pv = pto.partition_view %tv, offsets = [%c0, %c0], sizes = [%c16, %c16]
        : !pto.tensor_view<16x16xf16>
  %a = pto.alloc_tile : !tile
  %b = pto.alloc_tile addr = %q valid_row = %r : {TILE.replace("v_row=16", "v_row=?")}
  pto.tload ins(%pv : {PART}) outs(%a : !tile) pad_value = %f : f16
  pto.tadd ins(%a, %a : !tile, !tile) outs(%a : !tile)
  pto.textract ins(%a, %c0, %c0 : !tile, index, index) outs(%a : !tile)
  pto.tstore ins(%a : !tile) outs(%pv : {PART}) {{stPhase = #pto<st_phase final>}}
  %o = pto.addptr %p, %c16 : !pto.ptr<f16> -> !pto.ptr<f16>
  return
}}
"""


SHORT = ptoas_spelling(TILE)


def test_printing_custom_names_every_op_of_the_chain():
    custom = to_custom(printed(to_generic(CHAIN)))
    for expected in [
        "= pto.make_tensor_view %arg0, shape = [%c16, %c16], strides = [%c16, %c16] "
        "{layout = #pto.layout<nd>} : !pto.tensor_view<16x16xf16>",
        "= pto.partition_view %0, offsets = [%c0, %c0], sizes = [%c16, %c16] : "
        "!pto.tensor_view<16x16xf16> -> !pto.partition_tensor_view<16x16xf16>",
        # Types in PTOAS's spelling: the compact tile_buf, the stripped pointer.
        f"= pto.alloc_tile : {SHORT}",
        "= pto.alloc_tile addr = %arg2 valid_row = %arg1 : ",
        f"pto.tload ins(%1 : {PART}) outs(%2 : {SHORT}) pad_value = %arg3 : f16",
        f"pto.tadd ins(%2, %2 : {SHORT}, {SHORT}) outs(%2 : {SHORT})",
        f"pto.textract ins(%2, %c0, %c0 : {SHORT}, index, index) outs(%2 : {SHORT})",
        f"pto.tstore ins(%2 : {SHORT}) outs(%1 : {PART}) {{stPhase = #pto<st_phase final>}}",
        "= pto.addptr %arg0, %c16 : <f16> -> <f16>",
    ]:
        assert expected in custom
    assert '"pto.' not in custom


def test_round_trip_of_the_chain_is_stable():
    generic = printed(to_generic(CHAIN))
    custom = to_custom(generic)
    assert printed(to_generic(custom)) == generic
    assert to_custom(printed(to_generic(custom))) == custom
    assert to_custom(custom) == custom  # nothing generic is left to print


def test_a_pointer_reading_would_retype_stays_generic():
    # The view's element type differs from %q's: PTOAS's parser of the custom form
    # would give %q the type !pto.ptr<f16>, whether or not the text states %q's type.
    text = ('%q = "test.ptr"() : () -> !pto.ptr<i8>\n'
            '%v = "pto.make_tensor_view"(%q) {operandSegmentSizes = array<i32: 1, 0, 0>} '
            ': (!pto.ptr<i8>) -> !pto.tensor_view<f16>\n')
    assert to_custom(text) == text
    hidden = text.replace('%q = "test.ptr"() : () -> !pto.ptr<i8>\n', "")
    assert to_custom(hidden) == hidden


# --- property: custom kernels of any layout ---------------------------------------------

def _op_templates():
    part = PART
    return [
        (None, ["pto.tload", "ins", "(", "%pv", ":", part, ")", "outs", "(", "%t", ":", "!tile",
                ")"]),
        (None, ["pto.tadd", "ins", "(", "%t", ",", "%t", ":", "!tile", ",", "!tile", ")", "outs",
                "(", "%t", ":", "!tile", ")"]),
        (None, ["pto.tmatmul", "ins", "(", "%t", ",", "%t", ":", "!tile", ",", "!tile", ")",
                "outs", "(", "%t", ":", "!tile", ")", "{", "note", "=", '"a, b"', "}"]),
        (None, ["pto.tstore", "ins", "(", "%t", ":", "!tile", ")", "outs", "(", "%pv", ":", part,
                ")", "{", "stPhase", "=", "#pto<st_phase final>", "}"]),
        ("tv", ["pto.make_tensor_view", "%p", ",", "shape", "=", "[", "%c16", ",", "%n", "]",
                ",", "strides", "=", "[", "%n", ",", "%c1", "]", ":",
                "!pto.tensor_view<16x?xf16>"]),
        ("tile", ["pto.alloc_tile", "valid_row", "=", "%c16", ":",
                  TILE.replace("v_row=16", "v_row=?")]),
        ("idx", ['"pto.get_block_idx"', "(", ")", ":", "(", ")", "->", "index"]),
    ]


SEPARATORS = [" ", "  ", "\n      ", " // note\n    ", "\t"]


@st.composite
def kernels(draw):
    """A function of custom ops with their tokens laid out at random, and the
    (line, col) where each pto op's name was written."""
    lines = [f"!tile = {TILE}",
             f"func.func @k(%p: !pto.ptr<f16>, %pv: {PART}, %t: !tile, %n: index) {{",
             "  %c1 = arith.constant 1 : index", "  %c16 = arith.constant 16 : index"]
    text = "\n".join(lines) + "\n"
    names = []
    templates = _op_templates()
    for number in range(draw(st.integers(1, 8))):
        result, tokens = templates[draw(st.integers(0, len(templates) - 1))]
        text += "  "
        if result is not None:
            text += f"%{result}{number} = "
        names.append((text.count("\n") + 1, len(text) - text.rfind("\n")))
        for position, token in enumerate(tokens):
            if position:
                text += draw(st.sampled_from(SEPARATORS))
            text += token
        text += "\n"
    return text + "  return\n}\n", names


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kernels())
def test_random_layouts_keep_positions_and_round_trip(kernel):
    custom, names = kernel
    generic = to_generic(custom)
    assert generic.count("\n") == custom.count("\n")
    assert [(line, col) for _, line, col in pto_op_locations(generic)] == names
    module_text = printed(generic)
    again = to_custom(module_text)
    assert printed(to_generic(again)) == module_text
    assert to_custom(printed(to_generic(again))) == again


# --- the tool ---------------------------------------------------------------------------

def test_tool_reads_custom_and_prints_either_form(cli):
    custom = to_custom(printed(to_generic(CHAIN)))
    generic = cli(["-"], stdin=CHAIN)
    assert generic.code == EXIT_OK and '"pto.tload"' in generic.out
    printed_custom = cli(["-", "--pto-syntax=custom"], stdin=CHAIN)
    assert printed_custom.code == EXIT_OK and printed_custom.out == custom
    assert printed_custom.err == ""


def test_tool_reports_custom_syntax_errors_without_a_traceback(cli):
    result = cli(["-"], stdin="func.func @f() {\n  pto.tfoo ins() outs()\n  return\n}\n")
    assert result.code == EXIT_DIAGNOSED
    assert result.err.startswith("<stdin>:2:3: error: unknown custom-syntax pto op 'pto.tfoo'")
    assert "Traceback" not in result.err and result.out == ""


def test_tool_help_lists_the_option(cli):
    assert "--pto-syntax {generic,custom}" in cli(["--help"]).out


def test_read_pto_locates_later_diagnostics_in_the_named_file():
    # The bindings' parser names its buffer `-`; read_pto's locations carry
    # the file name, so a pass's diagnostic says `file:line:col`.
    import nzpass
    text = ("func.func @f() {\n"
            '  %t = pto.alloc_tile {test.diag = "warning: here"} : '
            "!pto.tile_buf<vec, 16x16xf16>\n"
            "  return\n}\n")
    module = nzpass.read_pto(text, "kernel.pto")
    result = nzpass.run_pipeline(module, "builtin.module(test-emit-diagnostics)")
    assert [(str(d.loc), d.message) for d in result.diagnostics] == [("kernel.pto:2:8", "here")]
