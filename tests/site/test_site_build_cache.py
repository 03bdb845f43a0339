"""What the rulebook is built from, as digests (frogspec.site.build_cache), and the build's
cache of rendered pages: a site built from the cache is the site built anew."""

from __future__ import annotations

import filecmp
import pickle
from pathlib import Path

import pytest

from frogspec.site.build_cache import (
    CACHE_DIR,
    behaviour_digest,
    module_files,
    page_key,
    site_digest,
    tree_digest,
)

from .conftest import ROOT, build_rulebook


def test_a_digest_changes_with_any_file_it_covers(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "a.md").write_text("# A\n", encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text("site_name: a\n", encoding="utf-8")
    before = tree_digest(tmp_path, ["docs", "mkdocs.yml"])
    assert tree_digest(tmp_path, ["docs", "mkdocs.yml"]) == before
    (tmp_path / "docs" / "a.md").write_text("# B\n", encoding="utf-8")
    changed = tree_digest(tmp_path, ["docs", "mkdocs.yml"])
    assert changed != before
    # A file's name counts too, and bytecode does not.
    (tmp_path / "docs" / "a.md").rename(tmp_path / "docs" / "b.md")
    assert tree_digest(tmp_path, ["docs", "mkdocs.yml"]) not in (before, changed)
    renamed = tree_digest(tmp_path, ["docs", "mkdocs.yml"])
    (tmp_path / "docs" / "__pycache__").mkdir()
    (tmp_path / "docs" / "__pycache__" / "x.pyc").write_bytes(b"\0")
    assert tree_digest(tmp_path, ["docs", "mkdocs.yml"]) == renamed


def test_the_site_digest_covers_the_address_and_the_inputs(tmp_path: Path) -> None:
    (tmp_path / "mkdocs.yml").write_text("site_name: a\n", encoding="utf-8")
    one = site_digest(tmp_path, "http://127.0.0.1:8000/")
    assert site_digest(tmp_path, "http://127.0.0.1:8000/") == one
    assert site_digest(tmp_path, "http://127.0.0.1:8001/") != one
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# Home\n", encoding="utf-8")
    assert site_digest(tmp_path, "http://127.0.0.1:8000/") != one


def test_a_pages_key_is_its_markdown_its_address_and_what_it_reads() -> None:
    key = page_key("# A", "a/", "code")
    assert key == page_key("# A", "a/", "code")
    assert len({key, page_key("# B", "a/", "code"), page_key("# A", "b/", "code"),
                page_key("# A", "a/", "other code")}) == 4  # fmt: skip
    assert [p.name for p in module_files(["frogspec.rules", "frogspec.engine"])] == [
        "engine.py",
        "__init__.py",
    ]


@pytest.mark.slow
def test_a_site_built_from_the_cache_is_the_site_built_anew(
    built_site: Path, tmp_path: Path
) -> None:
    # The session's build left every page in the cache: build from it, then with every
    # page rendered anew, and compare every file.
    said = build_rulebook(tmp_path / "cached", FROGSPEC_BUILD_CACHE="1")
    assert "0 pages rendered" in said, said
    # A quiet build: what it says is information, no warning, banner or trace.
    assert [line for line in said.splitlines() if not line.startswith("INFO ")] == [], said
    # Then with one page made again among pages kept: the page of the module that defines
    # `twin`, which the catalogue's page (kept) imports. The inventory lists the names
    # under which a page's objects are imported elsewhere, and a kept page follows no
    # import: it must be the same as the one built anew.
    assert _forget_page("frogspec.twins.model") == 1
    said = build_rulebook(tmp_path / "partly", FROGSPEC_BUILD_CACHE="1")
    assert "1 pages rendered" in said, said
    build_rulebook(tmp_path / "anew", FROGSPEC_BUILD_CACHE="0")
    inventory = (tmp_path / "anew" / "objects.inv").read_bytes()
    assert (tmp_path / "partly" / "objects.inv").read_bytes() == inventory
    # The Validate page runs the kit and prints how long it took; its search entry too.
    timed = {"validate/index.html", "search/search_index.json"}
    differ: list[str] = []

    def walk(compared: filecmp.dircmp[str], prefix: str) -> None:
        differ.extend(prefix + name for name in compared.diff_files + compared.left_only)
        differ.extend(prefix + name for name in compared.right_only)
        for name, sub in compared.subdirs.items():
            walk(sub, f"{prefix}{name}/")

    walk(filecmp.dircmp(tmp_path / "cached", tmp_path / "anew"), "")
    assert sorted(set(differ) - timed) == []


def _forget_page(module: str) -> int:
    """Remove from the build's page cache the rendered API page of ``module``; how many
    entries were removed."""
    removed = 0
    for entry in (ROOT / CACHE_DIR / "pages").iterdir():
        data = entry.read_bytes()
        if not data.startswith(pickle.PROTO):
            continue  # a generated page set, a search entry (JSON): not a rendered page
        kept = pickle.loads(data)
        if isinstance(kept, dict) and f'<h1 id="{module}"' in str(kept.get("html", "")):
            entry.unlink()
            removed += 1
    return removed


def test_the_behaviour_digest_is_blind_to_a_rules_words_only(tmp_path: Path) -> None:
    module = tmp_path / "pkg" / "chapter.py"
    module.parent.mkdir()
    source = (
        "from registry import rule\n\n"
        '@rule("play.must-trump", "A player must trump.")\n'
        "def must_trump(hand):\n    return hand & 1\n"
    )
    module.write_text(source, encoding="utf-8")
    before, bytes_before = behaviour_digest(tmp_path, ["pkg"]), tree_digest(tmp_path, ["pkg"])
    module.write_text(source.replace("A player must trump.", "Trump, if you can."), "utf-8")
    assert behaviour_digest(tmp_path, ["pkg"]) == before
    assert tree_digest(tmp_path, ["pkg"]) != bytes_before
    module.write_text(source.replace("hand & 1", "hand & 3"), encoding="utf-8")
    assert behaviour_digest(tmp_path, ["pkg"]) != before
