#!/usr/bin/python3
"""Check each house rule without the kit: play random deals from the portable deal
generator (spec/prng.md) with and without the flag, and count the answers that differ.

    /usr/bin/python3 check_house.py [DEALS_PER_RULESET]

For every flag, two engines are started (no flag, and the flag alone) and sent the same
requests: `deal`, `game` (each deal played out at random, by the flagged engine and by the
plain one, and stopped at a third, two thirds and the end), `settle` for every contract at
a spread of points, `trick_winner` and `legal_plays` of positions met in those deals,
`card_points` of all 36 cards, `first_dealer`, `match` (runs of six deals), and `perft`
near the end of deals.  It prints, per flag and per op, how many answers differ.
"""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import prng  # noqa: E402

ENGINE = [sys.executable if sys.executable else "/usr/bin/python3", os.path.join(HERE, "frog.py")]
FLAGS = ["deal-to-the-right", "passed-may-reenter", "grand-takes-widow",
         "trumps-not-led-until-broken", "jass-trump-order", "chico-turned-trump",
         "five-count", "schneider-doubles", "bankrupt-pays-what-he-has"]
RULESETS = {"foster-1909": (3, 4, 5), "hoyle-1907": (3, 4, 5), "modern": (3, 4, 5),
            "official-1922-solo": (3, 4, 5, 6, 7), "official-1922-straight": (3, 4, 5, 6, 7),
            "official-1922-coeur-dalene": (3, 4, 5, 6, 7), "gamerules": (3,)}
LOW = {"official-1922-solo", "official-1922-straight", "official-1922-coeur-dalene"}


class Engine:
    def __init__(self, flags):
        args = list(ENGINE)
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
        if "error" in resp:
            resp["error"].pop("message", None)
        return resp

    def close(self):
        self.p.stdin.close()
        self.p.wait()


def norm(resp):
    """Sets compared as sets: legal lists, hands, widow, legal_plays."""
    r = resp.get("result")
    if isinstance(r, dict):
        r = dict(r)
        if "legal" in r:
            r["legal"] = sorted(r["legal"])
        if "hands" in r:
            r["hands"] = [sorted(h) if h else h for h in r["hands"]]
        if "widow" in r:
            r["widow"] = sorted(r["widow"])
        r.pop("name", None)
        r.pop("house_rules", None)
        return {"result": r}
    if isinstance(r, list) and r and isinstance(r[0], str):
        return {"result": sorted(r)}
    return resp


def playout(engine, rs, players, dealer, deck, seed):
    """A random legal playout chosen as the reference generator does (prng.md section 6)."""
    g = prng.SplitMix64(seed ^ 0x5EEDF406)
    actions = []
    positions = []
    base = {"op": "game", "ruleset": rs, "options": {}, "players": players, "dealer": dealer,
            "deck": deck}
    while True:
        obs = engine.ask(dict(base, actions=actions))
        if "error" in obs:
            raise RuntimeError("playout error %r" % obs)
        o = obs["result"]
        positions.append(o)
        if o["phase"] == "over":
            return actions, positions
        legal = sorted(o["legal"])
        if o["phase"] == "auction":
            bids = [a for a in ("frog", "chico", "grand") if a in legal]
            a = "pass" if (g.below(2) == 0 or not bids) else bids[0]
        else:
            a = legal[g.below(len(legal))]
        actions.append(a)


def main():
    per = int(sys.argv[1]) if len(sys.argv) > 1 else 6
    plain = Engine([])
    grand_total = {}
    for flag in FLAGS:
        eng = Engine([flag])
        counts = {}
        asked = {}

        def compare(req, op):
            a, b = norm(plain.ask(req)), norm(eng.ask(req))
            asked[op] = asked.get(op, 0) + 1
            if a != b:
                counts[op] = counts.get(op, 0) + 1

        # card points
        for c in prng.CANONICAL:
            compare({"op": "card_points", "card": c}, "card_points")
        for rs, tables in RULESETS.items():
            for k in range(per):
                seed = 7000000 + 1000 * list(RULESETS).index(rs) + k
                deck = prng.deck(seed)
                players = tables[k % len(tables)]
                dealer = k % players
                base = {"ruleset": rs, "options": {}, "players": players, "dealer": dealer,
                        "deck": deck}
                compare(dict(base, op="deal"), "deal")
                for who in (eng, plain):
                    actions, positions = playout(who, rs, players, dealer, deck, seed)
                    n = len(actions)
                    for cut in sorted({n // 3, 2 * n // 3, n}):
                        compare(dict(base, op="game", actions=actions[:cut]), "game")
                    # perft two tricks from the end (only if the deal was played out)
                    plays = [i for i, a in enumerate(actions) if a.startswith("play")]
                    if len(plays) >= 6:
                        compare(dict(base, op="perft", actions=actions[:plays[-6]]), "perft")
                    # trick_winner / legal_plays of the tricks met
                    trump = positions[-1].get("trump")
                    cards = [a[5:] for a in actions if a.startswith("play ")]
                    for t in range(0, len(cards) - 2, 3):
                        compare({"op": "trick_winner", "ruleset": rs, "trump": trump,
                                 "cards": cards[t:t + 3]}, "trick_winner")
                    hand = [c for c in deck[:11]]
                    for t in range(3):
                        compare({"op": "legal_plays", "ruleset": rs, "trump": trump,
                                 "hand": hand[t:], "trick": []}, "legal_plays")
                for contract in ("frog", "chico", "grand"):
                    for pts in (0, 20, 30, 45, 59, 60, 61, 75, 90, 91, 120):
                        for bidder in range(players):
                            compare({"op": "settle", "ruleset": rs, "options": {},
                                     "players": players, "dealer": dealer, "bidder": bidder,
                                     "contract": contract, "bidder_points": pts}, "settle")
                if rs in LOW:
                    for lowest in range(players):
                        for ch in (True, False):
                            compare({"op": "first_dealer", "ruleset": rs, "players": players,
                                     "lowest": lowest, "chooses_to_deal": ch}, "first_dealer")
                else:
                    compare({"op": "first_dealer", "ruleset": rs, "players": players,
                             "chosen": k % players}, "first_dealer")
                # a match of six deals, each played out by the flagged engine
                deals = []
                d = k % players
                for j in range(6):
                    mdeck = prng.deck(seed * 10 + j)
                    acts, _ = playout(eng, rs, players, d, mdeck, seed * 10 + j)
                    deals.append({"deck": mdeck, "actions": acts})
                    d = (d + 1) % players
                    req = {"op": "match", "ruleset": rs, "options": {}, "players": players,
                           "first_dealer": k % players, "deals": list(deals)}
                    compare(req, "match")
        eng.close()
        total = sum(counts.values())
        grand_total[flag] = total
        detail = ", ".join("%s %d/%d" % (op, counts.get(op, 0), asked[op]) for op in sorted(asked))
        print("%-28s %5d answers differ  (%s)" % (flag, total, detail))
        sys.stdout.flush()
    plain.close()
    silent = [f for f, t in grand_total.items() if t == 0]
    if silent:
        print("NO DIFFERENCE for: " + ", ".join(silent))
        return 1
    print("every flag changes some answer")
    return 0


if __name__ == "__main__":
    sys.exit(main())
