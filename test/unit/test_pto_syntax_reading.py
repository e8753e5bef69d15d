"""Regressions of the pto reader found by red team: comments inside types, quoted
tile_buf keywords, fields stated twice, and the positions of what follows a rewrite."""

from nzpass.pto_syntax import to_generic
from nzpass.pto_syntax.cursor import Cursor
from nzpass.pto_syntax.tokenizer import BANG, tokenize, without_comments
from nzpass.pto_syntax.types import canonical

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
