"""What a tile must be to exist: inside its local memory.

One rule on a `!pto.tile_buf`, read by every pass that meets a tile where it is made:
convert-pl-to-pto before it lowers a `!pl.tile` a pl op makes (as the tile_buf it becomes),
verify-pto-nz on every tile a `pto.alloc_tile` or a pl op makes.
"""

from __future__ import annotations

from ..dialects import pl, pto
from ..dialects.opaque import OpaqueSyntaxError
from ..errors import Refusal
from ..ir.bindings import ir
from .limits import LOCAL_MEMORY_BYTES, MEMORY_NAMES, tile_placement_problem
from .tensor_types import element_bit_width

# element spelling -> its bits (None: no bit width): a pure function of the text.
_BITS: dict[str, int | None] = {}


def element_bits(dtype: str) -> int | None:
    """The bits of one element of a tile of `dtype` (pto's own types by their storage,
    `pto.ELEMENT_BYTES`); None for a type of no bit width."""
    dtype = dtype.strip()
    if dtype not in _BITS:
        own = pto.ELEMENT_BYTES.get(dtype)
        try:
            bits = own * 8 if own is not None else element_bit_width(pl.element_type(dtype))
        except OpaqueSyntaxError:
            bits = None
        _BITS[dtype] = bits
    return _BITS[dtype]


def _bits(buf: pto.TileBuf, loc: ir.Location, what: str) -> int:
    bits = element_bits(buf.dtype)
    if bits is None:
        raise Refusal(loc, f"{what} tile of dtype {buf.dtype} in loc={buf.loc}: an element "
                      "type of no bit width, so its bytes, and whether it fits its memory, "
                      "cannot be known; use an integer or floating-point dtype")
    return bits


def tile_bytes(buf: pto.TileBuf, loc: ir.Location, what: str) -> int:
    """The bytes of the tile's physical rows x cols (whole bytes; a sub-byte type packs)."""
    return -(-buf.rows * buf.cols * _bits(buf, loc, what) // 8)


def check_tile_fits(buf: pto.TileBuf, backend: str, loc: ir.Location, what: str,
                    addr: tuple[int, int] | None = None) -> None:
    """Refuse a tile that may not lie inside its local memory (docs/hardware-model.md,
    "Capacities"), placed at any address in `addr` (None: the allocator places it): one
    past the end overlaps another buffer or faults, whatever the transfers' rules prove.
    A memory of no stated capacity (bias, scaling) is not checked."""
    capacity = LOCAL_MEMORY_BYTES[backend].get(buf.loc)
    if capacity is None:
        return
    problem = tile_placement_problem(tile_bytes(buf, loc, what), capacity, addr)
    if problem is None:
        return
    raise Refusal(loc, f"{what} tile does not fit the {capacity // 1024} KiB "
                  f"{MEMORY_NAMES[buf.loc]} (loc={buf.loc}) of {backend}: {problem}; a tile "
                  "past the end of its memory overlaps or faults, which no transfer rule "
                  "sees. Use a smaller tile, or an address the offset analysis proves at "
                  "least 0 and at most capacity - tile bytes")
