#!/usr/bin/env python3
"""Own check of the house rules (no kit): for each flag, play random legal deals from the
portable generator under the flag, replay the same requests with no flag, and count which
answers differ, by op and ruleset."""
import json, subprocess, sys, os
HERE = os.path.dirname(os.path.abspath(__file__))
M = (1 << 64) - 1
RANKS = ['A', '10', 'K', 'Q', 'J', '9', '8', '7', '6']
PACK = [r + s for s in 'CDHS' for r in RANKS]

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

def deck(n):
    d = PACK[:]; g = SM(n)
    for i in range(35, 0, -1):
        j = g.below(i + 1); d[i], d[j] = d[j], d[i]
    return d
assert ' '.join(deck(12345)).startswith('7H KH QH QD 9H 6H')

class Eng:
    def __init__(s, flags):
        a = ['perl', os.path.join(HERE, 'frog.pl')]
        for f in flags: a += ['--house', f]
        s.p = subprocess.Popen(a, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        s.i = 0
    def ask(s, req):
        s.i += 1; req = dict(req, id=s.i)
        s.p.stdin.write(json.dumps(req) + '\n'); s.p.stdin.flush()
        r = json.loads(s.p.stdout.readline()); r.pop('id', None)
        if 'error' in r: r['error'].pop('message', None)
        if 'result' in r and isinstance(r['result'], dict) and 'legal' in r['result']:
            r['result']['legal'] = sorted(r['result']['legal'])
        if 'result' in r and isinstance(r['result'], list) and r['result'] and isinstance(r['result'][0], str):
            r['result'] = sorted(r['result'])
        return r

RULESETS = {'foster-1909': [3, 4, 5], 'hoyle-1907': [3, 4, 5], 'modern': [3, 4, 5],
            'official-1922-solo': [3, 4, 5, 7], 'official-1922-straight': [3, 5],
            'official-1922-coeur-dalene': [3, 4, 6], 'gamerules': [3]}
FLAGS = ['widow-last', 'one-bid-each-everywhere', 'no-counters-away', 'must-head', 'ace-low',
         'chico-minor-suits', 'last-trick-takes-widow', 'round-up-to-five', 'deal-passes-right']

def playout(eng, rs, players, dealer, dk, seed):
    g = SM(seed ^ 0x5EEDF406); acts = []
    base = dict(op='game', ruleset=rs, options={}, players=players, dealer=dealer, deck=dk)
    while True:
        r = eng.ask(dict(base, actions=acts))['result']
        if r['phase'] == 'over': return acts
        L = r['legal']
        if r['phase'] == 'auction':
            bids = [x for x in L if x != 'pass']
            a = 'pass' if (g.below(2) == 0 or not bids) else bids[0]
            if a == 'pass' and len(acts) < 6 and bids and g.below(3): a = bids[0]
        else:
            a = L[g.below(len(L))]
        acts.append(a)

def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 6
    plain = Eng([])
    total = {}
    for f in FLAGS:
        he = Eng([f]); diff = {}
        def cmp(req, key):
            a, b = plain.ask(req), he.ask(req)
            diff.setdefault(key, [0, 0])
            diff[key][1] += 1
            if a != b: diff[key][0] += 1
        for rs, pls in RULESETS.items():
            for k in range(n):
                seed = 1000 + k; players = pls[k % len(pls)]; dk = deck(seed); dealer = k % players
                base = dict(ruleset=rs, options={}, players=players, dealer=dealer, deck=dk)
                cmp(dict(base, op='deal'), ('deal', rs))
                acts = playout(he, rs, players, dealer, dk, seed)
                for cut in (len(acts) // 3, 2 * len(acts) // 3, len(acts)):
                    cmp(dict(base, op='game', actions=acts[:cut]), ('game', rs))
                # the same deal played out under the rules as written
                acts0 = playout(plain, rs, players, dealer, dk, seed)
                cmp(dict(base, op='game', actions=acts0), ('game-plain-playout', rs))
                # a match of three deals, each a playout of the flagged engine
                deals = []; d = dealer
                for j in range(3):
                    dk2 = deck(seed * 10 + j)
                    pr = he.ask(dict(op='match', ruleset=rs, options={}, players=players,
                                     first_dealer=dealer, deals=deals))
                    if 'result' not in pr: break
                    dd = pr['result']['dealers']
                    nd = (dd[-1] + (players - 1 if f == 'deal-passes-right' else 1)) % players if dd else dealer
                    deals.append(dict(deck=dk2, actions=playout(he, rs, players, nd, dk2, seed * 10 + j)))
                cmp(dict(op='match', ruleset=rs, options={}, players=players, first_dealer=dealer, deals=deals), ('match', rs))
            # fixed probes: auction sequences, the Frog's laying away, the Chico's trump
            for k in range(n):
                players = pls[k % len(pls)]; dk = deck(2000 + k)
                base = dict(op='game', ruleset=rs, options={}, players=players, dealer=0, deck=dk)
                for acts in (['frog', 'chico'], ['frog', 'pass', 'chico'], ['frog', 'chico', 'pass'],
                             ['pass', 'pass', 'frog'], ['pass', 'chico'], ['chico', 'pass', 'pass'],
                             ['pass', 'chico', 'pass', 'trump S'], ['pass', 'pass', 'chico', 'trump H']):
                    cmp(dict(base, actions=acts), ('game-probe', rs))
            for c in ('frog', 'chico', 'grand'):
                for bp in (0, 33, 59, 61, 77, 120):
                    cmp(dict(op='settle', ruleset=rs, options={}, players=3, dealer=0, bidder=1, contract=c, bidder_points=bp), ('settle', rs))
            for k in range(40):
                dk = deck(5000 + k); hand = dk[:8]; trick = dk[8:8 + (k % 3)]
                for t in ('H', 'S', None):
                    cmp(dict(op='legal_plays', ruleset=rs, trump=t, hand=hand, trick=trick), ('legal_plays', rs))
                    cmp(dict(op='trick_winner', ruleset=rs, trump=t, cards=dk[20:23]), ('trick_winner', rs))
        print('==', f)
        for (op, rs), (d, t) in sorted(diff.items()):
            if d: print('   %-20s %-28s %4d / %d differ' % (op, rs, d, t))
        he.p.stdin.close()

def all_together():
    e = Eng(FLAGS)
    for k in range(10):
        for rs, pls in RULESETS.items():
            p = pls[k % len(pls)]; dk = deck(k); a = playout(e, rs, p, 0, dk, k)
            r = e.ask(dict(op='game', ruleset=rs, options={}, players=p, dealer=0, deck=dk, actions=a))
            assert r['result']['phase'] == 'over', r
    print('all nine flags together: 70 whole deals played to the end')

if len(sys.argv) > 1 and sys.argv[1] == 'all':
    all_together()
else:
    main()
