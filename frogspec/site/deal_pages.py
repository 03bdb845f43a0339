"""The pages of "Deals to read": each deal of :data:`~frogspec.site.annotated.DEALS` written
out step by step, with the data of its step-through view.

Every page is generated from the deal as the engine played it (:mod:`frogspec.site.annotated`):
the pack as dealt, the auction, the widow, the tricks in play order with the rule that decided
each, the count with the widow turned up, and the payments with the rules that set them.
Beside each page the build writes ``deals/<slug>.json`` (:func:`deal_downloads`), which the
page's step-through view (``docs/javascripts/deals.js``) reads and draws.

>>> pages = deal_pages()
>>> sorted(pages)[0], len(pages)
('deals/foster-chico.md', 5)
>>> "deals/foster-frog.json" in deal_downloads()
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable

from frogspec.engine import ActionKind, Phase
from frogspec.harness import handle
from frogspec.questions import Question
from frogspec.registry import get_rule
from frogspec.rules.auction import Contract
from frogspec.rules.cards import Card, cards_of, points_of
from frogspec.site.annotated import (
    DEALS,
    AnnotatedDeal,
    DealSpec,
    Segment,
    Step,
    annotated_game_request,
    contract_name,
    count_note,
    counted_widow,
    deal_data,
    dealt_packets,
    play_annotated_deal,
    pretty_json,
    settlement_lines,
    steps,
    widow_name,
)
from frogspec.site.markup import (
    admonition,
    card_back_html,
    card_html,
    cards_html,
    escape,
    rule_link,
    ruleset_link,
)

__all__ = [
    "INDEX_PAGE",
    "data_path",
    "deal_downloads",
    "deal_page",
    "deal_pages",
    "deals_index_page",
    "page_path",
]

#: The page that lists the deals.
INDEX_PAGE = "deals/index.md"


def page_path(spec: DealSpec) -> str:
    """The deal's page, a path under ``docs/``."""
    return f"deals/{spec.slug}.md"


def data_path(spec: DealSpec) -> str:
    """The deal's step-through data, a path on the site beside its page."""
    return f"deals/{spec.slug}.json"


def _kind_suffix(rule_id: str) -> str:
    # A ruling or a reading says so beside its id, in words that print.
    entry = get_rule(rule_id)
    if entry.editorial:
        return ", our ruling"
    return ", our reading" if entry.reading is not None else ""


def _segments(segments: Iterable[Segment], page: str) -> str:
    # The words of the commentary, each rule's words followed by its id, linked to its page.
    parts = []
    for segment in segments:
        parts.append(escape(segment.text))
        if segment.rule is not None:
            parts.append(f" ({rule_link(segment.rule, page)}{_kind_suffix(segment.rule)})")
    return "".join(parts)


def _plays_html(plays: Iterable[tuple[int, Card]], winner: int | None) -> str:
    # The cards of a trick in play order, each under its seat; the leader first.
    out = []
    for n, (seat, card) in enumerate(plays):
        classes = "fs-play" + (" fs-won" if seat == winner else "")
        label = f"Seat {seat}" + (" leads" if n == 0 else "")
        out.append(
            f'<span class="{classes}"><span class="fs-who">{label}</span>{card_html(card)}</span>'
        )
    return '<span class="fs-trick">' + "".join(out) + "</span>"


def _packets_html(deal: AnnotatedDeal) -> str:
    name = widow_name(deal.start.ruleset)
    out = []
    for position, to, cards in dealt_packets(deal):
        where = name if to is None else f"seat {to}"
        first = str(position) if len(cards) == 1 else f"{position}–{position + len(cards) - 1}"
        kind = " fs-to-widow" if to is None else ""
        # The widow's cards go face down: they are turned up at the count.
        drawn = cards_html(cards, sort=False) if to is not None else card_back_html() * len(cards)
        out.append(
            f'<span class="fs-packet{kind}"><span class="fs-who">{first} → {where}</span>'
            f"{drawn}</span>"
        )
    return '<div class="fs-packets">' + "".join(out) + "</div>"


def _roles(seat: int, deal: AnnotatedDeal) -> str:
    start, final = deal.start, deal.final
    roles = []
    if seat == start.dealer:
        roles.append("dealer")
    if seat == start.order[0]:
        roles.append("eldest")
    if seat == final.bidder:
        roles.append("bidder")
    if seat not in start.order:
        roles.append("sits out")
    return f"Seat {seat}" + (f" ({', '.join(roles)})" if roles else "")


def _hands(deal: AnnotatedDeal, hands: tuple[int, ...]) -> list[str]:
    return [
        f"- **{_roles(seat, deal)}**: {cards_html(hands[seat])} ({points_of(hands[seat])} points)"
        for seat in deal.start.order
    ]


def _mark_widow(html: str, widow: int) -> str:
    # Outline the widow's cards in a hand drawn by cards_html.
    for card in cards_of(widow):
        drawn = card_html(card)
        html = html.replace(
            drawn, drawn.replace('class="fs-card ', 'class="fs-card fs-from-widow ', 1)
        )
    return html


def _section_deal(deal: AnnotatedDeal, page: str) -> list[str]:
    start = deal.start
    rs = start.ruleset
    first = next(steps(deal))
    widow = widow_name(rs)
    return [
        "## The seats and the deal",
        "",
        _segments(first.note, page),
        "",
        f"The pack is {rule_link('cards.pack', page, '36 cards')}, ranking "
        f"{rule_link('cards.rank-order', page, 'A 10 K Q J 9 8 7 6')} in each suit and counting "
        f"{rule_link('cards.points', page, '11, 10, 4, 3 and 2')} for the Ace, Ten, King, Queen "
        f"and Jack: 120 points in all. It is dealt "
        f"{rule_link(rs.rule_id(Question.DEAL_PATTERN), page, 'as the ruleset says')}, "
        "first card first; each packet is labelled with the positions of its cards in the "
        f"pack and where they go (the {widow}'s face down):",
        "",
        _packets_html(deal),
        "",
        "The hands as dealt:",
        "",
        *_hands(deal, start.hands),
        f"- **The {widow}**: {card_back_html() * 3} (face down)",
        "",
    ]


def _section_auction(deal: AnnotatedDeal, all_steps: list[Step], page: str) -> list[str]:
    out = ["## The auction", ""]
    rs = deal.start.ruleset
    for step in all_steps[1:]:
        before = deal.states[step.number - 1]
        if before.phase != Phase.AUCTION:
            break
        names = [
            "pass" if a.kind == ActionKind.PASS else "bid " + contract_name(rs, Contract(a.value))
            for a in all_steps[step.number - 1].legal
        ]
        allowed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]
        out.append(f"{step.number}. *May {allowed}.* {_segments(step.note, page)}")
    out.append("")
    return out


def _section_widow(deal: AnnotatedDeal, all_steps: list[Step], page: str) -> list[str]:
    start, final = deal.start, deal.final
    rs = start.ruleset
    widow = widow_name(rs)
    contract = final.contract
    assert contract is not None and final.bidder is not None
    out = [f"## The {widow} and trump", ""]
    bidder = final.bidder
    if contract == Contract.FROG:
        if rs.rules.widow_shown():
            out.append(
                f"Seat {bidder} {rule_link(rs.rule_id(Question.WIDOW_SHOWN), page, f'turns the {widow} face up')} "
                "for all to see:"
            )
        else:
            out.append(
                f"Seat {bidder} {rule_link(rs.rule_id(Question.WIDOW_SHOWN), page, f'takes the {widow} without showing it')}; "
                "the others do not see it, but here it is:"
            )
        out += ["", cards_html(start.widow), ""]
        taken = next(s for s in all_steps if s.state.phase == Phase.DISCARD)
        hand = taken.state.hands[bidder]
        out += [
            f"He {rule_link('widow.frog-take-and-discard', page, 'takes it into his hand')}, "
            "fourteen cards:",
            "",
            _mark_widow(cards_html(hand), start.widow),
            "",
            f"(The cards from the {widow} are outlined with dashes.)",
            "",
            "and lays three away, one at a time:",
            "",
        ]
        for step in all_steps:
            if deal.states[step.number - 1].phase == Phase.DISCARD and step.number:
                out.append(f"{step.number}. {_segments(step.note, page)}")
        out += [
            "",
            f"The three cards laid away ({points_of(final.laid_away)} points) stay face down "
            f"until the count, and {rule_link('scoring.widow-counts-for-bidder', page, 'count for him')}.",
            "",
        ]
    else:
        named = next(
            (s for s in all_steps if deal.states[s.number - 1].phase == Phase.TRUMP and s.number),
            None,
        )
        if named is not None:
            out += [_segments(named.note, page), ""]
        else:
            out += [
                f"In a {contract_name(rs, contract)} "
                f"{rule_link('trump.hearts-in-frog-and-grand', page, 'hearts are trumps')}. The {widow} "
                f"{rule_link('widow.untouched-in-chico-and-grand', page, 'stays face down, untouched')}, "
                f"but {rule_link('scoring.widow-counts-for-bidder', page, 'its points will count for the bidder')}.",
                "",
            ]
        out += [f"The {widow}, face down until the count: {card_back_html() * 3}", ""]
    play_start = next(s for s in all_steps if s.state.phase == Phase.PLAY)
    trump = play_start.state.trump
    assert trump is not None
    out += [f"Trump: **{trump.name.lower()} {trump.symbol}**. The hands for the play:", ""]
    out += _hands(deal, play_start.state.hands)
    out.append("")
    return out


def _section_play(deal: AnnotatedDeal, all_steps: list[Step], page: str) -> list[str]:
    out = [
        "## The play",
        "",
        f"{rule_link('play.eldest-leads-first', page, 'Eldest leads to the first trick')}, and "
        f"{rule_link('play.winner-leads-next', page, 'the winner of each trick leads to the next')}. "
        "Each trick is listed in the order its cards were played, the leader first; the winning "
        "card is outlined. The points are the card points in the tricks taken so far.",
        "",
        '<div class="fs-tricks" markdown>',
        "",
    ]
    number = 0
    for step in all_steps:
        if step.completed is None:
            continue
        number += 1
        plays, winner = step.completed
        taken = sum(points_of(1 << card) for _, card in plays)
        assert step.points is not None
        bidder_points, defender_points = step.points
        # The commentary of the trick: the note of its last card, from its winner on.
        note = list(step.note)
        start = next(i for i, s in enumerate(note) if s.text.startswith(f"Seat {winner} wins"))
        out += [
            f"{number}. {_plays_html(plays, winner)} **Seat {winner}** takes {taken} "
            f"{'point' if taken == 1 else 'points'}; bidder {bidder_points}, defenders "
            f"{defender_points}.",
            "",
            f"    {_segments(note[start:], page)}",
            "",
        ]
    out += ["</div>", ""]
    return out


def _section_count(deal: AnnotatedDeal, page: str) -> list[str]:
    extra, _ = counted_widow(deal)
    return [
        "## The count",
        "",
        f"{rule_link('play.eleven-tricks', page, 'Eleven tricks')} played, the cards that "
        "count for the bidder beside his tricks are turned up:",
        "",
        cards_html(extra),
        "",
        _segments(count_note(deal), page),
        "",
    ]


def _section_settlement(deal: AnnotatedDeal, page: str) -> list[str]:
    final = deal.final
    rs = final.ruleset
    spec = deal.spec
    out = ["## Settlement", ""]
    result = deal.result
    assert result.bidder_points is not None
    margin = result.bidder_points - 60
    if margin:
        out.append(
            f"The bidder is {abs(margin)} {'over' if margin > 0 else 'under'} 60 "
            f"({rule_link('settlement.sixty-is-a-tie', page, 'the margin that is paid')}) and "
            f"{'is paid' if margin > 0 else 'pays'}."
        )
    for name, value in spec.options:
        option = next(o for o in rs.options if o.name == name)
        default = (
            f" ({rule_link(option.default_rule, page)}{_kind_suffix(option.default_rule)})"
            if option.default_rule
            else ""
        )
        out.append(
            f"The players agreed on the option `{name}: {json.dumps(value)}` of "
            f"{ruleset_link(rs.id, page)}, which puts {rule_link(rs.rule_id(Question.SITTING_OUT), page)} "
            f"in force instead of the default{default}."
        )
    out.append("")
    for seat, paid, why in settlement_lines(deal):
        out.append(
            f"- **{_roles(seat, deal)}**: **{paid:+d} {escape(rs.unit)}**: {_segments(why, page)}."
        )
    out += [
        "",
        f"Then {rule_link('deal.rotation-left', page, 'the deal passes to the left')}: seat "
        f"{(final.dealer + 1) % final.players} deals next.",
        "",
    ]
    return out


def _section_conformance(deal: AnnotatedDeal) -> list[str]:
    request = annotated_game_request(deal)
    body = (
        "The same deal as a `game` request of the conformance protocol, and the answer of the "
        "reference implementation (`frogspec.harness`) when this page was built. An "
        "implementation that answers otherwise plays this deal differently.\n\n"
        f"```json\n{pretty_json(request, width=60)}\n```\n\n"
        f"```json\n{pretty_json(handle(request), width=60)}\n```"
    )
    return [admonition("example", "The deal as a conformance test", body, collapsible=True)]


def _section_rules(data: dict[str, object], page: str) -> list[str]:
    rules = data["rules"]
    assert isinstance(rules, dict)
    out = ["## The rules in this deal", ""]
    # The statements as the deal's data gives them: in the ruleset's own names.
    for rule_id, statement in rules.items():
        link = rule_link(rule_id, page)
        out.append(f'- {link}{{ data-rule="{rule_id}" }}: {escape(statement)}')
    out.append("")
    return out


def deal_page(spec: DealSpec, deal: AnnotatedDeal | None = None) -> str:
    """The page of one deal: the step-through view, then the deal written out in full."""
    deal = deal or play_annotated_deal(spec)
    page = page_path(spec)
    rs = deal.start.ruleset
    data = deal_data(deal)
    all_steps = list(steps(deal))
    slug = spec.slug
    out = [
        f"# {escape(spec.title)}",
        "",
        f"{escape(spec.shows)}",
        "",
        f"A deal of {ruleset_link(rs.id, page, escape(rs.name))} for {spec.players} players, "
        f"played by the reference implementation when this page was built: the pack is "
        f"deal number {spec.number} of the [portable deal generator](../protocol.md#spec-prng), "
        "and every decision is taken by the simple policy described in "
        "[Deals to read](index.md#how-the-deals-are-played).",
        "",
        "## Step through",
        "",
        f'<div class="fs-stepper" data-deal="{slug}"><noscript>The step-through view needs '
        "JavaScript; the whole deal is written out below.</noscript></div>",
        "",
        f"Use the buttons or the arrow keys (← →). The data the view draws, every position "
        f"with the engine's legal actions: [{slug}.json]({slug}.json){{ .fs-deal-data }}.",
        "",
        *_section_deal(deal, page),
        *_section_auction(deal, all_steps, page),
    ]
    if deal.final.bidder is None:
        return "\n".join(out)
    out += [
        *_section_widow(deal, all_steps, page),
        *_section_play(deal, all_steps, page),
        *_section_count(deal, page),
        *_section_settlement(deal, page),
        *_section_conformance(deal),
        *_section_rules(data, page),
    ]
    return "\n".join(out)


def deals_index_page() -> str:
    """The page that lists the deals and says how they are played."""
    out = [
        "# Deals to read",
        "",
        "Whole deals of Frog, played by the reference implementation when the rulebook was "
        "built, to read step by step. Each page has a step-through view (the hands shrinking "
        "as the cards are played, the trick on the table, the cards the player to act may "
        "play highlighted) and then the whole deal written out: every trick in the order its "
        "cards were played, the rule that decided it, the widow turned up at the count and "
        "every payment with the rules that set it.",
        "",
        "Any other whole deal can be shown in the same view from its link: a deal you play "
        "on the [Play page](../play.md), or one played from Python, opens in "
        "[Replay a deal](replay.md).",
        "",
    ]
    for spec in DEALS:
        out.append(f"- [{escape(spec.title)}]({spec.slug}.md): {escape(spec.shows)}")
    out += [
        "",
        "## How the deals are played",
        "",
        "The pack of each deal is a deal number of the portable deal generator, so that any "
        "implementation can deal the same cards; the numbers were chosen, by searching, for "
        "deals that show what each page is for. The players' decisions are taken by a simple "
        "deterministic policy (`frogspec.site.annotated.choose`), not by good play: bid Grand "
        "with six hearts headed by the Ace and Ten, Chico with six cards of a suit it may "
        "name headed by its Ace, Frog with four hearts, else pass; lay away the non-heart cards "
        "that count most without being Aces; name the longest suit trump; lead the highest "
        "card; follow with the lowest card that wins the trick, or else the lowest card.",
        "",
        "What the players may do at each step is not the policy's: it is what the engine "
        "allows (`frogspec.legal_actions`), and the step-through view draws exactly that.",
        "",
    ]
    return "\n".join(out)


def deal_pages() -> dict[str, str]:
    """The Markdown of the index and of every deal's page, by path under ``docs/``."""
    pages = {INDEX_PAGE: deals_index_page()}
    for spec in DEALS:
        pages[page_path(spec)] = deal_page(spec)
    return pages


def deal_downloads() -> dict[str, str]:
    """The step-through data of every deal, as JSON, by its path on the site."""
    return {
        data_path(spec): json.dumps(
            deal_data(play_annotated_deal(spec)), ensure_ascii=False, indent=1
        )
        + "\n"
        for spec in DEALS
    }
