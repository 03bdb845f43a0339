"""How long each page of the API reference takes to load (``python -m benchmarks.api_pages``).

Serves a built rulebook (``.cache/rulebook/site/``, what ``python3 dev.py serve`` keeps, or
the folder given) on 127.0.0.1 and loads every page under ``api/`` in headless Chromium
(``/usr/bin/chromium``, driven as the browser tests drive it), each timed from the request
to the page's load event, the theme's files already in the browser's cache. Prints one dated
table of the slowest pages and the median, ready to paste. Figures only: nothing here is
asserted, and CI runs none of it.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import importlib.util
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from benchmarks.timing import run_date

ROOT = Path(__file__).resolve().parents[1]


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


def main(argv: list[str] | None = None) -> int:
    """Load every API page and print the table."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.api_pages")
    parser.add_argument("site", nargs="?", default=str(ROOT / ".cache" / "rulebook" / "site"))
    args = parser.parse_args(argv)
    site = Path(args.site)
    if not (site / "api").is_dir():
        print(f"no built rulebook in {site}: run python3 dev.py serve (or build) first")
        return 1
    # The browser tests' DevTools client, loaded from its file (the tests are no package).
    spec = importlib.util.spec_from_file_location(
        "_api_pages_browser", ROOT / "tests/site/browser.py"
    )
    assert spec is not None and spec.loader is not None
    client: Any = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(client)

    handler = functools.partial(_Quiet, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    rows: list[tuple[float, str, int]] = []
    with tempfile.TemporaryDirectory() as work:
        profile, log = Path(work) / "profile", Path(work) / "log"
        browser = client.Browser(client.CHROMIUM, profile, log, timeout=60)
        try:
            browser.navigate(base + "/api/")  # the theme's files, into the cache
            for page in sorted(p for p in (site / "api").iterdir() if p.is_dir()):
                started = time.monotonic()
                browser.navigate(f"{base}/api/{page.name}/")
                size = (page / "index.html").stat().st_size
                rows.append((time.monotonic() - started, page.name, size))
        finally:
            browser.close()
            server.shutdown()
    rows.sort(reverse=True)
    when = run_date()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    median = statistics.median(seconds for seconds, _, _ in rows)
    print(f"API reference: {len(rows)} pages, load time median {median:.2f} s ({when},")
    print(f"{os.cpu_count()} cores, load average {load:.2f}; wall time to the load event)")
    print()
    print("| page | HTML | load |")
    print("| --- | ---: | ---: |")
    for seconds, name, size in rows[:5]:
        print(f"| `{name}` | {size / 1e6:.2f} MB | {seconds:.2f} s |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
