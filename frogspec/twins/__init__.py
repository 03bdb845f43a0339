"""Broken twins: proof that the conformance vectors catch every single-rule departure.

For every rule of the registry there is a *twin* (:mod:`frogspec.twins.catalog`): the same
function with one plausible mistake. :func:`twin_ruleset` is a ruleset with one twin in
place of its rule, and whatever plays or answers under a ruleset takes the variation as an
argument (:func:`frogspec.harness.handle` answers under ``adjust(ruleset)``);
``FROGSPEC_TWIN=<rule id> python -m frogspec.harness`` runs the reference harness under that
twin, a broken implementation to test a conformance runner or a fuzzer against.

``python -m frogspec.twins check`` runs the conformance vectors against the reference with
each twin in turn and reports, for each, how many cases caught it; every twin must be
caught by a case that names its rule. ``--write`` keeps ``spec/twins-results.json`` (the
table on the site) current.

>>> from frogspec.harness import handle
>>> request = {"id": 1, "op": "legal_plays", "ruleset": "foster-1909", "trump": "H",
...            "hand": ["AS", "7H"], "trick": ["10D"]}
>>> handle(request)["result"]
['7H']
>>> sorted(handle(request, lambda rs: twin_ruleset(rs, "play.must-trump"))["result"])
['7H', 'AS']
"""

from frogspec.twins import catalog  # registers every twin
from frogspec.twins.model import TWINS, Twin, UnknownTwinError, get_twin, missing_twins, twin
from frogspec.twins.substitute import twin_ruleset

__all__ = [
    "TWINS",
    "Twin",
    "UnknownTwinError",
    "catalog",
    "get_twin",
    "missing_twins",
    "twin",
    "twin_ruleset",
]
