"""Write the vector files of ``spec/vectors/``, or check that they are up to date.

    python -m frogspec.vectors generate           write every file
    python -m frogspec.vectors generate --check   exit 1 if a file is stale

(``frogspec vectors generate`` is the same command.) Every case, hand-written or
generated, is answered by the reference; a hand-written case whose expectation the
reference does not meet stops the run with the case's id.

Case ids are never reused. When a case disappears, its id is added to
``spec/vectors/retired-ids.txt``; an id listed there may not come back.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from frogspec.vectors.model import VectorError, VectorFile, default_vectors_dir, dumps

__all__ = ["RETIRED", "build_files", "main", "render", "stale_files", "write_files"]

RETIRED = "retired-ids.txt"

_HEADER = (
    "# Case ids that were issued and then retired: they are never used again.\n"
    "# Written by `python -m frogspec.vectors generate`; one id a line, oldest first.\n"
)


def build_files() -> list[VectorFile]:
    """Every vector file, built afresh from the reference.

    Raises :class:`~frogspec.vectors.build.BuildError` (a :class:`VectorError`) when a
    case cannot be built.
    """
    # The engine is imported here, not at the top: `frogspec vectors` registers with the
    # command line, which should not load the engine to print its help.
    from frogspec.vectors import generated, handwritten
    from frogspec.vectors.build import BuildError, make_case

    files = []
    for generated_file, table in ((False, handwritten.FILES), (True, generated.FILES)):
        for name, title, description, build in table:
            cases = tuple(make_case(spec, name) for spec in build())
            files.append(VectorFile(name, title, description, cases, generated_file))
    seen: dict[str, str] = {}
    for vf in files:
        for case in vf.cases:
            if case.id in seen:
                raise BuildError(f"case id {case.id!r} is in both {seen[case.id]} and {vf.name}")
            seen[case.id] = vf.name
    return files


def render(vf: VectorFile) -> str:
    """The text of a vector file."""
    return dumps(vf.to_json()) + "\n"


def _ids_in(folder: Path) -> list[str]:
    ids: list[str] = []
    for path in sorted(folder.glob("*.json")):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            ids.extend(str(c["id"]) for c in data["cases"])
        except (OSError, ValueError, KeyError, TypeError):
            continue
    return ids


def read_retired(folder: Path) -> list[str]:
    """The retired ids recorded in ``folder``."""
    path = folder / RETIRED
    if not path.exists():
        return []
    lines = path.read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def _retired_after(folder: Path, files: Sequence[VectorFile]) -> list[str]:
    retired = read_retired(folder)
    current = {case.id for vf in files for case in vf.cases}
    back = sorted(current & set(retired))
    if back:
        raise VectorError(f"retired case ids may not be used again: {', '.join(back)}")
    gone = [i for i in _ids_in(folder) if i not in current and i not in retired]
    return retired + gone


def expected_texts(folder: Path, files: Sequence[VectorFile]) -> dict[str, str]:
    """The text every file of ``folder`` should have, by file name."""
    texts = {f"{vf.name}.json": render(vf) for vf in files}
    retired = _retired_after(folder, files)
    texts[RETIRED] = _HEADER + "".join(f"{i}\n" for i in retired)
    return texts


def stale_files(folder: Path, files: Sequence[VectorFile] | None = None) -> list[str]:
    """The files of ``folder`` that differ from what the generator writes (or should not be
    there), by name; empty when everything is up to date."""
    texts = expected_texts(folder, files if files is not None else build_files())
    stale = []
    for name, text in texts.items():
        path = folder / name
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            stale.append(name)
    extra = [p.name for p in folder.glob("*.json") if p.name not in texts]
    return sorted(stale + extra)


def write_files(folder: Path, files: Sequence[VectorFile] | None = None) -> list[str]:
    """Write every file to ``folder``; remove vector files the generator no longer makes.
    Returns the names of the files that changed."""
    folder.mkdir(parents=True, exist_ok=True)
    texts = expected_texts(folder, files if files is not None else build_files())
    changed = []
    for name, text in texts.items():
        path = folder / name
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
            changed.append(name)
    for path in folder.glob("*.json"):
        if path.name not in texts:
            path.unlink()
            changed.append(path.name)
    return sorted(changed)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of the ``generate`` command."""
    parser.add_argument(
        "--check",
        action="store_true",
        help="write nothing; exit 1 if a committed file is not what the generator writes",
    )
    parser.add_argument(
        "--dir",
        type=Path,
        default=None,
        help="the vectors directory (default: spec/vectors of this source tree)",
    )


def run(args: argparse.Namespace) -> int:
    """Run ``generate`` with parsed arguments; returns the exit status."""
    folder: Path = args.dir or default_vectors_dir()
    try:
        files = build_files()
        if args.check:
            stale = stale_files(folder, files)
            if stale:
                print(f"stale vector files in {folder}: {', '.join(stale)}", file=sys.stderr)
                print("run: python -m frogspec.vectors generate", file=sys.stderr)
                return 1
            print(f"{sum(len(vf.cases) for vf in files)} cases; every file is up to date")
            return 0
        changed = write_files(folder, files)
    except VectorError as error:
        print(f"frogspec vectors: {error}", file=sys.stderr)
        return 2
    total = sum(len(vf.cases) for vf in files)
    what = ", ".join(changed) if changed else "nothing changed"
    print(f"{total} cases in {len(files)} files written to {folder}: {what}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m frogspec.vectors generate [--check] [--dir DIR]``."""
    parser = argparse.ArgumentParser(
        prog="python -m frogspec.vectors",
        description="Write (or check) the conformance vectors in spec/vectors/.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    gen = sub.add_parser("generate", help="write the vector files from the reference")
    add_arguments(gen)
    args = parser.parse_args(argv)
    return run(args)
