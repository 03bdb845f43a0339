"""The benchmarks measure side by side and divide only figures of the same run.

Speed is never asserted. The clocks and workers are fakes where what is checked is how
figures are taken and reported; one tiny run goes through the real worker processes.
"""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from benchmarks import __main__ as bench
from benchmarks import builds, ceiling, engine, peers, throughput, worker
from benchmarks.timing import size
from frogspec.engine import Action, ActionKind, Phase, outcome
from frogspec.harness import handle
from frogspec.playout import random_deal


class FakeClock:
    """A clock that moves only when a workload says it has worked."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_a_sample_is_sized_to_about_the_time_asked() -> None:
    clock = FakeClock()
    counts: list[int] = []

    def run(count: int) -> None:
        counts.append(count)
        clock.now += count * 0.001

    assert size(run, 0.2, clock) == 200
    assert counts == [1, 10, 20]


class FakeWorker:
    """A worker whose rows take a millisecond a unit (pure) or half of one (compiled); the
    round ``slow_round`` (counted from 0) is slowed tenfold."""

    def __init__(self, name: str, log: list[tuple[str, str]], slow_round: int = -1) -> None:
        self.name, self.log, self.slow_round = name, log, slow_round
        self.timed = 0

    def ask(self, **request: Any) -> dict[str, Any]:
        if request["op"] == "size":
            return {"count": 100}
        self.log.append((request["row"], self.name))
        self.timed += 1
        slow = 10 if (self.timed - 1) // 2 == self.slow_round else 1  # two rows a round
        each = 0.001 if self.name == "pure" else 0.0005
        return {"seconds": request["count"] * each * slow, "done": request["count"]}


def test_rows_run_on_each_build_in_turn_round_after_round_and_the_best_round_counts() -> None:
    log: list[tuple[str, str]] = []
    workers: Any = {"pure": FakeWorker("pure", log), "compiled": FakeWorker("compiled", log, 1)}
    cells = bench.measure(workers, ["random_playout", "api"], rounds=3, seconds=0.1)
    one_round = [
        ("random_playout", "pure"),
        ("random_playout", "compiled"),
        ("api", "pure"),
        ("api", "compiled"),
    ]
    assert log == one_round * 3
    # The compiled worker's second round was slowed tenfold, as if another program took
    # the core: the best round counts.
    assert cells["random_playout", "compiled"].rate == pytest.approx(2000)
    assert cells["api", "compiled"].rate == pytest.approx(2000)
    assert cells["api", "pure"].rate == pytest.approx(1000)
    # A row of one build only (the ceiling) is not asked of the other.
    log.clear()
    bench.measure(workers, ["ceiling"], rounds=1, seconds=0.1)
    assert log == [("ceiling", "pure")]


def _cells(**rates: float) -> dict[tuple[str, str], bench.Cell]:
    # random_playout__pure=2000.0: a cell of 2000 units in one second.
    cells = {}
    for key, rate in rates.items():
        row, build = key.split("__")
        cells[row, build] = bench.Cell(1.0, rate, 1)
    return cells


def test_the_table_divides_figures_of_the_run_and_says_what_is_missing() -> None:
    cells = _cells(
        random_playout__pure=2000, random_playout__compiled=5000, skat__peer=1000, fuzz__pure=4
    )
    table = bench.table(cells)
    assert "| 2,000 deals/s | 5,000 deals/s | 2.50 | 2.00 | 5.00 |" in table
    assert "| 1,000 games/s | | | 1.00 | |" in table
    # A row of two processes is shown in seconds; a build not timed is a dash.
    assert "| 1.00 s | — | — | — | — |" in table
    said = bench.targets(cells)
    assert "compiled `random_playout` 5.00 × skat (target 2.5: met)" in said
    assert "pure `random_playout` 2.00 × skat (target 1.2: met)" in said
    assert "not installed" in bench.targets(_cells(random_playout__pure=2000))
    assert bench.slower(cells) == "The compiled build is slower than the pure one on no row."
    slow = _cells(api__pure=2000, api__compiled=1000)
    assert bench.slower(slow) == "The compiled build is slower than the pure one on: api."
    assert bench.slower(_cells(api__pure=1)) == "The compiled build was not timed."


def test_a_worker_answers_each_request_line_with_one_line() -> None:
    lines = [
        {"op": "hello"},
        {"op": "time", "row": "random_playout", "count": 2},
        {"op": "time", "row": "no-such-row", "count": 1},
    ]
    answers = io.StringIO()
    worker.serve(io.StringIO("".join(json.dumps(line) + "\n" for line in lines)), answers)
    hello, timed, error = (json.loads(line) for line in answers.getvalue().splitlines())
    assert hello["compiled"] is False and hello["frogspec"].endswith("frogspec")
    assert timed["done"] == 2 and timed["seconds"] > 0
    assert "no-such-row" in error["error"]


def test_the_compiled_build_is_made_once_and_again_when_the_tree_changes(tmp_path: Path) -> None:
    made: list[str] = []
    python, tree = tmp_path / "python", tmp_path / "tree"

    def build() -> tuple[Path, Path]:
        made.append("built")
        tree.mkdir(exist_ok=True)
        python.write_text("")
        return python, tree

    script: Any = SimpleNamespace(TREE=tree, PYTHON=python, build=build)
    stamp = ["sources-1"]

    def compiled() -> builds.CompiledBuild:
        return builds.compiled_build(lambda: stamp[0], lambda: script)

    first, again = compiled(), compiled()
    assert made == ["built"] and "built for this run" in first.said and "cached" in again.said
    assert again.build is not None and again.build.python == python
    stamp[0] = "sources-2"
    compiled()
    assert made == ["built", "built"]

    def fails() -> tuple[Path, Path]:
        raise SystemExit("compiled.py: the build is not compiled")

    script.build = fails
    stamp[0] = "sources-3"
    missing = compiled()
    assert missing.build is None and "not compiled" in missing.said

    def no_script() -> Any:
        raise FileNotFoundError(".ci/compiled.py")

    outside = builds.compiled_build(lambda: stamp[0], no_script)
    assert outside.build is None and "script is missing" in outside.said


def test_the_tree_stamp_is_of_the_files_and_their_contents(tmp_path: Path) -> None:
    import subprocess

    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    (tmp_path / "frogspec").mkdir()
    (tmp_path / "frogspec/a.py").write_text("x = 1\n")
    first = builds.tree_stamp(tmp_path)
    assert builds.tree_stamp(tmp_path) == first
    (tmp_path / "README.md").write_text("the docs do not make the build stale\n")
    assert builds.tree_stamp(tmp_path) == first
    (tmp_path / "frogspec/a.py").write_text("x = 2\n")
    assert builds.tree_stamp(tmp_path) != first


def test_one_tiny_run_prints_a_dated_table_from_worker_processes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Through the real plumbing: a worker process for the pure build (and the peer, when
    # OpenSpiel is installed), one round of tiny samples.
    rows = "random_playout,skat,perft,conform"
    tiny = ["--rounds", "1", "--slow-rounds", "1", "--seconds", "0.01"]
    status = bench.main(["--builds", "pure", "--rows", rows, *tiny])
    out = capsys.readouterr().out
    assert status == 0
    first = out.splitlines()[0]
    assert first.startswith("`python3 dev.py bench --builds pure") and " UTC, commit " in first
    assert "Python 3." in out and "`frogspec.COMPILED` is False" in out
    assert "fewer than 5: not a run to quote" in out
    assert "| `random_playout`" in out and "deals/s | — |" in out
    assert "positions/s" in out and "The compiled build was not timed." in out
    # The conformance run, two processes, in seconds of the CPU time of both.
    conform = next(line for line in out.splitlines() if "conform` of the reference" in line)
    assert float(conform.split("|")[2].strip().removesuffix(" s")) > 0
    if peers.openspiel_version() is None:
        assert peers.MISSING in out
    else:
        assert "games/s | | | 1.00 | |" in out and "pure `random_playout`" in out


def test_a_row_or_a_build_that_does_not_exist_is_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        bench.main(["--rows", "random_playout,floor"])
    assert "no row 'floor'" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        bench.main(["--builds", "cython"])
    assert "no build 'cython'" in capsys.readouterr().err


def test_without_openspiel_there_is_no_peer(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(peers, "_pyspiel", lambda: None)
    assert peers.workloads() == []


class _Node:
    """A one-node chance game whose outcomes are ``probabilities``."""

    def __init__(self, probabilities: list[float]) -> None:
        self.probabilities = probabilities
        self.done = False

    def is_terminal(self) -> bool:
        return self.done

    def is_chance_node(self) -> bool:
        return True

    def legal_actions(self) -> list[int]:
        return list(range(len(self.probabilities)))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return list(enumerate(self.probabilities))

    def apply_action(self, action: int) -> None:
        self.done = True


class _Game:
    def __init__(self, probabilities: list[float]) -> None:
        self.probabilities = probabilities

    def new_initial_state(self) -> Any:
        return _Node(self.probabilities)


def test_a_peer_is_driven_uniformly_only_where_its_chance_is_uniform() -> None:
    peers.check_uniform_chance(_Game([0.25] * 4))
    with pytest.raises(ValueError, match="not uniform"):
        peers.check_uniform_chance(_Game([0.5, 0.25, 0.25]))


def test_openspiel_skat_when_installed_is_uniform_and_plays_games() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    for name in peers.GAMES:
        peers.check_uniform_chance(pyspiel.load_game(name))
    skat = next(w for w in peers.workloads() if "skat" in w.name)
    skat.run(2)


def test_the_engine_workloads_play_whole_deals() -> None:
    engine.deals_fast(3)
    engine.deals_immutable(3)
    inputs = engine.legal_play_inputs(40)
    assert len(inputs) == 40 and all(hand for hand, _, _ in inputs)


def test_the_perft_position_counts_what_the_harness_counts() -> None:
    request, state = throughput.perft_position()
    assert state.phase == Phase.PLAY and state.tricks == 11 - throughput.PERFT_TRICKS_LEFT
    answer = handle({"id": 1, **request})["result"]
    # Every line ends after the last trick: the leaves are the lines perft counts.
    assert 0 < answer["total"] < throughput.positions_below(state)


def _reference_action(action: Action) -> int:
    # The reference's action as the ceiling records it (a card 0-35, a trump 36 + its
    # suit, a pass 40, a bid 40 + its contract).
    kind, value = action
    if kind == ActionKind.TRUMP:
        return ceiling.TRUMP + value
    if kind == ActionKind.PASS:
        return ceiling.PASS
    if kind == ActionKind.BID:
        return ceiling.PASS + value
    return value


def test_the_ceiling_plays_the_benchmark_deals_draw_for_draw() -> None:
    # The ceiling is the same workload, not a cheaper one: from the same generator it
    # shuffles the same pack, makes the same choices one by one, pays the same, and
    # leaves the generator as the reference does, deal after deal.
    reference, bare = random.Random(7), random.Random(7)
    contracts = set()
    for _ in range(3000):
        actions: list[Action] = []
        deck, final = random_deal(engine.RULESET, engine.PLAYERS, 0, reference, actions)
        pack = ceiling.shuffled(bare.random)
        assert pack == deck
        chosen: list[int] = []
        assert ceiling.play(pack, bare.random, chosen.append) == outcome(final).payments
        assert chosen == [_reference_action(a) for a in actions]
        assert bare.getstate() == reference.getstate()
        contracts.add(final.contract)
    assert len(contracts) == 4  # Frog, Chico, Grand and everyone passing, all met
    rng = random.Random(3)
    paid = [outcome(random_deal(engine.RULESET, engine.PLAYERS, 0, rng)[1]).payments]
    paid += [outcome(random_deal(engine.RULESET, engine.PLAYERS, 0, rng)[1]).payments]
    assert ceiling.deals(2, seed=3) == paid


def test_a_worker_that_fails_is_said_plainly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def fails(*args: object) -> None:
        raise builds.WorkerError("the pure worker stopped on {'op': 'size'}")

    monkeypatch.setattr(bench, "measure", fails)
    assert bench.main(["--builds", "pure", "--rows", "random_playout"]) == 1
    assert "bench: the pure worker stopped" in capsys.readouterr().err
