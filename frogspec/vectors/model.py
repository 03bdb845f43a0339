"""Conformance vectors: the case model, loading the files, and comparing responses.

A vector file (``spec/vectors/*.json``) holds cases. A case is a protocol request,
verbatim, and the response the reference gives to it, with the rule ids the case
exercises and, per JSON path, the lists that compare as sets. Standard library only: the
runner uses this module, and nothing here needs the engine.

The comparison (:func:`differences`):

- an object in the expected response must have each of its keys in the actual one, with
  an equal value; keys the actual response has beyond those are ignored (an
  implementation may add fields, as the protocol allows);
- a list compares element by element, in order, unless its path (indices written
  ``[*]``) is listed in the case's ``compare`` with ``"set"``: then the two lists must hold
  the same elements the same number of times, in any order;
- numbers, strings, booleans and null compare exactly; ``true`` is not ``1``.

>>> differences({"result": [1, 2]}, {"result": [2, 1]}, {"$.result": "set"})
[]
>>> differences({"result": {"a": 1}}, {"result": {"a": True, "b": 0}}, {})
['$.result.a: expected 1, got true']
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from frogspec._types import Json
from frogspec.jsonline import LineError, read_json_file

__all__ = [
    "CASE_ID_PATTERN",
    "COMPARE_MODES",
    "Case",
    "VectorError",
    "VectorFile",
    "default_vectors_dir",
    "differences",
    "dumps",
    "load_vectors",
]


#: What a case id looks like: lower-case words of letters and digits joined by dots and
#: hyphens, like ``settle.gamerules.frog-80``.
CASE_ID_PATTERN = re.compile(r"^[a-z0-9]+([.-][a-z0-9]+)*$")

#: The ways a list may compare: ``"set"`` (any order) or ``"exact"`` (the default).
COMPARE_MODES = ("exact", "set")

SPEC_VERSION = "1"


class VectorError(Exception):
    """A vector file that cannot be read or does not have the expected shape."""


@dataclass(frozen=True, slots=True)
class Case:
    """One conformance case.

    ``request`` and ``response`` are protocol messages, ``id`` included (the runner
    renumbers the request; the response must carry the id sent). ``rules`` are the rule
    ids the case exercises; ``compare`` maps JSON paths (``$.result.legal``) to
    ``"set"`` or ``"exact"``. ``extension`` names the protocol extension the case needs,
    if any: an op (``perft``, ``first_dealer``) or a field whose paths are
    ``extension_paths``; an implementation that answers ``unsupported``, or whose response
    lacks one of those paths, gets a skip.
    """

    id: str
    file: str
    description: str
    rules: tuple[str, ...]
    request: dict[str, Json]
    response: dict[str, Json]
    compare: dict[str, str] = field(default_factory=dict)
    extension: str | None = None
    extension_paths: tuple[str, ...] = ()
    source: str | None = None
    seeds: tuple[int, ...] = ()

    @property
    def op(self) -> str:
        """The request's op."""
        return str(self.request.get("op"))

    @property
    def ruleset(self) -> str | None:
        """The request's ruleset, or ``None`` for an op that takes none."""
        value = self.request.get("ruleset")
        return value if isinstance(value, str) else None

    @property
    def expected(self) -> dict[str, Json]:
        """The expected response without its id."""
        return {k: v for k, v in self.response.items() if k != "id"}

    def to_json(self) -> dict[str, Json]:
        """The case as it stands in a vector file."""
        data: dict[str, Json] = {"id": self.id, "description": self.description}
        if self.source:
            data["source"] = self.source
        data["rules"] = list(self.rules)
        if self.extension:
            data["extension"] = self.extension
        if self.extension_paths:
            data["extension_paths"] = list(self.extension_paths)
        if self.seeds:
            data["seeds"] = list(self.seeds)
        data["request"] = self.request
        data["response"] = self.response
        if self.compare:
            data["compare"] = dict(sorted(self.compare.items()))
        return data


@dataclass(frozen=True, slots=True)
class VectorFile:
    """One file of ``spec/vectors/``: a name (its stem), a title, a description, the cases."""

    name: str
    title: str
    description: str
    cases: tuple[Case, ...]
    generated: bool = False

    def to_json(self) -> dict[str, Json]:
        """The file's content."""
        return {
            "$schema": "../schema/vectors.schema.json",
            "spec": SPEC_VERSION,
            "title": self.title,
            "description": self.description,
            "generated": self.generated,
            "written_by": "python -m frogspec.vectors generate (do not edit by hand)",
            "cases": [case.to_json() for case in self.cases],
        }


def default_vectors_dir() -> Path:
    """The conformance vectors: ``spec/vectors`` of the source tree this package was loaded
    from, when it runs from a checkout; else the copy an installed package ships
    (``frogspec/spec/vectors``, put there by ``setup.py``)."""
    package = Path(__file__).resolve().parent.parent
    checkout = package.parent
    if (checkout / "pyproject.toml").is_file() and (checkout / "spec" / "vectors").is_dir():
        return checkout / "spec" / "vectors"
    return package / "spec" / "vectors"


def _need(data: Mapping[str, Json], key: str, kind: type | tuple[type, ...], where: str) -> Json:
    value = data.get(key)
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise VectorError(f"{where}: {key!r} is missing or not a {_kind_name(kind)}")
    return value


def _kind_name(kind: type | tuple[type, ...]) -> str:
    names = {str: "string", list: "list", dict: "object", int: "integer", bool: "boolean"}
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join(names.get(k, k.__name__) for k in kinds)


def _case_from_json(data: Json, file: str, index: int) -> Case:
    where = f"{file}.json, case {index}"
    if not isinstance(data, dict):
        raise VectorError(f"{where}: a case must be an object")
    case_id = _need(data, "id", str, where)
    where = f"{file}.json, case {case_id!r}"
    if not CASE_ID_PATTERN.match(case_id):
        raise VectorError(f"{where}: malformed case id")
    request = _need(data, "request", dict, where)
    response = _need(data, "response", dict, where)
    if not isinstance(request.get("op"), str):
        raise VectorError(f"{where}: the request has no op")
    rules = _need(data, "rules", list, where)
    compare = data.get("compare", {})
    if not isinstance(compare, dict) or any(
        not isinstance(k, str) or v not in COMPARE_MODES for k, v in compare.items()
    ):
        raise VectorError(f"{where}: compare must map paths to one of {COMPARE_MODES}")
    paths = data.get("extension_paths", [])
    seeds = data.get("seeds", [])
    return Case(
        id=case_id,
        file=file,
        description=str(data.get("description", "")),
        rules=tuple(str(r) for r in rules),
        request=request,
        response=response,
        compare=dict(compare),
        extension=data.get("extension"),
        extension_paths=tuple(str(p) for p in paths),
        source=data.get("source"),
        seeds=tuple(int(s) for s in seeds),
    )


def load_file(path: Path) -> VectorFile:
    """Read one vector file."""
    try:
        data = read_json_file(path)
    except LineError as error:
        raise VectorError(f"cannot read a vector file: {error}") from None
    name = path.stem
    if not isinstance(data, dict) or not isinstance(data.get("cases"), list):
        raise VectorError(f"{path}: a vector file is an object with a list of cases")
    if data.get("spec") != SPEC_VERSION:
        raise VectorError(f"{path}: written for protocol {data.get('spec')!r}, not {SPEC_VERSION}")
    try:
        cases = tuple(_case_from_json(c, name, i) for i, c in enumerate(data["cases"]))
    except (TypeError, ValueError) as error:  # a field of the wrong type deep in a case
        raise VectorError(f"{path}: a case of the wrong shape: {error}") from None
    return VectorFile(
        name=name,
        title=str(data.get("title", name)),
        description=str(data.get("description", "")),
        cases=cases,
        generated=bool(data.get("generated", False)),
    )


def load_vectors(directory: Path | None = None) -> list[VectorFile]:
    """Every vector file of ``directory`` (default: :func:`default_vectors_dir`), by name.

    Raises :class:`VectorError` for a missing directory, an unreadable file or a case id
    used twice.
    """
    folder = directory or default_vectors_dir()
    if not folder.is_dir():
        raise VectorError(
            f"no vectors directory at {folder}; pass the path of spec/vectors explicitly"
        )
    files = [load_file(p) for p in sorted(folder.glob("*.json"))]
    if not files:
        raise VectorError(f"no vector files (*.json) in {folder}")
    seen: dict[str, str] = {}
    for vf in files:
        for case in vf.cases:
            if case.id in seen:
                raise VectorError(f"case id {case.id!r} is in both {seen[case.id]} and {vf.name}")
            seen[case.id] = vf.name
    return files


def iter_cases(files: list[VectorFile]) -> Iterator[Case]:
    """Every case of ``files``, in order."""
    for vf in files:
        yield from vf.cases


def _show(value: Json) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 120 else text[:117] + "..."


def _key(value: Json) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def _same_scalar(a: Json, b: Json) -> bool:
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, int | float) and isinstance(b, int | float):
        return a == b
    return type(a) is type(b) and a == b


def differences(expected: Json, actual: Json, compare: Mapping[str, str]) -> list[str]:
    """Where ``actual`` departs from ``expected``, one line per difference (empty: equal).

    ``compare`` maps a path with ``[*]`` for list indices to ``"set"`` or ``"exact"``.
    """
    found: list[str] = []
    _diff(expected, actual, "$", "$", compare, found)
    return found


def _diff(
    expected: Json,
    actual: Json,
    path: str,
    pattern: str,
    compare: Mapping[str, str],
    found: list[str],
) -> None:
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            found.append(f"{path}: expected an object, got {_show(actual)}")
            return
        for key, value in expected.items():
            if key not in actual:
                found.append(f"{path}.{key}: missing (expected {_show(value)})")
            else:
                _diff(value, actual[key], f"{path}.{key}", f"{pattern}.{key}", compare, found)
        return
    if isinstance(expected, list):
        if not isinstance(actual, list):
            found.append(f"{path}: expected a list, got {_show(actual)}")
            return
        if compare.get(pattern) == "set":
            want = Counter(_key(v) for v in expected)
            got = Counter(_key(v) for v in actual)
            if want != got:
                missing = list((want - got).elements())
                extra = list((got - want).elements())
                parts = []
                if missing:
                    parts.append("missing " + ", ".join(missing))
                if extra:
                    parts.append("unexpected " + ", ".join(extra))
                found.append(f"{path} (compared as a set): {'; '.join(parts)}")
            return
        if len(expected) != len(actual):
            found.append(
                f"{path}: expected {len(expected)} items, got {len(actual)}: "
                f"expected {_show(expected)}, got {_show(actual)}"
            )
            return
        for i, (e, a) in enumerate(zip(expected, actual, strict=True)):
            _diff(e, a, f"{path}[{i}]", f"{pattern}[*]", compare, found)
        return
    if not _same_scalar(expected, actual):
        found.append(f"{path}: expected {_show(expected)}, got {_show(actual)}")


def has_path(value: Json, path: str) -> bool:
    """Whether ``value`` has ``path`` (``$.a.b``; no list indices).

    >>> has_path({"result": {"widow_shown": False}}, "$.result.widow_shown")
    True
    """
    parts = path.split(".")
    if parts[0] != "$":
        raise ValueError(f"a path starts with '$', got {path!r}")
    node = value
    for part in parts[1:]:
        if not isinstance(node, dict) or part not in node:
            return False
        node = node[part]
    return True


def dumps(value: Json, indent: int = 0) -> str:
    """JSON text with objects one key per line and lists of scalars on one line.

    >>> print(dumps({"a": [1, 2], "b": {"c": None}}))
    {
      "a": [1, 2],
      "b": {"c": null}
    }
    """
    pad = "  " * indent
    inner = "  " * (indent + 1)
    if isinstance(value, dict):
        if not value:
            return "{}"
        if all(not isinstance(v, dict | list) for v in value.values()) and len(value) <= 4:
            one = json.dumps(value, ensure_ascii=False)
            if len(one) <= 80:
                return one
        items = [f"{inner}{json.dumps(k)}: {dumps(v, indent + 1)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    if isinstance(value, list):
        if all(not isinstance(v, dict | list) for v in value):
            return json.dumps(value, ensure_ascii=False)
        items = [f"{inner}{dumps(v, indent + 1)}" for v in value]
        return "[\n" + ",\n".join(items) + "\n" + pad + "]"
    return json.dumps(value, ensure_ascii=False)
