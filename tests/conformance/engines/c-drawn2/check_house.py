#!/usr/bin/env python3
"""Self-check of the house rules, without the kit.

Plays random deals (packs from the portable generator of spec/prng.md) on the engine with
no flag and with each flag alone, sends the same requests to both, and counts, op by op,
the answers that differ. Every flag must change something.

    python3 check_house.py [--deals N] [--engine PATH]
"""
import argparse
import json
import random
import subprocess
import sys
from collections import Counter, defaultdict

FLAGS = ["four-opposite-sits-out", "last-hand-bids-first", "chico-exchanges", "bidder-leads",
         "first-trump-wins", "grand-no-trumps", "widow-to-last-trick",
         "sitting-out-pay-everywhere", "bidder-deals-next"]
RULESETS = {"foster-1909": (3, 5), "hoyle-1907": (3, 5), "modern": (3, 5),
            "official-1922-solo": (3, 7), "official-1922-straight": (3, 7),
            "official-1922-coeur-dalene": (3, 7), "gamerules": (3, 3)}
OPTIONS = {"official-1922-solo": [{}, {"sitting_out": "pay-and-receive-solo-only", "penalty_frog": True}],
           "official-1922-coeur-dalene": [{}, {"sitting_out": "pay-and-receive"}],
           "official-1922-straight": [{}, {"sitting_out": "pay-and-receive-solo-only"}]}
M64 = (1 << 64) - 1
CANON = [r + s for s in "CDHS" for r in ["A", "10", "K", "Q", "J", "9", "8", "7", "6"]]


class SplitMix:
    def __init__(self, n):
        self.s = n & M64

    def next(self):
        self.s = (self.s + 0x9E3779B97F4A7C15) & M64
        z = self.s
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
        return z ^ (z >> 31)

    def below(self, b):
        th = (1 << 32) % b
        while True:
            d = self.next() >> 32
            if d >= th:
                return d % b


def deck_of(n):
    g = SplitMix(n)
    d = list(CANON)
    for i in range(35, 0, -1):
        j = g.below(i + 1)
        d[i], d[j] = d[j], d[i]
    return d


class Engine:
    def __init__(self, path, flags):
        args = [path]
        for f in flags:
            args += ["--house", f]
        self.p = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.n = 0

    def ask(self, req):
        self.n += 1
        req = dict(req, id=self.n)
        self.p.stdin.write(json.dumps(req) + "\n")
        self.p.stdin.flush()
        ans = json.loads(self.p.stdout.readline())
        ans.pop("id", None)
        return ans

    def close(self):
        self.p.stdin.close()
        self.p.wait()


def norm(ans):
    """Sets compared as sets; error messages ignored."""
    if "error" in ans:
        e = dict(ans["error"])
        e.pop("message", None)
        return {"error": e}
    r = ans["result"]
    if isinstance(r, dict):
        r = dict(r)
        if "legal" in r:
            r["legal"] = sorted(r["legal"])
        if "hands" in r:
            r["hands"] = [sorted(h) if h else h for h in r["hands"]]
            r["widow"] = sorted(r["widow"])
    elif isinstance(r, list) and r and isinstance(r[0], str):
        r = sorted(r)
    return {"result": r}


def playout(eng, base, rng, first_bid_bias=True):
    """Random legal actions on eng until the deal is over; returns the actions."""
    acts = []
    while True:
        obs = eng.ask(dict(base, op="game", actions=acts))
        if "error" in obs:
            return acts
        o = obs["result"]
        if o["phase"] == "over":
            return acts
        legal = sorted(o["legal"])
        if o["phase"] == "auction" and first_bid_bias:
            bids = [a for a in legal if a != "pass"]
            a = "pass" if (not bids or rng.random() < 0.5) else rng.choice(bids)
        else:
            a = rng.choice(legal)
        acts.append(a)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=6, help="deals per ruleset and table size")
    ap.add_argument("--engine", default="./frog")
    args = ap.parse_args()
    base_eng = Engine(args.engine, [])
    total = defaultdict(Counter)
    diff = defaultdict(Counter)
    for flag in FLAGS:
        eng = Engine(args.engine, [flag])
        rng = random.Random(20261256)

        def compare(req, op):
            a, b = norm(base_eng.ask(req)), norm(eng.ask(req))
            total[flag][op] += 1
            if a != b:
                diff[flag][op] += 1

        for i in range(40):
            cards = rng.sample(CANON, 3)
            trump = rng.choice(["C", "D", "H", "S", None])
            compare({"op": "trick_winner", "ruleset": "modern", "trump": trump, "cards": cards}, "trick_winner")
            hand = rng.sample(CANON, 8)
            trick = rng.sample([c for c in CANON if c not in hand], rng.randint(0, 2))
            compare({"op": "legal_plays", "ruleset": "modern", "trump": trump, "hand": hand, "trick": trick}, "legal_plays")
        seed = 31000000
        for rs, (lo, hi) in RULESETS.items():
            for players in range(lo, hi + 1):
                for k in range(args.deals):
                    seed += 1
                    opts = rng.choice(OPTIONS.get(rs, [{}]))
                    dealer = rng.randrange(players)
                    base = {"ruleset": rs, "options": opts, "players": players, "dealer": dealer, "deck": deck_of(seed)}
                    compare(dict(base, op="deal"), "deal")
                    for c in ["frog", "chico", "grand"]:
                        compare(dict(base, op="settle", bidder=rng.randrange(players), contract=c,
                                     bidder_points=rng.randrange(121)), "settle")
                    # playouts by each engine, replayed on both, whole and at a third
                    for src in (eng, base_eng):
                        acts = playout(src, base, random.Random(seed * 7 + (src is eng)))
                        for cut in (len(acts) // 3, len(acts)):
                            compare(dict(base, op="game", actions=acts[:cut]), "game")
                        if len(acts) > 12:
                            compare(dict(base, op="perft", actions=acts[:-9], depth=3), "perft")
                    # a match of three deals played on the flagged engine
                    deals, d = [], dealer
                    for j in range(3):
                        b2 = dict(base, dealer=d, deck=deck_of(seed * 10 + j))
                        acts = playout(eng, b2, random.Random(seed + j))
                        deals.append({"deck": b2["deck"], "actions": acts})
                        last = eng.ask(dict(b2, op="game", actions=acts))["result"]
                        if flag == "bidder-deals-next" and last.get("bidder") is not None:
                            d = last["bidder"]
                        else:
                            d = (d + 1) % players
                    compare({"op": "match", "ruleset": rs, "options": opts, "players": players,
                             "first_dealer": dealer, "deals": deals}, "match")
        eng.close()
    base_eng.close()
    ok = True
    print(f"{'flag':28} " + " ".join(f"{op:>13}" for op in
                                     ["trick_winner", "legal_plays", "deal", "settle", "game", "perft", "match"]))
    for flag in FLAGS:
        cells = []
        for op in ["trick_winner", "legal_plays", "deal", "settle", "game", "perft", "match"]:
            cells.append(f"{diff[flag][op]:>5}/{total[flag][op]:<7}")
        n = sum(diff[flag].values())
        ok &= n > 0
        print(f"{flag:28} " + " ".join(cells) + ("" if n else "   <- changes nothing!"))
    print("every flag changes something" if ok else "SOME FLAG CHANGES NOTHING")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
