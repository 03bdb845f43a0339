"""The generated cases: whole deals, matches and perft counts from the portable deal generator.

Every pack comes from :func:`frogspec.prng.deal_deck` (the case records its deal numbers
in ``seeds``), so that any implementation can rebuild it; the actions are a random legal
playout chosen by the reference with a second SplitMix64 stream (:func:`playout`). The
rules each case exercises are those the reference evaluates while answering it.

The deal numbers are fixed by the ruleset, the table and the variant
(:func:`seed_for`), so a case keeps its id and its pack when cases are added elsewhere.

Each whole deal is also asked stopped at a few points in the middle (:data:`_MIDWAY`, case
ids ending ``.at-N`` for the first N actions), so that an implementation whose legal
actions are wrong where its play happens to be right still fails.
"""

from __future__ import annotations

from collections.abc import Callable

from frogspec._types import Json
from frogspec.engine import State, apply, legal_actions, new_deal, outcome
from frogspec.prng import SplitMix64, deal_deck
from frogspec.rules.cards import parse_card
from frogspec.rules.play import TRICKS
from frogspec.rulesets import RULESETS, get_ruleset
from frogspec.vectors.build import Spec, state_after

__all__ = ["FILES", "playout", "seed_for"]


#: Xored into a deal number to seed the stream that chooses the actions of its playout.
_PLAYOUT_SALT = 0x5EED_F406

#: Deals per ruleset and table in the generated games.
_GAMES_PER_TABLE = 6

#: Option variants generated besides the defaults, by ruleset.
VARIANTS: dict[str, list[dict[str, Json]]] = {
    "official-1922-solo": [
        {"sitting_out": "pay-and-receive"},
        {"sitting_out": "pay-and-receive-solo-only", "penalty_frog": True},
    ],
    "official-1922-straight": [{"sitting_out": "pay-and-receive"}],
    "official-1922-coeur-dalene": [
        {"sitting_out": "pay-and-receive-solo-only"},
        {"penalty_frog": True},
    ],
}


def seed_for(ruleset: str, players: int, index: int, variant: int = 0, kind: int = 0) -> int:
    """The deal number of a generated case: ``kind`` (0 games, 1 matches, 2 perft), the
    ruleset's place in :data:`~frogspec.rulesets.RULESETS`, the variant (0: defaults), the
    number of players and the case's index.

    >>> seed_for("foster-1909", 3, 2)
    100302
    """
    place = list(RULESETS).index(ruleset) + 1
    return kind * 10_000_000 + place * 100_000 + variant * 1000 + players * 100 + index


def playout(
    state: State, rng: SplitMix64, stop: Callable[[State], bool] | None = None
) -> list[str]:
    """Random legal actions from ``state`` until the deal is over (or ``stop`` says so).

    In the auction a player passes if ``rng.below(2)`` is 0 and otherwise bids the lowest
    contract he may (so that Frog, Chico, Grand and all-pass deals all come up); in the
    other phases the action is ``legal[rng.below(len(legal))]``, ``legal`` in the
    reference's order.
    """
    actions: list[str] = []
    while state.phase.code != "over" and not (stop and stop(state)):
        legal = legal_actions(state)
        if state.phase.code == "auction":
            action = legal[0] if len(legal) == 1 or rng.below(2) == 0 else legal[1]
        else:
            action = legal[rng.below(len(legal))]
        actions.append(str(action))
        state = apply(state, action)
    return actions


def _game_request(
    ruleset: str, players: int, dealer: int, seed: int, options: dict[str, Json]
) -> dict[str, Json]:
    deck = deal_deck(seed)
    rs = get_ruleset(ruleset).with_options(options)
    state = new_deal(rs, players, dealer, [parse_card(c) for c in deck])
    actions = playout(state, SplitMix64(seed ^ _PLAYOUT_SALT))
    return {
        "op": "game",
        "ruleset": ruleset,
        "options": options,
        "players": players,
        "dealer": dealer,
        "deck": deck,
        "actions": actions,
    }


def _tables(ruleset: str) -> list[int]:
    return list(get_ruleset(ruleset).rules.player_count())


def _options_text(options: dict[str, Json]) -> str:
    if not options:
        return "default options"
    return ", ".join(f"{k} {v}" for k, v in options.items())


def _game_cases() -> list[Spec]:
    """Whole deals, every ruleset and table, from the portable generator."""
    specs = []
    for ruleset in RULESETS:
        variants: list[dict[str, Json]] = [{}, *VARIANTS.get(ruleset, [])]
        for v, options in enumerate(variants):
            for players in _tables(ruleset):
                count = _GAMES_PER_TABLE if v == 0 else 1
                if v and players not in (4, 5):
                    continue
                for index in range(count):
                    seed = seed_for(ruleset, players, index, v)
                    dealer = seed % players
                    request = _game_request(ruleset, players, dealer, seed, options)
                    tag = f"v{v}." if v else ""
                    case_id = f"gen.game.{ruleset}.{tag}p{players}.{seed}"
                    specs.append(
                        Spec(
                            id=case_id,
                            description=f"Deal {seed} at {players} players, seat {dealer} "
                            f"deals ({_options_text(options)}), played to the end by random "
                            "legal actions.",
                            request=request,
                            rules=(),
                            seeds=(seed,),
                            traced=True,
                        )
                    )
                    specs += _midway_cases(case_id, request, seed)
    return specs


#: Where a whole deal is also stopped, as fractions of its actions: so that the legal
#: actions are compared in the middle of the deal, not only the end it reaches.
_MIDWAY = (1 / 3, 2 / 3)


def _midway_cases(case_id: str, request: dict[str, Json], seed: int) -> list[Spec]:
    """The same deal stopped after a part of its actions (:data:`_MIDWAY`)."""
    actions = request["actions"]
    stops = sorted({round(len(actions) * part) for part in _MIDWAY} - {0, len(actions)})
    return [
        Spec(
            id=f"{case_id}.at-{stop}",
            description=f"Deal {seed} as in {case_id}, stopped after its first {stop} of "
            f"{len(actions)} actions: the observation there, the legal actions included.",
            request={**request, "actions": actions[:stop]},
            rules=(),
            seeds=(seed,),
            traced=True,
        )
        for stop in stops
    ]


#: Deals at most in a generated match.
_MATCH_DEALS = 8


def _whole_match_cases() -> list[Spec]:
    """Matches of several deals, every ruleset and table (and the first option variant at
    four players), until the game is over or for :data:`_MATCH_DEALS` deals."""
    specs = []
    for ruleset in RULESETS:
        variants: list[dict[str, Json]] = [{}, *VARIANTS.get(ruleset, [])[:1]]
        for v, options in enumerate(variants):
            for players in _tables(ruleset) if v == 0 else [4]:
                seed0 = seed_for(ruleset, players, 0, v, kind=1)
                first = seed0 % players
                rs = get_ruleset(ruleset).with_options(options)
                deals = []
                seeds = []
                balances = [rs.rules.bank()] * players
                dealer = first
                for k in range(_MATCH_DEALS):
                    seed = seed0 + k
                    request = _game_request(ruleset, players, dealer, seed, options)
                    deals.append({"deck": request["deck"], "actions": request["actions"]})
                    seeds.append(seed)
                    state = state_after(request)
                    result = outcome(state)
                    lost = (
                        rs.rules.game_end(balances, result.payments, state.bidder, players)
                        if state.bidder is not None
                        else None
                    )
                    balances = [b + p for b, p in zip(balances, result.payments, strict=True)]
                    if lost is not None:
                        break
                    dealer = (dealer + 1) % players
                tag = f"v{v}." if v else ""
                specs.append(
                    Spec(
                        id=f"gen.match.{ruleset}.{tag}p{players}.{seed0}",
                        description=f"A match of {len(deals)} deals ({seeds[0]} to "
                        f"{seeds[-1]}) at {players} players, seat {first} dealing first "
                        f"({_options_text(options)}), each played by random legal actions.",
                        request={
                            "op": "match",
                            "ruleset": ruleset,
                            "options": options,
                            "players": players,
                            "first_dealer": first,
                            "deals": deals,
                        },
                        rules=(),
                        seeds=tuple(seeds),
                        traced=True,
                    )
                )
    return specs


def _perft_request(
    ruleset: str, players: int, seed: int, tricks_left: int, depth: int | None = None
) -> dict[str, Json] | None:
    dealer = seed % players
    deck = deal_deck(seed)
    rs = get_ruleset(ruleset)
    state = new_deal(rs, players, dealer, [parse_card(c) for c in deck])
    rng = SplitMix64(seed ^ _PLAYOUT_SALT)
    actions = playout(
        state, rng, lambda s: s.phase.code == "play" and s.tricks >= TRICKS - tricks_left
    )
    request: dict[str, Json] = {
        "op": "perft",
        "ruleset": ruleset,
        "options": {},
        "players": players,
        "dealer": dealer,
        "deck": deck,
        "actions": actions,
    }
    if state_after(request).phase.code != "play":
        return None  # everyone passed: no play to count
    if depth is not None:
        request["depth"] = depth
    return request


def _perft_cases() -> list[Spec]:
    """Perft counts from positions late in a deal: three or four tricks from the end."""
    specs = []
    for ruleset in RULESETS:
        for tricks_left, count in ((3, 2), (4, 1)):
            found = 0
            index = 0
            while found < count:
                players = _tables(ruleset)[index % len(_tables(ruleset))]
                seed = seed_for(ruleset, players, index, 0, kind=2) + tricks_left * 10
                index += 1
                request = _perft_request(ruleset, players, seed, tricks_left)
                if request is None:
                    continue
                found += 1
                specs.append(
                    Spec(
                        id=f"perft.{ruleset}.t{tricks_left}.{seed}",
                        description=f"Deal {seed} at {players} players, played by random legal "
                        f"actions until {tricks_left} tricks are left: the number of legal "
                        "play sequences to the end, and under each first card.",
                        request=request,
                        rules=(),
                        seeds=(seed,),
                        traced=True,
                    )
                )
    for ruleset, players in (("foster-1909", 3), ("official-1922-solo", 5)):
        seed = seed_for(ruleset, players, 0, 0, kind=2) + 90
        request = _perft_request(ruleset, players, seed, 11, depth=3)
        index = 0
        while request is None:
            index += 1
            request = _perft_request(ruleset, players, seed + index, 11, depth=3)
        specs.append(
            Spec(
                id=f"perft.{ruleset}.first-trick.{seed + index}",
                description=f"Deal {seed + index} at {players} players, at the first lead: "
                "the number of ways to play the first trick (depth 3), under each lead.",
                request=request,
                rules=(),
                seeds=(seed + index,),
                traced=True,
            )
        )
    return specs


#: The generated vector files: name, title, description, and the function that builds them.
FILES: list[tuple[str, str, str, Callable[[], list[Spec]]]] = [
    (
        "generated-games",
        "Whole deals (generated)",
        "game: deals from the portable deal "
        "generator, for every ruleset and table, played to the end by random legal actions, "
        "and each also stopped at a third and two thirds of its actions.",
        _game_cases,
    ),
    (
        "generated-matches",
        "Matches (generated)",
        "match: runs of deals from the portable "
        "deal generator, until the game is over or for eight deals.",
        _whole_match_cases,
    ),
    (
        "perft",
        "Perft counts (extension)",
        "perft, an extension op: the number of legal "
        "action sequences from positions late in a deal, with the count under each first "
        "action, so that a disagreement can be traced to one card's subtree.",
        _perft_cases,
    ),
]
