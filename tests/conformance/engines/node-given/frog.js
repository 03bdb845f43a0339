#!/usr/bin/env node
'use strict';
// Frog engine answering the frogspec conformance protocol, version 1.
// Written from the published specification; Node 20 standard library only.

const readline = require('readline');

// ---------------------------------------------------------------- house rules
const HOUSE_NAMES = [
  'deal-four-first', 'eldest-may-hold', 'lay-away-before-widow', 'must-head',
  'first-trump-wins', 'grand-trump-named', 'widow-dead', 'schneider-double',
  'zero-balance-loses',
];

function parseArgs(argv) {
  const house = new Set();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    let name = null;
    if (a === '--house') {
      if (i + 1 >= argv.length) { fatal('--house needs a NAME'); }
      name = argv[++i];
    } else if (a.startsWith('--house=')) {
      name = a.slice(8);
    } else if (a === '--help' || a === '-h') {
      process.stdout.write('usage: node frog.js [--house NAME]...\nhouse rules: ' + HOUSE_NAMES.join(', ') + '\n');
      process.exit(0);
    } else {
      continue; // other arguments (e.g. --protocol) are accepted and ignored
    }
    if (!HOUSE_NAMES.includes(name)) fatal(`unknown house rule: ${name} (known: ${HOUSE_NAMES.join(', ')})`);
    house.add(name);
  }
  return house;
}
function fatal(msg) { process.stderr.write('frog.js: ' + msg + '\n'); process.exit(2); }

// ---------------------------------------------------------------- cards
const SUITS = ['C', 'D', 'H', 'S'];
const RANKS = ['A', '10', 'K', 'Q', 'J', '9', '8', '7', '6']; // high to low
const POINTS = { A: 11, '10': 10, K: 4, Q: 3, J: 2, '9': 0, '8': 0, '7': 0, '6': 0 };
const PACK = [];
for (const s of SUITS) for (const r of RANKS) PACK.push(r + s);
const PACK_SET = new Set(PACK);
const suitOf = (c) => c[c.length - 1];
const rankOf = (c) => c.slice(0, c.length - 1);
const strength = (c) => 8 - RANKS.indexOf(rankOf(c)); // higher is better
const pointsOf = (c) => POINTS[rankOf(c)];
const isCard = (c) => typeof c === 'string' && PACK_SET.has(c);

// ---------------------------------------------------------------- rulesets
const LEVEL = { frog: 0, chico: 1, grand: 2 };
const CONTRACTS = ['frog', 'chico', 'grand'];
const SIT_OUT = ['receive-only', 'pay-and-receive', 'pay-and-receive-solo-only'];

const RULESETS = {
  'foster-1909': { min: 3, max: 5, deal: '3344', auction: 'overbid', contracts: CONTRACTS, shown: true,
    chicoHearts: false, rates: { frog: 1, chico: 2, grand: 4 }, options: {}, bank: 0, bankEnds: false, firstDealer: 'any' },
  'hoyle-1907': { min: 3, max: 5, deal: '3344', auction: 'overbid', contracts: CONTRACTS, shown: true,
    chicoHearts: false, rates: { frog: 1, chico: 2, grand: 4 }, options: {}, bank: 0, bankEnds: false, firstDealer: 'any' },
  'modern': { min: 3, max: 5, deal: '4334', auction: 'oneround', contracts: CONTRACTS, shown: false,
    chicoHearts: false, rates: { frog: 1, chico: 2, grand: 4 }, options: {}, bank: 0, bankEnds: false, firstDealer: 'any' },
  'official-1922-solo': { min: 3, max: 7, deal: 'singly', auction: 'oneround', contracts: CONTRACTS, shown: false,
    chicoHearts: false, rates: { frog: 1, chico: 2, grand: 3 }, options: { sitting_out: SIT_OUT, penalty_frog: 'bool' },
    bank: 120, bankEnds: true, firstDealer: 'low' },
  'official-1922-straight': { min: 3, max: 7, deal: 'singly', auction: 'oneround', contracts: ['chico', 'grand'], shown: false,
    chicoHearts: false, rates: { chico: 1, grand: 2 }, options: { sitting_out: SIT_OUT }, bank: 120, bankEnds: true, firstDealer: 'low' },
  'official-1922-coeur-dalene': { min: 3, max: 7, deal: 'singly', auction: 'oneround', contracts: CONTRACTS, shown: false,
    chicoHearts: false, fixed: { frog: 25, chico: 50, grand: 75 }, options: { sitting_out: SIT_OUT, penalty_frog: 'bool' },
    bank: 120, bankEnds: true, firstDealer: 'low' },
  'gamerules': { min: 3, max: 3, deal: '4334', auction: 'onebid', contracts: CONTRACTS, shown: false,
    chicoHearts: true, rates: { frog: 1, chico: 2, grand: 3 }, options: {}, bank: 150, bankEnds: false, firstDealer: 'any' },
};
const RULESET_IDS = Object.keys(RULESETS);
const OPS = ['hello', 'card_points', 'trick_winner', 'legal_plays', 'deal', 'settle', 'game', 'match', 'first_dealer', 'perft'];
const OPS_WITH_RULESET = new Set(['trick_winner', 'legal_plays', 'deal', 'settle', 'game', 'match', 'first_dealer', 'perft']);

class Invalid extends Error {}
class Illegal extends Error {
  constructor(rule, msg, at) { super(msg); this.rule = rule; this.at = at; }
}
const invalid = (m) => { throw new Invalid(m); };

// ---------------------------------------------------------------- seats and deal
function activeSeats(n, dealer) {
  if (n === 3) return [(dealer + 1) % 3, (dealer + 2) % 3, dealer];
  if (n === 4) return [(dealer + 1) % 4, (dealer + 2) % 4, (dealer + 3) % 4];
  return [(dealer + 1) % n, (dealer + 2) % n, (dealer + n - 1) % n];
}

function dealPattern(rs, house) {
  // a list of packets: ['p', k] gives k cards to each active player from eldest, ['w', k] to the widow
  if (house.has('deal-four-first')) return [['p', 4], ['w', 3], ['p', 4], ['p', 3]];
  if (rs.deal === '3344') return [['p', 3], ['w', 3], ['p', 4], ['p', 4]];
  if (rs.deal === '4334') return [['p', 4], ['w', 3], ['p', 3], ['p', 4]];
  return null;
}

function dealCards(rs, house, n, dealer, deck) {
  const active = activeSeats(n, dealer);
  const hands = {}; for (const s of active) hands[s] = [];
  const widow = [];
  const pattern = dealPattern(rs, house);
  let k = 0;
  if (pattern) {
    for (const [kind, cnt] of pattern) {
      if (kind === 'w') { for (let i = 0; i < cnt; i++) widow.push(deck[k++]); }
      else for (const s of active) for (let i = 0; i < cnt; i++) hands[s].push(deck[k++]);
    }
  } else {
    let p = 0;
    for (let i = 0; i < 36; i++) {
      if (i === 0 || i === 3 || i === 7) widow.push(deck[i]);
      else { hands[active[p]].push(deck[i]); p = (p + 1) % 3; }
    }
  }
  return { active, hands, widow };
}

// ---------------------------------------------------------------- play rules
function legalPlays(hand, trick, trump, house) {
  if (trick.length === 0) return hand.slice();
  const led = suitOf(trick[0]);
  const follow = hand.filter((c) => suitOf(c) === led);
  if (follow.length) {
    if (house.has('must-head')) {
      let top = -1;
      for (const c of trick) if (suitOf(c) === led) top = Math.max(top, strength(c));
      const heads = follow.filter((c) => strength(c) > top);
      if (heads.length) return heads;
    }
    return follow;
  }
  if (trump) {
    const tr = hand.filter((c) => suitOf(c) === trump);
    if (tr.length) return tr;
  }
  return hand.slice();
}

function playRuleBroken(hand, trick, trump, card, house) {
  if (!hand.includes(card)) return 'play.card-from-hand';
  const led = suitOf(trick[0]);
  const follow = hand.filter((c) => suitOf(c) === led);
  if (follow.length) {
    if (suitOf(card) !== led) return 'play.follow-suit';
    return 'play.no-duty-to-head'; // only reachable with the must-head house rule
  }
  return 'play.must-trump';
}

function trickWinner(cards, trump, house) {
  const trumps = [];
  cards.forEach((c, i) => { if (trump && suitOf(c) === trump) trumps.push(i); });
  if (trumps.length) {
    if (house.has('first-trump-wins')) return trumps[0];
    return trumps.reduce((b, i) => (strength(cards[i]) > strength(cards[b]) ? i : b));
  }
  const led = suitOf(cards[0]);
  let best = 0;
  cards.forEach((c, i) => { if (suitOf(c) === led && strength(c) > strength(cards[best])) best = i; });
  return best;
}

// ---------------------------------------------------------------- settlement
function settle(rsId, opts, house, n, dealer, bidder, contract, bidderPts, defenderPts) {
  const rs = RULESETS[rsId];
  const active = activeSeats(n, dealer);
  const pay = new Array(n).fill(0);
  const diff = bidderPts - 60;
  if (diff === 0) return pay;
  const win = diff > 0;
  const penalty = !win && contract === 'frog' && opts.penalty_frog === true;
  let amount;
  if (rs.fixed) amount = rs.fixed[penalty ? 'grand' : contract];
  else amount = Math.abs(diff) * rs.rates[penalty ? 'grand' : contract];
  if (house.has('schneider-double')) {
    const defPts = defenderPts === undefined ? 120 - bidderPts : defenderPts;
    const loserPts = win ? defPts : bidderPts;
    if (loserPts <= 30) amount *= 2;
  }
  const system = opts.sitting_out || 'receive-only';
  let everyone;
  if (system === 'pay-and-receive') everyone = true;
  else if (system === 'pay-and-receive-solo-only') everyone = contract !== 'frog' || !win;
  else everyone = !win;
  for (let s = 0; s < n; s++) {
    if (s === bidder) continue;
    if (!everyone && !active.includes(s)) continue;
    if (win) { pay[s] -= amount; pay[bidder] += amount; } else { pay[s] += amount; pay[bidder] -= amount; }
  }
  return pay;
}

// ---------------------------------------------------------------- the deal as a game
class Game {
  constructor(rsId, opts, house, n, dealer, deck) {
    this.rsId = rsId; this.rs = RULESETS[rsId]; this.opts = opts; this.house = house;
    this.n = n; this.dealer = dealer;
    const d = dealCards(this.rs, house, n, dealer, deck);
    this.active = d.active; this.eldest = d.active[0];
    this.hands = d.hands; this.widow = d.widow;
    this.phase = 'auction';
    // auction
    this.high = -1; this.holder = null; this.passed = new Set();
    this.roundIdx = 0; this.answer = null; this.last = null;
    this.bidder = null; this.contract = null; this.trump = null;
    this.laid = []; this.widowTaken = false;
    this.trick = []; this.trickSeats = []; this.leader = this.eldest;
    this.won = {}; for (const s of this.active) this.won[s] = [];
    this.tricksPlayed = 0;
    this.toAct = null;
    this.payments = null; this.points = null;
    this.toAct = this.eldest;
  }

  clone() {
    const g = Object.create(Game.prototype);
    Object.assign(g, this);
    g.hands = {}; for (const s of this.active) g.hands[s] = this.hands[s].slice();
    g.passed = new Set(this.passed);
    g.laid = this.laid.slice(); g.trick = this.trick.slice(); g.trickSeats = this.trickSeats.slice();
    g.won = {}; for (const s of this.active) g.won[s] = this.won[s].slice();
    return g;
  }

  // contracts seat s may bid now (the auction)
  bidOptions(s) {
    const out = [];
    const mayHold = this.house.has('eldest-may-hold') && s === this.eldest && this.holder !== null && this.holder !== s;
    for (const c of this.rs.contracts) {
      const l = LEVEL[c];
      if (l > this.high || (mayHold && l === this.high)) out.push(c);
    }
    return out;
  }

  nextBidder() {
    const ord = this.active;
    if (this.rs.auction === 'overbid') {
      const start = this.last === null ? 0 : ord.indexOf(this.last) + 1;
      for (let k = 0; k < 3; k++) {
        const s = ord[(start + k) % 3];
        if (this.passed.has(s) || s === this.holder) continue;
        if (this.bidOptions(s).length) return s;
      }
      return null;
    }
    if (this.answer !== null) {
      if (!this.passed.has(this.answer) && this.answer !== this.holder && this.bidOptions(this.answer).length) return this.answer;
      this.answer = null;
    }
    while (this.roundIdx < 3) {
      const s = ord[this.roundIdx];
      if (!this.passed.has(s) && s !== this.holder && this.bidOptions(s).length) return s;
      this.roundIdx++;
    }
    return null;
  }

  legal() {
    const s = this.toAct;
    switch (this.phase) {
      case 'auction': return ['pass', ...this.bidOptions(s)];
      case 'discard': return this.hands[s].map((c) => 'discard ' + c);
      case 'trump': return this.trumpOptions().map((t) => 'trump ' + t);
      case 'play': return legalPlays(this.hands[s], this.trick, this.trump, this.house).map((c) => 'play ' + c);
      default: return [];
    }
  }

  trumpOptions() {
    if (this.contract === 'grand') return SUITS.slice();
    return this.rs.chicoHearts ? SUITS.slice() : ['C', 'D', 'S'];
  }

  // apply one action; throws Illegal(rule)
  apply(action) {
    const sp = action.indexOf(' ');
    const kind = sp < 0 ? action : action.slice(0, sp);
    const arg = sp < 0 ? null : action.slice(sp + 1);
    const s = this.toAct;
    const byPhase = () => { throw new Illegal('deal.actions-by-phase', `${kind} is not an action of the ${this.phase} phase`); };
    if (this.phase === 'auction') {
      if (kind === 'pass') { this.passed.add(s); this.afterBid(s, null); return; }
      if (!(kind in LEVEL) || arg !== null) byPhase();
      if (!this.rs.contracts.includes(kind)) throw new Illegal('auction.contracts-without-frog', `${kind} is not a contract of ${this.rsId}`);
      if (!this.bidOptions(s).includes(kind)) {
        const l = LEVEL[kind];
        const mayHold = this.house.has('eldest-may-hold') && s === this.eldest && this.holder !== null && this.holder !== s;
        if (l < this.high || (l === this.high && !mayHold)) throw new Illegal('auction.contract-order', `${kind} does not outbid the standing bid`);
        const rule = { overbid: 'auction.overbid-to-raise', oneround: 'auction.one-round-frog-may-raise', onebid: 'auction.one-bid-each' }[this.rs.auction];
        throw new Illegal(rule, `${kind} is not open to this player now`);
      }
      this.afterBid(s, kind);
      return;
    }
    if (this.phase === 'discard') {
      if (kind !== 'discard') byPhase();
      const h = this.hands[s];
      const i = h.indexOf(arg);
      if (i < 0) throw new Illegal('widow.frog-take-and-discard', `${arg} is not in the bidder's hand`);
      h.splice(i, 1); this.laid.push(arg);
      if (this.laid.length === 3) {
        if (!this.widowTaken) { for (const c of this.widow) h.push(c); this.widowTaken = true; }
        this.startPlay();
      }
      return;
    }
    if (this.phase === 'trump') {
      if (kind !== 'trump') byPhase();
      if (!this.trumpOptions().includes(arg)) throw new Illegal('trump.chico-not-hearts', `${arg} may not be named trump`);
      this.trump = arg; this.startPlay(); return;
    }
    if (this.phase === 'play') {
      if (kind !== 'play') byPhase();
      const h = this.hands[s];
      if (!legalPlays(h, this.trick, this.trump, this.house).includes(arg)) {
        throw new Illegal(playRuleBroken(h, this.trick, this.trump, arg, this.house), `${arg} may not be played`);
      }
      h.splice(h.indexOf(arg), 1);
      this.trick.push(arg); this.trickSeats.push(s);
      if (this.trick.length < 3) { this.toAct = this.active[(this.active.indexOf(s) + 1) % 3]; return; }
      const w = this.trickSeats[trickWinner(this.trick, this.trump, this.house)];
      for (const c of this.trick) this.won[w].push(c);
      this.trick = []; this.trickSeats = []; this.tricksPlayed++;
      if (this.tricksPlayed === 11) { this.finish(); return; }
      this.toAct = w; this.leader = w; return;
    }
    byPhase();
  }

  afterBid(s, contract) {
    const rs = this.rs;
    const hold = this.house.has('eldest-may-hold');
    this.last = s;
    if (rs.auction !== 'overbid') {
      if (this.answer === s) this.answer = null; else this.roundIdx++;
      this.answer = null;
      if (contract !== null) {
        const prevHigh = this.high, prevHolder = this.holder;
        this.high = LEVEL[contract]; this.holder = s;
        if (hold && s !== this.eldest && !this.passed.has(this.eldest)) this.answer = this.eldest;
        else if (hold && s === this.eldest && prevHolder !== null && prevHolder !== s && this.high === prevHigh) this.answer = prevHolder;
        else if (rs.auction === 'oneround' && contract === 'chico' && prevHigh === LEVEL.frog && prevHolder !== null &&
                 prevHolder !== s && !this.passed.has(prevHolder)) this.answer = prevHolder;
      }
    } else if (contract !== null) {
      this.high = LEVEL[contract]; this.holder = s;
    }
    const nxt = this.nextBidder();
    if (nxt !== null) { this.toAct = nxt; return; }
    // the auction is over
    if (this.holder === null) { this.phase = 'over'; this.toAct = null; this.payments = new Array(this.n).fill(0); return; }
    this.bidder = this.holder; this.contract = CONTRACTS[this.high];
    this.toAct = this.bidder;
    if (this.contract === 'frog') {
      this.trump = 'H'; this.phase = 'discard';
      if (!this.house.has('lay-away-before-widow')) { for (const c of this.widow) this.hands[this.bidder].push(c); this.widowTaken = true; }
    } else if (this.contract === 'chico' || this.house.has('grand-trump-named')) {
      this.phase = 'trump';
    } else {
      this.trump = 'H'; this.startPlay();
    }
  }

  startPlay() { this.phase = 'play'; this.toAct = this.eldest; this.leader = this.eldest; }

  finish() {
    this.phase = 'over'; this.toAct = null;
    const sum = (a) => a.reduce((t, c) => t + pointsOf(c), 0);
    let b = sum(this.won[this.bidder]);
    let d = 0; for (const s of this.active) if (s !== this.bidder) d += sum(this.won[s]);
    if (!this.house.has('widow-dead')) b += sum(this.contract === 'frog' ? this.laid : this.widow);
    this.points = { bidder: b, defenders: d };
    this.payments = settle(this.rsId, this.opts, this.house, this.n, this.dealer, this.bidder, this.contract, b, d);
  }

  observation() {
    const o = { phase: this.phase, to_act: this.toAct, legal: this.legal(), bidder: this.bidder, contract: this.contract,
      trump: this.phase === 'trump' ? null : this.trump };
    if (this.contract === 'frog') o.widow_shown = this.rs.shown;
    if (this.phase === 'over') {
      o.payments = this.payments;
      if (this.points) o.points = this.points;
    }
    return o;
  }
}

// ---------------------------------------------------------------- validation
const isInt = (v) => typeof v === 'number' && Number.isInteger(v);
const has = (o, k) => Object.prototype.hasOwnProperty.call(o, k);
function need(req, k) { if (!has(req, k)) invalid(`missing field ${k}`); return req[k]; }
function intField(req, k, lo, hi) {
  const v = need(req, k);
  if (!isInt(v)) invalid(`${k} must be an integer`);
  if (v < lo || v > hi) invalid(`${k} out of range`);
  return v;
}
function cardList(v, name, lo, hi) {
  if (!Array.isArray(v)) invalid(`${name} must be a list`);
  if (v.length < lo || v.length > hi) invalid(`${name} must hold ${lo} to ${hi} cards`);
  const seen = new Set();
  for (const c of v) {
    if (!isCard(c)) invalid(`unknown card ${JSON.stringify(c)} in ${name}`);
    if (seen.has(c)) invalid(`card ${c} twice in ${name}`);
    seen.add(c);
  }
  return v;
}
function trumpField(req) {
  const t = need(req, 'trump');
  if (t !== null && !SUITS.includes(t)) invalid('trump must be a suit or null');
  return t;
}
function optionsField(req, rs) {
  const o = need(req, 'options');
  if (o === null || typeof o !== 'object' || Array.isArray(o)) invalid('options must be an object');
  for (const k of Object.keys(o)) {
    if (!has(rs.options, k)) invalid(`unknown option ${k}`);
    const spec = rs.options[k];
    if (spec === 'bool') { if (typeof o[k] !== 'boolean') invalid(`option ${k} takes true or false`); }
    else if (!spec.includes(o[k])) invalid(`option ${k} does not take ${JSON.stringify(o[k])}`);
  }
  return o;
}
function playersField(req, rs) {
  const n = need(req, 'players');
  if (!isInt(n)) invalid('players must be an integer');
  if (n < rs.min || n > rs.max) invalid(`this ruleset is played by ${rs.min} to ${rs.max}`);
  return n;
}
function actionsField(v, name) {
  if (!Array.isArray(v)) invalid(`${name} must be a list`);
  for (const a of v) {
    if (typeof a !== 'string') invalid('an action must be a string');
    if (a === 'pass' || a === 'frog' || a === 'chico' || a === 'grand') continue;
    const m = /^(discard|play) (\S+)$/.exec(a);
    if (m && isCard(m[2])) continue;
    const t = /^trump (\S+)$/.exec(a);
    if (t && SUITS.includes(t[1])) continue;
    invalid(`not an action: ${JSON.stringify(a)}`);
  }
  return v;
}
function gameFields(req, rs) {
  const opts = optionsField(req, rs);
  const n = playersField(req, rs);
  const dealer = intField(req, 'dealer', 0, n - 1);
  const deck = cardList(need(req, 'deck'), 'deck', 36, 36);
  const actions = actionsField(need(req, 'actions'), 'actions');
  return { opts, n, dealer, deck, actions };
}

function playGame(rsId, f, house) {
  const g = new Game(rsId, f.opts, house, f.n, f.dealer, f.deck);
  f.actions.forEach((a, i) => {
    try { g.apply(a); } catch (e) { if (e instanceof Illegal) e.at = i; throw e; }
  });
  return g;
}

// ---------------------------------------------------------------- ops
const PERFT_LIMIT = 100000;

function perft(g, depth) {
  const counter = { visited: 0 };
  const byFirst = {};
  let total = 0;
  if (g.phase === 'over' || depth === 0) return { total: 1, by_first: {} };
  const rec = (pos, d) => {
    if (pos.phase === 'over' || d === 0) return 1;
    counter.visited++;
    if (counter.visited > PERFT_LIMIT) invalid('perft would visit more than 100000 positions');
    let t = 0;
    for (const a of pos.legal()) { const c = pos.clone(); c.apply(a); t += rec(c, d - 1); }
    return t;
  };
  for (const a of g.legal()) {
    const c = g.clone(); c.apply(a);
    const k = rec(c, depth === null ? Infinity : depth - 1);
    byFirst[a] = k; total += k;
  }
  return { total, by_first: byFirst };
}

function handle(req, house) {
  const op = req.op;
  const rsId = req.ruleset;
  const rs = RULESETS[rsId];
  switch (op) {
    case 'hello': {
      const spec = need(req, 'spec');
      if (typeof spec !== 'string') invalid('spec must be a string');
      if (spec !== '1') return { error: { kind: 'unsupported', rule: null, message: `protocol ${spec} is not spoken` } };
      return { result: { name: 'frog.js', version: '1.0.0', rulesets: RULESET_IDS, ops: OPS, rule_ids: 'frogspec',
        house_rules: [...house] } };
    }
    case 'card_points': {
      const c = need(req, 'card');
      if (!isCard(c)) invalid('unknown card');
      return { result: pointsOf(c) };
    }
    case 'trick_winner': {
      const trump = trumpField(req);
      const cards = cardList(need(req, 'cards'), 'cards', 1, 3);
      return { result: trickWinner(cards, trump, house) };
    }
    case 'legal_plays': {
      const trump = trumpField(req);
      const hand = cardList(need(req, 'hand'), 'hand', 1, 11);
      const trick = cardList(need(req, 'trick'), 'trick', 0, 2);
      for (const c of trick) if (hand.includes(c)) invalid(`${c} both in hand and in the trick`);
      return { result: legalPlays(hand, trick, trump, house) };
    }
    case 'deal': {
      optionsField(req, rs);
      const n = playersField(req, rs);
      const dealer = intField(req, 'dealer', 0, n - 1);
      const deck = cardList(need(req, 'deck'), 'deck', 36, 36);
      const d = dealCards(rs, house, n, dealer, deck);
      const hands = [];
      for (let s = 0; s < n; s++) hands.push(d.hands[s] || null);
      return { result: { active: d.active, eldest: d.active[0], hands, widow: d.widow } };
    }
    case 'settle': {
      const opts = optionsField(req, rs);
      const n = playersField(req, rs);
      const dealer = intField(req, 'dealer', 0, n - 1);
      const bidder = intField(req, 'bidder', 0, n - 1);
      if (!activeSeats(n, dealer).includes(bidder)) invalid('the bidder sits out this deal');
      const contract = need(req, 'contract');
      if (!CONTRACTS.includes(contract)) invalid('unknown contract');
      const pts = intField(req, 'bidder_points', 0, 120);
      if (!rs.contracts.includes(contract)) throw new Illegal('auction.contracts-without-frog', `${contract} is not a contract of ${rsId}`);
      return { result: settle(rsId, opts, house, n, dealer, bidder, contract, pts) };
    }
    case 'game': {
      const f = gameFields(req, rs);
      return { result: playGame(rsId, f, house).observation() };
    }
    case 'perft': {
      const f = gameFields(req, rs);
      let depth = null;
      if (has(req, 'depth') && req.depth !== null) {
        if (!isInt(req.depth) || req.depth < 0) invalid('depth must be a non-negative integer');
        depth = req.depth;
      }
      const g = playGame(rsId, f, house);
      return { result: perft(g, depth) };
    }
    case 'match': return { result: playMatch(req, rsId, rs, house) };
    case 'first_dealer': {
      const n = playersField(req, rs);
      if (rs.firstDealer === 'any') return { result: intField(req, 'chosen', 0, n - 1) };
      const low = intField(req, 'lowest', 0, n - 1);
      const ctd = need(req, 'chooses_to_deal');
      if (typeof ctd !== 'boolean') invalid('chooses_to_deal must be true or false');
      return { result: ctd ? low : (low + n - 1) % n };
    }
  }
  throw new Error('unreachable');
}

function playMatch(req, rsId, rs, house) {
  const opts = optionsField(req, rs);
  const n = playersField(req, rs);
  const first = intField(req, 'first_dealer', 0, n - 1);
  const deals = need(req, 'deals');
  if (!Array.isArray(deals)) invalid('deals must be a list');
  const parsed = deals.map((d, i) => {
    if (d === null || typeof d !== 'object' || Array.isArray(d)) invalid(`deal ${i} must be an object`);
    return { deck: cardList(need(d, 'deck'), 'deck', 36, 36), actions: actionsField(need(d, 'actions'), 'actions') };
  });
  const zeroRule = house.has('zero-balance-loses') && rs.bank > 0;
  const balances = new Array(n).fill(rs.bank);
  const dealers = [];
  let over = false, loser = null;
  parsed.forEach((d, k) => {
    const dealer = (first + k) % n;
    if (over) { const e = new Illegal('match.first-unable-to-pay-loses', 'the game is over'); e.at = 0; e.deal = k; throw e; }
    dealers.push(dealer);
    let g;
    try { g = playGame(rsId, { opts, n, dealer, deck: d.deck, actions: d.actions }, house); }
    catch (e) { if (e instanceof Illegal) e.deal = k; throw e; }
    if (g.phase !== 'over') invalid(`deal ${k} stops before its end`);
    if (g.bidder === null) return;
    const unable = new Set();
    for (let s = 0; s < n; s++) if (g.payments[s] < 0 && -g.payments[s] > balances[s]) unable.add(s);
    for (let s = 0; s < n; s++) balances[s] += g.payments[s];
    if (zeroRule) for (let s = 0; s < n; s++) if (balances[s] <= 0) unable.add(s);
    if ((rs.bankEnds || zeroRule) && unable.size) {
      for (let i = 0; i < n; i++) { const s = (g.bidder + i) % n; if (unable.has(s)) { loser = s; break; } }
      over = true;
    }
  });
  return { balances, dealers, over, loser };
}


// Bounds of a line (protocol addition): length, depth, number, surrogate, duplicate-key.
function boundsProblem(line) {
  if (Buffer.byteLength(line, 'utf8') > 16777216) return 'length';
  let i = 0, depth = 0;
  const stack = []; // per object: Set of keys
  const n = line.length;
  while (i < n) {
    const ch = line[i];
    if (ch === '"') {
      let j = i + 1, str = '';
      while (j < n && line[j] !== '"') {
        if (line[j] === '\\') {
          if (line[j + 1] === 'u') {
            const cu = parseInt(line.slice(j + 2, j + 6), 16);
            if (cu >= 0xD800 && cu <= 0xDBFF) {
              const nx = line.slice(j + 6, j + 8) === '\\u' ? parseInt(line.slice(j + 8, j + 12), 16) : -1;
              if (!(nx >= 0xDC00 && nx <= 0xDFFF)) return 'surrogate';
              str += String.fromCharCode(cu, nx); j += 12; continue;
            }
            if (cu >= 0xDC00 && cu <= 0xDFFF) return 'surrogate';
            str += String.fromCharCode(cu); j += 6; continue;
          }
          str += line[j] + line[j + 1]; j += 2; continue;
        }
        const c = line.charCodeAt(j);
        if (c >= 0xD800 && c <= 0xDFFF) {
          const d = line.charCodeAt(j + 1);
          if (!(c <= 0xDBFF && d >= 0xDC00 && d <= 0xDFFF)) return 'utf-8';
          str += line[j] + line[j + 1]; j += 2; continue;
        }
        str += line[j]; j++;
      }
      // a key when followed by ':'
      let k = j + 1; while (k < n && ' \t\r\n'.includes(line[k])) k++;
      if (line[k] === ':' && stack.length && stack[stack.length - 1]) {
        const keys = stack[stack.length - 1];
        if (keys.has(str)) return 'duplicate-key';
        keys.add(str);
      }
      i = j + 1; continue;
    }
    if (ch === '{' || ch === '[') { depth++; if (depth > 64) return 'depth'; stack.push(ch === '{' ? new Set() : null); i++; continue; }
    if (ch === '}' || ch === ']') { depth--; stack.pop(); i++; continue; }
    if (ch === '-' || (ch >= '0' && ch <= '9')) {
      let j = i; while (j < n && /[-+0-9.eE]/.test(line[j])) j++;
      if (j - i > 40) return 'number';
      if (!Number.isFinite(Number(line.slice(i, j)))) return 'non-finite';
      i = j; continue;
    }
    i++;
  }
  return null;
}

function respond(line, house) {
  const bad = boundsProblem(line);
  if (bad) return { id: null, error: { kind: 'invalid', rule: null, message: bad + ': the line is out of bounds' } };
  let req;
  try { req = JSON.parse(line); } catch (e) { return { id: null, error: { kind: 'invalid', rule: null, message: 'json: not JSON' } }; }
  if (req === null || typeof req !== 'object' || Array.isArray(req)) return { id: null, error: { kind: 'invalid', rule: null, message: 'not a JSON object' } };
  const id = isInt(req.id) ? req.id : null;
  if (id === null || typeof req.op !== 'string') return { id, error: { kind: 'invalid', rule: null, message: 'id must be an integer and op a string' } };
  const out = (r) => Object.assign({ id }, r);
  if (!OPS.includes(req.op)) return out({ error: { kind: 'unsupported', rule: null, message: `unknown op ${req.op}` } });
  if (OPS_WITH_RULESET.has(req.op)) {
    if (typeof req.ruleset !== 'string') return out({ error: { kind: 'invalid', rule: null, message: 'ruleset missing or not a string' } });
    if (!has(RULESETS, req.ruleset)) return out({ error: { kind: 'unsupported', rule: null, message: `unknown ruleset ${req.ruleset}` } });
  }
  try {
    return out(handle(req, house));
  } catch (e) {
    if (e instanceof Invalid) return out({ error: { kind: 'invalid', rule: null, message: e.message } });
    if (e instanceof Illegal) {
      const err = { kind: 'illegal', rule: e.rule, message: e.message };
      if (req.op === 'game' || req.op === 'perft' || req.op === 'match') err.at = e.at;
      if (req.op === 'match') err.deal = e.deal;
      return out({ error: err });
    }
    throw e;
  }
}

module.exports = { Game, legalPlays, trickWinner, settle, dealCards, activeSeats, respond, RULESETS, HOUSE_NAMES };

if (require.main === module) {
  const house = parseArgs(process.argv.slice(2));
  const rl = readline.createInterface({ input: process.stdin, terminal: false, crlfDelay: Infinity });
  rl.on('line', (line) => {
    if (/^[ \t\r\n]*$/.test(line)) return;
    let resp;
    try { resp = respond(line, house); }
    catch (e) { process.stderr.write(String(e && e.stack || e) + '\n'); resp = { id: null, error: { kind: 'invalid', rule: null, message: 'internal error' } }; }
    process.stdout.write(JSON.stringify(resp) + '\n');
  });
}
