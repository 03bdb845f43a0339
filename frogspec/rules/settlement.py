"""Settlement: what the bidder wins or loses, at what rate, and who pays whom.

The bidder's result is his card points less 60: positive, he is paid; negative, he pays;
zero, nothing moves. The rate (or, in Coeur d'Alene, the fixed payment) depends on the
contract; the seats that settle with the bidder depend on the ruleset and, in the 1922
rules, on the system of payment in force.

>>> bidder_result(80), bidder_result(60), bidder_result(59)
(20, 0, -1)
>>> rates_1_2_4(Contract.GRAND, 20, won=True)
80
>>> sitting_out_receive_only(4, (1, 2, 3), bidder=1, contract=Contract.FROG, won=False)
(0, 2, 3)
"""

from __future__ import annotations

from collections.abc import Callable

from frogspec.questions import Question
from frogspec.registry import editorial, rule
from frogspec.rules.auction import Contract
from frogspec.sources import (
    FOSTER_1909,
    GAMERULES,
    OFFICIAL_RULES_1922,
    WIKIPEDIA_FROG,
    cite,
    context,
)

#: A rule that says who pays and is paid: (players, active, bidder, contract, won) to seats.
Counterparties = Callable[[int, tuple[int, ...], int, Contract, bool], tuple[int, ...]]


__all__ = [
    "SITTING_OUT_SYSTEMS",
    "bidder_result",
    "coeur_dalene_fixed",
    "coeur_dalene_lost",
    "coeur_dalene_penalty_frog",
    "coeur_dalene_ratio",
    "default_sitting_out_system",
    "payments_each_in_full",
    "penalty_frog",
    "rates_1_2_3",
    "rates_1_2_4",
    "rates_straight_1_2",
    "sitting_out_pay_and_receive",
    "sitting_out_pay_and_receive_solo_only",
    "sitting_out_receive_only",
]


@rule(
    "settlement.sixty-is-a-tie",
    "The bidder wins by each point he takes over 60 and loses by each point his opponents "
    "take over 60; at exactly 60 nothing is paid.",
    cite(
        FOSTER_1909,
        "441–442",
        "For every point the single player gets over 60 he must be "
        "paid a counter by each of the others who held cards. But if he does not get 60, he "
        "must pay each of the others at the table, including those who held no cards, if any, "
        "a counter for every point his adversaries get over 60.",
    ),
    cite(WIKIPEDIA_FROG, None, "A score of 60 is, in effect, a tie and no payments are made."),
    cite(WIKIPEDIA_FROG, None, "In Frog, he scores 1 chip for every point above 60"),
    cite(
        WIKIPEDIA_FROG,
        None,
        "If the bidder loses he pays the same rate to every player at the table.",
    ),
    cite(GAMERULES, None, "A score of 60 is a tie and no points are gained or lost."),
    cite(GAMERULES, None, "Payouts are the difference between the score made and 60"),
    reading="Foster also says the players 'win or lose according to the number of points "
    "they get above or below 61' and that 'the object is to get 61 or more'. Read literally, "
    "the first would count from 61, not 60; we follow his payment rule, which counts from 60 "
    "in detail, and read 61 as the least score that wins (see the problems in the sources).",
    notes=(
        "The web page also says the bidder wins 'by scoring more the 61 points', a slip "
        "against its own tie at 60; the Wikipedia article says 'at least 60 to win' against "
        "its own footnote. See the source problems.",
    ),
)
def bidder_result(points: int) -> int:
    """The bidder's points over 60 (negative: his opponents' points over 60)."""
    return points - 60


@rule(
    "settlement.rates-1-2-4",
    "Each point over or under 60 is worth one counter in a Frog, two in a Chico and four in a "
    "Grand.",
    cite(
        FOSTER_1909,
        "441–442",
        "For every point the single player gets over 60 he must be paid a counter",
    ),
    cite(FOSTER_1909, "441–442", "Each point under or over 60 is worth two counters in Chico."),
    cite(FOSTER_1909, "441–442", "Every point under or over 60 in a Grand is worth four counters."),
    cite(
        WIKIPEDIA_FROG,
        None,
        "In Frog, he scores 1 chip for every point above 60 from each "
        "active player. Chico scores double, and Grand quadruple",
    ),
    cite(
        WIKIPEDIA_FROG,
        None,
        "If the bidder loses he pays the same rate to every player at the table.",
    ),
    question=Question.RATES,
)
def rates_1_2_4(contract: Contract, margin: int, won: bool) -> int:
    """What each paying seat pays: the margin times 1, 2 or 4."""
    return margin * (1, 2, 4)[contract - 1]


@rule(
    "settlement.rates-1-2-3",
    "Each point over or under 60 is worth one unit in a Frog, two in a Chico (Simple Solo) "
    "and three in a Grand (Heart Solo).",
    cite(OFFICIAL_RULES_1922, "213–216", "Frog Yes ♥ only x 1", reported_by=WIKIPEDIA_FROG),
    cite(
        OFFICIAL_RULES_1922, "213–216", "Simple Solo No ♣, ♠ or ♦ x 2", reported_by=WIKIPEDIA_FROG
    ),
    cite(OFFICIAL_RULES_1922, "213–216", "Heart Solo No ♥ only x 3", reported_by=WIKIPEDIA_FROG),
    cite(
        GAMERULES,
        None,
        "Payouts are the difference between the score made and 60 for a frog "
        "bid. This score is doubled for a Chico and tripled for a grand bid.",
    ),
    context(
        WIKIPEDIA_FROG,
        None,
        "In Frog, he scores 1 chip for every point above 60 from each active player.",
    ),
    question=Question.RATES,
    reading="The 1922 table, as the article reports it, gives each game's chips per point (x 1, "
    "x 2, x 3) but not the points they count: they are read as counted over or under 60, as "
    "in the article's Frog ('1 chip for every point above 60'), whose 'contract names and "
    "values' Solo or Slough changes. The web page counts from 60 in its own words.",
)
def rates_1_2_3(contract: Contract, margin: int, won: bool) -> int:
    """What each paying seat pays: the margin times 1, 2 or 3."""
    return margin * int(contract)


@rule(
    "settlement.rates-straight-1-2",
    "In Straight Solo each point over or under 60 is worth one chip in a Simple Solo (chico) "
    "and two in a Heart Solo (grand).",
    cite(
        OFFICIAL_RULES_1922,
        "213–216",
        "In a Simple Solo contract, 1 chip was paid per point and 2 chips in a Heart Solo.",
        reported_by=WIKIPEDIA_FROG,
    ),
    question=Question.RATES,
    reading="The summary does not say from what the points are counted; they are read as "
    "counted from 60, as in the Solo or Slough payments the summary gives just before.",
)
def rates_straight_1_2(contract: Contract, margin: int, won: bool) -> int:
    """What each paying seat pays: the margin times 1 (chico) or 2 (grand)."""
    return margin * (int(contract) - 1)


@rule(
    "settlement.coeur-dalene-fixed-ratio",
    "In Coeur d'Alene a won contract is paid a fixed amount, whatever the margin, the amounts "
    "for a Frog, a Simple Solo (chico) and a Heart Solo (grand) standing in the ratio 1 : 2 : 3.",
    cite(
        OFFICIAL_RULES_1922,
        "213–216",
        "there were fixed payments for winning instead of point-based payments. Payments were "
        "in the ratio 1:2:3 e.g. 25¢ for Frog, 50¢ for Simple Solo and 75¢ for Heart Solo.",
        reported_by=WIKIPEDIA_FROG,
    ),
    notes=(
        "The source as reported gives the ratio, and amounts only as an example ('e.g. 25¢ "
        "for Frog'); the amounts the reference pays are an editorial ruling "
        "(settlement.fixed-25-50-75).",
    ),
)
def coeur_dalene_ratio(contract: Contract) -> int:
    """The contract's part of the ratio 1 : 2 : 3."""
    return int(contract)


@editorial(
    "settlement.coeur-dalene-loser-pays-same",
    "In Coeur d'Alene a bidder who loses pays each seat the same fixed amount he would have "
    "been paid had he won.",
    "The source as reported gives fixed payments 'for winning' only. Every other Frog "
    "settlement is symmetrical, the loser paying at the rate he would have been paid, so "
    "the same fixed amount is read as the loss.",
    cite(
        OFFICIAL_RULES_1922,
        "213–216",
        "there were fixed payments for winning instead of point-based payments",
        reported_by=WIKIPEDIA_FROG,
    ),
)
def coeur_dalene_lost(
    contract: Contract, coeur_dalene_ratio: Callable[[Contract], int] = coeur_dalene_ratio
) -> int:
    """What a losing Coeur d'Alene bidder pays each seat, in cents."""
    return 25 * coeur_dalene_ratio(contract)


@editorial(
    "settlement.fixed-25-50-75",
    "In Coeur d'Alene a won contract is paid a fixed 25 cents for a Frog, 50 for a Simple "
    "Solo (chico) and 75 for a Heart Solo (grand), whatever the margin.",
    "What the source states, as reported: the payments for winning were fixed, not by the "
    "point, and 'in the ratio 1:2:3'. The amounts 25¢, 50¢ and 75¢ follow 'e.g.': they are "
    "the article's example of that ratio, not a rule that the stakes are those. A reference "
    "engine needs amounts, and the example is the only one we have, so we take it; a table "
    "may play the same ratio (settlement.coeur-dalene-fixed-ratio) at any stake. Against "
    "the bank we rule for Coeur d'Alene "
    "(match.coeur-dalene-bank-in-cents, 120 each) these amounts are large: at three "
    "players one lost Heart Solo costs the bidder 150 cents and ends the match in a single "
    "deal. The ruleset's page shows which losses end a match at once.",
    context(
        OFFICIAL_RULES_1922,
        "213–216",
        "This was the same as Solo or Slough except that there "
        "were fixed payments for winning instead of point-based payments. Payments were in the "
        "ratio 1:2:3 e.g. 25¢ for Frog, 50¢ for Simple Solo and 75¢ for Heart Solo.",
        reported_by=WIKIPEDIA_FROG,
    ),
    question=Question.RATES,
)
def coeur_dalene_fixed(
    contract: Contract,
    margin: int,
    won: bool,
    coeur_dalene_ratio: Callable[[Contract], int] = coeur_dalene_ratio,
    coeur_dalene_lost: Callable[[Contract], int] = coeur_dalene_lost,
) -> int:
    """What each paying seat pays, in cents: 25, 50 or 75 (a lost contract: see the ruling)."""
    if won:
        return 25 * coeur_dalene_ratio(contract)
    return coeur_dalene_lost(contract)


@rule(
    "settlement.penalty-frog",
    "With Penalty Frog in force, a bidder who loses a Frog pays at the Heart Solo (grand) rate.",
    cite(
        OFFICIAL_RULES_1922,
        "213–216",
        "In a variation called Penalty Frog, the bidder paid "
        "the Heart Solo rate if a Frog contract was lost",
        reported_by=WIKIPEDIA_FROG,
    ),
)
def penalty_frog(contract: Contract, won: bool) -> Contract:
    """The contract whose rate is paid: Grand for a lost Frog, else the contract played."""
    return Contract.GRAND if contract == Contract.FROG and not won else contract


@editorial(
    "settlement.coeur-dalene-penalty-frog",
    "In Coeur d'Alene with Penalty Frog in force, a bidder who loses a Frog pays each seat "
    "the fixed amount of a lost Heart Solo (grand), not of a Frog.",
    "Penalty Frog is reported among the differences of Solo or Slough, and Coeur d'Alene "
    "is reported as 'the same as Solo or Slough' except for its fixed payments, so we offer "
    "the option in Coeur d'Alene too; nothing reported says whether it applies there. Its "
    "words, 'the Heart Solo rate', fit a game paid by the point; with fixed payments the "
    "Heart Solo's fixed amount stands in for its rate. With our amounts and bank a lost "
    "Frog then costs 75 cents a seat, and at three players it ends the match in one deal.",
    context(
        OFFICIAL_RULES_1922,
        "213–216",
        "In a variation called Penalty Frog, the bidder paid "
        "the Heart Solo rate if a Frog contract was lost",
        reported_by=WIKIPEDIA_FROG,
    ),
    context(
        OFFICIAL_RULES_1922,
        "213–216",
        "This was the same as Solo or Slough except that there "
        "were fixed payments for winning instead of point-based payments.",
        reported_by=WIKIPEDIA_FROG,
    ),
)
def coeur_dalene_penalty_frog(contract: Contract, won: bool) -> Contract:
    """The contract whose fixed amount is paid: Grand for a lost Frog, else the one played."""
    return Contract.GRAND if contract == Contract.FROG and not won else contract


@rule(
    "settlement.sitting-out-receive-only",
    "A winning bidder is paid only by the other two active players; a losing bidder pays "
    "every other player at the table, those sitting out included.",
    cite(
        FOSTER_1909,
        "441–442",
        "he must be paid a counter by each of the others who held "
        "cards. But if he does not get 60, he must pay each of the others at the table, "
        "including those who held no cards, if any",
    ),
    cite(
        WIKIPEDIA_FROG,
        None,
        "This means that if four or five play, the non-active players "
        "are also paid by a bidder who loses, but are not required to pay if the bidder wins.",
    ),
    cite(OFFICIAL_RULES_1922, "213–216", "They only received payments", reported_by=WIKIPEDIA_FROG),
    question=Question.SITTING_OUT,
    reading="The 1922 system 'They only received payments' is read as the article's Frog "
    "states it: a winning bidder is paid by the two other active players, and a losing one "
    "pays everyone at the table, the players sitting out included.",
)
def sitting_out_receive_only(
    players: int, active: tuple[int, ...], bidder: int, contract: Contract, won: bool
) -> tuple[int, ...]:
    """The seats that settle with the bidder, in seat order.

    >>> sitting_out_receive_only(4, (1, 2, 3), 2, Contract.FROG, won=True)
    (1, 3)
    >>> sitting_out_receive_only(4, (1, 2, 3), 2, Contract.FROG, won=False)
    (0, 1, 3)
    """
    if won:
        others = sorted(active)
        others.remove(bidder)  # the bidder is one of the active seats
        return tuple(others)
    return _everyone_but(players, bidder)


@rule(
    "settlement.sitting-out-pay-and-receive",
    "Players sitting out both pay a winning bidder and are paid by a losing one, like the "
    "active defenders.",
    cite(OFFICIAL_RULES_1922, "213–216", "They paid and received", reported_by=WIKIPEDIA_FROG),
    question=Question.SITTING_OUT,
    reading="'They paid and received' does not say how much; what players sitting out pay "
    "and receive is read as what the active defenders do.",
)
def sitting_out_pay_and_receive(
    players: int, active: tuple[int, ...], bidder: int, contract: Contract, won: bool
) -> tuple[int, ...]:
    """The seats that settle with the bidder: everyone else at the table."""
    return _everyone_but(players, bidder)


def _everyone_but(players: int, bidder: int) -> tuple[int, ...]:
    # Every seat of the table but the bidder's, in seat order (two ranges, no loop).
    return (*range(bidder), *range(bidder + 1, players))


@rule(
    "settlement.sitting-out-pay-and-receive-solo-only",
    "Players sitting out pay and are paid in a Solo (chico or grand), but in a Frog they are "
    "only paid by a losing bidder.",
    cite(
        OFFICIAL_RULES_1922,
        "213–216",
        "They paid and received for a Solo, but only received for Frog",
        reported_by=WIKIPEDIA_FROG,
    ),
    question=Question.SITTING_OUT,
)
def sitting_out_pay_and_receive_solo_only(
    players: int,
    active: tuple[int, ...],
    bidder: int,
    contract: Contract,
    won: bool,
    sitting_out_receive_only: Counterparties = sitting_out_receive_only,
    sitting_out_pay_and_receive: Counterparties = sitting_out_pay_and_receive,
) -> tuple[int, ...]:
    """The seats that settle with the bidder under the third 1922 system."""
    if contract == Contract.FROG:
        return sitting_out_receive_only(players, active, bidder, contract, won)
    return sitting_out_pay_and_receive(players, active, bidder, contract, won)


@editorial(
    "settlement.default-system-receive-only",
    "Unless the players agree on another of the three 1922 systems, players sitting out only "
    "receive payments.",
    "The 1922 rules as reported list three systems of payment to and from players sitting out "
    "without saying which is the usual one. The first, that they only receive, is the rule of "
    "Foster and of the article's own account of the game, on which the 1922 rules are "
    "variations; it is the default, and the others are options.",
    cite(
        OFFICIAL_RULES_1922,
        "213–216",
        "There were three systems for payments to or from non-active players",
        reported_by=WIKIPEDIA_FROG,
    ),
)
def default_sitting_out_system() -> str:
    """The system of payment to players sitting out when none is chosen."""
    return "receive-only"


#: The 1922 systems of payment to and from players sitting out, by option value.
SITTING_OUT_SYSTEMS = {
    "receive-only": sitting_out_receive_only,
    "pay-and-receive": sitting_out_pay_and_receive,
    "pay-and-receive-solo-only": sitting_out_pay_and_receive_solo_only,
}


@rule(
    "settlement.each-pays-in-full",
    "Each seat that settles with the bidder pays him, or is paid by him, the whole amount.",
    cite(FOSTER_1909, "441–442", "he must be paid a counter by each of the others who held cards"),
    cite(
        GAMERULES,
        None,
        "In the above example, for a bid of frog, the bidder receives 40 "
        "points, 20 from each other player.",
    ),
    cite(
        GAMERULES,
        None,
        "they would have to pay each player 20 points for a bid of frog; "
        "resulting in them losing 40 points.",
    ),
)
def payments_each_in_full(
    players: int, bidder: int, counterparties: tuple[int, ...], amount: int, won: bool
) -> tuple[int, ...]:
    """The payments by seat: ``amount`` from (or to) each counterparty, the sum to the bidder.

    >>> payments_each_in_full(3, 0, (1, 2), 20, won=True)
    (40, -20, -20)
    """
    sign = 1 if won else -1
    result = [0] * players
    for seat in counterparties:
        result[seat] = -sign * amount
    result[bidder] = sign * amount * len(counterparties)
    return tuple(result)
