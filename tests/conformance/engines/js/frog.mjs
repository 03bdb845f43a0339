#!/usr/bin/env node
// jsfrog: a second, smaller Frog engine for the conformance kit's tests, in JavaScript
// for Node (standard library only). It plays Foster's rules (foster-1909, and hoyle-1907,
// which reads the same) over protocol v1 on standard input and output.
//
//   node frog.mjs [--fault NAME ...]
//
// It knows nothing of frogspec's rule ids: an illegal action is refused with its own
// code in "rule" ("E_MUST_FOLLOW" and so on). Cards are objects {rank, suit, name};
// a deal is a plain object updated by step(). Each --fault switches on one deliberate
// bug or house rule; tests/conformance/engines/README.md lists them.

import { createInterface } from "node:readline";

const RANKS = ["A", "10", "K", "Q", "J", "9", "8", "7", "6"]; // high to low
const SUITS = ["C", "D", "H", "S"];
const WORTH = { A: 11, 10: 10, K: 4, Q: 3, J: 2 };
const BID_ORDER = ["frog", "chico", "grand"];
const RULESETS = ["foster-1909", "hoyle-1907"];
const OPS = ["card_points", "trick_winner", "legal_plays", "deal", "settle", "game"];
const RATE = { frog: 1, chico: 2, grand: 4 };

const FAULTS = {
  "wrong-leader": "the player who led a trick leads the next one too",
  "bidder-leads": "the bidder leads to the first trick instead of eldest hand",
  "grand-x3": "a Grand is paid three times the Frog rate instead of four",
  "no-must-trump": "a player void in the suit led may play any card",
  "jack-1": "Jacks count 1 point",
  "overtrump-duty": "a player who trumps must beat a trump already in the trick if he can",
  "reading-auction-one-round": "one round of bidding; an overbid Frog answers at once",
};

const faults = new Set();
{
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--fault" && i + 1 < argv.length && argv[i + 1] in FAULTS) {
      faults.add(argv[++i]);
    } else {
      process.stderr.write(`jsfrog: unknown argument ${argv[i]}; faults: ${Object.keys(FAULTS).join(", ")}\n`);
      process.exit(2);
    }
  }
}

class Refusal extends Error {
  constructor(kind, message, code = null) {
    super(message);
    this.kind = kind;
    this.code = code;
    this.at = null;
  }
}
const bad = (message) => new Refusal("invalid", message);
const foul = (code, message) => new Refusal("illegal", message, code);

// --- cards ---------------------------------------------------------------------------

function card(text) {
  if (typeof text !== "string") throw bad(`a card is a string, not ${JSON.stringify(text)}`);
  const rank = text.slice(0, -1);
  const suit = text.slice(-1);
  if (!RANKS.includes(rank) || !SUITS.includes(suit)) throw bad(`no such card: ${text}`);
  return { rank, suit, name: text };
}

function cardList(value, what, min, max) {
  if (!Array.isArray(value)) throw bad(`${what} must be a list of cards`);
  const cards = value.map(card);
  if (new Set(value).size !== value.length) throw bad(`${what} names a card twice`);
  if (cards.length < min || cards.length > max) throw bad(`${what}: ${min} to ${max} cards`);
  return cards;
}

const worth = (c) => (c.rank === "J" && faults.has("jack-1") ? 1 : WORTH[c.rank] ?? 0);
const strength = (c) => RANKS.length - RANKS.indexOf(c.rank);

function winningIndex(cards, trump) {
  let best = 0;
  for (let i = 1; i < cards.length; i++) {
    const c = cards[i];
    const b = cards[best];
    if (c.suit === b.suit ? strength(c) > strength(b) : c.suit === trump) best = i;
  }
  return best;
}

function allowed(hand, trick, trump) {
  if (trick.length === 0) return hand.slice();
  const led = trick[0].suit;
  const follow = hand.filter((c) => c.suit === led);
  if (follow.length) return follow;
  const trumps = hand.filter((c) => c.suit === trump);
  if (trumps.length === 0 || faults.has("no-must-trump")) return hand.slice();
  if (faults.has("overtrump-duty")) {
    const top = Math.max(0, ...trick.filter((c) => c.suit === trump).map(strength));
    const over = trumps.filter((c) => strength(c) > top);
    if (top > 0 && over.length) return over;
  }
  return trumps;
}

// --- the table -----------------------------------------------------------------------

function seatsInPlay(players, dealer) {
  const left = (k) => (dealer + k) % players;
  if (players === 3) return [left(1), left(2), dealer];
  if (players === 4) return [left(1), left(2), left(3)];
  return [left(1), left(2), (dealer + players - 1) % players];
}

function dealOut(players, dealer, deck) {
  const seats = seatsInPlay(players, dealer);
  const hands = new Map(seats.map((s) => [s, []]));
  let next = 0;
  const give = (n) => deck.slice(next, (next += n));
  for (const s of seats) hands.get(s).push(...give(3));
  const widow = give(3);
  for (let round = 0; round < 2; round++) for (const s of seats) hands.get(s).push(...give(4));
  return { seats, hands, widow };
}

function newDeal(players, dealer, deck) {
  const { seats, hands, widow } = dealOut(players, dealer, deck);
  return {
    players, dealer, seats, hands, widow,
    phase: "auction",
    // the auction: who is still in it and the best bid so far
    out: new Set(), best: null, bestBy: null,
    spoken: 0, answer: null, // one-round reading only
    turn: seats[0],
    bidder: null, contract: null, trump: null,
    buried: [], trick: [], tricks: 0, won: new Map(seats.map((s) => [s, 0])),
    over: false, nobodyBid: false, payments: null, points: null,
  };
}

const oneRound = () => faults.has("reading-auction-one-round");

function bidsAbove(g) {
  const floor = g.best ? BID_ORDER.indexOf(g.best) : -1;
  return BID_ORDER.slice(floor + 1);
}

function legalNow(g) {
  if (g.over) return [];
  if (g.phase === "auction") return ["pass", ...bidsAbove(g)];
  if (g.phase === "discard") return g.hands.get(g.bidder).map((c) => `discard ${c.name}`);
  if (g.phase === "trump") return ["C", "D", "S"].map((s) => `trump ${s}`);
  return allowed(g.hands.get(g.turn), g.trick.map((p) => p.card), g.trump).map((c) => `play ${c.name}`);
}

function step(g, action) {
  const [word, arg] = action.split(" ");
  if (g.over) {
    throw g.nobodyBid ? foul("E_HAND_THROWN_IN", "everyone passed") : foul("E_HAND_OVER", "eleven tricks are done");
  }
  const seat = g.turn;
  if (g.phase === "auction") return bid(g, seat, word);
  if (g.phase === "discard") {
    if (word !== "discard") throw foul("E_DISCARD_FIRST", `seat ${seat} must lay away three cards`);
    const hand = g.hands.get(seat);
    const i = hand.findIndex((c) => c.name === arg);
    if (i < 0) throw foul("E_DISCARD_NOT_HELD", `seat ${seat} holds no ${arg}`);
    g.buried.push(...hand.splice(i, 1));
    if (g.buried.length === 3) beginPlay(g);
    return;
  }
  if (g.phase === "trump") {
    if (word !== "trump") throw foul("E_NAME_TRUMP", `seat ${seat} must name trumps`);
    if (arg === "H") throw foul("E_CHICO_HEARTS", "a Chico cannot be in hearts");
    g.trump = arg;
    return beginPlay(g);
  }
  if (word !== "play") throw foul("E_PLAY_A_CARD", `seat ${seat} must play`);
  const hand = g.hands.get(seat);
  const i = hand.findIndex((c) => c.name === arg);
  if (i < 0) throw foul("E_NOT_IN_HAND", `seat ${seat} holds no ${arg}`);
  const trick = g.trick.map((p) => p.card);
  if (!allowed(hand, trick, g.trump).includes(hand[i])) {
    if (trick.length && hand.some((c) => c.suit === trick[0].suit)) throw foul("E_MUST_FOLLOW", `seat ${seat} must follow suit`);
    if (hand[i].suit !== g.trump) throw foul("E_MUST_TRUMP", `seat ${seat} must trump`);
    throw foul("E_MUST_OVERTRUMP", `seat ${seat} must beat the trump played`);
  }
  g.trick.push({ seat, card: hand.splice(i, 1)[0] });
  if (g.trick.length < 3) {
    g.turn = g.seats[(g.seats.indexOf(seat) + 1) % 3];
    return;
  }
  const taker = g.trick[winningIndex(g.trick.map((p) => p.card), g.trump)].seat;
  g.won.set(taker, g.won.get(taker) + g.trick.reduce((n, p) => n + worth(p.card), 0));
  g.turn = faults.has("wrong-leader") ? g.trick[0].seat : taker;
  g.trick = [];
  if (++g.tricks === 11) finish(g);
}

function bid(g, seat, word) {
  if (word !== "pass" && !BID_ORDER.includes(word)) throw foul("E_BID_OR_PASS", `seat ${seat} must bid or pass`);
  const before = g.best;
  const beforeBy = g.bestBy;
  if (word === "pass") {
    g.out.add(seat);
  } else {
    if (!bidsAbove(g).includes(word)) throw foul("E_BID_TOO_LOW", `${word} does not beat ${g.best}`);
    g.best = word;
    g.bestBy = seat;
  }
  if (oneRound()) {
    if (g.answer === seat) g.answer = null;
    else {
      g.spoken++;
      if (word === "chico" && before === "frog") g.answer = beforeBy;
    }
  }
  g.turn = g.best === "grand" ? null : nextToSpeak(g, seat);
  if (g.turn !== null) return;
  if (g.best === null) {
    g.over = true;
    g.nobodyBid = true;
    g.payments = new Array(g.players).fill(0);
    return;
  }
  g.bidder = g.bestBy;
  g.contract = g.best;
  if (g.contract === "chico") {
    g.phase = "trump";
    g.turn = g.bidder;
    return;
  }
  g.trump = "H";
  if (g.contract === "frog") {
    g.hands.get(g.bidder).push(...g.widow);
    g.phase = "discard";
    g.turn = g.bidder;
    return;
  }
  beginPlay(g);
}

function nextToSpeak(g, seat) {
  if (oneRound()) {
    if (g.answer !== null) return g.answer;
    return g.spoken < 3 ? g.seats[g.spoken] : null;
  }
  // Foster: round and round, skipping those who passed and the one holding the best bid
  for (let k = 1; k <= 3; k++) {
    const s = g.seats[(g.seats.indexOf(seat) + k) % 3];
    if (!g.out.has(s) && s !== g.bestBy) return s;
  }
  return null;
}

function beginPlay(g) {
  g.phase = "play";
  g.turn = faults.has("bidder-leads") ? g.bidder : g.seats[0];
}

function finish(g) {
  const kept = g.contract === "frog" ? g.buried : g.widow;
  const mine = g.won.get(g.bidder) + kept.reduce((n, c) => n + worth(c), 0);
  const all = SUITS.flatMap((s) => RANKS.map((r) => card(r + s))).reduce((n, c) => n + worth(c), 0);
  g.points = { bidder: mine, defenders: all - mine };
  g.payments = payments(g.players, g.dealer, g.bidder, g.contract, mine);
  g.over = true;
  g.turn = null;
}

function payments(players, dealer, bidder, contract, points) {
  const rate = contract === "grand" && faults.has("grand-x3") ? 3 * RATE.frog : RATE[contract];
  const amount = rate * (points - 60);
  const out = new Array(players).fill(0);
  if (amount === 0) return out;
  const holding = seatsInPlay(players, dealer);
  for (let s = 0; s < players; s++) {
    if (s === bidder) continue;
    // a winner is paid by those who held cards; a loser pays everyone at the table
    if (amount > 0 && !holding.includes(s)) continue;
    out[s] -= amount;
    out[bidder] += amount;
  }
  return out;
}

function observe(g) {
  const o = {
    phase: g.over ? "over" : g.phase,
    to_act: g.over ? null : g.turn,
    legal: legalNow(g),
    bidder: g.bidder,
    contract: g.contract,
    trump: g.trump,
  };
  if (g.contract === "frog") o.widow_shown = true;
  if (g.over) {
    o.payments = g.payments;
    if (g.points) o.points = g.points;
  }
  return o;
}

// --- requests ------------------------------------------------------------------------

function field(req, name) {
  if (!(name in req)) throw bad(`missing field ${name}`);
  return req[name];
}

function integer(req, name, min, max) {
  const v = field(req, name);
  if (!Number.isInteger(v) || v < min || v > max) throw bad(`${name} must be a whole number from ${min} to ${max}`);
  return v;
}

function ruleset(req) {
  const name = field(req, "ruleset");
  if (typeof name !== "string") throw bad("ruleset must be a string");
  if (!RULESETS.includes(name)) throw new Refusal("unsupported", `jsfrog plays ${RULESETS.join(" and ")} only`);
}

function tableOf(req) {
  ruleset(req);
  const options = field(req, "options");
  if (options === null || typeof options !== "object" || Array.isArray(options)) throw bad("options must be an object");
  if (Object.keys(options).length) throw bad(`Foster's game has no options (${Object.keys(options).join(", ")})`);
  const players = integer(req, "players", 3, 5);
  const dealer = integer(req, "dealer", 0, players - 1);
  return { players, dealer };
}

function deckOf(req) {
  return cardList(field(req, "deck"), "deck", 36, 36);
}

function trumpOf(req) {
  const t = field(req, "trump");
  if (t !== null && !SUITS.includes(t)) throw bad(`trump must be C, D, H or S`);
  return t;
}

const ACTION = /^(pass|frog|chico|grand|trump [CDHS]|(play|discard) (A|10|K|Q|J|9|8|7|6)[CDHS])$/;

const handlers = {
  hello(req) {
    const spec = field(req, "spec");
    if (typeof spec !== "string") throw bad(`spec is the protocol version, a string, not ${JSON.stringify(spec)}`);
    if (spec !== "1") throw new Refusal("unsupported", `jsfrog speaks spec "1", not "${spec}"`);
    const name = ["jsfrog", ...[...faults].sort()].join(" +");
    // hello is listed too: it is an op like the others, and the runner skips its cases otherwise
    return { name, version: "1.0.0", rulesets: RULESETS, ops: ["hello", ...OPS] };
  },
  card_points: (req) => worth(card(field(req, "card"))),
  trick_winner(req) {
    ruleset(req);
    const trump = trumpOf(req);
    return winningIndex(cardList(field(req, "cards"), "cards", 1, 3), trump);
  },
  legal_plays(req) {
    ruleset(req);
    const trump = trumpOf(req);
    const hand = cardList(field(req, "hand"), "hand", 1, 11); // a hand in the play
    const trick = cardList(field(req, "trick"), "trick", 0, 2);
    if (trick.some((t) => hand.some((c) => c.name === t.name))) throw bad("a card in both hand and trick");
    return allowed(hand, trick, trump).map((c) => c.name);
  },
  deal(req) {
    const { players, dealer } = tableOf(req);
    const { seats, hands, widow } = dealOut(players, dealer, deckOf(req));
    return {
      active: seats,
      eldest: seats[0],
      hands: Array.from({ length: players }, (_, s) => (hands.has(s) ? hands.get(s).map((c) => c.name) : null)),
      widow: widow.map((c) => c.name),
    };
  },
  settle(req) {
    const { players, dealer } = tableOf(req);
    const bidder = integer(req, "bidder", 0, players - 1);
    if (!seatsInPlay(players, dealer).includes(bidder)) throw bad(`seat ${bidder} holds no cards this deal`);
    const contract = field(req, "contract");
    if (!BID_ORDER.includes(contract)) throw bad(`unknown contract ${contract}`);
    return payments(players, dealer, bidder, contract, integer(req, "bidder_points", 0, 120));
  },
  game(req) {
    const { players, dealer } = tableOf(req);
    const deck = deckOf(req);
    const actions = field(req, "actions");
    if (!Array.isArray(actions)) throw bad("actions must be a list");
    actions.forEach((a) => {
      if (typeof a !== "string" || !ACTION.test(a)) throw bad(`not an action: ${JSON.stringify(a)}`);
    });
    const g = newDeal(players, dealer, deck);
    actions.forEach((a, i) => {
      try {
        step(g, a);
      } catch (e) {
        if (e instanceof Refusal) e.at = i;
        throw e;
      }
    });
    return observe(g);
  },
};

function respond(line) {
  let req;
  try {
    req = JSON.parse(line);
  } catch {
    return { id: null, error: { kind: "invalid", rule: null, message: "that line is not JSON" } };
  }
  const id = req && typeof req === "object" ? req.id : null;
  try {
    if (!req || typeof req !== "object" || Array.isArray(req)) throw bad("a request is a JSON object");
    const handler = Object.hasOwn(handlers, req.op) ? handlers[req.op] : null;
    if (!handler) throw new Refusal("unsupported", `jsfrog has no op ${req.op}`);
    return { id, result: handler(req) };
  } catch (e) {
    if (!(e instanceof Refusal)) throw e;
    const error = { kind: e.kind, rule: e.code, message: e.message };
    if (e.at !== null) error.at = e.at;
    return { id, error };
  }
}

const rl = createInterface({ input: process.stdin });
rl.on("line", (line) => {
  if (line.trim()) process.stdout.write(JSON.stringify(respond(line)) + "\n");
});
