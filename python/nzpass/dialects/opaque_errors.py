"""Turning malformed opaque type spellings into diagnostics at an op."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from ..errors import MalformedOp
from ..ir.bindings import ir
from .opaque import OpaqueSyntaxError

T = TypeVar("T")


def opaque_refusal(loc: ir.Location, read: Callable[[], T]) -> T:
    try:
        return read()
    except OpaqueSyntaxError as err:
        raise MalformedOp(loc, f"malformed type: {err}") from None
