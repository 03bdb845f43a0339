"""The site builds from ``pip install '.[docs]'``, editable or not.

The API page imports every public module, the pytest plugin among them, so the ``docs``
extra carries pytest; the page of broken twins reads ``spec/twins-results.json``, which a
wheel ships inside the package for an install that is not the checkout.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from frogspec.site.reference import api_modules
from frogspec.twins.check import default_results_path

ROOT = Path(__file__).resolve().parents[2]


def _requirement_names(requirements: list[str]) -> set[str]:
    return {r.split("[")[0].split(">")[0].split("<")[0].split("=")[0].strip() for r in requirements}


def test_the_docs_extra_has_what_the_api_page_imports() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    available = _requirement_names(project["dependencies"]) | _requirement_names(
        project["optional-dependencies"]["docs"]
    )
    assert "frogspec.pytest_plugin" in api_modules()
    assert "pytest" in available


def test_a_wheel_ships_the_twins_results_the_site_shows() -> None:
    setup = (ROOT / "setup.py").read_text(encoding="utf-8")
    shipped = re.search(r"^SHIPPED_FILES = \((.*?)\)$", setup, re.M | re.S)
    assert shipped is not None and '"twins-results.json"' in shipped.group(1)


def test_from_a_checkout_the_results_are_the_checkouts() -> None:
    assert default_results_path() == ROOT / "spec" / "twins-results.json"
