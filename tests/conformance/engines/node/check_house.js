'use strict';
// Self-check of each house flag with the engine's own requests (not the kit):
// for each flag, random requests of every op are answered with the flag off and on,
// and the differences are tallied by op, ruleset and what differs.
// Usage: node check_house.js [N]
const { handle, HOUSE, RULESETS } = require('./frog.js');

let seed = 12345;
function rnd(n) { seed = (seed * 1103515245 + 12345) % 2147483648; return Math.floor((seed / 2147483648) * n); }
const RANKS = ['A', '10', 'K', 'Q', 'J', '9', '8', '7', '6'];
const SUITS = ['C', 'D', 'H', 'S'];
const PACK = []; for (const s of SUITS) for (const r of RANKS) PACK.push(r + s);
function shuffled() { const d = PACK.slice(); for (let i = d.length - 1; i > 0; i--) { const j = rnd(i + 1); [d[i], d[j]] = [d[j], d[i]]; } return d; }
const RS = Object.keys(RULESETS);

function ask(req, flags) {
  HOUSE.clear(); for (const f of flags) HOUSE.add(f);
  const r = handle(JSON.parse(JSON.stringify(req)));
  HOUSE.clear();
  return r;
}
function optionsFor(rs) {
  const o = {};
  const spec = RULESETS[rs].options;
  if (spec.sitting_out) o.sitting_out = ['receive-only', 'pay-and-receive', 'pay-and-receive-solo-only'][rnd(3)];
  if (spec.penalty_frog) o.penalty_frog = rnd(2) === 1;
  return o;
}
function diffKeys(a, b) {
  if (a.error || b.error) return JSON.stringify(a.error) === JSON.stringify(b.error) ? [] : ['error'];
  const x = a.result, y = b.result;
  if (typeof x !== 'object' || x === null) return JSON.stringify(x) === JSON.stringify(y) ? [] : ['result'];
  const keys = new Set([...Object.keys(x), ...Object.keys(y)]);
  const out = [];
  for (const k of keys) {
    let vx = x[k], vy = y[k];
    if (Array.isArray(vx) && Array.isArray(vy) && (k === 'legal')) { vx = vx.slice().sort(); vy = vy.slice().sort(); }
    if (JSON.stringify(vx) !== JSON.stringify(vy)) out.push(k);
  }
  return out;
}

function check(flag, N) {
  const tally = {};
  const note = (key) => { tally[key] = (tally[key] || 0) + 1; };
  for (let t = 0; t < N; t++) {
    const rs = RS[rnd(RS.length)];
    const R = RULESETS[rs];
    const players = R.minP + rnd(R.maxP - R.minP + 1);
    const dealer = rnd(players);
    const deck = shuffled();
    const options = optionsFor(rs);
    // deal
    let d = diffKeys(ask({ id: 1, op: 'deal', ruleset: rs, options, players, dealer, deck }, []),
      ask({ id: 1, op: 'deal', ruleset: rs, options, players, dealer, deck }, [flag]));
    if (d.length) note('deal ' + rs + ': ' + d.join(','));
    // trick_winner, legal_plays
    const trump = [null, 'C', 'D', 'H', 'S'][rnd(5)];
    const k = 1 + rnd(3);
    const cards = deck.slice(0, k);
    d = diffKeys(ask({ id: 1, op: 'trick_winner', ruleset: rs, trump, cards }, []), ask({ id: 1, op: 'trick_winner', ruleset: rs, trump, cards }, [flag]));
    if (d.length) note('trick_winner: ' + d.join(','));
    const hand = deck.slice(5, 5 + 1 + rnd(11)); const trick = deck.slice(0, rnd(3));
    d = diffKeys(ask({ id: 1, op: 'legal_plays', ruleset: rs, trump, hand, trick }, []), ask({ id: 1, op: 'legal_plays', ruleset: rs, trump, hand, trick }, [flag]));
    if (d.length) note('legal_plays: ' + d.join(','));
    // settle
    const active = ask({ id: 1, op: 'deal', ruleset: rs, options, players, dealer, deck }, []).result.active;
    const sreq = { id: 1, op: 'settle', ruleset: rs, options, players, dealer, bidder: active[rnd(3)], contract: ['frog', 'chico', 'grand'][rnd(3)], bidder_points: rnd(121) };
    d = diffKeys(ask(sreq, []), ask(sreq, [flag]));
    if (d.length) note('settle ' + rs + ' ' + sreq.contract + (sreq.bidder_points < 60 ? ' lost' : sreq.bidder_points > 60 ? ' won' : ' tie') + ': ' + d.join(','));
    // first_dealer
    const freq = R.firstDealer === 'any' ? { id: 1, op: 'first_dealer', ruleset: rs, players, chosen: rnd(players) }
      : { id: 1, op: 'first_dealer', ruleset: rs, players, lowest: rnd(players), chooses_to_deal: rnd(2) === 1 };
    d = diffKeys(ask(freq, []), ask(freq, [flag]));
    if (d.length) note('first_dealer ' + rs + (freq.chooses_to_deal === false ? ' eldest' : '') + ': ' + d.join(','));
    // a whole game played with the flag on, each prefix compared with the flag off
    const actions = [];
    for (;;) {
      const g = { id: 1, op: 'game', ruleset: rs, options, players, dealer, deck, actions };
      const on = ask(g, [flag]);
      const off = ask(g, []);
      d = diffKeys(off, on);
      if (d.length) {
        note('game ' + rs + ' phase ' + (on.result ? on.result.phase : 'err') + '/' + (off.result ? off.result.phase : 'err') + ': ' + d.join(','));
        break; // the histories part here
      }
      if (!on.result || on.result.phase === 'over') break;
      const legal = on.result.legal;
      let a = legal[rnd(legal.length)];
      if (on.result.phase === 'auction' && rnd(3) > 0) a = 'pass';
      if (on.result.phase === 'auction' && rnd(4) === 0 && legal.length > 1) a = legal[1];
      actions.push(a);
    }
    // match of three deals
    const deals = [0, 1, 2].map(() => {
      const dk = shuffled(); const acts = [];
      for (;;) {
        const o = ask({ id: 1, op: 'game', ruleset: rs, options, players, dealer: 0, deck: dk, actions: acts }, []).result;
        if (!o || o.phase === 'over') break;
        let a = o.legal[rnd(o.legal.length)];
        if (o.phase === 'auction' && rnd(2)) a = 'pass';
        acts.push(a);
      }
      return { deck: dk, actions: acts };
    });
    // played from dealer 0 each time, so this match must start at dealer 0 with 3 players only
    if (players === 3) {
      const mreq = { id: 1, op: 'match', ruleset: rs, options, players, first_dealer: 0, deals: [deals[0]] };
      d = diffKeys(ask(mreq, []), ask(mreq, [flag]));
      if (d.length) note('match ' + rs + ': ' + d.join(','));
    }
  }
  return tally;
}

const N = Number(process.argv[2] || 300);
const { HOUSE_FLAGS } = require('./frog.js');
for (const f of HOUSE_FLAGS) {
  seed = 777;
  const t = check(f, N);
  console.log('== --house ' + f);
  for (const k of Object.keys(t).sort()) console.log('   ' + t[k] + '\t' + k);
}
