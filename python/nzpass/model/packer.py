"""Host-side NZ packing: logical ND arrays to and from the NZ fractal byte order.

Spec: hardware-model.md §(a)/(b) and nz-semantics.md §1. A logical ``[..., R, C]`` array
is stored as ``[B, C/c0, R/16, 16, c0]`` ("column blocks outside, row fractals inside"),
with ``c0 = 32 bytes / itemsize``. The blocked array's row-major order *is* the NZ byte
order, so packing is one reshape/transpose and unpacking is its inverse.
"""

from __future__ import annotations

from math import prod

import numpy as np

FRACTAL_ROWS = 16
C0_BYTES = 32

# Names a caller may reach for that numpy cannot express at whole-byte granularity.
_SUB_BYTE_NAMES = frozenset(
    {"bool", "bool_", "int1", "int2", "uint2", "int4", "uint4", "hf4", "float4",
     "fp4", "fp4x2", "float4_e2m1fn", "float4_e2m1fn_x2"}
)
# Kinds that are whole-byte but are not numeric payloads (bool is 1 byte but logically 1 bit).
_REFUSED_KINDS = {"b": "bool", "O": "object", "S": "bytes string", "U": "unicode string"}


class NzPackError(ValueError):
    """A shape or dtype that has no NZ layout (unaligned, wrong rank, sub-byte)."""


def c0_for_dtype(dtype) -> int:
    """Elements per 32-byte C0 line: int8 32, fp16/bf16/int16 16, fp32/int32 8."""
    if isinstance(dtype, str) and dtype.lower() in _SUB_BYTE_NAMES:
        raise NzPackError(f"dtype {dtype!r} is sub-byte or boolean; NZ supports whole-byte types")
    try:
        dt = np.dtype(dtype)
    except TypeError as exc:
        raise NzPackError(f"unknown dtype {dtype!r}: {exc}") from None
    if dt.kind in _REFUSED_KINDS:
        raise NzPackError(f"dtype {dt} ({_REFUSED_KINDS[dt.kind]}) has no NZ layout")
    if dt.itemsize == 0 or C0_BYTES % dt.itemsize:
        raise NzPackError(f"dtype {dt} has itemsize {dt.itemsize}, which does not divide 32 bytes")
    return C0_BYTES // dt.itemsize


def nz_block_shape(shape, dtype) -> tuple[int, int, int, int, int]:
    """The rank-5 NZ shape ``[B, C/c0, R/16, 16, c0]`` of a logical ``[..., R, C]`` shape."""
    shape = tuple(int(d) for d in shape)
    c0 = c0_for_dtype(dtype)
    if len(shape) < 2:
        raise NzPackError(f"NZ needs a logical rank >= 2, got shape {shape}")
    *lead, rows, cols = shape
    if rows % FRACTAL_ROWS:
        raise NzPackError(f"rows {rows} of shape {shape} are not a multiple of {FRACTAL_ROWS}")
    if cols % c0:
        raise NzPackError(
            f"columns {cols} of shape {shape} are not a multiple of c0={c0} for {np.dtype(dtype)}"
        )
    return (prod(lead), cols // c0, rows // FRACTAL_ROWS, FRACTAL_ROWS, c0)


def nz_strides(block_shape) -> tuple[int, ...]:
    """Element strides of a canonical NZ view: the row-major strides of its blocked shape."""
    strides, step = [], 1
    for dim in reversed(tuple(block_shape)):
        strides.append(step)
        step *= dim
    return tuple(reversed(strides))


def pack_nz(a: np.ndarray) -> np.ndarray:
    """Logical ``[..., R, C]`` -> contiguous ``[B, C/c0, R/16, 16, c0]``; its ravel is NZ order."""
    a = np.asarray(a)
    batch, col_blocks, row_fractals, _, c0 = nz_block_shape(a.shape, a.dtype)
    split = a.reshape(batch, row_fractals, FRACTAL_ROWS, col_blocks, c0)
    return np.ascontiguousarray(split.transpose(0, 3, 1, 2, 4))


def unpack_nz(blocked_or_flat, shape, dtype=None) -> np.ndarray:
    """Inverse of `pack_nz`: NZ data (rank-5 blocked or flat) -> logical array of ``shape``.

    ``dtype`` reinterprets the buffer's bytes (for example a uint8 dump of device memory);
    without it the buffer's own dtype is the element type.
    """
    data = np.asarray(blocked_or_flat)
    if dtype is not None and np.dtype(dtype) != data.dtype:
        data = np.ascontiguousarray(data).reshape(-1).view(np.dtype(dtype))
    block_shape = nz_block_shape(shape, data.dtype)
    if data.ndim == 5 and data.shape != block_shape:
        raise NzPackError(f"blocked shape {data.shape} does not match {block_shape} for {shape}")
    if data.ndim not in (1, 5):
        raise NzPackError(f"expected a flat or rank-5 NZ buffer, got rank {data.ndim}")
    if data.size != prod(block_shape):
        raise NzPackError(f"NZ buffer holds {data.size} elements, shape {shape} needs "
                          f"{prod(block_shape)}")
    logical = data.reshape(block_shape).transpose(0, 2, 3, 1, 4)
    return np.ascontiguousarray(logical).reshape(tuple(shape))
