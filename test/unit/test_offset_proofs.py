"""OffsetAnalysis: the alignment and sign rules of nz-semantics section 4, the
depth bound, and memoisation.

Each case builds a function whose `"test.use"` ops name the values asked about,
in order; expectations come from the spec's table, never from the prover.
"""

import time

import pytest

from nzpass.ir.bindings import ir
from nzpass.nz.offsets import OffsetAnalysis
from support.used_values import parse_used


def used_values(body: str, args: str = "") -> list[ir.Value]:
    """Parse `body` inside a function and return the operands of its test.use ops."""
    return parse_used(body, args)[1]


def facts(prover: OffsetAnalysis, value: ir.Value, divisor: int) -> tuple[bool, bool]:
    return prover.is_multiple(value, divisor), prover.non_negative(value)


CONSTANTS = """
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c4096 = arith.constant 4096 : index
  %cm2 = arith.constant -2 : index
  %blk = "pl.tile.get_block_idx"() : () -> index
  %num = "pl.tile.get_block_num"() : () -> index
"""

# (body using CONSTANTS and %arg: index, divisor, multiple?, non-negative?)
TABLE = {
    "product nb * 256": ("%v = arith.muli %blk, %c256 : index", 16, True, True),
    "product with an unsigned factor": ("%v = arith.muli %arg, %c256 : index", 16, True, False),
    "product without a multiple": ("%v = arith.muli %blk, %c8 : index", 16, False, True),
    "loop iv, aligned start and step": (
        "scf.for %v = %c512 to %c4096 step %c512 {\n \"test.use\"(%v) : (index) -> ()\n}",
        32, True, True),
    "loop iv, unaligned start": (
        "scf.for %v = %c8 to %c4096 step %c512 {\n \"test.use\"(%v) : (index) -> ()\n}",
        16, False, True),
    "loop iv, symbolic start and step": (
        "scf.for %i = %blk to %c8 step %num {\n %v = arith.muli %i, %c256 : index\n"
        " \"test.use\"(%v) : (index) -> ()\n}", 16, True, True),
    "min of aligned non-negative terms": ("%v = arith.minsi %c256, %c512 : index", 256, True, True),
    "min with an unsigned operand": ("%v = arith.minsi %arg, %c256 : index", 16, False, False),
    "max with one non-negative operand": ("%v = arith.maxsi %arg, %c0 : index", 16, False, True),
    "block index": ("%v = arith.addi %blk, %c0 : index", 1, True, True),
    "block count": ("%v = arith.addi %num, %c0 : index", 1, True, True),
    "(blk % 2) * 512": (
        "%r = arith.remsi %blk, %c2 : index\n%v = arith.muli %r, %c512 : index", 512, True, True),
    "x // c with a non-negative dividend": (
        "%q = arith.floordivsi %blk, %c2 : index\n%v = arith.muli %q, %c16 : index",
        16, True, True),
    "x % c with an unsigned dividend": (
        "%r = arith.remsi %arg, %c2 : index\n%v = arith.muli %r, %c16 : index", 16, True, False),
    # The remainder takes the dividend's sign (the seed's table refused these; the
    # width-aware analysis proves them, docs/nz-semantics.md section 8).
    "x % c by a negative constant": (
        "%r = arith.remsi %blk, %cm2 : index\n%v = arith.muli %r, %c16 : index", 16, True, True),
    "x % c by a block count": (
        "%r = arith.remsi %blk, %num : index\n%v = arith.muli %r, %c16 : index", 16, True, True),
    "x % c by an argument": (
        "%r = arith.remsi %blk, %arg : index\n%v = arith.muli %r, %c16 : index", 16, True, False),
    "difference with bounded operands": (
        "%r = arith.remsi %blk, %c2 : index\n%a = arith.muli %r, %c512 : index\n"
        "%v = arith.subi %c4096, %a : index", 512, True, True),
    "sum of provable terms": (
        "%a = arith.muli %blk, %c256 : index\n%v = arith.addi %a, %c512 : index", 256, True, True),
    "difference: divisible, sign unknown": (
        "%a = arith.muli %blk, %c256 : index\n%v = arith.subi %c4096, %a : index",
        256, True, False),
    "index_cast of a provable value": (
        "%a = arith.muli %blk, %c256 : index\n%v = arith.index_cast %a : index to i32",
        16, True, True),
    "negative constant": ("%v = arith.constant -16 : index", 16, True, False),
    "unaligned constant": ("%v = arith.constant 40 : index", 16, False, True),
    "function argument": ("%v = arith.addi %arg, %c0 : index", 1, True, False),
}


@pytest.mark.parametrize("name", sorted(TABLE))
def test_spec_table(name):
    body, divisor, multiple, non_negative = TABLE[name]
    if "test.use" not in body:
        body += '\n"test.use"(%v) : (index) -> ()' if "index_cast" not in body else \
            '\n"test.use"(%v) : (i32) -> ()'
    (value,) = used_values(CONSTANTS + body, "%arg: index")
    assert facts(OffsetAnalysis(), value, divisor) == (multiple, non_negative)


def test_iter_arg_is_never_resolved():
    # Its initial value (0) and what is yielded (x + 256) are both provable.
    body = CONSTANTS + """
  %r = scf.for %i = %c0 to %c8 step %c2 iter_args(%x = %c0) -> (index) {
    "test.use"(%x) : (index) -> ()
    %n = arith.addi %x, %c256 : index
    scf.yield %n : index
  }"""
    (value,) = used_values(body)
    assert facts(OffsetAnalysis(), value, 16) == (False, False)


def addi_chain(depth: int) -> str:
    lines = ["%x0 = arith.constant 16 : index"]
    lines += [f"%x{i + 1} = arith.addi %x{i}, %x0 : index" for i in range(depth)]
    return "\n".join(lines) + f'\n"test.use"(%x{depth}, %x10) : (index, index) -> ()'


def test_bounded_depth_refuses_a_10k_chain_fast():
    top, shallow = used_values(addi_chain(10_000))
    prover = OffsetAnalysis()
    start = time.perf_counter()
    assert facts(prover, top, 16) == (False, False)  # too deep to prove: refused
    assert time.perf_counter() - start < 1.0
    assert facts(prover, shallow, 16) == (True, True)


def test_cut_short_facts_do_not_leak_into_shallower_queries():
    # The walk from x70 reaches x6 with no depth left; x10 asked next is within reach.
    top, shallow = used_values(addi_chain(70))
    prover = OffsetAnalysis()
    assert facts(prover, top, 16) == (False, False)
    assert facts(prover, shallow, 16) == (True, True)


def test_depth_bound_is_an_option():
    top, _ = used_values(addi_chain(40))
    assert facts(OffsetAnalysis(max_depth=64), top, 16) == (True, True)
    assert facts(OffsetAnalysis(max_depth=8), top, 16) == (False, False)


def test_shared_subexpressions_are_memoised():
    # x[i+1] = x[i] + x[i]: 2**50 paths, 51 values.
    lines = ["%x0 = arith.constant 16 : i64"]
    lines += [f"%x{i + 1} = arith.addi %x{i}, %x{i} : i64" for i in range(50)]
    lines.append('"test.use"(%x50) : (i64) -> ()')
    (top,) = used_values("\n".join(lines))
    prover = OffsetAnalysis()
    calls = []
    compute = prover._compute

    def count(value, top, budget):
        calls.append(value)
        return compute(value, top, budget)

    prover._compute = count
    assert facts(prover, top, 16) == (True, True)  # 16 * 2**50 fits 64 bits (i64)
    assert len(calls) == 51
    assert facts(prover, top, 16) == (True, True)  # answered from the memo
    assert len(calls) == 51


# (function body, argument list, divisor, multiple?, non-negative?): the widths
# and signedness the seed's table ignores (docs/nz-semantics.md section 8).
WIDTH_TABLE = {
    "i8 product of non-negative factors wraps": (
        "%c16 = arith.constant 16 : i8\n%v = arith.muli %a, %c16 : i8",
        "%a: i8 {nz.range = array<i64: 0, 100>}", 16, True, False),
    "i8 product that fits": (
        "%c16 = arith.constant 16 : i8\n%v = arith.muli %a, %c16 : i8",
        "%a: i8 {nz.range = array<i64: 0, 8>}", 16, True, True),
    "i16 sum that wraps": (
        "%c = arith.constant 32752 : i16\n%v = arith.addi %a, %c : i16",
        "%a: i16 {nz.range = array<i64: 0, 64>, nz.multiple_of = 16 : i64}", 16, True, False),
    "truncating index_cast of a large value": (
        "%c = arith.constant 4294967296 : i64\n%s = arith.addi %a, %c : i64\n"
        "%v = arith.index_cast %s : i64 to index",
        "%a: i64 {nz.range = array<i64: 0, 1024>, nz.multiple_of = 16 : i64}", 16, True, False),
    # index: 2^31 is -2^31 in one PTOAS, itself in the other (known as neither), and
    # i64 -> index truncates at 32 bits.
    "index constant past the int32 range is no known value": (
        "%c = arith.constant 2147483648 : index\n%v = arith.addi %a, %c : index",
        "%a: index {nz.range = array<i64: 0, 1024>, nz.multiple_of = 16 : i64}", 16, False, False),
    "index_cast of an i64 past the int32 range": (
        "%v = arith.index_cast %a : i64 to index",
        "%a: i64 {nz.range = array<i64: 0, 4294967296>, nz.multiple_of = 16 : i64}", 16, True,
        False),
    "index_cast that keeps the value": (
        "%v = arith.index_cast %a : index to i32",
        "%a: index {nz.range = array<i64: 0, 1024>, nz.multiple_of = 16 : i64}", 16, True, True),
    "unsigned loop whose stop is negative as signed": (
        "%c0 = arith.constant 0 : i8\n%c16 = arith.constant 16 : i8\n"
        "%c200 = arith.constant -56 : i8\n"
        "scf.for unsigned %v = %c0 to %c200 step %c16 : i8 {\n"
        "  \"test.use\"(%v) : (i8) -> ()\n}", "", 16, True, False),
    "unsigned loop inside the signed range": (
        "%c0 = arith.constant 0 : i8\n%c16 = arith.constant 16 : i8\n"
        "%c96 = arith.constant 96 : i8\n"
        "scf.for unsigned %v = %c0 to %c96 step %c16 : i8 {\n"
        "  \"test.use\"(%v) : (i8) -> ()\n}", "", 16, True, True),
    "signed loop whose increment may wrap": (
        "%c0 = arith.constant 0 : i8\n%c100 = arith.constant 100 : i8\n"
        "%c127 = arith.constant 127 : i8\n"
        "scf.for %v = %c0 to %c127 step %c100 : i8 {\n"
        "  \"test.use\"(%v) : (i8) -> ()\n}", "", 4, True, False),
    "declared facts": ("%v = arith.addi %a, %a : index",
                       "%a: index {nz.range = array<i64: 0, 4096>, nz.multiple_of = 256 : i64}",
                       256, True, True),
}


@pytest.mark.parametrize("name", sorted(WIDTH_TABLE))
def test_width_table(name):
    body, args, divisor, multiple, non_negative = WIDTH_TABLE[name]
    if "test.use" not in body:
        body += '\n"test.use"(%v) : (' + body.rsplit(":", 1)[1].split()[-1] + ") -> ()"
    (value,) = used_values(body, args)
    assert facts(OffsetAnalysis(), value, divisor) == (multiple, non_negative)


@pytest.mark.parametrize("facts", ["{nz.multiple_of = -16 : i64}",
                                   "{nz.multiple_of = 16 : i64, nz.range = array<i64: 1, 16>}"])
def test_a_bad_fact_read_by_two_checks_is_reported_once(ctx, facts):
    # The offset analysis and the check of calls both read an argument's facts: one
    # mistake at one place gets one error (pass_base.in_source_order keeps each once).
    from nzpass import run_pipeline
    module = ir.Module.parse(f"""
func.func @k(%w: tensor<256x512xi8, #pl.layout<nz>>, %o: index {facts}) {{
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %t = "pl.tile.load"(%w, %o, %c0, %c16, %c32) {{operandSegmentSizes = array<i32: 1, 2, 2, 0>,
      target_memory = "mat"}} : (tensor<256x512xi8, #pl.layout<nz>>, index, index, index,
      index) -> !pl.tile<16x32xi8, mat>
  return
}}""")
    errors = run_pipeline(module, "builtin.module(block-nz-tensor-views)").errors
    assert len(errors) == 1, [e.message for e in errors]
