"""Regressions of the pto reader and printer found by red team: comments inside
types, quoted tile_buf keywords, fields stated twice, the positions of what follows a
rewrite, and what PTOAS's hand-written op parsers do that its op definitions do not say."""

import pytest

from nzpass import parse_module, read_pto
from nzpass.pto_syntax import PtoSyntaxError, to_custom, to_generic
from nzpass.pto_syntax.cursor import Cursor
from nzpass.pto_syntax.reader import read_generic
from nzpass.pto_syntax.tokenizer import BANG, LineIndex, tokenize, without_comments
from nzpass.pto_syntax.types import canonical, repeated_field

NZ_MAT = ("!pto.tile_buf<loc=mat, dtype=i8, rows=256, cols=512, v_row=256, v_col=512, "
          "blayout=col_major, slayout=row_major, fractal=512, pad=0>")


# --- comments -------------------------------------------------------------------

def test_a_comment_inside_a_type_body_is_not_part_of_its_token():
    """Bug: the tokenizer kept `// was row_major` in the tile_buf token, and putting the
    type on one line joined the next line to the comment (`// was row_majorslayout=...`),
    so everything after it on the line was commented out."""
    text = "!pto.tile_buf<mat, 256x512xi8, blayout=col_major, // was row_major\n  " \
           "slayout=row_major>"
    [token] = tokenize(text)
    assert token.kind == BANG and "//" not in token.text and token.end == len(text)
    assert canonical(token.text) == NZ_MAT


def test_a_comment_in_a_body_the_regex_takes_whole_is_dropped_too():
    # No nested bracket: the tokenizer's fast path reads this body.
    text = "!pto.tile_buf<mat, 256x512xi8, // NZ tile\n    blayout=col_major, slayout=row_major>"
    [token] = tokenize(text)
    assert canonical(token.text) == NZ_MAT


def test_without_comments_keeps_strings_and_line_breaks():
    assert without_comments('a "x // y" b // c\nd') == 'a "x // y" b \nd'
    assert without_comments("no comment") == "no comment"


def test_a_type_spanning_tokens_drops_the_comments_between_them():
    """A type read as a token span (`memref<...>` is several tokens) re-emits the
    source between its tokens: a comment there must not come along."""
    text = "memref<16x16xf32, // the tile\n  #pto.address_space<vec>>"
    assert Cursor(text, tokenize(text), 0, "a type").type_text() == \
        "memref<16x16xf32, \n  #pto.address_space<vec>>"


def test_a_commented_type_reads_to_the_type_without_the_comment():
    commented = ("func.func @k(%t: !pto.tile_buf<mat, 256x512xi8, blayout=col_major, // NZ\n"
                 "   slayout=row_major>) {\n  return\n}\n")
    plain = commented.replace(", // NZ\n   ", ",\n   ")
    generic = to_generic(commented)
    assert "//" not in generic and NZ_MAT in generic
    assert generic == to_generic(plain)


# --- quoted keywords ----------------------------------------------------------------

def test_tile_buf_keywords_read_quoted_or_bare_as_ptoas_reads_them():
    """Bug: `loc="acc"` kept its quotes, so an Acc tile was no Acc tile and NZ loads and
    stores of quoted layouts were refused. PTOAS reads the first parameter and the loc,
    blayout and slayout values with parseKeywordOrString."""
    acc = ("!pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, "
           "blayout=col_major, slayout=row_major, fractal=1024, pad=0>")
    assert canonical('!pto.tile_buf<"acc", 64x16xf32, blayout="col_major", '
                     'slayout="row_major", fractal=1024>') == acc
    assert canonical(acc.replace("loc=acc", 'loc="acc"')) == acc
    assert canonical(acc.replace("loc=acc", '"loc"=acc')) == acc
    assert canonical('!pto.tile_buf<mat, 256x512xi8, blayout="col_major", '
                     'slayout="row_major">') == NZ_MAT


def test_a_quoted_value_that_is_no_keyword_stays_quoted():
    # What PTOAS would refuse (no such layout, or an escape nzpass does not decode)
    # must not turn into a keyword.
    for value in ('"col major"', '"col\\5Fmajor"'):
        assert f"blayout={value}" in canonical(f"!pto.tile_buf<mat, 16x32xi8, blayout={value}>")


def test_fields_that_ptoas_reads_as_integers_or_types_keep_their_quotes():
    assert 'pad="1"' in canonical('!pto.tile_buf<vec, 16x16xf32, pad="1">')


# --- fields stated twice ------------------------------------------------------------

def test_a_tile_buf_field_stated_twice_is_refused_where_the_type_is():
    """Bug: `v_row=128, ..., v_row=256` read as v_row=256 (the last won) and printed a
    canonical type; PTOAS refuses any field stated twice."""
    text = f"func.func @k(%t: {NZ_MAT[:-1]}, v_row=128>) {{\n  return\n}}\n"
    with pytest.raises(PtoSyntaxError, match="states field 'v_row' twice") as raised:
        to_generic(text)
    assert raised.value.offset == text.index("!pto.tile_buf")


@pytest.mark.parametrize("body", [
    "vec, 16x16xf32, pad=1, pad=1",
    "vec, 16x16xf32, valid=8x8, blayout=col_major, valid=16x16",
    '"vec", 16x16xf32, slayout=row_major, slayout="row_major"',
])
def test_every_repeated_compact_field_is_refused(body):
    assert repeated_field(f"!pto.tile_buf<{body}>") is not None


def test_a_repeated_field_inside_a_custom_op_or_an_alias_is_refused():
    tile = "!pto.tile_buf<vec, 16x16xf32, pad=1, pad=2>"
    for text in (f"!t = {tile}\n", f"pto.texp ins(%a : {tile}) outs(%a : {tile})\n"):
        with pytest.raises(PtoSyntaxError, match="states field 'pad' twice"):
            to_generic(text)


def test_the_compact_state_of_the_key_value_form_is_no_repeat():
    assert repeated_field(NZ_MAT[:-1] + ", compact=1>") is None


@pytest.mark.parametrize("text, key", [
    ('%t = pto.alloc_tile {a = 1, b = 2, a = 3} : !pto.tile_buf<vec, 16x16xf32>', "a"),
    ('%t = pto.alloc_tile {"a" = 1, a = 3} : !pto.tile_buf<vec, 16x16xf32>', "a"),
    ("pto.aic_initialize_pipe {dir_mask = 3, slot_size = 1024, dir_mask = 1}", "dir_mask"),
])
def test_an_attribute_stated_twice_in_a_custom_op_is_refused_at_the_repeat(text, key):
    """Bug: the typed-entry reader kept the last of two values of a key (a dictionary
    overwrote the first); MLIR and PTOAS refuse a repeated key."""
    with pytest.raises(PtoSyntaxError, match=f"'{key}' is given twice in custom") as raised:
        to_generic(text)
    assert raised.value.offset == text.rindex(key)


# --- positions ------------------------------------------------------------------------

COMPACT = "!pto.tile_buf<vec, 16x16xf32>"
TABS = f"pto.tabs ins(%t : {COMPACT}) outs(%t : {COMPACT})"


def test_line_index_offset_reverses_position_over_every_offset():
    text = 'a\n  "é" b\n\n€x\nlast'
    lines = LineIndex(text)
    for offset in range(len(text) + 1):
        assert lines.offset(*lines.position(offset)) == offset
    assert lines.offset(1, 99) == 1  # past the line's end: where its break is
    assert lines.offset(99, 1) == len(text)


def test_the_position_map_gives_back_the_columns_a_widened_type_took():
    """Bug: everything after a compact tile_buf or a custom op on its line had the
    columns of the generic text (2:151 for 2:53, and no source line shown)."""
    text = f"func.func @k(%t: {COMPACT}, %n: index) {{\n  {TABS} %x = arith.addi %n, %n : index\n"
    generic, positions = read_generic(text)
    assert positions is not None
    for word, line in (("%n: index", 1), ("arith.addi", 2), ("%n, %n", 2), (") {", 1)):
        source_line = text.splitlines()[line - 1]
        generic_line = generic.splitlines()[line - 1]
        assert positions(line, generic_line.index(word) + 1) == \
            (line, source_line.index(word) + 1)
    # Text before any rewrite keeps its place; a chunk is placed in its file.
    assert positions(1, 3) == (1, 3)
    _, placed = read_generic(text, 10, 5)
    assert placed is not None
    assert placed(10, 5 + generic.index("%n: index")) == (10, 5 + text.index("%n: index"))
    assert placed(11, 3) == (11, 3)


def test_an_operand_of_a_displaced_custom_op_is_reported_where_it_was_written(cli):
    # A second op on the line of one that grew, after a non-ASCII string: columns
    # count bytes.
    text = (f"func.func @k(%t: {COMPACT}) {{\n"
            f'  "test.op"() {{s = "é"}} : () -> () {TABS} {TABS.replace("outs(%t", "outs(%zz")}\n'
            "  return\n}\n")
    result = cli(["-"], stdin=text)
    line = text.splitlines()[1]
    col = len(line[:line.index("%zz")].encode()) + 1
    assert f"<stdin>:2:{col}: error: use of undeclared SSA value name" in result.err, result.err


def test_a_pass_diagnostic_after_a_rewrite_is_moved_once(cli):
    """The module's locations are moved after parsing, in the parser's buffer `-`: a
    later diagnostic at one must not be moved a second time."""
    text = (f"func.func @k(%t: {COMPACT}) {{\n"
            f'  {TABS} "test.op"() {{test.diag = "warning: here"}} : () -> ()\n'
            "  return\n}\n")
    result = cli(["-", "-p", "test-emit-diagnostics"], stdin=text)
    col = text.splitlines()[1].index('"test.op"') + 1
    assert f":2:{col}: warning: here" in result.err, result.err


def test_read_pto_locates_ops_and_arguments_where_they_were_written():
    text = f"func.func @k(%t: {COMPACT}, %n: index) {{\n  {TABS} %x = arith.addi %n, %n : index\n" \
           "  return\n}\n"
    arg_col, addi_col = text.index("%n: index") + 1, text.splitlines()[1].index("arith") + 1
    # Named, and in the parser's own buffer name `-` (which is never renamed).
    for module, name in ((read_pto(text, "k.pto"), "k.pto"), (parse_module(text), "-")):
        block = module.body.operations[0].regions[0].blocks[0]
        assert str(block.arguments[1].location) == f'loc("{name}":1:{arg_col})'
        assert str(block.operations[1].location) == f'loc("{name}":2:{addi_col})'


# --- what PTOAS's hand-written parsers do that the op definitions do not say ----------

F32 = "!pto.tile_buf<vec, 16x16xf32>"
I16 = "!pto.tile_buf<vec, 16x16xi16>"
ROUND, SAT_ON = "#pto<round_mode ROUND>", "#pto<saturation_mode ON>"


def _tiles(*types: str) -> str:
    return "".join(f"%t{n} = pto.alloc_tile : {t}\n" for n, t in enumerate(types))


def _tcvt(attrs: str) -> str:
    return _tiles(F32, I16) + f"pto.tcvt ins(%t0 {{{attrs}}} : {F32}) outs(%t1 : {I16})\n"


def _custom_line(text: str, name: str) -> str:
    return next(line.strip() for line in to_custom(text).splitlines() if name in line)


@pytest.mark.parametrize("key", ["satmode", "sat_mode", '"satmode"'])
def test_tcvt_reads_its_custom_satmode_key_as_the_sat_mode_property(key):
    """Bug: `satmode` (the key PTOAS's tcvt parser reads as property `sat_mode`) was
    kept as a discardable attribute, so PTOAS reading nzpass's generic output had
    sat_mode at its default, OFF."""
    generic = to_generic(_tcvt(f"rmode = {ROUND}, {key} = {SAT_ON}"))
    assert f"<{{rmode = {ROUND}, sat_mode = {SAT_ON}}}>" in generic
    assert "satmode" not in generic


def test_tcvt_stating_both_satmode_and_sat_mode_is_refused():
    text = _tcvt(f"satmode = {SAT_ON}, sat_mode = {SAT_ON}")
    with pytest.raises(PtoSyntaxError, match="states both 'satmode' and 'sat_mode'") as raised:
        to_generic(text)
    assert raised.value.offset == text.index("pto.tcvt")


def test_tcvt_prints_its_dictionary_inside_ins_and_sat_mode_by_its_name():
    """Bug: the dictionary went after outs(...), where PTOAS's tcvt parser does not
    read one. sat_mode keeps its own name: tonibohnlein's parser reads `satmode` or
    `sat_mode`, hw-native-sys's only `sat_mode` (`satmode` there is an unknown
    attribute, and saturation is silently off)."""
    generic = to_generic(_tcvt(f"rmode = {ROUND}, satmode = {SAT_ON}"))
    line = _custom_line(generic, "pto.tcvt")
    assert line == (f"pto.tcvt ins(%t0 {{rmode = {ROUND}, sat_mode = {SAT_ON}}} : {F32}) "
                    f"outs(%t1 : {I16})")
    # The same op again (the generic text keeps operands at their custom columns).
    assert to_generic(to_custom(generic)).split() == generic.split()


def test_a_tcvt_with_a_discardable_satmode_stays_generic():
    text = _tiles(F32, I16) + (f'"pto.tcvt"(%t0, %t1) {{satmode = {SAT_ON}}} : '
                               f"({F32}, {I16}) -> ()\n")
    # Generic text is PTOAS's own form: no key is renamed there; and in custom
    # form PTOAS would read the attribute as the property, another op.
    generic = to_generic(text)
    assert f"{{satmode = {SAT_ON}}}" in generic
    assert '"pto.tcvt"' in to_custom(generic)


def test_tcolsum_prints_its_dictionary_inside_ins_only_with_a_tmp_operand():
    """Bug: with a tmp operand the dictionary went after outs(...); PTOAS's tcolsum
    parser reads it there only in the one-operand form."""
    src, tmp, dst = ("!pto.tile_buf<vec, 16x64xf32>", "!pto.tile_buf<vec, 8x64xf32>",
                     "!pto.tile_buf<vec, 1x64xf32>")
    binary = _tiles(src, tmp, dst) + (f"pto.tcolsum ins(%t0, %t1 {{isBinary = true}} : "
                                      f"{src}, {tmp}) outs(%t2 : {dst})\n")
    line = _custom_line(to_generic(binary), "pto.tcolsum")
    assert line == (f"pto.tcolsum ins(%t0, %t1 {{isBinary = true}} : {src}, {tmp}) "
                    f"outs(%t2 : {dst})")
    unary = _tiles(src, dst) + f"pto.tcolsum ins(%t0 : {src}) outs(%t1 : {dst}) {{k = 1}}\n"
    assert _custom_line(to_generic(unary), "pto.tcolsum").endswith(f"outs(%t1 : {dst}) {{k = 1}}")


_VIEW = ("%c1 = arith.constant 1 : index\n%c16 = arith.constant 16 : index\n"
         "%v = pto.make_tensor_view %p, shape = [%c16, %c16], strides = [%c16, %c1] : "
         "!pto.tensor_view<?x?xf32>\n")


def _with_pointer(pointer: str) -> str:
    return f"func.func @k(%p: {pointer}) {{\n{_VIEW}  return\n}}\n"


def test_a_custom_make_tensor_view_reads_only_the_pointer_ptoas_would_type():
    """Bug: the pointer kept its own type, although PTOAS's parser gives it the type
    `!pto.ptr<elem>` of the view (and refuses a pointer of another type)."""
    for pointer in ("!pto.ptr<f32, ub>", "!pto.ptr<i8>", "!pto.ptr<f16, gm>"):
        text = _with_pointer(pointer)
        with pytest.raises(PtoSyntaxError, match=r"custom 'pto.make_tensor_view' gives its "
                           r"pointer the type '!pto.ptr<f32>'") as raised:
            to_generic(text)
        assert raised.value.offset == text.index("%p,")
    for pointer in ("!pto.ptr<f32>", "!pto.ptr<f32, gm>"):
        assert "(!pto.ptr<f32>, index, index, index, index)" in to_generic(_with_pointer(pointer))


def test_make_tensor_view_prints_custom_only_for_the_pointer_ptoas_would_type():
    for pointer, custom in (("!pto.ptr<f32, ub>", False), ("!pto.ptr<i8>", False),
                            ("!pto.ptr<f32>", True)):
        generic = (f"func.func @k(%p: {pointer}, %n: index) {{\n"
                   f'  %v = "pto.make_tensor_view"(%p, %n, %n) <{{operandSegmentSizes = '
                   f"array<i32: 1, 1, 1>}}> : ({pointer}, index, index) -> "
                   "!pto.tensor_view<?xf32>\n  return\n}\n")
        assert ("pto.make_tensor_view %p" in to_custom(generic)) == custom, pointer
