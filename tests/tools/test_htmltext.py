"""HTML reduced to visible text: what a reader sees, with source line numbers, and in time linear in the page
even when the page is built to make a parser rescan."""

import time
import tracemalloc

import pytest

from edgeagent.tools.htmltext import html_lines, html_text


def test_visible_text_by_block_with_source_lines() -> None:
    page = ("<html><head><title>Q3</title><style>p {color: red}</style></head>\n"
            "<body>\n<p>Revenue rose <b>12%</b> &amp; costs fell.</p>\n"
            "<script>var secret = '<p>not text</p>';</script>\n"
            "<!-- hidden note -->\n<div>Second<br>line</div>\n</body></html>")
    assert list(html_lines(page)) == [(3, "Revenue rose 12% & costs fell."), (6, "Second"),
                                      (6, "line")]
    assert not {"Q3", "secret", "hidden note", "color"} & set(html_text(page).split())  # head, script, comment


def test_unclosed_comment_hides_the_rest_and_stray_lt_stays_text() -> None:
    assert html_text("<p>a < b and c > d</p>") == "a < b and c > d"
    assert html_text("<p>kept</p><!-- never closed <p>gone</p>") == "kept"
    assert html_text("<p>tail without a close: <a href") == "tail without a close: <a href"


def test_script_content_is_raw_up_to_its_own_close_tag() -> None:
    page = "<script>if (a </b> c) { x = '</div><p>no</p>'; }</script><p>yes</p>"
    assert html_text(page) == "yes"


@pytest.mark.parametrize("unit", ["<!--", "</", "<?", "<a ", "<p x=1 "])
def test_pathological_pages_take_linear_time_and_bounded_memory(unit: str) -> None:
    # the stdlib parser rescans from each '<' of an unclosed construct: minutes on a page of this size
    page = "<p>start</p>" + unit * 200_000
    tracemalloc.start()
    t0 = time.perf_counter()
    text = html_text(page)
    elapsed = time.perf_counter() - t0
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert text.startswith("start")
    assert elapsed < 20  # quadratic behaviour on 200,000 units is hours, so this bound cannot pass by luck
    assert peak < 50 * len(page)
