#!/usr/bin/env node
// An independent Frog engine speaking the conformance protocol, version 1.
// Standard library only. Usage: node frog.js [--house NAME]...
'use strict';


// ---------------------------------------------------------------- house rules
const HOUSE_FLAGS = [
  'deal-widow-first',          // stage: the deal
  'auction-passer-reenters',   // stage: the auction
  'widow-chico-takes-widow',   // stage: laying away
  'play-bidder-leads-first',   // stage: play duties
  'trick-ten-low',             // stage: the trick's winner
  'trump-chico-hearts-allowed', // stage: the trump of a contract
  'count-frog-discard-to-defenders', // stage: the count
  'settle-loser-pays-double',  // stage: settlement
  'match-low-card-must-deal',  // stage: the match
];
const HOUSE = new Set();

function parseArgs(argv) {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    let name = null;
    if (a === '--house') {
      if (i + 1 >= argv.length) { usage('--house needs a NAME'); }
      name = argv[++i];
    } else if (a.startsWith('--house=')) {
      name = a.slice('--house='.length);
    } else if (a === '--protocol') {
      continue; // accepted and ignored: the engine always speaks the protocol
    } else {
      usage('unknown argument: ' + a);
    }
    if (!HOUSE_FLAGS.includes(name)) usage('unknown house rule: ' + name);
    HOUSE.add(name);
  }
}
function usage(msg) {
  process.stderr.write('frog.js: ' + msg + '\n');
  process.stderr.write('usage: node frog.js [--house NAME]...\nhouse rules: ' + HOUSE_FLAGS.join(', ') + '\n');
  process.exit(2);
}
const H = (name) => HOUSE.has(name);

// ---------------------------------------------------------------- cards
const RANKS = ['A', '10', 'K', 'Q', 'J', '9', '8', '7', '6'];
const SUITS = ['C', 'D', 'H', 'S'];
const POINTS = { A: 11, '10': 10, K: 4, Q: 3, J: 2, '9': 0, '8': 0, '7': 0, '6': 0 };
const CANON = [];
for (const s of SUITS) for (const r of RANKS) CANON.push(r + s);
const CARDSET = new Set(CANON);
const rankOf = (c) => c.slice(0, -1);
const suitOf = (c) => c.slice(-1);
const points = (c) => POINTS[rankOf(c)];
// strength within a suit for winning tricks: higher is better
const TRICK_ORDER = ['A', '10', 'K', 'Q', 'J', '9', '8', '7', '6'];
const TRICK_ORDER_TEN_LOW = ['A', 'K', 'Q', 'J', '10', '9', '8', '7', '6'];
function strength(c) {
  const order = H('trick-ten-low') ? TRICK_ORDER_TEN_LOW : TRICK_ORDER;
  return 100 - order.indexOf(rankOf(c));
}
const CONTRACT_RANK = { frog: 1, chico: 2, grand: 3 };

// ---------------------------------------------------------------- rulesets
const SO_VALUES = ['receive-only', 'pay-and-receive', 'pay-and-receive-solo-only'];
const RULESETS = {
  'foster-1909': { minP: 3, maxP: 5, deal: '3344', auction: 'overbid', contracts: ['frog', 'chico', 'grand'],
    widowShown: true, chicoHearts: false, rates: { frog: 1, chico: 2, grand: 4 }, options: {}, bank: 0, ends: false, firstDealer: 'any' },
  'hoyle-1907': { minP: 3, maxP: 5, deal: '3344', auction: 'overbid', contracts: ['frog', 'chico', 'grand'],
    widowShown: true, chicoHearts: false, rates: { frog: 1, chico: 2, grand: 4 }, options: {}, bank: 0, ends: false, firstDealer: 'any' },
  'modern': { minP: 3, maxP: 5, deal: '4334', auction: 'oneround', contracts: ['frog', 'chico', 'grand'],
    widowShown: false, chicoHearts: false, rates: { frog: 1, chico: 2, grand: 4 }, options: {}, bank: 0, ends: false, firstDealer: 'any' },
  'official-1922-solo': { minP: 3, maxP: 7, deal: 'singly', auction: 'oneround', contracts: ['frog', 'chico', 'grand'],
    widowShown: false, chicoHearts: false, rates: { frog: 1, chico: 2, grand: 3 },
    options: { sitting_out: SO_VALUES, penalty_frog: 'bool' }, bank: 120, ends: true, firstDealer: 'low' },
  'official-1922-straight': { minP: 3, maxP: 7, deal: 'singly', auction: 'oneround', contracts: ['chico', 'grand'],
    widowShown: false, chicoHearts: false, rates: { chico: 1, grand: 2 },
    options: { sitting_out: SO_VALUES }, bank: 120, ends: true, firstDealer: 'low' },
  'official-1922-coeur-dalene': { minP: 3, maxP: 7, deal: 'singly', auction: 'oneround', contracts: ['frog', 'chico', 'grand'],
    widowShown: false, chicoHearts: false, fixed: { frog: 25, chico: 50, grand: 75 },
    options: { sitting_out: SO_VALUES, penalty_frog: 'bool' }, bank: 120, ends: true, firstDealer: 'low' },
  'gamerules': { minP: 3, maxP: 3, deal: '4334', auction: 'onebid', contracts: ['frog', 'chico', 'grand'],
    widowShown: false, chicoHearts: true, rates: { frog: 1, chico: 2, grand: 3 }, options: {}, bank: 150, ends: false, firstDealer: 'any' },
};
const RULESET_IDS = Object.keys(RULESETS);
const OPS = ['hello', 'card_points', 'trick_winner', 'legal_plays', 'deal', 'settle', 'game', 'match', 'first_dealer', 'perft'];
const OPS_WITH_RULESET = new Set(['trick_winner', 'legal_plays', 'deal', 'settle', 'game', 'match', 'first_dealer', 'perft']);

// ---------------------------------------------------------------- errors
class ProtoError extends Error {
  constructor(kind, rule, message, extra) { super(message); this.kind = kind; this.rule = rule; this.extra = extra || {}; }
}
const invalid = (msg) => new ProtoError('invalid', null, msg);
const unsupported = (msg) => new ProtoError('unsupported', null, msg);
const illegal = (rule, msg, extra) => new ProtoError('illegal', rule, msg, extra);

// ---------------------------------------------------------------- validation helpers
const isInt = (x) => typeof x === 'number' && Number.isInteger(x);
const isObj = (x) => x !== null && typeof x === 'object' && !Array.isArray(x);
function need(req, field) {
  if (!Object.prototype.hasOwnProperty.call(req, field)) throw invalid('missing field: ' + field);
  return req[field];
}
function vCard(c, what) {
  if (typeof c !== 'string' || !CARDSET.has(c)) throw invalid('unknown card in ' + what + ': ' + JSON.stringify(c));
  return c;
}
function vCards(list, what, minLen, maxLen) {
  if (!Array.isArray(list)) throw invalid(what + ' is not a list');
  if (list.length < minLen || list.length > maxLen) throw invalid(what + ' must hold ' + minLen + ' to ' + maxLen + ' cards');
  const seen = new Set();
  for (const c of list) {
    vCard(c, what);
    if (seen.has(c)) throw invalid('card twice in ' + what + ': ' + c);
    seen.add(c);
  }
  return list;
}
function vDeck(deck) {
  if (!Array.isArray(deck)) throw invalid('deck is not a list');
  if (deck.length !== 36) throw invalid('deck is not 36 cards');
  vCards(deck, 'deck', 36, 36);
  return deck;
}
function vTrump(t) {
  if (t === null) return null;
  if (typeof t !== 'string' || !SUITS.includes(t)) throw invalid('unknown trump: ' + JSON.stringify(t));
  return t;
}
function vPlayers(rs, p) {
  if (!isInt(p)) throw invalid('players is not an integer');
  if (p < rs.minP || p > rs.maxP) throw invalid('this ruleset does not allow ' + p + ' players');
  return p;
}
function vSeat(s, players, what) {
  if (!isInt(s)) throw invalid(what + ' is not an integer');
  if (s < 0 || s >= players) throw invalid(what + ' out of range');
  return s;
}
function vOptions(rs, opts) {
  if (!isObj(opts)) throw invalid('options is not an object');
  const out = { sitting_out: 'receive-only', penalty_frog: false };
  for (const k of Object.keys(opts)) {
    const spec = rs.options[k];
    if (!spec) throw invalid('unknown option: ' + k);
    const v = opts[k];
    if (spec === 'bool') {
      if (typeof v !== 'boolean') throw invalid('option ' + k + ' takes true or false');
    } else if (!spec.includes(v)) throw invalid('option ' + k + ' does not take ' + JSON.stringify(v));
    out[k] = v;
  }
  return out;
}
function parseAction(a) {
  if (typeof a !== 'string') throw invalid('action is not a string');
  if (a === 'pass' || a === 'frog' || a === 'chico' || a === 'grand') return { kind: 'bid', bid: a };
  let m = /^discard (\S+)$/.exec(a);
  if (m) { if (!CARDSET.has(m[1])) throw invalid('unknown card in action: ' + a); return { kind: 'discard', card: m[1] }; }
  m = /^play (\S+)$/.exec(a);
  if (m) { if (!CARDSET.has(m[1])) throw invalid('unknown card in action: ' + a); return { kind: 'play', card: m[1] }; }
  m = /^trump (\S+)$/.exec(a);
  if (m) { if (!SUITS.includes(m[1])) throw invalid('unknown suit in action: ' + a); return { kind: 'trump', suit: m[1] }; }
  throw invalid('not an action: ' + JSON.stringify(a));
}
function vActions(list) {
  if (!Array.isArray(list)) throw invalid('actions is not a list');
  return list.map(parseAction);
}

// ---------------------------------------------------------------- seats and the deal
function activeSeats(players, dealer) {
  // from eldest, clockwise
  if (players === 3) return [(dealer + 1) % 3, (dealer + 2) % 3, dealer];
  if (players === 4) return [(dealer + 1) % 4, (dealer + 2) % 4, (dealer + 3) % 4];
  return [(dealer + 1) % players, (dealer + 2) % players, (dealer + players - 1) % players];
}
function dealCards(rs, players, dealer, deck) {
  const active = activeSeats(players, dealer);
  const hands = {};
  for (const s of active) hands[s] = [];
  let widow = [];
  let pos = 0;
  let rest = deck;
  if (H('deal-widow-first')) { widow = deck.slice(0, 3); rest = deck.slice(3); }
  const toWidow = (k) => { if (H('deal-widow-first')) return; for (let i = 0; i < k; i++) widow.push(rest[pos++]); };
  const round = (k) => { for (const s of active) for (let i = 0; i < k; i++) hands[s].push(rest[pos++]); };
  if (rs.deal === '3344') { round(3); toWidow(3); round(4); round(4); }
  else if (rs.deal === '4334') { round(4); toWidow(3); round(3); round(4); }
  else { // singly, the 1st, 4th and 8th cards to the widow
    let p = 0;
    for (let i = 0; i < rest.length; i++) {
      if (!H('deal-widow-first') && (i === 0 || i === 3 || i === 7)) { widow.push(rest[i]); continue; }
      hands[active[p]].push(rest[i]); p = (p + 1) % 3;
    }
  }
  return { active, hands, widow };
}

// ---------------------------------------------------------------- settlement
function settlePayments(rs, opts, players, dealer, bidder, contract, bp) {
  const pay = new Array(players).fill(0);
  const diff = bp - 60;
  if (diff === 0) return pay;
  const won = diff > 0;
  let amount;
  const penalty = !won && contract === 'frog' && opts.penalty_frog;
  if (rs.fixed) amount = rs.fixed[penalty ? 'grand' : contract];
  else amount = Math.abs(diff) * rs.rates[penalty ? 'grand' : contract];
  if (!won && H('settle-loser-pays-double')) amount *= 2;
  const active = activeSeats(players, dealer);
  const system = opts.sitting_out || 'receive-only';
  for (let s = 0; s < players; s++) {
    if (s === bidder) continue;
    let settles;
    if (active.includes(s)) settles = true;
    else if (system === 'pay-and-receive') settles = true;
    else if (system === 'pay-and-receive-solo-only' && contract !== 'frog') settles = true;
    else settles = !won; // receive only: paid by a losing bidder
    if (!settles) continue;
    const d = won ? amount : -amount;
    pay[s] -= d; pay[bidder] += d;
  }
  return pay.map((x) => x + 0); // no -0
}

// ---------------------------------------------------------------- the deal as a state machine
function newGame(rs, opts, players, dealer, deck) {
  const d = dealCards(rs, players, dealer, deck);
  const st = {
    rs, opts, players, dealer, active: d.active, hands: d.hands, widow: d.widow,
    phase: 'auction', toAct: d.active[0],
    // auction
    high: null, highSeat: null, passed: {}, passBids: {}, reentered: {}, bids: 0, roundIdx: 0, raiseFrom: null, inRound: true,
    bidder: null, contract: null, trump: null, discards: [], widowShown: null,
    trick: [], leader: null, won: {}, tricksPlayed: 0, lastWinner: null, actions: 0,
  };
  for (const s of d.active) { st.won[s] = []; }
  return st;
}
function cloneState(st) {
  const hands = {}; for (const k in st.hands) hands[k] = st.hands[k].slice();
  const won = {}; for (const k in st.won) won[k] = st.won[k].slice();
  return Object.assign({}, st, {
    hands, won, widow: st.widow.slice(), passed: Object.assign({}, st.passed), passBids: Object.assign({}, st.passBids),
    reentered: Object.assign({}, st.reentered), discards: st.discards.slice(), trick: st.trick.slice(),
  });
}
const nextActive = (st, s) => st.active[(st.active.indexOf(s) + 1) % 3];

function legalBids(st) {
  const cur = st.high ? CONTRACT_RANK[st.high] : 0;
  return st.rs.contracts.filter((c) => CONTRACT_RANK[c] > cur);
}
function legalActions(st) {
  switch (st.phase) {
    case 'auction': return ['pass'].concat(legalBids(st));
    case 'discard': return st.hands[st.bidder].map((c) => 'discard ' + c);
    case 'trump': return SUITS.filter((s) => s !== 'H' || st.rs.chicoHearts || H('trump-chico-hearts-allowed')).map((s) => 'trump ' + s);
    case 'play': return legalCards(st.hands[st.toAct], st.trick.map((t) => t.card), st.trump).map((c) => 'play ' + c);
    default: return [];
  }
}
function legalCards(hand, trick, trump) {
  if (trick.length === 0) return hand.slice();
  const led = suitOf(trick[0]);
  const follow = hand.filter((c) => suitOf(c) === led);
  if (follow.length) return follow;
  if (trump) { const tr = hand.filter((c) => suitOf(c) === trump); if (tr.length) return tr; }
  return hand.slice();
}
function trickWinner(cards, trump) {
  let best = 0;
  for (let i = 1; i < cards.length; i++) {
    const b = cards[best], c = cards[i];
    const bt = trump && suitOf(b) === trump, ct = trump && suitOf(c) === trump;
    if (ct && !bt) best = i;
    else if (ct === bt && suitOf(c) === suitOf(b) && strength(c) > strength(b)) best = i;
  }
  return best;
}

// May seat s be asked in the auction now (other than by its place in a round)?
function canReenter(st, s) {
  return H('auction-passer-reenters') && st.passed[s] && !st.reentered[s] && st.bids > st.passBids[s] && st.highSeat !== s;
}
function stillIn(st, s) { // Foster's auction: may s be asked when the turn comes round
  if (s === st.highSeat) return false;
  if (!st.passed[s]) return true;
  return canReenter(st, s);
}
function endAuction(st) {
  if (st.high === null) { st.phase = 'over'; st.toAct = null; return; }
  st.bidder = st.highSeat; st.contract = st.high;
  startContract(st);
}
function startContract(st) {
  const b = st.bidder;
  if (st.contract === 'frog' || (st.contract === 'chico' && H('widow-chico-takes-widow'))) {
    st.hands[b] = st.hands[b].concat(st.widow);
    st.phase = 'discard'; st.toAct = b;
    if (st.contract === 'frog') { st.trump = 'H'; st.widowShown = st.rs.widowShown; }
    return;
  }
  if (st.contract === 'chico') { st.phase = 'trump'; st.toAct = b; return; }
  st.trump = 'H';
  startPlay(st);
}
function startPlay(st) {
  st.phase = 'play';
  st.leader = H('play-bidder-leads-first') ? st.bidder : st.active[0];
  st.toAct = st.leader;
}
function advanceAuction(st, seat, wasChicoOverFrog, frogSeat) {
  if (st.high === 'grand') { endAuction(st); return; }
  const kind = st.rs.auction;
  if (kind === 'overbid') {
    let s = seat;
    for (let i = 0; i < 3; i++) {
      s = nextActive(st, s);
      if (stillIn(st, s)) { st.toAct = s; return; }
    }
    endAuction(st); return;
  }
  // one round (with or without the overbid Frog's answer)
  if (kind === 'oneround' && wasChicoOverFrog) {
    st.raiseFrom = seat; st.toAct = frogSeat; return;
  }
  if (st.inRound) {
    if (st.roundIdx < 3) { st.toAct = st.active[st.roundIdx]; return; }
    st.inRound = false;
  }
  // house: after the round, those who passed before a later bid may come back in once
  if (H('auction-passer-reenters')) {
    let s = seat;
    for (let i = 0; i < 3; i++) {
      s = nextActive(st, s);
      if (canReenter(st, s)) { st.toAct = s; return; }
    }
  }
  endAuction(st);
}
function applyAction(st, a) {
  // returns nothing; throws illegal
  if (st.phase === 'auction') {
    if (a.kind !== 'bid') throw illegal('deal.actions-by-phase', 'not an auction action');
    const seat = st.toAct;
    const answering = st.raiseFrom !== null; // overbid Frog answering at once
    let resumeFrom = seat;
    if (answering) { resumeFrom = st.raiseFrom; st.raiseFrom = null; }
    else if (st.inRound && st.rs.auction !== 'overbid') st.roundIdx++;
    if (a.bid === 'pass') {
      if (st.passed[seat]) st.reentered[seat] = true; // second pass: final
      st.passed[seat] = true; st.passBids[seat] = st.bids;
      advanceAuction(st, resumeFrom, false, null);
      return;
    }
    if (!st.rs.contracts.includes(a.bid)) throw illegal('auction.contracts-without-frog', 'not a contract of this ruleset');
    const cur = st.high ? CONTRACT_RANK[st.high] : 0;
    if (CONTRACT_RANK[a.bid] <= cur) throw illegal('auction.contract-order', 'does not outbid ' + st.high);
    const chicoOverFrog = st.high === 'frog' && a.bid === 'chico' && !answering;
    const frogSeat = st.highSeat;
    if (st.passed[seat]) { st.reentered[seat] = true; st.passed[seat] = false; }
    st.high = a.bid; st.highSeat = seat; st.bids++;
    advanceAuction(st, resumeFrom, chicoOverFrog, frogSeat);
    return;
  }
  if (st.phase === 'discard') {
    if (a.kind !== 'discard') throw illegal('deal.actions-by-phase', 'not a discard');
    const hand = st.hands[st.bidder];
    const i = hand.indexOf(a.card);
    if (i < 0) throw illegal('widow.frog-take-and-discard', 'card not in hand: ' + a.card);
    hand.splice(i, 1); st.discards.push(a.card);
    if (st.discards.length === 3) {
      if (st.contract === 'chico') { st.phase = 'trump'; st.toAct = st.bidder; }
      else startPlay(st);
    }
    return;
  }
  if (st.phase === 'trump') {
    if (a.kind !== 'trump') throw illegal('deal.actions-by-phase', 'not a trump');
    if (a.suit === 'H' && !st.rs.chicoHearts && !H('trump-chico-hearts-allowed')) throw illegal('trump.chico-not-hearts', 'hearts may not be named');
    st.trump = a.suit;
    startPlay(st);
    return;
  }
  if (st.phase === 'play') {
    if (a.kind !== 'play') throw illegal('deal.actions-by-phase', 'not a play');
    const seat = st.toAct;
    const hand = st.hands[seat];
    const i = hand.indexOf(a.card);
    if (i < 0) throw illegal('play.card-from-hand', 'card not held: ' + a.card);
    const trickCards = st.trick.map((t) => t.card);
    if (trickCards.length) {
      const led = suitOf(trickCards[0]);
      const hasLed = hand.some((c) => suitOf(c) === led);
      if (hasLed && suitOf(a.card) !== led) throw illegal('play.follow-suit', 'must follow suit');
      if (!hasLed && st.trump && suitOf(a.card) !== st.trump && hand.some((c) => suitOf(c) === st.trump)) throw illegal('play.must-trump', 'must trump');
    }
    hand.splice(i, 1);
    st.trick.push({ seat, card: a.card });
    if (st.trick.length < 3) { st.toAct = nextActive(st, seat); return; }
    const w = st.trick[trickWinner(st.trick.map((t) => t.card), st.trump)].seat;
    for (const t of st.trick) st.won[w].push(t.card);
    st.trick = []; st.tricksPlayed++; st.lastWinner = w;
    if (st.tricksPlayed === 11) { st.phase = 'over'; st.toAct = null; return; }
    st.toAct = w;
    return;
  }
  throw illegal('deal.actions-by-phase', 'the deal is over');
}
function sumPoints(cards) { return cards.reduce((a, c) => a + points(c), 0); }
function finalCount(st) {
  let bidder = sumPoints(st.won[st.bidder]);
  let defenders = 0;
  for (const s of st.active) if (s !== st.bidder) defenders += sumPoints(st.won[s]);
  const laid = (st.contract === 'frog' || st.discards.length === 3) ? st.discards : st.widow;
  if (st.contract === 'frog' && H('count-frog-discard-to-defenders')) defenders += sumPoints(laid);
  else bidder += sumPoints(laid);
  return { bidder, defenders };
}
function observe(st) {
  const o = {
    phase: st.phase, to_act: st.toAct, legal: legalActions(st),
    bidder: st.phase === 'auction' ? null : st.bidder,
    contract: st.phase === 'auction' ? null : st.contract,
    trump: st.phase === 'auction' ? null : st.trump,
  };
  if (st.contract === 'frog' && st.phase !== 'auction') o.widow_shown = st.widowShown;
  if (st.phase === 'over') {
    if (st.bidder === null) o.payments = new Array(st.players).fill(0);
    else {
      const pts = finalCount(st);
      o.points = pts;
      o.payments = settlePayments(st.rs, st.opts, st.players, st.dealer, st.bidder, st.contract, pts.bidder);
    }
  }
  return o;
}
function playActions(st, actions) {
  for (let i = 0; i < actions.length; i++) {
    try { applyAction(st, actions[i]); }
    catch (e) { if (e instanceof ProtoError && e.kind === 'illegal') e.extra.at = i; throw e; }
  }
  return st;
}

// ---------------------------------------------------------------- perft
function perft(st, depth, limit) {
  let visited = 0;
  const rec = (s, d) => {
    if (s.phase === 'over' || d === 0) return 1;
    let total = 0;
    for (const a of legalActions(s)) {
      const c = cloneState(s);
      applyAction(c, parseAction(a));
      if (c.phase !== 'over' && d - 1 > 0) { visited++; if (visited > limit) throw invalid('perft would visit more than ' + limit + ' positions'); }
      total += rec(c, d - 1);
    }
    return total;
  };
  const byFirst = {};
  let total = 0;
  if (st.phase === 'over' || depth === 0) return { total: 1, by_first: {} };
  for (const a of legalActions(st)) {
    const c = cloneState(st);
    applyAction(c, parseAction(a));
    if (c.phase !== 'over' && depth - 1 > 0) { visited++; if (visited > limit) throw invalid('perft would visit more than ' + limit + ' positions'); }
    const n = rec(c, depth - 1);
    byFirst[a] = n; total += n;
  }
  return { total, by_first: byFirst };
}

// ---------------------------------------------------------------- ops
function getRuleset(req) {
  if (!Object.prototype.hasOwnProperty.call(req, 'ruleset') || typeof req.ruleset !== 'string') throw invalid('ruleset missing or not a string');
  const rs = RULESETS[req.ruleset];
  if (!rs || !Object.prototype.hasOwnProperty.call(RULESETS, req.ruleset)) throw unsupported('ruleset not offered: ' + req.ruleset);
  return rs;
}
function readGameFields(req, rs) {
  const opts = vOptions(rs, need(req, 'options'));
  const players = vPlayers(rs, need(req, 'players'));
  const dealer = vSeat(need(req, 'dealer'), players, 'dealer');
  const deck = vDeck(need(req, 'deck'));
  const actions = vActions(need(req, 'actions'));
  return { opts, players, dealer, deck, actions };
}
const HANDLERS = {
  hello(req) {
    const spec = need(req, 'spec');
    if (typeof spec !== 'string') throw invalid('spec is not a string');
    if (spec !== '1') throw unsupported('protocol version not spoken: ' + spec);
    return { name: 'frog-node', version: '1.0.0', rulesets: RULESET_IDS, ops: OPS, rule_ids: 'frogspec' };
  },
  card_points(req) { return points(vCard(need(req, 'card'), 'card')); },
  trick_winner(req, rs) {
    const trump = vTrump(need(req, 'trump'));
    const cards = vCards(need(req, 'cards'), 'cards', 1, 3);
    return trickWinner(cards, trump);
  },
  legal_plays(req, rs) {
    const trump = vTrump(need(req, 'trump'));
    const hand = vCards(need(req, 'hand'), 'hand', 1, 11);
    const trick = vCards(need(req, 'trick'), 'trick', 0, 2);
    for (const c of trick) if (hand.includes(c)) throw invalid('card both in hand and trick: ' + c);
    return legalCards(hand, trick, trump);
  },
  deal(req, rs) {
    const opts = vOptions(rs, need(req, 'options'));
    const players = vPlayers(rs, need(req, 'players'));
    const dealer = vSeat(need(req, 'dealer'), players, 'dealer');
    const deck = vDeck(need(req, 'deck'));
    void opts;
    const d = dealCards(rs, players, dealer, deck);
    const hands = [];
    for (let s = 0; s < players; s++) hands.push(d.hands[s] ? d.hands[s] : null);
    return { active: d.active, eldest: d.active[0], hands, widow: d.widow };
  },
  settle(req, rs) {
    const opts = vOptions(rs, need(req, 'options'));
    const players = vPlayers(rs, need(req, 'players'));
    const dealer = vSeat(need(req, 'dealer'), players, 'dealer');
    const bidder = vSeat(need(req, 'bidder'), players, 'bidder');
    if (!activeSeats(players, dealer).includes(bidder)) throw invalid('the bidder sits out this deal');
    const contract = need(req, 'contract');
    if (typeof contract !== 'string' || !CONTRACT_RANK[contract] || !Object.prototype.hasOwnProperty.call(CONTRACT_RANK, contract)) throw invalid('unknown contract');
    const bp = need(req, 'bidder_points');
    if (!isInt(bp) || bp < 0 || bp > 120) throw invalid('bidder_points must be an integer from 0 to 120');
    if (!rs.contracts.includes(contract)) throw illegal('auction.contracts-without-frog', 'not a contract of this ruleset');
    return settlePayments(rs, opts, players, dealer, bidder, contract, bp);
  },
  game(req, rs) {
    const f = readGameFields(req, rs);
    const st = newGame(rs, f.opts, f.players, f.dealer, f.deck);
    playActions(st, f.actions);
    return observe(st);
  },
  perft(req, rs) {
    const f = readGameFields(req, rs);
    let depth = Infinity;
    if (Object.prototype.hasOwnProperty.call(req, 'depth')) {
      if (!isInt(req.depth) || req.depth < 0) throw invalid('depth must be a non-negative integer');
      depth = req.depth;
    }
    const st = newGame(rs, f.opts, f.players, f.dealer, f.deck);
    playActions(st, f.actions);
    return perft(st, depth, 100000);
  },
  match(req, rs) {
    const opts = vOptions(rs, need(req, 'options'));
    const players = vPlayers(rs, need(req, 'players'));
    const first = vSeat(need(req, 'first_dealer'), players, 'first_dealer');
    const deals = need(req, 'deals');
    if (!Array.isArray(deals)) throw invalid('deals is not a list');
    const parsed = deals.map((d) => {
      if (!isObj(d)) throw invalid('a deal is not an object');
      return { deck: vDeck(need(d, 'deck')), actions: vActions(need(d, 'actions')) };
    });
    const balances = new Array(players).fill(rs.bank);
    const dealers = [];
    let over = false, loser = null;
    for (let i = 0; i < parsed.length; i++) {
      if (over) throw illegal('match.first-unable-to-pay-loses', 'the game is over', { at: 0, deal: i });
      const dealer = (first + i) % players;
      dealers.push(dealer);
      const st = newGame(rs, opts, players, dealer, parsed[i].deck);
      try { playActions(st, parsed[i].actions); }
      catch (e) { if (e instanceof ProtoError && e.kind === 'illegal') e.extra.deal = i; throw e; }
      if (st.phase !== 'over') throw invalid('deal ' + i + ' stops before its end');
      if (st.bidder === null) continue;
      const pay = observe(st).payments;
      if (rs.ends) {
        for (let k = 0; k < players; k++) {
          const s = (st.bidder + k) % players;
          if (pay[s] < 0 && -pay[s] > balances[s]) { loser = s; over = true; break; }
        }
      }
      for (let s = 0; s < players; s++) balances[s] += pay[s];
    }
    return { balances, dealers, over, loser };
  },
  first_dealer(req, rs) {
    const players = vPlayers(rs, need(req, 'players'));
    if (rs.firstDealer === 'any') {
      return vSeat(need(req, 'chosen'), players, 'chosen');
    }
    const lowest = vSeat(need(req, 'lowest'), players, 'lowest');
    const choose = need(req, 'chooses_to_deal');
    if (typeof choose !== 'boolean') throw invalid('chooses_to_deal is not a boolean');
    if (choose || H('match-low-card-must-deal')) return lowest;
    return (lowest + players - 1) % players; // he is eldest: the dealer sits on his right
  },
};

function handle(req) {
  // returns a response object
  if (!isObj(req)) return { id: null, error: { kind: 'invalid', rule: null, message: 'the request is not a JSON object' } };
  if (!isInt(req.id)) return { id: null, error: { kind: 'invalid', rule: null, message: 'id is not an integer' } };
  const id = req.id;
  try {
    if (typeof req.op !== 'string') throw invalid('op is not a string');
    if (!Object.prototype.hasOwnProperty.call(HANDLERS, req.op)) throw unsupported('op not offered: ' + req.op);
    let rs = null;
    if (OPS_WITH_RULESET.has(req.op)) rs = getRuleset(req);
    return { id, result: HANDLERS[req.op](req, rs) };
  } catch (e) {
    if (!(e instanceof ProtoError)) {
      process.stderr.write('internal error: ' + (e && e.stack) + '\n');
      return { id, error: { kind: 'invalid', rule: null, message: 'internal error: ' + String(e && e.message) } };
    }
    const err = { kind: e.kind, rule: e.rule, message: e.message };
    Object.assign(err, e.extra);
    return { id, error: err };
  }
}

// ---------------------------------------------------------------- strict JSON line reading
const { parseLine } = require('./jsonline.js');

const MAX_LINE = 16777216;
function answerLine(buf) {
  let text;
  try { text = new TextDecoder('utf-8', { fatal: true }).decode(buf); }
  catch (e) { return { id: null, error: { kind: 'invalid', rule: null, message: 'utf-8: the line is not UTF-8' } }; }
  if (/^[ \t\r\n]*$/.test(text)) return null;
  const p = parseLine(text);
  if (!p.ok) return { id: null, error: { kind: 'invalid', rule: null, message: p.error } };
  return handle(p.value);
}
function main() {
  parseArgs(process.argv.slice(2));
  let parts = [];
  let size = 0;
  let tooLong = false;
  const emit = (resp) => { if (resp) process.stdout.write(JSON.stringify(resp) + '\n'); };
  const endLine = () => {
    if (tooLong) emit({ id: null, error: { kind: 'invalid', rule: null, message: 'length: the line is longer than 16777216 bytes' } });
    else emit(answerLine(Buffer.concat(parts, size)));
    parts = []; size = 0; tooLong = false;
  };
  process.stdin.on('data', (chunk) => {
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(10, start);
      const piece = nl < 0 ? chunk.subarray(start) : chunk.subarray(start, nl);
      if (!tooLong) {
        if (size + piece.length > MAX_LINE) { tooLong = true; parts = []; size = 0; }
        else { parts.push(piece); size += piece.length; }
      }
      if (nl < 0) break;
      endLine();
      start = nl + 1;
    }
  });
  process.stdin.on('end', () => { if (size > 0 || tooLong) endLine(); });
}

if (require.main === module) main();
module.exports = { handle, HOUSE, HOUSE_FLAGS, settlePayments, RULESETS };
