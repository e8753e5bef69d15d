"""Reading `<{...}>` properties of unregistered ops.

PTOAS prints inherent attributes as properties (`"pto.tload"(...) <{...}>`).
On an unregistered op the bindings keep them out of `op.attributes`, so they
are read back from the op's own generic text (printed in local scope: the
module's numbering costs 60 us per op of a module, for operand names the
properties never hold) and parsed as a dictionary attribute by MLIR itself.

Not through an `ir.AsmState`: the bindings (22.1) never free one, about 350
bytes per op it covers, so one per read grew an embedding process by 1.4 KB
for every NZ store it verified.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from ..errors import MalformedOp
from ..ir.bindings import MLIRError, ir
from .opaque import closes_nothing

_QUOTE = '"'


def _properties_text(op_text: str) -> str | None:
    """The `{...}` inside the `<{...}>` that follows the operand list."""
    if "<{" not in op_text:
        return None  # most ops: no properties, nothing to scan for character by character
    pos = _skip_string(op_text, op_text.index(_QUOTE))  # the quoted op name
    depth = 0
    while pos < len(op_text):  # skip the operand list "(...)"
        char = op_text[pos]
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            if depth == 0:
                pos += 1
                break
        pos += 1
    rest = op_text[pos:].lstrip()
    if not rest.startswith("<{"):
        return None
    start = op_text.index("<{", pos) + 1
    depth, cursor = 0, start
    while cursor < len(op_text):
        char = op_text[cursor]
        if char == _QUOTE:
            cursor = _skip_string(op_text, cursor)
            continue
        if char == ">" and closes_nothing(op_text, cursor):
            cursor += 1
            continue
        if char in "{[(<":
            depth += 1
        elif char in "}])>":
            depth -= 1
            if depth == 0:
                return op_text[start:cursor + 1]
        cursor += 1
    return None


def _skip_string(text: str, pos: int) -> int:
    """Position just past the string literal starting at `pos`."""
    cursor = pos + 1
    while cursor < len(text) and text[cursor] != _QUOTE:
        cursor += 2 if text[cursor] == "\\" else 1
    return cursor + 1


def attribute_dict(op: ir.Operation) -> dict[str, ir.Attribute]:
    """The op's discardable attributes (`{...}`), as iterating `op.attributes` gives
    them (an unregistered op's properties left out; reading one by name gives the
    property of that name first). `items()` reads them in one call, a third of what
    reading them position by position costs."""
    return dict(op.attributes.items())


def may_state_properties(text: str, window: int = 1 << 20) -> bool:
    """Whether `text` may give an unregistered op properties: MLIR's generic form states
    them as `<` right after the operand list `)` or the successors `]`, spaces, line
    breaks and comments between (an alias or any attribute may follow: `<#p>`, `< {`).
    Conservative: any `<` so placed, in a string too, or opening a line, counts. Runs at
    C speed (33 ms on a 9.6 MB module), a window at a time (the peak memory of the run
    stays its own): MLIR's lexer takes spaces, tabs, carriage returns and line feeds for
    whitespace, and a comment ends at a line feed. `window`: in characters."""
    carried = b""  # the last byte of the window before, past its whitespace
    for start in range(0, len(text), window):
        squeezed = carried + text[start:start + window].encode(
            "utf-8", "replace").translate(None, b" \t\r")
        if any(squeezed.find(mark) >= 0 for mark in (b")<", b"]<", b"\n<")):
            return True
        carried = squeezed[-1:]
    return False


class _ParsedText:
    """The text the IR being read was parsed from, scanned on the first question."""

    def __init__(self, text: str):
        self.text: str | None = text
        self.states_none = False
        # Op name -> whether it is unregistered (where the text states no properties).
        self.unregistered: dict[str, bool] = {}

    def holds_no_properties(self, op: ir.Operation) -> bool:
        if self.text is not None:
            self.states_none = not may_state_properties(self.text)
            self.text = None
        if not self.states_none:
            return False
        name = op.name
        unregistered = self.unregistered.get(name)
        if unregistered is None:
            unregistered = self.unregistered[name] = (
                not op.context.is_registered_operation(name))
        return unregistered


_PARSED: _ParsedText | None = None


@contextmanager
def stated_in(text: str | None) -> Iterator[None]:
    """Inside the block, the IR being read was parsed from `text` (None: unknown, or
    read from another form) and holds only ops made since: where the text states no
    properties (`may_state_properties`, asked on the first read), no unregistered op has
    any (`Operation.create` gives none, a clone only those it copies), so
    `all_attributes` need not print one. A registered op's inherent attributes may be
    properties of any op built, so it is printed still. nzpass-opt runs its pipeline so:
    it owns the module from its text to its output."""
    global _PARSED
    outer = _PARSED
    _PARSED = _ParsedText(text) if text is not None else None
    try:
        yield
    finally:
        _PARSED = outer


def _holds_no_properties(op: ir.Operation) -> bool:
    return _PARSED is not None and _PARSED.holds_no_properties(op)


def all_attributes(op: ir.Operation) -> dict[str, ir.Attribute]:
    """Every attribute of the op: the discardable ones and its properties (`<{...}>`),
    read from the op's text. What a rule that looks at every attribute, or a rewrite
    that must keep them, reads."""
    attrs = attribute_dict(op)
    if _holds_no_properties(op):
        return attrs
    out = io.StringIO()
    op.print(use_local_scope=True, print_generic_op_form=True, assume_verified=True,
             file=out)
    text = _properties_text(out.getvalue())
    if text is None:
        return attrs
    for named in _parse_dictionary(text, op):
        stated = attrs.setdefault(named.name, named.attr)
        if stated != named.attr:
            raise MalformedOp(op.location, f"'{op.name}' op states '{named.name}' as a "
                              f"property ({named.attr}) and as an attribute ({stated}); "
                              "state it once")
    return attrs


class PropertyReader:
    """Attributes of ops as a dict: discardable attributes plus properties.

    `defined(op_name)`: the attributes the op's definition gives it (PTOAS's, for a pto
    op: `pto.ATTRIBUTE_READER`), read wherever they are stated; a property no definition
    names is never read by the tools the IR is for, so no rule needs it."""

    def __init__(self, defined: Callable[[str], tuple[str, ...]] = lambda _name: ()):
        self.defined = defined

    def attributes(self, op: ir.Operation, needed: tuple[str, ...] = (),
                   complete: bool = False) -> dict[str, ir.Attribute]:
        """Every attribute of the dictionary (`{...}`), and each of `needed` and of the
        op's defined ones stated as a property (`<{...}>`), found by name as MLIR's
        getAttr finds it (the property first), without printing the op. `complete`:
        every property too, printed (for an op about to be rebuilt, which must keep
        every attribute). A name stated both ways, with two values, is refused."""
        if complete:
            return all_attributes(op)
        attrs = attribute_dict(op)
        by_name = op.attributes
        for name in (*needed, *self.defined(op.name)):
            stated = attrs.get(name)
            if stated is None:
                found = by_name.get(name)
                if found is not None:
                    attrs[name] = found  # a property
            elif by_name[name] != stated:
                return all_attributes(op)  # raises: stated twice, two values
        return attrs


def _parse_dictionary(text: str, op: ir.Operation) -> ir.DictAttr:
    """The properties MLIR printed, parsed back; a text that does not read (which
    MLIR's own printing never gives) is the op's error, not one at a position in
    a buffer the user never wrote."""
    messages: list[str] = []

    def keep(diagnostic: ir.Diagnostic) -> bool:
        messages.append(diagnostic.message)
        return True  # handled: no other handler reports it

    handler = op.context.attach_diagnostic_handler(keep)
    try:
        return ir.DictAttr(ir.Attribute.parse(text, context=op.context))
    except MLIRError:
        raise MalformedOp(op.location, f"'{op.name}' op: its properties <{text}> do not read "
                          f"back as a dictionary ({'; '.join(messages) or 'no reason given'})"
                          ) from None
    finally:
        handler.detach()  # pyright: ignore[reportAttributeAccessIssue]  # the stubs say object
