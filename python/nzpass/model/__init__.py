"""Pure-numpy reference model of NZ tensors: host packing, A2/A3 data movement, and a
simulator that runs the memory path of `pto` functions on numpy buffers."""

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
    MATMUL_HOOKS,
    Partition,
    RunResult,
    SimulationError,
    Simulator,
    TileSnapshot,
    matmul_hook,
)

__all__ = [
    "GlobalTensor", "GmOutOfBounds", "HardwareLimitError", "MATMUL_HOOKS", "NzPackError",
    "Partition", "RunResult", "SimulationError", "Simulator", "Tile", "TileSnapshot",
    "c0_for_dtype", "gm_gap_blocks", "matmul_hook", "nz_block_shape", "nz_strides", "pack_nz",
    "tload_nd2nd", "tload_nd2nz", "tload_nz2nz", "tstore_acc_nz2nz", "tstore_nd", "unpack_nz",
]
