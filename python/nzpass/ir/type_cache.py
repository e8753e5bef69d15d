"""Memoising facts about MLIR types for the duration of one pass run.

Types are uniqued per context, so a fact about a type (its layout, its tile
shape) is computed once per pass instead of once per value. Cached types keep
their context alive, so every cache is emptied when a pass run ends
(`pipeline.python_pass` calls `clear_type_caches`): memory stays bounded
however many modules a process handles, and no entry outlives its context.
"""

from __future__ import annotations

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
