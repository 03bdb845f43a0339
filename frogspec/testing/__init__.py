"""Testing aids: the invariants of Frog and hypothesis strategies that draw games.

- :mod:`frogspec.testing.invariants`: the registry of invariants (what must hold in every
  deal, for every ruleset), each with a stable id, a plain-words statement and the rule ids
  it checks. It needs only the standard library.
- :mod:`frogspec.testing.strategies`: hypothesis strategies for cards, hands, packs,
  rulesets with their options, tables, positions reached by random legal play, and whole
  matches. Importing it needs hypothesis (the ``test`` extra); nothing else in the package
  imports it.

Nothing here is imported by ``import frogspec``.
"""

#: A package of modules: its public names are those of its public modules.
__all__: list[str] = []
