"""The text guards that run before the MLIR parser (driver/source.py): a fast
prefilter may only skip the full check where the full check finds nothing."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from nzpass.driver import source

# Pieces that make up the spellings both patterns look at: the word, the
# bracket, element types that do and do not start like `index`, and the gaps
# (blanks, strings, comments) the full pattern lets stand between them.
PIECES = ("array", "<", "index", "i32", "f64", "i", "f", "1", " ", "\t", "\n",
          '"s"', '"<"', "// c\n", "x", ":", ">", "_")


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=12))
def test_prefilter_never_hides_a_possible_index_array(pieces: list[str]) -> None:
    text = "".join(pieces)
    if source._MAY_HOLD_INDEX_DENSE_ARRAY.search(text) is not None:
        assert source._ARRAY_NOT_OF_NUMBERS.search(text) is not None, text


def test_prefilter_skips_only_arrays_of_numbers() -> None:
    assert source._ARRAY_NOT_OF_NUMBERS.search("array<i32: 1, 2> array<f64: 1.0>") is None
    for hazard in ("array<index: 1>", "array <index: 1>", 'array<"x"index'):
        assert source._ARRAY_NOT_OF_NUMBERS.search(hazard) is not None, hazard


def test_hazard_is_still_reported() -> None:
    from nzpass.driver.diagnostics import DiagnosticEngine

    engine = DiagnosticEngine()
    chunk = source.Chunk("%0 = arith.constant {a = array<index: 1>} 0 : index\n", 1, 1)
    assert not source.check_parser_hazards(chunk, "t.mlir", engine)
    assert engine.diagnostics and "dense array of index" in engine.diagnostics[0].message
