"""The hypothesis settings of the property suite: a fast ``dev`` profile and a thorough
``ci`` one, chosen by the environment variable ``FROGSPEC_HYPOTHESIS_PROFILE``.

The profiles are registered under their names, and every test of this suite takes its
settings from the chosen one through :func:`profile` (scaled by the test's weight: a
property over whole matches draws fewer examples than one over single cards). The
chosen profile is not loaded globally, so other suites keep their own settings.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

VARIABLE = "FROGSPEC_HYPOTHESIS_PROFILE"
DEFAULT = "dev"

#: Examples of a property of weight 1 (the cheap properties); heavier ones scale down.
EXAMPLES = {"dev": 200, "ci": 4000}

for _name, _examples in EXAMPLES.items():
    settings.register_profile(
        _name,
        max_examples=_examples,
        deadline=None,
        print_blob=True,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


def profile_name() -> str:
    """The profile chosen by the environment; ValueError naming the choices if unknown."""
    name = os.environ.get(VARIABLE, "").strip() or DEFAULT
    if name not in EXAMPLES:
        raise ValueError(f"{VARIABLE}={name!r}: choose one of {', '.join(EXAMPLES)}")
    return name


def profile(weight: float = 1.0, **changes: object) -> settings:
    """The chosen profile, its number of examples scaled by ``weight`` (at least 10)."""
    base = settings.get_profile(profile_name())
    examples = max(10, round(base.max_examples * weight))
    return settings(base, max_examples=examples, **changes)  # type: ignore[arg-type]
