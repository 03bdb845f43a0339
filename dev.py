#!/usr/bin/env python3
"""Developer entry point: needs nothing but Python >= 3.11.

    python3 dev.py serve    serve the rulebook on http://127.0.0.1:8000 (-a HOST:PORT for
                            another): the last build at once when nothing it is built from
                            has changed, else after rebuilding the pages that changed; it
                            keeps running, rebuilding on each change; Ctrl-C stops it
    python3 dev.py build    build the rulebook into site/ (strict, offline)
    python3 dev.py test     run the quick test suite (pytest, with mypy and ruff inside it;
                            FROGSPEC_TEST_ALL=1 adds the slow and browser tests)
    python3 dev.py bench    time the pure and the compiled (mypyc) build beside OpenSpiel
                            skat in one run and print a dated table (installing the bench
                            extra, OpenSpiel; --quick: about five minutes; --rounds N)

Each command first makes the virtual environment ``.venv`` and installs frogspec into
it with everything it needs, when that has not been done or pyproject.toml has changed.
That install is the pure build (editable). The compiled build (the engine and the solver
compiled with mypyc: the same answers, several times faster solves, so more ``frogspec
odds`` samples in its time budget) is a separate install from the source tree, with a C
compiler: ``FROGSPEC_COMPILE=1 pip install .`` in an environment of its own (the build
asks for mypy, which brings mypyc; see docs/benchmarks.md, "The compiled build"; ``frogspec --version``
says which build runs).
Extra arguments go to the tool: ``python3 dev.py test -k auction``; ``serve`` takes
``-a HOST:PORT`` and ``-f CONFIG`` (another ``mkdocs.yml``).
"""

from __future__ import annotations

import errno
import hashlib
import os
import signal
import socket
import subprocess
import sys
import venv
from pathlib import Path
from types import FrameType

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
STAMP = VENV / ".frogspec-installed"
BENCH_STAMP = VENV / ".frogspec-bench-installed"
PIP = [str(BIN / "python"), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
# setuptools warns at length on every editable install that a folder named like the package
# could shadow it; here that folder is the package itself.
_QUIET_PIP = {**os.environ, "PYTHONWARNINGS": "ignore:Editable installation"}


def _ensure_environment() -> None:
    if sys.version_info < (3, 11):  # noqa: UP036 - dev.py must explain itself on an old Python
        sys.exit(f"frogspec needs Python 3.11 or newer; this is {sys.version.split()[0]}")
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if STAMP.exists() and STAMP.read_text() == wanted and (BIN / "python").exists():
        return
    if not (BIN / "python").exists():
        print("dev.py: creating .venv", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    print("dev.py: installing frogspec and its tools into .venv", flush=True)
    subprocess.run([*PIP, "--upgrade", "pip"], check=True, env=_QUIET_PIP)
    subprocess.run([*PIP, "--editable", f"{ROOT}[dev]"], check=True, env=_QUIET_PIP)
    STAMP.write_text(wanted)


def _ensure_play_runtime() -> None:
    # The Play page's Python runtime (Pyodide), fetched once with npm when npm is there;
    # without it the site still builds and the page says what to install.
    subprocess.run(
        [str(BIN / "python"), "-m", "frogspec.site.browser_runtime", "fetch", str(ROOT)],
        check=False,
    )


def _ensure_bench_extra() -> None:
    # The benchmarks' peers (OpenSpiel): installed on first use of bench, not for tests.
    wanted = STAMP.read_text()
    if BENCH_STAMP.exists() and BENCH_STAMP.read_text() == wanted:
        return
    print("dev.py: installing the bench extra (OpenSpiel, the benchmarks' peer)", flush=True)
    bench = [*PIP, "--editable", f"{ROOT}[dev,bench]"]
    if subprocess.run(bench, check=False, env=_QUIET_PIP).returncode:
        print("dev.py: the bench extra did not install; the peers will not be measured")
        return
    BENCH_STAMP.write_text(wanted)


def _run(*command: str) -> int:
    # Material for MkDocs prints a banner about MkDocs 2 on every build; we pin mkdocs<2.
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    return subprocess.run(command, cwd=ROOT, env=env, check=False).returncode


def _address(args: list[str]) -> tuple[str, int]:
    # The last -a/--dev-addr wins, as it does for mkdocs.
    address = "127.0.0.1:8000"
    for i, arg in enumerate(args):
        if arg in ("-a", "--dev-addr") and i + 1 < len(args):
            address = args[i + 1]
        elif arg.startswith("--dev-addr="):
            address = arg.split("=", 1)[1]
    host, _, port = address.rpartition(":")
    if not port.isdigit() or not 1 <= int(port) <= 65535:
        raise ValueError(address)
    return host or "127.0.0.1", int(port)


def _port_taken(host: str, port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        if os.name != "nt":
            # As the server itself binds: the TIME-WAIT sockets a stopped server leaves for
            # a minute do not hold the port (SO_REUSEADDR still refuses a listening one).
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except socket.gaierror as error:
            raise ValueError(host) from error
        except OSError as error:
            if error.errno == errno.EADDRNOTAVAIL:
                raise ValueError(host) from error
            return error.errno == errno.EADDRINUSE
    return False


def _serve_address(args: list[str]) -> tuple[str, int, bool] | None:
    """The host and port to serve on and whether the port is taken; ``None`` (having said
    why in one line) when the address is not one to serve on."""
    try:
        host, port = _address(args)
        return host, port, _port_taken(host, port)
    except ValueError as error:
        print(
            f"dev.py: cannot serve on {error}: the address must be HOST:PORT, with a host of "
            "this machine and a port from 1 to 65535 (like 127.0.0.1:8000)",
            file=sys.stderr,
        )
        return None


def serve(args: list[str], host: str, port: int, taken: bool) -> int:
    """Serve the rulebook until Ctrl-C or a signal; a port already taken is said plainly."""
    command = [str(BIN / "python"), "-m", "frogspec.site.serve", "-a", f"{host}:{port}", *args]
    if taken:
        print(
            f"dev.py: cannot serve the rulebook: port {port} on {host} is already in use "
            "(another dev.py serve, perhaps). Stop that server, or choose another port: "
            f"python3 dev.py serve -a {host}:{port + 1}",
            file=sys.stderr,
        )
        return 1
    print(
        f"dev.py: serving the rulebook on http://{host}:{port}/ (built first if anything it "
        "is built from has changed)\n"
        "dev.py: this command keeps running (it rebuilds the site when a file changes); "
        "press Ctrl-C to stop it.",
        flush=True,
    )
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    # Where SIGINT is ignored (a background shell), the server would inherit that and never
    # stop on one: give it the default, which a handler set here passes on at exec.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    server = subprocess.Popen(command, cwd=ROOT, env=env)

    signalled: list[int] = []

    def stop(signum: int, frame: FrameType | None) -> None:
        # A signal to dev.py alone (kill, a closed terminal) must stop the server it started.
        signalled.append(signum)
        raise KeyboardInterrupt

    for name in ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), stop)
    try:
        status = server.wait()
    except KeyboardInterrupt:
        try:
            # Ctrl-C reached the server too (it is in the terminal's process group): let it
            # finish; after a signal to dev.py alone, interrupt it (mkdocs stops cleanly).
            server.wait(timeout=0 if signalled else 5)
        except subprocess.TimeoutExpired:
            _stop_server(server)
        print("dev.py: the rulebook server has stopped.", flush=True)
        return 0
    return status


def _stop_server(server: subprocess.Popen[bytes]) -> None:
    # Within 2 s in all: SIGINT (mkdocs stops cleanly), then SIGTERM, then SIGKILL.
    for send, wait in ((signal.SIGINT, 1.0), (signal.SIGTERM, 0.5)):
        server.send_signal(send)
        try:
            server.wait(timeout=wait)
            return
        except subprocess.TimeoutExpired:
            pass
    server.kill()
    server.wait()


#: Set (to 1) to run the whole suite, the slow and browser tests too, as .ci/run does.
TEST_ALL = "FROGSPEC_TEST_ALL"
#: The quick selection ``dev.py test`` runs by default: a contributor's loop of minutes.
QUICK = "not slow and not browser"


def _test_selection(args: list[str]) -> list[str]:
    # FROGSPEC_TEST_ALL=1, a -m of the caller's, or tests named by path choose instead of
    # the quick default (dev.py test tests/site/test_site_browser.py runs that file).
    named = any((ROOT / arg.split("::")[0]).exists() for arg in args if not arg.startswith("-"))
    chosen = named or any(arg.startswith("-m") for arg in args)
    if chosen or os.environ.get(TEST_ALL, "").strip() not in ("", "0"):
        return []
    print(
        f'dev.py: the quick selection (-m "{QUICK}"); {TEST_ALL}=1 runs everything',
        flush=True,
    )
    return ["-m", QUICK]


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("serve", "build", "test", "bench"):
        print(__doc__)
        return 2
    command, rest = argv[0], argv[1:]
    address = _serve_address(rest) if command == "serve" else None
    if command == "serve" and address is None:
        return 2
    _ensure_environment()
    if command in ("serve", "build", "test"):
        _ensure_play_runtime()
    if address is not None:
        return serve(rest, *address)
    if command == "build":
        return _run(str(BIN / "mkdocs"), "build", "--strict", *rest)
    if command == "bench":
        _ensure_bench_extra()
        return _run(str(BIN / "python"), "-m", "benchmarks", *rest)
    status = _run(str(BIN / "python"), "-m", "pytest", *_test_selection(rest), *rest)
    if status == 5:
        print("dev.py: pytest collected no tests; a suite that runs nothing proves nothing")
        return 1
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
