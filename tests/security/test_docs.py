"""Hostile documents for search_docs and search: deep or huge HTML, many large files, links in pages."""

from __future__ import annotations

import pytest

from tests.security.harness import Place, call, held, place, run

SEARCH = [call("search_docs", query="quarterly budget"), call("search", query="quarterly budget"),
          call("search_docs", query="budget")]


@pytest.fixture
def p(tmp_path) -> Place:
    return place(tmp_path)


def test_deeply_nested_html(p):
    (p.ws / "deep.html").write_text("<div>" * 200000 + "quarterly budget" + "</div>" * 200000)
    (p.ws / "tags.html").write_text("<p>" + "<b>x</b>" * 500000 + "<p>quarterly budget</p>")
    held(p, run(p, SEARCH))


def test_many_large_documents(p):
    line = "the quarterly budget review covers travel, hardware and the offsite in spring\n"
    for i in range(12):
        (p.ws / f"doc{i}.md").write_text(line * (7_000_000 // len(line)))
    r = run(p, SEARCH)
    held(p, r)
    assert r.seconds < 90


def test_one_line_of_eight_megabytes(p):
    (p.ws / "blob.txt").write_text("quarterly " + "budget" * 1_300_000)
    held(p, run(p, SEARCH))


def test_links_in_pages_are_never_followed(p):
    out = p.outside / "private.txt"
    (p.ws / "page.html").write_text(f'<html><head><link rel="import" href="file://{out}"><base href="file://{p.outside}/">'
                                    f'</head><body><iframe src="private.txt"></iframe><img src="file://{out}">'
                                    f'<object data="file://{out}"></object><p>quarterly budget</p></body></html>')
    (p.ws / "page.md").write_text(f"![x](file://{out}) [quarterly budget]({out})\n")
    held(p, run(p, SEARCH))
