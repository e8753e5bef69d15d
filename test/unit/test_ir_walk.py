"""ir_walk: the pre-order every pass plans over, the entry-block positions the
rewrites use to find dominating constants, and what a planned function keeps.

Expectations are written from the IR text (op order as printed), never read
back from the functions under test."""

import pytest

from nzpass.ir.bindings import ir, new_context
from nzpass.ir.walk import (
    defined_values,
    file_position,
    functions,
    line_and_column,
    misplaced_modules,
    module_level_ops,
    pre_order,
    qualified_name,
    value_location,
)
from nzpass.nz.coords import CoordEmitter, retained_for_rewrite
from nzpass.nz.offsets import constant_value, unchanging_ir

NESTED = """
func.func @f(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %c2 = arith.constant 2 : index
    scf.for %j = %c0 to %c2 step %c1 {
      "test.inner"() : () -> ()
    }
    "test.after_inner"() : () -> ()
  }
  %c16 = arith.constant 16 : index
  "test.two_regions"() ({
    "test.r0"() : () -> ()
  }, {
    "test.r1"() : () -> ()
  }) : () -> ()
  "test.last"(%c16) : (index) -> ()
  return
}
"""

# The ops of @f in pre-order, as printed; the entry block's own ops are marked.
EXPECTED = [("arith.constant", True), ("arith.constant", True), ("scf.for", True),
            ("arith.constant", False), ("scf.for", False), ("test.inner", False),
            ("scf.yield", False), ("test.after_inner", False), ("scf.yield", False),
            ("arith.constant", True), ("test.two_regions", True), ("test.r0", False),
            ("test.r1", False), ("test.last", True), ("func.return", True)]


@pytest.fixture
def func():
    with new_context():
        module = ir.Module.parse(NESTED)
        yield next(functions(module.operation))


def test_pre_order_visits_every_nested_op_once_in_order(func):
    ops = pre_order(func).ops
    assert isinstance(ops, list)  # a whole walk: every op, by position
    assert [op.name for op in ops] == [name for name, _ in EXPECTED]


def test_entry_positions_are_the_entry_blocks_own_ops(func):
    walk = pre_order(func)
    expected = [i for i, (_, entry) in enumerate(EXPECTED) if entry]
    assert walk.entry_positions == expected


def test_declaration_has_nothing_to_walk():
    with new_context():
        module = ir.Module.parse("func.func private @d(index) -> index")
        walk = pre_order(next(functions(module.operation)))
    assert walk.ops == [] and walk.entry_positions == []


def _never_applied(emitter: CoordEmitter) -> ir.Operation:
    raise AssertionError("retained_for_rewrite reads which positions, never a rewrite")


def test_retained_for_rewrite_keeps_targets_and_entry_constants_only(func):
    walk = pre_order(func)
    targets = dict.fromkeys([13, 5], _never_applied)  # test.last, test.inner
    kept = retained_for_rewrite(walk, targets)
    entry_constants = [0, 1, 9]
    assert kept.entry_positions == entry_constants
    assert isinstance(kept.ops, dict)  # a part of the walk: its ops keyed by position
    assert sorted(kept.ops) == sorted([*entry_constants, 13, 5])
    assert [kept.ops[i].name for i in (5, 13)] == ["test.inner", "test.last"]


def test_defined_values_point_at_their_definitions():
    with new_context():
        module = ir.Operation.parse("module {" + NESTED + "}", source_name="f.mlir")
        func = next(functions(module.operation))
        ops = pre_order(func).ops
        assert isinstance(ops, list)
        values = defined_values(func, ops)
        where = [str(value_location(v)) for v in values]
    # %n (an argument: its own column), %c0, %c1, %i, %c2, %j, %c16: line:col of
    # each definition in NESTED (line 1 is the "module {" line plus NESTED's
    # leading newline).
    assert where == [f'loc("f.mlir":{line}:{col})' for line, col in
                     [(2, 14), (3, 9), (4, 9), (5, 11), (6, 11), (7, 13), (12, 10)]]


def test_constant_memo_only_inside_unchanging_ir(func):
    walk = pre_order(func)
    c16 = walk.ops[9].results[0]
    with unchanging_ir():
        assert constant_value(c16) == 16
        assert constant_value(c16) == 16  # from the memo
    # Outside, the IR is read again: a changed constant is seen.
    walk.ops[9].attributes["value"] = ir.IntegerAttr.get(ir.IndexType.get(), 32)
    assert constant_value(c16) == 32



def test_nested_modules_name_their_functions_apart():
    """Each nested module is its own symbol table: unnamed ones are told apart by their
    position (two `loc(unknown)` modules had shared one scope; found by red team), a name
    that is no plain identifier is quoted (a module `a::@b` is not `a` holding `b`)."""
    text = ('module { module { func.func @f() { return } } loc(unknown) '
            'module { func.func @f() { return } } loc(unknown) '
            'module @a { module @b { func.func @f() { return } } } '
            'module @"a::@b" { func.func @f() { return } } }')
    with new_context():
        module = ir.Module.parse(text)
        names = [qualified_name(f) for f in functions(module.operation)]
    assert names == ["<module 0>::@f", "<module 1>::@f", "a::@b::@f", '"a::@b"::@f']


def test_misplaced_modules_are_those_not_directly_in_a_module():
    """A module in another op's region or in a function's body is misplaced, at any depth
    (found by red team: such a module's calls and target were checked by no one); one
    directly in a module is not, inside a misplaced one either, and neither is the root.
    (Unnamed: MLIR refuses a symbol, a named module, outside a symbol table.)"""
    def tagged(tag: str, body: str = "") -> str:
        return f'module attributes {{test.tag = "{tag}"}} {{ {body} }} '

    text = ("module { " + tagged("fine", tagged("deeper"))
            + '"test.container"() ({ ' + tagged("in_op", tagged("in_misplaced"))
            + '}) : () -> () func.func @f() { builtin.' + tagged("in_body")
            + "return } " + tagged("outer", 'func.func @g() { "test.wrap"() ({ builtin.'
                                  + tagged("deep_in_body") + '"test.end"() : () -> () }) '
                                  ": () -> () return }") + "}")
    with new_context():
        module = ir.Module.parse(text)
        found = sorted(ir.StringAttr(op.attributes["test.tag"]).value
                       for op in misplaced_modules(module.operation))
    assert found == ["deep_in_body", "in_body", "in_op"]


def test_module_level_ops_are_those_of_the_chain_of_modules_in_source_order():
    """Every op directly in the module or in a module nested directly in one, a nested
    module's ops right after it; nothing inside another op's region (a function's body,
    the module in it), at any depth of modules."""
    def tagged(op: str, tag: str, body: str = "") -> str:
        return f'{op} attributes {{test.tag = "{tag}"}} {{ {body} }} '

    text = ("module { " + '"test.first"() {test.tag = "first"} : () -> () '
            + tagged("module", "m1", tagged("module", "m2", 'func.func @f() attributes '
                                             '{test.tag = "f"} { builtin.'
                                             + tagged("module", "hidden") + "return } "))
            + '"test.container"() ({ ' + tagged("module", "in_op") + '}) {test.tag = "c"}'
            " : () -> () " + tagged("module", "m3") + "}")
    with new_context():
        module = ir.Module.parse(text)
        found = [ir.StringAttr(op.attributes["test.tag"]).value
                 for op in module_level_ops(module.operation)]
    assert found == ["first", "m1", "m2", "f", "c", "m3"]


def test_file_positions_read_unsigned():
    """MLIR holds a line and a column as unsigned 32-bit numbers, which the C API hands
    over as int: a message naming a second place said `line -1:-1` (found by a red team's
    helper report)."""
    with new_context():
        module = ir.Module.parse('"test.op"() : () -> () loc("a.mlir":4294967295:4294967295)'
                                 '\n"test.op"() : () -> () loc("a.mlir":3:7)')
        largest, small = (op.location for op in module.body.operations)
        assert file_position(largest) == (4294967295, 4294967295)
        assert line_and_column(largest) == "line 4294967295:4294967295"
        assert file_position(small) == (3, 7)
