"""Every package has a README.md that lists its modules, one line each, and lists none that is gone."""

from __future__ import annotations

import re

import pytest

from tests.test_layers import package_dirs

PACKAGES = package_dirs()


@pytest.mark.parametrize("package", sorted(PACKAGES))
def test_the_package_readme_lists_exactly_its_modules(package):
    folder = PACKAGES[package]
    readme = folder / "README.md"
    assert readme.is_file(), f"{folder}: no README.md"
    listed = re.findall(r"^- `([\w.]+\.py)`", readme.read_text(encoding="utf-8"), flags=re.MULTILINE)
    present = sorted(f.name for f in folder.glob("*.py") if f.name != "__init__.py")
    assert sorted(listed) == present
    assert len(listed) == len(set(listed))
