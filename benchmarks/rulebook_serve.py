"""How long ``python3 dev.py serve`` takes to serve its first page (``python -m benchmarks.rulebook_serve``).

Three starts of the rulebook server, each timed from the command to the first page served
(wall time, on whatever else the machine is doing):

- **cold**: no build kept (``.cache/rulebook/`` removed): everything is built;
- **warm**: nothing changed since the last build: the last build is served;
- **one rule changed**: the statement of ``play.must-trump`` reworded (and put back after):
  the pages that show it are rendered again, the rest come from the cache.

Then the statement is put back and the server started once more (the rebuild that brings the
site back; timed too). It prints one dated table, ready to paste. Figures only: nothing here
is asserted, and CI runs none of it. It serves on port 8731 (:data:`PORT`).
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from benchmarks.timing import run_date

ROOT = Path(__file__).resolve().parents[1]

#: The rule whose statement is changed, its file, and the words changed.
RULE_FILE = ROOT / "frogspec" / "rules" / "play.py"
STATEMENT = "A player who cannot follow suit must play a trump if he holds one."
CHANGED = "A player who cannot follow suit must play a trump if he holds any."

#: The longest a start may take before it is given up (the machine may be loaded).
TIMEOUT = 600.0

#: The port served on (the same each time: the address is part of what a build is for).
PORT = 8731


def first_page(port: int) -> float:
    """Start ``dev.py serve`` on ``port``, return the seconds to its first page, stop it."""
    started = time.perf_counter()
    log = (ROOT / ".cache" / f"bench-serve-{port}.log").open("w")
    server = subprocess.Popen(
        [sys.executable, str(ROOT / "dev.py"), "serve", "-a", f"127.0.0.1:{port}"],
        cwd=ROOT,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        while time.perf_counter() - started < TIMEOUT:
            if server.poll() is not None:
                raise RuntimeError(f"the server stopped (exit {server.returncode}); see {log.name}")
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as page:
                    if page.status == 200:
                        return time.perf_counter() - started
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            time.sleep(0.1)
        raise RuntimeError(f"no page within {TIMEOUT:.0f} s")
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGINT)
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
        log.close()


def main(argv: list[str] | None = None) -> int:
    """Time the four starts and print the table."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.rulebook_serve")
    parser.add_argument("--keep-cache", action="store_true", help="skip the cold start")
    args = parser.parse_args(argv)
    source = RULE_FILE.read_text(encoding="utf-8")
    if STATEMENT not in source:
        print(f"the statement to change is not in {RULE_FILE}", file=sys.stderr)
        return 1
    rows: list[tuple[str, float]] = []
    if not args.keep_cache:
        shutil.rmtree(ROOT / ".cache" / "rulebook", ignore_errors=True)
        rows.append(("cold (nothing built)", first_page(PORT)))
    else:
        first_page(PORT)
    rows.append(("warm (nothing changed)", first_page(PORT)))
    try:
        RULE_FILE.write_text(source.replace(STATEMENT, CHANGED), encoding="utf-8")
        rows.append(("one rule's statement changed", first_page(PORT)))
    finally:
        RULE_FILE.write_text(source, encoding="utf-8")
    rows.append(("the statement put back", first_page(PORT)))
    rows.append(("warm again", first_page(PORT)))
    when = run_date()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"python3 dev.py serve: seconds to the first page ({when}, {os.cpu_count()} cores,")
    print(f"load average {load:.2f} at the end; wall time)")
    print()
    print("| start | first page |")
    print("| --- | ---: |")
    for name, seconds in rows:
        print(f"| {name} | {seconds:.1f} s |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
