"""HTML reduced to the text a reader sees, line by line, for mail bodies and document search."""

from __future__ import annotations

from html.parser import HTMLParser

_BLOCK = frozenset({"p", "div", "br", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "table", "ul", "ol",
                    "blockquote", "pre", "section", "article", "header", "footer", "title", "hr"})
_HIDDEN = frozenset({"script", "style", "head", "template"})


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lines: list[tuple[int, list[str]]] = [(1, [])]
        self.hidden = 0

    def _break(self) -> None:
        if self.lines[-1][1]:
            self.lines.append((self.getpos()[0], []))

    def handle_starttag(self, tag: str, attrs: list) -> None:
        if tag in _HIDDEN:
            self.hidden += 1
        elif tag in _BLOCK:
            self._break()

    def handle_endtag(self, tag: str) -> None:
        if tag in _HIDDEN:
            self.hidden = max(0, self.hidden - 1)
        elif tag in _BLOCK:
            self._break()

    def handle_data(self, data: str) -> None:
        if self.hidden:
            return
        if not self.lines[-1][1]:  # a line's number is where its first text stands in the source
            self.lines[-1] = (self.getpos()[0], [])
        self.lines[-1][1].append(data)


def html_lines(html: str) -> list[tuple[int, str]]:
    """(source line number, visible text) for each non-empty line of text in `html`."""
    p = _Text()
    p.feed(html)
    p.close()
    out = []
    for n, parts in p.lines:
        text = " ".join("".join(parts).split())
        if text:
            out.append((n, text))
    return out


def html_text(html: str) -> str:
    return "\n".join(text for _, text in html_lines(html))
