"""Serve the rulebook while it is written: the last build at once when nothing has changed.

``python -m frogspec.site.serve [-a HOST:PORT] [-f CONFIG]`` (what ``python3 dev.py serve`` runs) keeps
the built site in ``.cache/rulebook/site/`` with the digest of everything the build read
(:func:`frogspec.site.build_cache.site_digest`). When the digest still matches, that site is
served at once; otherwise it is built first, saying what it builds, and only the pages whose
inputs changed are rendered again (see the build hook, ``docs/_hooks/build.py``). While it
serves, a change to the pages, the configuration, the package or the protocol rebuilds the
site and reloads the open pages, as ``mkdocs serve`` does.

It needs MkDocs (the ``dev`` extra), imported only when the command runs.
"""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path

from frogspec.served import DEFAULT_ADDRESS, ROOT, forget_served, record_served
from frogspec.site.build_cache import CACHE_DIR, INPUTS, site_digest

__all__ = ["main", "serve"]

log = logging.getLogger("mkdocs.frogspec.serve")


def _parse_address(text: str) -> tuple[str, int]:
    """``HOST:PORT`` as a host and a port, or ``ValueError`` saying what is wrong.

    >>> _parse_address("127.0.0.1:8001")
    ('127.0.0.1', 8001)
    >>> _parse_address("127.0.0.1:99999")
    Traceback (most recent call last):
    ...
    ValueError: the port must be a number from 1 to 65535, not 99999
    """
    host, _, port = text.rpartition(":")
    if not host or not port.isdigit():
        raise ValueError(f"the address to serve on must be HOST:PORT, not {text!r}")
    if not 1 <= int(port) <= 65535:
        raise ValueError(f"the port must be a number from 1 to 65535, not {port}")
    return host, int(port)


def _logging() -> None:
    # The lines MkDocs prints, as ``mkdocs serve`` prints them.
    from mkdocs.__main__ import ColorFormatter

    logger = logging.getLogger("mkdocs")
    logger.setLevel(logging.INFO)
    logger.propagate = False
    stream = logging.StreamHandler()
    stream.setFormatter(ColorFormatter())
    logger.addHandler(stream)


def _build_once(host: str, port: int, config_file: Path = ROOT / "mkdocs.yml") -> int:
    """Build the rulebook into the served folder, for ``http://host:port/``: 0 if it built,
    1 (with one line saying why) if it did not. Each build runs in a process of its own, so
    that it reads the package's code as it is now."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from mkdocs.exceptions import MkDocsException

    _logging()
    config = load_config(
        config_file=str(config_file),
        site_dir=str(config_file.parent / CACHE_DIR / "site"),
        dev_addr=f"{host}:{port}",
        strict=True,
    )
    config.site_url = f"http://{host}:{port}/"
    try:
        build(config)
    except MkDocsException as error:
        log.error("frogspec: the rulebook did not build: %s", error)
        return 1
    return 0


def serve(host: str, port: int, config_file: Path = ROOT / "mkdocs.yml") -> int:
    """Serve the rulebook on ``host:port`` until interrupted; 1 if the first build fails.
    The built site and its digest are kept beside the configuration, in :data:`CACHE_DIR`."""
    from mkdocs.livereload import LiveReloadServer

    _logging()
    root = config_file.parent
    inputs = [config_file.name, *INPUTS]
    cache = root / CACHE_DIR
    site_dir = cache / "site"
    stamp = cache / "site.digest"
    url = f"http://{host}:{port}/"

    def digest() -> str:
        return site_digest(root, url, inputs=inputs)

    def current() -> bool:
        built = stamp.is_file() and (site_dir / "index.html").is_file()
        return built and stamp.read_text(encoding="utf-8") == digest()

    def builder() -> None:
        if current():
            return  # a file was touched, not changed
        wanted = digest()
        log.info("frogspec: building the rulebook (only the pages that changed are rendered)")
        command = [sys.executable, "-m", "frogspec.site.serve", "--build", f"{host}:{port}"]
        command += ["-f", str(config_file)]
        # The build's own imports write no bytecode into the watched folders.
        env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "NO_MKDOCS_2_WARNING": "1"}
        if subprocess.run(command, cwd=root, env=env, check=False).returncode != 0:
            stamp.unlink(missing_ok=True)
            raise SystemExit("frogspec: the rulebook did not build; fix what is said above")
        stamp.write_text(wanted, encoding="utf-8")

    cache.mkdir(parents=True, exist_ok=True)
    server = LiveReloadServer(builder=builder, host=host, port=port, root=str(site_dir))

    def error_page(code: int) -> bytes | None:
        page = site_dir / f"{code}.html"
        return page.read_bytes() if code in (404, 500) and page.is_file() else None

    server.error_handler = error_page
    if current():
        log.info("frogspec: nothing the rulebook is built from has changed: serving the last build")
    else:
        log.info(
            "frogspec: building the rulebook first (a minute or two the first time, less "
            "when only some pages changed)"
        )
        try:
            builder()
        except SystemExit as failed:
            log.error("%s", failed)
            return 1
    for name in inputs:
        if (root / name).exists() and not name.startswith(".cache"):
            server.watch(str(root / name))
    # ``frogspec rule`` gives the rule's address on this server while it runs.
    record_served(url, root)
    try:
        server.serve()  # type: ignore[no-untyped-call]  # untyped in MkDocs
    except KeyboardInterrupt:
        log.info("frogspec: the rulebook server has stopped")
    finally:
        server.shutdown()
        forget_served(root)
    return 0


def main(argv: list[str] | None = None) -> int:
    """``python -m frogspec.site.serve [-a HOST:PORT]``: serve the rulebook (exit 2 on a bad
    address, with one line saying why)."""
    args = sys.argv[1:] if argv is None else argv
    address = DEFAULT_ADDRESS
    config_file = ROOT / "mkdocs.yml"
    once = False
    rest = list(args)
    while rest:
        arg = rest.pop(0)
        if arg == "--build" and rest:
            once, address = True, rest.pop(0)
        elif arg in ("-a", "--dev-addr") and rest:
            address = rest.pop(0)
        elif arg.startswith("--dev-addr="):
            address = arg.split("=", 1)[1]
        elif arg in ("-f", "--config-file") and rest:
            config_file = Path(rest.pop(0)).resolve()
        else:
            print(
                f"frogspec: unknown argument {arg!r}; usage: serve [-a HOST:PORT] [-f CONFIG]",
                file=sys.stderr,
            )
            return 2
    try:
        host, port = _parse_address(address)
    except ValueError as error:
        print(f"frogspec: {error}", file=sys.stderr)
        return 2
    if not config_file.is_file():
        print(f"frogspec: no configuration file {config_file}", file=sys.stderr)
        return 2
    return _build_once(host, port, config_file) if once else serve(host, port, config_file)


if __name__ == "__main__":
    sys.exit(main())
