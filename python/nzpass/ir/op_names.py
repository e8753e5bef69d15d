"""The names of the upstream ops nzpass reads or builds: one table, no MLIR in it.

The bindings' generated dialect modules (`mlir.dialects.arith`, `func`, `scf`,
`builtin`) would give these names as `arith.AddIOp.OPERATION_NAME`, but importing
them costs 12 ms of a 100 ms CLI run, and nzpass needs nothing else from them: it
builds ops with `Operation.create` and reads them as generic views. The empty modules
in `nzpass._dialect_modules` stand in for them when the bindings wrap an op; a process
that imports the upstream modules itself gets their views, which nzpass reads the
same way (tested). test_op_names.py checks every name here against the upstream
modules, so a renamed op fails a test instead of a match.
"""

from __future__ import annotations

BUILTIN_MODULE = "builtin.module"
BUILTIN_UNREALIZED_CONVERSION_CAST = "builtin.unrealized_conversion_cast"

FUNC_FUNC = "func.func"
FUNC_CALL = "func.call"
FUNC_CALL_INDIRECT = "func.call_indirect"
FUNC_CONSTANT = "func.constant"
FUNC_RETURN = "func.return"
# The ops calling a function (its body, which a rule follows or not, computes their results).
CALLS = frozenset((FUNC_CALL, FUNC_CALL_INDIRECT))

SCF_FOR = "scf.for"
SCF_FORALL = "scf.forall"
SCF_IF = "scf.if"
SCF_INDEX_SWITCH = "scf.index_switch"
SCF_EXECUTE_REGION = "scf.execute_region"
SCF_PARALLEL = "scf.parallel"
SCF_WHILE = "scf.while"
SCF_CONDITION = "scf.condition"
SCF_YIELD = "scf.yield"

MEMREF_ALLOC = "memref.alloc"
MEMREF_ALLOCA = "memref.alloca"
MEMREF_CAST = "memref.cast"
MEMREF_COLLAPSE_SHAPE = "memref.collapse_shape"
MEMREF_EXPAND_SHAPE = "memref.expand_shape"
MEMREF_REINTERPRET_CAST = "memref.reinterpret_cast"
MEMREF_SUBVIEW = "memref.subview"
MEMREF_TRANSPOSE = "memref.transpose"
MEMREF_VIEW = "memref.view"

ARITH_CONSTANT = "arith.constant"
ARITH_ADDI = "arith.addi"
ARITH_SUBI = "arith.subi"
ARITH_MULI = "arith.muli"
ARITH_DIVSI = "arith.divsi"
ARITH_DIVUI = "arith.divui"
ARITH_FLOORDIVSI = "arith.floordivsi"
ARITH_CEILDIVSI = "arith.ceildivsi"
ARITH_CEILDIVUI = "arith.ceildivui"
ARITH_REMSI = "arith.remsi"
ARITH_REMUI = "arith.remui"
ARITH_MINSI = "arith.minsi"
ARITH_MAXSI = "arith.maxsi"
ARITH_MINUI = "arith.minui"
ARITH_MAXUI = "arith.maxui"
ARITH_SHLI = "arith.shli"
ARITH_SHRSI = "arith.shrsi"
ARITH_SHRUI = "arith.shrui"
ARITH_ANDI = "arith.andi"
ARITH_ORI = "arith.ori"
ARITH_XORI = "arith.xori"
ARITH_EXTSI = "arith.extsi"
ARITH_EXTUI = "arith.extui"
ARITH_TRUNCI = "arith.trunci"
ARITH_INDEX_CAST = "arith.index_cast"
ARITH_INDEX_CASTUI = "arith.index_castui"
ARITH_SELECT = "arith.select"
ARITH_CMPI = "arith.cmpi"

# The `predicate` attribute of arith.cmpi: the values of the bindings' `arith.CmpIPredicate`.
CMPI_PREDICATES = {"eq": 0, "ne": 1, "slt": 2, "sle": 3, "sgt": 4, "sge": 5,
                   "ult": 6, "ule": 7, "ugt": 8, "uge": 9}

# The upstream dialects whose generated Python modules nzpass stands in for.
STOOD_IN_DIALECTS = ("builtin", "func", "arith", "scf")
