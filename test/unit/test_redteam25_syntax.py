"""Red-team round 25, area syntax: what the reader and printer know of SSA values
is scoped as MLIR scopes the values.

A name defined in a region goes out of scope at the region's `}`; a sibling region
may define the same name again, by a definition the reader does not follow
(`scf.forall (%i) in (16)`, whose index list is neither `%i =` nor `%i: T`). The
reader kept the first region's `%i = arith.constant 8 : index`, so a
`pto.partition_view` sized `[%i, %i]` in the loop was read as a static 8x8 partition
where PTOAS infers `?x?`, and `nzpass-opt --pto-syntax custom` wrote `-> 8x8` for
PTOAS to move by: 8 x 8 elements whatever the loop index. Now the values a region
defines are forgotten at its end, in the reader and in the printer alike.
"""

import pytest

from nzpass.pto_syntax.api import print_pto, read_pto
from nzpass.pto_syntax.reader import to_generic

_VIEW = "!pto.tensor_view<32x32xf32>"

# The region that defines `%i` as the constant 8 first: a generic op's, a custom op's.
_FIRST_REGIONS = {
    "scf.if": ("    scf.if %b {\n      %i = arith.constant 8 : index\n"
               "      scf.yield\n    }\n"),
    "pto.section.simt": ("    pto.section.simt <<<32, 1, 1>>> {\n"
                         "      %i = arith.constant 8 : index\n    }\n"),
}


def _kernel(first_region: str) -> str:
    return ("module {\n  func.func @k(%a: !pto.ptr<f32>, %b: i1) {\n"
            "    %c0 = arith.constant 0 : index\n    %c1 = arith.constant 1 : index\n"
            "    %c32 = arith.constant 32 : index\n"
            "    %tv = pto.make_tensor_view %a, shape = [%c32, %c32], strides = [%c32, %c1]"
            f" : {_VIEW}\n"
            f"{first_region}"
            "    scf.forall (%i) in (16) {\n"
            "      %pv = pto.partition_view %tv, offsets = [%c0, %c0], sizes = [%i, %i]"
            f" : {_VIEW}\n"
            "    }\n    return\n  }\n}\n")


def _partition_type(generic: str) -> str:
    line = next(line for line in generic.splitlines() if "pto.partition_view" in line)
    return line.rsplit("-> ", 1)[1].split(" loc(")[0].strip()


@pytest.mark.parametrize("region", sorted(_FIRST_REGIONS))
def test_a_sibling_regions_constant_does_not_size_a_loop_indexed_partition(region):
    assert _partition_type(to_generic(_kernel(_FIRST_REGIONS[region]))) == \
        "!pto.partition_tensor_view<?x?xf32>"


@pytest.mark.parametrize("region", sorted(_FIRST_REGIONS))
def test_the_custom_output_states_the_dynamic_partition(region):
    written = print_pto(read_pto(_kernel(_FIRST_REGIONS[region])))
    assert "-> !pto.partition_tensor_view<?x?xf32>" in written
    assert "8x8xf32" not in written


def test_a_constant_of_the_enclosing_region_still_sizes_the_partition():
    """Scoping forgets only what the closed region defined: `%c8` of the function body
    is seen in the loop after an inner region closed."""
    text = _kernel(_FIRST_REGIONS["scf.if"]).replace(
        "    scf.forall (%i) in (16) {\n",
        "    %c8 = arith.constant 8 : index\n    scf.forall (%j) in (16) {\n"
        "      scf.if %b {\n        scf.yield\n      }\n").replace("[%i, %i]", "[%c8, %c8]")
    assert _partition_type(to_generic(text)) == "!pto.partition_tensor_view<8x8xf32>"


def test_a_region_op_with_no_results_is_written_so_it_reads_back():
    """`pto.fusion_region`'s format ends `: type(results)`: with no results the custom
    form is `pto.fusion_region {...} :`, which no MLIR parser reads (a type list after a
    colon needs a member), so nzpass-opt wrote a file it could not read itself. The op
    stays generic then."""
    text = ('module {\n  func.func @f() {\n    "pto.fusion_region"() ({\n'
            '      "pto.yield"() : () -> ()\n    }) : () -> ()\n    return\n  }\n}\n')
    written = print_pto(read_pto(text))
    assert '"pto.fusion_region"()' in written
    assert to_generic(written).count("pto.fusion_region") == 1
