"""Red-team round 23, area syntax: what the reader knows of SSA values.

The reader of the custom syntax learns, in text order, the types and integer
constants of values, to give custom ops the types PTOAS's parsers infer (a
`pto.partition_view` without `-> T` takes its static dims from constant sizes).
A name defined in an earlier function (`%c16 = arith.constant 16 : index`) kept
its constant where this function's definition of it was one the reader did not
follow (`arith.constant {attrs} 32 : index`, a multi-result op, a block later in
the text): the partition was read as 16x16 where PTOAS reads 32x32 (or `?`), and
`nzpass-opt` wrote the generic text with the wrong static type, which PTOAS then
lowers by. Now every op isolated from above forgets the values before it, every
definition forgets what was known of its name, and `arith.constant` with its
attr-dict first is read.
"""

import io

from nzpass.pto_syntax.reader import to_generic
from nzpass.tools.nzpass_opt import NzpassOpt

_TILE = "!pto.tile_buf<vec, 16x16xf32>"
_VIEW = "!pto.tensor_view<?x?xf32>"


def _run(text: str, *argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = NzpassOpt([*argv, "-"], stdin=io.BytesIO(text.encode()), stdout=out,
                     stderr=err).run()
    return code, out.getvalue(), err.getvalue()


def _kernel(definition: str, before: str = "", after: str = "") -> str:
    """@a defines `%c16` as 16; @k's `%c16` is `definition`, its partition sized by it."""
    return ("module {\n"
            "  func.func @a() {\n    %c16 = arith.constant 16 : index\n    return\n  }\n"
            "  func.func @k(%arg0: !pto.ptr<f32>, %b: i1) {\n"
            "    %c0 = arith.constant 0 : index\n    %c1 = arith.constant 1 : index\n"
            "    %c64 = arith.constant 64 : index\n"
            f"{before}"
            f"    {definition}\n"
            f"    %v = pto.make_tensor_view %arg0, shape = [%c64, %c64], strides = [%c64, %c1]"
            f" : {_VIEW}\n"
            "    %p = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c16, %c16]"
            f" : {_VIEW}\n"
            f"{after}"
            "    return\n  }\n}\n")


def _partition_type(text: str) -> str:
    line = next(line for line in to_generic(text).splitlines() if "pto.partition_view" in line)
    return line.rsplit("-> ", 1)[1]


def test_a_constant_with_its_attributes_first_is_read_not_an_earlier_functions():
    """`arith.constant {tag} 32`: the old reader kept @a's 16 (16x16); PTOAS reads 32."""
    text = _kernel("%c16 = arith.constant {tag} 32 : index")
    assert _partition_type(text) == "!pto.partition_tensor_view<32x32xf32>"


def test_a_definition_the_reader_does_not_follow_forgets_the_earlier_constant():
    """A multi-result `scf.if` defines `%c16`: PTOAS infers `?` (no constant); the
    old reader lent it @a's 16."""
    text = _kernel("%c16, %x = scf.if %b -> (index, index) {\n"
                   "      scf.yield %c64, %c64 : index, index\n    } else {\n"
                   "      scf.yield %c1, %c1 : index, index\n    }")
    assert _partition_type(text) == "!pto.partition_tensor_view<?x?xf32>"


def test_a_generic_function_forgets_the_values_before_it():
    """`"func.func"() (...)` is isolated from above as `func.func` is."""
    text = ('module {\n  func.func @a() {\n    %c16 = arith.constant 16 : index\n'
            '    return\n  }\n'
            '  "func.func"() <{function_type = (!pto.ptr<f32>) -> (), sym_name = "k"}> ({\n'
            '  ^bb0(%arg0: !pto.ptr<f32>):\n'
            '    %c1 = arith.constant 1 : index\n'
            '    %c16, %x = scf.if %c1 -> (index, index) {\n'
            '      scf.yield %c1, %c1 : index, index\n    } else {\n'
            '      scf.yield %c1, %c1 : index, index\n    }\n'
            f'    %v = pto.make_tensor_view %arg0, shape = [%c1, %c1], strides = [%c1, %c1]'
            f' : {_VIEW}\n'
            f'    %p = pto.partition_view %v, offsets = [%c1, %c1], sizes = [%c16, %c16]'
            f' : {_VIEW}\n'
            '    func.return\n  }) : () -> ()\n}\n')
    assert _partition_type(text) == "!pto.partition_tensor_view<?x?xf32>"


def test_the_wrong_static_partition_is_no_longer_written():
    """The whole tool: the old `nzpass-opt` read the file and wrote a 16x16 partition
    of 32-element sizes, with exit 0; now the use's stated 16x16 disagrees with the
    32x32 PTOAS reads, a located error."""
    text = _kernel("%c16 = arith.constant {tag} 32 : index", after=(
        f"    %t = pto.alloc_tile : {_TILE}\n"
        "    pto.tload ins(%p : !pto.partition_tensor_view<16x16xf32>) "
        f"outs(%t : {_TILE})\n"))
    code, out, err = _run(text)
    assert code == 1, out
    assert "<stdin>:14:19: error: use of value '%p' expects different type" in err
    assert "'!pto.partition_tensor_view<32x32xf32>'" in err


def test_the_same_function_keeps_its_constants():
    """Forgetting is per function: a constant of this function still sizes its view,
    and one nested in a region (scf.for) is seen by the ops after it there."""
    text = _kernel("%c16 = arith.constant 16 : index")
    assert _partition_type(text) == "!pto.partition_tensor_view<16x16xf32>"
    assert _partition_type(text.replace("%c16 = arith.constant 16 : index\n    return",
                                        "return")) == "!pto.partition_tensor_view<16x16xf32>"


# --- pto.subview: the valid extent PTOAS infers ------------------------------------

_SOURCE = "!pto.tile_buf<vec, 32x32xf32>"


def _subview(valid: str, definitions: str = "") -> str:
    return ("module {\n  func.func @k(%n: index) {\n"
            "    %c0 = arith.constant 0 : index\n    %c8 = arith.constant 8 : index\n"
            "    %c100 = arith.constant 100 : index\n"
            f"{definitions}"
            f"    %t = pto.alloc_tile : {_SOURCE}\n"
            f"    %s = pto.subview %t[%c0, %c0] sizes [16, 16]{valid} : {_SOURCE}\n"
            "    return\n  }\n}\n")


def _subview_type(text: str) -> str:
    line = next(line for line in to_generic(text).splitlines() if "pto.subview" in line)
    return line.rsplit("-> ", 1)[1]


def test_a_constant_valid_operand_gives_a_static_valid_extent():
    """`valid [%c8, %c100]`: PTOAS's SubViewOp::inferReturnTypes gives v_row=8 and
    v_col=min(100, 16)=16 (its verifier then wants exactly those); the old reader made
    both `?`, a result type PTOAS refuses, and refused a use stating v_row=8."""
    spelled = _subview_type(_subview(" valid [%c8, %c100]"))
    assert "rows=16, cols=16, v_row=8, v_col=16," in spelled


def test_a_valid_operand_of_no_known_constant_is_dynamic():
    spelled = _subview_type(_subview(" valid [%n, %c8]"))
    assert "v_row=?, v_col=8," in spelled
    # Without valid operands the valid extent is the subview's size.
    assert "v_row=16, v_col=16," in _subview_type(_subview(""))


def test_a_use_stating_the_inferred_valid_extent_reads():
    text = _subview(" valid [%c8, %c8]").replace("    return", (
        "    %d = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32, valid=8x8>\n"
        "    pto.tmov ins(%s : !pto.tile_buf<vec, 16x16xf32, valid=8x8>) "
        "outs(%d : !pto.tile_buf<vec, 16x16xf32, valid=8x8>)\n    return"))
    code, _, err = _run(text)
    assert code == 0, err
