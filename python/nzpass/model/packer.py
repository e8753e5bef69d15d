"""Host-side NZ packing: logical ND arrays to and from the NZ fractal byte order.

Spec: docs/hardware-model.md (a)/(b) and docs/nz-semantics.md section 1. A logical
``[..., R, C]`` array is stored as ``[B, C/c0, R/16, 16, c0]`` ("column blocks outside, row
fractals inside"), with ``c0 = 32 bytes / itemsize``. The blocked array's row-major order
*is* the NZ byte order, so packing is one reshape/transpose and unpacking is its inverse.

That transpose moves whole 32-byte C0 lines: seen as 32-byte items, packing turns each
``[R, C/c0]`` matrix of lines into ``[C/c0, R]`` and unpacking does the reverse. Large
C-contiguous arrays take `_transpose_lines` (staged gathers, 2-2.5x faster than numpy's
strided transpose copy, split among threads from 8 MiB; see bench/packer_bench.py); small
or strided ones keep the plain expression.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from math import prod

import numpy as np

from ..nz.layout import C0_BYTES, FRACTAL_ROWS

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
    block_shape = nz_block_shape(a.shape, a.dtype)
    batch, col_blocks, row_fractals, _, c0 = block_shape
    rows = row_fractals * FRACTAL_ROWS
    if _lines_path(a, col_blocks):
        out = np.empty(block_shape, a.dtype)
        _transpose_lines(_lines(a, batch, rows, col_blocks), _lines(out, batch, col_blocks, rows))
        return out
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
    batch, col_blocks, row_fractals, _, _ = block_shape
    if _lines_path(data, col_blocks):
        rows = row_fractals * FRACTAL_ROWS
        out = np.empty(tuple(shape), data.dtype)
        _transpose_lines(_lines(data, batch, col_blocks, rows),
                         _lines(out, batch, rows, col_blocks))
        return out
    logical = data.reshape(block_shape).transpose(0, 2, 3, 1, 4)
    return np.ascontiguousarray(logical).reshape(tuple(shape))


# --- the large-array path -----------------------------------------------------------------
#
# Tuned on a 2-core AMD EPYC guest (48 KiB L1d, 1 MiB L2 per core, 32 MiB shared L3) against
# np.copy of 256 MiB; bench/packer_bench.py measures it. Why it is shaped this way:
#
# * One side of a 256 MiB transpose is always read or written in short runs (C0 lines of one
#   row band), and on this machine short scattered runs cost about twice a sequential stream.
#   The destination is therefore written in long sequential runs straight from `take` (so the
#   kernel's page zeroing and our writes stay close together, as in np.copy), and only the
#   source is read in runs of `t` lines per row (1 KiB and up), into a staging buffer of at
#   most 4.5 MiB. (Reading whole rows and scattering the writes instead measures the same.)
# * `take` of 32-byte void items (a constant-size copy per index) is the cheapest gather numpy
#   has for this, about 1 ns per line from cache; strided assignment of void32 is ~2 ns (a
#   memmove per item), 16-byte halves as complex128 are slower still (two short passes).
# * The staging rows are padded so that their stride is not a multiple of 4 KiB: the gather
#   walks the stage column-wise and unpadded rows would all land in the same L1 sets.
# * Python loops run over bands and slabs of thousands of lines, never over lines.
# * Every gather index is in range by construction (the tests compare bytes with the plain
#   expression); mode="wrap" only skips the per-index bounds check of the default "raise".

_LINE = np.dtype((np.void, C0_BYTES))
_LINES_MIN_BYTES = 128 << 10    # below this the plain transpose is as fast (and simpler)
_STAGE_BYTES = 2 << 20          # target source-band size: sets the run length `t`
_STAGE_MAX_BYTES = 9 << 19      # hard cap on the padded staging buffer (4.5 MiB)
_MIN_RUN = 32                   # lines per source run (1 KiB); shorter runs cost more
_TAKE_BYTES = 512 << 10         # output written per `take` call
_GROUP_BYTES = 512 << 10        # matrices up to this size are gathered several at a time


def _lines_path(arr: np.ndarray, col_blocks: int) -> bool:
    """Whether `_transpose_lines` applies: large, C-contiguous, and not a pure reshape.

    With one column block the NZ order is the logical order, and the plain expression
    returns without copying; that case (and small or strided arrays) keeps it unchanged.
    """
    return (col_blocks > 1 and arr.nbytes >= _LINES_MIN_BYTES
            and arr.flags.c_contiguous and not arr.dtype.hasobject)


def _lines(arr: np.ndarray, batch: int, rows: int, cols: int) -> np.ndarray:
    """A C-contiguous array seen as ``[batch, rows, cols]`` 32-byte C0 lines (a view)."""
    return arr.reshape(-1).view(_LINE).reshape(batch, rows, cols)


def _padded(n: int) -> int:
    """A staging row length >= n whose byte stride is 64 mod 128 (odd cache-line step)."""
    return n + (2 - n) % 4


def _spans(n: int, step: int) -> list[tuple[int, int]]:
    return [(i, min(step, n - i)) for i in range(0, n, step)]


def _transpose_lines(src: np.ndarray, out: np.ndarray) -> None:
    """``out[b] = src[b].T`` for C-contiguous ``[B, M, N]`` / ``[B, N, M]`` void32 arrays."""
    _, m, n = src.shape
    if m * n * C0_BYTES <= _GROUP_BYTES:
        _transpose_grouped(src, out)
    else:
        _transpose_banded(src, out)


def _transpose_grouped(src: np.ndarray, out: np.ndarray) -> None:
    """Small matrices: stage `g` whole matrices, gather them straight into `out`."""
    batch, m, n = src.shape
    s = _padded(n)
    g = max(1, min(batch, _GROUP_BYTES // (m * s * C0_BYTES)))
    index = (np.arange(g)[:, None, None] * (m * s) + np.arange(n)[None, :, None]
             + np.arange(m)[None, None, :] * s)

    def gather(groups: list[tuple[int, int]]) -> None:
        stage = np.empty((g, m, s), _LINE)
        flat = stage.reshape(-1)
        for b0, gb in groups:
            np.copyto(stage[:gb, :, :n], src[b0:b0 + gb])
            flat.take(index[:gb], out=out[b0:b0 + gb], mode="wrap")

    _split_among_threads(gather, _spans(batch, g), src.nbytes)


def _transpose_banded(src: np.ndarray, out: np.ndarray) -> None:
    """Large matrices: per band of `t` output rows, stage the source's ``[m, t]`` column band
    (runs of `t` lines), then gather whole output rows from it straight into `out`.

    A band whose stage would pass `_STAGE_MAX_BYTES` is staged in equal pieces of `mc` source
    rows; each piece then fills one contiguous segment of every output row of the band.
    """
    batch, m, n = src.shape
    t = min(n, max(_MIN_RUN, _STAGE_BYTES // (m * C0_BYTES)))
    s = _padded(t)
    pieces = -(-m * s * C0_BYTES // _STAGE_MAX_BYTES)
    mc = -(-m // pieces)
    q = min(t, max(1, _TAKE_BYTES // (m * C0_BYTES))) if mc == m else 1

    def gather(bands: list[tuple[int, int, int]]) -> None:
        stage = np.empty((mc, s), _LINE)
        flat = stage.reshape(-1)
        indices: dict[tuple[int, int], np.ndarray] = {}
        for b, n0, tn in bands:
            src_b, out_b = src[b], out[b]
            for m0, mm in _spans(m, mc):
                np.copyto(stage[:mm, :tn], src_b[m0:m0 + mm, n0:n0 + tn])
                for q0, qq in _spans(tn, q):
                    index = indices.get((qq, mm))
                    if index is None:
                        index = np.arange(qq)[:, None] + np.arange(mm)[None, :] * s
                        indices[qq, mm] = index
                    # [qq, mm] of out_b is contiguous: whole rows, or one row segment (qq == 1)
                    flat[q0:].take(index, out=out_b[n0 + q0:n0 + q0 + qq, m0:m0 + mm],
                                   mode="wrap")

    bands = [(b, n0, tn) for b in range(batch) for n0, tn in _spans(n, t)]
    _split_among_threads(gather, bands, src.nbytes)


# --- threads ------------------------------------------------------------------------------
#
# numpy's copyto and take release the GIL, and each band (or group) of the transpose writes
# its own rows of the output, so large arrays are split among threads, each with its own
# staging buffer. On the 2-core guest this took pack from 0.5x to 0.65-0.8x np.copy (which
# runs on one core); memory bandwidth, not the cores, bounds it beyond that.

_PARALLEL_MIN_BYTES = 8 << 20   # below this the threads cost more than they give
_MAX_WORKERS = 4                # bandwidth-bound beyond a few cores


def _usable_cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


_WORKERS = max(1, min(_MAX_WORKERS, _usable_cores()))
_pool: ThreadPoolExecutor | None = None


def _split_among_threads(work: Callable[[list], None], items: list, nbytes: int) -> None:
    """`work(part)` over interleaved parts of `items`, one per worker thread when the array
    is large enough; exceptions propagate to the caller."""
    global _pool
    workers = min(_WORKERS, len(items)) if nbytes >= _PARALLEL_MIN_BYTES else 1
    if workers <= 1:
        work(items)
        return
    if _pool is None or _pool._max_workers < workers:
        _pool = ThreadPoolExecutor(workers, thread_name_prefix="nzpass-pack")
    parts = [items[i::workers] for i in range(workers)]
    for _ in _pool.map(work, parts):
        pass
