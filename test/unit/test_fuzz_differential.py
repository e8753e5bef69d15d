"""Differential fuzzing of the NZ passes against numpy (bounded profile).

Random `pl` programs go through `pl-to-pto` and random hand-written `pto` programs through
`pto-block-nz-views,verify-pto-nz` (generator: fuzz_programs.py). Every accepted program is
simulated in a2a3 mode for every block index, with GM = pack_nz(logical), and every loaded
tile (valid region) and every GM tensor after the stores must equal the logical numpy
result; every refused program is recorded by reason. The profile is deterministic
(`derandomize=True`); `bench/fuzz_differential.py` runs the same generators longer.

Then each guard is shown necessary: for the GM gap guard (pto-isa#317), the sign proof, the
alignment proof and the whole-row Acc store rule, a program the pipeline refuses is
accepted once that one guard is bypassed (monkeypatch), and the simulator then produces
wrong bytes (or reads outside the tensor).

The two pass defects the fuzzer found (F1, F2) are fixed and pinned below as regression
tests with their minimal reproducers; any
mismatch fails the fuzz tests. The counts (programs generated, accepted, refused by reason,
mismatches) are printed by test_fuzz_summary: run with `-s`, `-rP` or NZPASS_FUZZ_REPORT=1
to see them; NZPASS_FUZZ_PL / NZPASS_FUZZ_PTO change the number of programs.
"""

from __future__ import annotations

import os
from collections import Counter

import numpy as np
import pytest
from hypothesis import Phase, given, settings

from nzpass import run_pipeline
from nzpass.ir.arith import integer_value
from nzpass.ir.bindings import ir
from nzpass.model import GmOutOfBounds, Simulator, pack_nz, unpack_nz
from support import fuzz_programs as fp
from support.fuzz_programs import Bin, Const, Lane, Load, Program, Store, Tensor

PL_EXAMPLES = int(os.environ.get("NZPASS_FUZZ_PL", 1200))
PTO_EXAMPLES = int(os.environ.get("NZPASS_FUZZ_PTO", 1000))
GUARD_EXAMPLES = 600  # programs scanned for the bypassed-guard fuzz
STATS = fp.Stats()

FUZZ_SETTINGS = settings(deadline=None, derandomize=True, database=None,
                         phases=[Phase.explicit, Phase.generate],  # reported, not shrunk
                         suppress_health_check=fp.ALL_HEALTH_CHECKS)


def _fuzz(level: str, examples: int) -> None:
    @settings(FUZZ_SETTINGS, max_examples=examples)
    @given(fp.programs(level))
    def body(prog):
        fp.run_and_record(prog, STATS)

    body()
    assert STATS.generated[level] >= examples
    assert STATS.n_mismatches(level) == 0, STATS.report(examples=10)


def test_fuzz_pl_programs_match_numpy():
    _fuzz("pl", PL_EXAMPLES)


def test_fuzz_pto_programs_match_numpy():
    _fuzz("pto", PTO_EXAMPLES)


def test_fuzz_summary(capsys):
    """The counts of this run; the fuzz must have exercised both outcomes and the reasons
    the guards give (the profile is deterministic, so these hold run after run)."""
    if not STATS.generated["pl"] or not STATS.generated["pto"]:
        pytest.skip("the fuzz tests did not run in this session")
    report = STATS.report(examples=10)
    if os.environ.get("NZPASS_FUZZ_REPORT"):
        with capsys.disabled():
            print("\n" + report)
    else:
        print(report)
    assert STATS.n_mismatches() == 0, report
    for level in ("pl", "pto"):
        assert STATS.accepted[level] > STATS.generated[level] // 3
        assert STATS.runs[level] > 0 and STATS.loads[level] > 0 and STATS.stores[level] > 0
        reasons = {key for (lv, key) in STATS.refused if lv == level}
        assert {"sign unproven", "alignment unproven"} <= reasons, reasons
    assert ("pl", "gap guard (pto-isa#317)") in STATS.refused
    for level in ("pl", "pto"):
        reasons = {key for (lv, key) in STATS.refused if lv == level}
        assert {"window may leave the axis", "type contradicts operands"} <= reasons, reasons


# --------------------------------------------------------------------------- helpers


# Every test runs in the conftest's `ctx` (a context set up as nzpass sets it up).
pytestmark = pytest.mark.usefixtures("ctx")


def _bypass(monkeypatch, guard: str) -> None:
    for obj, name, value in fp.bypass_patches(guard):
        monkeypatch.setattr(obj, name, value)


def _program(tensors, ops, block_num=1, level="pl", args=None) -> Program:
    prog = Program(level, tensors[0].dtype, tensors, args or {}, block_num, [], ops)
    for t in tensors:
        t.data = fp._data(t, seed=7)
    return prog


def _lower(prog: Program):
    module = ir.Module.parse(prog.text())
    return module, run_pipeline(module, fp.pipeline_for(prog))


def _reasons(result) -> list[str]:
    return [fp.reason_key(d.message) for d in result.errors]


def _refused_then_bypassed(monkeypatch, prog: Program, reason: str, guard: str):
    """`prog` lowered with `guard` bypassed, once the pipeline is seen to refuse it for
    that guard's `reason` alone."""
    _, result = _lower(prog)
    assert not result.success and _reasons(result) == [reason]
    _bypass(monkeypatch, guard)
    module, result = _lower(prog)
    assert result.success, result.errors
    return module


def _load(tensor, offsets, sizes) -> Load:
    return Load(tensor, offsets, sizes, 0, tile_shape=tuple(sizes[-2:]))


# --------------------------------------------------------------------------- guards


def _gap_program() -> Program:
    w = Tensor("w0", fp.DTYPES["f16"], 2, [65536 + 16, 32])
    return _program([w], [_load(w, [Const(0), Const(0)], [16, 32])])


def _partial_rows_store_program() -> Program:
    out = Tensor("o0", fp.F32, 2, [32, 16])
    return _program([out], [Store(out, [Const(0), Const(0)], 16, 16, 0)])


def test_gap_guard_is_necessary(monkeypatch):
    """f16 [65552, 32] (two column blocks), a 16-row window at [0, 0]: the GM gap is
    65552 - 16 = 65536 blocks, which the A2/A3 uint16 field truncates to 0."""
    prog = _gap_program()
    w = prog.tensors[0]
    module = _refused_then_bypassed(monkeypatch, prog, "gap guard (pto-isa#317)", "gap")
    tile = Simulator(module, mode="a2a3").run("kernel", pack_nz(w.contents())).loads[0].logical
    logical = w.contents()[0:16, 0:32]
    assert not np.array_equal(tile, logical)
    np.testing.assert_array_equal(tile[:, :16], logical[:, :16])  # column block 0 is right
    # column block 1 re-reads rows 16..31 of column block 0 instead of rows 0..15 of block 1
    np.testing.assert_array_equal(tile[:, 16:], w.contents()[16:32, 0:16])
    ideal = Simulator(module, mode="ideal").run("kernel", pack_nz(w.contents())).loads[0].logical
    np.testing.assert_array_equal(ideal, logical)  # only the device defect is guarded
    outcome = fp.check(prog)
    assert outcome.accepted and outcome.mismatches


def _sign_program(column: int) -> Program:
    """f16 [64, 32], a 16 x 16 window at row bid * 16 - 16 (a difference: aligned, in
    [-16, 0] over a launch of two blocks), column `column`; block 0 reads row -16."""
    w = Tensor("w0", fp.DTYPES["f16"], 2, [64, 32])
    row = Bin("subi", Bin("muli", Lane("idx"), Const(16)), Const(16))
    return _program([w], [_load(w, [row, Const(column)], [16, 16])], block_num=2)


def test_sign_proof_is_necessary(monkeypatch):
    prog = _sign_program(column=16)
    module = _refused_then_bypassed(monkeypatch, prog, "sign unproven", "sign")
    w = prog.tensors[0].contents()
    # The logical window w[-16:0, 16:32] lies outside the tensor; floordivsi(-16, 16) = -1
    # fractal from column block 1 lands on the last fractal of column block 0, and the
    # load silently returns those bytes: w[48:64, 0:16].
    tile = Simulator(module, mode="a2a3").run("kernel", pack_nz(w)).loads[0].logical
    np.testing.assert_array_equal(tile, w[48:64, 0:16])
    outcome = fp.check(prog)
    assert outcome.accepted
    assert any("row offset -16 < 0" in m.text for m in outcome.mismatches)
    assert any("silently" in m.text for m in outcome.mismatches)
    # From column block 0 the same offset reads before the buffer.
    prog = _sign_program(column=0)
    module, result = _lower(prog)
    assert result.success
    with pytest.raises(GmOutOfBounds):
        Simulator(module, mode="a2a3").run("kernel", pack_nz(prog.tensors[0].contents()))


def test_alignment_proof_is_necessary(monkeypatch):
    """f16 [64, 32], a 16-row window at row bid * 8 (non-negative, not a multiple of 16);
    block 1 must read rows 8..23."""
    w = Tensor("w0", fp.DTYPES["f16"], 2, [64, 32])
    row = Bin("muli", Lane("idx"), Const(8))
    prog = _program([w], [_load(w, [row, Const(0)], [16, 32])], block_num=2)
    module = _refused_then_bypassed(monkeypatch, prog, "alignment unproven", "align")
    sim = Simulator(module, mode="a2a3", block_idx=1, block_num=2)
    tile = sim.run("kernel", pack_nz(w.contents())).loads[0].logical
    assert not np.array_equal(tile, w.contents()[8:24])
    np.testing.assert_array_equal(tile, w.contents()[0:16])  # floordivsi(8, 16) = fractal 0
    outcome = fp.check(prog)
    assert outcome.accepted and any("block 1: load #0" in m.text for m in outcome.mismatches)
    assert not any(m.text.startswith("block 0") for m in outcome.mismatches)


def test_whole_row_store_rule_is_necessary(monkeypatch):
    """A 16 x 16 FP32 Acc tile stored at [0, 0] of an FP32 NZ [32, 16] tensor (two column
    blocks of 8): rows 0..15 only, not the whole 32-row axis."""
    prog = _partial_rows_store_program()
    out = prog.tensors[0]
    module = _refused_then_bypassed(monkeypatch, prog, "acc store not whole-row",
                                    "wholerow")
    data = fp.fill_data(0, 16, 16)
    expected = out.contents().copy()
    expected[0:16, 0:16] = data

    def stored(mode):
        gm = pack_nz(out.contents())
        hooks = {fp.FILL_OP: fp.fill_hook({"k": 0})}
        Simulator(module, mode=mode, hooks=hooks).run("kernel", gm)
        return unpack_nz(gm, out.shape)

    got = stored("a2a3")
    assert not np.array_equal(got, expected)
    # The device steps column blocks by the partition height (16 rows), not the parent's
    # 32: block 1 lands under block 0 in column strip 0, strip 1 is never written.
    np.testing.assert_array_equal(got[0:16, 0:8], data[:, 0:8])
    np.testing.assert_array_equal(got[16:32, 0:8], data[:, 8:16])
    np.testing.assert_array_equal(got[:, 8:16], out.contents()[:, 8:16])
    np.testing.assert_array_equal(stored("ideal"), expected)
    outcome = fp.check(prog)
    assert outcome.accepted and any("GM of o0 differs" in m.text for m in outcome.mismatches)


# --------------------------------------------------------------------------- known findings

F1_PL = """
func.func @kernel(%w: tensor<2x16x16xf16, #pl.layout<nz>>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %t = "pl.tile.load"(%w, %c0, %c0, %c0, %c2, %c16, %c16) {operandSegmentSizes = array<i32: 1, 3, 3, 0>, target_memory = "mat"} : (tensor<2x16x16xf16, #pl.layout<nz>>, index, index, index, index, index, index) -> !pl.tile<32x16xf16, mat>
  return
}
"""

F2_PTO = """
func.func @kernel(%p: !pto.ptr<i8>, %vr: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %tv = "pto.make_tensor_view"(%p, %c32, %c64, %c64, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<i8>, index, index, index, index) -> !pto.tensor_view<?x?xi8>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c32, %c64) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xi8>, index, index, index, index) -> !pto.partition_tensor_view<32x64xi8>
  %t = "pto.alloc_tile"(%vr) {operandSegmentSizes = array<i32: 0, 1, 0>} : (index) -> !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=?, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<32x64xi8>, !pto.tile_buf<loc=mat, dtype=i8, rows=32, cols=64, v_row=?, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}
"""


def test_finding_f1_multi_batch_window_into_row_stacked_tile_is_refused():
    """F1, fixed: w[0:2, 0:16, 0:16] into a [32, 16] tile (the window's leading axis
    flattened into rows) was accepted with sizes [2, 1, 1, 16, 16], and the load wrote two
    column blocks into a one-column-block tile. A load now takes one batch per tile."""
    module = ir.Module.parse(F1_PL)
    result = run_pipeline(module, fp.PL_PIPELINE)
    assert not result.success
    assert any("takes 2 batches into one 2-D tile" in d.message for d in result.errors)


def test_finding_f2_dynamic_valid_rows_shorter_than_the_partition_is_refused():
    """F2, fixed: a tile whose dynamic valid rows could be fewer than the partition's rows
    was accepted, and the a2a3 load read column block 1 from rows 16..31 of block 0.
    pto-block-nz-views and verify-pto-nz (verify-pto-nz-invalid.mlir) now both require
    the tile's valid region to equal the partition."""
    module = ir.Module.parse(F2_PTO)
    result = run_pipeline(module, fp.PTO_PIPELINE)
    assert not result.success
    assert any("valid" in d.message and "partition" in d.message for d in result.errors)


def test_fuzz_finds_wrong_bytes_once_a_guard_is_bypassed(monkeypatch):
    """The oracle has teeth: among fuzz programs, those that only one guard refuses are
    rerun with that guard bypassed, and for every guard some of them then give wrong bytes
    (or touch memory outside the tensor)."""
    found = Counter()

    @settings(FUZZ_SETTINGS, max_examples=GUARD_EXAMPLES)
    @given(fp.programs("pl"))
    def body(prog):
        reasons = set(fp.refusal_reasons(prog))
        for guard, keys in fp.GUARD_REASONS.items():
            if reasons and reasons <= set(keys):
                with monkeypatch.context() as patch:
                    for obj, name, value in fp.bypass_patches(guard):
                        patch.setattr(obj, name, value)
                    outcome = fp.check(prog)
                found[(guard, "refused")] += 1
                found[(guard, "wrong")] += outcome.accepted and bool(outcome.mismatches)

    body()
    for guard in fp.GUARD_REASONS:
        assert found[(guard, "wrong")] > 0, (guard, found)


@pytest.mark.parametrize("guard", ["gap", "wholerow"])
def test_verifier_catches_a_bypassed_pass_guard(monkeypatch, guard):
    """Translation validation: with only the blocking pass's guard switched off,
    verify-pto-nz refuses the program the guard would have refused."""
    import nzpass.nz.hazards as hazards
    prog = _gap_program() if guard == "gap" else _partial_rows_store_program()
    for obj, name, value in fp.bypass_patches(guard):
        if obj is not hazards:
            monkeypatch.setattr(obj, name, value)
    _, result = _lower(prog)
    assert not result.success
    assert all("pto.t" in d.message or "NZ" in d.message for d in result.errors)


# --------------------------------------------------------------------------- findings F3-F5 (fixed)

F3_PTO = """
func.func @kernel(%p: !pto.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c48 = arith.constant 48 : index
  %tv = "pto.make_tensor_view"(%p, %c48, %c16, %c16, %c1) {layout = #pto.layout<nz>, operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.ptr<f16>, index, index, index, index) -> !pto.tensor_view<?x?xf16>
  %pv = "pto.partition_view"(%tv, %c0, %c0, %c32, %c16) {operandSegmentSizes = array<i32: 1, 2, 2>} : (!pto.tensor_view<?x?xf16>, index, index, index, index) -> !pto.partition_tensor_view<48x16xf16>
  %t = "pto.alloc_tile"() {operandSegmentSizes = array<i32: 0, 0, 0>} : () -> !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=16, v_row=32, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>
  "pto.tload"(%pv, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0, 0>} : (!pto.partition_tensor_view<48x16xf16>, !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=16, v_row=32, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>) -> ()
  return
}
"""

F4_PL = """
func.func @kernel(%w: tensor<?x16x16xf16, #pl.layout<nz>>, %n: index {nz.range = array<i64: 0, 4>}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %t = "pl.tile.load"(%w, %c0, %c0, %c0, %c1, %c16, %c16) {operandSegmentSizes = array<i32: 1, 3, 3, 0>, target_memory = "mat"} : (tensor<?x16x16xf16, #pl.layout<nz>>, index, index, index, index, index, index) -> !pl.tile<16x16xf16, mat>
  return
}
"""


def test_finding_f3_partition_type_contradicting_its_sizes_is_refused():
    """F3: a partition_view of sizes [32, 16] whose result type says 48x16 is accepted by
    pto-block-nz-views (which lowers the sizes) and by verify-pto-nz (which sees only the
    consistent rank-5 output). The type and the operands disagree on what is moved: found
    by the fuzz's type-contradiction attack."""
    module = ir.Module.parse(F3_PTO)
    result = run_pipeline(module, fp.PTO_PIPELINE)
    assert not result.success


def test_finding_f4_argument_facts_with_a_dynamic_batch_are_lowered():
    """F4: a function with a dynamic-batch NZ tensor and an attribute on any argument
    (here a true nz.range fact) is refused by the func.func verifier ('expects argument
    attribute array to have the same number of elements'): pl-to-pto appends the batch
    extent argument but not its (empty) attribute dictionary."""
    module = ir.Module.parse(F4_PL)
    result = run_pipeline(module, fp.PL_PIPELINE)
    assert result.success, [d.message for d in result.errors]


F5_PL = """
func.func @kernel(%w: tensor<48x32xf16, #pl.layout<nz>>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %t = "pl.tile.load"(%w, %c0, %c0, %c16, %c32) {operandSegmentSizes = array<i32: 1, 2, 2, 0>, target_memory = "mat"} : (tensor<48x32xf16, #pl.layout<nz>>, index, index, index, index) -> !pl.tile<32x32xf16, mat, valid = 16x32>
  return
}
"""


def test_finding_f5_taller_tile_whose_valid_region_is_the_window_is_accepted():
    """F5 (over-refusal, not a soundness defect): a 16 x 32 window loaded into a 32 x 32
    tile whose declared valid region is 16 x 32 was accepted before issue 13 (the model
    confirmed its bytes) and is accepted by pto-block-nz-views in pto spelling, but
    pl-to-pto now refuses it ('sizes [16, 32] disagree with its 32x32 result tile')."""
    module = ir.Module.parse(F5_PL)
    result = run_pipeline(module, fp.PL_PIPELINE)
    assert result.success, [d.message for d in result.errors]


def test_fuzz_attacks_are_generated():
    """The bounded profile's programs carry every attack at least once (the generator
    cannot silently stop producing one)."""
    features = {f for (_, f, _) in STATS.features}
    if not features:
        pytest.skip("the fuzz tests did not run in this session")
    wanted = {f"width attack: {kind}" for kind in fp.WIDTH_ATTACKS} | {
        "unsigned loop", "unsigned loop past the signed maximum", "stated range edge",
        "valid rows from a stated argument", "type contradiction: tile element",
        "type contradiction: partition type", "type contradiction: static valid type",
        "type contradiction: valid type", "store flag in another spelling"}
    assert wanted <= features, sorted(wanted - features)


def _width_cases():
    """Casts and arithmetic near every width's limits, as the attacks build them."""
    values = [0, 1, 16, 100, 127, 128, 240, 255, 256, 32767, 32768, 65520, (1 << 31) - 16,
              1 << 31, (1 << 32) + 48, -1, -16, -128, -129, -32768]
    cases = []
    for source in fp.WIDTH:
        for target in fp.WIDTH:
            for op in fp.cast_ops(source, target):
                cases += [fp.Cast(Const(v, source), target, op) for v in values]
    for type_ in fp.WIDTH:
        half = 1 << (fp.WIDTH[type_] - 1)
        for op in ("addi", "subi", "muli"):
            cases += [Bin(op, Const(half - 16, type_), Const(k, type_)) for k in (16, 32, 2)]
        cases.append(Bin("remsi", Const(-half + 16, type_), Const(48, type_)))
        cases.append(Bin("floordivsi", Const(-half + 16, type_), Const(32, type_)))
    return cases


def test_width_semantics_agree_with_mlir_constant_folding():
    """The oracle's two's complement (Cast, Bin, wrap) is what MLIR computes: every case
    is emitted as IR over constants, folded by the upstream canonicalizer, and the folded
    constants must equal the Python evaluation."""
    cases = _width_cases()
    w = fp.Writer()
    names = [case.emit(w, None) for case in cases]
    types = [case.type for case in cases]
    text = (f"func.func @f() -> ({', '.join(types)}) {{\n" + "\n".join(w.lines)
            + f"\n  return {', '.join(names)} : {', '.join(types)}\n}}\n")
    module = ir.Module.parse(text)
    result = run_pipeline(module, "builtin.module(canonicalize)")
    assert result.success, result.errors
    func = module.body.operations[0]
    ret = func.regions[0].blocks[0].operations[len(func.regions[0].blocks[0].operations) - 1]
    env = fp.Env(0, 1, {})
    for case, value in zip(cases, ret.operands, strict=False):
        folded = integer_value(value.owner.attributes["value"])
        assert folded == case.ev(env), (case.text(), case.type, folded, case.ev(env))
