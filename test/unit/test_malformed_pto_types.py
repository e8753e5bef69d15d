"""Malformed parameter lists of the pto types nzpass reads (`!pto.ptr`, `!pto.tile_buf`,
`!pto.tensor_view`, `!pto.partition_tensor_view`, `!pto.tile_view`) are refused where they
are written, by every entry point, never as an internal error (found by red team:
`!pto.ptr<>` reached `items[0]` of an empty list, exit 3)."""

from __future__ import annotations

import re

import pytest

import nzpass
from nzpass.dialects import opaque, pto
from nzpass.ir.bindings import ir, new_context

# A valid spelling of each type (in the place of a function argument's type).
VALID = [
    "!pto.ptr<f16>",
    "!pto.ptr<f16, gm>",
    "!pto.tile_buf<mat, 16x16xf16, blayout=col_major, slayout=row_major>",
    "!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, "
    "blayout=row_major, slayout=none_box, fractal=512, pad=0>",
    "!pto.tensor_view<?x?x?x?x?xf16>",
    "!pto.tensor_view<16x16xf16, #pto.layout<nz>>",
    "!pto.partition_tensor_view<1x1x1x16x16xf16>",
    "!pto.tile_view<1x1x1x16x16xf16>",
]
# An empty parameter list of each type, alone and nested in another's.
EMPTY = ["!pto.ptr<>", "!pto.tile_buf<>", "!pto.tensor_view<>",
         "!pto.partition_tensor_view<>", "!pto.tile_view<>"]


def _stray_commas(spelling: str) -> list[str]:
    """`spelling` with a leading, a trailing and a doubled comma in its parameter list."""
    head, body = spelling.split("<", 1)
    body = body[:-1]
    first, sep, rest = body.partition(", ")
    doubled = f"{first},,{rest}" if sep else f"{body},,"
    return [f"{head}<,{body}>", f"{head}<{body},>", f"{head}<{body}, >", f"{head}<{doubled}>"]


def _unbalanced(spelling: str) -> list[str]:
    """`spelling` with a bracket opened inside its parameters and never closed, or closed
    twice."""
    head, body = spelling.split("<", 1)
    body = body[:-1]
    return [f"{head}<{body}, [1>", f"{head}<{body}]>", f"{head}<({body}>",
            f"{spelling}>", f"{head}<{body}"]


MALFORMED = sorted({
    *EMPTY,
    *(f"!pto.ptr<{empty}>" for empty in EMPTY),
    *(f"!pto.ptr<{empty}, gm>" for empty in EMPTY),
    *(variant for spelling in VALID for variant in _stray_commas(spelling)),
    *(variant for spelling in VALID for variant in _unbalanced(spelling)),
})
# A located error of the file, at the line of the type (1) or, for a bracket the parser
# reads on, a later line.
_LOCATED = re.compile(r"^in\.mlir:\d+:\d+: error: ", re.MULTILINE)


def _kernel(arg_type: str) -> str:
    return f"func.func @k(%p: {arg_type}) {{\n  return\n}}\n"


@pytest.mark.parametrize("spelling", VALID)
def test_the_valid_spellings_read(cli, tmp_path, spelling):
    path = tmp_path / "in.mlir"
    path.write_text(_kernel(spelling))
    result = cli([str(path), "-p", "verify-pto-nz", "-o", "/dev/null"])
    assert result.code == 0, result.err


@pytest.mark.parametrize("spelling", MALFORMED)
@pytest.mark.parametrize("pipeline", ["verify-pto-nz", "pto-block-nz-views", "pl-to-pto"])
def test_a_malformed_parameter_list_is_a_located_error(cli, tmp_path, spelling, pipeline):
    path = tmp_path / "in.mlir"
    path.write_text(_kernel(spelling))
    result = cli([str(path), "-p", pipeline, "-o", "/dev/null"])
    assert result.code == 1, (spelling, result.err)
    assert "internal error" not in result.err
    assert _LOCATED.search(result.err.replace(str(tmp_path) + "/", "")), result.err


@pytest.mark.parametrize("spelling", EMPTY + [f"!pto.ptr<{e}>" for e in EMPTY])
def test_an_empty_parameter_list_is_refused_at_the_type(cli, tmp_path, spelling):
    """At the innermost empty list, as a malformed type."""
    path = tmp_path / "in.mlir"
    path.write_text(_kernel(spelling))
    result = cli([str(path), "-p", "verify-pto-nz", "-o", "/dev/null"])
    col = len("func.func @k(%p: ") + spelling.rindex("!pto.") + 1
    assert f"in.mlir:1:{col}: error: malformed type: " in result.err, result.err
    assert "has no parameters" in result.err


def test_the_parameter_reader_never_returns_an_empty_list_or_item():
    for data in ["ptr<>", "ptr<,>", "ptr<f16,>", "ptr< , f16>", "ptr<f16,,gm>"]:
        with pytest.raises(opaque.OpaqueSyntaxError):
            opaque.parameters(data, "ptr", "!pto.")
    assert opaque.parameters("ptr<f16, gm>", "ptr", "!pto.") == ["f16", "gm"]


def test_the_type_readers_refuse_what_the_bindings_let_through():
    """A module parsed without nzpass's reader (ir.Module.parse) holds such types: the
    readers raise OpaqueSyntaxError, which the passes report at the op (MalformedOp)."""
    with new_context():
        for text in ["!pto.ptr<>", "!pto.ptr<f16,>"]:
            with pytest.raises(opaque.OpaqueSyntaxError):
                pto.ptr_element(ir.Type.parse(text))
        for text in ["!pto.tensor_view<>", "!pto.partition_tensor_view<16x16xf16,>"]:
            with pytest.raises(opaque.OpaqueSyntaxError):
                pto.view_type(ir.Type.parse(text))
        for text in ["!pto.tile_buf<>", "!pto.tile_buf<mat, 16x16xf16,>"]:
            with pytest.raises(opaque.OpaqueSyntaxError):
                pto.tile_buf(ir.Type.parse(text))


@pytest.mark.parametrize("spelling", ["!pto.ptr<>", "!pto.ptr<f16,>"])
def test_a_pass_reports_a_malformed_pointer_of_a_module_it_did_not_read(spelling):
    """verify-pto-nz reads every pointer argument (the bases of NZ views): on a module
    parsed by the bindings, a malformed one is an error at the argument."""
    with new_context():
        module = ir.Module.parse(_kernel(spelling))
        result = nzpass.run_pipeline(module, "builtin.module(verify-pto-nz)")
    assert [(str(d.loc), d.message.split(":")[0]) for d in result.diagnostics] == \
        [("-:1:14", "malformed type")]
