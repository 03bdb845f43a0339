"""Broken twins: proof that the conformance vectors catch every single-rule departure.

For every rule of the registry there is a *twin* (:mod:`frogspec.twins.catalog`): the same
function with one plausible mistake. :func:`substituted` swaps one twin into the
reference for the length of a ``with`` block; ``FROGSPEC_TWIN=<rule id> python -m
frogspec.harness`` runs the reference harness with that twin in for good, a broken
implementation to test a conformance runner or a fuzzer against.

``python -m frogspec.twins check`` runs the conformance vectors against the reference with
each twin in turn and reports, for each, how many cases caught it; every twin must be
caught by a case that names its rule. ``--write`` keeps ``spec/twins-results.json`` (the
table on the site) current.

>>> from frogspec.harness import handle
>>> request = {"id": 1, "op": "legal_plays", "ruleset": "foster-1909", "trump": "H",
...            "hand": ["AS", "7H"], "trick": ["10D"]}
>>> handle(request)["result"]
['7H']
>>> with substituted("play.must-trump"):
...     sorted(handle(request)["result"])
['7H', 'AS']
"""

from frogspec.twins import catalog  # registers every twin
from frogspec.twins.model import TWINS, Twin, UnknownTwinError, get_twin, missing_twins, twin
from frogspec.twins.substitute import active_twin, install, substituted

__all__ = [
    "TWINS",
    "Twin",
    "UnknownTwinError",
    "active_twin",
    "catalog",
    "get_twin",
    "install",
    "missing_twins",
    "substituted",
    "twin",
]
