"""The Play page's Python side: frogspec.web_table (the table the page draws) and
frogspec.site.browser_runtime (the wheel and the runtime the site serves)."""

from __future__ import annotations

import hashlib
import io
import json
import os
import re
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path
from typing import Any

import pytest

from frogspec.harness import handle
from frogspec.registry import get_rule
from frogspec.rulesets import RULESETS, get_ruleset, own_statement
from frogspec.site import browser_runtime
from frogspec.vectors.model import differences
from frogspec.web_table import HUMAN, PlayTable, call, offered_rulesets


def _finish(table: PlayTable, pick: int = -1) -> dict[str, Any]:
    # Play your turns with the last legal action (the highest bid), to the end of the deal.
    view = table.view()
    while view["phase"] != "over":
        answer = table.act(view["legal"][pick])
        assert "view" in answer, answer
        view = answer["view"]
    return view


@pytest.mark.parametrize("ruleset", list(RULESETS))
def test_a_whole_deal_of_each_ruleset(ruleset: str) -> None:
    players = RULESETS[ruleset].rules.player_count()[-1]
    table = PlayTable(ruleset, players, seed=21)
    view = _finish(table)
    assert view["result"] is not None
    assert sum(view["result"]["payments"]) == 0 or ruleset.startswith("official-1922")
    assert [s["balance"] for s in view["seats"]] == view["balances"]
    assert view["log"] and all(e["rule"]["url"].startswith("rules/") for e in view["log"])


def _position_with_an_illegal_card(seed: int) -> tuple[PlayTable, str]:
    table = PlayTable("foster-1909", 3, seed=seed)
    view = table.view()
    while view["phase"] != "over":
        if view["phase"] == "play":
            legal_cards = {a.split()[1] for a in view["legal"]}
            illegal = [c for c in view["hand"] if c not in legal_cards]
            if illegal:
                return table, illegal[0]
        view = table.act(view["legal"][-1])["view"]
    raise AssertionError(f"deal {seed} never left a card you may not play")


def test_an_illegal_card_is_refused_with_the_rule_and_its_sources() -> None:
    table, card = _position_with_an_illegal_card(5)
    before = table.view()
    answer = table.act(f"play {card}")
    refused = answer["refused"]
    assert refused["rule"]["id"] in ("play.follow-suit", "play.must-trump")
    assert refused["rule"]["statement"].endswith(".")
    assert refused["rule"]["citations"] and refused["rule"]["citations"][0]["where"]
    assert refused["rule"]["url"] == f"rules/play/#{refused['rule']['id'].replace('.', '-')}"
    assert card in refused["message"]
    # At a table that calls you "You", the refusal does too.
    assert refused["message"].startswith("you ") and "seat 0" not in refused["message"]
    assert table.view() == before, "a refused card changes nothing"


def test_the_last_trick_says_who_won_it_and_the_computers_moves_are_listed() -> None:
    table = PlayTable("foster-1909", 3, seed=5)
    view = table.view()
    while view["phase"] != "over":
        before = len(view["log"])
        view = table.act(view["legal"][0])["view"]
        # What the others did since your move: the log after your own step, in order.
        assert view["since_you"] == view["log"][before + 1 :]
        assert all(step["seat"] != HUMAN for step in view["since_you"])
        if view["last_trick"]:
            won = [e["trick_won_by"] for e in view["log"] if "trick_won_by" in e][-1]
            assert view["last_trick_won_by"] == won
    assert view["last_trick_won_by"] is not None


def test_sitting_out_the_deal_is_said_and_its_steps_kept() -> None:
    table = PlayTable("foster-1909", 4, seed=3)
    _finish(table)
    view = table.next_deal()["view"]  # seat 0 deals now, and sits out at a table of four
    assert view["you_sit_out"] and view["phase"] == "over"
    assert view["log"], "the deal played without you is there to read"


def test_a_table_without_a_frog_says_the_frog_part_does_not_apply() -> None:
    table = PlayTable("official-1922-straight", 3, seed=5)
    statement = table.view()["step_rule"]["statement"]
    assert "has no Frog: what is said of one does not apply here." in statement
    statement = PlayTable("official-1922-solo", 3, seed=5).view()["step_rule"]["statement"]
    assert "has no Frog" not in statement


def test_a_malformed_or_untimely_action_is_refused_without_a_rule() -> None:
    table = PlayTable("modern", 3, seed=2)
    assert table.act("bid everything")["refused"]["rule"] is None
    assert "not over" in table.next_deal()["refused"]["message"]
    _finish(table)
    assert "not your turn" in table.act("pass")["refused"]["message"]


def test_a_match_goes_on_deal_after_deal_and_ends_when_a_player_cannot_pay() -> None:
    table = PlayTable("official-1922-solo", 3, seed=4)
    dealers = []
    for _ in range(3):
        view = _finish(table)
        dealers.append(view["dealer"])
        if view["bidder"] is not None:
            break
        table.next_deal()
    assert dealers == [2, 0, 1][: len(dealers)]
    assert view["bidder"] is not None, "one of three deals has a bidder"
    # Give every seat a balance of nothing: whoever pays next cannot, and the match ends.
    table.next_deal()
    table.balances = [0] * 3
    view = _finish(table)
    while view["bidder"] is None:
        table.next_deal()
        table.balances = [0] * 3
        view = _finish(table)
    assert view["match_over"] and view["loser"] is not None
    refused = table.next_deal()["refused"]
    assert refused["rule"]["id"] == "match.first-unable-to-pay-loses"


def test_the_rulesets_offered_and_which_have_an_end() -> None:
    offered = {r["id"]: r for r in offered_rulesets()}
    assert list(offered) == list(RULESETS)
    assert offered["official-1922-solo"]["has_end"] and not offered["foster-1909"]["has_end"]
    assert offered["gamerules"]["players"] == [3]


def test_the_json_entry_point_and_the_record_of_a_deal() -> None:
    view = json.loads(call("start", json.dumps({"ruleset": "gamerules", "players": 3, "seed": 9})))
    assert view["view"]["your_turn"] and view["view"]["human"] == HUMAN
    assert "no deal has been finished" in json.loads(call("record"))["refused"]["message"]
    while view["view"]["phase"] != "over":
        view = json.loads(call("act", view["view"]["legal"][-1]))
    record = json.loads(call("record"))
    (case,) = record["vector"]["cases"]
    assert case["seeds"] == [9] and case["id"] == "played.gamerules.p3.deal-9"
    assert differences(case["response"], handle(case["request"]), case["compare"]) == []
    assert record["notation"]["final"].startswith("gamerules 3/2 ")
    json.loads(call("next"))
    assert json.loads(call("record"))["vector"]["cases"][0]["id"] == case["id"]
    assert "unknown command" in json.loads(call("shuffle"))["refused"]["message"]
    bad = json.loads(call("start", json.dumps({"ruleset": "nope", "players": 3, "seed": 1})))
    assert "nope" in bad["refused"]["message"]


def test_the_replay_page_offers_the_same_test_case_as_the_play_page() -> None:
    # A deal played at the Play page's table, then replayed from its link.
    table = PlayTable("official-1922-solo", 4, seed=31)
    _finish(table)
    played = table.record()
    replayed = json.loads(call("replay-record", played["replay"]))
    (case,) = replayed["vector"]["cases"]
    assert case["id"] == f"replayed.official-1922-solo.p4.deal-{table.numbers[-1]}"
    assert "replay page" in case["description"]
    assert case["seeds"] == played["vector"]["cases"][0]["seeds"]
    for key in ("request", "response", "compare", "rules"):
        assert case[key] == played["vector"]["cases"][0][key], key
    assert replayed["notation"] == played["notation"]
    assert replayed["replay"] == played["replay"]
    assert differences(case["response"], handle(case["request"]), case["compare"]) == []


def test_a_replayed_pack_of_ones_own_and_a_bad_link_as_a_test_case() -> None:
    played = PlayTable("modern", 3, seed=4)
    _finish(played)
    link = played.record()["replay"]
    deck = "".join(played.record()["vector"]["cases"][0]["request"]["deck"])
    own = link.replace(f"deal={played.numbers[-1]}", f"deck={deck}")
    (case,) = json.loads(call("replay-record", own))["vector"]["cases"]
    assert case["id"] == "replayed.modern.p3.dealer-2" and "seeds" not in case
    assert "own" in case["description"]
    head = link.split("&actions=")[0]
    illegal = json.loads(call("replay-record", f"{head}&actions=play+AS"))["refused"]
    assert illegal["rule"]["id"] == "deal.actions-by-phase"
    malformed = json.loads(call("replay-record", link.replace("players=3", "players=x")))
    assert "players" in malformed["refused"]["message"]


# ---------------------------------------------------------------- the 1922 table's own words

# Foster's names for the contracts, except in brackets after the 1922 name ("a Simple Solo
# (Chico)"), as the site's 1922 pages give them too.
_FOSTER_NAMES = re.compile(r"(?<!\()\b(Chico|Grand)\b")


def _statements(view: dict[str, Any]) -> list[str]:
    # Every rule statement the page shows for a view: the prompt, the log, the result.
    rules = [view["step_rule"]] if view["step_rule"] else []
    for entry in view["log"]:
        rules += [entry["rule"], *([entry["trick_rule"]] if "trick_rule" in entry else [])]
    rules += view["result"]["rules"] if view["result"] else []
    return [rule["statement"] for rule in rules]


def test_a_1922_tables_prompt_and_log_use_the_1922_names() -> None:
    solo = get_ruleset("official-1922-solo")
    view = PlayTable(solo.id, 3, seed=40).view()
    assert view["step_rule"]["id"] == "auction.one-round-frog-may-raise"
    statement = view["step_rule"]["statement"]
    assert statement == own_statement(solo, view["step_rule"]["id"])
    assert "overbid by Simple Solo may at once raise to Heart Solo" in statement
    # The same rule at a table of Foster's names keeps them.
    modern = PlayTable("modern", 3, seed=40).view()["step_rule"]
    assert modern["statement"] == get_rule(modern["id"]).statement
    assert "raise to Grand" in modern["statement"]
    for ruleset in ("official-1922-solo", "official-1922-straight", "official-1922-coeur-dalene"):
        for pick in (0, -1):  # pass throughout, or bid the highest
            table = PlayTable(ruleset, 3, seed=40)
            shown = _statements(table.view())
            final = _finish(table, pick)
            shown += _statements(final)
            assert final["log"] and not [s for s in shown if _FOSTER_NAMES.search(s)], ruleset


def test_a_1922_tables_refusal_gives_the_statement_in_1922_names_and_the_quotes_verbatim() -> None:
    solo = get_ruleset("official-1922-solo")
    refused = PlayTable(solo.id, 3, seed=40).act("play AS")["refused"]
    entry = get_rule("deal.actions-by-phase")
    assert refused["rule"]["id"] == entry.id
    assert "a suit named by the Chico bidder" in entry.statement
    assert refused["rule"]["statement"] == entry.statement.replace("Chico", "Simple Solo")
    assert [c["quote"] for c in refused["rule"]["citations"]] == [
        c.quote for c in entry.citations if c.quote
    ]
    foster = PlayTable("foster-1909", 3, seed=40).act("play AS")["refused"]
    assert foster["rule"]["statement"] == entry.statement
    # Hearts named in a Simple Solo: the engine's message in the 1922 names too.
    table = PlayTable(solo.id, 3, seed=1)
    assert table.act("chico")["view"]["phase"] == "trump"
    hearts = table.act("trump H")["refused"]
    assert hearts["message"] == "a Simple Solo bidder names one of C D S, not H"
    assert hearts["rule"]["statement"] == own_statement(solo, "trump.chico-not-hearts")
    assert hearts["rule"]["statement"].startswith("In Simple Solo the bidder names")
    assert "Chico No" in hearts["rule"]["citations"][1]["quote"], "the quotes stay verbatim"


# ---------------------------------------------------------------- the wheel and the runtime


def test_the_wheel_is_reproducible_and_installs_frogspec(tmp_path: Path) -> None:
    wheel = browser_runtime.build_wheel()
    assert browser_runtime.build_wheel() == wheel
    with zipfile.ZipFile(io.BytesIO(wheel)) as archive:
        names = archive.namelist()
        record = archive.read(
            f"frogspec-{browser_runtime.wheel_name().split('-')[1]}.dist-info/RECORD"
        )
        archive.extractall(tmp_path)
    assert (
        "frogspec/web_table.py" in names and "frogspec/data/sources/foster-1909-frog.txt" in names
    )
    assert not any("__pycache__" in n for n in names)
    for line in record.decode().splitlines():
        name, digest, _size = line.split(",")
        if digest:
            data = (tmp_path / name).read_bytes()
            assert browser_runtime._record_hash(data) == digest, name
    # The wheel alone is the engine: import the session from it, with no other frogspec.
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    # A 1922 table speaks the 1922 names from the wheel alone, without the site's package.
    script = (
        "import sys, frogspec.web_table as s\n"
        "view = s.PlayTable('official-1922-solo', 3, 40).view()\n"
        "print(s.__file__, view['step_rule']['statement'], 'frogspec.site' in sys.modules,"
        " sep='\\n')"
    )
    proc = subprocess.run(
        [sys.executable, "-S", "-c", script],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        check=True,
    )
    where, statement, site_imported = proc.stdout.splitlines()
    assert where.startswith(str(tmp_path))
    assert "raise to Heart Solo" in statement and site_imported == "False"


def _manifest(files: dict[str, bytes | Path]) -> Any:
    data = files[f"{browser_runtime.ASSETS}/manifest.json"]
    assert isinstance(data, bytes)
    return json.loads(data)


def test_without_the_runtime_the_site_still_has_the_page_and_says_what_to_install(
    tmp_path: Path,
) -> None:
    files, note = browser_runtime.site_files(tmp_path)
    assert "no runtime" in note
    manifest = _manifest(files)
    assert manifest["runtime"] is None and "apt-get install npm" in manifest["missing"]
    assert not any(p.startswith(browser_runtime.RUNTIME_DIR + "/") for p in files)


def test_no_npm_says_what_to_install(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    folder, message = browser_runtime.fetch_runtime(tmp_path)
    assert folder is None and "npm is not installed" in message


def _fake_tarball(path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with tarfile.open(path, "w:gz") as archive:
        for name in browser_runtime.RUNTIME_FILES:
            data = f"not really {name}".encode()
            info = tarfile.TarInfo(f"package/{name}")
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))


def test_a_tarball_with_the_wrong_hash_is_refused_and_removed(tmp_path: Path) -> None:
    tarball = tmp_path / ".cache" / "pyodide" / f"pyodide-{browser_runtime.PYODIDE_VERSION}.tgz"
    _fake_tarball(tarball)
    folder, message = browser_runtime.fetch_runtime(tmp_path)
    assert folder is None and "not the recorded" in message
    assert not tarball.exists() and browser_runtime.runtime_dir(tmp_path) is None


def test_a_tarball_with_the_recorded_hash_is_extracted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tarball = tmp_path / ".cache" / "pyodide" / f"pyodide-{browser_runtime.PYODIDE_VERSION}.tgz"
    _fake_tarball(tarball)
    monkeypatch.setattr(
        browser_runtime, "PYODIDE_SHA256", hashlib.sha256(tarball.read_bytes()).hexdigest()
    )
    folder, _ = browser_runtime.fetch_runtime(tmp_path)
    assert folder is not None and browser_runtime.runtime_dir(tmp_path) == folder
    assert (folder / "pyodide.js").read_text() == "not really pyodide.js"
    files, _ = browser_runtime.site_files(tmp_path)
    assert files[f"{browser_runtime.RUNTIME_DIR}/pyodide.asm.wasm"] == folder / "pyodide.asm.wasm"
    manifest = _manifest(files)
    assert manifest["runtime"] == {
        "version": browser_runtime.PYODIDE_VERSION,
        "path": browser_runtime.RUNTIME_DIR,
    }
