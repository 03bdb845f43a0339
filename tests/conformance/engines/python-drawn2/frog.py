#!/usr/bin/python3
"""A Frog engine speaking the frogspec conformance protocol v1 (JSON lines on stdin/stdout).

Standard library only.  Written from spec/README.md, spec/prng.md, the rule statements of
`frogspec rules`, the protocol schema and the vectors' descriptions.

    /usr/bin/python3 frog.py [--house NAME]...

House rules (each switched on by --house NAME, any combination):
    deal-to-the-right, passed-may-reenter, grand-takes-widow,
    trumps-not-led-until-broken, jass-trump-order, chico-turned-trump,
    five-count, schneider-doubles, bankrupt-pays-what-he-has
"""
import json
import math
import re
import sys

# --------------------------------------------------------------------------- cards

SUITS = ("C", "D", "H", "S")
RANKS = ("A", "10", "K", "Q", "J", "9", "8", "7", "6")
CANONICAL = [r + s for s in SUITS for r in RANKS]
CARDS = frozenset(CANONICAL)
BASE_POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0, "6": 0}
FIVE_COUNT_POINTS = {"A": 10, "10": 10, "K": 5, "Q": 5, "J": 0, "9": 0, "8": 0, "7": 0, "6": 0}
# strength: higher is better
PLAIN_STRENGTH = {r: 9 - i for i, r in enumerate(RANKS)}          # A=9 ... 6=1
JASS_TRUMP_ORDER = ("J", "9", "A", "10", "K", "Q", "8", "7", "6")
JASS_STRENGTH = {r: 9 - i for i, r in enumerate(JASS_TRUMP_ORDER)}


def suit_of(card):
    return card[-1]


def rank_of(card):
    return card[:-1]


HOUSE_RULES = (
    "deal-to-the-right",
    "passed-may-reenter",
    "grand-takes-widow",
    "trumps-not-led-until-broken",
    "jass-trump-order",
    "chico-turned-trump",
    "five-count",
    "schneider-doubles",
    "bankrupt-pays-what-he-has",
)

HOUSE = set()


def card_points(card):
    table = FIVE_COUNT_POINTS if "five-count" in HOUSE else BASE_POINTS
    return table[rank_of(card)]


def strength(card, trump):
    if trump is not None and suit_of(card) == trump and "jass-trump-order" in HOUSE:
        return JASS_STRENGTH[rank_of(card)]
    return PLAIN_STRENGTH[rank_of(card)]


def trick_winner(cards, trump):
    led = suit_of(cards[0])
    best = 0
    for i in range(1, len(cards)):
        c, b = cards[i], cards[best]
        cs, bs = suit_of(c), suit_of(b)
        if trump is not None and cs == trump:
            if bs != trump or strength(c, trump) > strength(b, trump):
                best = i
        elif cs == led and bs == led and (trump is None or bs != trump):
            if strength(c, trump) > strength(b, trump):
                best = i
    return best


def legal_cards(hand, trick, trump, trumps_broken=False):
    """The cards of hand that may be played to trick (follow suit, else trump, else any)."""
    if not trick:
        if ("trumps-not-led-until-broken" in HOUSE and trump is not None and not trumps_broken):
            non = [c for c in hand if suit_of(c) != trump]
            if non:
                return non
        return list(hand)
    led = suit_of(trick[0])
    follow = [c for c in hand if suit_of(c) == led]
    if follow:
        return follow
    if trump is not None:
        trumps = [c for c in hand if suit_of(c) == trump]
        if trumps:
            return trumps
    return list(hand)


def play_error(hand, trick, trump, card, trumps_broken=False):
    """The rule a play breaks, or None."""
    if card not in hand:
        return "play.card-from-hand"
    if not trick:
        if ("trumps-not-led-until-broken" in HOUSE and trump is not None and not trumps_broken
                and suit_of(card) == trump and any(suit_of(c) != trump for c in hand)):
            return "play.lead-any-card"
        return None
    led = suit_of(trick[0])
    if suit_of(card) != led:
        if any(suit_of(c) == led for c in hand):
            return "play.follow-suit"
        if trump is not None and suit_of(card) != trump and any(suit_of(c) == trump for c in hand):
            return "play.must-trump"
    return None


# --------------------------------------------------------------------------- rulesets

SITTING_OUT = ("receive-only", "pay-and-receive", "pay-and-receive-solo-only")
CONTRACT_ORDER = {"frog": 1, "chico": 2, "grand": 3}


def _rs(**kw):
    base = dict(players=(3, 4, 5), deal="3344", auction="overbid", widow_shown=True,
                chico_suits=("C", "D", "S"), contracts=("frog", "chico", "grand"),
                rates={"frog": 1, "chico": 2, "grand": 4}, fixed=None, bank=0, ends=False,
                options={}, first_dealer="any")
    base.update(kw)
    return base


OPT_1922 = {"sitting_out": ("enum", SITTING_OUT, "receive-only"), "penalty_frog": ("bool", None, False)}
RULESETS = {
    "foster-1909": _rs(),
    "hoyle-1907": _rs(),
    "modern": _rs(deal="4334", auction="oneround", widow_shown=False),
    "official-1922-solo": _rs(players=(3, 4, 5, 6, 7), deal="singly", auction="oneround",
                              widow_shown=False, rates={"frog": 1, "chico": 2, "grand": 3},
                              bank=120, ends=True, options=OPT_1922, first_dealer="low"),
    "official-1922-straight": _rs(players=(3, 4, 5, 6, 7), deal="singly", auction="oneround",
                                  widow_shown=False, contracts=("chico", "grand"),
                                  rates={"chico": 1, "grand": 2}, bank=120, ends=True,
                                  options={"sitting_out": OPT_1922["sitting_out"]},
                                  first_dealer="low"),
    "official-1922-coeur-dalene": _rs(players=(3, 4, 5, 6, 7), deal="singly", auction="oneround",
                                      widow_shown=False, rates=None,
                                      fixed={"frog": 25, "chico": 50, "grand": 75},
                                      bank=120, ends=True, options=OPT_1922, first_dealer="low"),
    "gamerules": _rs(players=(3,), deal="4334", auction="onebid", widow_shown=False,
                     chico_suits=("C", "D", "H", "S"), rates={"frog": 1, "chico": 2, "grand": 3},
                     bank=150),
}


def resolved_options(rs, options):
    out = {}
    for name, (_, _, default) in RULESETS[rs]["options"].items():
        out[name] = options.get(name, default)
    return out


def active_seats(players, dealer):
    """Active seats in bidding/dealing order, eldest first."""
    if "deal-to-the-right" in HOUSE:
        step = -1
    else:
        step = 1
    if players == 3:
        seats = [(dealer + step) % players, (dealer + 2 * step) % players, dealer]
    elif players == 4:
        seats = [(dealer + step) % 4, (dealer + 2 * step) % 4, (dealer + 3 * step) % 4]
    else:
        seats = [(dealer + step) % players, (dealer + 2 * step) % players,
                 (dealer - step) % players]
    return seats


def deal_cards(rs, players, dealer, deck):
    """(active, hands by seat, widow in dealing order)."""
    act = active_seats(players, dealer)
    hands = {s: [] for s in act}
    widow = []
    pattern = RULESETS[rs]["deal"]
    pos = 0
    if pattern in ("3344", "4334"):
        packets = (3, "w", 4, 4) if pattern == "3344" else (4, "w", 3, 4)
        for p in packets:
            if p == "w":
                widow.extend(deck[pos:pos + 3])
                pos += 3
            else:
                for s in act:
                    hands[s].extend(deck[pos:pos + p])
                    pos += p
    else:  # singly, 1st 4th 8th to the widow
        k = 0
        for i, c in enumerate(deck):
            if i in (0, 3, 7):
                widow.append(c)
            else:
                hands[act[k % 3]].append(c)
                k += 1
    return act, hands, widow


# --------------------------------------------------------------------------- settlement

def settle(rs, opts, players, dealer, bidder, contract, points):
    """Payments by seat."""
    r = RULESETS[rs]
    act = active_seats(players, dealer)
    pay = [0] * players
    if points == 60:
        return pay
    won = points > 60
    margin = abs(points - 60)
    o = resolved_options(rs, opts)
    if r["fixed"] is not None:
        if not won and contract == "frog" and o.get("penalty_frog"):
            amount = r["fixed"]["grand"]
        else:
            amount = r["fixed"][contract]
    else:
        rate = r["rates"][contract]
        if not won and contract == "frog" and o.get("penalty_frog"):
            rate = r["rates"]["grand"]
        amount = margin * rate
    if "schneider-doubles" in HOUSE:
        loser_points = (120 - points) if won else points
        if loser_points <= 30:
            amount *= 2
    system = o.get("sitting_out", "receive-only")
    others = [s for s in range(players) if s != bidder]
    if won:
        if system == "pay-and-receive" or (system == "pay-and-receive-solo-only" and contract != "frog"):
            payers = others
        else:
            payers = [s for s in act if s != bidder]
        for s in payers:
            pay[s] -= amount
            pay[bidder] += amount
    else:
        for s in others:
            pay[s] += amount
            pay[bidder] -= amount
    return pay


# --------------------------------------------------------------------------- the deal

class Illegal(Exception):
    def __init__(self, rule, message):
        super().__init__(message)
        self.rule = rule
        self.message = message


class Deal:
    def __init__(self, rs, options, players, dealer, deck):
        self.rs = rs
        self.r = RULESETS[rs]
        self.options = options
        self.players = players
        self.dealer = dealer
        self.active, hands, self.widow = deal_cards(rs, players, dealer, deck)
        self.hands = {s: list(h) for s, h in hands.items()}
        self.phase = "auction"
        # auction
        self.high = None
        self.holder = None
        self.passed = set()
        self.last = None          # index in active of the last seat to speak (overbid)
        self.since_bid = 0        # consecutive passes since the last bid (passed-may-reenter)
        self.idx = 0              # one-round / one-bid pointer
        self.pending = None       # overbid Frog bidder who may answer at once
        # after the auction
        self.bidder = None
        self.contract = None
        self.trump = None
        self.widow_taken = False
        self.laid_away = []
        self.leader = None
        self.trick = []
        self.trick_seats = []
        self.tricks_won = {s: [] for s in self.active}
        self.tricks_played = 0
        self.trumps_broken = False
        self.points = None
        self.payments = None
        self.to_act = None
        self._auction_next()

    def clone(self):
        d = Deal.__new__(Deal)
        d.__dict__.update(self.__dict__)
        d.hands = {s: list(h) for s, h in self.hands.items()}
        d.passed = set(self.passed)
        d.laid_away = list(self.laid_away)
        d.trick = list(self.trick)
        d.trick_seats = list(self.trick_seats)
        d.tricks_won = {s: list(t) for s, t in self.tricks_won.items()}
        return d

    # ---------------------------------------------------------------- auction
    def _bids_above(self):
        lvl = CONTRACT_ORDER[self.high] if self.high else 0
        return [c for c in self.r["contracts"] if CONTRACT_ORDER[c] > lvl]

    def _auction_next(self):
        """Set to_act for the auction, or end it."""
        if self.high == "grand":
            return self._end_auction()
        kind = self.r["auction"]
        n = len(self.active)
        if kind == "overbid":
            if "passed-may-reenter" in HOUSE:
                if self.holder is None and self.since_bid >= n:
                    return self._end_auction()
                if self.holder is not None and self.since_bid >= n - 1:
                    return self._end_auction()
                i = 0 if self.last is None else (self.last + 1) % n
                for _ in range(n):
                    s = self.active[i]
                    if s != self.holder:
                        self.to_act = s
                        self._cur = i
                        return
                    i = (i + 1) % n
                return self._end_auction()
            remaining = [s for s in self.active if s not in self.passed]
            if self.holder is None and not remaining:
                return self._end_auction()
            if self.holder is not None and remaining == [self.holder]:
                return self._end_auction()
            i = 0 if self.last is None else (self.last + 1) % n
            for _ in range(n):
                s = self.active[i]
                if s not in self.passed and s != self.holder:
                    self.to_act = s
                    self._cur = i
                    return
                i = (i + 1) % n
            return self._end_auction()
        # one round (with the overbid Frog's answer) or one bid each
        if self.pending is not None:
            self.to_act = self.pending
            return
        if self.idx >= n:
            return self._end_auction()
        self.to_act = self.active[self.idx]

    def _auction_legal(self):
        if self.pending is not None and self.to_act == self.pending:
            return ["pass"] + [c for c in self._bids_above() if c == "grand"]
        return ["pass"] + self._bids_above()

    def _auction_act(self, act):
        kind = self.r["auction"]
        if act != "pass":
            if act not in self.r["contracts"]:
                raise Illegal("auction.contracts-without-frog", "%s is not a contract of %s" % (act, self.rs))
            if act not in self._bids_above():
                raise Illegal("auction.contract-order", "%s does not outbid %s" % (act, self.high))
            if self.pending is not None and act != "grand":
                raise Illegal("auction.one-round-frog-may-raise", "the overbid Frog bidder may only raise to Grand")
        seat = self.to_act
        if kind == "overbid":
            self.last = self._cur
            if act == "pass":
                self.passed.add(seat)
                self.since_bid += 1
            else:
                self.high, self.holder = act, seat
                self.since_bid = 0
            return self._auction_next()
        if self.pending is not None:
            self.pending = None
            if act == "grand":
                self.high, self.holder = act, seat
            return self._auction_next()
        self.idx += 1
        if act != "pass":
            if (kind == "oneround" and act == "chico" and self.high == "frog"):
                self.pending = self.holder
            self.high, self.holder = act, seat
        return self._auction_next()

    def _end_auction(self):
        if self.holder is None:
            self.phase = "over"
            self.to_act = None
            self.payments = [0] * self.players
            return
        self.bidder = self.holder
        self.contract = self.high
        if self.contract == "frog" or (self.contract == "grand" and "grand-takes-widow" in HOUSE):
            self.trump = "H"
            self.hands[self.bidder] = self.hands[self.bidder] + list(self.widow)
            self.widow_taken = True
            self.phase = "discard"
            self.to_act = self.bidder
            return
        if self.contract == "chico":
            if "chico-turned-trump" in HOUSE:
                self.trump = suit_of(self.widow[0])
                return self._start_play()
            self.trump = None
            self.phase = "trump"
            self.to_act = self.bidder
            return
        self.trump = "H"
        self._start_play()

    def _start_play(self):
        self.phase = "play"
        self.leader = self.active[0]
        self.to_act = self.leader

    # ---------------------------------------------------------------- legal actions
    def legal(self):
        if self.phase == "auction":
            return self._auction_legal()
        if self.phase == "discard":
            return ["discard " + c for c in self.hands[self.bidder]]
        if self.phase == "trump":
            return ["trump " + s for s in self.r["chico_suits"]]
        if self.phase == "play":
            return ["play " + c for c in legal_cards(self.hands[self.to_act], self.trick, self.trump,
                                                     self.trumps_broken)]
        return []

    # ---------------------------------------------------------------- apply
    def apply(self, action):
        kind, _, arg = action.partition(" ")
        if self.phase == "auction":
            if kind not in ("pass", "frog", "chico", "grand"):
                raise Illegal("deal.actions-by-phase", "the auction takes a pass or a bid")
            return self._auction_act(kind)
        if self.phase == "discard":
            if kind != "discard":
                raise Illegal("deal.actions-by-phase", "the bidder must lay away three cards")
            hand = self.hands[self.bidder]
            if arg not in hand:
                raise Illegal("widow.frog-take-and-discard", "%s is not in the bidder's hand" % arg)
            hand.remove(arg)
            self.laid_away.append(arg)
            if len(self.laid_away) == 3:
                self._start_play()
            return
        if self.phase == "trump":
            if kind != "trump":
                raise Illegal("deal.actions-by-phase", "the Chico bidder must name trumps")
            if arg not in self.r["chico_suits"]:
                raise Illegal("trump.chico-not-hearts", "a Chico bidder may not name hearts")
            self.trump = arg
            return self._start_play()
        if self.phase == "play":
            if kind != "play":
                raise Illegal("deal.actions-by-phase", "the play takes a card")
            seat = self.to_act
            hand = self.hands[seat]
            err = play_error(hand, self.trick, self.trump, arg, self.trumps_broken)
            if err:
                raise Illegal(err, "%s may not be played" % arg)
            hand.remove(arg)
            self.trick.append(arg)
            self.trick_seats.append(seat)
            if len(self.trick) < 3:
                i = self.active.index(seat)
                self.to_act = self.active[(i + 1) % 3]
                return
            w = self.trick_seats[trick_winner(self.trick, self.trump)]
            if self.trump is not None and any(suit_of(c) == self.trump for c in self.trick):
                self.trumps_broken = True
            self.tricks_won[w].extend(self.trick)
            self.trick, self.trick_seats = [], []
            self.tricks_played += 1
            if self.tricks_played == 11:
                return self._finish()
            self.leader = w
            self.to_act = w
            return
        raise Illegal("deal.actions-by-phase", "the deal is over")

    def _finish(self):
        self.phase = "over"
        self.to_act = None
        widow_cards = self.laid_away if self.widow_taken else self.widow
        bp = sum(card_points(c) for c in self.tricks_won[self.bidder])
        bp += sum(card_points(c) for c in widow_cards)
        total = sum(card_points(c) for c in CANONICAL)
        self.points = {"bidder": bp, "defenders": total - bp}
        self.payments = settle(self.rs, self.options, self.players, self.dealer, self.bidder,
                               self.contract, bp)

    # ---------------------------------------------------------------- observation
    def observation(self):
        obs = {"phase": self.phase, "to_act": self.to_act, "legal": self.legal(),
               "bidder": self.bidder, "contract": self.contract, "trump": self.trump}
        if self.widow_taken:
            obs["widow_shown"] = bool(self.r["widow_shown"])
        if self.phase == "over":
            obs["payments"] = list(self.payments)
            if self.points is not None:
                obs["points"] = dict(self.points)
        return obs


# --------------------------------------------------------------------------- request checks

class Invalid(Exception):
    pass


class Unsupported(Exception):
    pass


ACTION_RE = re.compile(r"^(pass|frog|chico|grand|discard (A|10|K|Q|J|9|8|7|6)[CDHS]|"
                       r"play (A|10|K|Q|J|9|8|7|6)[CDHS]|trump [CDHS])$")
OPS = ("hello", "card_points", "trick_winner", "legal_plays", "deal", "settle", "game", "match",
       "first_dealer", "perft")
RULESET_OPS = ("trick_winner", "legal_plays", "deal", "settle", "game", "match", "first_dealer",
               "perft")
PERFT_LIMIT = 100000


def is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def need(req, key):
    if key not in req:
        raise Invalid("missing field %s" % key)
    return req[key]


def check_card(v):
    if not isinstance(v, str) or v not in CARDS:
        raise Invalid("not a card: %r" % (v,))
    return v


def check_cards(v, lo, hi, what):
    if not isinstance(v, list):
        raise Invalid("%s is not a list" % what)
    for c in v:
        check_card(c)
    if len(set(v)) != len(v):
        raise Invalid("a card twice in %s" % what)
    if not lo <= len(v) <= hi:
        raise Invalid("%s holds %d cards" % (what, len(v)))
    return v


def check_trump(req):
    t = need(req, "trump")
    if t is not None and (not isinstance(t, str) or t not in SUITS):
        raise Invalid("not a suit: %r" % (t,))
    return t


def check_options(req, rs):
    o = need(req, "options")
    if not isinstance(o, dict):
        raise Invalid("options is not an object")
    spec = RULESETS[rs]["options"]
    for k, v in o.items():
        if k not in spec:
            raise Invalid("%s has no option %s" % (rs, k))
        typ, values, _ = spec[k]
        if typ == "bool":
            if not isinstance(v, bool):
                raise Invalid("%s is true or false" % k)
        else:
            if not isinstance(v, str) or v not in values:
                raise Invalid("%s takes %s" % (k, ", ".join(values)))
    return o


def check_players(req, rs):
    p = need(req, "players")
    if not is_int(p) or p not in RULESETS[rs]["players"]:
        raise Invalid("%s does not allow %r players" % (rs, p))
    return p


def check_seat(req, key, players):
    s = need(req, key)
    if not is_int(s) or not 0 <= s < players:
        raise Invalid("%s is not a seat at a table of %d" % (key, players))
    return s


def check_deck(v):
    if not isinstance(v, list) or len(v) != 36:
        raise Invalid("the deck is not 36 cards")
    for c in v:
        check_card(c)
    if len(set(v)) != 36:
        raise Invalid("a card twice in the deck")
    return v


def check_actions(v):
    if not isinstance(v, list):
        raise Invalid("actions is not a list")
    for a in v:
        if not isinstance(a, str) or not ACTION_RE.match(a):
            raise Invalid("not an action: %r" % (a,))
    return v


def play_actions(d, actions):
    """Apply actions; return (index, Illegal) of the first illegal one, or None."""
    for i, a in enumerate(actions):
        try:
            d.apply(a)
        except Illegal as e:
            return i, e
    return None


def illegal_error(e, at, deal=None):
    err = {"kind": "illegal", "rule": e.rule, "message": e.message, "at": at}
    if deal is not None:
        err["deal"] = deal
    return {"error": err}


# --------------------------------------------------------------------------- ops

def op_hello(req):
    spec = need(req, "spec")
    if not isinstance(spec, str):
        raise Invalid("spec is a string")
    if spec != "1":
        raise Unsupported("protocol version %s is not spoken" % spec)
    name = "frog-house-py"
    if HOUSE:
        name += " +" + ",".join(sorted(HOUSE))
    return {"result": {"name": name, "version": "1.0.0", "rulesets": list(RULESETS),
                       "ops": list(OPS), "rule_ids": "frogspec",
                       "house_rules": sorted(HOUSE)}}


def op_card_points(req):
    c = check_card(need(req, "card"))
    return {"result": card_points(c)}


def op_trick_winner(req, rs):
    trump = check_trump(req)
    cards = check_cards(need(req, "cards"), 1, 3, "cards")
    return {"result": trick_winner(cards, trump)}


def op_legal_plays(req, rs):
    trump = check_trump(req)
    hand = check_cards(need(req, "hand"), 1, 11, "hand")
    trick = check_cards(need(req, "trick"), 0, 2, "trick")
    if set(hand) & set(trick):
        raise Invalid("a card both in hand and in the trick")
    # No history is given: trumps count as not yet broken.
    return {"result": legal_cards(hand, trick, trump, False)}


def op_deal(req, rs):
    check_options(req, rs)
    players = check_players(req, rs)
    dealer = check_seat(req, "dealer", players)
    deck = check_deck(need(req, "deck"))
    act, hands, widow = deal_cards(rs, players, dealer, deck)
    return {"result": {"active": act, "eldest": act[0],
                       "hands": [hands.get(s) for s in range(players)], "widow": widow}}


def op_settle(req, rs):
    opts = check_options(req, rs)
    players = check_players(req, rs)
    dealer = check_seat(req, "dealer", players)
    bidder = check_seat(req, "bidder", players)
    contract = need(req, "contract")
    if not isinstance(contract, str) or contract not in CONTRACT_ORDER:
        raise Invalid("not a contract: %r" % (contract,))
    pts = need(req, "bidder_points")
    if not is_int(pts) or not 0 <= pts <= 120:
        raise Invalid("bidder_points is an integer from 0 to 120")
    if bidder not in active_seats(players, dealer):
        raise Invalid("the bidder sits out this deal")
    if contract not in RULESETS[rs]["contracts"]:
        return {"error": {"kind": "illegal", "rule": "auction.contracts-without-frog",
                          "message": "%s has no %s" % (rs, contract)}}
    return {"result": settle(rs, opts, players, dealer, bidder, contract, pts)}


def _game_setup(req, rs):
    opts = check_options(req, rs)
    players = check_players(req, rs)
    dealer = check_seat(req, "dealer", players)
    deck = check_deck(need(req, "deck"))
    actions = check_actions(need(req, "actions"))
    return opts, players, dealer, deck, actions


def op_game(req, rs):
    opts, players, dealer, deck, actions = _game_setup(req, rs)
    d = Deal(rs, opts, players, dealer, deck)
    bad = play_actions(d, actions)
    if bad:
        return illegal_error(bad[1], bad[0])
    return {"result": d.observation()}


def op_perft(req, rs):
    opts, players, dealer, deck, actions = _game_setup(req, rs)
    depth = req.get("depth")
    if depth is not None and (not is_int(depth) or depth < 0):
        raise Invalid("depth is a whole number")
    d = Deal(rs, opts, players, dealer, deck)
    bad = play_actions(d, actions)
    if bad:
        return illegal_error(bad[1], bad[0])
    if d.phase == "over" or depth == 0:
        return {"result": {"total": 1, "by_first": {}}}
    visited = [0]

    class TooMany(Exception):
        pass

    def count(pos, left):
        if pos.phase == "over" or left == 0:
            return 1
        visited[0] += 1
        if visited[0] > PERFT_LIMIT:
            raise TooMany()
        total = 0
        for a in pos.legal():
            child = pos.clone()
            child.apply(a)
            total += count(child, None if left is None else left - 1)
        return total

    by_first = {}
    try:
        for a in d.legal():
            child = d.clone()
            child.apply(a)
            by_first[a] = count(child, None if depth is None else depth - 1)
    except TooMany:
        raise Invalid("perft would visit more than %d positions" % PERFT_LIMIT)
    return {"result": {"total": sum(by_first.values()), "by_first": by_first}}


def op_match(req, rs):
    opts = check_options(req, rs)
    players = check_players(req, rs)
    first = check_seat(req, "first_dealer", players)
    deals = need(req, "deals")
    if not isinstance(deals, list):
        raise Invalid("deals is a list")
    parsed = []
    for dl in deals:
        if not isinstance(dl, dict):
            raise Invalid("a deal is an object")
        deck = check_deck(need(dl, "deck"))
        actions = check_actions(need(dl, "actions"))
        parsed.append((deck, actions))
    r = RULESETS[rs]
    balances = [r["bank"]] * players
    dealers = []
    over = False
    loser = None
    dealer = first
    for k, (deck, actions) in enumerate(parsed):
        if over:
            return illegal_error(Illegal("match.first-unable-to-pay-loses", "the game is over"), 0, k)
        dealers.append(dealer)
        d = Deal(rs, opts, players, dealer, deck)
        bad = play_actions(d, actions)
        if bad:
            return illegal_error(bad[1], bad[0], k)
        if d.phase != "over":
            raise Invalid("deal %d stops before its end" % k)
        pay = list(d.payments)
        if r["ends"] and d.bidder is not None:
            order = [(d.bidder + i) % players for i in range(players)]
            unable = [s for s in order if -pay[s] > balances[s]]
            if unable:
                over = True
                loser = unable[0]
                if "bankrupt-pays-what-he-has" in HOUSE:
                    pay = pays_what_he_has(pay, balances, unable, d.bidder, players)
        for s in range(players):
            balances[s] += pay[s]
        dealer = (dealer + 1) % players
    return {"result": {"balances": balances, "dealers": dealers, "over": over, "loser": loser}}


def pays_what_he_has(pay, balances, unable, bidder, players):
    """House rule: an insolvent player pays only his balance, shared among those he owes."""
    pay = list(pay)
    if bidder in unable:
        have = max(balances[bidder], 0)
        creditors = [(bidder + i) % players for i in range(1, players) if pay[(bidder + i) % players] > 0]
        owed = sum(pay[s] for s in creditors)
        shares = {s: have * pay[s] // owed for s in creditors}
        rest = have - sum(shares.values())
        for s in creditors:
            if rest <= 0:
                break
            shares[s] += 1
            rest -= 1
        for s in creditors:
            pay[s] = shares[s]
        pay[bidder] = -have
    else:
        for s in unable:
            have = max(balances[s], 0)
            cut = -pay[s] - have
            pay[s] = -have
            pay[bidder] -= cut
    return pay


def op_first_dealer(req, rs):
    players = check_players(req, rs)
    if RULESETS[rs]["first_dealer"] == "any":
        return {"result": check_seat(req, "chosen", players)}
    lowest = check_seat(req, "lowest", players)
    choose = need(req, "chooses_to_deal")
    if not isinstance(choose, bool):
        raise Invalid("chooses_to_deal is true or false")
    if choose:
        return {"result": lowest}
    # he is eldest: the dealer sits on the side the deal comes from
    if "deal-to-the-right" in HOUSE:
        return {"result": (lowest + 1) % players}
    return {"result": (lowest - 1) % players}


HANDLERS = {"card_points": op_card_points, "trick_winner": op_trick_winner,
            "legal_plays": op_legal_plays, "deal": op_deal, "settle": op_settle,
            "game": op_game, "match": op_match, "first_dealer": op_first_dealer,
            "perft": op_perft}


def handle(req):
    """req: a parsed JSON value.  Returns the response object."""
    if not isinstance(req, dict):
        return {"id": None, "error": {"kind": "invalid", "rule": None, "message": "not an object"}}
    rid = req.get("id")
    if not is_int(rid):
        return {"id": None, "error": {"kind": "invalid", "rule": None, "message": "id is not an integer"}}
    op = req.get("op")
    try:
        if not isinstance(op, str):
            raise Invalid("op is not a string")
        if op not in OPS:
            raise Unsupported("no op %s" % op)
        if op == "hello":
            out = op_hello(req)
        elif op == "card_points":
            out = op_card_points(req)
        else:
            if "ruleset" not in req or not isinstance(req["ruleset"], str):
                raise Invalid("ruleset missing or not a string")
            rs = req["ruleset"]
            if rs not in RULESETS:
                raise Unsupported("no ruleset %s" % rs)
            out = HANDLERS[op](req, rs)
    except Invalid as e:
        return {"id": rid, "error": {"kind": "invalid", "rule": None, "message": str(e)}}
    except Unsupported as e:
        return {"id": rid, "error": {"kind": "unsupported", "rule": None, "message": str(e)}}
    resp = {"id": rid}
    resp.update(out)
    if "error" in resp:
        resp["error"].setdefault("message", "")
        resp["error"].setdefault("rule", None)
    return resp


# --------------------------------------------------------------------------- JSON line bounds

MAX_LINE = 1 << 24
MAX_DEPTH = 64
MAX_NUMBER = 40


class Bound(Exception):
    pass


def _dup_hook(pairs):
    seen = set()
    for k, _ in pairs:
        if k in seen:
            raise Bound("duplicate-key")
        seen.add(k)
    return dict(pairs)


def _parse_int(s):
    if len(s) > MAX_NUMBER:
        raise Bound("number")
    return int(s)


def _parse_float(s):
    if len(s) > MAX_NUMBER:
        raise Bound("number")
    v = float(s)
    if not math.isfinite(v):
        raise Bound("non-finite")
    return v


def _parse_constant(s):
    raise Bound("non-finite")


def _depth_ok(text):
    depth = 0
    in_str = False
    esc = False
    for ch in text:
        if in_str:
            if esc:
                esc = False
            elif ch == "\\":
                esc = True
            elif ch == '"':
                in_str = False
        elif ch == '"':
            in_str = True
        elif ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return False
        elif ch in "]}":
            depth -= 1
    return True


def _no_lone_surrogates(v):
    if isinstance(v, str):
        try:
            v.encode("utf-8")
        except UnicodeEncodeError:
            return False
        return True
    if isinstance(v, list):
        return all(_no_lone_surrogates(x) for x in v)
    if isinstance(v, dict):
        return all(_no_lone_surrogates(k) and _no_lone_surrogates(x) for k, x in v.items())
    return True


DECODER = json.JSONDecoder(object_pairs_hook=_dup_hook, parse_int=_parse_int,
                           parse_float=_parse_float, parse_constant=_parse_constant)


def parse_line(raw):
    """raw bytes without newline -> parsed value, or raises Bound."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise Bound("utf-8")
    if not _depth_ok(text):
        raise Bound("depth")
    try:
        v = DECODER.decode(text)
    except Bound:
        raise
    except (ValueError, RecursionError):
        raise Bound("json")
    if not _no_lone_surrogates(v):
        raise Bound("surrogate")
    return v


def bound_error(name):
    return {"id": None, "error": {"kind": "invalid", "rule": None,
                                  "message": "%s: the line is out of the protocol's bounds" % name}}


def serve():
    inp = sys.stdin.buffer
    out = sys.stdout
    while True:
        raw = inp.readline(MAX_LINE + 2)
        if not raw:
            break
        too_long = False
        if len(raw) > MAX_LINE + 1 or (len(raw) == MAX_LINE + 2 and not raw.endswith(b"\n")):
            too_long = True
            while not raw.endswith(b"\n"):
                raw = inp.readline(1 << 20)
                if not raw:
                    break
        else:
            if raw.endswith(b"\n"):
                raw = raw[:-1]
            if len(raw) > MAX_LINE:
                too_long = True
        if too_long:
            resp = bound_error("length")
        else:
            if raw.strip(b" \t\r\n") == b"":
                continue
            try:
                req = parse_line(raw)
                resp = handle(req)
            except Bound as e:
                resp = bound_error(str(e))
            except Exception as e:  # never die on a request
                rid = None
                try:
                    rid = req.get("id") if isinstance(req, dict) and is_int(req.get("id")) else None
                except Exception:
                    pass
                print("internal error: %r" % (e,), file=sys.stderr)
                resp = {"id": rid, "error": {"kind": "invalid", "rule": None, "message": "internal error: %s" % e}}
        out.write(json.dumps(resp, separators=(",", ":")) + "\n")
        out.flush()


def main(argv):
    args = list(argv)
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--house":
            if i + 1 >= len(args):
                print("frog.py: --house needs a NAME", file=sys.stderr)
                return 2
            name = args[i + 1]
            i += 2
        elif a.startswith("--house="):
            name = a[len("--house="):]
            i += 1
        elif a in ("-h", "--help"):
            print(__doc__)
            return 0
        else:
            print("frog.py: unknown argument %r (use --house NAME)" % a, file=sys.stderr)
            return 2
        if name not in HOUSE_RULES:
            print("frog.py: unknown house rule %r; known: %s" % (name, ", ".join(HOUSE_RULES)),
                  file=sys.stderr)
            return 2
        HOUSE.add(name)
    sys.setrecursionlimit(10000)
    serve()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
