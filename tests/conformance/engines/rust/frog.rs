// rsfrog: a Frog engine in Rust (standard library only), speaking the conformance
// protocol version 1 on stdin/stdout. Written from Foster (1909) and the protocol.
// Build: rustc -O --edition 2021 frog.rs -o rsfrog
use std::io::{self, BufRead, Write};

// ---------------------------------------------------------------- JSON

#[derive(Clone, Debug, PartialEq)]
enum Json {
    Null,
    Bool(bool),
    Int(i64),
    Real(f64),
    Str(String),
    List(Vec<Json>),
    Map(Vec<(String, Json)>),
}

impl Json {
    fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Map(pairs) => pairs.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }
}

struct Reader<'a> {
    text: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    fn skip_space(&mut self) {
        while self.pos < self.text.len() && matches!(self.text[self.pos], b' ' | b'\t' | b'\r' | b'\n') {
            self.pos += 1;
        }
    }
    fn value(&mut self) -> Result<Json, String> {
        self.skip_space();
        let c = *self.text.get(self.pos).ok_or("unexpected end of line")?;
        match c {
            b'{' => {
                self.pos += 1;
                let mut pairs = Vec::new();
                self.skip_space();
                if self.text.get(self.pos) == Some(&b'}') {
                    self.pos += 1;
                    return Ok(Json::Map(pairs));
                }
                loop {
                    self.skip_space();
                    let key = match self.value()? {
                        Json::Str(s) => s,
                        _ => return Err("object key is not a string".into()),
                    };
                    self.skip_space();
                    if self.text.get(self.pos) != Some(&b':') {
                        return Err("expected ':'".into());
                    }
                    self.pos += 1;
                    let v = self.value()?;
                    pairs.retain(|(k, _): &(String, Json)| *k != key);
                    pairs.push((key, v));
                    self.skip_space();
                    match self.text.get(self.pos) {
                        Some(b',') => self.pos += 1,
                        Some(b'}') => {
                            self.pos += 1;
                            return Ok(Json::Map(pairs));
                        }
                        _ => return Err("expected ',' or '}'".into()),
                    }
                }
            }
            b'[' => {
                self.pos += 1;
                let mut items = Vec::new();
                self.skip_space();
                if self.text.get(self.pos) == Some(&b']') {
                    self.pos += 1;
                    return Ok(Json::List(items));
                }
                loop {
                    items.push(self.value()?);
                    self.skip_space();
                    match self.text.get(self.pos) {
                        Some(b',') => self.pos += 1,
                        Some(b']') => {
                            self.pos += 1;
                            return Ok(Json::List(items));
                        }
                        _ => return Err("expected ',' or ']'".into()),
                    }
                }
            }
            b'"' => {
                self.pos += 1;
                let mut out: Vec<u8> = Vec::new();
                loop {
                    let c = *self.text.get(self.pos).ok_or("unterminated string")?;
                    self.pos += 1;
                    match c {
                        b'"' => break,
                        b'\\' => {
                            let e = *self.text.get(self.pos).ok_or("bad escape")?;
                            self.pos += 1;
                            match e {
                                b'"' => out.push(b'"'),
                                b'\\' => out.push(b'\\'),
                                b'/' => out.push(b'/'),
                                b'b' => out.push(8),
                                b'f' => out.push(12),
                                b'n' => out.push(b'\n'),
                                b'r' => out.push(b'\r'),
                                b't' => out.push(b'\t'),
                                b'u' => {
                                    let mut code = self.hex4()?;
                                    if (0xD800..0xDC00).contains(&code) && self.text.get(self.pos) == Some(&b'\\') {
                                        self.pos += 2;
                                        let low = self.hex4()?;
                                        code = 0x10000 + ((code - 0xD800) << 10) + (low.wrapping_sub(0xDC00) & 0x3FF);
                                    }
                                    let ch = char::from_u32(code).unwrap_or('\u{FFFD}');
                                    let mut buf = [0u8; 4];
                                    out.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
                                }
                                _ => return Err("bad escape".into()),
                            }
                        }
                        _ => out.push(c),
                    }
                }
                String::from_utf8(out).map(Json::Str).map_err(|_| "string is not UTF-8".into())
            }
            b't' => self.word("true", Json::Bool(true)),
            b'f' => self.word("false", Json::Bool(false)),
            b'n' => self.word("null", Json::Null),
            _ => {
                let start = self.pos;
                while self.pos < self.text.len() && matches!(self.text[self.pos], b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9') {
                    self.pos += 1;
                }
                let s = std::str::from_utf8(&self.text[start..self.pos]).unwrap_or("");
                if s.is_empty() {
                    return Err("unexpected character".into());
                }
                if s.bytes().all(|b| b == b'-' || b.is_ascii_digit()) {
                    if let Ok(n) = s.parse::<i64>() {
                        return Ok(Json::Int(n));
                    }
                }
                s.parse::<f64>().map(Json::Real).map_err(|_| format!("bad number {s}"))
            }
        }
    }
    fn hex4(&mut self) -> Result<u32, String> {
        let s = self.text.get(self.pos..self.pos + 4).ok_or("bad \\u escape")?;
        self.pos += 4;
        u32::from_str_radix(std::str::from_utf8(s).unwrap_or("x"), 16).map_err(|_| "bad \\u escape".into())
    }
    fn word(&mut self, w: &str, v: Json) -> Result<Json, String> {
        if self.text[self.pos..].starts_with(w.as_bytes()) {
            self.pos += w.len();
            Ok(v)
        } else {
            Err("unexpected word".into())
        }
    }
}

fn parse_json(line: &str) -> Result<Json, String> {
    let mut r = Reader { text: line.as_bytes(), pos: 0 };
    let v = r.value()?;
    r.skip_space();
    if r.pos != r.text.len() {
        return Err("trailing characters".into());
    }
    Ok(v)
}

fn write_json(v: &Json, out: &mut String) {
    match v {
        Json::Null => out.push_str("null"),
        Json::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Json::Int(n) => out.push_str(&n.to_string()),
        Json::Real(x) => out.push_str(&x.to_string()),
        Json::Str(s) => {
            out.push('"');
            for ch in s.chars() {
                match ch {
                    '"' => out.push_str("\\\""),
                    '\\' => out.push_str("\\\\"),
                    '\n' => out.push_str("\\n"),
                    '\r' => out.push_str("\\r"),
                    '\t' => out.push_str("\\t"),
                    c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
                    c => out.push(c),
                }
            }
            out.push('"');
        }
        Json::List(items) => {
            out.push('[');
            for (i, x) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_json(x, out);
            }
            out.push(']');
        }
        Json::Map(pairs) => {
            out.push('{');
            for (i, (k, x)) in pairs.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_json(&Json::Str(k.clone()), out);
                out.push(':');
                write_json(x, out);
            }
            out.push('}');
        }
    }
}

fn s(x: &str) -> Json {
    Json::Str(x.to_string())
}
fn obj(pairs: Vec<(&str, Json)>) -> Json {
    Json::Map(pairs.into_iter().map(|(k, v)| (k.to_string(), v)).collect())
}
fn int(n: i64) -> Json {
    Json::Int(n)
}
fn seat_or_null(x: Option<usize>) -> Json {
    x.map(|v| int(v as i64)).unwrap_or(Json::Null)
}

// ---------------------------------------------------------------- errors

struct Refusal {
    kind: &'static str,
    rule: Option<&'static str>,
    message: String,
    at: Option<usize>,
    deal: Option<usize>,
}

fn bad(message: impl Into<String>) -> Refusal {
    Refusal { kind: "invalid", rule: None, message: message.into(), at: None, deal: None }
}
fn not_offered(message: impl Into<String>) -> Refusal {
    Refusal { kind: "unsupported", rule: None, message: message.into(), at: None, deal: None }
}
fn breaks(rule: &'static str, message: impl Into<String>) -> Refusal {
    Refusal { kind: "illegal", rule: Some(rule), message: message.into(), at: None, deal: None }
}

// ---------------------------------------------------------------- cards

const SUITS: [char; 4] = ['C', 'D', 'H', 'S'];
const RANKS: [&str; 9] = ["A", "10", "K", "Q", "J", "9", "8", "7", "6"];
const HEARTS: u8 = 2;

type Card = u8; // suit * 9 + rank index (0 = Ace, the highest)

fn suit_of(c: Card) -> u8 {
    c / 9
}
fn rank_of(c: Card) -> u8 {
    c % 9
}
fn card_name(c: Card) -> String {
    format!("{}{}", RANKS[rank_of(c) as usize], SUITS[suit_of(c) as usize])
}
fn card_from(text: &str) -> Option<Card> {
    let (rank, suit) = text.split_at(text.len().checked_sub(1)?);
    let si = SUITS.iter().position(|&x| suit.len() == 1 && suit.starts_with(x))?;
    let ri = RANKS.iter().position(|&r| r == rank)?;
    Some((si * 9 + ri) as u8)
}
fn suit_from(text: &str) -> Option<u8> {
    if text.len() != 1 {
        return None;
    }
    SUITS.iter().position(|&x| text.starts_with(x)).map(|i| i as u8)
}
fn value_of(c: Card) -> i64 {
    [11, 10, 4, 3, 2, 0, 0, 0, 0][rank_of(c) as usize]
}

// ---------------------------------------------------------------- house rules

const HOUSE_RULES: [&str; 8] = [
    "big-win-bonus",
    "grand-pays-5",
    "widow-to-defenders",
    "deal-4-4-3",
    "five-right-hand-sits-out",
    "second-hand-leads",
    "no-must-trump",
    "no-second-bid",
];

/// The ruleset read (Foster's, or the post-1950 changes) and the house rules switched on.
const SOLO: u8 = 1;
const STRAIGHT: u8 = 2;
const COEUR: u8 = 3;
const RECEIVE_ONLY: u8 = 0;
const PAY_AND_RECEIVE: u8 = 1;
const SOLO_ONLY: u8 = 2;

#[derive(Default, Clone)]
struct Rules {
    modern: bool, // "modern": 4-(3)-3-4 deal, one round of bidding, Frog's widow not shown
    web: bool,    // "gamerules" (with modern): three players, one bid each, Chico any suit, 1-2-3, bank 150
    official: u8, // the 1922 rules (with modern): SOLO, STRAIGHT or COEUR; 0 otherwise
    sitting_out: u8, // 1922 option: RECEIVE_ONLY, PAY_AND_RECEIVE or SOLO_ONLY
    penalty_frog: bool, // 1922 option: a lost Frog pays at the Heart Solo rate
    big_win_bonus: bool,
    grand_pays_5: bool,
    widow_to_defenders: bool,
    deal_4_4_3: bool,
    five_right_sits_out: bool,
    second_hand_leads: bool,
    no_must_trump: bool,
    no_second_bid: bool,
}

// ---------------------------------------------------------------- contracts

const FROG: u8 = 1;
const CHICO: u8 = 2;
const GRAND: u8 = 3;

fn contract_name(c: u8) -> &'static str {
    match c {
        FROG => "frog",
        CHICO => "chico",
        _ => "grand",
    }
}
fn contract_from(text: &str) -> Option<u8> {
    match text {
        "frog" => Some(FROG),
        "chico" => Some(CHICO),
        "grand" => Some(GRAND),
        _ => None,
    }
}

// ---------------------------------------------------------------- seating and dealing

/// The seats that hold cards, from eldest hand clockwise.
fn seats_in_play(h: &Rules, players: usize, dealer: usize) -> Vec<usize> {
    let left = |k: usize| (dealer + k) % players;
    match players {
        3 => vec![left(1), left(2), left(0)],
        4 => vec![left(1), left(2), left(3)],
        _ => {
            if h.five_right_sits_out {
                vec![left(1), left(2), left(3)]
            } else {
                // two on the dealer's left and one on his right
                vec![left(1), left(2), left(players - 1)]
            }
        }
    }
}

struct Dealt {
    active: Vec<usize>,
    hands: Vec<Option<Vec<Card>>>,
    widow: Vec<Card>,
}

fn deal_cards(h: &Rules, players: usize, dealer: usize, deck: &[Card]) -> Dealt {
    let active = seats_in_play(h, players, dealer);
    let mut hands: Vec<Option<Vec<Card>>> = vec![None; players];
    for &seat in &active {
        hands[seat] = Some(Vec::new());
    }
    let mut widow = Vec::new();
    let mut next = deck.iter().copied();
    // (packet size, whether it goes to the widow rather than round the players)
    if h.official != 0 && !h.deal_4_4_3 {
        // singly from eldest; the 1st, 4th and 8th cards to the slough
        let mut turn = 0;
        for (i, &c) in deck.iter().enumerate() {
            if [0, 3, 7].contains(&i) {
                widow.push(c);
            } else {
                hands[active[turn % 3]].as_mut().unwrap().push(c);
                turn += 1;
            }
        }
        return Dealt { active, hands, widow };
    }
    let packets: [(usize, bool); 4] = if h.deal_4_4_3 {
        [(4, false), (4, false), (3, false), (3, true)]
    } else if h.modern {
        [(4, false), (3, true), (3, false), (4, false)]
    } else {
        [(3, false), (3, true), (4, false), (4, false)]
    };
    for (size, to_widow) in packets {
        if to_widow {
            for _ in 0..size {
                widow.push(next.next().unwrap());
            }
        } else {
            for &seat in &active {
                for _ in 0..size {
                    hands[seat].as_mut().unwrap().push(next.next().unwrap());
                }
            }
        }
    }
    Dealt { active, hands, widow }
}

// ---------------------------------------------------------------- settlement

fn payments(h: &Rules, players: usize, dealer: usize, bidder: usize, contract: u8, bidder_points: i64) -> Vec<i64> {
    let mut pay = vec![0i64; players];
    if bidder_points == 60 {
        return pay;
    }
    let won = bidder_points > 60;
    // a lost Frog under Penalty Frog is paid as a lost Heart Solo
    let priced_as = if !won && contract == FROG && h.penalty_frog { GRAND } else { contract };
    let mut each = if h.official == COEUR {
        [0, 25, 50, 75][priced_as as usize]
    } else {
        let rate = match (priced_as, h.official) {
            (CHICO, STRAIGHT) => 1,
            (GRAND, STRAIGHT) => 2,
            (FROG, _) => 1,
            (CHICO, _) => 2,
            _ if h.grand_pays_5 => 5,
            _ if h.web || h.official != 0 => 3,
            _ => 4,
        };
        (bidder_points - 60).abs() * rate
    };
    if won && h.big_win_bonus && bidder_points > 90 {
        each += 10;
    }
    let active = seats_in_play(h, players, dealer);
    let sitters_pay = match h.sitting_out {
        PAY_AND_RECEIVE => true,
        SOLO_ONLY => contract != FROG,
        _ => false,
    };
    for seat in 0..players {
        if seat == bidder || (won && !active.contains(&seat) && !sitters_pay) {
            continue;
        }
        let signed = if won { each } else { -each };
        pay[seat] -= signed;
        pay[bidder] += signed;
    }
    pay
}

// ---------------------------------------------------------------- the deal played

#[derive(Clone, Copy, PartialEq)]
enum Phase {
    Auction,
    Discard,
    Trump,
    Play,
    Over,
}

#[derive(Clone, PartialEq)]
enum Action {
    Pass,
    Bid(u8),
    Discard(Card),
    Trump(u8),
    Play(Card),
}

fn action_from(text: &str) -> Option<Action> {
    if text == "pass" {
        return Some(Action::Pass);
    }
    if let Some(c) = contract_from(text) {
        return Some(Action::Bid(c));
    }
    let (verb, arg) = text.split_once(' ')?;
    match verb {
        "discard" => card_from(arg).map(Action::Discard),
        "play" => card_from(arg).map(Action::Play),
        "trump" => suit_from(arg).map(Action::Trump),
        _ => None,
    }
}

fn action_name(a: &Action) -> String {
    match a {
        Action::Pass => "pass".into(),
        Action::Bid(c) => contract_name(*c).into(),
        Action::Discard(c) => format!("discard {}", card_name(*c)),
        Action::Trump(t) => format!("trump {}", SUITS[*t as usize]),
        Action::Play(c) => format!("play {}", card_name(*c)),
    }
}

#[derive(Clone)]
struct Deal {
    house: Rules,
    players: usize,
    dealer: usize,
    active: Vec<usize>,
    hands: Vec<Vec<Card>>,
    widow: Vec<Card>,
    phase: Phase,
    to_act: usize, // index into active
    out_of_auction: Vec<bool>, // by index into active
    next_speaker: usize, // one-round auction: index into active of the next to speak in turn
    answering: bool,     // one-round auction: an overbid Frog bidder answers out of turn
    standing: Option<(usize, u8)>, // (index into active, contract)
    frog_bidder: Option<usize>,    // who bid Frog, if anyone
    bidder: Option<usize>, // index into active
    contract: Option<u8>,
    trump: Option<u8>,
    laid_away: Vec<Card>,
    trick: Vec<(usize, Card)>,
    taken: Vec<i64>, // card points taken in tricks, by index into active
    tricks_done: usize,
}

impl Deal {
    fn new(house: &Rules, players: usize, dealer: usize, deck: &[Card]) -> Deal {
        let dealt = deal_cards(house, players, dealer, deck);
        let hands = dealt.active.iter().map(|&s| dealt.hands[s].clone().unwrap()).collect();
        Deal {
            house: house.clone(),
            players,
            dealer,
            active: dealt.active,
            hands,
            widow: dealt.widow,
            phase: Phase::Auction,
            to_act: 0,
            out_of_auction: vec![false; 3],
            next_speaker: 0,
            answering: false,
            standing: None,
            frog_bidder: None,
            bidder: None,
            contract: None,
            trump: None,
            laid_away: Vec::new(),
            trick: Vec::new(),
            taken: vec![0; 3],
            tricks_done: 0,
        }
    }

    fn legal_actions(&self) -> Vec<Action> {
        match self.phase {
            Phase::Auction => {
                let floor = self.standing.map(|(_, c)| c).unwrap_or(0);
                let mut v = vec![Action::Pass];
                for c in FROG..=GRAND {
                    if c > floor && !(c == FROG && self.house.official == STRAIGHT) {
                        v.push(Action::Bid(c));
                    }
                }
                v
            }
            Phase::Discard => self.hands[self.to_act].iter().map(|&c| Action::Discard(c)).collect(),
            Phase::Trump => {
                let suits: &[u8] = if self.house.web { &[0, 1, 2, 3] } else { &[0, 1, 3] };
                suits.iter().map(|&t| Action::Trump(t)).collect()
            }
            Phase::Play => self.playable().into_iter().map(Action::Play).collect(),
            Phase::Over => Vec::new(),
        }
    }

    fn playable(&self) -> Vec<Card> {
        allowed_cards(&self.house, self.trump, &self.hands[self.to_act], self.trick.first().map(|t| t.1))
    }

    fn apply(&mut self, a: &Action) -> Result<(), Refusal> {
        let out_of_phase = || breaks("deal.actions-by-phase", format!("{} is not an action of this phase", action_name(a)));
        match (self.phase, a) {
            (Phase::Auction, Action::Pass) => {
                self.out_of_auction[self.to_act] = true;
                self.after_bid();
            }
            (Phase::Auction, Action::Bid(c)) => {
                if *c == FROG && self.house.official == STRAIGHT {
                    return Err(breaks("auction.contracts-without-frog", "Straight Solo has no Frog"));
                }
                let floor = self.standing.map(|(_, c)| c).unwrap_or(0);
                if *c <= floor {
                    return Err(breaks(
                        "auction.contract-order",
                        format!("{} does not outbid {}", contract_name(*c), contract_name(floor)),
                    ));
                }
                if self.house.no_second_bid {
                    // an overbid player has had his one bid
                    if let Some((holder, _)) = self.standing {
                        self.out_of_auction[holder] = true;
                    }
                }
                self.standing = Some((self.to_act, *c));
                if *c == FROG {
                    self.frog_bidder = Some(self.to_act);
                }
                self.after_bid();
            }
            (Phase::Discard, Action::Discard(c)) => {
                let hand = &mut self.hands[self.to_act];
                let Some(i) = hand.iter().position(|x| x == c) else {
                    return Err(breaks("widow.frog-take-and-discard", format!("{} is not in the bidder's hand", card_name(*c))));
                };
                hand.remove(i);
                self.laid_away.push(*c);
                if self.laid_away.len() == 3 {
                    self.start_play();
                }
            }
            (Phase::Trump, Action::Trump(t)) => {
                if *t == HEARTS && !self.house.web {
                    return Err(breaks("trump.chico-not-hearts", "a Chico bidder may not name hearts"));
                }
                self.trump = Some(*t);
                self.start_play();
            }
            (Phase::Play, Action::Play(c)) => {
                let hand = &self.hands[self.to_act];
                if !hand.contains(c) {
                    return Err(breaks("play.card-from-hand", format!("{} is not in the hand of the player to play", card_name(*c))));
                }
                if !self.playable().contains(c) {
                    let led = suit_of(self.trick[0].1);
                    if hand.iter().any(|&x| suit_of(x) == led) {
                        return Err(breaks("play.follow-suit", format!("{} does not follow the suit led", card_name(*c))));
                    }
                    return Err(breaks("play.must-trump", format!("{} is not a trump, and the player holds one", card_name(*c))));
                }
                let i = self.hands[self.to_act].iter().position(|x| x == c).unwrap();
                self.hands[self.to_act].remove(i);
                self.trick.push((self.to_act, *c));
                if self.trick.len() == 3 {
                    let cards: Vec<Card> = self.trick.iter().map(|t| t.1).collect();
                    let w = self.trick[trick_winner(self.trump, &cards)].0;
                    self.taken[w] += cards.iter().map(|&c| value_of(c)).sum::<i64>();
                    self.trick.clear();
                    self.tricks_done += 1;
                    self.to_act = w;
                    if self.tricks_done == 11 {
                        self.phase = Phase::Over;
                    }
                } else {
                    self.to_act = (self.to_act + 1) % 3;
                }
            }
            _ => return Err(out_of_phase()),
        }
        Ok(())
    }

    fn after_bid(&mut self) {
        if let Some((holder, GRAND)) = self.standing {
            return self.win_auction(holder, GRAND);
        }
        if self.house.modern {
            return self.after_bid_one_round();
        }
        let holder = self.standing.map(|(h, _)| h);
        for step in 1..=3 {
            let i = (self.to_act + step) % 3;
            if !self.out_of_auction[i] && Some(i) != holder {
                self.to_act = i;
                return;
            }
        }
        match self.standing {
            Some((h, c)) => self.win_auction(h, c),
            None => {
                self.phase = Phase::Over;
            }
        }
    }

    /// One round from eldest; a Frog overbid by Chico answers at once (Grand or pass).
    fn after_bid_one_round(&mut self) {
        let speaker = self.to_act;
        if self.answering {
            self.answering = false;
        } else {
            self.next_speaker += 1;
            if let Some((_, CHICO)) = self.standing {
                let may_answer = |f: usize| f != speaker && !self.out_of_auction[f] && !self.house.web;
                if let Some(frog) = self.frog_bidder.filter(|&f| may_answer(f)) {
                    if self.standing.map(|s| s.0) == Some(speaker) {
                        self.answering = true;
                        self.to_act = frog;
                        return;
                    }
                }
            }
        }
        if self.next_speaker < 3 {
            self.to_act = self.next_speaker;
            return;
        }
        match self.standing {
            Some((h, c)) => self.win_auction(h, c),
            None => self.phase = Phase::Over,
        }
    }

    fn win_auction(&mut self, holder: usize, c: u8) {
        self.bidder = Some(holder);
        self.contract = Some(c);
        self.to_act = holder;
        match c {
            FROG => {
                self.trump = Some(HEARTS);
                let w = self.widow.clone();
                self.hands[holder].extend(w);
                self.phase = Phase::Discard;
            }
            CHICO => self.phase = Phase::Trump,
            _ => {
                self.trump = Some(HEARTS);
                self.start_play();
            }
        }
    }

    fn start_play(&mut self) {
        self.phase = Phase::Play;
        self.to_act = if self.house.second_hand_leads { 1 } else { 0 };
    }

    fn bidder_points(&self) -> Option<i64> {
        let b = self.bidder?;
        let mut p = self.taken[b];
        match self.contract {
            Some(FROG) => p += self.laid_away.iter().map(|&c| value_of(c)).sum::<i64>(),
            _ => {
                if !self.house.widow_to_defenders {
                    p += self.widow.iter().map(|&c| value_of(c)).sum::<i64>()
                }
            }
        }
        Some(p)
    }

    fn settlement(&self) -> Vec<i64> {
        match (self.bidder, self.bidder_points()) {
            (Some(b), Some(p)) => payments(&self.house, self.players, self.dealer, self.active[b], self.contract.unwrap(), p),
            _ => vec![0; self.players],
        }
    }

    fn observation(&self) -> Json {
        let phase = match self.phase {
            Phase::Auction => "auction",
            Phase::Discard => "discard",
            Phase::Trump => "trump",
            Phase::Play => "play",
            Phase::Over => "over",
        };
        let to_act = if self.phase == Phase::Over { None } else { Some(self.active[self.to_act]) };
        let legal = self.legal_actions().iter().map(|a| s(&action_name(a))).collect();
        let mut fields = vec![
            ("phase", s(phase)),
            ("to_act", seat_or_null(to_act)),
            ("legal", Json::List(legal)),
            ("bidder", seat_or_null(self.bidder.map(|b| self.active[b]))),
            ("contract", self.contract.map(|c| s(contract_name(c))).unwrap_or(Json::Null)),
            ("trump", self.trump.map(|t| s(&SUITS[t as usize].to_string())).unwrap_or(Json::Null)),
        ];
        if self.contract == Some(FROG) {
            // Foster: turned face up; the post-1950 rules: not exposed
            fields.push(("widow_shown", Json::Bool(!self.house.modern)));
        }
        if self.phase == Phase::Over {
            if let Some(p) = self.bidder_points() {
                fields.push(("points", obj(vec![("bidder", int(p)), ("defenders", int(120 - p))])));
            }
            fields.push(("payments", Json::List(self.settlement().into_iter().map(int).collect())));
        }
        obj(fields)
    }
}

fn trick_winner(trump: Option<u8>, cards: &[Card]) -> usize {
    // a card beats the best so far if it is a trump over a plain card, or higher in its suit
    let mut best = 0;
    for i in 1..cards.len() {
        let (b, c) = (cards[best], cards[i]);
        let beats = if Some(suit_of(c)) == trump && Some(suit_of(b)) != trump {
            true
        } else if suit_of(c) == suit_of(b) {
            rank_of(c) < rank_of(b)
        } else {
            false
        };
        if beats {
            best = i;
        }
    }
    best
}

fn allowed_cards(h: &Rules, trump: Option<u8>, hand: &[Card], led: Option<Card>) -> Vec<Card> {
    let Some(led) = led else { return hand.to_vec() };
    let follow: Vec<Card> = hand.iter().copied().filter(|&c| suit_of(c) == suit_of(led)).collect();
    if !follow.is_empty() {
        return follow;
    }
    if !h.no_must_trump {
        let trumps: Vec<Card> = hand.iter().copied().filter(|&c| Some(suit_of(c)) == trump).collect();
        if !trumps.is_empty() {
            return trumps;
        }
    }
    hand.to_vec()
}

// ---------------------------------------------------------------- reading requests

const RULESETS: [&str; 7] = [
    "foster-1909",
    "hoyle-1907",
    "modern",
    "gamerules",
    "official-1922-solo",
    "official-1922-straight",
    "official-1922-coeur-dalene",
];
const OPS: [&str; 10] = [
    "hello", "card_points", "trick_winner", "legal_plays", "deal", "settle", "game", "match", "perft", "first_dealer",
];

fn field<'a>(req: &'a Json, name: &str) -> Result<&'a Json, Refusal> {
    req.get(name).ok_or_else(|| bad(format!("missing field {name}")))
}
fn integer(req: &Json, name: &str) -> Result<i64, Refusal> {
    match field(req, name)? {
        Json::Int(n) => Ok(*n),
        _ => Err(bad(format!("{name} must be an integer"))),
    }
}
fn read_card(v: &Json) -> Result<Card, Refusal> {
    match v {
        Json::Str(t) => card_from(t).ok_or_else(|| bad(format!("{t} is not a card"))),
        _ => Err(bad("a card must be a string")),
    }
}
fn read_cards(v: &Json, what: &str) -> Result<Vec<Card>, Refusal> {
    let Json::List(items) = v else { return Err(bad(format!("{what} must be a list of cards"))) };
    let mut cards = Vec::new();
    for x in items {
        let c = read_card(x)?;
        if cards.contains(&c) {
            return Err(bad(format!("{} appears twice in {what}", card_name(c))));
        }
        cards.push(c);
    }
    Ok(cards)
}
fn read_trump(req: &Json) -> Result<Option<u8>, Refusal> {
    match field(req, "trump")? {
        Json::Null => Ok(None),
        Json::Str(t) => suit_from(t).map(Some).ok_or_else(|| bad(format!("{t} is not a suit"))),
        _ => Err(bad("trump must be a suit or null")),
    }
}
fn read_options(rules: &Rules, req: &Json) -> Result<Rules, Refusal> {
    let Json::Map(pairs) = field(req, "options")? else { return Err(bad("options must be an object")) };
    let mut out = rules.clone();
    let has_penalty_frog = rules.official == SOLO || rules.official == COEUR;
    for (k, v) in pairs {
        match (k.as_str(), v) {
            ("sitting_out", Json::Str(system)) if rules.official != 0 => {
                out.sitting_out = match system.as_str() {
                    "receive-only" => RECEIVE_ONLY,
                    "pay-and-receive" => PAY_AND_RECEIVE,
                    "pay-and-receive-solo-only" => SOLO_ONLY,
                    _ => return Err(bad(format!("sitting_out takes no value {system}"))),
                }
            }
            ("penalty_frog", Json::Bool(on)) if has_penalty_frog => out.penalty_frog = *on,
            ("sitting_out", _) if rules.official != 0 => return Err(bad("sitting_out must be a string")),
            ("penalty_frog", _) if has_penalty_frog => return Err(bad("penalty_frog must be true or false")),
            _ => return Err(bad(format!("this ruleset has no option {k}"))),
        }
    }
    Ok(out)
}
fn read_players(rules: &Rules, req: &Json) -> Result<usize, Refusal> {
    let n = integer(req, "players")?;
    let most = if rules.web {
        3
    } else if rules.official != 0 {
        7
    } else {
        5
    };
    if !(3..=most).contains(&n) {
        return Err(bad(format!("this game is for 3 to {most} players, not {n}")));
    }
    Ok(n as usize)
}
fn read_seat(req: &Json, name: &str, players: usize) -> Result<usize, Refusal> {
    let n = integer(req, name)?;
    if n < 0 || n >= players as i64 {
        return Err(bad(format!("{name} {n} is not a seat at a table of {players}")));
    }
    Ok(n as usize)
}
fn read_deck(v: &Json) -> Result<Vec<Card>, Refusal> {
    let deck = read_cards(v, "deck")?;
    if deck.len() != 36 {
        return Err(bad(format!("a deck holds 36 cards, not {}", deck.len())));
    }
    Ok(deck)
}
fn read_actions(v: &Json) -> Result<Vec<Action>, Refusal> {
    let Json::List(items) = v else { return Err(bad("actions must be a list")) };
    items
        .iter()
        .map(|x| match x {
            Json::Str(t) => action_from(t).ok_or_else(|| bad(format!("'{t}' is not an action"))),
            _ => Err(bad("an action must be a string")),
        })
        .collect()
}

struct Table {
    players: usize,
    dealer: usize,
    deck: Vec<Card>,
    actions: Vec<Action>,
}

fn read_table(house: &Rules, req: &Json) -> Result<(Rules, Table), Refusal> {
    let house = &read_options(house, req)?;
    let players = read_players(house, req)?;
    let dealer = read_seat(req, "dealer", players)?;
    let deck = read_deck(field(req, "deck")?)?;
    let actions = read_actions(field(req, "actions")?)?;
    Ok((house.clone(), Table { players, dealer, deck, actions }))
}

fn play_out(house: &Rules, t: &Table) -> Result<Deal, Refusal> {
    let mut d = Deal::new(house, t.players, t.dealer, &t.deck);
    for (i, a) in t.actions.iter().enumerate() {
        d.apply(a).map_err(|mut e| {
            e.at = Some(i);
            e
        })?;
    }
    Ok(d)
}

// ---------------------------------------------------------------- ops

fn op_deal(house: &Rules, req: &Json) -> Result<Json, Refusal> {
    let house = &read_options(house, req)?;
    let players = read_players(house, req)?;
    let dealer = read_seat(req, "dealer", players)?;
    let deck = read_deck(field(req, "deck")?)?;
    let d = deal_cards(house, players, dealer, &deck);
    let names = |v: &[Card]| Json::List(v.iter().map(|&c| s(&card_name(c))).collect());
    Ok(obj(vec![
        ("active", Json::List(d.active.iter().map(|&x| int(x as i64)).collect())),
        ("eldest", int(d.active[0] as i64)),
        ("hands", Json::List(d.hands.iter().map(|h| h.as_ref().map(|v| names(v)).unwrap_or(Json::Null)).collect())),
        ("widow", names(&d.widow)),
    ]))
}

fn op_settle(house: &Rules, req: &Json) -> Result<Json, Refusal> {
    let house = &read_options(house, req)?;
    let players = read_players(house, req)?;
    let dealer = read_seat(req, "dealer", players)?;
    let bidder = read_seat(req, "bidder", players)?;
    if !seats_in_play(house, players, dealer).contains(&bidder) {
        return Err(bad(format!("seat {bidder} holds no cards in this deal")));
    }
    let contract = match field(req, "contract")? {
        Json::Str(t) => contract_from(t).ok_or_else(|| bad(format!("{t} is not a contract")))?,
        _ => return Err(bad("contract must be a string")),
    };
    let points = integer(req, "bidder_points")?;
    if !(0..=120).contains(&points) {
        return Err(bad(format!("bidder_points {points} is outside 0 to 120")));
    }
    if contract == FROG && house.official == STRAIGHT {
        return Err(breaks("auction.contracts-without-frog", "Straight Solo has no Frog"));
    }
    Ok(Json::List(payments(house, players, dealer, bidder, contract, points).into_iter().map(int).collect()))
}

fn op_match(house: &Rules, req: &Json) -> Result<Json, Refusal> {
    let house = &read_options(house, req)?;
    let players = read_players(house, req)?;
    let first = read_seat(req, "first_dealer", players)?;
    let Json::List(deals) = field(req, "deals")? else { return Err(bad("deals must be a list")) };
    let mut tables = Vec::new();
    for (k, d) in deals.iter().enumerate() {
        if !matches!(d, Json::Map(_)) {
            return Err(bad(format!("deal {k} is not an object")));
        }
        let deck = read_deck(field(d, "deck")?)?;
        let actions = read_actions(field(d, "actions")?)?;
        tables.push(Table { players, dealer: (first + k) % players, deck, actions });
    }
    let bank = if house.web {
        150
    } else if house.official != 0 {
        120
    } else {
        0
    };
    let mut balances = vec![bank; players];
    let mut dealers = Vec::new();
    let mut loser: Option<usize> = None;
    for (k, t) in tables.iter().enumerate() {
        if loser.is_some() {
            let mut e = breaks("match.first-unable-to-pay-loses", "the game is over: a player could not pay");
            e.at = Some(0);
            e.deal = Some(k);
            return Err(e);
        }
        let d = play_out(house, t).map_err(|mut e| {
            e.deal = Some(k);
            e
        })?;
        if d.phase != Phase::Over {
            return Err(bad(format!("deal {k} stops before its end")));
        }
        let due = d.settlement();
        if house.official != 0 {
            if let Some(b) = d.bidder.map(|b| d.active[b]) {
                // the first unable to pay, clockwise from the bidder (himself first)
                loser = (0..players).map(|i| (b + i) % players).find(|&s| -due[s] > balances[s]);
            }
        }
        for (b, p) in balances.iter_mut().zip(due) {
            *b += p;
        }
        dealers.push(int(t.dealer as i64));
    }
    Ok(obj(vec![
        ("balances", Json::List(balances.into_iter().map(int).collect())),
        ("dealers", Json::List(dealers)),
        ("over", Json::Bool(loser.is_some())),
        ("loser", seat_or_null(loser)),
    ]))
}

fn count_lines(d: &Deal, depth: Option<i64>, visited: &mut u64) -> Result<u64, ()> {
    *visited += 1;
    if *visited > 100_000 {
        return Err(());
    }
    if d.phase == Phase::Over || depth == Some(0) {
        return Ok(1);
    }
    let mut total = 0;
    for a in d.legal_actions() {
        let mut next = d.clone();
        let _ = next.apply(&a);
        total += count_lines(&next, depth.map(|x| x - 1), visited)?;
    }
    Ok(total)
}

fn op_perft(house: &Rules, req: &Json) -> Result<Json, Refusal> {
    let (house, t) = read_table(house, req)?;
    let house = &house;
    let depth = match req.get("depth") {
        None | Some(Json::Null) => None,
        Some(Json::Int(n)) if *n >= 0 => Some(*n),
        _ => return Err(bad("depth must be a non-negative integer")),
    };
    let d = play_out(house, &t)?;
    let mut visited = 0u64;
    let too_many = || bad("the count would visit more than 100000 positions");
    if d.phase == Phase::Over || depth == Some(0) {
        return Ok(obj(vec![("total", int(1)), ("by_first", Json::Map(vec![]))]));
    }
    let mut by_first = Vec::new();
    let mut total = 0;
    for a in d.legal_actions() {
        let mut next = d.clone();
        let _ = next.apply(&a);
        let n = count_lines(&next, depth.map(|x| x - 1), &mut visited).map_err(|_| too_many())?;
        total += n;
        by_first.push((action_name(&a), int(n as i64)));
    }
    Ok(obj(vec![("total", int(total as i64)), ("by_first", Json::Map(by_first))]))
}

fn respond(house: &Rules, req: &Json) -> Result<Json, Refusal> {
    let op = match req.get("op") {
        Some(Json::Str(op)) => op.as_str(),
        _ => return Err(bad("op must be a string")),
    };
    if !OPS.contains(&op) {
        return Err(not_offered(format!("no op {op}")));
    }
    if op == "hello" {
        return match field(req, "spec")? {
            Json::Str(v) if v == "1" => Ok(obj(vec![
                ("name", s("rsfrog")),
                ("version", s("0.1")),
                ("rulesets", Json::List(RULESETS.iter().map(|r| s(r)).collect())),
                ("ops", Json::List(OPS.iter().map(|o| s(o)).collect())),
            ])),
            Json::Str(v) => Err(not_offered(format!("protocol version {v} is not spoken here"))),
            _ => Err(bad("spec must be a string")),
        };
    }
    if op == "card_points" {
        return Ok(int(value_of(read_card(field(req, "card")?)?)));
    }
    match req.get("ruleset") {
        Some(Json::Str(r)) if RULESETS.contains(&r.as_str()) => {
            if r != "foster-1909" && r != "hoyle-1907" {
                let mut rules = house.clone();
                rules.modern = true;
                rules.web = r == "gamerules";
                rules.official = match r.as_str() {
                    "official-1922-solo" => SOLO,
                    "official-1922-straight" => STRAIGHT,
                    "official-1922-coeur-dalene" => COEUR,
                    _ => 0,
                };
                return respond_in(&rules, op, req);
            }
        }
        Some(Json::Str(r)) => return Err(not_offered(format!("no ruleset {r}"))),
        _ => return Err(bad("ruleset must be a string")),
    }
    respond_in(house, op, req)
}

fn respond_in(house: &Rules, op: &str, req: &Json) -> Result<Json, Refusal> {
    match op {
        "trick_winner" => {
            let trump = read_trump(req)?;
            let cards = read_cards(field(req, "cards")?, "cards")?;
            if cards.is_empty() || cards.len() > 3 {
                return Err(bad("a trick holds 1 to 3 cards"));
            }
            Ok(int(trick_winner(trump, &cards) as i64))
        }
        "legal_plays" => {
            let trump = read_trump(req)?;
            let hand = read_cards(field(req, "hand")?, "hand")?;
            let trick = read_cards(field(req, "trick")?, "trick")?;
            if hand.is_empty() || hand.len() > 11 {
                return Err(bad("a hand in the play holds 1 to 11 cards"));
            }
            if trick.len() > 2 {
                return Err(bad("a trick to play to holds 0 to 2 cards"));
            }
            if let Some(c) = trick.iter().find(|c| hand.contains(c)) {
                return Err(bad(format!("{} is both in hand and in the trick", card_name(*c))));
            }
            let cards = allowed_cards(house, trump, &hand, trick.first().copied());
            Ok(Json::List(cards.iter().map(|&c| s(&card_name(c))).collect()))
        }
        "deal" => op_deal(house, req),
        "settle" => op_settle(house, req),
        "game" => {
            let (house, t) = read_table(house, req)?;
            let house = &house;
            Ok(play_out(house, &t)?.observation())
        }
        "match" => op_match(house, req),
        "perft" => op_perft(house, req),
        _ => {
            let players = read_players(house, req)?;
            if house.official == 0 {
                // any one can deal the first hand
                return Ok(int(read_seat(req, "chosen", players)? as i64));
            }
            // the lowest card chooses to deal, or to be eldest (the seat on his right deals)
            let lowest = read_seat(req, "lowest", players)?;
            match field(req, "chooses_to_deal")? {
                Json::Bool(true) => Ok(int(lowest as i64)),
                Json::Bool(false) => Ok(int(((lowest + players - 1) % players) as i64)),
                _ => Err(bad("chooses_to_deal must be true or false")),
            }
        }
    }
}

fn answer(house: &Rules, line: &str) -> Json {
    let (id, outcome) = match parse_json(line) {
        Err(e) => (Json::Null, Err(bad(format!("not JSON: {e}")))),
        Ok(req) => match (&req, req.get("id")) {
            (Json::Map(_), Some(Json::Int(n))) => (int(*n), respond(house, &req)),
            _ => (Json::Null, Err(bad("a request is an object with an integer id"))),
        },
    };
    match outcome {
        Ok(result) => obj(vec![("id", id), ("result", result)]),
        Err(e) => {
            let mut err = vec![
                ("kind", s(e.kind)),
                ("rule", e.rule.map(s).unwrap_or(Json::Null)),
                ("message", Json::Str(e.message)),
            ];
            if let Some(at) = e.at {
                err.push(("at", int(at as i64)));
            }
            if let Some(k) = e.deal {
                err.push(("deal", int(k as i64)));
            }
            obj(vec![("id", id), ("error", obj(err))])
        }
    }
}

fn main() {
    let mut house = Rules::default();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--house" if i + 1 < args.len() => {
                i += 1;
                match args[i].as_str() {
                    "big-win-bonus" => house.big_win_bonus = true,
                    "grand-pays-5" => house.grand_pays_5 = true,
                    "widow-to-defenders" => house.widow_to_defenders = true,
                    "deal-4-4-3" => house.deal_4_4_3 = true,
                    "five-right-hand-sits-out" => house.five_right_sits_out = true,
                    "second-hand-leads" => house.second_hand_leads = true,
                    "no-must-trump" => house.no_must_trump = true,
                    "no-second-bid" => house.no_second_bid = true,
                    other => {
                        eprintln!("rsfrog: no house rule {other}; the house rules are {}", HOUSE_RULES.join(", "));
                        std::process::exit(2);
                    }
                }
            }
            "--list-house-rules" => {
                println!("{}", HOUSE_RULES.join("\n"));
                return;
            }
            other => {
                eprintln!("rsfrog: unknown argument {other} (use --house NAME or --list-house-rules)");
                std::process::exit(2);
            }
        }
        i += 1;
    }
    let stdin = io::stdin();
    let mut out = io::stdout().lock();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        if line.trim().is_empty() {
            continue;
        }
        let mut text = String::new();
        write_json(&answer(&house, &line), &mut text);
        text.push('\n');
        if out.write_all(text.as_bytes()).and_then(|_| out.flush()).is_err() {
            break;
        }
    }
}
