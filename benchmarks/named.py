"""How often the first deviation names the broken rule, on engines written apart from frogspec.

Run ``.venv/bin/python -m benchmarks.named``. Each single departure of the independent
engines of ``tests/conformance/engines/`` is switched on alone (pyfrog's ``--fault``,
rsfrog's and cfrog's ``--house``; the Rust and C engines are built into a temporary folder
where ``rustc`` and ``gcc`` are installed), ``frogspec conform`` runs on Foster's rules,
and the report's first deviation is compared with the rules the engine's README names for
that departure. Prints one line per departure and the count; nothing is asserted (the
tests hold each one: ``test_probes.py``, ``test_c_engine.py``).

Then several departures at once (cfrog's two, three and all ten; javafrog's five, built
with ``javac`` where it is installed): how many of them have a deviation naming one of
their rules, and which charged rules no departure of the run names.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from frogspec.conform import run_conformance

ENGINES = Path(__file__).resolve().parent.parent / "tests" / "conformance" / "engines"

#: pyfrog's faults and the rule each departs from (``engines/README.md``).
PYFROG = {
    "wrong-leader": ("play.winner-leads-next",),
    "bidder-leads": ("play.eldest-leads-first",),
    "grand-x3": ("settlement.rates-1-2-4",),
    "no-must-trump": ("play.must-trump",),
    "jack-1": ("cards.points",),
    "overtrump-duty": ("play.no-duty-to-overtrump",),
    "reading-auction-one-round": ("auction.overbid-to-raise",),
    "reading-widow-hidden": ("widow.frog-shown",),
    "reading-chico-any-suit": ("trump.chico-not-hearts",),
}

#: cfrog's house rules and the rules its README names (the first is the main one).
CFROG = {
    item["flag"]: tuple(item["rules"])
    for item in json.loads((ENGINES / "c" / "house_rules.json").read_text())
}


#: javafrog's house rules and the rule its author names for each (``HOUSE_RULES.md``).
JAVAFROG: dict[str, tuple[str, ...]] = {
    "eldest-holds": ("auction.contract-order",),
    "deal-right": ("seats.eldest-hand",),
    "redeal-same-dealer": ("auction.all-pass",),
    "must-overtrump": ("play.no-duty-to-overtrump",),
    "discards-to-defenders": ("scoring.widow-counts-for-bidder",),
}

#: The combinations of cfrog's house rules run together.
CFROG_TOGETHER = (
    ("must-head", "grand-pays-five"),
    ("deal-passes-right", "ten-below-king"),
    ("must-head", "forced-frog", "loser-pays-left"),
    ("widow-last", "no-bury-counters", "last-trick-ten"),
    ("must-head", "no-bury-counters", "grand-no-trump", "last-trick-ten"),
    tuple(CFROG),
)


def _together(
    name: str, command: list[str], houses: dict[str, tuple[str, ...]], rulesets: tuple[str, ...]
) -> tuple[int, int]:
    """Run the engine with every house rule of ``houses`` on; print how many are named
    (a deviation charges one of its rules) and the rules charged that none names."""
    switches = [part for flag in houses for part in ("--house", flag)]
    began = time.perf_counter()
    run = run_conformance([*command, *switches], rulesets=rulesets)
    charged = {d.rule for d in run.deviations}
    named = [flag for flag, rules in houses.items() if charged & set(rules)]
    allowed = {rule for rules in houses.values() for rule in rules}
    others = sorted(str(rule) for rule in charged - allowed)
    filed = len({c for d in run.deviations for c in d.cases})
    print(
        f"{len(named)}/{len(houses)} named  {name}: missing {sorted(set(houses) - set(named))}, "
        f"other rules charged {others}, {filed}/{run.failed} failed cases filed "
        f"({time.perf_counter() - began:.1f} s)"
    )
    return len(named), len(houses)


def _built(compiler: str, command: list[str], folder: Path) -> Path | None:
    if shutil.which(compiler) is None:
        return None
    binary = folder / compiler
    done = subprocess.run([*command, "-o", str(binary)], capture_output=True, check=False)
    return binary if done.returncode == 0 else None


def main() -> None:
    """Print, for each departure, the rules charged and whether the first is the one named."""
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        departures: list[tuple[str, list[str], tuple[str, ...]]] = []
        py = [sys.executable, str(ENGINES / "python" / "frog_engine.py")]
        departures += [(f"py {f}", [*py, "--fault", f], rules) for f, rules in PYFROG.items()]
        rust = _built(
            "rustc", ["rustc", "-O", "--edition", "2021", str(ENGINES / "rust" / "frog.rs")], folder
        )
        if rust is not None:
            house = json.loads((ENGINES / "rust" / "house_rules.json").read_text())
            departures += [
                (f"rs {h['flag']}", [str(rust), "--house", h["flag"]], (h["rule"],)) for h in house
            ]
        c = _built("gcc", ["gcc", "-O2", "-std=c11", str(ENGINES / "c" / "frog.c")], folder)
        if c is not None:
            departures += [(f"c {f}", [str(c), "--house", f], rules) for f, rules in CFROG.items()]
        named = 0
        began = time.perf_counter()
        for name, command, rules in departures:
            run = run_conformance(command, rulesets=FOSTER)
            charged = [d.rule for d in run.deviations]
            first = charged[0] if charged else None
            ok = first in rules and set(charged) <= set(rules)
            named += ok
            print(f"{'named' if ok else 'WRONG'}  {name}: {charged} (README: {list(rules)})")
        print()
        print(
            f"first deviation names the broken rule, and no other rule is charged: "
            f"{named} of {len(departures)} ({time.perf_counter() - began:.1f} s)"
        )
        print()
        print("Several departures at once:")
        totals = [0, 0]
        if c is not None:
            for flags in CFROG_TOGETHER:
                label = "all ten" if len(flags) == len(CFROG) else "+".join(flags)
                got = _together(f"c {label}", [str(c)], {f: CFROG[f] for f in flags}, FOSTER)
                totals = [totals[0] + got[0], totals[1] + got[1]]
        java = _java(folder)
        if java is not None:
            got = _together("java all five", java, JAVAFROG, ("foster-1909", "modern"))
            totals = [totals[0] + got[0], totals[1] + got[1]]
        print(f"departures named when run together: {totals[0]} of {totals[1]}")


FOSTER = ("foster-1909",)


def _java(folder: Path) -> list[str] | None:
    """javafrog built into ``folder`` (``None`` without ``javac`` and ``java``)."""
    if shutil.which("javac") is None or shutil.which("java") is None:
        return None
    classes = folder / "java"
    sources = sorted(map(str, (ENGINES / "java").glob("*.java")))
    done = subprocess.run(["javac", "-d", str(classes), *sources], capture_output=True, check=False)
    return ["java", "-cp", str(classes), "FrogEngine"] if done.returncode == 0 else None


if __name__ == "__main__":
    main()
