#!/usr/bin/env python3
"""Own check of the house-rule flags (no frogspec): build requests from the portable
deal generator, play random legal playouts with the plain engine, then replay every
request with each flag and report which answers change, by op and ruleset."""
import json, subprocess, sys, collections, os

HERE = os.path.dirname(os.path.abspath(__file__))
M = (1 << 64) - 1
class SM:
    def __init__(s, n): s.s = n & M
    def next(s):
        s.s = (s.s + 0x9E3779B97F4A7C15) & M
        z = s.s
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M
        return z ^ (z >> 31)
    def below(s, b):
        t = (1 << 32) % b
        while True:
            d = s.next() >> 32
            if d >= t: return d % b
CANON = [r + su for su in "CDHS" for r in ["A","10","K","Q","J","9","8","7","6"]]
def deck(n):
    g = SM(n); d = CANON[:]
    for i in range(35, 0, -1):
        j = g.below(i + 1); d[i], d[j] = d[j], d[i]
    return d
assert " ".join(deck(1)).startswith("8C 8S 6S 8D QD KS")

class Eng:
    def __init__(s, flags):
        args = ["tclsh", os.path.join(HERE, "frog.tcl")]
        for f in flags: args += ["--house", f]
        s.p = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        s.i = 0
    def ask(s, req):
        s.i += 1; req = dict(req, id=s.i)
        s.p.stdin.write(json.dumps(req) + "\n"); s.p.stdin.flush()
        r = json.loads(s.p.stdout.readline()); r.pop("id"); return r

FLAGS = ["deal-by-fours", "no-frog-for-eldest", "widow-always-shown", "no-must-trump",
         "seven-of-trumps-high", "chico-minor-suits-only", "kings-count-five",
         "double-on-schneider", "dealer-keeps-deal-on-all-pass"]
RS = {"foster-1909": [3,4,5], "hoyle-1907": [3,4,5], "modern": [3,4,5],
      "official-1922-solo": [3,5,7], "official-1922-straight": [3,4,6],
      "official-1922-coeur-dalene": [3,4,7], "gamerules": [3]}

def playout(eng, rs, players, dealer, dk, g, bidbias=True):
    acts = []
    while True:
        r = eng.ask({"op":"game","ruleset":rs,"options":{},"players":players,"dealer":dealer,"deck":dk,"actions":acts})
        ob = r["result"]
        if ob["phase"] == "over": return acts
        leg = sorted(ob["legal"])
        if ob["phase"] == "auction":
            bids = [a for a in leg if a != "pass"]
            a = "pass" if (not bids or g.below(3) == 0) else bids[g.below(len(bids))]
        else:
            a = leg[g.below(len(leg))]
        acts.append(a)

def norm(r):
    if "result" in r and isinstance(r["result"], dict) and "legal" in r["result"]:
        r = json.loads(json.dumps(r)); r["result"]["legal"] = sorted(r["result"]["legal"])
    if "result" in r and isinstance(r["result"], list) and r["result"] and isinstance(r["result"][0], str):
        r = dict(r, result=sorted(r["result"]))
    if "error" in r: r = {"error": {k: v for k, v in r["error"].items() if k != "message"}}
    return r

def main():
    nseeds = int(sys.argv[1]) if len(sys.argv) > 1 else 6
    base = Eng([])
    reqs = []   # (ruleset, op, request)
    for rs, pls in RS.items():
        for players in pls:
            for k in range(nseeds):
                seed = 1000 * players + k + 7 * len(rs)
                dk = deck(seed); g = SM(seed ^ 0x5EEDF406); dealer = seed % players
                reqs.append((rs, "deal", {"op":"deal","ruleset":rs,"options":{},"players":players,"dealer":dealer,"deck":dk}))
                acts = playout(base, rs, players, dealer, dk, g)
                for cut in range(0, len(acts) + 1, 3):
                    reqs.append((rs, "game", {"op":"game","ruleset":rs,"options":{},"players":players,"dealer":dealer,"deck":dk,"actions":acts[:cut]}))
                reqs.append((rs, "game", {"op":"game","ruleset":rs,"options":{},"players":players,"dealer":dealer,"deck":dk,"actions":acts}))
                # chico and frog openings, and a hand with trump duties
                for op in (["chico","pass","pass","trump S"], ["frog"], ["pass","chico","pass","trump D"]):
                    reqs.append((rs, "game", {"op":"game","ruleset":rs,"options":{},"players":players,"dealer":dealer,"deck":dk,"actions":op}))
            # match of several deals, some all-pass
            deals = []
            dealer = 0
            for k in range(5):
                dk = deck(50000 + k); g = SM(50000 + k)
                if k % 2 == 1: acts = ["pass", "pass", "pass"]
                else: acts = playout(base, rs, players, dealer, dk, g)
                deals.append({"deck": dk, "actions": acts})
                r = base.ask({"op":"match","ruleset":rs,"options":{},"players":players,"first_dealer":0,"deals":deals})
                if "result" in r:
                    dealer = (r["result"]["dealers"][-1] + 1) % players
                    if r["result"]["over"]: break
            reqs.append((rs, "match", {"op":"match","ruleset":rs,"options":{},"players":players,"first_dealer":0,"deals":deals}))
        for pts in (0, 25, 29, 30, 59, 60, 61, 90, 91, 100, 120):
            for c in ("frog", "chico", "grand"):
                reqs.append((rs, "settle", {"op":"settle","ruleset":rs,"options":{},"players":3,"dealer":0,"bidder":1,"contract":c,"bidder_points":pts}))
        for tr in ("H", "S", None):
            for cards in (["AH","7H"], ["AS","7H","10H"], ["7S","AS","KS"], ["9C","7C","AC"]):
                reqs.append((rs, "trick_winner", {"op":"trick_winner","ruleset":rs,"trump":tr,"cards":cards}))
            for hand, trick in ((["7H","AC","KD"], ["AS"]), (["7H","AS"], ["KS"]), (["6H","9D"], ["AC","10C"])):
                reqs.append((rs, "legal_plays", {"op":"legal_plays","ruleset":rs,"trump":tr,"hand":hand,"trick":trick}))
    for c in CANON:
        reqs.append(("-", "card_points", {"op":"card_points","card":c}))
    basea = [norm(base.ask(r)) for _, _, r in reqs]
    print(f"{len(reqs)} requests")
    for f in FLAGS:
        e = Eng([f]); tally = collections.Counter(); ex = None
        for (rs, op, r), b in zip(reqs, basea):
            a = norm(e.ask(r))
            if a != b:
                tally[(op, rs)] += 1
                if ex is None: ex = (op, rs, r.get("actions", r.get("cards", r.get("card", r.get("bidder_points")))), b, a)
        print(f"\n--house {f}: {sum(tally.values())} answers change")
        byop = collections.defaultdict(list)
        for (op, rs), n in sorted(tally.items()): byop[op].append(f"{rs}:{n}")
        for op, l in byop.items(): print(f"  {op}: {' '.join(l)}")
        if ex: print("  e.g.", json.dumps(ex)[:400])
    # all flags together must still answer
    e = Eng(FLAGS); errs = 0
    for _, _, r in reqs:
        a = e.ask(r)
        if "error" in a and a["error"]["kind"] == "invalid" and "internal" in a["error"].get("message", ""): errs += 1
    print(f"\nall nine flags together: {errs} internal errors over {len(reqs)} requests")

main()
