"""``CITATION.cff``: Citation File Format 1.2.0, in step with the package and its sources."""

from __future__ import annotations

import importlib
import json
import tomllib
from pathlib import Path
from typing import Any

import frogspec
from frogspec.citations import RULEBOOK_TITLE
from frogspec.sources import ALL_SOURCES

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = ROOT / "tests" / "citation_styles" / "citation-file-format-1.2.0.schema.json"

_TYPES = {"book": "book", "encyclopedia-article": "encyclopedia", "web-page": "website"}


def _cff() -> dict[str, Any]:
    yaml = importlib.import_module("yaml")  # PyYAML, which MkDocs needs anyway
    data: dict[str, Any] = yaml.safe_load((ROOT / "CITATION.cff").read_text(encoding="utf-8"))
    return data


def test_required_fields_of_cff_1_2_0() -> None:
    cff = _cff()
    assert cff["cff-version"] == "1.2.0"
    for key in ("message", "title", "authors"):
        assert cff[key], key
    for person in cff["authors"]:
        assert "name" in person or "family-names" in person


def test_title_and_version_match_the_package() -> None:
    cff = _cff()
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert cff["version"] == frogspec.__version__ == project["version"]
    assert cff["title"] == RULEBOOK_TITLE
    assert cff["license"] == project["license"]  # an SPDX expression, as CFF wants


def test_references_are_sources_of_the_bibliography() -> None:
    by_title = {source.title: source for source in ALL_SOURCES}
    references = _cff()["references"]
    assert references
    for reference in references:
        source = by_title[reference["title"]]
        assert reference["type"] == _TYPES[source.kind]
        assert reference.get("year") == source.year
        assert reference["authors"]
        if source.url:
            assert reference["url"] == source.url


def _schema_errors(cff: dict[str, Any]) -> list[str]:
    jsonschema = importlib.import_module("jsonschema")
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    # YAML reads the release date as a date; the schema wants the string the file holds.
    as_json = json.loads(json.dumps(cff, default=str))
    return [error.message for error in jsonschema.Draft7Validator(schema).iter_errors(as_json)]


def test_citation_cff_is_valid_against_the_cff_1_2_0_schema() -> None:
    assert _schema_errors(_cff()) == []


def test_the_schema_check_catches_a_wrong_file() -> None:
    wrong = _cff()
    wrong["date-accessed"] = "2026-11-29"
    del wrong["authors"]
    assert len(_schema_errors(wrong)) == 2


def test_each_reference_carries_its_caveats_and_no_access_date() -> None:
    by_title = {source.title: source for source in ALL_SOURCES}
    for reference in _cff()["references"]:
        source = by_title[reference["title"]]
        assert "date-accessed" not in reference, reference["title"]
        assert source.caveat is not None
        notes = " ".join(reference["notes"].split())
        assert notes == source.caveat[:1].upper() + source.caveat[1:] + ".", reference["title"]
