"""Memoising facts about MLIR types: for one pass run, and what a context parsed.

Types are uniqued per context, so a fact about a type (its layout, its tile
shape) is computed once per pass instead of once per value. Cached types keep
their context alive, so every cache is emptied when a pass run ends
(`pipeline.python_pass` calls `clear_type_caches`): memory stays bounded
however many modules a process handles, and no entry outlives its context.

The types and attributes the passes spell (`parsed_type`, `parsed_attribute`) are
parsed once per context instead, and kept for its life without keeping it alive:
as the capsule of the object's pointer, which holds no reference to the context
(a type or attribute lives as long as its context, which never frees one), in a
table dropped when the context dies, before MLIR frees it (a weak reference's
callback). An embedding tool that reuses one context pays each parse once: 2.8 us
a parse (MLIR compiles a regular expression to check the dialect name), 0.14 us a
rebuild from the capsule.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar

from .bindings import ir

T = TypeVar("T")

_CACHES: list[dict] = []
_MISSING: Any = object()


def new_cache() -> dict:
    """A dict emptied with every other type cache at the end of a pass run."""
    cache: dict = {}
    _CACHES.append(cache)
    return cache


def clear_type_caches() -> None:
    for cache in _CACHES:
        cache.clear()


def per_type(compute: Callable[[ir.Type], T]) -> Callable[[ir.Type], T]:
    """Cache `compute(t)` by `t` (types of one context hash and compare by
    identity within it). Exceptions are not cached."""
    cache = new_cache()

    @wraps(compute)
    def cached(t: ir.Type) -> T:
        value = cache.get(t, _MISSING)  # one lookup: types hash and compare natively
        if value is _MISSING:
            value = cache[t] = compute(t)
        return value

    return cached


# id(context) -> (kind, text) -> the capsule of what the text parsed to, for each live
# context that parsed any (an id is unique among live objects, and each entry goes
# when its context dies).
_PARSED: dict[int, dict[tuple[str, str], Any]] = {}


def _parsed_in(context: ir.Context) -> dict[tuple[str, str], Any] | None:
    """The parse table of `context`; None for a context no weak reference can watch
    (its parses are not kept)."""
    key = id(context)
    table = _PARSED.get(key)
    if table is None:
        try:
            weakref.finalize(context, _PARSED.pop, key, None)
        except TypeError:
            return None
        table = _PARSED[key] = {}
    return table


def parsed_type(text: str) -> ir.Type:
    """`ir.Type.parse(text)` in the current context, parsed once per context."""
    return _parsed("type", text, ir.Type)


def parsed_attribute(text: str) -> ir.Attribute:
    """`ir.Attribute.parse(text)` in the current context, parsed once per context."""
    return _parsed("attribute", text, ir.Attribute)


def _parsed(kind: str, text: str, cls: Any) -> Any:
    context = ir.Context.current
    table = _parsed_in(context) if context is not None else None
    if table is None:
        return cls.parse(text)
    capsule = table.get((kind, text))
    if capsule is not None:
        return cls._CAPICreate(capsule).maybe_downcast()  # the class parse gives
    parsed = cls.parse(text)  # a text that does not parse raises, and is not kept
    table[(kind, text)] = parsed._CAPIPtr
    return parsed
