#!/usr/bin/env node
'use strict';
// Checks, without the kit, which protocol answers each house rule changes.
// Deals come from the portable generator (prng.md); actions are random legal playouts
// chosen under the house rule; every request is answered with the flag off and on.
const { respond, RULESETS, HOUSE_NAMES } = require('./frog.js');

const M64 = (1n << 64n) - 1n;
class SplitMix64 {
  constructor(seed) { this.s = BigInt(seed) & M64; }
  next() {
    this.s = (this.s + 0x9E3779B97F4A7C15n) & M64;
    let z = this.s;
    z = ((z ^ (z >> 30n)) * 0xBF58476D1CE4E5B9n) & M64;
    z = ((z ^ (z >> 27n)) * 0x94D049BB133111EBn) & M64;
    return z ^ (z >> 31n);
  }
  next32() { return Number(this.next() >> 32n); }
  below(b) {
    const threshold = Number((1n << 32n) % BigInt(b));
    for (;;) { const d = this.next32(); if (d >= threshold) return d % b; }
  }
}
const SUITS = ['C', 'D', 'H', 'S'];
const RANKS = ['A', '10', 'K', 'Q', 'J', '9', '8', '7', '6'];
const CANON = []; for (const s of SUITS) for (const r of RANKS) CANON.push(r + s);
function deckOf(n) {
  const d = CANON.slice(); const g = new SplitMix64(n);
  for (let i = 35; i >= 1; i--) { const j = g.below(i + 1); [d[i], d[j]] = [d[j], d[i]]; }
  return d;
}
// self-test against prng.md
if (deckOf(1).join(' ') !== '8C 8S 6S 8D QD KS KC 10H AC 7H 10C AD JH 6D 9H 6C JD JS KD 9D 6H KH 7C AH 7S 9C QC 10D JC 7D QH 8H 9S QS AS 10S') throw new Error('prng mismatch');

const ask = (req, house) => respond(JSON.stringify(req), new Set(house));
const same = (a, b) => JSON.stringify(norm(a)) === JSON.stringify(norm(b));
function norm(r) { // legal lists and hands are sets: sort them
  const x = JSON.parse(JSON.stringify(r)); delete x.id;
  if (x.error) delete x.error.message;
  if (x.result && Array.isArray(x.result.legal)) x.result.legal.sort();
  if (x.result && Array.isArray(x.result.hands)) x.result.hands = x.result.hands.map((h) => h && h.slice().sort());
  if (Array.isArray(x.result) && typeof x.result[0] === 'string') x.result.sort();
  return x;
}

// a random legal playout under `house`
function playout(rs, players, dealer, deck, house, rng, preferBids) {
  const actions = [];
  for (let k = 0; k < 200; k++) {
    const r = ask({ id: 1, op: 'game', ruleset: rs, options: {}, players, dealer, deck, actions }, house).result;
    if (r.phase === 'over') break;
    let legal = r.legal.slice().sort();
    if (r.phase === 'auction') {
      const bids = legal.filter((a) => a !== 'pass');
      actions.push(bids.length && rng.below(preferBids) !== 0 ? bids[rng.below(bids.length)] : 'pass');
    } else actions.push(legal[rng.below(legal.length)]);
  }
  return actions;
}

const DEALS = Number(process.argv[2] || 60);
const report = {};
for (const flag of HOUSE_NAMES) {
  report[flag] = {};
  for (const rs of Object.keys(RULESETS)) {
    const c = { game: 0, gameOf: 0, deal: 0, dealOf: 0, settle: 0, settleOf: 0, legal_plays: 0, legalOf: 0,
      trick_winner: 0, trickOf: 0, match: 0, matchOf: 0, example: null };
    const maxP = RULESETS[rs].max;
    for (let seed = 1; seed <= DEALS; seed++) {
      const rng = new SplitMix64(seed ^ 0x5EEDF406);
      const players = 3 + (seed % (maxP - 2));
      const dealer = seed % players;
      const deck = deckOf(seed);
      // deal
      const dq = { id: 1, op: 'deal', ruleset: rs, options: {}, players, dealer, deck };
      c.dealOf++; if (!same(ask(dq, []), ask(dq, [flag]))) c.deal++;
      // game: whole deal and its prefixes, actions chosen with the flag on
      const acts = playout(rs, players, dealer, deck, [flag], rng, 3);
      for (let cut = 0; cut <= acts.length; cut++) {
        const q = { id: 1, op: 'game', ruleset: rs, options: {}, players, dealer, deck, actions: acts.slice(0, cut) };
        c.gameOf++;
        const a = ask(q, []), b = ask(q, [flag]);
        if (!same(a, b)) { c.game++; if (!c.example) c.example = { actions: q.actions.slice(-4), cut, off: norm(a), on: norm(b) }; }
      }
      // legal_plays and trick_winner on random positions
      const hand = deck.slice(0, 1 + rng.below(11));
      const trick = deck.slice(20, 20 + rng.below(3));
      const trump = [null, 'C', 'D', 'H', 'S'][rng.below(5)];
      const lq = { id: 1, op: 'legal_plays', ruleset: rs, trump, hand, trick };
      c.legalOf++; if (!same(ask(lq, []), ask(lq, [flag]))) c.legal_plays++;
      const tq = { id: 1, op: 'trick_winner', ruleset: rs, trump, cards: deck.slice(10, 13) };
      c.trickOf++; if (!same(ask(tq, []), ask(tq, [flag]))) c.trick_winner++;
      // settle
      const active = ask(dq, []).result.active;
      for (const contract of RULESETS[rs].contracts) {
        const sq = { id: 1, op: 'settle', ruleset: rs, options: {}, players, dealer, bidder: active[rng.below(3)], contract, bidder_points: rng.below(121) };
        c.settleOf++; if (!same(ask(sq, []), ask(sq, [flag]))) c.settle++;
      }
    }
    // matches: eight deals each, dealt from consecutive seeds, played with the flag on
    for (let m = 1; m <= Math.max(3, DEALS / 10); m++) {
      const rng = new SplitMix64(1000 + m);
      const players = 3; const deals = [];
      for (let k = 0; k < 8; k++) {
        const deck = deckOf(1000 * m + k);
        const prev = { id: 1, op: 'match', ruleset: rs, options: {}, players, first_dealer: 0, deals };
        const st = ask(prev, [flag]);
        if (st.error || st.result.over) break;
        deals.push({ deck, actions: playout(rs, players, k % players, deck, [flag], rng, 2) });
      }
      const q = { id: 1, op: 'match', ruleset: rs, options: {}, players, first_dealer: 0, deals };
      c.matchOf++; if (!same(ask(q, []), ask(q, [flag]))) c.match++;
    }
    report[flag][rs] = c;
  }
}

for (const flag of HOUSE_NAMES) {
  console.log(`\n== --house ${flag}: answers that differ from the rules as written (changed/asked)`);
  for (const [rs, c] of Object.entries(report[flag])) {
    console.log(`  ${rs.padEnd(27)} deal ${c.deal}/${c.dealOf}  game ${c.game}/${c.gameOf}  legal_plays ${c.legal_plays}/${c.legalOf}` +
      `  trick_winner ${c.trick_winner}/${c.trickOf}  settle ${c.settle}/${c.settleOf}  match ${c.match}/${c.matchOf}`);
  }
  const ex = Object.entries(report[flag]).find(([, c]) => c.example);
  if (ex && process.env.EXAMPLES) console.log('  example', ex[0], JSON.stringify(ex[1].example));
}

// Targeted cases from the kit's own vectors (read, not run through the kit): the house rule on and off.
const fs = require('fs');
const VEC = require('path').join(__dirname, '..', '..', '..', '..', 'spec', 'vectors') + '/';
const targeted = [
  ['zero-balance-loses', 'match.json', 'match.official-1922-solo.paid-to-zero'],
  ['zero-balance-loses', 'match.json', 'match.gamerules.bank-150'],
  ['lay-away-before-widow', 'widow.json', null],
  ['eldest-may-hold', 'auction.json', 'auction.modern.frog-answers-at-once'],
  ['eldest-may-hold', 'auction.json', 'auction.foster-1909.overbid-may-raise'],
  ['grand-trump-named', 'auction.json', 'auction.gamerules.grand-ends-auction'],
];
console.log('\n== targeted requests (from the vectors): off / on');
for (const [flag, file, id] of targeted) {
  const cases = JSON.parse(fs.readFileSync(VEC + file)).cases;
  const c = id ? cases.find((x) => x.id === id) : cases.find((x) => x.request.op === 'game' && x.request.actions.some((a) => a.startsWith('discard')));
  const off = norm(ask(c.request, [])), on = norm(ask(c.request, [flag]));
  const short = (x) => JSON.stringify(x.result ? Object.fromEntries(Object.entries(x.result).filter(([k]) => k !== 'legal' || x.result.legal.length < 6)) : x.error);
  console.log(`  ${flag} ${c.id}\n    off ${short(off)}\n    on  ${short(on)}`);
}
