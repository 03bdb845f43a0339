"""The "Cite these rules" page: its script gives the same bibliography as ``frogspec cite``.

The script's joining function runs under Node (``/usr/bin/node``) on the data the build
writes; its output must equal :func:`frogspec.citations.cite_rules` to the character, in
every format, and parse as BibTeX.
"""

from __future__ import annotations

import importlib
import json
import shutil
import subprocess
from collections.abc import Mapping
from pathlib import Path

import pytest

from frogspec.citations import FORMATS, SITE_URL_VARIABLE, cite_rules
from frogspec.registry import all_rules
from frogspec.site import downloads
from frogspec.site.cite import CITE_DATA, cite_data, cite_page

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "docs" / "javascripts" / "cite.js"

SELECTIONS = [
    ["play.must-trump"],
    ["play.must-trump", "play.follow-suit", "play.must-trump"],
    ["settlement.fixed-25-50-75", "deal.packets-4-3-3-4", "auction.all-pass"],
    [r.id for r in all_rules()],
]

_RUNNER = """
const fs = require("fs");
const { citeBibliography } = require(process.argv[1]);
const data = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const ids = JSON.parse(process.argv[3]);
process.stdout.write(citeBibliography(data, ids, process.argv[4]));
"""


def _node() -> str:
    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        pytest.skip("Node is not installed: the page's script cannot be run outside a browser")
    return node


@pytest.fixture(scope="module")
def data_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("cite") / CITE_DATA
    path.write_text(json.dumps(cite_data(), ensure_ascii=False), encoding="utf-8")
    return path


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("ids", SELECTIONS, ids=lambda ids: f"{len(ids)}-rules")
def test_the_page_script_joins_as_frogspec_cite_does(
    fmt: str, ids: list[str], data_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(SITE_URL_VARIABLE, raising=False)
    proc = subprocess.run(
        [_node(), "-e", _RUNNER, str(SCRIPT), str(data_file), json.dumps(ids), fmt],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == cite_rules(ids, fmt)
    if fmt == "bibtex":
        pybtex = importlib.import_module("pybtex.database")
        pybtex.parse_string(proc.stdout, "bibtex")


def test_the_page_script_refuses_an_unknown_rule(data_file: Path) -> None:
    proc = subprocess.run(
        [_node(), "-e", _RUNNER, str(SCRIPT), str(data_file), '["play.nope"]', "text"],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert proc.returncode != 0 and "unknown rule play.nope" in proc.stderr


def test_the_page_lists_every_rule_and_the_downloads(site_pages: Mapping[str, str]) -> None:
    page = site_pages["cite.md"]
    assert page == cite_page()
    for entry in all_rules():
        assert f'value="{entry.id}"' in page
    files = downloads()
    for name in ("frogspec-rules.bib", "frogspec-rules.csl.json"):
        assert name in files and f"]({name})" in page
    assert 'data-cite-data="../cite-data.json"' in page
    assert json.loads(files[CITE_DATA]) == cite_data()
    pybtex = importlib.import_module("pybtex.database")
    whole = pybtex.parse_string(files["frogspec-rules.bib"], "bibtex")
    assert len(whole.entries) > len(list(all_rules()))
