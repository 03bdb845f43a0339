"""Public names are unique across the package, one name for one thing, and few: a helper
used only inside its module starts with an underscore, so the names a reader meets are
the ones that mean something outside it.

A public name is a module-level function or class defined in its module (not imported), or
an entry of the module's ``__all__``; a package's ``__init__`` re-exporting its modules'
objects defines nothing new (the same object is counted once).
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import pkgutil
from collections import defaultdict
from types import ModuleType

import pytest

import frogspec

#: Names alike by convention, one per module that needs them.
ALLOWED = {
    # The `python -m` / console-script entry point of each command-line module.
    "main",
    # Each `frogspec` subcommand's module adds its parser to the CLI through `register`.
    "register",
    # A generator's entry point, called by `main` and by the site build alike.
    "run",
    # Each source of vectors (handwritten, generated) lists its files in `FILES`, of one
    # shape, which frogspec.vectors.generate reads from both alike.
    "FILES",
}


def _modules(package: ModuleType = frogspec) -> list[ModuleType]:
    found = [package]
    for info in pkgutil.iter_modules(package.__path__, package.__name__ + "."):
        module = importlib.import_module(info.name)
        found += _modules(module) if info.ispkg else [module]
    return found


def _defined_by(module: ModuleType) -> dict[str, object]:
    name = module.__name__
    found: dict[str, object] = {
        key: value
        for key, value in vars(module).items()
        if not key.startswith("_")
        and (inspect.isfunction(value) or inspect.isclass(value))
        and value.__module__ == name
    }
    for key in getattr(module, "__all__", ()):
        value = getattr(module, key)
        if inspect.isfunction(value) or inspect.isclass(value) or inspect.ismodule(value):
            if getattr(value, "__module__", name) == name:
                found[key] = value
        else:
            found[key] = value
    return found


def _duplicates() -> dict[str, list[str]]:
    where: defaultdict[str, list[str]] = defaultdict(list)
    for (key, _), module_name in _owners().items():
        where[key].append(module_name)
    return {k: sorted(ms) for k, ms in where.items() if len(ms) > 1}


#: The number of public names the package defines (each name and object once) may only
#: go down: a new one needs an old one gone, or this ceiling raised on purpose. (There
#: were 938 before the helpers used only inside their module took an underscore, then 918;
#: explaining several departures away (``conform.blame``, ``conform.words``), the hand-worth
#: run over every seat and table size (``worth_design``) and the odds split by concern
#: raised it on purpose, as did the kit's words said in one module, and the unit ops'
#: findings kept as typed values: one small class for each way an engine departs, in
#: ``conform.evidence``, then the settlements said as rules: a loss paid at a multiple,
#: payments at a multiple at some scores, a trick taken by the engine's own answer; then
#: the cards ranked otherwise and a card counted as a trump, with what a trick holds
#: read alike from a probe and from a game's step; then the kit's helpers that one of its
#: modules takes from another made public, since a name another module imports is no
#: module's own: 16 of them; then a margin raised past a score, one more way of paying;
#: then points counted for each trump taken (a hypothesis of the count), and three kit
#: helpers one module takes from another: one joiner of deviations, the settlements taken
#: within the engine's own count, and a departure said by the reading it follows; then
#: two models of a departure the kit makes from what it localises, which one kit module
#: takes from another: the engine's first leader and a contract's trump; then the games
#: played on the engine's own deal: the actions fitted to it, the games played, and the
#: index of an action refused, and the legal list of a game's answer they share with the
#: diagnosis; then a departure said by the mistake of the twin that confirms it; then a
#: bonus of the count as a typed difference, and the test of a match's dealers passed by a
#: way the match probe found, which the blame takes from the rotation's module; then the
#: model of a contract whose bidder takes the widow, which the deviations take from the
#: localisation; then a Frog's trump named after the lay-away as a typed difference;
#: then an overbid player the engine never asks again, as a typed difference, and two
#: departures of the count at once as one hypothesis, said as two deviations; then the
#: payments for every trick that a game shows, which the game's probe and the deviations
#: share, a contract paid at another's rate (Penalty Frog) and a jump refused over a
#: standing bid as typed differences, and a trump counted otherwise than its card as a
#: hypothesis of the count; then a player passed over in the auction and the contracts
#: offered once the opener has passed as typed differences, and the model of contracts
#: refused the opener, which the deviations take from the localisation; then a contract
#: settled as one margin whatever the points, as a typed difference, and the lay-away
#: judged apart beside a trump named later, which the deviations take from the diagnosis;
#: then a contract played without trumps as a typed difference; then the games a
#: payment for every trick the game's probe found would fail alone, which the blame takes;
#: then whether a departure fails a case, which the blame and that payment's games share;
#: then the auction opened by the player on eldest's left as a model of the reference;
#: then the contracts offered over the opener's bid, as a typed difference; then a deal of a
#: match paid times over, as a typed difference, and the deals of a match played after one
#: passed out, which the deviations take from the diagnosis; then a deviation narrowed to
#: the cases a seating departure alone fails, said again by its finding, which the blame
#: takes from the deviations; then a player unable to pay paying only what he has, as a
#: typed difference.)
CEILING = 1049


def _owners() -> dict[tuple[str, int], str]:
    # Keyed by name and object: a constant re-exported by a package is one definition.
    owners: dict[tuple[str, int], str] = {}
    for module in _modules():
        for key, value in _defined_by(module).items():
            owners.setdefault((key, id(value)), module.__name__)
    return owners


def test_the_number_of_public_names_does_not_grow() -> None:
    assert len(_owners()) <= CEILING


def test_no_public_name_is_defined_in_two_modules() -> None:
    found = {k: ms for k, ms in _duplicates().items() if k not in ALLOWED}
    assert found == {}, f"public names defined in more than one module: {found}"


def test_the_lists_of_exceptions_hold_only_real_duplicates() -> None:
    # An allowed name no longer repeated must leave the list.
    assert sorted((ALLOWED) - set(_duplicates())) == []


def test_the_finder_sees_a_duplicate() -> None:
    # The entry points are found in every command-line module; a renamed name in one only.
    assert {"frogspec.cli", "frogspec.fuzz", "frogspec.worth"} <= set(_duplicates()["main"])
    assert "PlayTable" not in _duplicates() and "Table" not in _duplicates()


@pytest.mark.parametrize(
    ("module_name", "old"),
    [
        ("frogspec", "Outcome"),
        ("frogspec.engine", "Outcome"),
        ("frogspec.web_table", "Table"),
        ("frogspec.web_table", "rulesets"),
        ("frogspec.conform.runner", "Outcome"),
        ("frogspec.conform", "Outcome"),
        ("frogspec.fuzz", "OPS"),
        ("frogspec.testing.invariants", "TOPICS"),
    ],
)
def test_a_name_removed_in_0_4_is_gone(module_name: str, old: str) -> None:
    # The changelog of 0.4.0 lists them with what to use instead; no alias lingers.
    module = importlib.import_module(module_name)
    with pytest.raises(AttributeError):
        getattr(module, old)


@pytest.mark.parametrize("old", ["frogspec.cards", "frogspec.conformance"])
def test_a_module_path_removed_in_0_4_is_gone(old: str) -> None:
    # The pack is frogspec.rules.cards, the vectors' builder frogspec.vectors.
    assert importlib.util.find_spec(old) is None
