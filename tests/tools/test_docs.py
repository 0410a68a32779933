"""search_docs: FTS5 (via sqlite-utils) over real .md, .txt, .html and .eml files, ranked, with file:line."""

from __future__ import annotations

import os

import pytest

from edgeagent.tools import docs as tools_docs
from edgeagent.tools.base import ToolContext
from edgeagent.tools.docs import search_docs
from edgeagent.workspace.sandbox import ToolError


@pytest.fixture
def ws(tmp_path):
    w = tmp_path / "ws"
    (w / "handbook").mkdir(parents=True)
    (w / "handbook" / "leave.md").write_text(
        "# Leave policy\n\nEmployees get 28 vacation days per year.\n"
        "Unused days expire on 31 March.\n\n## Sick leave\n\nCall your manager before 9am.\n")
    (w / "handbook" / "travel.html").write_text(
        "<html><head><style>.x{}</style></head><body>\n<h1>Travel</h1>\n<p>Book trains through the portal.</p>\n"
        "<p>Hotels up to 150 EUR per night are reimbursed.</p>\n<script>var vacation = 1;</script>\n</body></html>\n")
    (w / "notes.txt").write_text("random\nvacation planning for the team offsite\n")
    (w / "mail.eml").write_bytes(b"From: hr@example.org\r\nSubject: Reminder\r\n\r\nPlease book your vacation days.\r\n")
    (w / "data.csv").write_text("vacation,days\n")  # not a document
    return w


def test_hits_are_ranked_and_point_at_the_line(ws):
    out = search_docs(ToolContext(ws), "vacation days per year")
    assert out.splitlines()[0] == ("handbook/leave.md:3: Employees get 28 vacation days per year. / "
                                   "Unused days expire on 31 March.")
    assert "data.csv" not in out
    # A filler word no passage holds: the passages with most of the words still come first.
    out = search_docs(ToolContext(ws), "how many vacation days per year")
    assert out.splitlines()[1].startswith("handbook/leave.md:3: Employees get 28 vacation days per year.")


def test_stemming_finds_other_forms_of_a_word(ws):
    assert "handbook/travel.html:4: Hotels up to 150 EUR per night are reimbursed." in \
        search_docs(ToolContext(ws), "reimbursement hotel")


def test_html_is_searched_as_its_visible_text(ws):
    out = search_docs(ToolContext(ws), "vacation")
    assert "travel.html" not in out  # the word is only in a script
    assert "mail.eml:" in out and "notes.txt:2: vacation planning" in out


def test_no_passage_with_every_word_falls_back_to_some_and_says_so(ws):
    out = search_docs(ToolContext(ws), "sick zebra")
    assert out.startswith("[no passage holds all of: sick, zebra;") and "leave.md:6: ## Sick leave" in out


def test_nothing_found_and_quotes_in_the_query(ws):
    assert search_docs(ToolContext(ws), 'zebra "AND" OR').startswith("no document mentions")


def test_the_index_is_reused_until_a_document_changes(ws, monkeypatch):
    ctx = ToolContext(ws)
    search_docs(ctx, "vacation")
    built = []
    real = tools_docs._chunks
    monkeypatch.setattr(tools_docs, "_chunks", lambda rel, data: built.append(rel) or real(rel, data))
    search_docs(ctx, "manager")
    assert built == []  # nothing changed: the cached index answered
    (ws / "notes.txt").write_text("the manager approves vacation\n")
    st = os.stat(ws / "notes.txt")
    os.utime(ws / "notes.txt", ns=(st.st_atime_ns, st.st_mtime_ns + 10**9))
    assert "notes.txt:1: the manager approves vacation" in search_docs(ctx, "manager approves")
    assert "notes.txt" in built


def test_documents_outside_the_workspace_are_not_indexed(ws, tmp_path):
    (tmp_path / "private.md").write_text("salary of the ceo is secret\n")
    (ws / "link.md").symlink_to(tmp_path / "private.md")
    assert search_docs(ToolContext(ws), "salary ceo").startswith("no document mentions")


def test_no_documents_is_a_plain_error(tmp_path):
    with pytest.raises(ToolError, match="holds no documents"):
        search_docs(ToolContext(tmp_path), "x")


def test_a_file_name_that_is_not_utf8_is_searched_and_shown_escaped(tmp_path):
    """Its bytes arrive as lone surrogates, which the in-memory index (SQLite) cannot store: it used to end the run."""
    with open(os.fsencode(tmp_path) + b"/bad-\xff\xfe.txt", "wb") as f:
        f.write(b"the quarterly budget\n")
    assert search_docs(ToolContext(tmp_path), "budget") == "bad-\\xff\\xfe.txt:1: the quarterly budget"
