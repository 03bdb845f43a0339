#!/usr/bin/env python3
"""Check each house rule without the kit.

Plays random deals (packs from the portable generator of spec/prng.md) through the engine
with no flag and with one flag, sends the same requests to both, and counts the answers
that differ, op by op. A flag that changes nothing would show 0 everywhere.

Usage: python3 check_house.py [--deals N] [--flag NAME ...]
(build first: javac -d out src/Frog.java)
"""
import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CMD = ["java", "-cp", os.path.join(HERE, "out"), "Frog"]
FLAGS = ["widow-last", "no-grand-opening", "no-aces-or-tens-away", "no-must-trump",
         "king-above-ten", "grand-no-trumps", "no-trick-no-widow", "lost-game-doubles",
         "dealer-stays-after-all-pass"]
RULESETS = {  # id: (min players, max players, option sets)
    "foster-1909": (3, 5, [{}]),
    "hoyle-1907": (3, 5, [{}]),
    "modern": (3, 5, [{}]),
    "official-1922-solo": (3, 7, [{}, {"penalty_frog": True}, {"sitting_out": "pay-and-receive"}]),
    "official-1922-straight": (3, 7, [{}, {"sitting_out": "pay-and-receive-solo-only"}]),
    "official-1922-coeur-dalene": (3, 7, [{}, {"penalty_frog": True}]),
    "gamerules": (3, 3, [{}]),
}
M64 = (1 << 64) - 1
CANON = [r + s for s in "CDHS" for r in ["A", "10", "K", "Q", "J", "9", "8", "7", "6"]]


class SplitMix64:
    """spec/prng.md, section 1 and 2."""
    def __init__(self, n):
        self.state = n & M64

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & M64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
        return z ^ (z >> 31)

    def below(self, b):
        threshold = (1 << 32) % b
        while True:
            d = self.next() >> 32
            if d >= threshold:
                return d % b


def deck_of(n):
    """spec/prng.md, sections 3 and 4."""
    g = SplitMix64(n)
    deck = list(CANON)
    for i in range(35, 0, -1):
        j = g.below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


assert " ".join(deck_of(1)).startswith("8C 8S 6S 8D QD KS KC 10H AC 7H")


class Engine:
    def __init__(self, flags):
        args = list(CMD)
        for f in flags:
            args += ["--house", f]
        self.p = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True, bufsize=1)
        self.n = 0

    def ask(self, req):
        self.n += 1
        req = dict(req, id=self.n)
        self.p.stdin.write(json.dumps(req) + "\n")
        self.p.stdin.flush()
        line = self.p.stdout.readline()
        if not line:
            raise SystemExit("engine died: " + self.p.stderr.read())
        ans = json.loads(line)
        ans.pop("id", None)
        err = ans.get("error")
        if err and "internal" in err.get("message", ""):
            raise SystemExit("internal error on %s: %s" % (json.dumps(req)[:300], err))
        return ans

    def close(self):
        self.p.stdin.close()
        self.p.wait()


def norm(ans):
    """Lists that the protocol compares as sets are sorted; messages dropped."""
    a = json.loads(json.dumps(ans))
    if "error" in a:
        a["error"].pop("message", None)
        return a
    r = a.get("result")
    if isinstance(r, dict):
        if "legal" in r:
            r["legal"] = sorted(r["legal"])
        if "hands" in r:
            r["hands"] = [sorted(h) if h else h for h in r["hands"]]
            r["widow"] = sorted(r["widow"])
    elif isinstance(r, list) and r and isinstance(r[0], str):
        a["result"] = sorted(r)
    return a


def choose(rng, legal, phase):
    if phase == "auction":
        bids = [x for x in legal if x != "pass"]
        if not bids or rng.below(2) == 0:
            return "pass"
        return bids[rng.below(len(bids))]
    return legal[rng.below(len(legal))]


def playout(eng, base, seed):
    """A random legal playout of one deal by eng's rules; the observations on the way."""
    rng = SplitMix64(seed ^ 0x5EEDF406)
    actions = []
    while True:
        ans = eng.ask(dict(base, op="game", actions=actions))
        obs = ans["result"]
        if obs["phase"] == "over":
            return actions, obs
        actions.append(choose(rng, sorted(obs["legal"]), obs["phase"]))


def random_cards(rng, deck, k, avoid=()):
    out = []
    pool = [c for c in deck if c not in avoid]
    for _ in range(k):
        c = pool.pop(rng.below(len(pool)))
        out.append(c)
    return out


class Tally:
    def __init__(self):
        self.asked = {}
        self.diff = {}
        self.example = {}

    def add(self, op, req, a, b):
        self.asked[op] = self.asked.get(op, 0) + 1
        if norm(a) != norm(b):
            self.diff[op] = self.diff.get(op, 0) + 1
            self.example.setdefault(op, (req, a, b))


def compare(tally, op, req, e0, e1):
    tally.add(op, req, e0.ask(req), e1.ask(req))


def check_flag(flag, deals):
    flags = FLAGS if flag == "all" else [flag]
    e0, e1 = Engine([]), Engine(flags)
    t = Tally()
    seed = 0
    for rs, (pmin, pmax, optsets) in RULESETS.items():
        for k in range(deals):
            seed += 1
            n = 4000 + seed
            rng = SplitMix64(n * 7919)
            players = pmin + rng.below(pmax - pmin + 1)
            dealer = rng.below(players)
            opts = optsets[rng.below(len(optsets))]
            deck = deck_of(n)
            base = dict(ruleset=rs, options=opts, players=players, dealer=dealer, deck=deck)
            compare(t, "deal", dict(base, op="deal"), e0, e1)
            # trick_winner and legal_plays on random cards (eight of each per deal)
            for _ in range(8):
                trump = [None, "C", "D", "H", "S"][rng.below(5)]
                if rng.below(2):  # a trick that follows suit, as most do
                    suit = "CDHS"[rng.below(4)]
                    cards = random_cards(rng, [c for c in deck if c.endswith(suit)], 1 + rng.below(3))
                else:
                    cards = random_cards(rng, deck, 1 + rng.below(3))
                compare(t, "trick_winner", dict(op="trick_winner", ruleset=rs, trump=trump, cards=cards), e0, e1)
                trick = random_cards(rng, deck, rng.below(3))
                hand = random_cards(rng, deck, 1 + rng.below(11), avoid=trick)
                compare(t, "legal_plays", dict(op="legal_plays", ruleset=rs, trump=trump, hand=hand, trick=trick),
                        e0, e1)
            # settle
            act = e0.ask(dict(base, op="deal"))["result"]["active"]
            contract = ["frog", "chico", "grand"][rng.below(3)]
            if rs == "official-1922-straight" and contract == "frog":
                contract = "chico"
            compare(t, "settle", dict(base, op="settle", bidder=act[rng.below(3)], contract=contract,
                                      bidder_points=rng.below(121)), e0, e1)
            # whole deals played by each engine's rules, replayed (every prefix) on the other
            for player in (e0, e1):
                actions, _ = playout(player, base, n)
                for cut in range(len(actions) + 1):
                    compare(t, "game", dict(base, op="game", actions=actions[:cut]), e0, e1)
                if len(actions) > 12:  # perft of depth 3 somewhere in the play
                    cut = len(actions) - 1 - rng.below(min(20, len(actions) - 10))
                    compare(t, "perft", dict(base, op="perft", actions=actions[:cut], depth=3), e0, e1)
            # a match of up to six deals, played by each engine's rules
            for player in (e0, e1):
                mdeals = []
                d = dealer
                for j in range(6):
                    mdeck = deck_of(n * 100 + j)
                    mbase = dict(base, dealer=d, deck=mdeck)
                    actions, obs = playout(player, mbase, n * 100 + j)
                    mdeals.append({"deck": mdeck, "actions": actions})
                    res = player.ask(dict(op="match", ruleset=rs, options=opts, players=players,
                                          first_dealer=dealer, deals=mdeals))
                    if "error" in res or res["result"]["over"]:
                        break
                    d = (res["result"]["dealers"][-1] + (0 if obs["bidder"] is None and player is e1
                                                       and "dealer-stays-after-all-pass" in flags else 1)) % players
                compare(t, "match", dict(op="match", ruleset=rs, options=opts, players=players,
                                         first_dealer=dealer, deals=mdeals), e0, e1)
    e0.close()
    e1.close()
    return t


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=12, help="deals per ruleset (default 12)")
    ap.add_argument("--flag", action="append", help="check only these flags")
    ap.add_argument("--examples", action="store_true", help="show one differing answer per op")
    ap.add_argument("--all", action="store_true", help="also check all nine flags together")
    a = ap.parse_args()
    ops = ["deal", "trick_winner", "legal_plays", "settle", "game", "perft", "match"]
    print("answers that differ from the no-flag engine / answers compared")
    print("%-30s" % "flag" + "".join("%14s" % o for o in ops))
    bad = []
    for flag in (a.flag or FLAGS) + (["all"] if a.all else []):
        t = check_flag(flag, a.deals)
        print("%-30s" % flag + "".join("%14s" % ("%d/%d" % (t.diff.get(o, 0), t.asked.get(o, 0))) for o in ops))
        sys.stdout.flush()
        if not t.diff:
            bad.append(flag)
        if a.examples:
            for op, (req, x, y) in t.example.items():
                print("   e.g. %s %s\n     no flag: %s\n     flag:    %s" % (
                    op, json.dumps({k: v for k, v in req.items() if k != "deck"})[:300],
                    json.dumps(x)[:300], json.dumps(y)[:300]))
    if bad:
        print("flags that changed nothing:", ", ".join(bad))
        sys.exit(1)
    print("every flag changed some answer")


if __name__ == "__main__":
    main()
