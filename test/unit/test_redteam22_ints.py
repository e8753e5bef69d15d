"""Red-team round 22, area ints: constants and loops the device reads otherwise than MLIR.

- A constant of a width the device does not compute at (`i33`) and outside int32 was read
  as MLIR reads it. PTOAS spells every such width `int32_t` and writes the literal into it,
  which wraps: `2147483648 : i33`, sign-extended to i64 and shifted right by 28, was proved
  the row offset 8 and is -8 on the device (eight row fractals before the tensor).
- The clobber rule took an `scf.for unsigned` of constant bounds for the signed range of
  them: from -1 to 1 it "surely ran" twice, yet it runs no iteration in MLIR (2**32 - 1 is
  not below 1 unsigned), so a reload of a clobbered tile inside it hid the clobber.
Expectations come from what PTOAS's C computes (the literal in an `int32_t`, hw-native-sys and
tonibohnlein PTOToEmitC.cpp, the IntegerType conversion's fallback and ArithConstantToEmitC)
and from the loop's own semantics in each reading, never from the prover.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nzpass import parse_module, run_pipeline
from nzpass.ir.bindings import ir
from nzpass.nz import intervals as iv
from nzpass.nz import offsets, tile_overlap

_VERIFY = "builtin.module(verify-pto-nz)"
_DEVICE_WIDTHS = (1, 8, 16, 32, 64)
_ODD_WIDTHS = tuple(w for w in range(2, 80) if w not in _DEVICE_WIDTHS)


def _errors(text: str) -> list[str]:
    return [d.message for d in run_pipeline(parse_module(text, "t.pto"), _VERIFY).errors]


def _int32(value: int) -> int:
    """`value` as an int32_t holds it (C++20: modulo 2**32)."""
    return iv.wrapped(value, 32)


def _constant_read(text: str) -> int | None:
    """`offsets.constant_value` of `arith.constant text` (its module alive meanwhile)."""
    module = ir.Module.parse(f"func.func @f() {{\n  %c = arith.constant {text}\n  return\n}}")
    return offsets.constant_value(
        module.body.operations[0].regions[0].blocks[0].operations[0].result)


# ------------------------------------------------------------------ constants of odd widths


@pytest.mark.usefixtures("ctx")
@settings(max_examples=300, deadline=None)
@given(st.sampled_from(_ODD_WIDTHS), st.data())
def test_a_constant_of_an_odd_width_is_read_as_the_device_holds_it(width, data):
    """What the analysis reads of an odd-width constant is the int32_t PTOAS holds, or
    nothing; and its sign extension to i64 has a fact that holds of the device's value."""
    value = data.draw(st.integers(iv.signed_min(width), iv.signed_max(width)))
    if width > 64:  # the bindings read no wider value (offsets reads the printed one)
        value = data.draw(st.integers(-(1 << 40), 1 << 40))
    read = _constant_read(f"{value} : i{width}")
    device = _int32(value)  # its C type is int32_t whatever the width
    assert read is None or read == device, (width, value, read)
    if width > 64:
        return
    module = ir.Module.parse(f"""
func.func @f() -> i64 {{
  %c = arith.constant {value} : i{width}
  %e = arith.extsi %c : i{width} to i64
  return %e : i64
}}""")
    extended = module.body.operations[0].regions[0].blocks[0].operations[1].result
    fact = offsets.OffsetAnalysis().fact(extended)
    assert fact.lo <= device <= fact.hi and device % fact.align == 0, (width, value, fact)


@pytest.mark.usefixtures("ctx")
def test_a_device_width_constant_outside_int32_is_still_read():
    assert _constant_read("2147483648 : i64") == 2147483648
    assert _constant_read("5 : i33") == 5
    assert _constant_read("2147483648 : i33") is None
    assert _constant_read("2147483648 : index") is None


def _row_fractal_load(body: str) -> str:
    """A [256, 512] i8 NZ weight (16 row fractals) and a load of 8 row fractals at offset[2]
    = %o, which `body` defines: in bounds only for %o in [0, 8]."""
    index10 = ", ".join(["index"] * 10)
    view = "!pto.tensor_view<?x?x?x?x?xi8>"
    tile = ("!pto.tile_buf<loc=mat, dtype=i8, rows=128, cols=512, v_row=128, v_col=512, "
            "blayout=col_major, slayout=row_major, fractal=512, pad=0>")
    return f"""
func.func @k(%p: !pto.ptr<i8>) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c512 = arith.constant 512 : index
  %c8192 = arith.constant 8192 : index
  %c131072 = arith.constant 131072 : index
  %tv = "pto.make_tensor_view"(%p, %c1, %c16, %c16, %c16, %c32, %c131072, %c8192, %c512, %c32,
      %c1) {{layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 5, 5>}}
      : (!pto.ptr<i8>, {index10}) -> {view}
{body}
  %pv = "pto.partition_view"(%tv, %c0, %c0, %o, %c0, %c0, %c1, %c16, %c8, %c16, %c32)
      {{operandSegmentSizes = array<i32: 1, 5, 5>}} : ({view}, {index10})
      -> !pto.partition_tensor_view<1x16x8x16x32xi8>
  %t = "pto.alloc_tile"() {{operandSegmentSizes = array<i32: 0, 0, 0>}} : () -> {tile}
  "pto.tload"(%pv, %t) {{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>}}
      : (!pto.partition_tensor_view<1x16x8x16x32xi8>, {tile}) -> ()
  return
}}"""


def _shifted_constant(literal: str, shift: int) -> str:
    """offset[2] = index_cast(extsi(literal) >> shift): 8 for (2**31, 28) as MLIR reads it."""
    return f"""  %c8 = arith.constant 8 : index
  %big = arith.constant {literal}
  %e = arith.extsi %big : {literal.split(" : ")[1]} to i64
  %shift = arith.constant {shift} : i64
  %s = arith.shrsi %e, %shift : i64
  %o = arith.index_cast %s : i64 to index"""


@pytest.mark.usefixtures("ctx")
def test_an_odd_width_constant_past_int32_is_no_offset():
    # The device holds 2147483648 : i33 as int32_t -2**31: the offset is -8 there.
    errors = _errors(_row_fractal_load(_shifted_constant("2147483648 : i33", 28)))
    assert len(errors) == 1 and "offset[2] (row fractals (R/16)) may be negative" in errors[0]


@pytest.mark.usefixtures("ctx")
def test_an_odd_width_constant_inside_int32_is_still_proved():
    # 2**27 : i33 is 2**27 in the device's int32_t too: the offset is 8 on every PTOAS.
    assert _errors(_row_fractal_load(_shifted_constant("134217728 : i33", 24))) == []


# ------------------------------------------------------------------ loops of constant bounds

_BOUNDS = (-128, -1, 0, 1, 2, 50, 100, 126, 127)
_STEPS = (1, 2, 50, 100, 127)
_CAP = 1024  # more iterations than an i8 loop can take without repeating: it never ends


def _runs_in(lower: int, upper: int, step: int, width: int, unsigned: bool) -> list[int] | None:
    """The induction variable's values, the loop run at `width` bits comparing signed or
    unsigned (None: it never ends)."""
    mask = (1 << width) - 1
    values, i = [], lower
    while (i & mask) < (upper & mask) if unsigned else i < upper:
        values.append(i)
        if len(values) > _CAP:
            return None
        i = iv.wrapped(i + step, width)
    return values


def _loops_module(signedness: str) -> str:
    lines, constants = [], sorted(set(_BOUNDS) | set(_STEPS))
    for c in constants:
        name = f"m{-c}" if c < 0 else str(c)
        lines.append(f"  %c{name} = arith.constant {c} : i8")
    for n, (lower, upper, step) in enumerate(itertools.product(_BOUNDS, _BOUNDS, _STEPS)):
        spell = [f"%cm{-c}" if c < 0 else f"%c{c}" for c in (lower, upper, step)]
        lines.append(f"  scf.for {signedness}%i{n} = {spell[0]} to {spell[1]} step {spell[2]} "
                     ": i8 {\n  }")
    return "func.func @loops() {\n" + "\n".join(lines) + "\n  return\n}"


@pytest.mark.usefixtures("ctx")
@pytest.mark.parametrize("unsigned", [False, True])
def test_the_iterations_of_a_constant_loop_are_its_runs_in_every_reading(unsigned):
    """Where the clobber rule enumerates a loop's iterations (and so takes it to run), they
    are the iterations the loop runs in every reading of it: an unsigned loop compared
    unsigned (MLIR) or signed (a C `for` over int8_t), a signed one signed."""
    module = ir.Module.parse(_loops_module("unsigned " if unsigned else ""))
    analysis = offsets.OffsetAnalysis()
    def constant(value: ir.Value) -> int | None:
        return analysis.fact(value).constant
    loops = [op for op in module.body.operations[0].regions[0].blocks[0].operations
             if op.name == "scf.for"]
    cases = list(itertools.product(_BOUNDS, _BOUNDS, _STEPS))
    assert len(loops) == len(cases)
    for loop, (lower, upper, step) in zip(loops, cases, strict=True):
        found = tile_overlap._iterations(loop.operation, constant)
        if found is None:
            continue
        readings = (True, False) if unsigned else (False,)
        for reading in readings:
            assert _runs_in(lower, upper, step, 8, reading) == list(found), (
                lower, upper, step, unsigned, reading)


_TILE_A = ("!pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, "
           "blayout=row_major, slayout=none_box, fractal=512, pad=0>")
_TILE_B = _TILE_A.replace("cols=64", "cols=32").replace("v_col=64", "v_col=32")


def _reload_in_a_loop(loop: str) -> str:
    """A loaded; B, at A's bytes, loaded over it; `loop` reloads A; A stored."""
    def view(name: str, ptr: str) -> str:
        return (f"  %{name}t = pto.make_tensor_view %{ptr}, shape = [%c16, %c64], strides = "
                "[%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>\n")
    load_a = (f"pto.tload ins(%pv : !pto.partition_tensor_view<16x64xf16>) outs(%A : "
              f"{_TILE_A})")
    return f"""
func.func @k(%p: !pto.ptr<f16>, %q: !pto.ptr<f16>, %o: !pto.ptr<f16>) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cm1 = arith.constant -1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %a0 = arith.constant 0 : i64
{view("p", "p")}{view("q", "q")}{view("o", "o")}
  %pv = pto.partition_view %pt, offsets = [%c0, %c0], sizes = [%c16, %c64]
      : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %qv = pto.partition_view %qt, offsets = [%c0, %c0], sizes = [%c16, %c32]
      : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x32xf16>
  %ov = pto.partition_view %ot, offsets = [%c0, %c0], sizes = [%c16, %c64]
      : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x64xf16>
  %A = pto.alloc_tile addr = %a0 : {_TILE_A}
  %B = pto.alloc_tile addr = %a0 : {_TILE_B}
  {load_a}
  pto.tload ins(%qv : !pto.partition_tensor_view<16x32xf16>) outs(%B : {_TILE_B})
  {loop} {{
    {load_a}
  }}
  pto.tstore ins(%A : {_TILE_A}) outs(%ov : !pto.partition_tensor_view<16x64xf16>)
  return
}}"""


@pytest.mark.usefixtures("ctx")
def test_an_unsigned_loop_from_minus_one_is_not_taken_to_run():
    errors = _errors(_reload_in_a_loop("scf.for unsigned %i = %cm1 to %c1 step %c1"))
    assert len(errors) == 1 and "may write it before 'pto.tstore'" in errors[0], errors


@pytest.mark.usefixtures("ctx")
@pytest.mark.parametrize("loop", ["scf.for unsigned %i = %c0 to %c1 step %c1",
                                  "scf.for %i = %cm1 to %c1 step %c1"])
def test_a_loop_that_runs_in_every_reading_still_reloads(loop):
    assert _errors(_reload_in_a_loop(loop)) == []
