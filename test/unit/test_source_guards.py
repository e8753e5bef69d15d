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


_INT64_MAX = (1 << 63) - 1


def _parser_aborts(dims: list[int]) -> bool:
    """MLIR's ShapedType::getNumElements: an int64 product asserted non-negative after
    each dim (the bindings are built with assertions, so the process aborts)."""
    count = 1
    for dim in dims:
        count = (count * dim + (1 << 63)) % (1 << 64) - (1 << 63)  # int64 wrapping
        if count < 0:
            return True
    return False


_DIMS = st.lists(st.one_of(st.integers(0, 4), st.sampled_from(
    [2 ** 31, 2 ** 32, 2 ** 62, 2 ** 63 - 1, 3 * 2 ** 61])), min_size=1, max_size=4)


@settings(max_examples=2000, deadline=None)
@given(_DIMS, st.sampled_from(("tensor", "vector")), st.sampled_from(("1.0", '"0xAB"', "[]")))
def test_every_dense_literal_the_parser_aborts_on_is_refused(dims, kind, body) -> None:
    # Over every shape: the guard refuses each the parser would abort on, and refuses
    # only shapes with more elements than int64 holds at some dim (a strict superset:
    # 2^62 x 4 wraps to 0 in the parser, and is refused too).
    spelled = "x".join(map(str, dims))
    text = f"%0 = arith.constant dense<{body}> : {kind}<{spelled}xf32>\n"
    found = source._overflowing_dense_literal(text)
    if _parser_aborts(dims):
        assert found is not None, text
    prefix_too_big, count = False, 1
    for dim in dims:
        count *= dim
        prefix_too_big |= count > _INT64_MAX
    assert (found is not None) == prefix_too_big, text


def test_an_overflowing_dense_literal_is_a_located_error(tmp_path) -> None:
    import subprocess
    import sys

    path = tmp_path / "dense.mlir"
    path.write_text("func.func @f() {\n  %a = arith.constant dense<1.0> : "
                    "tensor<9223372036854775807x2x0xf32>\n  return\n}\n")
    run = subprocess.run([sys.executable, "-m", "nzpass.tools.nzpass_opt", str(path)],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 1, run.stderr
    assert f"{path}:2:23: error: dense literal of tensor<" in run.stderr, run.stderr
