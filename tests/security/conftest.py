"""Counts the hostile-workspace probes per tool family and prints tried / held at the end of the session."""

from __future__ import annotations

from collections import Counter

import pytest

_tried: Counter[str] = Counter()
_held: Counter[str] = Counter()


def _family(nodeid: str) -> str | None:
    """tests/security/test_git.py::test_x -> git."""
    path = nodeid.split("::")[0]
    if "tests/security/test_" not in path:
        return None
    return path.rsplit("/test_", 1)[1].removesuffix(".py")


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    family = _family(report.nodeid)
    if family is None or report.when != "call":
        return
    _tried[family] += 1
    _held[family] += report.passed


def pytest_terminal_summary(terminalreporter) -> None:
    if not _tried:
        return
    terminalreporter.section("hostile-workspace probes: held / tried")
    for family in sorted(_tried):
        terminalreporter.write_line(f"{family:10} {_held[family]:3d} / {_tried[family]}")
    terminalreporter.write_line(f"{'all':10} {sum(_held.values()):3d} / {sum(_tried.values())}")
