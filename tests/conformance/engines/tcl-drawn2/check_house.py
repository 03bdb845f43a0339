#!/usr/bin/env python3
"""Check each house rule of frog.tcl without the kit.

Random deals from the portable generator (spec/prng.md) are played out by random legal
actions, once by the engine with the house flag and once by the engine without it; every
request of either playout (each game prefix, a match of the deals, perft near the end,
the deal itself), plus random settle and trick_winner requests, is sent to both engines,
and the answers that differ are counted per op. Every flag must change something.

    python3 check_house.py [DEALS_PER_FLAG]
"""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ENGINE = ["tclsh", os.path.join(HERE, "frog.tcl")]
FLAGS = ["packets-4-4-3", "eldest-speaks-last", "lay-away-ten-points-max",
         "bidder-leads-first", "king-above-ten", "frog-bidder-names-trump",
         "dead-widow", "schneider-doubles", "dealer-redeals-all-pass"]
RULESETS = {"foster-1909": (3, 5), "hoyle-1907": (3, 5), "modern": (3, 5),
            "official-1922-solo": (3, 7), "official-1922-straight": (3, 7),
            "official-1922-coeur-dalene": (3, 7), "gamerules": (3, 3)}
M64 = (1 << 64) - 1


class SplitMix64:
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


PACK = [r + s for s in "CDHS" for r in ["A", "10", "K", "Q", "J", "9", "8", "7", "6"]]


def deck_of(n):
    g = SplitMix64(n)
    d = PACK[:]
    for i in range(35, 0, -1):
        j = g.below(i + 1)
        d[i], d[j] = d[j], d[i]
    return d


assert " ".join(deck_of(1)).startswith("8C 8S 6S 8D QD KS KC 10H AC 7H")


class Engine:
    def __init__(self, flags):
        args = ENGINE[:]
        for f in flags:
            args += ["--house", f]
        self.p = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.n = 0

    def ask(self, req):
        self.n += 1
        req = dict(req, id=self.n)
        self.p.stdin.write(json.dumps(req) + "\n")
        self.p.stdin.flush()
        resp = json.loads(self.p.stdout.readline())
        resp.pop("id", None)
        return resp

    def close(self):
        self.p.stdin.close()
        self.p.wait()


def norm(resp):
    """Sets compare as sets; error messages are free text."""
    r = json.loads(json.dumps(resp))
    if "error" in r:
        r["error"].pop("message", None)
    res = r.get("result")
    if isinstance(res, dict) and isinstance(res.get("legal"), list):
        res["legal"] = sorted(res["legal"])
    if isinstance(res, dict) and isinstance(res.get("hands"), list):
        res["hands"] = [sorted(h) if h else h for h in res["hands"]]
        res["widow"] = sorted(res["widow"])
    return r


def playout(engine, rs, players, dealer, deck, g):
    """Random legal playout; returns the list of game requests (each prefix)."""
    base = {"op": "game", "ruleset": rs, "options": {}, "players": players,
            "dealer": dealer, "deck": deck}
    actions, reqs = [], []
    while True:
        req = dict(base, actions=list(actions))
        reqs.append(req)
        obs = engine.ask(req)["result"]
        if obs["phase"] == "over":
            return reqs, actions
        legal = obs["legal"]
        if obs["phase"] == "auction":
            bids = [a for a in ("frog", "chico", "grand") if a in legal]
            a = "pass" if (g.below(2) == 0 or not bids) else bids[0]
        else:
            a = legal[g.below(len(legal))]
        actions.append(a)


def main():
    per_flag = int(sys.argv[1]) if len(sys.argv) > 1 else 28
    plain = Engine([])
    total_ok = True
    for flag in FLAGS:
        housed = Engine([flag])
        diff, sent = {}, {}

        def compare(req):
            op = req["op"]
            sent[op] = sent.get(op, 0) + 1
            if norm(plain.ask(req)) != norm(housed.ask(req)):
                diff[op] = diff.get(op, 0) + 1

        g = SplitMix64(20261251 + FLAGS.index(flag))
        names = sorted(RULESETS)
        for i in range(per_flag):
            rs = names[i % len(names)]
            lo, hi = RULESETS[rs]
            players = lo + g.below(hi - lo + 1)
            dealer = g.below(players)
            seed = 1000 * (FLAGS.index(flag) + 1) + i
            deals = []
            for which, eng in (("plain", plain), ("house", housed)):
                deck = deck_of(seed)
                compare({"op": "deal", "ruleset": rs, "options": {}, "players": players,
                         "dealer": dealer, "deck": deck})
                reqs, actions = playout(eng, rs, players, dealer, deck, SplitMix64(seed ^ 0x5EEDF406))
                for r in reqs:
                    compare(r)
                if len(actions) > 12:
                    compare(dict(reqs[-1], op="perft", actions=actions[:-9]))
                deals.append((deck, actions))
            # a match of consecutive deals, each played by the housed engine from its own dealer
            mdeals, d = [], dealer
            for k in range(4):
                deck = deck_of(seed * 7 + k)
                _, actions = playout(housed, rs, players, d, deck, SplitMix64(seed * 7 + k))
                mdeals.append({"deck": deck, "actions": actions})
                m = housed.ask({"op": "match", "ruleset": rs, "options": {}, "players": players,
                                "first_dealer": dealer, "deals": mdeals})
                if "error" in m or m["result"]["over"]:
                    break
                d = m["result"]["dealers"][-1]
                d = d if (flag == "dealer-redeals-all-pass" and not [a for a in actions if a != "pass"]) else (d + 1) % players
            compare({"op": "match", "ruleset": rs, "options": {}, "players": players,
                     "first_dealer": dealer, "deals": mdeals})
            # random settlements and tricks
            for _ in range(5):
                bidder = (dealer + 1) % players
                contract = ["chico", "grand", "frog"][g.below(3 if rs != "official-1922-straight" else 2)]
                compare({"op": "settle", "ruleset": rs, "options": {}, "players": players, "dealer": dealer,
                         "bidder": bidder, "contract": contract, "bidder_points": g.below(121)})
                cards = []
                while len(cards) < 3:
                    c = PACK[g.below(36)]
                    if c not in cards:
                        cards.append(c)
                compare({"op": "trick_winner", "ruleset": rs, "trump": "CDHS"[g.below(4)], "cards": cards})
        housed.close()
        changed = sum(diff.values())
        total_ok &= changed > 0
        print(f"{flag:26} differing answers: {changed:5}  by op: "
              + ", ".join(f"{op} {diff.get(op, 0)}/{sent[op]}" for op in sorted(sent)))
    plain.close()
    print("every flag changes something" if total_ok else "SOME FLAG CHANGES NOTHING")
    return 0 if total_ok else 1


if __name__ == "__main__":
    sys.exit(main())
