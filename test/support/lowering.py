"""Shared by the simulator tests: write a pl kernel as MLIR text and lower it to
pto with nzpass's passes."""

from nzpass import run_pipeline
from nzpass.ir.bindings import ir

PIPELINE = "builtin.module(block-nz-tensor-views,materialize-tensor-strides,convert-pl-to-pto)"


def lower(text: str) -> ir.Module:
    """Parse `text` in the current context and lower it; the lowering must succeed."""
    module, errors = try_lower(text)
    assert not errors, errors
    return module


def try_lower(text: str) -> tuple[ir.Module, list[str]]:
    """The lowered module and the messages of the errors that refused it."""
    module = ir.Module.parse(text)
    result = run_pipeline(module, PIPELINE)
    return module, [d.message for d in result.diagnostics if d.severity.value == "error"]


class Kernel:
    """A `pl` kernel as generic MLIR text: `@kernel(args)`, index constants hoisted."""

    def __init__(self, *args: tuple[str, str]):
        self.args = args
        self.consts: set[int] = set()
        self.lines: list[str] = []

    def idx(self, value) -> str:
        if isinstance(value, str):
            return value
        self.consts.add(value)
        return f"%c{value}"

    def emit(self, line: str) -> None:
        self.lines.append(line)

    def load(self, result, tensor, tensor_type, offsets, sizes, tile_type, target="mat",
             offset_types=None, valid=()):
        operands = [tensor] + [self.idx(v) for v in (*offsets, *sizes, *valid)]
        types = [tensor_type] + (offset_types or ["index"] * len(offsets)) \
            + ["index"] * (len(sizes) + len(valid))
        rank = len(offsets)
        self.emit(f'{result} = "pl.tile.load"({", ".join(operands)}) '
                  f'{{operandSegmentSizes = array<i32: 1, {rank}, {rank}, {len(valid)}>, '
                  f'target_memory = "{target}"}} : ({", ".join(types)}) -> {tile_type}')

    def store(self, tile, tile_type, tensor, tensor_type, offsets, attrs=""):
        operands = [tile, tensor] + [self.idx(v) for v in offsets]
        types = [tile_type, tensor_type] + ["index"] * len(offsets)
        attrs = f", {attrs}" if attrs else ""
        self.emit(f'%stored{len(self.lines)} = "pl.tile.store"({", ".join(operands)}) '
                  f'{{operandSegmentSizes = array<i32: 1, 1, {len(offsets)}, 0>{attrs}}} : '
                  f'({", ".join(types)}) -> {tensor_type}')

    def for_(self, iv, lb, ub, step, iter_args=""):
        self.emit(f"scf.for {iv} = {self.idx(lb)} to {self.idx(ub)} step {self.idx(step)}"
                  f"{iter_args} {{")

    def block_idx(self, result="%bi", blocks: int | None = None):
        """get_block_idx; `blocks` states the launch's block count as a fact."""
        fact = f" {{nz.range = array<i64: 0, {blocks}>}}" if blocks is not None else ""
        self.emit(f'{result} = "pl.tile.get_block_idx"(){fact} : () -> index')
        return result

    def muli(self, result, a, b, type_="index"):
        self.emit(f"{result} = arith.muli {self.idx(a)}, {self.idx(b)} : {type_}")
        return result

    def text(self) -> str:
        head = "func.func @kernel(" + ", ".join(f"{n}: {t}" for n, t in self.args) + ") {"
        consts = [f"  %c{n} = arith.constant {n} : index" for n in sorted(self.consts)]
        return "\n".join([head, *consts, *("  " + line for line in self.lines),
                          "  return", "}"])
