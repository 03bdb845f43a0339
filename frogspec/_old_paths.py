"""The import paths frogspec kept when its modules moved (written by relayout.py; kept as is).

Each old path is a thin module that re-exports the new one; they are deprecated and left
out of the API reference (:data:`frogspec.site.reference.API_EXCLUDED`).
"""

#: Old import path -> the module it now is.
OLD_PATHS: dict[str, str] = {
    "frogspec.cards": "frogspec.rules.cards",
    "frogspec.conformance": "frogspec.vectors",
}
