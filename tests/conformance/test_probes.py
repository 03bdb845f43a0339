"""Probing an engine's unit ops: the stage that departs, ``when`` and ``instead`` in the
rules' words, and the expectations an implementer declares (``--reading``, ``--expect``).

The engines are pyfrog (``engines/python/frog_engine.py``), written apart from frogspec,
with one ``--fault`` at a time: the words are checked as the fault's author states it in
``engines/README.md``. A correct engine gives no finding at all (no false accusation).
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from frogspec.cli import main
from frogspec.conform import run_conformance
from frogspec.conform.counterfactuals import reference_answer
from frogspec.conform.evidence import (
    CardAsTrump,
    DealerPlays,
    EveryTrickPaid,
    PaymentsRounded,
    RankOrderChanged,
    TieDecided,
    TieMoved,
)
from frogspec.conform.expectations import ExpectationError, parse_reading, read_expectations
from frogspec.conform.probes import StageFinding, probe_stages
from frogspec.conform.words import finding_instead, finding_when
from frogspec.fuzz import fuzz
from frogspec.harness import Adjust
from frogspec.rules.auction import Contract
from frogspec.rules.cards import (
    FULL_PACK,
    RANKS_HIGH_TO_LOW,
    Suit,
    card_strength,
    cards_of,
    format_card,
    parse_card,
    rank_of,
)
from frogspec.rules.play import trick_winner
from frogspec.rulesets import Ruleset

Json = Any

PYFROG = [
    sys.executable,
    str(Path(__file__).resolve().parent / "engines" / "python" / "frog_engine.py"),
]
ONE_ROUND = "auction.overbid-to-raise=auction.one-round-frog-may-raise"


def _findings(faults: tuple[str, ...], rulesets: tuple[str, ...]) -> list[StageFinding]:
    switches = [part for fault in faults for part in ("--fault", fault)]
    engine = subprocess.Popen(
        [*PYFROG, *switches], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    assert engine.stdin is not None and engine.stdout is not None

    def ask(request: dict[str, Json]) -> dict[str, Json]:
        assert engine.stdin is not None and engine.stdout is not None
        engine.stdin.write(json.dumps(request) + "\n")
        engine.stdin.flush()
        answer: dict[str, Json] = json.loads(engine.stdout.readline())
        return answer

    try:
        ops = ["card_points", "settle", "deal"]
        return probe_stages(ask, ops, list(rulesets))
    finally:
        engine.stdin.close()
        engine.wait(timeout=10)


def test_a_correct_engine_departs_nowhere() -> None:
    assert _findings((), ("foster-1909", "official-1922-straight")) == []


def test_a_rate_is_said_as_the_rules_say_it_in_each_ruleset() -> None:
    # grand-x3: a Grand pays three times the Frog rate, so 3 a point instead of Foster's 4,
    # and in Straight Solo (whose Heart Solo pays 2) 3 instead of 2: two departures.
    found = _findings(("grand-x3",), ("foster-1909", "official-1922-straight"))
    said = {(f.rule, finding_when(f), finding_instead(f)) for f in found}
    assert said == {
        ("settlement.rates-1-2-4", "in foster-1909, in a grand", "pays 3 a point instead of 4"),
        (
            "settlement.rates-straight-1-2",
            "in official-1922-straight, in a grand",
            "pays 3 a point instead of 2",
        ),
    }
    assert all(f.agree > f.disagree > 0 for f in found)


def test_a_card_count_is_said_by_rank() -> None:
    (found,) = _findings(("jack-1",), ("foster-1909",))
    assert (found.rule, finding_instead(found), finding_when(found)) == (
        "cards.points",
        "a Jack counts 1 instead of 2",
        "always",
    )
    assert (found.disagree, found.probes) == (4, 36)


def test_the_report_opens_with_the_rule_when_and_instead() -> None:
    run = run_conformance([*PYFROG, "--fault", "grand-x3"], rulesets=("foster-1909",))
    first = run.deviations[0]
    assert (first.rule, first.when, first.instead) == (
        "settlement.rates-1-2-4",
        "in foster-1909, in a grand",
        "pays 3 a point instead of 4",
    )
    from frogspec.conform.reports import render_text

    assert render_text(run, quiet=True).startswith(
        "settlement.rates-1-2-4 — in foster-1909, in a grand: pays 3 a point instead of 4 "
        "(follows settlement.rates-1-2-3) ("
    )


# --- expectations ---------------------------------------------------------------------------


def test_a_reading_must_be_a_rival_of_its_rule() -> None:
    assert parse_reading(ONE_ROUND).rule == "auction.overbid-to-raise"
    for wrong in ("auction.overbid-to-raise", "play.follow-suit=auction.one-bid-each", "x=y"):
        with pytest.raises(ExpectationError, match="--reading"):
            parse_reading(wrong)


def test_conform_accepts_a_declared_reading_and_still_fails_on_the_rest(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    engine = [*PYFROG, "--fault", "reading-auction-one-round"]
    base = ["conform", "--quiet", "--ruleset", "foster-1909"]
    assert main([*base, "--", *engine]) == 1
    report = tmp_path / "report.json"
    assert main([*base, "--reading", ONE_ROUND, "--json", str(report), "--", *engine]) == 0
    out = capsys.readouterr().out
    assert "accepted (does not fail the run): auction.overbid-to-raise" in out
    data = json.loads(report.read_text())
    assert [d["accepted"] for d in data["deviations"]] == [True]
    # The report accepts itself next time; a second fault still fails the run.
    assert main([*base, "--expect", str(report), "--", *engine]) == 0
    assert main([*base, "--expect", str(report), "--", *engine, "--fault", "jack-1"]) == 1
    # An expectation nothing matches is reported stale.
    hidden = "widow.frog-shown=widow.frog-hidden"
    capsys.readouterr()
    assert main([*base, "--reading", ONE_ROUND, "--reading", hidden, "--", *engine]) == 0
    assert (
        "stale expectation: widow.frog-shown (reading widow.frog-hidden)" in capsys.readouterr().out
    )
    assert read_expectations(report)[0].reading == "auction.one-round-frog-may-raise"


def test_a_bad_expectation_file_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    assert main(["conform", "--expect", str(bad), "--", *PYFROG]) == 2
    assert "no list of deviations" in capsys.readouterr().err


@pytest.fixture
def one_round() -> Iterator[list[str]]:
    yield [*PYFROG, "--fault", "reading-auction-one-round"]


def test_fuzz_plays_the_declared_reading_and_finds_a_seeded_fault(one_round: list[str]) -> None:
    readings = {"auction.overbid-to-raise": "auction.one-round-frog-may-raise"}
    options: dict[str, Any] = {"seed": 1, "rulesets": ("foster-1909",)}
    assert fuzz(one_round, examples=150, **options).disagreement is not None
    assert fuzz(one_round, examples=150, readings=readings, **options).disagreement is None
    seeded = fuzz([*one_round, "--fault", "jack-1"], examples=300, readings=readings, **options)
    assert seeded.disagreement is not None


def test_fuzz_reading_on_the_command_line(one_round: list[str]) -> None:
    base = ["fuzz", "--quiet", "--seed", "1", "--examples", "150", "--ruleset", "foster-1909"]
    assert main([*base, "--reading", ONE_ROUND, "--", *one_round]) == 0
    assert main([*base, "--reading", "auction.overbid-to-raise=nonsense", "--", *one_round]) == 2


# --- an engine written elsewhere, with house rules ------------------------------------------

RUST = Path(__file__).resolve().parent / "engines" / "rust"
HOUSE_RULES: list[dict[str, Any]] = json.loads((RUST / "house_rules.json").read_text())


@pytest.fixture(scope="module")
def rsfrog(tmp_path_factory: pytest.TempPathFactory) -> Path:
    import shutil

    if shutil.which("rustc") is None:
        pytest.skip("rustc is not installed")
    binary = tmp_path_factory.mktemp("rsfrog") / "rsfrog"
    built = subprocess.run(
        ["rustc", "-O", "--edition", "2021", str(RUST / "frog.rs"), "-o", str(binary)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert built.returncode == 0, built.stderr
    return binary


@pytest.mark.parametrize("house", HOUSE_RULES, ids=[h["flag"] for h in HOUSE_RULES])
def test_each_house_rule_is_its_own_deviation_with_when_and_instead(
    rsfrog: Path, house: dict[str, Any]
) -> None:
    # As the engine's author reads it: one deviation, naming the rule the house rule
    # departs from, saying when and what instead; no other rule charged.
    run = run_conformance([str(rsfrog), "--house", house["flag"]], rulesets=("foster-1909",))
    assert [d.rule for d in run.deviations] == [house["rule"]], [
        (d.rule, d.status, d.detail) for d in run.deviations
    ]
    (deviation,) = run.deviations
    assert deviation.status != "unexplained"
    if deviation.status != "confirmed":  # where no swap reproduces it, the words say it
        assert deviation.when and deviation.instead


#: pyfrog's faults and the rule each departs from (``engines/README.md``), with words its
#: deviation's ``instead`` must hold where the report says what the engine does.
PYFROG_FAULTS = {
    "wrong-leader": ("play.winner-leads-next", "leads the next trick instead of"),
    "bidder-leads": ("play.eldest-leads-first", "the bidder (seat 2) leads instead of eldest"),
    "grand-x3": ("settlement.rates-1-2-4", "pays 3 a point instead of 4"),
    "no-must-trump": ("play.must-trump", "he may play any card he holds"),
    "jack-1": ("cards.points", "a Jack counts 1 instead of 2"),
    "overtrump-duty": ("play.no-duty-to-overtrump", ""),
    "reading-auction-one-round": ("auction.overbid-to-raise", ""),
    "reading-widow-hidden": ("widow.frog-shown", ""),
    "reading-chico-any-suit": ("trump.chico-not-hearts", ""),
}


@pytest.mark.parametrize("fault", sorted(PYFROG_FAULTS))
def test_the_first_deviation_names_the_broken_rule(fault: str) -> None:
    rule, instead = PYFROG_FAULTS[fault]
    run = run_conformance([*PYFROG, "--fault", fault], rulesets=("foster-1909",))
    assert [d.rule for d in run.deviations] == [rule]
    assert instead in run.deviations[0].instead


def _departing(adjust: Adjust | None) -> Callable[[dict[str, Json]], dict[str, Json]]:
    """An engine that answers as the reference with ``adjust`` applied to every ruleset."""

    def ask(request: dict[str, Json]) -> dict[str, Json]:
        return {"id": request.get("id"), **reference_answer(request, adjust)}

    return ask


def _rates_rounded_up(ruleset: Ruleset) -> Ruleset:
    rates = ruleset.rules.rates
    return ruleset.replacing(
        ruleset.rule_id("rates"), lambda c, margin, won: -(-rates(c, margin, won) // 5) * 5
    )


def _sixty_loses(ruleset: Ruleset) -> Ruleset:
    return ruleset.replacing("settlement.sixty-is-a-tie", lambda p: -1 if p == 60 else p - 60)


def _tie_at_sixty_two(ruleset: Ruleset) -> Ruleset:
    return ruleset.replacing("settlement.sixty-is-a-tie", lambda p: p - 62)


SETTLING = ("foster-1909", "gamerules", "official-1922-straight")


def test_payments_rounded_are_one_rule_in_every_ruleset() -> None:
    found = probe_stages(_departing(_rates_rounded_up), ["settle"], list(SETTLING))
    # Three rate rules, one departure: one finding, which names the others it joins.
    (finding,) = found
    assert finding.otherwise == PaymentsRounded(5, "up", 0, 0)
    assert finding.rulesets == SETTLING and finding.always
    assert {finding.rule, *finding.also} == {
        "settlement.rates-1-2-4",
        "settlement.rates-1-2-3",
        "settlement.rates-straight-1-2",
    }
    assert finding_instead(finding).startswith(
        "each payment between the bidder and another player is rounded up to a multiple of 5"
    )


def test_a_tie_lost_is_said_at_sixty_not_as_a_tie_moved() -> None:
    # A tie moved to 61 gives every answer at 60, but not the bidder's win at 61: the
    # probes at 61 contradict it, so only the tie decided is said.
    (finding,) = probe_stages(_departing(_sixty_loses), ["settle"], ["foster-1909"])
    assert finding.rule == "settlement.sixty-is-a-tie"
    assert finding.otherwise == TieDecided(60, won=False)
    assert finding_when(finding) == "in foster-1909, when the bidder takes 60 points"
    assert "loses as if he had taken 59" in finding_instead(finding)


def test_a_tie_moved_is_not_also_a_tie_decided() -> None:
    (finding,) = probe_stages(_departing(_tie_at_sixty_two), ["settle"], ["foster-1909"])
    assert finding.otherwise == TieMoved(62)
    assert finding.departure is not None


def test_one_difference_at_several_table_sizes_and_rules_is_one_finding() -> None:
    def dealer_plays(ruleset: Ruleset) -> Ruleset:
        return ruleset.replacing(
            ruleset.rule_id("active_seats"),
            lambda players, dealer: tuple(sorted((dealer + o) % players for o in range(3))),
        )

    rulesets = ["foster-1909", "official-1922-solo"]
    (finding,) = probe_stages(_departing(dealer_plays), ["deal"], rulesets)
    assert isinstance(finding.otherwise, DealerPlays) and finding.reseats
    assert finding.rulesets == tuple(rulesets)
    assert finding_when(finding).endswith("with 4, 5, 6 or 7 at the table")
    assert {finding.rule, *finding.also} == {"seats.active-foster", "seats.active-six-or-seven"}
    # The change found models the engine at every table size of both rulesets.
    assert finding.departure is not None
    for players in (4, 5, 6, 7):
        request = {**DEAL_REQUEST, "ruleset": "official-1922-solo", "players": players}
        assert reference_answer(request, finding.departure) == reference_answer(
            request, dealer_plays
        )


def _eldest_on_the_dealers_right(ruleset: Ruleset) -> Ruleset:
    """Eldest is the active seat on the dealer's right; play still goes to the left."""

    def eldest_first(active: tuple[int, ...], players: int, dealer: int) -> tuple[int, ...]:
        return tuple(sorted(active, key=lambda seat: (seat - dealer + 1) % players))

    return ruleset.replacing("seats.eldest-hand", eldest_first)


def test_a_deal_begun_with_another_eldest_is_charged_to_who_is_eldest() -> None:
    findings = probe_stages(_departing(_eldest_on_the_dealers_right), ["deal"], ["foster-1909"])
    assert findings
    assert {f.rule for f in findings} == {"seats.eldest-hand"}


def _nines_count_one(ruleset: Ruleset) -> Ruleset:
    written = ruleset.rules.card_points
    return ruleset.replacing(
        "cards.points", lambda card: 1 if rank_of(card) == "9" else written(card)
    )


def _kings_three_queens_four(ruleset: Ruleset) -> Ruleset:
    written = ruleset.rules.card_points
    swapped = {"K": 3, "Q": 4}
    return ruleset.replacing("cards.points", lambda card: swapped.get(rank_of(card), written(card)))


def test_cards_counted_otherwise_are_modelled_in_every_count() -> None:
    findings = probe_stages(_departing(_kings_three_queens_four), ["card_points"], ["modern"])
    assert {f.rule for f in findings} == {"cards.points"}
    departure = findings[0].departure
    assert departure is not None
    # The model counts a deal's cards as the engine does: each King taken counts 3.
    asked: dict[str, Json] = {"id": 1, "op": "card_points", "card": "KH"}
    assert reference_answer(asked, departure) == {"result": 3}
    assert reference_answer(asked) == {"result": 4}
    from frogspec.rules.cards import CardSet
    from frogspec.rulesets import get_ruleset

    rules = departure(get_ruleset("modern")).rules
    assert rules.count_points(CardSet.parse("KH KS AS").mask) == 17
    # Where the pack holds other than 120 the count is modelled alike (the tie it moves
    # is the settle probes' to find and model): each Nine counts 1, the pack 124.
    (nines,) = probe_stages(_departing(_nines_count_one), ["card_points"], ["modern"])
    assert nines.departure is not None and nines.models_all
    nine_rules = nines.departure(get_ruleset("modern")).rules
    assert nine_rules.count_points(CardSet.parse("9H 9S AS").mask) == 13
    assert nine_rules.count_points((1 << 36) - 1) == 124


def test_a_player_sitting_out_who_pays_where_the_rules_have_him_pay_nothing_is_said_to_pay() -> (
    None
):
    from frogspec.conform.counterfactuals import stand_in

    reading = stand_in("settlement.sitting-out-pay-and-receive")
    findings = probe_stages(
        _departing(lambda rs: rs.replacing("settlement.sitting-out-receive-only", reading)),
        ["settle"],
        ["foster-1909"],
    )
    said = [finding_instead(f) for f in findings]
    assert any("a player sitting out pays" in words for words in said), said
    assert not any("sitting out receives" in words for words in said), said
    # He pays what each defender pays, in every situation: said so, the amount an example.
    assert any("sitting out pays as much as each defender does (e.g." in w for w in said), said


def test_a_player_sitting_out_is_said_to_pay_as_a_defender_only_where_every_probe_shows_it() -> (
    None
):
    from frogspec.conform.probes.base import Probe
    from frogspec.conform.probes.settle import _as_defender

    def probe(payments: list[int]) -> Probe:
        request: dict[str, Json] = {"op": "settle", "bidder": 0, "players": 4}
        expected: Json = {"result": [60, -30, -30, 0]}
        return Probe(request, expected, {"result": payments}, (("active", (0, 1, 2)),))

    assert _as_defender([probe([90, -30, -30, -30]), probe([120, -40, -40, -40])])
    # One situation where he pays another amount than the defenders: no such statement.
    assert not _as_defender([probe([90, -30, -30, -30]), probe([70, -30, -30, -10])])
    assert not _as_defender([probe([60, -30, -30, 0])])  # he pays nothing
    assert not _as_defender([])


DEAL_REQUEST: dict[str, Json] = {
    "id": 1,
    "op": "deal",
    "ruleset": "foster-1909",
    "options": {},
    "players": 4,
    "dealer": 0,
    "deck": [format_card(c) for c in cards_of(FULL_PACK)],
}


def _ten_below_jack(ruleset: Ruleset) -> Ruleset:
    strength = {
        rank: 8 - i for i, rank in enumerate(("A", "K", "Q", "J", "10", "9", "8", "7", "6"))
    }
    return ruleset.replacing("cards.rank-order", lambda card: strength[rank_of(card)])


def test_a_rank_order_of_its_own_is_modelled_from_the_tricks_of_two_cards() -> None:
    (finding,) = probe_stages(_departing(_ten_below_jack), ["trick_winner"], ["modern"])
    assert finding.rule == "cards.rank-order" and finding.models_all
    assert finding.departure is not None
    trick = {"id": 1, "op": "trick_winner", "ruleset": "gamerules", "trump": "H"}
    asked = {**trick, "cards": ["10S", "JS", "8S"]}
    assert reference_answer(asked) == {"result": 0}
    assert reference_answer(asked, finding.departure) == {"result": 1}


def _jack_of_trumps_high(ruleset: Ruleset) -> Ruleset:
    def winner(cards: list[int], trump: Suit | None) -> int:
        def strength(card: int) -> int:
            jack = trump is not None and rank_of(card) == "J" and card // 9 == trump
            return 9 if jack else card_strength(card)

        return trick_winner(cards, trump, strength)

    return ruleset.replacing("play.trick-winner", winner)


def test_a_trump_ranked_above_the_ace_is_said_as_its_rank_among_the_trumps() -> None:
    # Only the trumps rank otherwise: the tricks of two trumps show it, and the report
    # states the rank the Jack takes, where the trick holds it and a trump it now beats.
    (finding,) = probe_stages(_departing(_jack_of_trumps_high), ["trick_winner"], ["modern"])
    assert finding.rule == "play.trick-winner" and finding.models_all
    assert finding.otherwise == RankOrderChanged(
        ("J", "A", "10", "K", "Q", "9", "8", "7", "6"), RANKS_HIGH_TO_LOW, trumps_only=True
    )
    assert finding_instead(finding).startswith("the Jack of trumps ranks above the Ace of trumps")
    assert finding_when(finding) == (
        "in modern, when the trick holds the Jack of trumps and a higher trump"
    )
    # The model replays the rank in other tricks: three cards, another trump suit.
    assert finding.departure is not None
    asked = {"id": 1, "op": "trick_winner", "ruleset": "gamerules", "trump": "S"}
    for cards, taken in ((["AS", "7C", "JS"], 2), (["AC", "JC", "6C"], 0)):
        assert reference_answer({**asked, "cards": cards}, finding.departure) == {"result": taken}


def _seven_of_trumps_beats_the_king(ruleset: Ruleset) -> Ruleset:
    """The trick's winner as written, except that the Seven of trumps takes a trick the
    King of trumps would take."""
    written = ruleset.rules.trick_winner

    def winner(cards: list[int], trump: Suit | None) -> int:
        best = written(cards, trump)
        if trump is None or cards[best] != parse_card(f"K{trump.letter}"):
            return best
        seven = parse_card(f"7{trump.letter}")
        return cards.index(seven) if seven in cards else best

    return ruleset.replacing("play.trick-winner", winner)


def test_a_trump_beating_one_higher_rank_alone_is_said_as_that_pair() -> None:
    # No rank order gives the answers (the Seven beats the King, the Queen beats the
    # Seven, the King the Queen): the one pair taken the other way is the departure.
    (finding,) = probe_stages(
        _departing(_seven_of_trumps_beats_the_king), ["trick_winner"], ["modern"]
    )
    assert finding.rule == "play.trick-winner" and finding.models_all
    assert isinstance(finding.otherwise, RankOrderChanged)
    assert finding.otherwise.beats == (("7", "K"),)
    assert finding_instead(finding) == (
        "the Seven of trumps beats the King of trumps (and nothing else: trumps otherwise "
        "rank A 10 K Q J 9 8 7 6, as written)"
    )
    assert finding_when(finding) == (
        "in modern, when the trick holds the King of trumps and the Seven of trumps"
    )
    # The model replays the pair in tricks of three, in another trump suit.
    assert finding.departure is not None
    asked = {"id": 1, "op": "trick_winner", "ruleset": "gamerules", "trump": "S"}
    for cards, taken in ((["KS", "QS", "7S"], 2), (["7S", "QS", "KS"], 0), (["KC", "7C"], 0)):
        assert reference_answer({**asked, "cards": cards}, finding.departure) == {"result": taken}


def _nine_of_diamonds_a_trump(request: dict[str, Json], must_trump: bool = True) -> dict[str, Json]:
    """An engine counting the Nine of diamonds a trump whatever the trump suit, just below
    the trump Ace (with no duty to trump, where ``must_trump`` is false); the reference
    elsewhere."""
    trump = request.get("trump")

    def suit(card: str) -> str:
        return str(trump) if trump is not None and card == "9D" else card[-1]

    def height(card: str) -> float:
        if trump is not None and card == "9D":
            return 7.5
        return 8 - RANKS_HIGH_TO_LOW.index(card[:-1])

    answer: Json
    if request["op"] == "trick_winner":
        cards = [str(c) for c in request["cards"]]
        answer = 0
        for i, card in enumerate(cards[1:], 1):
            top = cards[answer]
            if (suit(card) == suit(top) and height(card) > height(top)) or (
                suit(card) == trump and suit(top) != trump
            ):
                answer = i
    elif request["op"] == "legal_plays" and request["trick"]:
        hand = [str(c) for c in request["hand"]]
        led = suit(str(request["trick"][0]))
        following = [c for c in hand if suit(c) == led]
        trumps = [c for c in hand if suit(c) == trump] if must_trump else []
        answer = following or trumps or hand
    else:
        return {"id": request.get("id"), **reference_answer(request)}
    return {"id": request.get("id"), "result": answer}


def _jacks_are_trumps(request: dict[str, Json]) -> dict[str, Json]:
    """An engine whose four Jacks follow trumps and are played as trumps whatever the trump
    suit (as in Skat), in the duties of the play; the reference elsewhere."""
    trump = request.get("trump")

    def suit(card: str) -> str:
        return str(trump) if trump is not None and card[:-1] == "J" else card[-1]

    if request["op"] != "legal_plays" or not request["trick"]:
        return {"id": request.get("id"), **reference_answer(request)}
    hand = [str(c) for c in request["hand"]]
    led = suit(str(request["trick"][0]))
    following = [c for c in hand if suit(c) == led]
    trumps = [c for c in hand if suit(c) == trump]
    return {"id": request.get("id"), "result": following or trumps or hand}


def test_several_cards_counted_as_trumps_are_each_said_so_and_modelled_together() -> None:
    # The narrowed lists of three Jacks are one kind of difference; each is the card
    # counted as a trump (not a player void in trumps barred from his plain cards), and
    # the model counts them all, so it answers every probe as the engine did.
    found = probe_stages(_jacks_are_trumps, ["legal_plays"], ["modern"])
    assert found and all(f.rule == "play.follow-suit" for f in found), [f.rule for f in found]
    cards = {f.otherwise.card for f in found if isinstance(f.otherwise, CardAsTrump)}
    assert cards == {"JC", "JD", "JS"}
    model = next(f.model for f in found if f.model is not None)
    asked = {"op": "legal_plays", "ruleset": "modern", "trump": "H", "trick": ["9C"]}
    assert model({**asked, "hand": ["9S", "QD", "JD"]}) == {"result": ["JD"]}
    assert model({**asked, "hand": ["9S", "JS", "JD", "6H"]}) == {"result": ["JS", "JD", "6H"]}


def _no_duty_to_trump(request: dict[str, Json]) -> dict[str, Json]:
    """An engine whose player void in the suit led may play any card (the reference
    elsewhere)."""
    if request["op"] != "legal_plays" or not request["trick"]:
        return {"id": request.get("id"), **reference_answer(request)}
    hand = [str(c) for c in request["hand"]]
    led = str(request["trick"][0])[-1]
    following = [c for c in hand if c[-1] == led]
    return {"id": request.get("id"), "result": following or hand}


def test_a_list_of_every_card_held_is_said_as_any_card() -> None:
    # Void in the suit led, the engine lists the whole hand where the rules list the
    # trumps: said as what the player may do, with one situation as the example.
    (finding,) = probe_stages(_no_duty_to_trump, ["legal_plays"], ["modern"])
    assert finding.rule == "play.must-trump"
    assert finding_instead(finding).startswith("he may play any card he holds (e.g. ")
    assert "when he holds a trump and is void in the suit led" in finding_when(finding)

    # Where the engine lists fewer than the whole hand, no "any card".
    def must_trump_higher(request: dict[str, Json]) -> dict[str, Json]:
        answer = _no_duty_to_trump(request)
        listed = answer.get("result")
        if isinstance(listed, list) and len(listed) > 1 and request["op"] == "legal_plays":
            return {**answer, "result": listed[1:]}
        return answer

    found = probe_stages(must_trump_higher, ["legal_plays"], ["modern"])
    assert found and not any(finding_instead(f).startswith("he may play any") for f in found)


def test_a_card_counted_as_a_trump_is_named_where_its_suit_matters() -> None:
    # Who takes a trick and what a player must play both show it: each finding says the
    # card, its place among the trumps, and names the rule of its own op.
    found = probe_stages(_nine_of_diamonds_a_trump, ["trick_winner", "legal_plays"], ["modern"])
    (taken,) = [f for f in found if f.stage == "trick_winner"]
    plays, *others = [f for f in found if f.stage == "legal_plays"]
    assert taken.rule == "play.trick-winner" and taken.models_all
    assert isinstance(taken.otherwise, RankOrderChanged)
    assert taken.otherwise.moved == (("9D", "A"),)
    assert finding_instead(taken).startswith(
        "the Nine of diamonds is a trump whatever the trump suit, ranking just below the Ace"
    )
    assert "when the Nine of diamonds is played to a trick of another suit" in finding_when(taken)
    assert taken.departure is not None
    led_to = {"id": 1, "op": "trick_winner", "ruleset": "modern", "trump": "C"}
    assert reference_answer({**led_to, "cards": ["KS", "9D", "10C"]}, taken.departure) == {
        "result": 1
    }
    # Where the card is asked about, and where it is played as a trump in another
    # situation (spades trumps led): the same departure.
    for finding in (plays, *others):
        assert finding.rule == "play.follow-suit"
        assert finding.otherwise == CardAsTrump("9D", follows_trumps=True)
    assert finding_when(plays) == "in modern, when he holds the Nine of diamonds"
    assert finding_instead(plays).startswith(
        "the Nine of diamonds counts as a trump in the duties of the play, not as one of "
        "diamonds: a player holding it must play it to trumps led"
    )


def test_a_card_counted_as_a_trump_with_no_duty_to_trump_is_said_to_follow_trumps_only() -> None:
    # The engine keeps no duty to trump: of the card's two duties only following trumps
    # led shows, and only it is said.
    def ask(request: dict[str, Json]) -> dict[str, Json]:
        return _nine_of_diamonds_a_trump(request, must_trump=False)

    found = [
        f for f in probe_stages(ask, ["legal_plays"], ["modern"]) if f.rule == "play.follow-suit"
    ]
    assert found and all(
        f.otherwise == CardAsTrump("9D", follows_trumps=True, when_void=False) for f in found
    )
    said = finding_instead(found[0])
    assert said.endswith("must play it to trumps led") and "when void" not in said


def test_answers_that_keep_to_no_rank_order_are_no_model() -> None:
    reference = _departing(lambda ruleset: ruleset)

    def first_card_takes(request: dict[str, Json]) -> dict[str, Json]:
        if request.get("op") == "trick_winner":
            return {"id": request.get("id"), "result": 0}
        return reference(request)

    findings = probe_stages(first_card_takes, ["trick_winner"], ["modern"])
    assert findings and all(f.departure is None and not f.models_all for f in findings)


def test_a_settlement_is_probed_at_a_table_seated_as_the_engine_seats_it() -> None:
    # Play goes to the right (who sits out at five differs), and a lost Frog pays at the
    # Grand's rate: the seats the deal shows are applied to the reference, so the rate
    # shows on its own at every table size, and nothing else does.
    from frogspec.conform.probes.base import play_to_the_right

    def grand_rate_for_a_lost_frog(ruleset: Ruleset) -> Ruleset:
        rates = ruleset.rules.rates
        return ruleset.replacing(
            ruleset.rule_id("rates"),
            lambda c, margin, won: rates(c, margin, won) * (1 if won or int(c) != 1 else 4),
        )

    def seated_and_paid(ruleset: Ruleset) -> Ruleset:
        return grand_rate_for_a_lost_frog(play_to_the_right(ruleset))

    found = probe_stages(_departing(seated_and_paid), ["deal", "settle"], ["foster-1909"])
    seats, *paid = found
    assert seats.reseats and seats.departure is not None
    assert [f.rule for f in paid] == ["settlement.rates-1-2-4"]
    assert "in a frog, when the bidder loses" in finding_when(paid[0])
    # Foster's Grand pays 4 a point: the lost Frog is paid as Penalty Frog pays it.
    assert finding_instead(paid[0]) == (
        "a bidder who loses a frog pays what a lost grand pays (Penalty Frog, as "
        "settlement.penalty-frog has it)"
    )


def _rates_two_three_four(ruleset: Ruleset) -> Ruleset:
    """Every ruleset paid by the point pays 2 a point for a Frog, 3 for a Chico and 4 for
    a Grand."""
    if ruleset.rule_id("rates") == "settlement.fixed-25-50-75":
        return ruleset
    return ruleset.replacing(ruleset.rule_id("rates"), lambda c, margin, won: margin * (int(c) + 1))


def test_a_rate_of_its_own_for_several_contracts_is_said_as_the_rates() -> None:
    # Two contracts' rates or more changed, each by its own ratio: one departure of the
    # ruleset's rate rule, said as the rates, wherever the ruleset pays by the point.
    found = probe_stages(
        _departing(_rates_two_three_four),
        ["settle"],
        ["foster-1909", "official-1922-straight", "official-1922-coeur-dalene"],
    )
    said = {(f.rule, finding_when(f), finding_instead(f)) for f in found}
    assert said == {
        (
            "settlement.rates-1-2-4",
            "in foster-1909",
            "pays 2 a point for a Frog and 3 for a Chico instead of 1 and 2",
        ),
        (
            "settlement.rates-straight-1-2",
            "in official-1922-straight",
            "pays 3 a point for a Chico and 4 for a Grand instead of 1 and 2",
        ),
    }
    assert all(f.departure is not None for f in found)


def _one_rate_for_every_contract(ruleset: Ruleset) -> Ruleset:
    """Every contract paid as a Frog is: 1 a point, or 25 cents in Coeur d'Alene."""
    rates = ruleset.rules.rates
    frog = Contract.FROG if ruleset.id != "official-1922-straight" else Contract.CHICO
    return ruleset.replacing(
        ruleset.rule_id("rates"), lambda c, margin, won: rates(frog, margin, won)
    )


def test_one_rate_for_every_contract_is_said_by_the_rate_rule_not_by_who_pays() -> None:
    # Straight Solo's Grand at its Chico's rate halves only the Grand's payments, as a
    # swap of "each pays in full" halves the first probe's: that swap, which would halve
    # the Chico's too, is not what the engine does. Coeur d'Alene's fixed amounts, each
    # contract paid as a Frog, are a table of amounts, not a rate a point.
    found = probe_stages(
        _departing(_one_rate_for_every_contract),
        ["settle"],
        ["official-1922-straight", "official-1922-coeur-dalene"],
    )
    said = {(f.rule, finding_when(f), finding_instead(f)) for f in found}
    assert said == {
        (
            "settlement.rates-straight-1-2",
            "in official-1922-straight, in a grand",
            "pays 1 a point instead of 2",
        ),
        (
            "settlement.fixed-25-50-75",
            "in official-1922-coeur-dalene",
            "pays 25 for a Chico and 25 for a Grand instead of 50 and 75",
        ),
    }


def test_a_tie_moved_is_found_beside_a_rate_that_agrees_by_coincidence() -> None:
    # The tie at 55 and a Grand at twice the rate: a Grand at 50 pays 8 a point on 5, as the
    # book's 4 on 10 does. That coincidence is no evidence against the tie.
    def tie_and_double_grand(ruleset: Ruleset) -> Ruleset:
        rates = ruleset.rules.rates
        ruleset = ruleset.replacing(
            ruleset.rule_id("rates"),
            lambda c, margin, won: rates(c, margin, won) * (2 if int(c) == 3 else 1),
        )
        return ruleset.replacing("settlement.sixty-is-a-tie", lambda p: p - 55)

    found = probe_stages(_departing(tie_and_double_grand), ["settle"], ["foster-1909"])
    tie = [f for f in found if f.rule == "settlement.sixty-is-a-tie"]
    assert [f.otherwise for f in tie] == [TieMoved(55)]
    assert finding_when(tie[0]) == "in foster-1909"
    assert any(f.rule == "settlement.rates-1-2-4" for f in found)


def _trump_by_order_takes(which: int) -> Callable[[dict[str, Json]], dict[str, Json]]:
    """An engine whose trick goes to the first trump played in it (``which`` 0), or the
    last (-1), whatever its rank (the reference elsewhere)."""

    def answer(request: dict[str, Json]) -> dict[str, Json]:
        trump = request.get("trump")
        if request["op"] == "trick_winner" and trump is not None:
            cards = [str(c) for c in request["cards"]]
            trumps = [i for i, card in enumerate(cards) if card.endswith(str(trump))]
            if trumps:
                return {"id": request.get("id"), "result": trumps[which]}
        return {"id": request.get("id"), **reference_answer(request)}

    return answer


@pytest.mark.parametrize(
    ("which", "said", "tricks"),
    [
        (0, "first", ((["KC", "7S", "AS"], 1), (["9S", "AS", "6S"], 0), (["KC", "AC"], 1))),
        (-1, "last", ((["KC", "7S", "AS"], 2), (["AS", "9S", "6S"], 2), (["KC", "AC"], 1))),
    ],
)
def test_the_first_or_last_trump_taking_the_trick_is_said_as_the_rule_and_modelled(
    which: int, said: str, tricks: tuple[tuple[list[str], int], ...]
) -> None:
    # No order of the ranks gives the answers (each trump takes the trick led and loses
    # it played second, or the reverse): the order of play does, where two trumps are
    # played.
    (finding,) = probe_stages(_trump_by_order_takes(which), ["trick_winner"], ["modern"])
    assert finding.rule == "play.trick-winner" and finding.models_all
    otherwise = finding.otherwise
    assert isinstance(otherwise, RankOrderChanged)
    assert otherwise.trump_by_order == ("first" if which == 0 else "last")
    assert finding_when(finding) == "in modern, when two trumps are played to a trick"
    assert finding_instead(finding).startswith(f"the {said} trump played wins the trick")
    # The model replays tricks of three, in another ruleset and trump suit.
    assert finding.departure is not None
    asked = {"id": 1, "op": "trick_winner", "ruleset": "gamerules", "trump": "S"}
    for cards, taken in tricks:
        assert reference_answer({**asked, "cards": cards}, finding.departure) == {"result": taken}


def _hearts_over_plain(request: dict[str, Json]) -> dict[str, Json]:
    """An engine that keeps hearts above the plain suits where they are not trumps: the
    highest heart takes a trick that holds no trump (the reference elsewhere)."""
    trump, cards = request.get("trump"), [str(c) for c in request.get("cards") or ()]
    hearts = [i for i, card in enumerate(cards) if card.endswith("H")]
    untrumped = not any(card.endswith(str(trump)) for card in cards)
    if request["op"] == "trick_winner" and trump != "H" and untrumped and hearts:
        best = max(hearts, key=lambda i: card_strength(parse_card(cards[i])))
        return {"id": request.get("id"), "result": best}
    return {"id": request.get("id"), **reference_answer(request)}


def test_a_suit_kept_above_the_plain_suits_is_said_as_the_rule_and_modelled() -> None:
    # Probed with hearts trumps, nothing shows; the tricks of two Sixes without trumps
    # show hearts taking every trick they are in.
    (finding,) = probe_stages(_hearts_over_plain, ["trick_winner"], ["modern"])
    assert finding.rule == "play.trick-winner" and finding.models_all
    assert isinstance(finding.otherwise, RankOrderChanged)
    assert finding.otherwise.over_plain == "H"
    assert finding_when(finding) == ("in modern, when a heart is played to a trick of another suit")
    assert finding_instead(finding).startswith(
        "hearts rank above the plain suits when they are not trumps: the highest heart takes "
        "a trick that holds no trump"
    )
    # The model replays tricks of three, with and without a trump suit.
    assert finding.departure is not None
    asked = {"id": 1, "op": "trick_winner", "ruleset": "gamerules", "trump": "S"}
    for cards, trump in (
        (["AC", "6H", "10H"], "S"),
        (["AC", "6H", "6S"], "S"),
        (["AC", "7H"], None),
    ):
        request = {**asked, "cards": cards, "trump": trump}
        assert reference_answer(request, finding.departure) == {
            "result": _hearts_over_plain(request)["result"]
        }


def _must_head(request: dict[str, Json]) -> dict[str, Json]:
    """An engine whose player following suit must play higher than every card of the suit
    led in the trick, where he can (the reference elsewhere)."""
    if request["op"] != "legal_plays" or not request["trick"]:
        return {"id": request.get("id"), **reference_answer(request)}
    hand = [str(c) for c in request["hand"]]
    trick = [str(c) for c in request["trick"]]
    led = trick[0][-1]
    following = [c for c in hand if c[-1] == led]
    if not following:
        return {"id": request.get("id"), **reference_answer(request)}
    best = max(card_strength(parse_card(c)) for c in trick if c[-1] == led)
    higher = [c for c in following if card_strength(parse_card(c)) > best]
    return {"id": request.get("id"), "result": higher or following}


def test_a_duty_to_head_the_trick_is_said_as_the_rule_it_departs_from() -> None:
    (finding,) = probe_stages(_must_head, ["legal_plays"], ["modern"])
    assert finding.rule == "play.no-duty-to-head"
    assert finding_when(finding) == (
        "in modern, when he follows suit and can beat every card of the suit led in the trick"
    )
    assert finding_instead(finding).startswith(
        "he must play higher than every card of the suit led in the trick"
    )
    # Its model lists a game's cards as the engine does: a trick trumped, the suit led
    # headed all the same.
    assert finding.model is not None
    asked: dict[str, Json] = {"op": "legal_plays", "trump": "H", "trick": ["9C", "6H"]}
    assert finding.model({**asked, "hand": ["7C", "AC", "KH"]}) == {"result": ["AC"]}

    # An engine that besides lets a player void in the suit led play any card: the duty
    # to head is said all the same, and models nothing (another duty departs too).
    def also_any_card(request: dict[str, Json]) -> dict[str, Json]:
        answer = _must_head(request)
        if request["op"] == "legal_plays" and request["trick"]:
            hand = [str(c) for c in request["hand"]]
            if not any(c[-1] == str(request["trick"][0])[-1] for c in hand):
                return {**answer, "result": hand}
        return answer

    found = probe_stages(also_any_card, ["legal_plays"], ["modern"])
    (heads,) = [f for f in found if f.rule == "play.no-duty-to-head"]
    assert finding_instead(heads).startswith("he must play higher") and heads.model is None


def _queen_of_clubs_top(request: dict[str, Json]) -> dict[str, Json]:
    """An engine whose Queen of clubs takes every trick played with a trump suit, whatever
    the suit (the reference elsewhere)."""
    cards = [str(c) for c in request.get("cards") or ()]
    if request["op"] == "trick_winner" and request.get("trump") and "QC" in cards:
        return {"id": request.get("id"), "result": cards.index("QC")}
    return {"id": request.get("id"), **reference_answer(request)}


def test_a_card_above_every_trump_is_not_said_of_the_one_suit_probed_as_trump() -> None:
    # The tricks are probed with hearts trump: the finding says where a trump suit is,
    # not "with hearts trump", which the engine's games in other suits would contradict.
    (finding,) = probe_stages(_queen_of_clubs_top, ["trick_winner"], ["modern"])
    assert finding.rule == "play.trick-winner"
    assert finding_when(finding) == "in modern, with a trump suit"


def _must_head_unless_trumped(request: dict[str, Json]) -> dict[str, Json]:
    """An engine whose player following suit must head the trick, unless a trump has been
    played to a plain suit led (then any card of the suit, as written)."""
    trick = [str(c) for c in request.get("trick") or ()]
    trump = request.get("trump")
    if request["op"] == "legal_plays" and trick:
        led = trick[0][-1]
        if led != trump and any(c[-1] == trump for c in trick):
            return {"id": request.get("id"), **reference_answer(request)}
    return _must_head(request)


def test_a_duty_to_head_that_lapses_once_the_trick_is_trumped_is_said_and_modelled() -> None:
    (finding,) = probe_stages(_must_head_unless_trumped, ["legal_plays"], ["modern"])
    assert finding.rule == "play.no-duty-to-head"
    assert finding_instead(finding) == (
        "he must play higher than every card of the suit led in the trick (any card of that "
        "suit where he holds none higher), unless a trump has been played to a plain suit "
        "led, instead of any card of the suit"
    )
    # Its model lists a game's cards as the engine does: a trick trumped, any card of the
    # suit led; not trumped, only those that head it.
    assert finding.model is not None
    asked: dict[str, Json] = {"op": "legal_plays", "trump": "H", "hand": ["7C", "AC", "KH"]}
    assert finding.model({**asked, "trick": ["9C", "6H"]}) == {"result": ["7C", "AC"]}
    assert finding.model({**asked, "trick": ["9C"]}) == {"result": ["AC"]}


def _no_trump_led_while_another_suit(request: dict[str, Json]) -> dict[str, Json]:
    """An engine whose leader may not lead a trump while he holds a card of another suit."""
    answer = {"id": request.get("id"), **reference_answer(request)}
    trump = request.get("trump")
    if request["op"] == "legal_plays" and not request.get("trick") and trump is not None:
        listed = answer.get("result")
        assert isinstance(listed, list)
        answer["result"] = [c for c in listed if str(c)[-1] != trump] or listed
    return answer


def test_a_leader_barred_from_leading_trumps_is_said_so_and_modelled() -> None:
    (finding,) = probe_stages(_no_trump_led_while_another_suit, ["legal_plays"], ["modern"])
    assert finding.rule == "play.lead-any-card"
    assert finding_instead(finding).startswith(
        "a player who leads may not lead a trump while he holds a card of another suit"
    )
    assert finding.model is not None
    asked: dict[str, Json] = {"op": "legal_plays", "ruleset": "modern", "trump": "H"}
    assert finding.model({**asked, "hand": ["7C", "KH"], "trick": []}) == {"result": ["7C"]}
    following = finding.model({**asked, "hand": ["7C", "KH"], "trick": ["9C"]})
    assert following == {"result": ["7C"]}
    only_trumps = finding.model({**asked, "hand": ["AH", "KH"], "trick": []})
    assert isinstance(only_trumps["result"], list) and sorted(only_trumps["result"]) == ["AH", "KH"]


def _must_overtrump(request: dict[str, Json]) -> dict[str, Json]:
    """An engine whose player void in a plain suit led, the trick trumped, must play a
    trump higher than every trump in it where he holds one."""
    from frogspec.rules.cards import card_strength, parse_card

    answer = {"id": request.get("id"), **reference_answer(request)}
    trick, trump = request.get("trick"), request.get("trump")
    if request["op"] != "legal_plays" or not isinstance(trick, list) or not trick:
        return answer
    trumped = [card_strength(parse_card(str(c))) for c in trick if str(c)[-1] == trump]
    if str(trick[0])[-1] == trump or not trumped:
        return answer
    listed = answer.get("result")
    assert isinstance(listed, list)
    higher = [
        c
        for c in listed
        if str(c)[-1] == trump and card_strength(parse_card(str(c))) > max(trumped)
    ]
    answer["result"] = higher or listed
    return answer


def test_a_duty_to_overtrump_is_said_as_the_duty_and_modelled() -> None:
    (finding,) = probe_stages(_must_overtrump, ["legal_plays"], ["modern"])
    assert finding.rule == "play.no-duty-to-overtrump"
    assert finding_instead(finding).startswith(
        "a player void in the suit led must play a trump higher than every trump in the "
        "trick, where he holds one (any trump where he holds none higher), instead of any trump"
    )
    assert finding.model is not None
    asked: dict[str, Json] = {"op": "legal_plays", "ruleset": "modern", "trump": "H"}
    over = finding.model({**asked, "hand": ["6H", "KH", "9S"], "trick": ["9C", "7H"]})
    assert over == {"result": ["KH"]}
    under = finding.model({**asked, "hand": ["6H", "8H", "9S"], "trick": ["9C", "AH"]})
    assert isinstance(under["result"], list) and sorted(under["result"]) == ["6H", "8H"]


def test_the_counts_model_is_left_out_where_the_games_hold_another_total() -> None:
    # Each King counts 3 and each Queen 4 (the pack holds 120 still): the model of the
    # count is kept where the engine's finished games hold 120 too, and left out where
    # they all hold another total (its games count otherwise than its cards, and the
    # model would file that difference as a departure of its own).
    from frogspec.conform.blame import _count_modelled_as_the_games_count
    from frogspec.conform.deviations import final_counts
    from frogspec.vectors.model import iter_cases, load_vectors

    findings = probe_stages(_departing(_kings_three_queens_four), ["card_points"], ["modern"])
    assert findings and all(f.departure is not None for f in findings)
    game = next(
        c
        for c in iter_cases(load_vectors())
        if c.op == "game"
        and isinstance(c.expected.get("result"), dict)
        and isinstance(c.expected["result"].get("points"), dict)
    )
    result = game.expected["result"]
    assert isinstance(result, dict) and isinstance(result["points"], dict)
    bidder, defenders = result["points"]["bidder"], result["points"]["defenders"]
    assert isinstance(bidder, int) and isinstance(defenders, int)

    def failing(moved: int, added: int) -> tuple[Any, Json, Any]:
        points = {"bidder": bidder - moved, "defenders": defenders + moved + added}
        actual: Json = {"result": {**result, "points": points}}
        return (game, actual, None)  # the count reads the final answer alone

    kept = _count_modelled_as_the_games_count(findings, final_counts([failing(1, 0)]))
    assert all(f.departure is not None for f in kept)
    left_out = _count_modelled_as_the_games_count(findings, final_counts([failing(1, 10)]))
    assert all(f.departure is None and not f.models_all for f in left_out)


def _every_game_paid_twice(ruleset: Ruleset) -> Ruleset:
    """Every game's payments twice what its points give (a settlement given its points,
    with no game counted first, as written)."""
    from frogspec.registry import rule_for_function

    counted, rates = ruleset.rules.counted_for_bidder, ruleset.rules.rates
    counting, rating = rule_for_function(counted), rule_for_function(rates)
    assert counting is not None and rating is not None
    games: list[bool] = []

    def noted(won: int, untouched: int, laid_away: int) -> int:
        games.append(True)
        return int(counted(won, untouched, laid_away))

    def doubled(contract: Any, margin: int, won: bool) -> int:
        amount = int(rates(contract, margin, won))
        return 2 * amount if games and games.pop() else amount

    return ruleset.replacing(counting.id, noted).replacing(rating.id, doubled)


@pytest.mark.parametrize(
    ("paid", "instead"),
    [
        (
            EveryTrickPaid(0, True, 2),
            "a bidder who takes every trick is paid twice what his points give by each "
            "player who settles with him",
        ),
        (
            EveryTrickPaid(10, True),
            "a bidder who takes every trick is paid 10 more by each player who settles with "
            "him, beyond what his points give",
        ),
    ],
)
def test_a_payment_for_every_trick_shows_in_a_game_dealt_on_the_engines_own_deal(
    paid: EveryTrickPaid, instead: str
) -> None:
    from frogspec.conform.counterfactuals import composed
    from frogspec.conform.probes.base import play_to_the_right
    from frogspec.conform.probes.game import paying_for_every_trick

    # The table seated the other way round: the probe reads where the engine deals each
    # place of the pack, so its bidder still holds every heart and takes every trick.
    ask = _departing(composed(play_to_the_right, paying_for_every_trick(paid)))
    (finding,) = probe_stages(ask, ["game"], ["foster-1909", "official-1922-straight"])
    assert (finding.stage, finding.rule) == ("game", "settlement.rates-1-2-4")
    assert finding.also == ("settlement.rates-straight-1-2",)
    assert finding.otherwise == paid and finding_instead(finding) == instead
    assert finding_when(finding) == "in foster-1909, official-1922-straight"
    request = finding.smallest.request
    assert request["op"] == "game" and request["actions"][0] == "grand"


@pytest.mark.parametrize(
    "departure",
    [None, _every_game_paid_twice, _rates_rounded_up],
    ids=["as-written", "every-game-paid-twice", "rates-rounded-up"],
)
def test_games_paid_alike_whatever_the_tricks_show_no_payment_for_every_trick(
    departure: Adjust | None,
) -> None:
    # The game its bidder loses a trick of is paid as the game he takes every trick of:
    # whatever departs there, it is not the tricks.
    assert probe_stages(_departing(departure), ["game"], ["foster-1909", "modern"]) == []


def _penalty_frog_everywhere(ruleset: Ruleset) -> Ruleset:
    """Every ruleset with Penalty Frog in force: a lost Frog paid as a lost Grand."""
    from frogspec.rules.auction import Contract

    rates = ruleset.rules.rates

    def paid(contract: Contract, margin: int, won: bool) -> int:
        lost_frog = contract == Contract.FROG and not won
        return int(rates(Contract.GRAND if lost_frog else contract, margin, won))

    return ruleset.replacing(ruleset.rule_id("rates"), paid)


def test_a_lost_frog_paid_as_a_lost_grand_everywhere_is_penalty_frog() -> None:
    # Paid by the point (Foster's 4 for 1, the 1922 Solo's 3 for 1) and by fixed amounts
    # (Coeur d'Alene's 75 for 25): one departure, said as Penalty Frog, under each
    # ruleset's rule of what a lost Frog pays.
    rulesets = ["foster-1909", "official-1922-solo", "official-1922-coeur-dalene"]
    (finding,) = probe_stages(_departing(_penalty_frog_everywhere), ["settle"], rulesets)
    assert {finding.rule, *finding.also} == {
        "settlement.rates-1-2-4",
        "settlement.rates-1-2-3",
        "settlement.coeur-dalene-loser-pays-same",
    }
    assert finding_instead(finding) == (
        "a bidder who loses a frog pays what a lost grand pays (Penalty Frog, as "
        "settlement.penalty-frog has it)"
    )
    assert finding_when(finding).endswith("in a frog, when the bidder loses")


def test_every_feature_a_condition_may_name_is_said_in_the_rules_words() -> None:
    # A feature without words would show in a report as its name and value
    # ("chooses_to_deal True"): each one a probe or a game's step may name has words.
    from frogspec.conform.localise import STEP_NAMES
    from frogspec.conform.probes.first_dealer import FIRST_DEALER_NAMES
    from frogspec.conform.probes.trick_winner import NAMES
    from frogspec.conform.words import FEATURE_WORDS

    named = {*STEP_NAMES, *NAMES, *FIRST_DEALER_NAMES, *(f"suit_off_{s}" for s in "CDHS")}
    said_apart = ("beside_", "off_suit_")  # a pair of ranks, a card: said from their names
    assert sorted(n for n in named if n not in FEATURE_WORDS and not n.startswith(said_apart)) == []
