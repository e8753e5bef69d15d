"""Records that cost little to build at start-up but compare as dataclasses do.

A frozen dataclass costs 0.3 to 0.6 ms to build when its module is imported
(`dataclasses` generates and `exec`s six methods per class); a `typing.NamedTuple`
costs about 0.05 ms and a plain class almost nothing. One nzpass-opt run over one
kernel imports some thirty such classes, so their cost is a visible part of the
tool's start-up.

A named tuple is a tuple, though: `Const(4, t) == (4, t)` is true, and so is
`Const(4, t) == Other(4, t)` for any named tuple of the same values, and `<`
orders them. nzpass's proofs compare records (coordinates such as `Const` and
`Divided`, linear forms, facts), so equality across types would be a soundness
bug. `record` gives a NamedTuple class exactly the comparisons of a frozen
dataclass instead:

- `==` / `!=`: equal only to an instance of the very same class whose fields are
  equal; never to a plain tuple or to another record of the same values;
- `hash`: the tuple's hash of the fields (what a frozen dataclass computes), so
  equal records hash alike;
- `<`, `<=`, `>`, `>=`: refused with TypeError, as a dataclass without
  `order=True` refuses them.

`Fields` is the same idea for a mutable class with `__slots__`: the repr and
field-wise equality a public dataclass had, without building one.
"""

from __future__ import annotations

from typing import Any, ClassVar, TypeVar

_T = TypeVar("_T", bound=type)


def _record_eq(self: tuple, other: object) -> bool:
    if other.__class__ is self.__class__:
        return tuple.__eq__(self, other)
    if isinstance(other, tuple):
        # A plain tuple or a record of another class: unequal. Not NotImplemented,
        # or Python asks the tuple next, and the tuple compares the values.
        return False
    return NotImplemented  # any other object may know (as for a dataclass)


def _record_ne(self: tuple, other: object) -> bool:
    equal = _record_eq(self, other)
    return equal if equal is NotImplemented else not equal


def _unordered(symbol: str):
    def refuse(self: tuple, other: object) -> bool:
        if not isinstance(other, tuple):
            return NotImplemented  # the other operand may know (as for a dataclass)
        raise TypeError(f"'{symbol}' not supported between instances of "
                        f"'{type(self).__name__}' and '{type(other).__name__}'")

    return refuse


_RECORD_METHODS: dict[str, Any] = {
    "__eq__": _record_eq, "__ne__": _record_ne, "__hash__": tuple.__hash__,
    "__lt__": _unordered("<"), "__le__": _unordered("<="),
    "__gt__": _unordered(">"), "__ge__": _unordered(">="),
}


def record(cls: _T) -> _T:
    """Class decorator for a `typing.NamedTuple`: compare as a frozen dataclass."""
    if not (issubclass(cls, tuple) and hasattr(cls, "_fields")):
        raise TypeError(f"@record takes a NamedTuple class, not {cls.__name__}")
    own = sorted(set(_RECORD_METHODS) & set(vars(cls)))
    if own:
        raise TypeError(f"{cls.__name__} defines {', '.join(own)} itself; @record sets them")
    for name, method in _RECORD_METHODS.items():
        setattr(cls, name, method)
    return cls


class Fields:
    """Base of a mutable class that names its fields in `_fields` (its `__slots__`
    too): the repr and the field-wise `==` of a dataclass, in field order, and
    unhashable, as a mutable dataclass is. For the public result classes, which
    callers print and compare."""

    __slots__ = ()
    _fields: ClassVar[tuple[str, ...]] = ()
    __hash__ = None  # type: ignore[assignment]

    def _values(self) -> tuple:
        return tuple(getattr(self, name) for name in self._fields)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__ or not isinstance(other, Fields):
            return NotImplemented  # (the isinstance only tells pyright what `other` is)
        return self._values() == other._values()

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
        return f"{type(self).__qualname__}({shown})"
