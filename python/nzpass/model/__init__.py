"""Pure-numpy reference model of NZ tensors: host packing, A2/A3 data movement, and a
simulator that runs `pto` functions on numpy buffers (`help(Simulator)`), and
`python -m nzpass.model.run FILE`, which checks matmul kernels against `x @ w.T`."""

from .hardware import (
    GlobalTensor,
    GmOutOfBounds,
    HardwareLimitError,
    Tile,
    gm_gap_blocks,
    tload_nd2nd,
    tload_nd2nz,
    tload_nz2nz,
    tstore_acc_nz2nz,
    tstore_nd,
)
from .packer import NzPackError, c0_for_dtype, nz_block_shape, nz_strides, pack_nz, unpack_nz
from .simulator import (
    BUILTIN_HOOKS,
    MATMUL_HOOKS,
    FactViolation,
    Partition,
    RunResult,
    SimulationError,
    Simulator,
    TileSnapshot,
    matmul_acc_hook,
    matmul_hook,
    zeros_hook,
)

__all__ = [
    "BUILTIN_HOOKS",
    "MATMUL_HOOKS",
    "FactViolation",
    "GlobalTensor",
    "GmOutOfBounds",
    "HardwareLimitError",
    "NzPackError",
    "Partition",
    "RunResult",
    "SimulationError",
    "Simulator",
    "Tile",
    "TileSnapshot",
    "c0_for_dtype",
    "gm_gap_blocks",
    "matmul_acc_hook",
    "matmul_hook",
    "nz_block_shape",
    "nz_strides",
    "pack_nz",
    "tload_nd2nd",
    "tload_nd2nz",
    "tload_nz2nz",
    "tstore_acc_nz2nz",
    "tstore_nd",
    "unpack_nz",
    "zeros_hook",
]
