"""What frogspec promises to its users is written in one place, the API reference's index,
and it is exactly the ``__all__`` of the package and of the modules listed there as public:
a name added to, or dropped from, an ``__all__`` changes the documented API with it, and
every other module is listed, and marked on its page, as internal.
"""

from __future__ import annotations

import importlib
import inspect
import re

import pytest

from frogspec.site.reference import PUBLIC_MODULES, api_modules, api_page_path, api_pages

#: A row of the index: the module's link, its summary, and (public ones) its names.
_ROW = re.compile(r"^\| \[`(?P<module>[\w.]+)`\]\((?P<path>[^)]+)\) \| (?P<rest>.*) \|$")


def _section(index: str, heading: str) -> list[str]:
    """The table rows under ``## heading`` of the index, up to the next heading."""
    text = index.split(f"\n## {heading}\n", 1)[1].split("\n## ", 1)[0]
    return [line for line in text.splitlines() if _ROW.match(line)]


def documented_public_api(index: str) -> dict[str, list[str]]:
    """The public names the index lists, by module."""
    found: dict[str, list[str]] = {}
    for line in _section(index, "The public API"):
        row = _ROW.match(line)
        assert row is not None
        names_cell = row.group("rest").rsplit(" | ", 1)[-1]
        found[row.group("module")] = re.findall(r"`([^`]+)`", names_cell)
    return found


def declared_public_api() -> dict[str, list[str]]:
    """The ``__all__`` of each public module."""
    return {name: list(importlib.import_module(name).__all__) for name in PUBLIC_MODULES}


def differences(documented: dict[str, list[str]]) -> dict[str, tuple[list[str], list[str]]]:
    """For each module where the documented names and ``__all__`` differ: the names only
    documented, and the names only declared."""
    declared = declared_public_api()
    out: dict[str, tuple[list[str], list[str]]] = {}
    for module in sorted(set(documented) | set(declared)):
        shown, meant = documented.get(module, []), declared.get(module, [])
        if shown != meant:
            out[module] = (sorted(set(shown) - set(meant)), sorted(set(meant) - set(shown)))
    return out


@pytest.fixture(scope="module")
def pages() -> dict[str, str]:
    return api_pages()


def test_the_documented_public_api_is_exactly_the_modules_all(pages: dict[str, str]) -> None:
    assert differences(documented_public_api(pages["api.md"])) == {}


def test_the_comparison_sees_a_name_missing_or_added(pages: dict[str, str]) -> None:
    index = pages["api.md"]
    dropped = index.replace("`legal_actions`, ", "", 1)
    assert differences(documented_public_api(dropped)) == {"frogspec": ([], ["legal_actions"])}
    added = index.replace("`apply`, ", "`apply`, `_advance`, ", 1)
    assert differences(documented_public_api(added)) == {"frogspec": (["_advance"], [])}


def test_every_public_name_exists_and_every_function_or_class_has_a_docstring() -> None:
    for module, names in declared_public_api().items():
        imported = importlib.import_module(module)
        for name in names:
            value = getattr(imported, name)
            if inspect.isfunction(value) or inspect.isclass(value):
                assert inspect.getdoc(value), f"{module}.{name} has no docstring"


def test_every_other_module_is_internal_and_its_page_says_so(pages: dict[str, str]) -> None:
    internal = [
        row.group("module")
        for line in _section(pages["api.md"], "Internals")
        if (row := _ROW.match(line)) is not None
    ]
    assert set(PUBLIC_MODULES) <= set(api_modules())
    assert sorted(internal) == sorted(set(api_modules()) - set(PUBLIC_MODULES))
    for name in api_modules():
        says_internal = "Not part of the public API" in pages[api_page_path(name)]
        assert says_internal == (name not in PUBLIC_MODULES), name


def test_each_public_module_page_documents_its_all(pages: dict[str, str]) -> None:
    # Its members by mkdocstrings, its rule functions as links to their rules: together its
    # whole __all__. The package's page is its docstring; its names are documented at home.
    for name, names in declared_public_api().items():
        if name == "frogspec":
            continue
        page = pages[api_page_path(name)]
        block = re.search(r"      members: (\[.*\])", page)
        assert block is not None, name
        members = re.findall(r'"([^"]+)"', block.group(1))
        linked = re.findall(r"^- \[`([^`]+)`\]", page, flags=re.MULTILINE)
        assert sorted(members + linked) == sorted(names), name
