#!/usr/bin/env python3
"""An independent Frog engine speaking the frogspec conformance protocol, version 1.

Standard library only. Reads one JSON request per line on stdin, writes one response per
line on stdout. House rules are switched on with `--house NAME` (see KEY.md).
"""
import json
import sys

SUITS = "CDHS"
RANKS = ["A", "10", "K", "Q", "J", "9", "8", "7", "6"]  # high to low
POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0, "6": 0}
ALL_CARDS = [r + s for s in SUITS for r in RANKS]
CARD_SET = frozenset(ALL_CARDS)

RULESETS = ["foster-1909", "hoyle-1907", "modern", "gamerules",
            "official-1922-solo", "official-1922-straight", "official-1922-coeur-dalene"]
OPS = ["hello", "card_points", "trick_winner", "legal_plays", "deal", "settle", "game",
       "match", "first_dealer", "perft"]
RULESET_OPS = {"trick_winner", "legal_plays", "deal", "settle", "game", "match",
               "first_dealer", "perft"}
CONTRACT_LEVEL = {"frog": 1, "chico": 2, "grand": 3}
CONTRACTS = ["frog", "chico", "grand"]

HOUSE_FLAGS = ["deal-counterclockwise", "grand-only-eldest", "frog-widow-shown",
               "bidder-leads-first", "seven-of-trumps-high", "chico-any-suit",
               "last-trick-ten", "penalty-frog-everywhere", "bidder-deals-next"]
HOUSE = set()

PERFT_LIMIT = 100000
MAX_LINE = 1 << 24
MAX_DEPTH = 64
MAX_NUMBER = 40


class Invalid(Exception):
    pass


class Unsupported(Exception):
    pass


class Illegal(Exception):
    def __init__(self, rule, at=None, deal=None, msg=""):
        super().__init__(msg or rule)
        self.rule = rule
        self.at = at
        self.deal = deal


def suit(c):
    return c[-1]


def rank(c):
    return c[:-1]


def is1922(rs):
    return rs.startswith("official-1922")


def rs_contracts(rs):
    if rs == "official-1922-straight":
        return ["chico", "grand"]
    return CONTRACTS


def rs_players_ok(rs, n):
    if rs == "gamerules":
        return n == 3
    if is1922(rs):
        return 3 <= n <= 7
    return 3 <= n <= 5


def rs_options(rs):
    if rs in ("official-1922-solo", "official-1922-coeur-dalene"):
        return {"sitting_out": "receive-only", "penalty_frog": False}
    if rs == "official-1922-straight":
        return {"sitting_out": "receive-only"}
    return {}


def auction_kind(rs):
    if rs in ("foster-1909", "hoyle-1907"):
        return "overbid"
    if rs == "gamerules":
        return "onebid"
    return "oneround"


def auction_rule(rs):
    return {"overbid": "auction.overbid-to-raise", "onebid": "auction.one-bid-each",
            "oneround": "auction.one-round-frog-may-raise"}[auction_kind(rs)]


def trick_strength(c, trump):
    """Rank index within its suit: lower is stronger."""
    r = RANKS.index(rank(c))
    if trump is not None and suit(c) == trump and "seven-of-trumps-high" in HOUSE:
        if rank(c) == "7":
            return -1
    return r


def trick_winner(cards, trump):
    led = suit(cards[0])
    best = 0
    for i in range(1, len(cards)):
        c, b = cards[i], cards[best]
        if trump is not None and suit(c) == trump:
            if suit(b) != trump or trick_strength(c, trump) < trick_strength(b, trump):
                best = i
        elif suit(c) == led and suit(b) == led:
            if trick_strength(c, trump) < trick_strength(b, trump):
                best = i
    return best


def legal_cards(hand, trick, trump):
    if not trick:
        return list(hand)
    led = suit(trick[0])
    follow = [c for c in hand if suit(c) == led]
    if follow:
        return follow
    if trump is not None:
        trumps = [c for c in hand if suit(c) == trump]
        if trumps:
            return trumps
    return list(hand)


def play_error(hand, trick, trump, card):
    """Rule broken by playing card, or None."""
    if card not in hand:
        return "play.card-from-hand"
    if not trick:
        return None
    led = suit(trick[0])
    if suit(card) != led and any(suit(c) == led for c in hand):
        return "play.follow-suit"
    if suit(card) != led and trump is not None and suit(card) != trump and \
            any(suit(c) == trump for c in hand):
        return "play.must-trump"
    return None


def active_seats(players, dealer):
    """Active seats in order from eldest (the order of dealing, bidding and play)."""
    if "deal-counterclockwise" in HOUSE:
        step = -1
    else:
        step = 1
    a = (dealer + step) % players
    b = (dealer + 2 * step) % players
    if players == 3:
        c = dealer
    else:
        c = (dealer - step) % players
    return [a, b, c]


def do_deal(rs, players, dealer, deck):
    act = active_seats(players, dealer)
    hands = {s: [] for s in act}
    widow = []
    if is1922(rs):
        i = 0
        k = 0
        for n, c in enumerate(deck):
            if n in (0, 3, 7):
                widow.append(c)
            else:
                hands[act[k % 3]].append(c)
                k += 1
    else:
        if rs in ("foster-1909", "hoyle-1907"):
            pattern = [3, "w", 4, 4]
        else:
            pattern = [4, "w", 3, 4]
        pos = 0
        for p in pattern:
            if p == "w":
                widow.extend(deck[pos:pos + 3])
                pos += 3
            else:
                for s in act:
                    hands[s].extend(deck[pos:pos + p])
                    pos += p
    return act, hands, widow


def sort_cards(cards):
    return sorted(cards, key=lambda c: (SUITS.index(suit(c)), -RANKS.index(rank(c))))


def settle(rs, opts, players, dealer, bidder, contract, bp):
    act = active_seats(players, dealer)
    pay = [0] * players
    diff = bp - 60
    if diff == 0:
        return pay
    won = diff > 0
    if rs == "official-1922-coeur-dalene":
        fixed = {"frog": 25, "chico": 50, "grand": 75}
        amount = fixed[contract]
        if not won and contract == "frog" and opts.get("penalty_frog"):
            amount = 75
    else:
        if rs in ("foster-1909", "hoyle-1907", "modern"):
            rates = {"frog": 1, "chico": 2, "grand": 4}
        elif rs == "official-1922-straight":
            rates = {"chico": 1, "grand": 2}
        else:
            rates = {"frog": 1, "chico": 2, "grand": 3}
        rate = rates[contract]
        if not won and contract == "frog":
            if rs == "official-1922-solo" and opts.get("penalty_frog"):
                rate = rates["grand"]
            if "penalty-frog-everywhere" in HOUSE:
                rate = rates["grand"]
        amount = abs(diff) * rate
    system = opts.get("sitting_out", "receive-only")
    others = [s for s in range(players) if s != bidder]
    defenders = [s for s in act if s != bidder]
    if won:
        if system == "pay-and-receive" or (system == "pay-and-receive-solo-only"
                                             and contract != "frog"):
            payers = others
        else:
            payers = defenders
        for s in payers:
            pay[s] -= amount
            pay[bidder] += amount
    else:
        for s in others:
            pay[s] += amount
            pay[bidder] -= amount
    return pay


class Game:
    def __init__(self, rs, opts, players, dealer, deck):
        self.rs = rs
        self.opts = opts
        self.players = players
        self.dealer = dealer
        self.order, self.hands, self.widow = do_deal(rs, players, dealer, deck)
        self.eldest = self.order[0]
        self.phase = "auction"
        self.kind = auction_kind(rs)
        # auction state
        self.passed = set()
        self.high = None
        self.high_seat = None
        self.queue = list(self.order)  # for one-round kinds: seats still to speak
        self.cur = None
        self.bidder = None
        self.contract = None
        self.trump = None
        self.discards = []
        self.trick = []
        self.trick_seats = []
        self.tricks_won = {s: [] for s in self.order}
        self.ntricks = 0
        self.last_winner = None
        self.to_act = None
        self.payments = None
        self.points = None
        self._next_bidder_start()

    def clone(self):
        g = Game.__new__(Game)
        g.__dict__.update(self.__dict__)
        g.hands = {s: list(h) for s, h in self.hands.items()}
        g.passed = set(self.passed)
        g.queue = list(self.queue)
        g.discards = list(self.discards)
        g.trick = list(self.trick)
        g.trick_seats = list(self.trick_seats)
        g.tricks_won = {s: list(t) for s, t in self.tricks_won.items()}
        return g

    # ---- auction ----
    def bids_for(self, seat, answering=False):
        res = []
        lvl = CONTRACT_LEVEL[self.high] if self.high else 0
        for c in rs_contracts(self.rs):
            if CONTRACT_LEVEL[c] <= lvl:
                continue
            if c == "grand" and "grand-only-eldest" in HOUSE and seat != self.eldest:
                continue
            res.append(c)
        return res

    def _next_bidder_start(self):
        self._advance_auction()

    def _advance_auction(self):
        """Find the next seat to bid, or end the auction."""
        if self.high == "grand":
            return self._end_auction()
        if self.kind == "overbid":
            # go round clockwise from the seat after cur among those not passed
            if self.cur is None:
                start = 0
            else:
                start = self.order.index(self.cur) + 1
            for k in range(3):
                s = self.order[(start + k) % 3]
                if s in self.passed:
                    continue
                if s == self.high_seat:
                    return self._end_auction()
                if not self.bids_for(s):
                    self.passed.add(s)
                    continue
                self.cur = s
                self.to_act = s
                return
            return self._end_auction()
        else:
            while self.queue:
                s = self.queue[0]
                if s in self.passed or s == self.high_seat or not self.bids_for(s):
                    self.queue.pop(0)
                    if s != self.high_seat:
                        self.passed.add(s)
                    continue
                self.cur = s
                self.to_act = s
                return
            return self._end_auction()

    def _end_auction(self):
        if self.high is None:
            self.phase = "over"
            self.to_act = None
            self.payments = [0] * self.players
            return
        self.bidder = self.high_seat
        self.contract = self.high
        if self.contract == "frog":
            self.phase = "discard"
            self.trump = "H"
            self.hands[self.bidder] = self.hands[self.bidder] + self.widow
            self.to_act = self.bidder
        elif self.contract == "chico":
            self.phase = "trump"
            self.to_act = self.bidder
        else:
            self.trump = "H"
            self._start_play()

    def _start_play(self):
        self.phase = "play"
        if "bidder-leads-first" in HOUSE:
            self.to_act = self.bidder
        else:
            self.to_act = self.eldest

    def trump_choices(self):
        if self.rs == "gamerules" or "chico-any-suit" in HOUSE:
            return list(SUITS)
        return [s for s in SUITS if s != "H"]

    def legal(self):
        p = self.phase
        if p == "auction":
            return ["pass"] + self.bids_for(self.to_act)
        if p == "discard":
            return ["discard " + c for c in self.hands[self.bidder]]
        if p == "trump":
            return ["trump " + s for s in self.trump_choices()]
        if p == "play":
            return ["play " + c for c in legal_cards(self.hands[self.to_act], self.trick,
                                                     self.trump)]
        return []

    def apply(self, action):
        """Apply an already well-formed action; raise Illegal(rule)."""
        kind, _, arg = action.partition(" ")
        p = self.phase
        if kind in ("pass", "frog", "chico", "grand"):
            kp = "auction"
        else:
            kp = {"discard": "discard", "trump": "trump", "play": "play"}[kind]
        if p != kp:
            raise Illegal("deal.actions-by-phase")
        if p == "auction":
            seat = self.to_act
            if kind == "pass":
                self.passed.add(seat)
                if self.kind != "overbid":
                    self.queue.pop(0)
                self._advance_auction()
                return
            if kind not in rs_contracts(self.rs):
                raise Illegal("auction.contracts-without-frog")
            lvl = CONTRACT_LEVEL[self.high] if self.high else 0
            if CONTRACT_LEVEL[kind] <= lvl:
                raise Illegal("auction.contract-order")
            if kind not in self.bids_for(seat):
                raise Illegal("auction.contracts-frog-chico-grand")
            prev_high, prev_seat = self.high, self.high_seat
            self.high = kind
            self.high_seat = seat
            if self.kind != "overbid":
                self.queue.pop(0)
                if self.kind == "oneround" and kind == "chico" and prev_high == "frog" \
                        and prev_seat is not None and prev_seat not in self.passed:
                    # the Frog bidder answers at once: Grand or pass
                    self.queue.insert(0, prev_seat)
            self._advance_auction()
            return
        if p == "discard":
            hand = self.hands[self.bidder]
            if arg not in hand:
                raise Illegal("widow.frog-take-and-discard")
            hand.remove(arg)
            self.discards.append(arg)
            if len(self.discards) == 3:
                self._start_play()
            return
        if p == "trump":
            if arg not in self.trump_choices():
                raise Illegal("trump.chico-not-hearts")
            self.trump = arg
            self._start_play()
            return
        if p == "play":
            seat = self.to_act
            hand = self.hands[seat]
            err = play_error(hand, self.trick, self.trump, arg)
            if err:
                raise Illegal(err)
            hand.remove(arg)
            self.trick.append(arg)
            self.trick_seats.append(seat)
            if len(self.trick) == 3:
                w = self.trick_seats[trick_winner(self.trick, self.trump)]
                self.tricks_won[w].extend(self.trick)
                self.trick = []
                self.trick_seats = []
                self.ntricks += 1
                self.last_winner = w
                if self.ntricks == 11:
                    self._finish()
                else:
                    self.to_act = w
            else:
                self.to_act = self.order[(self.order.index(seat) + 1) % 3]
            return
        raise Illegal("deal.actions-by-phase")

    def _finish(self):
        self.phase = "over"
        self.to_act = None
        b = sum(POINTS[rank(c)] for c in self.tricks_won[self.bidder])
        if self.contract == "frog":
            b += sum(POINTS[rank(c)] for c in self.discards)
        else:
            b += sum(POINTS[rank(c)] for c in self.widow)
        d = 120 - b
        if "last-trick-ten" in HOUSE:
            if self.last_winner == self.bidder:
                b += 10
            else:
                d += 10
        self.points = {"bidder": b, "defenders": d}
        self.payments = settle(self.rs, self.opts, self.players, self.dealer, self.bidder,
                               self.contract, b)

    def widow_shown(self):
        if "frog-widow-shown" in HOUSE:
            return True
        return self.rs in ("foster-1909", "hoyle-1907")

    def observation(self):
        o = {"phase": self.phase, "to_act": self.to_act, "legal": self.legal(),
             "bidder": self.bidder, "contract": self.contract,
             "trump": self.trump if self.phase in ("discard", "play", "over") else None}
        if self.contract == "frog":
            o["widow_shown"] = self.widow_shown()
        if self.phase == "over":
            o["payments"] = list(self.payments)
            if self.points is not None:
                o["points"] = dict(self.points)
        return o


# ---------------------------------------------------------------- validation

def is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def need(req, key):
    if key not in req:
        raise Invalid("missing field " + key)
    return req[key]


def get_int(req, key, lo=None, hi=None):
    v = need(req, key)
    if not is_int(v):
        raise Invalid(key + " must be an integer")
    if lo is not None and v < lo:
        raise Invalid(key + " out of range")
    if hi is not None and v > hi:
        raise Invalid(key + " out of range")
    return v


def check_card(c):
    if not isinstance(c, str) or c not in CARD_SET:
        raise Invalid("unknown card %r" % (c,))
    return c


def check_cards(v, lo, hi, what):
    if not isinstance(v, list):
        raise Invalid(what + " must be a list")
    if not lo <= len(v) <= hi:
        raise Invalid(what + " has a wrong number of cards")
    for c in v:
        check_card(c)
    if len(set(v)) != len(v):
        raise Invalid(what + " holds a card twice")
    return v


def check_trump(req):
    t = need(req, "trump")
    if t is None:
        return None
    if not isinstance(t, str) or t not in SUITS or len(t) != 1:
        raise Invalid("bad trump")
    return t


def check_options(req, rs):
    o = need(req, "options")
    if not isinstance(o, dict):
        raise Invalid("options must be an object")
    allowed = rs_options(rs)
    res = dict(allowed)
    for k, v in o.items():
        if k not in allowed:
            raise Invalid("unknown option " + k)
        if k == "sitting_out":
            if v not in ("receive-only", "pay-and-receive", "pay-and-receive-solo-only") \
                    or not isinstance(v, str):
                raise Invalid("bad sitting_out")
        elif k == "penalty_frog":
            if not isinstance(v, bool):
                raise Invalid("bad penalty_frog")
        res[k] = v
    return res


def check_players(req, rs):
    n = get_int(req, "players")
    if not rs_players_ok(rs, n):
        raise Invalid("player count not allowed")
    return n


def check_deck(v):
    check_cards(v, 36, 36, "deck")
    return v


def check_action(a):
    if not isinstance(a, str):
        raise Invalid("action must be a string")
    if a in ("pass", "frog", "chico", "grand"):
        return a
    kind, sp, arg = a.partition(" ")
    if sp and kind in ("discard", "play") and arg in CARD_SET:
        return a
    if sp and kind == "trump" and arg in ("C", "D", "H", "S"):
        return a
    raise Invalid("malformed action %r" % (a,))


def check_actions(v):
    if not isinstance(v, list):
        raise Invalid("actions must be a list")
    for a in v:
        check_action(a)
    return v


def game_setup(req, rs):
    opts = check_options(req, rs)
    n = check_players(req, rs)
    dealer = get_int(req, "dealer", 0, n - 1)
    deck = check_deck(need(req, "deck"))
    actions = check_actions(need(req, "actions"))
    return opts, n, dealer, deck, actions


def run_actions(g, actions, deal=None):
    for i, a in enumerate(actions):
        try:
            g.apply(a)
        except Illegal as e:
            e.at = i
            e.deal = deal
            raise


# ---------------------------------------------------------------- ops

def op_hello(req):
    spec = need(req, "spec")
    if not isinstance(spec, str):
        raise Invalid("spec must be a string")
    if spec != "1":
        raise Unsupported("protocol version " + spec)
    return {"name": "frog-python-drawn", "version": "1.0", "rulesets": RULESETS,
            "ops": OPS, "rule_ids": "frogspec"}


def op_card_points(req):
    c = check_card(need(req, "card"))
    return POINTS[rank(c)]


def op_trick_winner(req, rs):
    t = check_trump(req)
    cards = check_cards(need(req, "cards"), 1, 3, "cards")
    return trick_winner(cards, t)


def op_legal_plays(req, rs):
    t = check_trump(req)
    hand = check_cards(need(req, "hand"), 1, 11, "hand")
    trick = check_cards(need(req, "trick"), 0, 2, "trick")
    if set(hand) & set(trick):
        raise Invalid("a card both in hand and in the trick")
    return legal_cards(hand, trick, t)


def op_deal(req, rs):
    check_options(req, rs)
    n = check_players(req, rs)
    dealer = get_int(req, "dealer", 0, n - 1)
    deck = check_deck(need(req, "deck"))
    act, hands, widow = do_deal(rs, n, dealer, deck)
    return {"active": act, "eldest": act[0],
            "hands": [sort_cards(hands[s]) if s in hands else None for s in range(n)],
            "widow": list(widow)}


def op_settle(req, rs):
    opts = check_options(req, rs)
    n = check_players(req, rs)
    dealer = get_int(req, "dealer", 0, n - 1)
    bidder = get_int(req, "bidder", 0, n - 1)
    if bidder not in active_seats(n, dealer):
        raise Invalid("the bidder sits out")
    contract = need(req, "contract")
    if not isinstance(contract, str) or contract not in CONTRACTS:
        raise Invalid("unknown contract")
    top = 130 if "last-trick-ten" in HOUSE else 120
    bp = get_int(req, "bidder_points", 0, top)
    if contract not in rs_contracts(rs):
        raise Illegal("auction.contracts-without-frog")
    return settle(rs, opts, n, dealer, bidder, contract, bp)


def op_game(req, rs):
    opts, n, dealer, deck, actions = game_setup(req, rs)
    g = Game(rs, opts, n, dealer, deck)
    run_actions(g, actions)
    return g.observation()


def op_perft(req, rs):
    opts, n, dealer, deck, actions = game_setup(req, rs)
    depth = None
    if "depth" in req:
        depth = get_int(req, "depth", 0)
    g = Game(rs, opts, n, dealer, deck)
    run_actions(g, actions)
    visited = [0]

    def count(pos, d):
        # pos is reached by >= 1 action; a leaf if over or no depth left
        if pos.phase == "over" or d == 0:
            return 1
        visited[0] += 1
        if visited[0] > PERFT_LIMIT:
            raise Invalid("perft would visit more than %d positions" % PERFT_LIMIT)
        total = 0
        for a in pos.legal():
            q = pos.clone()
            q.apply(a)
            total += count(q, None if d is None else d - 1)
        return total

    if g.phase == "over" or depth == 0:
        return {"total": 1, "by_first": {}}
    by_first = {}
    for a in g.legal():
        q = g.clone()
        q.apply(a)
        by_first[a] = count(q, None if depth is None else depth - 1)
    return {"total": sum(by_first.values()), "by_first": by_first}


def bank(rs):
    if is1922(rs):
        return 120
    if rs == "gamerules":
        return 150
    return 0


def op_match(req, rs):
    opts = check_options(req, rs)
    n = check_players(req, rs)
    first = get_int(req, "first_dealer", 0, n - 1)
    deals = need(req, "deals")
    if not isinstance(deals, list):
        raise Invalid("deals must be a list")
    for d in deals:
        if not isinstance(d, dict):
            raise Invalid("a deal must be an object")
        check_deck(need(d, "deck"))
        check_actions(need(d, "actions"))
    balances = [bank(rs)] * n
    dealers = []
    over = False
    loser = None
    dealer = first
    for i, d in enumerate(deals):
        if over:
            raise Illegal("match.first-unable-to-pay-loses", at=0, deal=i)
        dealers.append(dealer)
        g = Game(rs, opts, n, dealer, d["deck"])
        run_actions(g, d["actions"], deal=i)
        if g.phase != "over":
            raise Invalid("deal %d stops before its end" % i)
        pay = g.payments
        if is1922(rs) and g.bidder is not None:
            for k in range(n):
                s = (g.bidder + k) % n
                if -pay[s] > balances[s]:
                    over = True
                    loser = s
                    break
        balances = [balances[s] + pay[s] for s in range(n)]
        if "bidder-deals-next" in HOUSE and g.bidder is not None:
            dealer = (g.bidder + 1) % n
        else:
            dealer = (dealer + 1) % n
    return {"balances": balances, "dealers": dealers, "over": over, "loser": loser}


def op_first_dealer(req, rs):
    n = check_players(req, rs)
    if is1922(rs):
        lowest = get_int(req, "lowest", 0, n - 1)
        ctd = need(req, "chooses_to_deal")
        if not isinstance(ctd, bool):
            raise Invalid("chooses_to_deal must be a boolean")
        if ctd:
            return lowest
        # the lowest is eldest: the dealer sits on his right (on his left, counterclockwise)
        if "deal-counterclockwise" in HOUSE:
            return (lowest + 1) % n
        return (lowest - 1) % n
    return get_int(req, "chosen", 0, n - 1)


HANDLERS = {"trick_winner": op_trick_winner, "legal_plays": op_legal_plays,
            "deal": op_deal, "settle": op_settle, "game": op_game, "match": op_match,
            "first_dealer": op_first_dealer, "perft": op_perft}


# ---------------------------------------------------------------- transport

class BadLine(Exception):
    pass


def _pairs(pairs):
    d = {}
    for k, v in pairs:
        if k in d:
            raise BadLine("duplicate-key")
        d[k] = v
    return d


def _const(name):
    raise BadLine("non-finite")


def _check_strings(v, depth=0):
    if isinstance(v, (list, dict)):
        if depth + 1 > MAX_DEPTH:
            raise BadLine("depth")
        items = v if isinstance(v, list) else list(v.keys()) + list(v.values())
        for x in items:
            _check_strings(x, depth + 1)
    elif isinstance(v, str):
        try:
            v.encode("utf-8")
        except UnicodeEncodeError:
            raise BadLine("surrogate")


def _num_int(text):
    if len(text) > MAX_NUMBER:
        raise BadLine("number")
    return int(text)


def _num_float(text):
    if len(text) > MAX_NUMBER:
        raise BadLine("number")
    f = float(text)
    if f != f or f in (float("inf"), float("-inf")):
        raise BadLine("non-finite")
    return f


def err(id_, kind, rule=None, msg="", at=None, deal=None):
    e = {"kind": kind, "rule": rule, "message": msg}
    if at is not None:
        e["at"] = at
    if deal is not None:
        e["deal"] = deal
    return {"id": id_, "error": e}


def handle_line(raw):
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return err(None, "invalid", msg="utf-8: not UTF-8")
    if text.strip(" \t\r\n") == "":
        return None
    try:
        req = json.loads(text, object_pairs_hook=_pairs, parse_constant=_const,
                         parse_int=_num_int, parse_float=_num_float)
        _check_strings(req)
    except BadLine as e:
        return err(None, "invalid", msg=str(e))
    except RecursionError:
        return err(None, "invalid", msg="depth")
    except ValueError as e:
        return err(None, "invalid", msg="json: %s" % e)
    if not isinstance(req, dict):
        return err(None, "invalid", msg="json: not an object")
    id_ = req.get("id")
    if not is_int(id_):
        return err(None, "invalid", msg="id is not an integer")
    op = req.get("op")
    if not isinstance(op, str):
        return err(id_, "invalid", msg="op is not a string")
    if op not in OPS:
        return err(id_, "unsupported", msg="unknown op " + op)
    try:
        if op == "hello":
            return {"id": id_, "result": op_hello(req)}
        if op == "card_points":
            return {"id": id_, "result": op_card_points(req)}
        rs = req.get("ruleset")
        if not isinstance(rs, str):
            raise Invalid("ruleset missing or not a string")
        if rs not in RULESETS:
            raise Unsupported("unknown ruleset " + rs)
        return {"id": id_, "result": HANDLERS[op](req, rs)}
    except Invalid as e:
        return err(id_, "invalid", msg=str(e))
    except Unsupported as e:
        return err(id_, "unsupported", msg=str(e))
    except Illegal as e:
        return err(id_, "illegal", rule=e.rule, msg=str(e), at=e.at, deal=e.deal)


def main(argv):
    args = argv[1:]
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--house" and i + 1 < len(args) and args[i + 1] in HOUSE_FLAGS:
            HOUSE.add(args[i + 1])
            i += 2
        elif a.startswith("--house=") and a[len("--house="):] in HOUSE_FLAGS:
            HOUSE.add(a[len("--house="):])
            i += 1
        else:
            sys.stderr.write("frog.py: unknown argument or house rule: %s\n"
                             "known house rules: %s\n" % (" ".join(args[i:i + 2]),
                                                          ", ".join(HOUSE_FLAGS)))
            return 2
    sys.setrecursionlimit(10000)
    inp = sys.stdin.buffer
    out = sys.stdout
    while True:
        raw = inp.readline(MAX_LINE + 2)
        if not raw:
            break
        too_long = False
        if not raw.endswith(b"\n") and len(raw) > MAX_LINE:
            too_long = True
            while True:  # skip the rest of the line as it arrives
                rest = inp.readline(1 << 16)
                if not rest or rest.endswith(b"\n"):
                    break
        line = raw[:-1] if raw.endswith(b"\n") else raw
        if len(line) > MAX_LINE:
            too_long = True
        try:
            if too_long:
                resp = err(None, "invalid", msg="length: line longer than 2^24 bytes")
            else:
                resp = handle_line(line)
        except Exception as e:  # never die on one request
            resp = err(None, "invalid", msg="internal: %r" % (e,))
        if resp is None:
            continue
        out.write(json.dumps(resp, separators=(",", ":")) + "\n")
        out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
