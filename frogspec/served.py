"""Where this checkout's rulebook is being served now, if it is (for ``frogspec rule``).

``python3 dev.py serve`` (:mod:`frogspec.site.serve`) records the address it serves on in
:data:`SERVED_AT` while it runs and removes the record when it stops; a record left by a
server that has gone (its process no longer exists) is not believed.

>>> served_address(Path("/nonexistent"))
"""

from __future__ import annotations

import json
import os
from pathlib import Path

__all__ = [
    "DEFAULT_ADDRESS",
    "ROOT",
    "SERVED_AT",
    "SERVED_VARIABLE",
    "forget_served",
    "record_served",
    "served_address",
]

#: The checkout's top directory, where ``mkdocs.yml`` and ``spec/`` are (of an editable
#: install; elsewhere nothing is recorded under it).
ROOT = Path(__file__).resolve().parents[1]

#: The address ``python3 dev.py serve`` serves on when none is given (``HOST:PORT``).
DEFAULT_ADDRESS = "127.0.0.1:8000"

#: The record, under the top directory.
SERVED_AT = Path(".cache") / "rulebook" / "served-at.json"


def record_served(url: str, root: Path | None = None) -> None:
    """Record that this process serves the rulebook at ``url``."""
    path = (root or ROOT) / SERVED_AT
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"pid": os.getpid(), "url": url}), encoding="utf-8")


def forget_served(root: Path | None = None) -> None:
    """Remove the record (the server is stopping)."""
    ((root or ROOT) / SERVED_AT).unlink(missing_ok=True)


#: Set (to an address, or empty for none) to say where the rulebook is served instead of
#: asking the record: the site's build sets it empty, so that no page it builds shows the
#: address of a server that happens to run meanwhile.
SERVED_VARIABLE = "FROGSPEC_SERVED_RULEBOOK"


def served_address(root: Path | None = None) -> str | None:
    """The address (ending in ``/``) at which the rulebook of this checkout is served now,
    or ``None``."""
    if SERVED_VARIABLE in os.environ:
        said = os.environ[SERVED_VARIABLE].strip()
        return (said if said.endswith("/") else said + "/") if said else None
    try:
        record = json.loads(((root or ROOT) / SERVED_AT).read_text(encoding="utf-8"))
        pid, url = int(record["pid"]), str(record["url"])
    except (OSError, ValueError, KeyError, TypeError):
        return None
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return None
    except OSError:
        pass  # alive, but another user's
    return url if url.endswith("/") else url + "/"
