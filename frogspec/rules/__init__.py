"""The rules of Frog, one module per part of the game: the rulebook's chapters.

Each chapter states its rules as small functions, each registered under a permanent id with
its sources (:mod:`frogspec.registry`): :mod:`~frogspec.rules.cards`,
:mod:`~frogspec.rules.seats`, :mod:`~frogspec.rules.deal`, :mod:`~frogspec.rules.auction`,
:mod:`~frogspec.rules.widow`, :mod:`~frogspec.rules.trump`, :mod:`~frogspec.rules.play`,
:mod:`~frogspec.rules.scoring`, :mod:`~frogspec.rules.settlement` and
:mod:`~frogspec.rules.match`. The rulesets (:mod:`frogspec.rulesets`) pick among their
readings, and the engine (:mod:`frogspec.engine`) applies them. Importing this package
imports no chapter (the registry fills as each is imported).
"""

#: A package of modules: its public names are those of its public modules.
__all__: list[str] = []
