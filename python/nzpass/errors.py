"""The error family passes raise; a pass turns each into one diagnostic."""

from __future__ import annotations

from .ir.bindings import ir


class Refusal(Exception):
    """User-facing: this IR cannot be handled. The message says what is wrong,
    why, and what to do instead; `location` is the offending op or argument."""

    def __init__(self, location: ir.Location, message: str,
                 notes: tuple[tuple[ir.Location, str], ...] = ()):
        super().__init__(message)
        self.location = location
        self.message = message
        self.notes = notes


class MalformedOp(Refusal):
    """The op does not follow the IR contract (operand groups, types, attributes)."""


class InternalInvariantError(Refusal):
    """A pass-ordering or internal invariant broke: not the user's input at fault."""

    def __init__(self, location: ir.Location, message: str):
        super().__init__(location, f"internal invariant violated: {message}")
