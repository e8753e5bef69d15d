"""Ops whose generic operand order differs between PTOAS versions (the op table's
`generic_orders`): nzpass writes them custom, which every version reads alike,
or refuses them, never writing a generic text one version misreads."""

import subprocess
import sys
from pathlib import Path

import pytest

import nzpass
from nzpass.pto_syntax.formats import op_spec
from nzpass.tools.nzpass_opt import EXIT_DIAGNOSED, EXIT_OK

ROOT = Path(__file__).resolve().parents[2]

F32 = "!pto.tile_buf<vec, 16x64xf32>"
I32 = "!pto.tile_buf<vec, 16x64xi32>"
# Every operand of one type: a version reading them in its own order would take
# them without a complaint.
WITH_TMP = ("func.func @k(%src: !i, %tmp: !i, %dst: !i) {\n"
            "  pto.tcvt ins(%src, %tmp : !i, !i) outs(%dst : !i)\n"
            "  pto.tscatter ins(%src, %tmp : !i, !i) outs(%dst : !i)\n"
            "  return\n}\n").replace("!i", I32)
WITHOUT_TMP = f"func.func @k(%src: {F32}, %dst: {I32}) {{\n" \
              f"  pto.tcvt ins(%src : {F32}) outs(%dst : {I32})\n  return\n}}\n"
# PTOAS's parser of tscatter takes indexes or a mask pattern, never both: no custom form.
UNWRITABLE = (f"func.func @k(%a: {I32}, %b: {I32}, %c: {I32}) {{\n"
              '  "pto.tscatter"(%a, %b, %c) {maskPattern = #pto.mask_pattern<P0101>} : '
              f"({I32}, {I32}, {I32}) -> ()\n  return\n}}\n")


def test_the_table_states_each_version_s_order_of_the_two_reordered_ops():
    from nzpass.dialects.pto_table import OPS, ORDER_DIFFERS

    assert sorted(ORDER_DIFFERS) == ["pto.tcvt", "pto.tscatter"]
    assert [name for name in OPS if "generic_orders" in OPS[name]] == sorted(ORDER_DIFFERS)
    tcvt, tscatter = op_spec("pto.tcvt"), op_spec("pto.tscatter")
    assert tcvt is not None and tscatter is not None
    assert tcvt.generic_orders == {"tonibohnlein/PTOAS": ["src", "tmp?", "dst"],
                                   "hw-native-sys/PTOAS": ["src", "dst", "tmp?"]}
    assert tscatter.generic_orders == {"tonibohnlein/PTOAS": ["src", "dst", "indexes?"],
                                       "hw-native-sys/PTOAS": ["src", "indexes", "dst"]}
    # The first version's order is the entry's own.
    for spec in (tcvt, tscatter):
        first = next(iter(spec.generic_orders.values()))
        assert first == [group.name + group.count for group in spec.operands]


def test_generic_output_writes_a_filled_reordered_group_in_custom_form(cli):
    result = cli(["-"], stdin=WITH_TMP)
    assert result.code == EXIT_OK, result.err
    assert '"pto.tcvt"' not in result.out and '"pto.tscatter"' not in result.out
    assert f"pto.tcvt ins(%arg0, %arg1 : {I32}, {I32}) outs(%arg2 : {I32})" in result.out
    assert f"pto.tscatter ins(%arg0, %arg1 : {I32}, {I32}) outs(%arg2 : {I32})" in result.out
    # It reads back to the module of the input.
    custom = ["-", "--pto-syntax=custom"]
    assert cli(custom, stdin=result.out).out == cli(custom, stdin=WITH_TMP).out
    # Without tmp the groups filled come in one order in every version: generic.
    alike = cli(["-"], stdin=WITHOUT_TMP)
    assert alike.code == EXIT_OK and '"pto.tcvt"(%arg0, %arg1)' in alike.out


def test_a_file_written_straight_from_the_printer_is_pinned_too(cli, tmp_path):
    path = tmp_path / "out.mlir"
    assert cli(["-", "-o", str(path)], stdin=WITH_TMP).code == EXIT_OK
    assert path.read_text() == cli(["-"], stdin=WITH_TMP).out
    assert '"pto.tcvt"' not in path.read_text()


@pytest.mark.parametrize("syntax", ["generic", "custom"])
def test_an_ambiguous_op_no_custom_form_prints_is_refused_where_it_is_written(cli, syntax):
    result = cli(["-", f"--pto-syntax={syntax}"], stdin=UNWRITABLE)
    assert result.code == EXIT_DIAGNOSED and result.out == ""
    assert result.err.startswith(
        "<stdin>:2:3: error: cannot write 'pto.tscatter': PTOAS versions read its generic "
        "operands in different orders (tonibohnlein/PTOAS: src, dst, indexes?; "
        "hw-native-sys/PTOAS: src, indexes, dst)")
    assert "Traceback" not in result.err


def test_print_pto_refuses_it_at_the_op_s_location():
    module = nzpass.read_pto(UNWRITABLE, "k.pto")
    with pytest.raises(nzpass.PtoWriteError) as caught:
        nzpass.print_pto(module)
    (message,) = caught.value.messages
    assert message.startswith('loc("k.pto":2:3): cannot write \'pto.tscatter\'')
    # Printed text without its module: the position in that text.
    with pytest.raises(nzpass.PtoWriteError, match=r"^line 3, column 5: cannot write"):
        nzpass.print_pto(str(module))


# The two PTOAS trees the table is generated from: checked-out trees, or the
# stored mirrors (bare git directories) of this machine.
_TREES = {"tonibohnlein/PTOAS": ("/tmp/ptoas_tb", "/work/.mirror/tonibohnlein+PTOAS/repo"),
          "hw-native-sys/PTOAS": ("/tmp/ptoas_up", "/work/.mirror/hw-native-sys+PTOAS/repo")}


def _tree(tree: str, mirror: str, into: Path) -> Path | None:
    if (Path(tree) / "include/PTO/IR").is_dir():
        return Path(tree)
    if not Path(mirror).is_dir():
        return None
    into.mkdir()
    archive = subprocess.run(["git", "--git-dir", mirror, "archive", "HEAD", "include"],
                             capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into


def test_the_generator_reproduces_the_committed_table(tmp_path):
    """bench/pto_format_table.py, run on the two PTOAS trees, writes the table
    as committed, byte for byte (skipped without the trees)."""
    trees = {name: _tree(tree, mirror, tmp_path / name.split("/")[0])
             for name, (tree, mirror) in _TREES.items()}
    if None in trees.values():
        pytest.skip("no PTOAS trees on this machine")
    out = tmp_path / "table"
    out.mkdir()
    subprocess.run([sys.executable, str(ROOT / "bench/pto_format_table.py"), str(out),
                    *(f"{name}={tree}" for name, tree in trees.items())],
                   check=True, capture_output=True)
    for part in ("pto_table_views", "pto_table_orders", "pto_table_rest"):
        committed = ROOT / "python/nzpass/dialects" / f"{part}.py"
        assert (out / f"{part}.py").read_text() == committed.read_text(), part
