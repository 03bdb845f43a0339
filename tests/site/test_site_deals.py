"""Deals to read (``frogspec.site.annotated`` and ``frogspec.site.deal_pages``).

Each deal must show what it was chosen for, and the data of its step-through view must be
the engine's, position by position.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

import pytest

from frogspec.engine import (
    ActionKind,
    Phase,
    apply,
    legal_actions,
    new_deal,
    outcome,
    parse_action,
    settle,
)
from frogspec.harness import handle
from frogspec.prng import deal_deck
from frogspec.questions import Question
from frogspec.registry import get_rule
from frogspec.rules.auction import Contract
from frogspec.rules.cards import CardSet, Suit, format_card, parse_card, points_of, suit_of
from frogspec.site import downloads
from frogspec.site.annotated import (
    DEALS,
    AnnotatedDeal,
    annotated_game_request,
    choose,
    deal_data,
    dealt_packets,
    display_order,
    get_deal,
    play_annotated_deal,
    play_duty,
    settlement_lines,
    steps,
    wanted_bid,
)
from frogspec.site.deal_pages import (
    INDEX_PAGE,
    data_path,
    deal_downloads,
    deal_page,
    deals_index_page,
    page_path,
)
from frogspec.site.markup import card_back_html, cards_html

SLUGS = [spec.slug for spec in DEALS]


def _deal(slug: str) -> AnnotatedDeal:
    return play_annotated_deal(get_deal(slug))


def _section(page: str, title: str) -> str:
    start = page.index(f"\n## {title}\n")
    end = page.find("\n## ", start + 1)
    return page[start : end if end >= 0 else None]


# ----------------------------------------------------------------------------- every deal


@pytest.mark.parametrize("slug", SLUGS)
def test_a_deal_is_the_pack_of_its_number_played_to_the_end(slug: str) -> None:
    deal = _deal(slug)
    assert deal.spec.number is not None
    assert [format_card(c) for c in deal.deck] == deal_deck(deal.spec.number)
    assert deal == _deal(slug)
    assert deal.final.phase == Phase.OVER and deal.final.bidder is not None
    assert sum(deal.result.payments) == 0
    for state, action in zip(deal.states, deal.actions, strict=False):
        assert choose(state) == action
        assert action in legal_actions(state)


@pytest.mark.parametrize("slug", SLUGS)
def test_the_data_is_the_engine_step_by_step(slug: str) -> None:
    deal = _deal(slug)
    data = json.loads(deal_downloads()[data_path(deal.spec)])
    assert data == json.loads(json.dumps(deal_data(deal)))
    spec = deal.spec
    state = new_deal(spec.ruleset, spec.players, spec.dealer, deal.deck, dict(spec.options))
    for index, step in enumerate(data["steps"]):
        assert step["phase"] == state.phase.code and step["to_act"] == state.to_act
        assert step["legal"] == [str(a) for a in legal_actions(state)]
        for seat, hand in enumerate(step["hands"]):
            assert CardSet.parse(" ".join(hand)).mask == state.hands[seat], (index, seat)
        assert [card for _, card in step["trick"]] == [format_card(c) for c in state.trick]
        assert CardSet.parse(" ".join(step["laid_away"])).mask == state.laid_away
        assert step["bidder"] == state.bidder and step["tricks"] == state.tricks
        if step["trick"]:
            assert step["trick"][0][0] == state.leader  # the leader first
        if step["next"] is None:
            assert index == len(data["steps"]) - 1
            break
        state = apply(state, parse_action(step["next"]))
    assert state.phase == Phase.OVER
    assert data["result"]["payments"] == list(outcome(state).payments)


@pytest.mark.parametrize("slug", SLUGS)
def test_tricks_are_listed_leader_first_with_the_rule_that_decided_them(slug: str) -> None:
    deal = _deal(slug)
    completed = [s for s in steps(deal) if s.completed is not None]
    assert len(completed) == 11
    page = deal_page(deal.spec, deal)
    items = re.findall(r"^\d+\. <span class=\"fs-trick\">(.*)$", page, re.M)
    assert len(items) == 11
    for step, item in zip(completed, items, strict=True):
        plays, winner = step.completed  # type: ignore[misc]
        before = deal.states[step.number - len(plays)]
        assert plays[0][0] == before.leader
        assert [seat for seat, _ in plays] == [int(s) for s in re.findall(r"Seat (\d)", item)[:3]]
        assert "Seat" in item and re.search(r'fs-who">Seat \d leads<', item)
        rules = [s.rule for s in step.note]
        assert "play.trick-winner" in rules
        assert f"Seat {winner} wins" in "".join(s.text for s in step.note)


@pytest.mark.parametrize("slug", SLUGS)
def test_the_rule_named_for_each_card_is_the_one_that_bound_it(slug: str) -> None:
    deal = _deal(slug)
    seen = set()
    for state, step in zip(deal.states[:-1], list(steps(deal))[1:], strict=True):
        if state.phase != Phase.PLAY:
            continue
        duty = play_duty(state)
        seen.add(duty)
        assert duty in [s.rule for s in step.note]
        legal = {a.value for a in legal_actions(state)}
        hand = set(CardSet(state.hands[state.to_act]))  # type: ignore[index]
        if duty in ("play.lead-any-card", "play.any-card-when-unable"):
            assert legal == hand
        elif duty == "play.follow-suit":
            assert {suit_of(c) for c in legal} == {suit_of(state.trick[0])}
            assert legal == {c for c in hand if suit_of(c) == suit_of(state.trick[0])}
        else:
            assert duty == "play.must-trump"
            assert legal == {c for c in hand if suit_of(c) == state.trump}
    assert {"play.lead-any-card", "play.follow-suit", "play.must-trump"} <= seen


@pytest.mark.parametrize("slug", SLUGS)
def test_the_payments_come_with_the_rules_that_set_them(slug: str) -> None:
    deal = _deal(slug)
    lines = settlement_lines(deal)
    assert [paid for _, paid, _ in lines] == list(deal.result.payments)
    rs = deal.final.ruleset
    for seat, paid, why in lines:
        rules = {s.rule for s in why}
        if seat == deal.final.bidder:
            assert "settlement.each-pays-in-full" in rules
        elif paid:
            assert {"settlement.sixty-is-a-tie", rs.rule_id(Question.RATES)} <= rules
        else:
            assert rs.rule_id(Question.SITTING_OUT) in rules


@pytest.mark.parametrize("slug", SLUGS)
def test_the_page_links_every_rule_it_names_and_reveals_the_widow_at_the_count(slug: str) -> None:
    deal = _deal(slug)
    page = deal_page(deal.spec, deal)
    data: Any = deal_data(deal)
    assert page.startswith(f"# {deal.spec.title}")
    for rule_id in data["rules"]:
        anchor = get_rule(rule_id).anchor
        assert f'#{anchor}){{ data-rule="{rule_id}" }}' in page
    final = deal.final
    assert final.bidder is not None
    counted = final.laid_away if final.contract == Contract.FROG else final.widow
    count = _section(page, "The count")
    assert cards_html(counted) in count
    assert f"{points_of(final.won[final.bidder])} in tricks + {points_of(counted)}" in count
    assert f"{slug}.json){{ .fs-deal-data }}" in page
    assert f'<div class="fs-stepper" data-deal="{slug}">' in page
    # The deal as a conformance test: the request and the reference's answer.
    blocks = re.findall(r"```json\n(.*?)\n    ```", page, re.S)
    request, answer = (json.loads(re.sub(r"^    ", "", b, flags=re.M)) for b in blocks)
    assert request == annotated_game_request(deal)
    assert answer == handle(annotated_game_request(deal))


# ----------------------------------------------------------------------------- what each shows


def test_the_frog_shows_the_widow_taken_up_and_three_cards_laid_away() -> None:
    deal = _deal("foster-frog")
    start, final = deal.start, deal.final
    bidder = final.bidder
    assert bidder is not None
    assert final.contract == Contract.FROG and final.ruleset.rules.widow_shown()
    discards = [a.value for a in deal.actions if a.kind == ActionKind.DISCARD]
    assert len(discards) == 3 and final.laid_away == sum(1 << c for c in discards)
    taken = next(s for s in deal.states if s.phase == Phase.DISCARD)
    assert taken.hands[bidder] == start.hands[bidder] | start.widow  # fourteen cards
    assert taken.hands[bidder].bit_count() == 14
    # He keeps a widow card and lays away a card of his own: the exchange is a real one.
    assert start.widow & ~final.laid_away and final.laid_away & ~start.widow
    page = deal_page(deal.spec, deal)
    widow = _section(page, "The widow and trump")
    assert "turns the widow face up" in widow and cards_html(start.widow) in widow
    assert widow.count("fs-from-widow") == 3
    assert all(f"lays away {format_card(c)[:-1]}" in widow for c in discards)
    data: Any = deal_data(deal)
    assert data["widow_shown"] is True
    after_bid = data["steps"][taken_index(deal)]
    assert after_bid["widow"] == "taken" and len(after_bid["legal"]) == 14
    assert all(a.startswith("discard ") for a in after_bid["legal"])


def taken_index(deal: AnnotatedDeal) -> int:
    return next(i for i, s in enumerate(deal.states) if s.phase == Phase.DISCARD)


def test_the_chico_keeps_the_widow_face_down_until_the_count() -> None:
    deal = _deal("foster-chico")
    final = deal.final
    assert final.contract == Contract.CHICO and final.trump not in (None, Suit.HEARTS)
    assert any(a.kind == ActionKind.TRUMP for a in deal.actions)
    data: Any = deal_data(deal)
    assert {s["widow"] for s in data["steps"][:-1]} == {"down"}
    assert data["steps"][-1]["widow"] == "revealed"
    assert data["result"]["counted"] == [format_card(c) for c in display_order(final.widow)]
    page = deal_page(deal.spec, deal)
    assert card_back_html() * 3 in _section(page, "The widow and trump")
    assert cards_html(final.widow) not in page.split("## The count")[0]
    # Four players: the dealer sits out and, the bidder winning, neither pays nor is paid.
    assert final.dealer not in final.order and deal.result.payments[final.dealer] == 0
    assert deal.result.bidder_points is not None and deal.result.bidder_points > 60


def test_the_five_handed_grand_is_settled_with_the_players_sitting_out() -> None:
    deal = _deal("grand-five-players")
    final = deal.final
    assert final.players == 5 and final.contract == Contract.GRAND
    assert dict(deal.spec.options) == {"sitting_out": "pay-and-receive"}
    assert final.ruleset.rule_id(Question.SITTING_OUT) == "settlement.sitting-out-pay-and-receive"
    sitting = [s for s in range(5) if s not in final.order]
    assert len(sitting) == 2
    payments = deal.result.payments
    defenders = [s for s in final.order if s != final.bidder]
    assert all(payments[s] == payments[defenders[0]] < 0 for s in sitting)
    assert final.bidder is not None and payments[final.bidder] == -4 * payments[sitting[0]]
    # Under the default system the same deal would leave them out: the option matters.
    assert deal.result.bidder_points is not None
    default = settle("official-1922-solo", 5, final.dealer, final.bidder, Contract.GRAND,
                     deal.result.bidder_points)  # fmt: skip
    assert all(default[s] == 0 for s in sitting)
    page = deal_page(deal.spec, deal)
    settlement = _section(page, "Settlement")
    assert 'option `sitting_out: "pay-and-receive"`' in settlement
    for seat in sitting:
        line = next(x for x in settlement.splitlines() if x.startswith(f"- **Seat {seat} ("))
        assert "sits out" in line and "settlement-sitting-out-pay-and-receive" in line
        assert f"**{payments[seat]:+d} chips**" in line
    assert "Heart Solo" in page


def test_the_1922_solo_shows_the_single_card_deal_and_the_slough() -> None:
    deal = _deal("solo-1922")
    start, final = deal.start, deal.final
    assert final.ruleset.id == "official-1922-solo"
    assert final.ruleset.rule_id(Question.DEAL_PATTERN) == "deal.singly-slough-1-4-8"
    packets = dealt_packets(deal)
    assert len(packets) == 36 and all(len(cards) == 1 for _, _, cards in packets)
    to_slough = [position for position, to, _ in packets if to is None]
    assert to_slough == [1, 4, 8]
    assert start.widow == sum(1 << deal.deck[p - 1] for p in to_slough)
    # One card at a time to each active seat in turn, from eldest.
    seats = [to for _, to, _ in packets if to is not None]
    assert seats == [start.order[n % 3] for n in range(33)]
    page = deal_page(deal.spec, deal)
    deal_section = _section(page, "The seats and the deal")
    for position in (1, 4, 8):
        assert f"{position} → slough</span>" in deal_section
    assert "2 → seat" in deal_section and "deal-singly-slough-1-4-8" in deal_section
    assert final.contract == Contract.CHICO and "Simple Solo" in page
    assert "## The slough and trump" in page
    assert cards_html(final.widow) in _section(page, "The count")


# ----------------------------------------------------------------------------- the site


def test_the_deals_are_pages_and_downloads_of_the_site(site_pages: Mapping[str, str]) -> None:
    pages = site_pages
    files = downloads()
    assert INDEX_PAGE in pages and "deal.md" not in pages
    for spec in DEALS:
        assert page_path(spec) in pages and data_path(spec) in files
        assert f"]({spec.slug}.md)" in deals_index_page()
    assert len({spec.slug for spec in DEALS}) == len(DEALS) >= 4
    with pytest.raises(KeyError, match="foster-frog"):
        get_deal("no-such-deal")


def test_the_policy_bids_as_documented() -> None:
    hearts = CardSet.parse("AH 10H KH QH JH 9H").mask
    assert wanted_bid(hearts, (Suit.CLUBS,)) == (Contract.GRAND, Suit.HEARTS)
    clubs = CardSet.parse("AC 10C KC QC JC 9C").mask
    assert wanted_bid(clubs, (Suit.CLUBS,)) == (Contract.CHICO, Suit.CLUBS)
    four = CardSet.parse("6H 7H 8H 9H").mask
    assert wanted_bid(four, (Suit.CLUBS,)) == (Contract.FROG, Suit.HEARTS)
    assert wanted_bid(four & ~(1 << parse_card("9H")), (Suit.CLUBS,)) is None


def test_the_commentary_says_which_rules_are_rulings_or_readings() -> None:
    from frogspec.registry import get_rule
    from frogspec.site.deal_pages import deal_pages

    cited = re.compile(r"\(\[`([a-z0-9.-]+)`\]\([^)]*\)(, our ruling|, our reading)?\)")
    found = 0
    for text in deal_pages().values():
        for rule_id, mark in cited.findall(text):
            entry = get_rule(rule_id)
            expected = (
                ", our ruling"
                if entry.editorial
                else ", our reading"
                if entry.reading is not None
                else ""
            )
            assert mark == expected, (rule_id, mark)
            found += 1
    assert found
