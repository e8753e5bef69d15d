"""MLIR's lexical grammar, as far as reading and rewriting ops needs it.

Tokens keep their offsets into the source, so a rewrite can put text back at
the line and column it came from. Whitespace and `//` comments separate
tokens and are not tokens. A dialect type or attribute with a pretty body
(`!pto.tile_buf<loc=mat, ...>`, `#pto<st_phase final>`) is one token holding
its whole balanced `<...>` body, as MLIR's parser treats it, without the
comments inside it (a registered dialect re-lexes the body, skipping them;
see `without_comments`). The lexer never
fails: what it cannot read becomes an `error` token, so text that never
reaches a rewrite is left for the MLIR parser to diagnose.
"""

from __future__ import annotations

import bisect
import re
from typing import NamedTuple

# Token kinds.
PERCENT, CARET, AT, BANG, HASH = "percent", "caret", "at", "bang", "hash"
BARE, INT, FLOAT, STRING, PUNCT, ERROR = "bare", "int", "float", "string", "punct", "error"

_ID = r"[A-Za-z_][\w$.]*"
_SUFFIX_ID = r"(?:[0-9]+|[A-Za-z_$.\-][\w$.\-]*)"
_STRING = r'"(?:[^"\\\n]|\\.)*"'
# A pretty dialect body the regex takes whole: one without nested brackets,
# strings or arrows (`!pto.tile_buf<loc=mat, ...>`). Others are scanned exactly.
_BODY = r'<[^<>"\-()\[\]{}/]*>'
# Whitespace and comments before a token are matched with it: one match a token.
_LEXEME = re.compile(
    rf"""
    (?:[ \t\r\n\f\v]+|//[^\n]*)*
    (?:
      (?P<meta>\{{-\#|\#-\}})
    | (?P<string>{_STRING})
    | (?P<open_string>"[^\n]*)
    | (?P<percent>%{_SUFFIX_ID})
    | (?P<caret>\^{_SUFFIX_ID})
    | (?P<at>@(?:{_ID}|{_STRING}))
    | (?P<bang>!{_ID}(?:{_BODY})?)
    | (?P<hash>\#(?:{_ID}(?:{_BODY})?|[0-9]+))
    | (?P<float>[0-9]+\.[0-9]*(?:[eE][+-]?[0-9]+)?)
    | (?P<int>0x[0-9A-Fa-f]+|[0-9]+)
    | (?P<bare>{_ID})
    | (?P<punct>->|::|\.\.\.|[()\[\]{{}}<>,:=?*+\-|])
    | (?P<other>.)
    )?
    """,
    re.VERBOSE | re.ASCII | re.DOTALL,
)
_KIND = {"meta": PUNCT, "string": STRING, "open_string": ERROR, "percent": PERCENT,
         "caret": CARET, "at": AT, "bang": BANG, "hash": HASH, "float": FLOAT, "int": INT,
         "bare": BARE, "punct": PUNCT, "other": ERROR}
_CLOSER = {"<": ">", "(": ")", "[": "]", "{": "}"}
_STRING_RE = re.compile(_STRING)
# What matters inside a pretty dialect body: brackets, strings, arrows, comments (PTOAS's
# type parsers lex the body, so a `>` or `(` in a comment closes or opens nothing: found
# by red team, `!pto.tile_buf<vec, 16x16xf32 // note>` on a line before its `>` was cut
# at the comment's `>`).
_BODY_STOP = re.compile(r'[<>()\[\]{}"/-]')
# A string (whose `//` is text) or a comment, up to its line's end.
_STRING_OR_COMMENT = re.compile(rf"{_STRING}|//[^\n]*")


def _keep_strings(match: re.Match) -> str:
    found = match.group()
    return found if found[0] == '"' else ""


def without_comments(text: str) -> str:
    """`text`, a span of source, without its `//` comments (line breaks kept).
    MLIR's lexer skips a comment wherever it stands, inside a dialect type's body
    too (PTOAS's TileBufType::parse lexes it so): text the reader writes again must
    not carry one, since a type put on one line would have the comment swallow the
    rest of that line."""
    if "//" not in text:
        return text
    return _STRING_OR_COMMENT.sub(_keep_strings, text)


class Token(NamedTuple):
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
    stack: list[str] = []
    pos = start
    while True:
        match = _BODY_STOP.search(text, pos)
        if match is None:
            return None
        stop, pos = match.group(), match.end()
        if stop == '"':
            string = _STRING_RE.match(text, match.start())
            if string is None:
                return None  # a string left open
            pos = string.end()
        elif stop == "-":
            if text.startswith(">", pos):
                pos += 1
        elif stop == "/":
            if text.startswith("/", pos):
                line_end = text.find("\n", pos)
                pos = len(text) if line_end < 0 else line_end
        elif stop in _CLOSER:
            stack.append(_CLOSER[stop])
        elif not stack or stop != stack.pop():
            return None
        elif not stack:
            return pos


def tokenize(text: str) -> list[Token]:
    tokens: list[Token] = []
    append = tokens.append
    size = len(text)
    pos = 0
    while pos < size:
        for match in _LEXEME.finditer(text, pos):
            group = match.lastgroup
            if group is None:  # only whitespace and comments were left
                return tokens
            start, end = match.span(group)
            kind = _KIND[group]
            if (kind is BANG or kind is HASH) and end < size and text[end] == "<":
                # A body the regex did not take: scan it, and go on after it.
                body_end = _pretty_body_end(text, end)
                if body_end is None:
                    kind, body_end = ERROR, size
                append(Token(kind, without_comments(text[start:body_end]), start, body_end))
                pos = body_end
                break
            if kind is BANG or kind is HASH:
                append(Token(kind, without_comments(text[start:end]), start, end))
            else:
                append(Token(kind, text[start:end], start, end))
        else:
            return tokens
    return tokens


def integer_value(text: str) -> int:
    """The value of an `int` token: decimal (leading zeros allowed) or `0x` hex."""
    return int(text, 0) if text.startswith("0x") else int(text, 10)


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

    def offset(self, line: int, col: int) -> int:
        """The reverse of `position`; a column past its line's end is the end
        (where its line break is)."""
        if line > len(self.line_starts):
            return len(self.text)
        start = self.line_starts[max(line, 1) - 1]
        end = self.line_starts[line] - 1 if line < len(self.line_starts) else len(self.text)
        text = self.text[start:end]
        if not text.isascii():
            text = text.encode("utf-8")[:max(col, 1) - 1].decode("utf-8", errors="ignore")
        return start + min(max(col, 1) - 1, len(text))
