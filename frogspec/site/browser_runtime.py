"""What the Play page needs on the site: frogspec's own wheel and the Pyodide runtime.

The page runs the reference engine itself in the browser, in Pyodide (CPython compiled to
WebAssembly). Both are served from the site, so that nothing is fetched from another host:

- the wheel of frogspec, built here from the package's files with the standard library
  (:func:`build_wheel`: a pure-Python wheel is a zip with a ``.dist-info``);
- the core files of the Pyodide runtime (:data:`RUNTIME_FILES`), taken from the npm package
  ``pyodide`` at the exact version :data:`PYODIDE_VERSION`, fetched with npm's own client
  into a cache outside the site (``.cache/pyodide/``) and checked against the SHA-256 of the
  package's tarball recorded here (:data:`PYODIDE_SHA256`) before anything is extracted.

``python -m frogspec.site.browser_runtime fetch`` fetches the runtime (``python3 dev.py build`` and
``serve`` run it). Where it cannot be had (no npm, no network) the build still succeeds:
:func:`site_files` leaves the runtime out and the page says what to install.

>>> manifest = play_manifest(None)
>>> manifest["runtime"], manifest["wheel"].startswith("frogspec-")
(None, True)
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path
from typing import Any

import frogspec

__all__ = [
    "ASSETS",
    "PYODIDE_SHA256",
    "PYODIDE_VERSION",
    "RUNTIME_DIR",
    "RUNTIME_FILES",
    "build_wheel",
    "fetch_runtime",
    "play_manifest",
    "runtime_dir",
    "site_files",
    "wheel_name",
]

#: The version of the npm package ``pyodide`` the page runs on, exactly.
PYODIDE_VERSION = "0.27.7"

#: The SHA-256 of ``pyodide-0.27.7.tgz`` as ``npm pack`` fetches it.
PYODIDE_SHA256 = "89d5d952675eb08e11286e52c7238f1248ce71726e896db9703e73bef23dc343"

#: The files of the package the page loads: the loader, the CPython runtime and its
#: WebAssembly, the standard library, and the lock file the loader reads at start.
RUNTIME_FILES = (
    "pyodide.js",
    "pyodide.asm.js",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)

#: Where the runtime is served on the site.
RUNTIME_DIR = "pyodide"

#: Where the wheel and the manifest are served on the site.
ASSETS = "play-assets"

_CACHE = Path(".cache") / "pyodide"


def _cache(root: Path) -> Path:
    return root / _CACHE


def _tarball(root: Path) -> Path:
    return _cache(root) / f"pyodide-{PYODIDE_VERSION}.tgz"


def runtime_dir(root: Path) -> Path | None:
    """The folder holding the checked runtime files, or ``None`` if they are not there."""
    folder = _cache(root) / PYODIDE_VERSION
    if all((folder / name).is_file() for name in RUNTIME_FILES):
        return folder
    return None


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as data:
        for block in iter(lambda: data.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def fetch_runtime(root: Path) -> tuple[Path | None, str]:
    """Make sure the runtime is in the cache: fetch the tarball with ``npm pack`` if it is
    not there, check its SHA-256, and extract :data:`RUNTIME_FILES`. Returns the folder (or
    ``None``) and a sentence saying what happened or what to install."""
    found = runtime_dir(root)
    if found is not None:
        return found, f"Pyodide {PYODIDE_VERSION} is in {found}"
    tarball = _tarball(root)
    if not tarball.is_file():
        npm = shutil.which("npm")
        if npm is None:
            return None, (
                "npm is not installed, so the Play page has no Python runtime: install npm "
                "(Debian: apt-get install npm) and run python3 dev.py build again"
            )
        tarball.parent.mkdir(parents=True, exist_ok=True)
        proc = subprocess.run(
            [npm, "pack", f"pyodide@{PYODIDE_VERSION}", "--silent", "--fetch-retries=1"],
            cwd=tarball.parent,
            capture_output=True,
            text=True,
            check=False,
            timeout=300,
        )
        if proc.returncode != 0 or not tarball.is_file():
            detail = (proc.stderr or proc.stdout).strip().splitlines()[-1:] or ["no output"]
            return None, (
                f"npm could not fetch pyodide@{PYODIDE_VERSION} ({detail[0]}); the Play page "
                "has no Python runtime until python3 dev.py build can reach the npm registry"
            )
    actual = _sha256(tarball)
    if actual != PYODIDE_SHA256:
        tarball.unlink()
        return None, (
            f"pyodide-{PYODIDE_VERSION}.tgz has SHA-256 {actual}, not the recorded "
            f"{PYODIDE_SHA256}: removed, and the Play page has no runtime"
        )
    folder = _cache(root) / PYODIDE_VERSION
    partial = folder.with_name(folder.name + ".partial")
    shutil.rmtree(partial, ignore_errors=True)
    partial.mkdir(parents=True)
    with tarfile.open(tarball, "r:gz") as archive:
        for name in RUNTIME_FILES:
            member = archive.extractfile(f"package/{name}")
            if member is None:
                return None, f"pyodide-{PYODIDE_VERSION}.tgz has no package/{name}"
            (partial / name).write_bytes(member.read())
    shutil.rmtree(folder, ignore_errors=True)
    partial.rename(folder)
    return folder, f"Pyodide {PYODIDE_VERSION} checked and extracted into {folder}"


def wheel_name() -> str:
    """The file name of frogspec's wheel."""
    return f"frogspec-{frogspec.__version__}-py3-none-any.whl"


def _package_files() -> list[tuple[str, bytes]]:
    package = Path(frogspec.__file__).resolve().parent
    files = []
    for path in sorted(package.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
            files.append((path.relative_to(package.parent).as_posix(), path.read_bytes()))
    return files


def _record_hash(data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
    return "sha256=" + digest.decode()


def build_wheel() -> bytes:
    """frogspec's wheel (pure Python, no dependencies), built from the package's files.

    The same files give the same bytes: every entry has a fixed date.
    """
    version = frogspec.__version__
    info = f"frogspec-{version}.dist-info"
    metadata = (
        "Metadata-Version: 2.1\n"
        "Name: frogspec\n"
        f"Version: {version}\n"
        "Summary: The reference specification of the card game Frog.\n"
        "Requires-Python: >=3.11\n"
    )
    wheel = (
        "Wheel-Version: 1.0\nGenerator: frogspec.site.browser_runtime\nRoot-Is-Purelib: true\n"
        "Tag: py3-none-any\n"
    )
    entries = [*_package_files(), (f"{info}/METADATA", metadata.encode())]
    entries.append((f"{info}/WHEEL", wheel.encode()))
    record = "".join(f"{name},{_record_hash(data)},{len(data)}\n" for name, data in entries)
    record += f"{info}/RECORD,,\n"
    entries.append((f"{info}/RECORD", record.encode()))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in entries:
            entry = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = 0o644 << 16
            archive.writestr(entry, data)
    return out.getvalue()


def play_manifest(runtime: Path | None) -> dict[str, Any]:
    """What the page's script reads first: the wheel to install, and the runtime (its
    version and folder on the site) or ``None`` with what to install."""
    return {
        "wheel": wheel_name(),
        "runtime": None if runtime is None else {"version": PYODIDE_VERSION, "path": RUNTIME_DIR},
        "missing": None
        if runtime is not None
        else (
            f"The Python runtime (Pyodide {PYODIDE_VERSION}) was not available when this site "
            "was built. Install npm (Debian: apt-get install npm) and run python3 dev.py build "
            "(or serve) again: it fetches the runtime once, checks it and serves it from the "
            "site itself."
        ),
    }


def site_files(root: Path) -> tuple[dict[str, bytes | Path], str]:
    """The files the Play page needs, by their path on the site (bytes, or a file to copy),
    and a sentence for the build's log. Nothing is fetched here: only a runtime already in
    the cache (:func:`fetch_runtime`) is served."""
    runtime = runtime_dir(root)
    files: dict[str, bytes | Path] = {
        f"{ASSETS}/{wheel_name()}": build_wheel(),
        f"{ASSETS}/manifest.json": json.dumps(play_manifest(runtime), indent=2).encode(),
    }
    if runtime is None:
        return files, (
            f"the Play page has no runtime: Pyodide {PYODIDE_VERSION} is not in "
            f"{_cache(root)} (python3 dev.py build fetches it with npm)"
        )
    for name in RUNTIME_FILES:
        files[f"{RUNTIME_DIR}/{name}"] = runtime / name
    return files, f"the Play page runs on Pyodide {PYODIDE_VERSION} from {runtime}"


def main(argv: list[str] | None = None) -> int:
    """``python -m frogspec.site.browser_runtime fetch [ROOT]``: fetch and check the runtime."""
    args = sys.argv[1:] if argv is None else argv
    if not args or args[0] != "fetch" or len(args) > 2:
        print("usage: python -m frogspec.site.browser_runtime fetch [ROOT]", file=sys.stderr)
        return 2
    root = Path(args[1]) if len(args) == 2 else Path.cwd()
    if runtime_dir(root) is not None:
        return 0  # already there: nothing to say
    print(
        f"frogspec: fetching the Play page's Python runtime (Pyodide {PYODIDE_VERSION}, about "
        "14 MB) with npm, once",
        file=sys.stderr,
        flush=True,
    )
    _folder, message = fetch_runtime(root)
    # A word on standard error: dev.py's own lines (and what a caller reads) stay on stdout.
    print(f"frogspec: {message}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
