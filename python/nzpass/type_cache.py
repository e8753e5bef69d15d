"""Memoising facts about MLIR types, per context.

Types are uniqued per context, so a fact about a type (its layout, its tile
shape) can be computed once per context instead of once per value. The cache
is keyed by the context weakly: it dies with the context, and a type of a
later context can never hit an entry of an earlier one.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from functools import wraps
from typing import TypeVar

from .bindings import ir

T = TypeVar("T")


def per_type(compute: Callable[[ir.Type], T]) -> Callable[[ir.Type], T]:
    """Cache `compute(t)` by `t` within t's context. Exceptions are not cached."""
    by_context: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()

    @wraps(compute)
    def cached(t: ir.Type) -> T:
        cache = by_context.get(t.context)
        if cache is None:
            cache = by_context[t.context] = {}
        if t in cache:
            return cache[t]
        value = cache[t] = compute(t)
        return value

    return cached
