"""cases.toml: validate runs each right and wrong case through the real tools and the task's checker."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from edgeagent.bench.task import load_task
from edgeagent.bench.validate import validate_task

CHECK = """
from edgeagent.bench.grading import has_amount, says
from edgeagent.bench.taskcheck import graded, text


def check(workspace, answer):
    note = text(workspace / "total.md")
    score = 0.5 * has_amount(note, 1204.5, "EUR", alone=True)
    return score + 0.5 * (has_amount(answer, 1204.5, "EUR", alone=True) and says(answer, "total"))


check = graded(check)
"""

TASK = """
id = "own-invoice-total"
category = "data"
split = "dev"
source = "own"
prompt = "Add up the two invoices in invoices.md, write the total to total.md and tell me the total."
tools = ["read_file", "write_file"]

[reference]
answer = "The total is 1,204.50 EUR."

[[reference.steps]]
tool = "read_file"
args = { path = "invoices.md" }

[[reference.steps]]
tool = "write_file"
args = { path = "total.md", content = "Total: 1,204.50 EUR" }
"""

RIGHT = """
[[right]]
why = "the reference's own end state, another wording"
answer = "Total: EUR 1.204,50 (both invoices)."

[[right]]
why = "euro sign"
answer = "The total comes to €1,204.50."

[[right]]
why = "its own file"
base = "nothing"
answer = "Written; the total is 1204.50 euros."
[[right.steps]]
tool = "write_file"
args = { path = "total.md", content = "Sum of invoices: 1 204,50 EUR" }
"""

WRONG = """
[[wrong]]
kind = "near-miss"
why = "one cent off, and the file too"
base = "nothing"
answer = "The total is 1,204.51 EUR."
[[wrong.steps]]
tool = "write_file"
args = { path = "total.md", content = "1,204.51 EUR" }

[[wrong]]
kind = "wrong-entity"
why = "one invoice, not the sum"
base = "nothing"
answer = "The total is 800.00 EUR."

[[wrong]]
kind = "hedge"
why = "two totals offered"
base = "nothing"
answer = "The total is either 1,204.50 EUR or 1,240.50 EUR."

[[wrong]]
kind = "false-claim"
why = "claims the file it never wrote, with a wrong figure"
base = "nothing"
answer = "I wrote total.md."

[[wrong]]
kind = "dump"
why = "the invoices pasted into total.md"
base = "nothing"
answer = "Done."
[[wrong.steps]]
tool = "write_file"
args = { path = "total.md", content = "Invoice A 800.00 EUR\\nInvoice B 404.50 EUR" }
"""


def make(tmp_path: Path, cases: str | None, check: str = CHECK) -> Path:
    d = tmp_path / "own-invoice-total"
    (d / "workspace").mkdir(parents=True)
    (d / "workspace" / "invoices.md").write_text("Invoice A 800.00 EUR\nInvoice B 404.50 EUR\n")
    (d / "task.toml").write_text(textwrap.dedent(TASK))
    (d / "check.py").write_text(check)
    if cases is not None:
        (d / "cases.toml").write_text(cases)
    return d / "task.toml"


def verdict(tmp_path: Path, cases: str | None, check: str = CHECK):
    return validate_task(load_task(make(tmp_path, cases, check)), tmp_path / "scratch")


def test_a_task_whose_cases_grade_as_written_is_valid(tmp_path):
    v = verdict(tmp_path, RIGHT + WRONG)
    assert v.ok, v.failures
    assert (v.cases, v.cases_failed, v.reference, v.nothing) == (8, 0, 1.0, 0.0)


def test_a_checker_that_fails_a_right_case_is_caught(tmp_path):
    strict = CHECK.replace('has_amount(answer, 1204.5, "EUR", alone=True)', '"1,204.50 EUR" in (answer or "")')
    v = verdict(tmp_path, RIGHT + WRONG, strict)
    assert not v.ok and v.cases_failed == 4  # three right forms it can't read, and the hedge it passes
    assert any("right: euro sign" in f and "not 1" in f for f in v.failures)
    assert any("wrong (hedge)" in f for f in v.failures)


def test_a_checker_that_passes_a_hedge_is_caught(tmp_path):
    lax = CHECK.replace("alone=True", "alone=False")
    v = verdict(tmp_path, RIGHT + WRONG, lax)
    assert any("wrong (hedge)" in f and "more than 0.2" in f for f in v.failures), v.failures


def test_too_few_cases_or_missing_kinds_fail(tmp_path):
    v = verdict(tmp_path, RIGHT.split("[[right]]\nwhy = \"its own file\"")[0] + WRONG.split("[[wrong]]\nkind = \"hedge\"")[0])
    assert "cases.toml has 2 right cases; at least 3" in v.failures
    assert "cases.toml has 2 wrong cases; at least 4" in v.failures
    assert "cases.toml has no wrong case of kind hedge, false-claim, dump" in v.failures


def test_a_ported_task_needs_cases_and_a_bad_file_is_one_line(tmp_path):
    assert verdict(tmp_path, None).failures == ["no cases.toml"]
    v = verdict(tmp_path / "b", '[[wrong]]\nkind = "sort-of"\nwhy = "x"\nanswer = "y"\n')
    assert len(v.failures) == 1 and "wrong[0].kind must be one of" in v.failures[0]


@pytest.mark.parametrize("step, message", [('tool = "send_mail"\nargs = { to = "a@b.example", subject = "s", body = "b" }',
                                            "send_mail is not in the task's tools"),
                                           ('tool = "write_file"\nargs = { path = "../x", content = "y" }', "failed")])
def test_a_case_step_the_task_cannot_take_is_reported(tmp_path, step, message):
    bad = RIGHT + WRONG + f'\n[[wrong]]\nkind = "near-miss"\nwhy = "bad step"\nbase = "nothing"\n[[wrong.steps]]\n{step}\n'
    v = verdict(tmp_path, bad)
    assert any("bad step" in f and message in f for f in v.failures), v.failures


def test_cases_written_elsewhere_prove_a_checker_that_ships_none(tmp_path):
    import json

    from click.testing import CliRunner

    from edgeagent.cli import cli

    make(tmp_path / "suite", None)
    (tmp_path / "suite" / "own-invoice-total" / "task.toml").write_text(
        textwrap.dedent(TASK).replace('source = "own"\n', ""))  # an old task: no source, no cases.toml
    blind = tmp_path / "blind"
    blind.mkdir()
    (blind / "own-invoice-total.toml").write_text(RIGHT + WRONG.replace("1,204.51", "1,204.50", 1))
    r = CliRunner().invoke(cli, ["bench", "validate", str(tmp_path / "suite"), "--cases", str(blind), "--json"])
    rep = json.loads(r.stdout)
    assert r.exit_code == 1 and (rep["cases"], rep["cases_failed"]) == (8, 1)
    assert "wrong (near-miss)" in rep["tasks"][0]["failures"][0]  # the 'near miss' now writes the right figure
    r = CliRunner().invoke(cli, ["bench", "validate", str(tmp_path / "suite"), "--cases", str(tmp_path)])
    assert r.exit_code == 2 and "no <task id>.toml" in r.output
