"""Helpers of the conformance tests: the spec directory, its schemas, the fakes."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import jsonschema

SPEC = Path(__file__).resolve().parents[2] / "spec"
FAKES = Path(__file__).resolve().parent / "fakes"


def schema(name: str) -> dict[str, Any]:
    """A schema of spec/schema/, by its file's stem (``protocol``, ``vectors``, ``report``)."""
    data: dict[str, Any] = json.loads((SPEC / "schema" / f"{name}.schema.json").read_text())
    return data


def validator(name: str, definition: str | None = None) -> jsonschema.Draft202012Validator:
    """A validator for a schema, or for one of its ``$defs``."""
    root = schema(name)
    if definition is not None:
        root = {"$defs": root["$defs"], "$ref": f"#/$defs/{definition}"}
    return jsonschema.Draft202012Validator(root)


def errors(check: jsonschema.Draft202012Validator, instance: Any) -> list[str]:
    """The validation errors of ``instance``, as text (empty: valid)."""
    return [f"{list(e.absolute_path)}: {e.message}" for e in check.iter_errors(instance)]


def fake(mode: str, *args: str) -> list[str]:
    """The command line of a fake implementation (``tests/conformance/fakes/fake.py``)."""
    return [sys.executable, str(FAKES / "fake.py"), mode, *args]
