"""The pto op table: for every op of PTOAS's pto dialect, its operand, attribute,
result and region groups, traits and assembly format (notation: see
`pto_syntax.formats`), generated at development time by bench/pto_format_table.py
from PTOAS's op definitions (facts only).

It is generated in three parts: `pto_table_views`, the few ops nzpass's passes read
and write through the views of `dialects.pto`; `pto_table_orders`, the ops whose
generic operand order differs between PTOAS versions (their `generic_orders`), which
every generic output looks for; and `pto_table_rest`, every other op (480 KB of
source, which only the custom syntax reader and printer need). `OPS` is the one
table over all three; the rest is built on the first look-up of an op outside the
first two parts, so a run of the passes never builds it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from .pto_table_orders import ORDERS
from .pto_table_views import VIEWED

# The ops whose generic text PTOAS versions read as different operands.
ORDER_DIFFERS = frozenset(ORDERS)

# The destination groups of PTOAS's destination-passing tile ops (`outs(...)`), by name:
# the definitions mark them only by their place in the custom form.
DESTINATION_GROUPS = frozenset(("dst", "cdst", "excuted", "dst_idx", "dst_val", "dstIdx",
                                "dst1", "dst2", "exp_zz"))


class _OpTable(Mapping):
    """Every op's entry, by op name, in name order."""

    def __init__(self) -> None:
        self._every_op: dict[str, dict] | None = None

    def _all(self) -> dict[str, dict]:
        if self._every_op is None:
            from .pto_table_rest import REST

            self._every_op = dict(sorted({**VIEWED, **ORDERS, **REST}.items()))
        return self._every_op

    def __getitem__(self, name: str) -> dict:
        entry = VIEWED.get(name) or ORDERS.get(name)
        return entry if entry is not None else self._all()[name]

    def __contains__(self, name: object) -> bool:
        return name in VIEWED or name in ORDERS or name in self._all()

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


OPS: Mapping[str, dict] = _OpTable()
