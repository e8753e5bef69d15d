"""Every NZ view of one GM tensor reads its bytes the same way, and nothing else reads them.

NZ is a byte-order promise for one logical [R, C] plane (docs/nz-semantics.md, section
8.5): a view's dims 1..4 `[C/c0, R/16, 16, c0]`, its element type and its column-block
stride say where each logical element lies. Two NZ views of one tensor that disagree on
any of them cannot both be right, and an ND or DN view, a `pto.load_scalar` or any other
use of the pointer reads (or writes) fractal-ordered bytes as if they were row-major. So,
for each GM pointer argument an NZ view is (transitively, through direct calls) of:

- every NZ view of the same root base, an argument it transitively is (its own function's
  included: one only a cycle calls has no other), must state the same element type, dims
  1..4 and stride[1], and stride[0] where both views hold more than one batch (fewer
  batches from the same base are a prefix); a dim or stride that is no constant must be one
  value over the whole launch (`_Fixedness`), and two views agree on it only where it is
  provably the same value, however each function computes it;
- the pointer may be used only as the base of NZ views and as an operand of a `func.call`
  to a function defined in the module, whose argument then obeys the same rule; besides,
  only by uses that move no data the kernel computes with (`_inert`): a `func.return` of
  it from a function nothing in the module calls (PyPTO kernels return their output), and
  the whole-tensor flatten `pl.tensor.reshape` block-nz-tensor-views keeps for a prefetch
  when prefetches are all that use it.

Each call of a function whose pointer argument is such a base must pass its caller's own GM
pointer argument there (a `func.constant` of it, whose calls are indirect, is refused): an
offset or reinterpreted pointer moves the fractal grid, and no rule here sees it.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import NamedTuple

from ..dialects import pl, pto
from ..dialects.opaque_errors import opaque_refusal
from ..errors import Refusal
from ..ir import op_names
from ..ir.bindings import ir
from ..ir.walk import function_of_argument, line_and_column, qualified_name, symbol_scope
from ..records import record
from .offsets import AnyOp, constant_value

# (the func.func's qualified name, ir/walk.qualified_name, the index of its pointer argument)
Base = tuple[str, int]
NzViewTest = Callable[[ir.Operation], bool]  # is this make_tensor_view NZ?
# What a dynamic dim or stride is on every execution of the launch, spelled alike wherever it
# is computed: ("arg", function, index) for a function argument one value per launch,
# ("const", n, type), ("op", name, attributes, result number, type, *operand keys) for an
# arith op of such values: every key names its type, since a cast reads the same number
# of two types as two values (index_castui of -1 : i32 is 2**32 - 1 where index is 64
# bits, of -1 : i64 it is 2**64 - 1; found by red team).
FixedKey = tuple
# A dim or stride of a view: its constant value, else the SSA value that is it (as the walk
# notes it), or that value's FixedKey (as the views are compared).
Extent = int | ir.Value | FixedKey


@record
class Geometry(NamedTuple):
    """What an NZ view says of its tensor's byte order."""

    element: str
    plane: tuple[Extent, ...]  # dims 1..4, then stride[1]
    batch_stride: Extent
    single_batch: bool  # shape[0] is provably 1: stride[0] is never used


@record
class View(NamedTuple):
    base: Base
    geometry: Geometry
    loc: ir.Location


@record
class _Pass(NamedTuple):
    """A func.call operand that is a pointer argument of the caller."""

    callee: str
    argument: int  # the callee's argument the pointer becomes
    loc: ir.Location


@record
class _Reference(NamedTuple):
    """A func.call (its operands) or func.constant (None: its calls are indirect), in the
    function `caller` (None: outside any)."""

    loc: ir.Location
    operands: list[ir.Value] | None
    caller: str | None = None


class BasePointers:
    """What the walk finds about GM pointer arguments; `refusals()` judges it at the end."""

    __slots__ = ("_defined", "_foreign", "_passes", "_references", "_returns", "_views")

    def __init__(self) -> None:
        self._views: list[View] = []
        self._references: dict[str, list[_Reference]] = {}
        self._passes: dict[Base, list[_Pass]] = {}
        # The first use of each pointer argument that is neither an NZ view nor a call.
        self._foreign: dict[Base, tuple[ir.Location, str]] = {}
        self._defined: set[str] = set()
        # Where each pointer argument is returned: harmless only from a kernel.
        self._returns: dict[Base, ir.Location] = {}

    def note_view(self, base: Base, geometry: Geometry, loc: ir.Location) -> None:
        self._views.append(View(base, geometry, loc))

    def note_reference(self, op: ir.Operation, name: str) -> None:
        """A func.call or func.constant of @name, resolved in the module it sits in."""
        operands = list(op.operands) if op.name == op_names.FUNC_CALL else None
        self._references.setdefault(symbol_scope(op) + name, []).append(
            _Reference(op.location, operands, _enclosing_function(op)))

    def note_function(self, function: ir.Operation, is_nz_view: NzViewTest) -> None:
        """The uses of each pointer argument of a defined function, once its ops are checked
        (`is_nz_view` answers for a make_tensor_view)."""
        if not function.regions[0].blocks:
            return
        name = qualified_name(function)
        self._defined.add(name)
        for index, arg in enumerate(function.regions[0].blocks[0].arguments):
            if opaque_refusal(arg.location, partial(pto.ptr_element, arg.type)) is None:
                continue  # only a pointer can be the base of a view
            for use in arg.uses:
                self._note_use((name, index), use.owner.operation, use.operand_number,
                               is_nz_view)

    def _note_use(self, base: Base, user: ir.Operation, operand: int,
                  is_nz_view: NzViewTest) -> None:
        if user.name == op_names.FUNC_CALL and "callee" in user.attributes:
            callee = symbol_scope(user) + ir.FlatSymbolRefAttr(user.attributes["callee"]).value
            self._passes.setdefault(base, []).append(_Pass(callee, operand, user.location))
            return
        if user.name == op_names.FUNC_RETURN:
            self._returns.setdefault(base, user.location)
            return
        if (operand == 0 and is_nz_view(user)) or _inert(user):
            return
        self._foreign.setdefault(base, (user.location, user.name))

    def refusals(self) -> list[Refusal]:
        refusals: list[Refusal] = []
        viewed = self._viewed(refusals)
        refusals.extend(self._disagreements(self._fixed_views(refusals)))
        refusals.extend(self._foreign_uses(viewed))
        return refusals

    def _fixed_views(self, refusals: list[Refusal]) -> list[View]:
        """The views with each dynamic extent spelled as what it is on every execution; a
        view with one that may differ between executions is refused (and compared with
        none: its plane is no one plane)."""
        fixedness = _Fixedness(self._references)
        fixed = []
        for view in self._views:
            resolved = fixedness.geometry(view.geometry)
            if isinstance(resolved, Geometry):
                fixed.append(view._replace(geometry=resolved))
            else:
                refusals.append(_varying_extent(view, *resolved))
        return fixed

    # ------------------------------------------------------------ the closure

    def _viewed(self, refusals: list[Refusal]) -> dict[Base, ir.Location]:
        """Every pointer argument an NZ view is of, through the calls that pass it, with the
        first such view; a reference that passes no pointer argument of its caller there
        is refused."""
        viewed: dict[Base, ir.Location] = {}
        for view in self._views:
            viewed.setdefault(view.base, view.loc)
        pending = list(viewed.items())
        while pending:
            (name, index), view_loc = pending.pop()
            for ref in self._references.get(name, ()):
                passed = _passed_argument(ref, index)
                if passed is None:
                    refusals.append(_unproved_reference(ref, name, index, view_loc))
                elif passed not in viewed:
                    viewed[passed] = view_loc
                    pending.append((passed, view_loc))
        return viewed

    def _receiving(self, viewed: dict[Base, ir.Location]) -> dict[Base, ir.Location]:
        """`viewed` and every argument a call passes one of them to, transitively: a callee
        handed NZ bytes must read them as NZ too."""
        bound = dict(viewed)
        pending = list(bound.items())
        while pending:
            base, view_loc = pending.pop()
            for passed in self._passes.get(base, ()):
                key = (passed.callee, passed.argument)
                if key not in bound:
                    bound[key] = view_loc
                    pending.append((key, view_loc))
        return bound

    def _roots(self, base: Base, memo: dict[Base, frozenset[Base]]) -> frozenset[Base]:
        """`base` and every argument it transitively is, through the calls that pass it on:
        the groups whose views must agree. Every function is a root of its own, not only
        those nothing calls: one that only a cycle reaches (a kernel that calls itself,
        two that call each other) has no other, and the host may launch any function.
        Adding a root only adds comparisons: the group of a base that has callers is a
        part of each of its callers' groups. A walk with its own visited set, since a
        memo filled inside a cycle would hold a part of the closure; `memo` keeps only
        whole ones."""
        found = memo.get(base)
        if found is not None:
            return found
        closure = {base}
        pending = [base]
        while pending:
            name, index = pending.pop()
            for ref in self._references.get(name, ()):
                caller = _passed_argument(ref, index)
                if caller is None or caller in closure:
                    continue  # a reference passing no argument is refused by `_viewed`
                known = memo.get(caller)
                if known is not None:
                    closure |= known
                else:
                    closure.add(caller)
                    pending.append(caller)
        memo[base] = roots = frozenset(closure)
        return roots

    # ------------------------------------------------------------ the rules

    def _disagreements(self, views: list[View]) -> list[Refusal]:
        groups: dict[Base, ViewGroup] = {}
        memo: dict[Base, frozenset[Base]] = {}
        refusals = []
        for view in views:
            for root in sorted(self._roots(view.base, memo)):
                earlier = groups.setdefault(root, ViewGroup()).disagreeing(view)
                if earlier is not None:
                    refusals.append(_disagreement(view, earlier, root))
                    break
        return refusals

    def _foreign_uses(self, viewed: dict[Base, ir.Location]) -> list[Refusal]:
        refusals = []
        for base, view_loc in sorted(self._receiving(viewed).items(), key=lambda kv: kv[0]):
            name, index = base
            foreign = self._foreign.get(base)
            if foreign is None and base in self._returns and name in self._references:
                foreign = (self._returns[base], op_names.FUNC_RETURN)
            if foreign is not None:
                refusals.append(_foreign_use(foreign, name, index, view_loc))
            refusals.extend(_undefined_callee(passed, name, index, view_loc)
                            for passed in self._passes.get(base, ())
                            if passed.callee not in self._defined)
        return refusals


def _inert(user: ir.Operation) -> bool:
    """A use that moves no data the kernel computes with: the whole-tensor flatten that
    only prefetches read (block-nz-tensor-views keeps it; docs/nz-semantics.md 8.5)."""
    if user.name != pl.TensorReshape.NAME or len(user.results) != 1:
        return False
    return all(use.owner.operation.name == pl.ASYNC_PREFETCH for use in user.results[0].uses)


def argument_of_function(value: ir.Value) -> Base | None:
    """(the qualified name of the func.func, the index) of the entry-block argument
    `value` is; None when it is none."""
    function = function_of_argument(value)
    if function is None:
        return None
    assert isinstance(value, ir.BlockArgument)
    return qualified_name(function), value.arg_number


def _passed_argument(ref: _Reference, index: int) -> Base | None:
    if ref.operands is None or index >= len(ref.operands):
        return None
    return argument_of_function(ref.operands[index])


def _same(a: Extent, b: Extent) -> bool:
    """Two constants that are equal, or two dynamic extents that are the same value (a
    dynamic one never agrees with a constant, even one it may take)."""
    if isinstance(a, int) or isinstance(b, int):
        return isinstance(a, int) and isinstance(b, int) and a == b
    return a == b


class ViewGroup:
    """The NZ views of one root seen so far, as far as agreeing with them goes: they all
    state one plane (the first view's), and those of more than one batch one batch stride
    (the first such view's); fewer batches of the same plane are a prefix. Both are
    equalities, so comparing each view with those two compares every pair: a single batch
    agreeing with two batch strides does not make them agree (found fixing the red team's
    recursive kernel: a one-batch view first let two others differ)."""

    __slots__ = ("_batched", "_first")

    def __init__(self) -> None:
        self._first: View | None = None
        self._batched: View | None = None

    def disagreeing(self, view: View) -> View | None:
        """The earlier view `view` disagrees with, None when none; `view` joins the group."""
        if self._first is None:
            self._first = view
        elif not _same_plane(self._first.geometry, view.geometry):
            return self._first
        if view.geometry.single_batch:
            return None
        if self._batched is None:
            self._batched = view
        if _same(self._batched.geometry.batch_stride, view.geometry.batch_stride):
            return None
        return self._batched


def _same_plane(a: Geometry, b: Geometry) -> bool:
    return a.element == b.element and all(map(_same, a.plane, b.plane))


def _show(geometry: Geometry) -> str:
    """The geometry as a message names it; stride[0] only where it is used (two views can
    disagree on it alone)."""
    def shown(extent: Extent) -> str:
        return str(extent) if isinstance(extent, int) else "?"
    dims = ", ".join(map(shown, geometry.plane[:4]))
    batch = "" if geometry.single_batch else f", stride[0] = {shown(geometry.batch_stride)}"
    return f"[B, {dims}] x {geometry.element}, stride[1] = {shown(geometry.plane[4])}{batch}"


def _disagreement(view: View, earlier: View, root: Base) -> Refusal:
    return Refusal(view.loc, f"NZ view {_show(view.geometry)} of @{root[0]}'s pointer argument "
                   f"{root[1]} disagrees with its NZ view at {line_and_column(earlier.loc)} "
                   f"({_show(earlier.geometry)}): NZ states where each element of one "
                   "logical [R, C] plane lies, so two views of the same bytes must agree on "
                   "the element type, dims 1..4 and stride[1] (and stride[0] beyond one "
                   "batch); a dynamic dim agrees only with one provably the same value "
                   "(the same arith of the same constants and launch arguments). View the "
                   "tensor one way (fewer batches of the same plane are fine)")


def _foreign_use(foreign: tuple[ir.Location, str], name: str, index: int,
                 view_loc: ir.Location) -> Refusal:
    loc, op_name = foreign
    return Refusal(loc, f"'{op_name}' uses pointer argument {index} of @{name}, whose bytes an "
                   f"NZ view (at {line_and_column(view_loc)}) reads in fractal order: any other "
                   "use (an ND or DN view, a scalar access, a cast) reads or writes them as if "
                   "they were row-major, which no rule here checks; use the pointer only as the "
                   "base of NZ views of one geometry, or pass a separate ND tensor")


def _undefined_callee(passed: _Pass, name: str, index: int, view_loc: ir.Location) -> Refusal:
    return Refusal(passed.loc, f"call of @{passed.callee} passes pointer argument {index} of "
                   f"@{name}, whose bytes an NZ view (at {line_and_column(view_loc)}) reads "
                   "in fractal order, to a function with no body in the module: what it does "
                   "with them cannot be checked; define it in the module or do not pass the "
                   "pointer")


def _unproved_reference(ref: _Reference, name: str, index: int, view_loc: ir.Location
                        ) -> Refusal:
    return Refusal(ref.loc, f"reference of @{name}, whose pointer argument {index} is the base "
                   f"of an NZ view (at {line_and_column(view_loc)}), that does not pass a GM "
                   "pointer argument of the caller there: an offset or reinterpreted pointer "
                   "(or an indirect call) moves the fractal grid off the tensor's; call it "
                   "directly with the caller's own pointer argument")


# ---------------------------------------------------------------- extents fixed for a launch

# The fields of a view's plane, as a refusal names them (Geometry.plane's order).
_PLANE_FIELDS = ("dim 1 (C/c0)", "dim 2 (R/16)", "dim 3", "dim 4", "stride[1]")
_ARITH_PREFIX = "arith."
# Deeper arithmetic than this is not followed (each level is a Python frame): not fixed.
_MAX_FIXED_DEPTH = 64


class _Varying(NamedTuple):
    """Why a value may differ between executions of the ops that read it."""

    reason: str


class _Fixedness:
    """What each dynamic extent is on every execution of the launch (a FixedKey), or why it
    may differ between executions (_Varying). An SSA value is one value per execution of
    its definition, not per launch: an scf.for induction variable (or anything computed from
    it) changes every iteration, and a callee's argument is whatever each call passes (found
    by red team: one view of a loop's IV rows, and one view in a callee called with 16 and
    32 rows, read one tensor as planes of two heights). Fixed are: constants; an argument of
    a function no call in the module reaches (the host's launch sets it once); an argument
    every call passes the same fixed value, or itself back, of a function no cycle of calls
    reaches but by passing it itself (else the host may launch it with one value and its
    cycle call it with another); and arith ops of fixed values (arith is pure: the same
    operands give the same result wherever it runs)."""

    __slots__ = ("_callers", "_memo", "_references")

    def __init__(self, references: dict[str, list[_Reference]]) -> None:
        self._references = references
        self._memo: dict[ir.Value, FixedKey | _Varying] = {}
        self._callers: dict[str, frozenset[str]] = {}

    def geometry(self, geometry: Geometry) -> Geometry | tuple[str, str]:
        """`geometry` with each dynamic extent it uses as its key, or (the extent, why it
        may vary) for the first that may; stride[0] only where it is used."""
        plane: list[Extent] = []
        for name, extent in zip(_PLANE_FIELDS, geometry.plane, strict=True):
            key = self._extent(extent)
            if isinstance(key, _Varying):
                return name, key.reason
            plane.append(key)
        batch = geometry.batch_stride
        if not geometry.single_batch:
            batch = self._extent(batch)
            if isinstance(batch, _Varying):
                return "stride[0]", batch.reason
        return geometry._replace(plane=tuple(plane), batch_stride=batch)

    def _extent(self, extent: Extent) -> Extent | _Varying:
        return self.key(extent) if isinstance(extent, ir.Value) else extent

    def key(self, value: ir.Value, depth: int = 0) -> FixedKey | _Varying:
        found = self._memo.get(value)
        if found is None:
            if depth > _MAX_FIXED_DEPTH:
                return _Varying("its arithmetic is too deep to follow")
            # A value reached again while its own key is worked out is in a cycle.
            self._memo[value] = _Varying("it is computed in a cycle of calls")
            found = self._memo[value] = self._compute(value, depth)
        return found

    def _compute(self, value: ir.Value, depth: int) -> FixedKey | _Varying:
        if isinstance(value, ir.BlockArgument):
            return self._argument(value, depth)
        op = value.owner
        where = line_and_column(op.location)
        if op.name == op_names.ARITH_CONSTANT:
            constant = constant_value(value)
            if constant is None:
                return _Varying(f"the constant at {where} is no integer every PTOAS holds")
            return ("const", constant, str(value.type))
        if not op.name.startswith(_ARITH_PREFIX) or len(op.regions):
            return _Varying(f"it is the result of '{op.name}' at {where}, which nothing "
                            "proves the same on every execution")
        keys = []
        for operand in op.operands:
            key = self.key(operand, depth + 1)
            if isinstance(key, _Varying):
                return key
            keys.append(key)
        return ("op", op.name, _attributes(op), value.result_number, str(value.type), *keys)

    def _argument(self, arg: ir.BlockArgument, depth: int) -> FixedKey | _Varying:
        base = argument_of_function(arg)
        if base is None:
            return _Varying(f"it is a region's block argument at {line_and_column(arg.location)}"
                            " (an scf.for induction variable or a loop-carried value), a new "
                            "value each iteration")
        name, index = base
        passed: dict[FixedKey, ir.Location] = {}  # each value passed, at its first call
        for ref in self._references.get(name, ()):
            if ref.operands is None:
                return _Varying(f"it is argument {index} of @{name}, which the func.constant "
                                f"at {line_and_column(ref.loc)} calls indirectly with values "
                                "no rule sees")
            if index >= len(ref.operands) or ref.operands[index] == arg:
                continue  # a call of the wrong arity (MLIR refuses it), or it passed back
            key = self.key(ref.operands[index], depth + 1)
            if isinstance(key, _Varying):
                return _Varying(f"it is argument {index} of @{name}, which the call at "
                                f"{line_and_column(ref.loc)} passes a value that may vary: "
                                f"{key.reason}")
            passed.setdefault(key, ref.loc)
        if not passed:
            return ("arg", name, index)  # only the host's launch sets it
        if len(passed) > 1:
            first, second = (line_and_column(loc) for loc in list(passed.values())[:2])
            return _Varying(f"it is argument {index} of @{name}, which its calls pass "
                            f"different values (the calls at {first} and {second})")
        if name in self._reaching(name):
            return _Varying(f"it is argument {index} of @{name}, which calls itself (through "
                            "a cycle) with another value than the host may launch it with")
        return next(iter(passed))

    def _reaching(self, name: str) -> frozenset[str]:
        """Every function whose calls (transitively) reach @name; a reference outside any
        function counts as none."""
        found = self._callers.get(name)
        if found is not None:
            return found
        reached: set[str] = set()
        pending = [name]
        while pending:
            for ref in self._references.get(pending.pop(), ()):
                if ref.caller is not None and ref.caller not in reached:
                    reached.add(ref.caller)
                    pending.append(ref.caller)
        self._callers[name] = callers = frozenset(reached)
        return callers


def _attributes(op: AnyOp) -> tuple[tuple[str, str], ...]:
    """The op's attributes as text: what besides its operands says what it computes (a
    cmpi's predicate), so that two ops of one key compute alike."""
    attributes = op.attributes
    return tuple(sorted((name, str(attributes[name])) for name in attributes))


def _enclosing_function(op: ir.Operation) -> str | None:
    """The qualified name of the func.func `op` is nested in; None outside any."""
    current = op.parent
    while current is not None:
        current = current.operation
        if current.name == op_names.FUNC_FUNC:
            return qualified_name(current)
        current = current.parent
    return None


def _varying_extent(view: View, extent: str, reason: str) -> Refusal:
    return Refusal(view.loc, f"NZ view {_show(view.geometry)} states its {extent} by a value "
                   f"that may differ between executions of the view ({reason}): one GM "
                   "tensor has one byte order for the whole launch, and a plane whose extent "
                   "changes from one iteration or call to the next reads the same bytes as "
                   "differently shaped planes, at most one of them the tensor's. State the "
                   "extent by a value fixed for the launch: a constant, a kernel argument, an "
                   "argument every call passes the same such value, or arith of those")
