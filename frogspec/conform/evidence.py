"""Evidence: what differs between an engine's answer and the reference's, as typed values.

The diagnosis decides from values, never from its own sentences: each way two answers can
part is a small frozen class (a legal list narrowed or widened, a seat moved, a field such
as the trump changed, the points or the payments otherwise, another error), and
:func:`differences_of` reads them off two answers. The reporters alone turn them into
words (:func:`frogspec.conform.words.difference_words`).

>>> reference = {"result": {"phase": "play", "to_act": 1, "legal": ["play AS", "play 7S"]}}
>>> engine = {"result": {"phase": "play", "to_act": 2, "legal": ["play AS"]}}
>>> [d.kind for d in differences_of("game", reference, engine)]
['seat moved: to_act', 'legal narrowed: play']
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

from frogspec._types import Json
from frogspec.engine import Phase
from frogspec.rules.auction import Contract
from frogspec.vectors.build import DEFAULT_COMPARE
from frogspec.vectors.model import differences

__all__ = [
    "ROUNDINGS",
    "AnswerChanged",
    "CardAsTrump",
    "CardCounted",
    "ContractRefused",
    "CountRaised",
    "DealPaidTimes",
    "DealerMoved",
    "DealerPlays",
    "DealtTo",
    "Difference",
    "EndLimit",
    "ErrorChanged",
    "EveryTrickPaid",
    "FieldChanged",
    "FirstDealerChanged",
    "JumpRefusedOver",
    "LegalAt",
    "LegalChanged",
    "MarginFixed",
    "MarginRaised",
    "MatchOtherwise",
    "OfferedAfterPass",
    "OfferedOverStanding",
    "OpenerRefused",
    "OverbidNotAskedAgain",
    "PacketsChanged",
    "PaidBeyondRate",
    "PaidOtherwise",
    "PaidTimes",
    "PaidWhatHeHas",
    "PaymentsChanged",
    "PaymentsRounded",
    "PlayReversed",
    "PlayedWithoutTrumps",
    "PointsChanged",
    "RankOrderChanged",
    "RateChanged",
    "RatedAs",
    "SeatChanged",
    "SeatsOut",
    "SettledWith",
    "Several",
    "TieDecided",
    "TieMoved",
    "TrickTaken",
    "TrumpNamedAfterLayAway",
    "TurnPassedOver",
    "dealer_moved",
    "difference_json",
    "differences_of",
    "passed_out",
    "rounded",
]


#: The fields of a game observation that name a seat.
SEAT_FIELDS = ("to_act", "bidder")


@dataclass(frozen=True)
class Difference:
    """One way the engine's answer parts from the reference's (the base of the kinds)."""

    @property
    def kind(self) -> str:
        """What differs, in a few fixed words: the same for one departure wherever it
        shows (a seat moved, a legal list narrowed, a field changed...)."""
        return "answer changed"

    @property
    def field(self) -> str:
        """The field of the answer that differs (``"answer"`` for the whole of it)."""
        return "answer"

    #: Whether the difference is read off another answer of the engine than the step's
    #: (one the diagnosis asked beyond it): where a step parts, and in which field, is
    #: judged without it.
    READ_OFF_ANOTHER_ANSWER: ClassVar[bool] = False


@dataclass(frozen=True)
class LegalChanged(Difference):
    """The engine's legal list lacks some of the reference's actions or adds others."""

    #: The reference's actions the engine leaves out.
    lacks: tuple[str, ...]
    #: The actions the engine allows and the reference does not.
    adds: tuple[str, ...]

    @property
    def verb(self) -> str:
        """What the actions of the difference are (``play``, ``discard``, ``trump``, a
        bid), if they are all of one kind; else empty. A bare card (a ``legal_plays``
        answer lists cards alone) is a ``play``.

        >>> LegalChanged(("7H",), ()).verb, LegalChanged(("play 7H",), ()).verb
        ('play', 'play')
        >>> LegalChanged(("chico",), ("pass",)).verb
        'bid'
        """
        verbs = {_verb_of(str(a)) for a in self.lacks + self.adds}
        return verbs.pop() if len(verbs) == 1 else ""

    @property
    def kind(self) -> str:
        if self.lacks and not self.adds:
            change = "legal narrowed"
        elif self.adds and not self.lacks:
            change = "legal widened"
        else:
            change = "legal changed"
        return f"{change}: {self.verb}" if self.verb else change

    @property
    def field(self) -> str:
        return "legal"

    @staticmethod
    def in_(differences: Iterable[Difference]) -> LegalChanged | None:
        """The first of ``differences`` that changes the legal list (``None``: none does).

        >>> LegalChanged.in_([FieldChanged("trump", None, "H"), LegalChanged(("7H",), ())])
        LegalChanged(lacks=('7H',), adds=())
        """
        return next((d for d in differences if isinstance(d, LegalChanged)), None)


@dataclass(frozen=True)
class _NamedFieldChange(Difference):
    """A named field of the answer holds another value: what a seat and any other field's
    differences share (each says its own kind)."""

    #: The field's name.
    name: str
    #: The engine's value.
    engine: Json
    #: The reference's value.
    reference: Json

    #: The kind's words before the field's name.
    KIND: ClassVar[str] = "field changed"

    @property
    def kind(self) -> str:
        return f"{self.KIND}: {self.name}"

    @property
    def field(self) -> str:
        return self.name


@dataclass(frozen=True)
class SeatChanged(_NamedFieldChange):
    """A field naming a seat (who acts, the bidder) names another one."""

    #: The field: ``to_act`` or ``bidder``.
    name: str
    #: The engine's seat (``None``: nobody).
    engine: int | None
    #: The reference's seat.
    reference: int | None

    KIND: ClassVar[str] = "seat moved"

    @staticmethod
    def to_act_in(differences: Iterable[Difference]) -> SeatChanged | None:
        """The first of ``differences`` that moves who is to act (``None``: none does).

        >>> SeatChanged.to_act_in([SeatChanged("bidder", 1, 2), SeatChanged("to_act", 0, 1)])
        SeatChanged(name='to_act', engine=0, reference=1)
        """
        return next(
            (d for d in differences if isinstance(d, SeatChanged) and d.name == "to_act"), None
        )


@dataclass(frozen=True)
class FieldChanged(_NamedFieldChange):
    """Another field of the answer differs (the trump, the contract, the phase...)."""

    @property
    def kind(self) -> str:
        """For the phase, the phase the engine enters too: one where the engine lays away
        and one where it bids on are two departures, though the reference's phase is one.
        And where the reference's deal is over (every player passed), that too: a deal
        played on where nobody bid is another departure than a lay-away where the
        reference's bidder names the trump (a Chico) or plays (a Grand).

        >>> FieldChanged("phase", "discard", "trump").kind
        'field changed: phase (discard)'
        >>> FieldChanged("phase", "discard", "over").kind
        'field changed: phase (discard, not over)'
        >>> FieldChanged("trump", "H", "D").kind
        'field changed: trump'
        """
        if self.name == "phase" and isinstance(self.engine, str):
            instead = ", not over" if self.reference == "over" else ""
            return f"{super().kind} ({self.engine}{instead})"
        return super().kind


@dataclass(frozen=True)
class PlayedWithoutTrumps(FieldChanged):
    """The engine gives no trump (``null``) where the contract is played, or its deal is
    over, and the reference has one: the contract played without trumps, as the protocol
    writes it. The same kind as any other change of the trump.

    >>> PlayedWithoutTrumps("trump", None, "H", "grand").kind
    'field changed: trump'
    """

    #: The contract the engine plays without trumps, as its answer names it (empty where
    #: it names none the protocol knows).
    contract: str = ""
    #: Where the diagnosis read it on (the trump missing already at the lay-away, the
    #: engine asked once the bidder has laid away): the game's actions it asked, whose
    #: answer a change of the reference that names the engine's departure must give too.
    #: Empty where the divergence itself shows it.
    read_on: tuple[str, ...] = field(default=(), compare=False)


@dataclass(frozen=True)
class PointsChanged(Difference):
    """The card points of the bidder at the end of a deal differ."""

    #: The engine's count of the bidder's points.
    engine: int
    #: The reference's.
    reference: int
    #: The engine's count of the defenders' points (``None``: not given).
    engine_defenders: int | None = None
    #: The reference's.
    reference_defenders: int | None = None

    @property
    def defenders_moved(self) -> int | None:
        """Points the engine gives the defenders beyond the reference's count."""
        if self.engine_defenders is None or self.reference_defenders is None:
            return None
        return self.engine_defenders - self.reference_defenders

    @property
    def moved(self) -> int:
        """Points the engine gives the defenders that the reference gives the bidder
        (negative: the other way)."""
        return self.reference - self.engine

    @property
    def kind(self) -> str:
        return "points changed"

    @property
    def field(self) -> str:
        return "points"


@dataclass(frozen=True)
class PaymentsChanged(Difference):
    """The payments at the end of a deal (or a ``settle``) differ."""

    #: The engine's payments, seat by seat.
    engine: tuple[int, ...]
    #: The reference's.
    reference: tuple[int, ...]

    @property
    def kind(self) -> str:
        return "payments changed"

    @property
    def field(self) -> str:
        return "payments"


@dataclass(frozen=True)
class ErrorChanged(Difference):
    """One side refuses and the other does not, or they refuse otherwise."""

    #: The engine's error kind (``None``: it answers a result).
    engine: str | None
    #: The reference's.
    reference: str | None

    @property
    def kind(self) -> str:
        return f"error changed: {self.engine or 'result'} for {self.reference or 'result'}"

    @property
    def field(self) -> str:
        return "error"


@dataclass(frozen=True)
class AnswerChanged(Difference):
    """The answer differs as a whole (a unit op's result, or an answer of another shape)."""

    #: The engine's answer.
    engine: Json
    #: The reference's.
    reference: Json


@dataclass(frozen=True)
class DealerMoved(Difference):
    """In a match, another player deals the next deal: the deal passes otherwise."""

    #: The deal (from 0) the engine has another player deal.
    deal: int
    #: The seat that deals it by the engine.
    engine: int
    #: By the reference.
    reference: int
    #: The seat that dealt the deal before (both agree on it).
    previous: int
    #: The number of players.
    players: int
    #: Whether every player passed in the deal before (no one bid).
    after_passed_out: bool
    #: The seat that won the auction of the deal before, by the reference (``None`` where
    #: every player passed, or where it is not known).
    bidder: int | None = None

    @property
    def kind(self) -> str:
        return "dealer moved"

    @property
    def field(self) -> str:
        return "dealers"

    @property
    def steps(self) -> int:
        """How far the deal moves by the engine, seats to the left (0: the same dealer,
        ``players - 1``: one to the right)."""
        return (self.engine - self.previous) % self.players


@dataclass(frozen=True)
class EndLimit:
    """The balance at which an engine ends a match, in the rulesets that start from one
    bank, as far as its matches show it: each ended at a payer whose balance fell to the
    limit or below, and no balance above the limit ended one; or, a ``target``, each ended
    at a player whose balance reached the limit or above, and no balance below it ended
    one."""

    #: The rulesets of the matches (they keep the same bank and the same end).
    rulesets: tuple[str, ...]
    #: The limit said: the match ends at the first payer, in the order of settling, whose
    #: balance after settling is this or below (-1: below 0, he cannot pay; 0: at 0); a
    #: ``target``: when a player's balance after settling is this or above.
    limit: int
    #: The highest balance at which a match ended: the limit is this or above (a
    #: ``target``: the lowest top balance at which one ended, the target is this or below).
    ended_at: int
    #: The lowest balance of a payer after which a match went on: the limit is below it
    #: (a ``target``: the highest balance after which one went on, the target is above
    #: it; ``None``: no match went on past such a balance).
    went_on_at: int | None
    #: Whether the limit is a target some player reaches (the player with the lowest
    #: balance then loses), not a balance a payer falls to.
    target: bool = False


@dataclass(frozen=True)
class PaidWhatHeHas(Difference):
    """In the settlement that ends a match, a player unable to pay pays only what he has
    (his balance stops at 0), and those he owes share what he pays, each in proportion to
    what he is owed (a unit left over going to each in turn from the payer's left)."""

    @property
    def kind(self) -> str:
        return "paid what he has"

    @property
    def field(self) -> str:
        return "balances"


@dataclass(frozen=True)
class MatchOtherwise(Difference):
    """In a match, the balances or the end part from the reference's as a rule of the
    match does: every player holds the same number of counters more (the players start
    with a bank), or the match ends, a player losing, where the reference plays on."""

    #: The counters each player holds beyond the reference's balance, the same for all
    #: (0: the balances agree).
    starting: int = 0
    #: The player the engine has lose the match where the reference plays on (``None``:
    #: the match ends where the reference's does).
    loser: int | None = None
    #: Whether that player owes more than he held: his balance by the engine is below 0.
    unable_to_pay: bool = False
    #: The counters every player starts with by the engine, the same in every ruleset,
    #: where the rulesets keep banks of their own (``None``: not known, or not one amount).
    bank: int | None = None
    #: The bank each of those rulesets keeps, by the reference (ruleset, counters).
    banks: tuple[tuple[str, int], ...] = ()
    #: Whether that player paid in full and was left with nothing (his balance by the
    #: engine is 0): the match ends at a balance of 0 or below.
    at_zero: bool = False
    #: The balances at which the match ends, where the engine's matches fix them (one for
    #: the rulesets of each bank; empty: below 0, or at 0 where ``at_zero``).
    limits: tuple[EndLimit, ...] = ()

    @property
    def kind(self) -> str:
        return "match ends" if self.loser is not None else "balances raised"

    @property
    def field(self) -> str:
        return "over" if self.loser is not None else "balances"

    @staticmethod
    def shown_by(differences: Sequence[Difference], engine: Json) -> MatchOtherwise | None:
        """What a match's first differences (``differences``, the engine's answer
        ``engine``) show of that kind, else ``None``.

        >>> raised = FieldChanged("balances", [120, 120, 120], [0, 0, 0])
        >>> MatchOtherwise.shown_by([raised], {}).starting
        120
        >>> ended = [FieldChanged("over", True, False), FieldChanged("loser", 2, None)]
        >>> MatchOtherwise.shown_by(ended, {"result": {"balances": [5, 15, -20]}})
        MatchOtherwise(starting=0, loser=2, unable_to_pay=True, bank=None, banks=(), at_zero=False, limits=())
        """
        changed = {d.name: d for d in differences if isinstance(d, FieldChanged)}
        balances = changed.get("balances")
        if balances is not None and _int_list(balances.engine) and _int_list(balances.reference):
            engine_balances, reference_balances = balances.engine, balances.reference
            assert isinstance(engine_balances, list) and isinstance(reference_balances, list)
            raised = {e - r for e, r in zip(engine_balances, reference_balances, strict=False)}
            if len(engine_balances) == len(reference_balances) and len(raised) == 1:
                starting = raised.pop()
                return MatchOtherwise(starting) if starting else None
        over, loser = changed.get("over"), changed.get("loser")
        if over is None or over.engine is not True or over.reference is not False:
            return None
        seat = _int(loser.engine) if loser is not None else None
        if seat is None:
            return None
        result = engine.get("result") if isinstance(engine, dict) else None
        held = result.get("balances") if isinstance(result, dict) else None
        balance = _int(held[seat]) if isinstance(held, list) and 0 <= seat < len(held) else None
        return MatchOtherwise(0, seat, balance is not None and balance < 0, at_zero=balance == 0)


# --- what a unit op does otherwise, as a rule or a pattern rather than one answer -------


@dataclass(frozen=True)
class SeatsOut(Difference):
    """A deal seats the table otherwise: other seats sit out."""

    #: The seats sitting out by the engine.
    engine: tuple[int, ...]
    #: By the reference.
    reference: tuple[int, ...]
    #: The dealer of the deal asked.
    dealer: int

    @property
    def kind(self) -> str:
        return "seats out changed"

    @property
    def field(self) -> str:
        return "active"


@dataclass(frozen=True)
class DealerPlays(Difference):
    """The dealer is dealt in and plays where the rules have him sit out, at any table
    size: other seats sit out in his place. The seats are one example (not compared: one
    departure, whichever table shows it)."""

    #: The table size of the example.
    players: int = field(compare=False)
    #: The seats sitting out by the engine there.
    engine: tuple[int, ...] = field(compare=False)
    #: By the reference.
    reference: tuple[int, ...] = field(compare=False)
    #: The dealer there.
    dealer: int = field(compare=False)

    @property
    def kind(self) -> str:
        return "dealer plays"

    @property
    def field(self) -> str:
        return "active"


@dataclass(frozen=True)
class PlayReversed(Difference):
    """Play goes round the other way: eldest is the seat on the dealer's right, and who is
    dealt to first, who sits out and who deals next follow."""

    @property
    def kind(self) -> str:
        return "play reversed"

    @property
    def field(self) -> str:
        return "eldest"


@dataclass(frozen=True)
class PacketsChanged(Difference):
    """The pack is dealt in other packets, written as the rules write them
    (``3-(3)-4-4``: a packet to each player in turn, the widow's in brackets)."""

    #: The engine's packets.
    engine: str
    #: The reference's.
    reference: str

    @property
    def kind(self) -> str:
        return "packets changed"

    @property
    def field(self) -> str:
        return "hands"


@dataclass(frozen=True)
class DealtTo(Difference):
    """A pack position (the first dealt to a player, or another) goes elsewhere: a seat
    (``seat 2``) or the widow."""

    #: The pack position (``None``: the first card dealt to a player).
    position: int | None
    #: Who gets it by the engine.
    engine: str
    #: By the reference.
    reference: str

    @property
    def kind(self) -> str:
        return "dealt elsewhere"

    @property
    def field(self) -> str:
        return "hands"


@dataclass(frozen=True)
class CardCounted(Difference):
    """The cards of a rank count other points."""

    #: The rank (``J``, ``10``...).
    rank: str
    #: The engine's points for it.
    engine: Json
    #: The reference's.
    reference: Json

    @property
    def kind(self) -> str:
        return f"card counted: {self.rank}"

    @property
    def field(self) -> str:
        return "points"


@dataclass(frozen=True)
class TrickTaken(Difference):
    """Another card takes a trick (the trick's cards, and the index of the winner by the
    engine and by the reference)."""

    #: The trick, as asked.
    cards: tuple[str, ...]
    #: The index of the card that takes it by the engine (or what it answered).
    engine: Json
    #: By the reference.
    reference: Json

    @property
    def kind(self) -> str:
        return "winner changed"

    @property
    def field(self) -> str:
        return "winner"


@dataclass(frozen=True)
class RankOrderChanged(Difference):
    """The cards rank in another order, in every suit or among the trumps alone: the
    order the engine's answers to tricks of two cards keep to."""

    #: The engine's order of the ranks, highest first (``("J", "A", "10", ...)``).
    engine: tuple[str, ...]
    #: The reference's.
    reference: tuple[str, ...]
    #: Whether only the trumps rank otherwise (the plain suits keep the reference's order).
    trumps_only: bool = False
    #: The cards of a plain suit counted as trumps whatever the trump suit, each with the
    #: trump rank just above it (``None``: above every trump).
    moved: tuple[tuple[str, str | None], ...] = ()
    #: Pairs of ranks where the lower by the order takes the trick from the higher all
    #: the same, each as (winner, loser): exceptions to an order the engine otherwise keeps.
    beats: tuple[tuple[str, str], ...] = ()
    #: Where the trumps rank by the order they are played in, not by their ranks: which
    #: of two trumps or more in a trick takes it, the ``"first"`` played or the ``"last"``
    #: (each trump played over a trump wins); ``None`` where they rank by the order.
    trump_by_order: Literal["first", "last"] | None = None
    #: A suit that ranks above the plain suits where it is not trumps (``H``: hearts kept
    #: high): its highest card takes a trick that holds no trump, whatever suit was led.
    over_plain: str | None = None

    @property
    def kind(self) -> str:
        return "rank order changed"

    @property
    def field(self) -> str:
        return "winner"


@dataclass(frozen=True)
class CardAsTrump(Difference):
    """A card of a plain suit counted as a trump in the duties of the play: to be played
    to trumps led, and when void in the suit led."""

    #: The card (``QS``).
    card: str
    #: Whether a player holding it must play it to trumps led.
    follows_trumps: bool
    #: Whether a player void in the suit led who holds it must play it (as a trump).
    when_void: bool = True

    @property
    def kind(self) -> str:
        return "card counted a trump"

    @property
    def field(self) -> str:
        return "legal"


@dataclass(frozen=True)
class TrumpNamedAfterLayAway(Difference):
    """The engine sets no trump when the Frog is bid and, once the bidder has laid away,
    asks him to name one (its phase ``trump``), where the reference's Frog is in the
    trump the rules fix from the bid on. Read off the engine's answer at the end of the
    lay-away, the divergence itself showing only the trump missing."""

    #: The suits the engine lets the bidder name (letters, in order).
    suits: tuple[str, ...]
    #: The trump the reference's contract has (``H``).
    reference: str

    @property
    def kind(self) -> str:
        return "trump named after laying away"

    @property
    def field(self) -> str:
        return "trump"


@dataclass(frozen=True)
class OpenerRefused(Difference):
    """The engine lets the player who opens the auction bid fewer contracts than the
    reference, and once he has passed lets the next player bid some of those, no bid
    standing still: the contracts are refused to the opening bid alone, not to a player
    with no bid standing. Read off the engine's answer one pass on, the divergence itself
    showing only the opener's legal list narrowed."""

    #: The contracts the engine refuses the opener (as its legal list leaves them out).
    refused: tuple[str, ...]
    #: Those of them the engine lets the next player bid once the opener has passed.
    offered_after: tuple[str, ...]
    #: The seat of that next player.
    seat: int

    READ_OFF_ANOTHER_ANSWER: ClassVar[bool] = True

    @property
    def kind(self) -> str:
        return "bids refused to the opener"

    @property
    def field(self) -> str:
        return "legal"


@dataclass(frozen=True)
class JumpRefusedOver(Difference):
    """Once the opener has bid the lowest contract (the one the engine offered him where
    the reference offers higher ones too), the engine lets the next player bid fewer
    contracts over it than the reference: no jump over a standing bid either. Read off
    the engine's answer one bid on, the divergence itself showing only the opener's list
    narrowed."""

    #: The contract standing (the opener's bid).
    standing: str
    #: The contracts the reference lets the next player bid over it and the engine does
    #: not.
    refused: tuple[str, ...]

    READ_OFF_ANOTHER_ANSWER: ClassVar[bool] = True

    @property
    def kind(self) -> str:
        return "jump refused over a standing bid"

    @property
    def field(self) -> str:
        return "legal"


@dataclass(frozen=True)
class OfferedOverStanding(Difference):
    """Once the opener has bid the lowest contract the engine offered him, the engine lets
    the next player bid over it some of the contracts it refused the opener: they are
    refused while no bid stands, not barred. Read off the engine's answer one bid on, the
    divergence itself showing only the opener's list narrowed (the vectors' games that
    show such an overbid may fail for other reasons)."""

    #: The contract standing (the opener's bid).
    standing: str
    #: The contracts refused the opener that the engine lets the next player bid over it.
    offered: tuple[str, ...]

    READ_OFF_ANOTHER_ANSWER: ClassVar[bool] = True

    @property
    def kind(self) -> str:
        return "contracts offered over a standing bid"

    @property
    def field(self) -> str:
        return "legal"


@dataclass(frozen=True)
class OfferedAfterPass(Difference):
    """Where the engine refuses contracts to a player (not the opener) with a bid
    standing, the contracts its list offers the player after the opener once the opener
    has passed, no bid standing: what it refuses over a standing bid it need not refuse
    where none stands (then the order of the bids departs, not the contracts). Read off
    the engine's answer one pass after the opening."""

    #: The contracts the engine offers that player.
    contracts: tuple[str, ...]

    READ_OFF_ANOTHER_ANSWER: ClassVar[bool] = True

    @property
    def kind(self) -> str:
        return "contracts offered with no bid standing"

    @property
    def field(self) -> str:
        return "legal"


@dataclass(frozen=True)
class TurnPassedOver(Difference):
    """The engine passes over the player the reference asks to bid (one who has not yet
    spoken): its answer is the reference's once he has passed. It lets him bid nothing,
    and by the protocol's convention a player who may only pass is not asked. Read off
    that answer, the divergence shows his legal list narrowed to the pass."""

    #: The seat of the player passed over.
    seat: int
    #: The seat the engine asks instead (``None``: the auction is over by the engine).
    asked: int | None
    #: The contracts the engine lets that player bid, where he has bid before in the
    #: auction (an overbid Frog raising): what is refused the player passed over is not
    #: refused him (empty where he has not bid, or none is asked).
    raised_to: tuple[str, ...] = ()

    READ_OFF_ANOTHER_ANSWER: ClassVar[bool] = True

    @property
    def kind(self) -> str:
        return "player passed over in the auction"

    @property
    def field(self) -> str:
        return "to_act"


@dataclass(frozen=True)
class OverbidNotAskedAgain(Difference):
    """Where the reference asks a player who has been overbid to bid again and the engine
    asks the next player in turn, the engine leaves the auction once the others have
    passed, never asking him: each player speaks once. (Where it asks him again in his
    turn, he speaks when his turn comes round: no difference of this kind.) Read off the
    engine's answers with the players after him passing, the divergence itself showing
    only another player asked."""

    #: The seat of the player overbid whom the engine does not ask again.
    seat: int
    #: How many passes after the step the engine took to leave the auction.
    passes: int

    READ_OFF_ANOTHER_ANSWER: ClassVar[bool] = True

    @staticmethod
    def overbid(state: Any) -> set[int]:
        """The seats that have bid in a state's auction, been overbid since and not
        passed: those a second round would ask again.

        >>> from types import SimpleNamespace
        >>> auction = ((1, "frog"), (2, "chico"), (3, None))
        >>> sorted(OverbidNotAskedAgain.overbid(SimpleNamespace(auction=auction)))
        [1]
        >>> OverbidNotAskedAgain.overbid(SimpleNamespace(auction=((1, "frog"), (2, None))))
        set()
        """
        passed = {who for who, bid in state.auction if bid is None}
        standing = next((who for who, bid in reversed(state.auction) if bid is not None), None)
        return {w for w, bid in state.auction if bid is not None and w not in passed | {standing}}

    @property
    def kind(self) -> str:
        return "overbid player not asked again"

    @property
    def field(self) -> str:
        return "to_act"


@dataclass(frozen=True)
class FirstDealerChanged(Difference):
    """Another seat deals first."""

    #: The engine's first dealer.
    engine: Json
    #: The reference's.
    reference: Json

    @property
    def kind(self) -> str:
        return "first dealer changed"

    @property
    def field(self) -> str:
        return "dealer"


@dataclass(frozen=True)
class LegalAt(Difference):
    """A legal list otherwise, in the situation of one hand and trick."""

    #: How the list differs.
    change: LegalChanged
    #: The hand.
    hand: tuple[str, ...]
    #: The trick so far.
    trick: tuple[str, ...]
    #: The trump (``None``: none).
    trump: str | None
    #: Whether, in every situation of its group, the engine lists every card of the hand
    #: (where the rules list fewer): the player may play any card he holds.
    any_card: bool = False
    #: Whether, in every situation, the engine lists the cards of a player following suit
    #: as a duty to head the trick would: those higher than every card of the suit led in
    #: the trick, where he holds one.
    heads: bool = False
    #: Whether that duty to head lapses where a plain suit led has been trumped (a player
    #: following suit may then play any card of it).
    unless_trumped: bool = False
    #: Whether, in every situation, the engine lists a leader's cards without his trumps
    #: where he holds a card of another suit: no trump may be led while he has another.
    trumps_held_back: bool = False
    #: Whether, in every situation, the engine lists the cards of a player void in a plain
    #: suit led, the trick holding a trump, as a duty to overtrump would: his trumps
    #: higher than every trump in the trick, where he holds one.
    overtrumps: bool = False
    #: Whether those trumps are held back only until a trump has been played in the deal
    #: (read off the games, where the engine let a trump be led after one had been).
    until_trumps_played: bool = False

    @property
    def kind(self) -> str:
        return self.change.kind

    @property
    def field(self) -> str:
        return "legal"


@dataclass(frozen=True)
class SettledWith(Difference):
    """The bidder settles the rules' amounts, but with other seats."""

    #: The bidder's seat.
    bidder: int
    #: The seats that settle with him by the engine.
    engine: tuple[int, ...]
    #: By the reference.
    reference: tuple[int, ...]

    @property
    def kind(self) -> str:
        return "settles with other seats"

    @property
    def field(self) -> str:
        return "payments"


@dataclass(frozen=True)
class RateChanged(Difference):
    """A payment is made at another rate a point."""

    #: Who pays (``defender``, ``bidder``, ``either``, ``out`` or ``balance``).
    payer: str
    #: The engine's rate.
    engine: float
    #: The reference's.
    reference: float
    #: The contract the rate is of, where the engine keeps a rate of its own for each
    #: contract (``frog``, ``chico``, ``grand``; empty: the group's, whatever it is).
    contract: str = ""
    #: Whether the rate is an amount a point (false: a fixed amount a contract, whatever
    #: the margin, as in Coeur d'Alene).
    per_point: bool = True

    @property
    def kind(self) -> str:
        return "rate changed"

    @property
    def field(self) -> str:
        return "payments"


@dataclass(frozen=True)
class PaidBeyondRate(Difference):
    """A payment is a fixed amount more (or less) than the rate, seen at the group's
    highest score."""

    #: Who pays (``defender``, ``bidder``, ``either``, ``out`` or ``balance``).
    payer: str
    #: The amount beyond the rate (negative: short of it).
    extra: int
    #: The bidder's points of the example.
    points: int
    #: The contract of the example.
    contract: str
    #: The engine's payment there.
    engine: int
    #: The reference's.
    reference: int

    @property
    def kind(self) -> str:
        return "paid beyond the rate"

    @property
    def field(self) -> str:
        return "payments"


@dataclass(frozen=True)
class MarginRaised(Difference):
    """The margin over or under the tie is raised by ``extra`` points before the rate
    applies, where the bidder takes ``won_from`` points or more, or ``lost_to`` or fewer
    (``None``: at no score on that side): a bonus for a side that takes many points."""

    #: The points added to the margin.
    extra: int
    #: The fewest points a winning bidder takes with the margin raised.
    won_from: int | None
    #: The most points a losing bidder takes with the margin raised.
    lost_to: int | None

    @property
    def kind(self) -> str:
        return "margin raised"

    @property
    def field(self) -> str:
        return "payments"


@dataclass(frozen=True)
class MarginFixed(Difference):
    """One contract is settled as if the bidder's margin over or under the tie were always
    ``margin`` points, whatever he takes (a flat payment for it): the rate applies to that
    margin, won or lost, and a tie still pays nothing."""

    #: The points the margin is taken as.
    margin: int
    #: The contract settled so (``frog``, ``chico`` or ``grand``).
    contract: str

    @property
    def kind(self) -> str:
        return "margin fixed"

    @property
    def field(self) -> str:
        return "payments"


@dataclass(frozen=True)
class CountRaised(Difference):
    """The bidder's count is raised by ``extra`` points where he takes ``won_from`` card
    points or more, and lowered by as many where he takes ``lost_to`` or fewer (``None``:
    at no score on that side), the defenders' count the rest of the pack's: a bonus of the
    count, which the engine's settlement of given points pays too (its margin raised so).
    """

    #: The points added to (or taken from) the bidder's count.
    extra: int
    #: The fewest card points a bidder takes with his count raised.
    won_from: int | None
    #: The most card points a bidder takes with his count lowered.
    lost_to: int | None

    @property
    def kind(self) -> str:
        return "count raised"

    @property
    def field(self) -> str:
        return "points"


@dataclass(frozen=True)
class EveryTrickPaid(Difference):
    """Each player who settles with a bidder who took every trick pays him ``extra`` more
    than the points give (``to_bidder``), or, where the bidder took no trick, is paid that
    much more by him: a payment for the tricks, not the points, which a ``settle`` given
    the bidder's points does not show."""

    #: What each player settling with the bidder pays (or is paid) more.
    extra: int
    #: Whether the bidder who took every trick is paid it (else the bidder who took none
    #: pays it).
    to_bidder: bool
    #: Where each payment of that deal is this many times what the points give instead
    #: (``extra`` is then 0); 1 where it is raised by ``extra``.
    times: int = 1

    @property
    def kind(self) -> str:
        return "paid for every trick"

    @property
    def field(self) -> str:
        return "payments"


@dataclass(frozen=True)
class PaidOtherwise(Difference):
    """A payment is another amount (the first the group shows); ``receives`` for a seat
    the reference has receive."""

    #: Who pays or receives (``defender``, ``bidder``, ``either``, ``out`` or ``balance``).
    payer: str
    #: The engine's amount.
    engine: int
    #: The reference's.
    reference: int
    #: Whether the reference has the seat receive (else pay).
    receives: bool = False
    #: Whether the engine has the seat settle the other way (pay where the reference has
    #: it receive, or receive where it pays): the bidder's win and loss are reversed.
    reversed: bool = False
    #: Whether, for a seat sitting out, the engine has him settle as much as each defender
    #: does, in every situation of the group (the amount is then the defenders', not one
    #: of its own).
    as_defender: bool = False

    @property
    def kind(self) -> str:
        return f"paid otherwise: {self.payer}"

    @property
    def field(self) -> str:
        return "payments"


@dataclass(frozen=True)
class TieMoved(Difference):
    """The tie is at other points: the engine pays at ``p`` points what the reference pays
    at ``p`` less the shift. Where ``half``, the line is half a point above ``engine``
    (a deal of an odd count of points): there is no tie, the bidder winning above it by
    his points over ``engine`` and losing at or below it by ``engine`` + 1 less his
    points."""

    #: The engine's tie (the whole points below its line, where ``half``).
    engine: int
    #: The reference's.
    reference: int = 60
    #: Whether the engine's line is half a point above ``engine``: no score ties.
    half: bool = False

    @property
    def kind(self) -> str:
        return "tie moved"

    @property
    def field(self) -> str:
        return "payments"


@dataclass(frozen=True)
class ContractRefused(Difference):
    """The engine refuses to settle a contract the reference settles, at every score and
    seat probed: the contract is not one it plays."""

    #: The contract refused (``grand``).
    contract: str

    @property
    def kind(self) -> str:
        return "contract refused"

    @property
    def field(self) -> str:
        return "error"


@dataclass(frozen=True)
class TieDecided(Difference):
    """A bidder with exactly the tie's points is settled as if he had won (or lost) by
    one point, instead of nothing being paid."""

    #: The tie's points.
    points: int
    #: Whether he is paid as a winner (else he pays as a loser).
    won: bool

    @property
    def kind(self) -> str:
        return "tie decided"

    @property
    def field(self) -> str:
        return "payments"


@dataclass(frozen=True)
class PaidTimes(Difference):
    """Every settlement of one outcome (a loss, or a win), or of both, is ``times`` the
    amount the ruleset sets for it, whatever the contract (where it shows: the finding's
    condition); the example is one payment of the group, the engine's amount and the
    reference's."""

    #: How many times the ruleset's amount.
    times: int
    #: Whether it is a win that is paid so (``False``: a loss; ``None``: either).
    won: bool | None
    #: The engine's amount in the example (not compared: one factor is one departure,
    #: whichever amount shows it).
    engine: int = field(default=0, compare=False)
    #: The reference's.
    reference: int = field(default=0, compare=False)

    @property
    def kind(self) -> str:
        return "paid times the amount"

    @property
    def field(self) -> str:
        return "payments"


@dataclass(frozen=True)
class DealPaidTimes(PaidTimes):
    """In a match, a deal that plays alike moves every balance ``times`` as far as the
    reference's settlement of it does (the example: one balance's move, the engine's and
    the reference's), the match agreeing up to it; where the deal before it was one in
    which every player passed, that too (a rate doubled after a deal passed out, say)."""

    #: Whether every player passed in the deal before it.
    after_passed_out: bool = False

    @property
    def kind(self) -> str:
        return "deal paid times the amount"

    @property
    def field(self) -> str:
        return "balances"


@dataclass(frozen=True)
class RatedAs(Difference):
    """A contract of one outcome is paid at another contract's rate (or fixed amount):
    a lost Frog paid as a lost Grand, as Penalty Frog has it."""

    #: The contract paid otherwise (``"frog"``).
    contract: str
    #: The contract whose rate it is paid at (``"grand"``).
    rated: str
    #: Whether it is a win that is paid so (``False``: a loss).
    won: bool

    @property
    def kind(self) -> str:
        return "paid at another contract's rate"

    @property
    def field(self) -> str:
        return "payments"


#: The ways a payment may be rounded to a multiple: up, down, to the nearest.
ROUNDINGS = ("up", "down", "nearest")


@dataclass(frozen=True)
class PaymentsRounded(Difference):
    """Every payment between the bidder and another seat is rounded to a multiple of
    ``multiple`` (``direction`` one of :data:`ROUNDINGS`), or, ``of_margin``, the margin
    is before the rate applies; the example is one payment of the group, the engine's
    amount and the reference's."""

    #: The multiple.
    multiple: int
    #: Which way.
    direction: str
    #: The engine's amount in the example (not compared: one rounding is one departure,
    #: whichever amount shows it).
    engine: int = field(compare=False)
    #: The reference's.
    reference: int = field(compare=False)
    #: Whether the margin is rounded (before the rate applies), not the payment.
    of_margin: bool = False

    @property
    def kind(self) -> str:
        return "margin rounded" if self.of_margin else "payments rounded"

    @property
    def field(self) -> str:
        return "payments"


def rounded(amount: int, multiple: int, direction: str) -> int:
    """``amount`` (a payment, not negative) rounded to a multiple of ``multiple``.

    >>> rounded(31, 5, "up"), rounded(31, 5, "down"), rounded(33, 5, "nearest"), rounded(30, 5, "up")
    (35, 30, 35, 30)
    """
    low = amount - amount % multiple
    if amount == low or direction == "down":
        return low
    if direction == "up" or 2 * (amount - low) >= multiple:
        return low + multiple
    return low


@dataclass(frozen=True)
class Several(Difference):
    """A departure that shows in several parts of one answer at once (a defender's
    payment and a sitting-out player's)."""

    #: The parts.
    parts: tuple[Difference, ...]

    @staticmethod
    def of(parts: Sequence[Difference]) -> Difference | None:
        """The one part itself, several parts as one ``Several``, no part ``None``.

        >>> Several.of([]) is None
        True
        >>> one = PaidOtherwise("bidder", 2, 1)
        >>> Several.of([one]) is one, len(Several.of([one, one]).parts)
        (True, 2)
        """
        if not parts:
            return None
        return parts[0] if len(parts) == 1 else Several(tuple(parts))

    @property
    def kind(self) -> str:
        return "; ".join(p.kind for p in self.parts)

    @property
    def field(self) -> str:
        return self.parts[0].field if self.parts else "answer"


def dealer_moved(
    request: Json, deal: int, reference: Json, engine: Json, bidder: int | None = None
) -> DealerMoved | None:
    """How the engine passes the deal before match deal ``deal``, where its ``dealers``
    first differ from the reference's there (``None`` otherwise); ``bidder`` is the seat
    that won the auction of the deal before, where it is known.

    >>> pack = {"deck": [], "actions": ["pass", "pass", "pass"]}
    >>> request = {"players": 3, "deals": [pack, pack]}
    >>> moved = dealer_moved(request, 1, {"result": {"dealers": [0, 1]}},
    ...                      {"result": {"dealers": [0, 0]}})
    >>> moved.steps, moved.after_passed_out
    (0, True)
    """
    ref = reference.get("result") if isinstance(reference, dict) else None
    eng = engine.get("result") if isinstance(engine, dict) else None
    players = _int(request.get("players")) if isinstance(request, dict) else None
    deals = request.get("deals") if isinstance(request, dict) else None
    if not isinstance(ref, dict) or not isinstance(eng, dict) or players is None:
        return None
    ours, theirs = ref.get("dealers"), eng.get("dealers")
    if not isinstance(ours, list) or not isinstance(theirs, list) or not isinstance(deals, list):
        return None
    if not _int_list(ours) or not _int_list(theirs):
        return None
    if not 0 < deal < min(len(ours), len(theirs), len(deals) + 1) or players < 1:
        return None
    if ours[:deal] != theirs[:deal] or ours[deal] == theirs[deal]:
        return None
    after = passed_out(deals[deal - 1])
    return DealerMoved(deal, theirs[deal], ours[deal], ours[deal - 1], players, after, bidder)


def passed_out(deal: Json) -> bool:
    """Whether a match's deal (``deck`` and ``actions``) is one in which every player
    passed: its actions are passes alone."""
    actions = deal.get("actions") if isinstance(deal, dict) else None
    return isinstance(actions, list) and bool(actions) and all(a == "pass" for a in actions)


def _error_kind(answer: Json) -> str | None:
    error = answer.get("error") if isinstance(answer, dict) else None
    if isinstance(error, dict):
        return str(error.get("kind"))
    return None


#: A card as the protocol writes it: rank then suit.
_CARD = re.compile(r"(?:A|10|K|Q|J|9|8|7|6)[CDHS]")


def _verb_of(action: str) -> str:
    """The kind of one action: its first word (``play 7H``: ``play``), ``play`` for a
    bare card, else ``bid`` (a bid is one word: ``pass``, ``frog``)."""
    if " " in action:
        return action.split(" ")[0]
    return "play" if _CARD.fullmatch(action) else "bid"


def _int(value: Json) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _int_list(value: Json) -> bool:
    return isinstance(value, list) and all(_int(v) is not None for v in value)


def _field_difference(name: str, engine: Json, reference: Json) -> Difference:
    if name == "legal" and isinstance(engine, list) and isinstance(reference, list):
        listed = [str(a) for a in engine]
        due = [str(a) for a in reference]
        return LegalChanged(
            tuple(a for a in due if a not in listed), tuple(a for a in listed if a not in due)
        )
    if name in SEAT_FIELDS and (engine is None or _int(engine) is not None):
        return SeatChanged(name, _int(engine), _int(reference))
    if name == "points" and isinstance(engine, dict) and isinstance(reference, dict):
        counted, due_points = _int(engine.get("bidder")), _int(reference.get("bidder"))
        if counted is not None and due_points is not None:
            return PointsChanged(
                counted,
                due_points,
                _int(engine.get("defenders")),
                _int(reference.get("defenders")),
            )
    if _int_list(engine) and _int_list(reference) and name == "payments":
        return PaymentsChanged(tuple(engine), tuple(reference))
    return FieldChanged(name, engine, reference)


def differences_of(
    op: str, reference: Json, engine: Json, compare: dict[str, str] | None = None
) -> tuple[Difference, ...]:
    """The ways the engine's answer parts from the reference's, as the vectors judge
    them (``compare`` the vector's modes, by default the op's), in the order of the
    reference's fields; empty if they agree."""
    modes = DEFAULT_COMPARE.get(op, {}) if compare is None else compare
    ref_kind, eng_kind = _error_kind(reference), _error_kind(engine)
    if not isinstance(engine, dict):
        return (AnswerChanged(engine, reference),)
    if ref_kind is not None or eng_kind is not None:
        return () if ref_kind == eng_kind else (ErrorChanged(eng_kind, ref_kind),)
    ref_result = reference.get("result") if isinstance(reference, dict) else None
    eng_result = engine.get("result")
    if not isinstance(ref_result, dict) or not isinstance(eng_result, dict):
        listed = isinstance(ref_result, list) and isinstance(eng_result, list)
        if op == "legal_plays" and listed and differences({"result": ref_result}, engine, modes):
            return (_field_difference("legal", eng_result, ref_result),)
        if op == "settle" and isinstance(ref_result, list) and isinstance(eng_result, list):
            paid = _int_list(ref_result) and _int_list(eng_result)
            if paid and differences({"result": ref_result}, engine, modes):
                return (PaymentsChanged(tuple(eng_result), tuple(ref_result)),)
        if differences({"result": ref_result}, engine, modes):
            return (AnswerChanged(eng_result, ref_result),)
        return ()
    found: list[Difference] = []
    for name, value in ref_result.items():
        mode = {k.removeprefix(f"$.result.{name}"): v for k, v in modes.items()}
        mode = {"$" + k: v for k, v in mode.items() if not k or k.startswith(("[", "."))}
        if name not in eng_result or differences(value, eng_result[name], mode):
            found.append(_field_difference(name, eng_result.get(name), value))
    return tuple(_without_trumps(d, eng_result, ref_result) for d in found)


#: The phases in which a contract with a trump shows it (the protocol's table): one that
#: shows none there is played without trumps.
_TRUMP_SHOWN = (Phase.PLAY.code, Phase.OVER.code)

#: The contracts the protocol names.
_CONTRACTS = tuple(contract.code for contract in Contract)


def _without_trumps(
    difference: Difference, engine: Mapping[str, Json], reference: Mapping[str, Json]
) -> Difference:
    """The difference, or, where it is the trump given as ``null`` by the engine in a phase
    both answers share in which a contract shows its trump, a :class:`PlayedWithoutTrumps`."""
    if (
        not isinstance(difference, FieldChanged)
        or difference.name != "trump"
        or difference.engine is not None
        or difference.reference is None
        or engine.get("phase") not in _TRUMP_SHOWN
        or reference.get("phase") != engine.get("phase")
    ):
        return difference
    # The engine's contract, where it is one the protocol names (its text is not echoed).
    contract = engine.get("contract")
    named = contract if contract in _CONTRACTS else ""
    return PlayedWithoutTrumps("trump", None, difference.reference, named)


def difference_json(difference: Difference) -> dict[str, Json]:
    """A difference for a JSON report: its ``kind`` and ``field``, then its own values."""
    values = {k: v for k, v in vars(difference).items()}
    return {
        "kind": difference.kind,
        "field": difference.field,
        **{k: list(v) if isinstance(v, tuple) else v for k, v in values.items()},
    }
