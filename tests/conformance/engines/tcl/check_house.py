#!/usr/bin/env python3
"""Own check of the house flags (not the kit): build requests from the portable deal
generator and random playouts of the engine itself (no flags), send the same requests to
the engine with each flag, and report what changed, by op / ruleset / what differs.

usage: python3 check_house.py [N_SEEDS]
"""
import json, random, subprocess, sys, collections, os

HERE = os.path.dirname(os.path.abspath(__file__))
ENGINE = ["tclsh", os.path.join(HERE, "frog.tcl")]
FLAGS = ["widow-last", "stuck-last", "widow-shown", "no-must-trump", "spade-queen-trump",
         "chico-no-hearts", "last-trick-ten", "slam-doubles", "redeal-on-pass"]
RULESETS = {"foster-1909": [3, 4, 5], "hoyle-1907": [3, 4], "modern": [3, 4, 5],
            "official-1922-solo": [3, 4, 5, 7], "official-1922-straight": [3, 4, 6],
            "official-1922-coeur-dalene": [3, 4, 5], "gamerules": [3]}
M = (1 << 64) - 1
PACK = [r + s for s in "CDHS" for r in ["A", "10", "K", "Q", "J", "9", "8", "7", "6"]]


class SM:
    def __init__(self, n): self.s = n & M
    def next(self):
        self.s = (self.s + 0x9E3779B97F4A7C15) & M
        z = self.s
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M
        return z ^ (z >> 31)
    def below(self, b):
        t = (1 << 32) % b
        while True:
            d = self.next() >> 32
            if d >= t: return d % b


def deck_of(n):
    d = PACK[:]
    g = SM(n)
    for i in range(35, 0, -1):
        j = g.below(i + 1)
        d[i], d[j] = d[j], d[i]
    return d


class Engine:
    def __init__(self, flags=()):
        args = list(ENGINE)
        for f in flags: args += ["--house", f]
        self.p = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.i = 0
    def ask(self, req):
        self.i += 1
        req = dict(req, id=self.i)
        self.p.stdin.write(json.dumps(req) + "\n"); self.p.stdin.flush()
        r = json.loads(self.p.stdout.readline())
        r.pop("id", None)
        return r
    def close(self):
        self.p.stdin.close(); self.p.wait()


def build_requests(nseeds):
    e = Engine()
    rnd = random.Random(7)
    reqs = []
    seed = 1000
    for rs, plist in RULESETS.items():
        opts_list = [{}]
        if rs in ("official-1922-solo", "official-1922-coeur-dalene"):
            opts_list += [{"penalty_frog": True}, {"sitting_out": "pay-and-receive"}]
        for n in plist:
            for k in range(nseeds):
                seed += 1
                deck = deck_of(seed)
                dealer = seed % n
                opts = opts_list[k % len(opts_list)]
                base = {"op": "game", "ruleset": rs, "options": opts, "players": n,
                        "dealer": dealer, "deck": deck}
                reqs.append({"op": "deal", "ruleset": rs, "options": opts, "players": n,
                             "dealer": dealer, "deck": deck})
                acts = []
                while True:
                    r = e.ask(dict(base, actions=acts))
                    reqs.append(dict(base, actions=list(acts)))
                    res = r["result"]
                    if res["phase"] == "over": break
                    legal = res["legal"]
                    if res["phase"] == "auction":
                        a = "pass" if rnd.random() < 0.5 and "pass" in legal else rnd.choice(legal)
                    else:
                        a = rnd.choice(legal)
                    acts.append(a)
                # a perft near the end
                if len(acts) > 6:
                    reqs.append(dict(base, op="perft", actions=acts[:-6], depth=4))
                # a match of this deal and an all-pass deal
                reqs.append({"op": "match", "ruleset": rs, "options": opts, "players": n,
                             "first_dealer": dealer,
                             "deals": [{"deck": deck, "actions": acts},
                                       {"deck": deck_of(seed + 1), "actions": ["pass", "pass", "pass"]}]})
            for c in ["frog", "chico", "grand"]:
                for bp in [0, 30, 59, 60, 61, 65, 66, 90, 120]:
                    reqs.append({"op": "settle", "ruleset": rs, "options": opts_list[-1], "players": n,
                                 "dealer": 0, "bidder": 1, "contract": c, "bidder_points": bp})
        for _ in range(40):
            cards = rnd.sample(PACK, 14)
            trump = rnd.choice(["C", "D", "H", "S", None])
            if rnd.random() < 0.3: cards = ["QS"] + [c for c in cards if c != "QS"]
            reqs.append({"op": "trick_winner", "ruleset": rs, "trump": trump, "cards": cards[:3]})
            reqs.append({"op": "legal_plays", "ruleset": rs, "trump": trump,
                         "hand": cards[3:3 + rnd.randint(1, 11)], "trick": cards[:rnd.randint(0, 2)]})
    for c in PACK: reqs.append({"op": "card_points", "card": c})
    e.close()
    return reqs


def main():
    nseeds = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    reqs = build_requests(nseeds)
    print(f"{len(reqs)} requests")
    base = Engine(); ref = [base.ask(r) for r in reqs]; base.close()
    for f in FLAGS:
        e = Engine([f]); out = [e.ask(r) for r in reqs]; e.close()
        changed = collections.Counter(); example = {}
        for r, a, b in zip(reqs, ref, out):
            if a != b:
                what = []
                ra, rb = a.get("result"), b.get("result")
                if isinstance(ra, dict) and isinstance(rb, dict):
                    what = sorted(k for k in set(ra) | set(rb) if ra.get(k) != rb.get(k))
                elif "error" in a or "error" in b:
                    what = ["error:" + str((a.get("error") or {}).get("kind")) + "->" + str((b.get("error") or {}).get("kind"))]
                else:
                    what = ["result"]
                key = (r["op"], r.get("ruleset"), ",".join(what))
                changed[key] += 1
                example.setdefault(key, (r, a, b))
        print(f"\n== --house {f}: {sum(changed.values())} of {len(reqs)} answers differ")
        for k, v in sorted(changed.items(), key=str):
            print(f"   {v:5d}  op={k[0]} ruleset={k[1]} differs in: {k[2]}")


if __name__ == "__main__":
    main()
