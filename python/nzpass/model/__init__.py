"""Pure-numpy reference model of NZ tensors: host packing and A2/A3 data movement."""

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
)
from .packer import NzPackError, c0_for_dtype, nz_block_shape, nz_strides, pack_nz, unpack_nz

__all__ = [
    "GlobalTensor", "GmOutOfBounds", "HardwareLimitError", "NzPackError", "Tile",
    "c0_for_dtype", "gm_gap_blocks", "nz_block_shape", "nz_strides", "pack_nz",
    "tload_nd2nd", "tload_nd2nz", "tload_nz2nz", "tstore_acc_nz2nz", "unpack_nz",
]
