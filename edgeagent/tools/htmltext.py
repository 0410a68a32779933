"""HTML reduced to the text a reader sees, line by line, for mail bodies and document search.

A single forward scan, linear in the page's length: the stdlib's HTMLParser rescans an unclosed construct from
each '<' after it ("<!--", "</", "<?" or "<a " repeated a million times took minutes), and keeps every
attribute of a tag (a million of them peaked at 800 MB). Nothing a page names (links, scripts, frames) is
fetched or run; only its text is kept."""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import unescape
from itertools import chain

_BLOCK = frozenset({"p", "div", "br", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "table", "ul", "ol",
                    "blockquote", "pre", "section", "article", "header", "footer", "title", "hr"})
_HIDDEN = frozenset({"script", "style", "head", "template"})
_RAW = frozenset({"script", "style"})  # their content is not markup: it runs to the closing tag
_OPEN = re.compile(r"<(?:(/?)([A-Za-z][^\s/>]*)|!--|[!?])")


def _tokens(html: str) -> Iterator[tuple[int, str, str]]:
    """(position, kind, value): ("text", the raw text) or ("start"/"end", the tag's lower-case name)."""
    pos, n = 0, len(html)
    while pos < n:
        m = _OPEN.search(html, pos)
        if m is None:
            yield pos, "text", html[pos:]
            return
        if m.start() > pos:
            yield pos, "text", html[pos:m.start()]
        lead = m.group()
        if lead == "<!--":
            end = html.find("-->", m.end())
            pos = n if end < 0 else end + 3  # an unclosed comment runs to the end, as in a browser
            continue
        end = html.find(">", m.end())
        if end < 0:  # no '>' anywhere after: the rest is text (nothing after it can close a tag either)
            yield m.start(), "text", html[m.start():]
            return
        pos = end + 1
        if lead in ("<!", "<?"):  # a declaration or processing instruction
            continue
        tag = m.group(2).lower()
        yield m.start(), "end" if m.group(1) else "start", tag
        if not m.group(1) and tag in _RAW and html[end - 1] != "/":
            close = re.compile(rf"</{tag}[\s/>]", re.IGNORECASE).search(html, pos)
            stop = n if close is None else close.start()
            yield pos, "raw", html[pos:stop]
            pos = stop


def html_lines(html: str) -> Iterator[tuple[int, str]]:
    """(source line number, visible text) for each non-empty line of text in `html`, one at a time."""
    parts: list[str] = []
    first = line = 1  # the source line where the current output line's first text stands, and the scan's line
    seen = 0  # position up to which `line` is counted
    hidden = 0
    for pos, kind, value in chain(_tokens(html), [(len(html), "end", "p")]):  # a last break ends the last line
        if kind == "text" and not hidden:
            if not parts:
                line += html.count("\n", seen, pos)
                seen, first = pos, line
            parts.append(value)
        elif kind in ("start", "end") and value in _HIDDEN:
            hidden = hidden + 1 if kind == "start" else max(0, hidden - 1)
        elif kind in ("start", "end") and value in _BLOCK and parts:
            text = " ".join(unescape("".join(parts)).split())
            parts.clear()
            if text:
                yield first, text


def html_text(html: str) -> str:
    return "\n".join(text for _, text in html_lines(html))
