"""MLIR's lexical grammar, as far as reading and rewriting ops needs it.

Tokens keep their offsets into the source, so a rewrite can put text back at
the line and column it came from. Whitespace and `//` comments separate
tokens and are not tokens. A dialect type or attribute with a pretty body
(`!pto.tile_buf<loc=mat, ...>`, `#pto<st_phase final>`) is one token holding
its whole balanced `<...>` body, as MLIR's parser treats it. The lexer never
fails: what it cannot read becomes an `error` token, so text that never
reaches a rewrite is left for the MLIR parser to diagnose.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

# Token kinds.
PERCENT, CARET, AT, BANG, HASH = "percent", "caret", "at", "bang", "hash"
BARE, INT, FLOAT, STRING, PUNCT, ERROR = "bare", "int", "float", "string", "punct", "error"

_ID = r"[A-Za-z_][\w$.]*"
_SUFFIX_ID = r"(?:[0-9]+|[A-Za-z_$.\-][\w$.\-]*)"
_STRING = r'"(?:[^"\\\n]|\\.)*"'
_LEXEME = re.compile(
    rf"""
    (?P<space>[ \t\r\n\f\v]+)
  | (?P<comment>//[^\n]*)
  | (?P<meta>\{{-\#|\#-\}})
  | (?P<string>{_STRING})
  | (?P<open_string>"[^\n]*)
  | (?P<percent>%{_SUFFIX_ID})
  | (?P<caret>\^{_SUFFIX_ID})
  | (?P<at>@(?:{_ID}|{_STRING}))
  | (?P<bang>!{_ID})
  | (?P<hash>\#(?:{_ID}|[0-9]+))
  | (?P<float>[0-9]+\.[0-9]*(?:[eE][+-]?[0-9]+)?)
  | (?P<int>0x[0-9A-Fa-f]+|[0-9]+)
  | (?P<bare>{_ID})
  | (?P<punct>->|::|\.\.\.|[()\[\]{{}}<>,:=?*+\-|])
  | (?P<other>.)
    """,
    re.VERBOSE | re.ASCII | re.DOTALL,
)
_KIND = {"meta": PUNCT, "string": STRING, "open_string": ERROR, "percent": PERCENT,
         "caret": CARET, "at": AT, "bang": BANG, "hash": HASH, "float": FLOAT, "int": INT,
         "bare": BARE, "punct": PUNCT, "other": ERROR}
_CLOSER = {"<": ">", "(": ")", "[": "]", "{": "}"}
_STRING_RE = re.compile(_STRING)


@dataclass(frozen=True)
class Token:
    kind: str
    text: str
    start: int  # offset of the first character in the source
    end: int    # offset past the last character

    def is_punct(self, *texts: str) -> bool:
        return self.kind == PUNCT and self.text in texts

    def is_keyword(self, *texts: str) -> bool:
        return self.kind == BARE and self.text in texts


def _pretty_body_end(text: str, start: int) -> int | None:
    """The offset past the `>` closing the `<` at `start`, or None when the
    body does not close. Nesting of <>, (), [], {} and strings is followed;
    `->` inside a body is an arrow, not a closing bracket."""
    stack = []
    pos = start
    size = len(text)
    while pos < size:
        char = text[pos]
        if char == '"':
            match = _STRING_RE.match(text, pos)
            if match is None:
                return None
            pos = match.end()
            continue
        if char == "-" and text.startswith("->", pos):
            pos += 2
            continue
        if char in _CLOSER:
            stack.append(_CLOSER[char])
        elif char in ">)]}":
            if not stack or char != stack[-1]:
                return None
            stack.pop()
            if not stack:
                return pos + 1
        pos += 1
    return None


def tokenize(text: str) -> list[Token]:
    tokens: list[Token] = []
    pos, size = 0, len(text)
    while pos < size:
        match = _LEXEME.match(text, pos)
        group = match.lastgroup
        end = match.end()
        if group in ("space", "comment"):
            pos = end
            continue
        kind = _KIND[group]
        if kind in (BANG, HASH) and end < size and text[end] == "<":
            body_end = _pretty_body_end(text, end)
            if body_end is None:
                kind, body_end = ERROR, size
            end = body_end
        tokens.append(Token(kind, text[pos:end], pos, end))
        pos = end
    return tokens


class LineIndex:
    """Offsets to 1-based lines and columns; columns count UTF-8 bytes, as
    MLIR's locations do."""

    def __init__(self, text: str):
        self.text = text
        self.line_starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def line(self, offset: int) -> int:
        return bisect.bisect_right(self.line_starts, offset)

    def line_start(self, offset: int) -> int:
        return self.line_starts[self.line(offset) - 1]

    def position(self, offset: int) -> tuple[int, int]:
        line = self.line(offset)
        prefix = self.text[self.line_starts[line - 1]:offset]
        return line, len(prefix.encode("utf-8")) + 1


def squeeze(text: str) -> str:
    """`text` with each run of whitespace outside strings made one space: a
    type or attribute written over several lines, put on one line."""
    if not any(c in text for c in "\n\t\r") and "  " not in text:
        return text
    out, pos = [], 0
    for match in _STRING_RE.finditer(text):
        out.append(re.sub(r"\s+", " ", text[pos:match.start()]))
        out.append(match.group())
        pos = match.end()
    out.append(re.sub(r"\s+", " ", text[pos:]))
    return "".join(out)
