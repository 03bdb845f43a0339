#!/usr/bin/env python3
"""Check the house rules without the kit: play random deals (portable generator of
spec/prng.md) with and without each flag, send the same requests to an engine without
flags and to one with the flag, and count the answers that differ, op by op.

Usage: python3 check_house.py [SEEDS]   (default 12 seeds per ruleset)
"""
import json
import random
import subprocess
import sys
from pathlib import Path

ENGINE = str(Path(__file__).resolve().parent / "frog")
FLAGS = ["widow-dealt-first", "all-pass-eldest-frog", "widow-always-shown", "bidder-leads-first",
         "trump-jack-high", "frog-diamonds-trump", "solo-widow-to-defenders", "flat-rate",
         "target-300-ends"]
RULESETS = {"foster-1909": (3, 5), "hoyle-1907": (3, 5), "modern": (3, 5),
            "official-1922-solo": (3, 7), "official-1922-straight": (3, 7),
            "official-1922-coeur-dalene": (3, 7), "gamerules": (3, 3)}
M64 = (1 << 64) - 1
PACK = [r + s for s in "CDHS" for r in ["A", "10", "K", "Q", "J", "9", "8", "7", "6"]]


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
        threshold = (1 << 32) % b
        while True:
            d = self.next() >> 32
            if d >= threshold:
                return d % b


def deck_of(n):
    g = SplitMix(n)
    deck = list(PACK)
    for i in range(35, 0, -1):
        j = g.below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


class Engine:
    def __init__(self, flags):
        args = [ENGINE]
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
        if "error" in ans:
            ans["error"].pop("message", None)
        return ans

    def close(self):
        self.p.stdin.close()
        self.p.wait()


def norm(ans):
    """Sets compared as sets, as the kit does."""
    r = ans.get("result")
    if isinstance(r, dict):
        r = dict(r)
        if isinstance(r.get("legal"), list):
            r["legal"] = sorted(r["legal"])
        if isinstance(r.get("hands"), list):
            r["hands"] = [sorted(h) if h else h for h in r["hands"]]
        if isinstance(r.get("widow"), list):
            r["widow"] = sorted(r["widow"])
        return {"result": r}
    if isinstance(r, list) and r and isinstance(r[0], str):
        return {"result": sorted(r)}
    return ans


def playout(eng, base_req, rng):
    """A random legal playout by `eng`; returns the actions and the positions seen."""
    actions = []
    positions = []
    while True:
        req = dict(base_req, op="game", actions=list(actions))
        obs = eng.ask(req)
        positions.append(list(actions))
        res = obs.get("result")
        if res is None or res["phase"] == "over":
            return actions, positions
        legal = res["legal"]
        if res["phase"] == "auction":
            bids = [b for b in ["frog", "chico", "grand"] if b in legal]
            a = "pass" if (rng.random() < 0.5 or not bids) else bids[0]
        else:
            a = rng.choice(sorted(legal))
        actions.append(a)


def main():
    seeds = int(sys.argv[1]) if len(sys.argv) > 1 else 12
    base = Engine([])
    report = {}
    for flag in FLAGS + ["ALL"]:
        eng = Engine(FLAGS if flag == "ALL" else [flag])
        counts = {}
        rng = random.Random(20261257)

        def compare(op, req):
            a, b = norm(base.ask(req)), norm(eng.ask(req))
            c = counts.setdefault(op, [0, 0])
            c[0] += 1
            if a != b:
                c[1] += 1

        for rs, (lo, hi) in RULESETS.items():
            for k in range(seeds):
                seed = 32_000_000 + 1000 * k + lo
                players = lo + k % (hi - lo + 1)
                dealer = k % players
                deck = deck_of(seed)
                base_req = {"ruleset": rs, "options": {}, "players": players, "dealer": dealer, "deck": deck}
                compare("deal", dict(base_req, op="deal"))
                # playouts by the flagged engine and by the plain one; every position compared
                for who in (eng, base):
                    acts, positions = playout(who, base_req, rng)
                    for pos in positions:
                        compare("game", dict(base_req, op="game", actions=pos))
                    if len(acts) >= 6:
                        compare("perft", dict(base_req, op="perft", actions=acts[:-6]))
                # settle
                for contract in ["frog", "chico", "grand"]:
                    pts = rng.randrange(0, 121)
                    bidder = (dealer + 1) % players
                    compare("settle", {"op": "settle", "ruleset": rs, "options": {}, "players": players,
                                       "dealer": dealer, "bidder": bidder, "contract": contract,
                                       "bidder_points": pts})
                # trick_winner, legal_plays
                cards = rng.sample(PACK, 3)
                trump = rng.choice(["C", "D", "H", "S"])
                compare("trick_winner", {"op": "trick_winner", "ruleset": rs, "trump": trump, "cards": cards})
                trumps = rng.sample([c for c in PACK if c.endswith(trump)], 3)
                compare("trick_winner", {"op": "trick_winner", "ruleset": rs, "trump": trump, "cards": trumps})
                hand = rng.sample([c for c in PACK if c not in cards[:2]], 6)
                compare("legal_plays", {"op": "legal_plays", "ruleset": rs, "trump": trump, "hand": hand,
                                        "trick": cards[:rng.randrange(0, 3)]})
                compare("card_points", {"op": "card_points", "card": rng.choice(PACK)})
            # matches: deals played out by the flagged engine, then by the plain one
            for who in (eng, base):
                players = lo
                deals = []
                for d in range(8):
                    deck = deck_of(32_500_000 + d + 100 * lo)
                    req = {"ruleset": rs, "options": {}, "players": players, "dealer": d % players, "deck": deck}
                    acts, _ = playout(who, req, rng)
                    deals.append({"deck": deck, "actions": acts})
                    compare("match", {"op": "match", "ruleset": rs, "options": {}, "players": players,
                                      "first_dealer": 0, "deals": list(deals)})
        eng.close()
        report[flag] = counts
    base.close()
    ops = ["card_points", "trick_winner", "legal_plays", "deal", "settle", "game", "perft", "match"]
    print("differing answers / answers compared, by op (one engine with the flag, one without;")
    print("ALL: every flag at once)")
    print(f"{'flag':26}" + "".join(f"{op:>15}" for op in ops))
    for flag, counts in report.items():
        row = "".join(f"{'%d/%d' % tuple(reversed(counts.get(op, [0, 0]))):>15}" for op in ops)
        print(f"{flag:26}{row}")
    missing = [f for f, c in report.items() if not any(v[1] for v in c.values())]
    print("every flag changes something" if not missing else f"NO CHANGE: {missing}")


if __name__ == "__main__":
    main()
