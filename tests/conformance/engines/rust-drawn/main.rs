// Frog engine speaking the conformance protocol v1 (JSON lines on stdin/stdout).
// Standard library only. House rules switchable with --house NAME.
use std::io::{self, BufRead, Write};

// ---------------------------------------------------------------- JSON
#[derive(Clone, Debug)]
enum J {
    Null,
    Bool(bool),
    Num(String),
    Str(String),
    Arr(Vec<J>),
    Obj(Vec<(String, J)>),
}

impl J {
    fn get(&self, k: &str) -> Option<&J> {
        if let J::Obj(v) = self {
            for (kk, vv) in v {
                if kk == k {
                    return Some(vv);
                }
            }
        }
        None
    }
    fn as_int(&self) -> Option<i64> {
        if let J::Num(s) = self {
            let b = s.as_bytes();
            let digits = if b.first() == Some(&b'-') { &s[1..] } else { &s[..] };
            if digits.is_empty() || !digits.bytes().all(|c| c.is_ascii_digit()) {
                return None;
            }
            return s.parse::<i64>().ok().or(Some(if b[0] == b'-' { i64::MIN } else { i64::MAX }));
        }
        None
    }
    fn is_int(&self) -> bool {
        self.as_int().is_some()
    }
}

struct P<'a> {
    b: &'a [u8],
    i: usize,
}

impl<'a> P<'a> {
    fn ws(&mut self) {
        while self.i < self.b.len() && matches!(self.b[self.i], b' ' | b'\t' | b'\n' | b'\r') {
            self.i += 1;
        }
    }
    fn val(&mut self, depth: usize) -> Result<J, &'static str> {
        self.ws();
        if self.i >= self.b.len() {
            return Err("json");
        }
        match self.b[self.i] {
            b'{' => {
                if depth >= 64 {
                    return Err("depth");
                }
                self.i += 1;
                let mut v: Vec<(String, J)> = Vec::new();
                self.ws();
                if self.i < self.b.len() && self.b[self.i] == b'}' {
                    self.i += 1;
                    return Ok(J::Obj(v));
                }
                loop {
                    self.ws();
                    if self.i >= self.b.len() || self.b[self.i] != b'"' {
                        return Err("json");
                    }
                    let k = self.string()?;
                    self.ws();
                    if self.i >= self.b.len() || self.b[self.i] != b':' {
                        return Err("json");
                    }
                    self.i += 1;
                    let x = self.val(depth + 1)?;
                    if v.iter().any(|(kk, _)| *kk == k) {
                        return Err("duplicate-key");
                    }
                    v.push((k, x));
                    self.ws();
                    if self.i >= self.b.len() {
                        return Err("json");
                    }
                    match self.b[self.i] {
                        b',' => self.i += 1,
                        b'}' => {
                            self.i += 1;
                            return Ok(J::Obj(v));
                        }
                        _ => return Err("json"),
                    }
                }
            }
            b'[' => {
                if depth >= 64 {
                    return Err("depth");
                }
                self.i += 1;
                let mut v = Vec::new();
                self.ws();
                if self.i < self.b.len() && self.b[self.i] == b']' {
                    self.i += 1;
                    return Ok(J::Arr(v));
                }
                loop {
                    v.push(self.val(depth + 1)?);
                    self.ws();
                    if self.i >= self.b.len() {
                        return Err("json");
                    }
                    match self.b[self.i] {
                        b',' => self.i += 1,
                        b']' => {
                            self.i += 1;
                            return Ok(J::Arr(v));
                        }
                        _ => return Err("json"),
                    }
                }
            }
            b'"' => Ok(J::Str(self.string()?)),
            b't' => self.lit("true", J::Bool(true)),
            b'f' => self.lit("false", J::Bool(false)),
            b'n' => self.lit("null", J::Null),
            b'N' | b'I' => Err("non-finite"),
            _ => self.num(),
        }
    }
    fn lit(&mut self, s: &str, v: J) -> Result<J, &'static str> {
        if self.b[self.i..].starts_with(s.as_bytes()) {
            self.i += s.len();
            Ok(v)
        } else {
            Err("json")
        }
    }
    fn num(&mut self) -> Result<J, &'static str> {
        let st = self.i;
        let b = self.b;
        if self.i < b.len() && b[self.i] == b'-' {
            self.i += 1;
            if self.i < b.len() && b[self.i] == b'I' {
                return Err("non-finite");
            }
        }
        let ds = self.i;
        while self.i < b.len() && b[self.i].is_ascii_digit() {
            self.i += 1;
        }
        if self.i == ds {
            return Err("json");
        }
        if b[ds] == b'0' && self.i - ds > 1 {
            return Err("json");
        }
        if self.i < b.len() && b[self.i] == b'.' {
            self.i += 1;
            let f = self.i;
            while self.i < b.len() && b[self.i].is_ascii_digit() {
                self.i += 1;
            }
            if self.i == f {
                return Err("json");
            }
        }
        if self.i < b.len() && (b[self.i] == b'e' || b[self.i] == b'E') {
            self.i += 1;
            if self.i < b.len() && (b[self.i] == b'+' || b[self.i] == b'-') {
                self.i += 1;
            }
            let f = self.i;
            while self.i < b.len() && b[self.i].is_ascii_digit() {
                self.i += 1;
            }
            if self.i == f {
                return Err("json");
            }
        }
        let s = std::str::from_utf8(&b[st..self.i]).unwrap().to_string();
        if s.len() > 40 {
            return Err("number");
        }
        match s.parse::<f64>() {
            Ok(x) if x.is_finite() => Ok(J::Num(s)),
            _ => Err("non-finite"),
        }
    }
    fn hex4(&mut self) -> Result<u32, &'static str> {
        if self.i + 4 > self.b.len() {
            return Err("json");
        }
        let s = std::str::from_utf8(&self.b[self.i..self.i + 4]).map_err(|_| "json")?;
        let v = u32::from_str_radix(s, 16).map_err(|_| "json")?;
        self.i += 4;
        Ok(v)
    }
    fn string(&mut self) -> Result<String, &'static str> {
        self.i += 1;
        let mut out = String::new();
        loop {
            if self.i >= self.b.len() {
                return Err("json");
            }
            let c = self.b[self.i];
            if c == b'"' {
                self.i += 1;
                return Ok(out);
            }
            if c < 0x20 {
                return Err("json");
            }
            if c == b'\\' {
                self.i += 1;
                if self.i >= self.b.len() {
                    return Err("json");
                }
                let e = self.b[self.i];
                self.i += 1;
                match e {
                    b'"' => out.push('"'),
                    b'\\' => out.push('\\'),
                    b'/' => out.push('/'),
                    b'b' => out.push('\u{8}'),
                    b'f' => out.push('\u{c}'),
                    b'n' => out.push('\n'),
                    b'r' => out.push('\r'),
                    b't' => out.push('\t'),
                    b'u' => {
                        let h = self.hex4()?;
                        if (0xD800..0xDC00).contains(&h) {
                            if self.i + 6 <= self.b.len() && self.b[self.i] == b'\\' && self.b[self.i + 1] == b'u' {
                                self.i += 2;
                                let l = self.hex4()?;
                                if (0xDC00..0xE000).contains(&l) {
                                    let cp = 0x10000 + ((h - 0xD800) << 10) + (l - 0xDC00);
                                    out.push(char::from_u32(cp).unwrap());
                                } else {
                                    return Err("surrogate");
                                }
                            } else {
                                return Err("surrogate");
                            }
                        } else if (0xDC00..0xE000).contains(&h) {
                            return Err("surrogate");
                        } else {
                            out.push(char::from_u32(h).unwrap());
                        }
                    }
                    _ => return Err("json"),
                }
                continue;
            }
            // utf-8 already validated for the whole line
            let st = self.i;
            self.i += 1;
            while self.i < self.b.len() && (self.b[self.i] & 0xC0) == 0x80 {
                self.i += 1;
            }
            out.push_str(std::str::from_utf8(&self.b[st..self.i]).unwrap());
        }
    }
}

fn parse_line(b: &[u8]) -> Result<J, &'static str> {
    if b.len() > 16_777_216 {
        return Err("length");
    }
    if std::str::from_utf8(b).is_err() {
        return Err("utf-8");
    }
    let mut p = P { b, i: 0 };
    let v = p.val(0)?;
    p.ws();
    if p.i != b.len() {
        return Err("json");
    }
    Ok(v)
}

fn esc(s: &str) -> String {
    let mut o = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => o.push_str("\\\""),
            '\\' => o.push_str("\\\\"),
            '\n' => o.push_str("\\n"),
            '\r' => o.push_str("\\r"),
            '\t' => o.push_str("\\t"),
            c if (c as u32) < 0x20 => o.push_str(&format!("\\u{:04x}", c as u32)),
            c => o.push(c),
        }
    }
    o.push('"');
    o
}

fn ser(j: &J) -> String {
    match j {
        J::Null => "null".into(),
        J::Bool(b) => if *b { "true".into() } else { "false".into() },
        J::Num(s) => s.clone(),
        J::Str(s) => esc(s),
        J::Arr(v) => format!("[{}]", v.iter().map(ser).collect::<Vec<_>>().join(",")),
        J::Obj(v) => format!(
            "{{{}}}",
            v.iter().map(|(k, x)| format!("{}:{}", esc(k), ser(x))).collect::<Vec<_>>().join(",")
        ),
    }
}

fn jn(i: i64) -> J {
    J::Num(i.to_string())
}
fn js(s: &str) -> J {
    J::Str(s.to_string())
}
fn jo(v: Vec<(&str, J)>) -> J {
    J::Obj(v.into_iter().map(|(k, x)| (k.to_string(), x)).collect())
}

// ---------------------------------------------------------------- house rules
#[derive(Clone, Copy, Default)]
struct House {
    widow_first: bool,
    dealer_first: bool,
    no_counters: bool,
    must_overtrump: bool,
    jack_high: bool,
    chico_any: bool,
    tens_five: bool,
    double_grand: bool,
    dealer_stays: bool,
}

const HOUSE_NAMES: [&str; 9] = [
    "deal-widow-first",
    "auction-dealer-first",
    "widow-no-counters",
    "play-must-overtrump",
    "trick-jack-of-trumps-high",
    "trump-chico-any",
    "count-tens-five",
    "settle-double-grand",
    "match-dealer-stays-after-pass",
];

// ---------------------------------------------------------------- cards
// card = suit*9 + r, r: 0=A 1=10 2=K 3=Q 4=J 5=9 6=8 7=7 8=6 (lower r ranks higher)
const RANKS: [&str; 9] = ["A", "10", "K", "Q", "J", "9", "8", "7", "6"];
const SUITS: [&str; 4] = ["C", "D", "H", "S"];
const HEARTS: u8 = 2;

fn card_name(c: u8) -> String {
    format!("{}{}", RANKS[(c % 9) as usize], SUITS[(c / 9) as usize])
}
fn parse_card(s: &str) -> Option<u8> {
    if s.len() < 2 {
        return None;
    }
    let (r, su) = s.split_at(s.len() - 1);
    let si = SUITS.iter().position(|x| *x == su)?;
    let ri = RANKS.iter().position(|x| *x == r)?;
    Some((si * 9 + ri) as u8)
}
fn parse_suit(s: &str) -> Option<u8> {
    SUITS.iter().position(|x| *x == s).map(|x| x as u8)
}
fn suit(c: u8) -> u8 {
    c / 9
}
fn points(c: u8, h: &House) -> i64 {
    match c % 9 {
        0 => 11,
        1 => {
            if h.tens_five {
                5
            } else {
                10
            }
        }
        2 => 4,
        3 => 3,
        4 => 2,
        _ => 0,
    }
}
fn total_points(h: &House) -> i64 {
    if h.tens_five {
        100 + 10
    } else {
        120
    }
}
// strength: higher is better, within a suit
fn strength(c: u8, trump: Option<u8>, h: &House) -> i32 {
    let r = (c % 9) as i32;
    let base = 10 - r;
    if h.jack_high && Some(suit(c)) == trump && c % 9 == 4 {
        return 20;
    }
    base
}

fn trick_winner(cards: &[u8], trump: Option<u8>, h: &House) -> usize {
    let led = suit(cards[0]);
    let mut best = 0;
    for i in 1..cards.len() {
        let c = cards[i];
        let b = cards[best];
        let ct = Some(suit(c)) == trump;
        let bt = Some(suit(b)) == trump;
        let better = if ct && !bt {
            true
        } else if ct && bt {
            strength(c, trump, h) > strength(b, trump, h)
        } else if !ct && !bt {
            suit(c) == led && suit(b) == led && strength(c, trump, h) > strength(b, trump, h)
        } else {
            false
        };
        if better {
            best = i;
        }
    }
    best
}

// returns legal cards; and a function to name the rule broken
fn legal_cards(hand: &[u8], trick: &[u8], trump: Option<u8>, h: &House) -> Vec<u8> {
    if trick.is_empty() {
        return hand.to_vec();
    }
    let led = suit(trick[0]);
    let follow: Vec<u8> = hand.iter().cloned().filter(|c| suit(*c) == led).collect();
    if !follow.is_empty() {
        return follow;
    }
    if let Some(t) = trump {
        let trumps: Vec<u8> = hand.iter().cloned().filter(|c| suit(*c) == t).collect();
        if !trumps.is_empty() {
            if h.must_overtrump {
                let best_tr = trick.iter().filter(|c| suit(**c) == t).map(|c| strength(*c, trump, h)).max();
                if let Some(bs) = best_tr {
                    let over: Vec<u8> = trumps.iter().cloned().filter(|c| strength(*c, trump, h) > bs).collect();
                    if !over.is_empty() {
                        return over;
                    }
                }
            }
            return trumps;
        }
    }
    hand.to_vec()
}

fn illegal_play_rule(hand: &[u8], trick: &[u8], trump: Option<u8>, c: u8) -> &'static str {
    if !hand.contains(&c) {
        return "play.card-from-hand";
    }
    if !trick.is_empty() {
        let led = suit(trick[0]);
        if hand.iter().any(|x| suit(*x) == led) {
            return "play.follow-suit";
        }
    }
    let _ = trump;
    "play.must-trump"
}

// ---------------------------------------------------------------- rulesets
#[derive(Clone, Copy, PartialEq, Debug)]
enum Rs {
    Foster,
    Hoyle,
    Modern,
    Solo,
    Straight,
    Coeur,
    Gamerules,
}
const RULESETS: [(&str, Rs); 7] = [
    ("foster-1909", Rs::Foster),
    ("hoyle-1907", Rs::Hoyle),
    ("modern", Rs::Modern),
    ("official-1922-solo", Rs::Solo),
    ("official-1922-straight", Rs::Straight),
    ("official-1922-coeur-dalene", Rs::Coeur),
    ("gamerules", Rs::Gamerules),
];
#[derive(PartialEq, Clone, Copy)]
enum Auc {
    Overbid,
    OneRound,
    OneBid,
}
impl Rs {
    fn is1922(self) -> bool {
        matches!(self, Rs::Solo | Rs::Straight | Rs::Coeur)
    }
    fn players_ok(self, n: i64) -> bool {
        match self {
            Rs::Gamerules => n == 3,
            Rs::Foster | Rs::Hoyle | Rs::Modern => (3..=5).contains(&n),
            _ => (3..=7).contains(&n),
        }
    }
    fn auction(self) -> Auc {
        match self {
            Rs::Foster | Rs::Hoyle => Auc::Overbid,
            Rs::Gamerules => Auc::OneBid,
            _ => Auc::OneRound,
        }
    }
    fn auction_rule(self) -> &'static str {
        match self.auction() {
            Auc::Overbid => "auction.overbid-to-raise",
            Auc::OneRound => "auction.one-round-frog-may-raise",
            Auc::OneBid => "auction.one-bid-each",
        }
    }
    fn has_frog(self) -> bool {
        self != Rs::Straight
    }
    fn widow_shown(self) -> bool {
        matches!(self, Rs::Foster | Rs::Hoyle)
    }
    fn bank(self) -> i64 {
        match self {
            Rs::Gamerules => 150,
            Rs::Solo | Rs::Straight | Rs::Coeur => 120,
            _ => 0,
        }
    }
}

#[derive(Clone, Copy, PartialEq)]
enum SitOut {
    ReceiveOnly,
    PayAndReceive,
    SoloOnly,
}
#[derive(Clone, Copy)]
struct Opts {
    sit: SitOut,
    penalty: bool,
}

// ---------------------------------------------------------------- errors
enum E {
    Invalid(String),
    Unsupported(String),
    Illegal { rule: String, at: Option<usize>, deal: Option<usize> },
}
fn inv<T>(m: &str) -> Result<T, E> {
    Err(E::Invalid(m.to_string()))
}

// contracts: 0 frog, 1 chico, 2 grand
const CONTRACTS: [&str; 3] = ["frog", "chico", "grand"];

fn active_seats(players: usize, dealer: usize) -> Vec<usize> {
    let n = players;
    match n {
        3 => vec![(dealer + 1) % n, (dealer + 2) % n, dealer],
        4 => vec![(dealer + 1) % n, (dealer + 2) % n, (dealer + 3) % n],
        _ => vec![(dealer + 1) % n, (dealer + 2) % n, (dealer + n - 1) % n],
    }
}

fn deal_cards(rs: Rs, players: usize, dealer: usize, deck: &[u8], h: &House) -> (Vec<usize>, Vec<Option<Vec<u8>>>, Vec<u8>) {
    let act = active_seats(players, dealer);
    // targets: 0..3 = active index, 3 = widow
    let mut pat: Vec<usize> = Vec::new();
    match rs {
        Rs::Foster | Rs::Hoyle => {
            for p in 0..3 {
                for _ in 0..3 {
                    pat.push(p)
                }
            }
            for _ in 0..3 {
                pat.push(3)
            }
            for _ in 0..2 {
                for p in 0..3 {
                    for _ in 0..4 {
                        pat.push(p)
                    }
                }
            }
        }
        Rs::Modern | Rs::Gamerules => {
            for p in 0..3 {
                for _ in 0..4 {
                    pat.push(p)
                }
            }
            for _ in 0..3 {
                pat.push(3)
            }
            for p in 0..3 {
                for _ in 0..3 {
                    pat.push(p)
                }
            }
            for p in 0..3 {
                for _ in 0..4 {
                    pat.push(p)
                }
            }
        }
        _ => {
            let mut p = 0;
            for i in 1..=36 {
                if i == 1 || i == 4 || i == 8 {
                    pat.push(3);
                } else {
                    pat.push(p);
                    p = (p + 1) % 3;
                }
            }
        }
    }
    if h.widow_first {
        let mut np = vec![3, 3, 3];
        np.extend(pat.iter().cloned().filter(|x| *x != 3));
        pat = np;
    }
    let mut hands: Vec<Vec<u8>> = vec![Vec::new(); 3];
    let mut widow = Vec::new();
    for (i, t) in pat.iter().enumerate() {
        if *t == 3 {
            widow.push(deck[i]);
        } else {
            hands[*t].push(deck[i]);
        }
    }
    let mut by_seat: Vec<Option<Vec<u8>>> = vec![None; players];
    for (k, s) in act.iter().enumerate() {
        by_seat[*s] = Some(hands[k].clone());
    }
    (act, by_seat, widow)
}

fn settle_calc(rs: Rs, o: &Opts, players: usize, dealer: usize, bidder: usize, contract: usize, pts: i64, h: &House) -> Vec<i64> {
    let mut pay = vec![0i64; players];
    let half = total_points(h) / 2;
    if pts == half {
        return pay;
    }
    let win = pts > half;
    let margin = (pts - half).abs();
    let amt = if rs == Rs::Coeur {
        let fixed = [25, 50, if h.double_grand { 150 } else { 75 }];
        if !win && contract == 0 && o.penalty {
            75
        } else {
            fixed[contract]
        }
    } else {
        let rates: [i64; 3] = match rs {
            Rs::Foster | Rs::Hoyle | Rs::Modern => [1, 2, 4],
            Rs::Straight => [0, 1, 2],
            _ => [1, 2, 3],
        };
        let mut r = rates;
        if h.double_grand {
            r[2] *= 2;
        }
        if !win && contract == 0 && o.penalty {
            rates[2] * margin
        } else {
            r[contract] * margin
        }
    };
    let act = active_seats(players, dealer);
    for s in 0..players {
        if s == bidder {
            continue;
        }
        let payer = if act.contains(&s) {
            true
        } else {
            match o.sit {
                SitOut::ReceiveOnly => !win,
                SitOut::PayAndReceive => true,
                SitOut::SoloOnly => contract != 0 || !win,
            }
        };
        if payer {
            if win {
                pay[s] -= amt;
                pay[bidder] += amt;
            } else {
                pay[s] += amt;
                pay[bidder] -= amt;
            }
        }
    }
    pay
}

// ---------------------------------------------------------------- game
#[derive(Clone, Copy, PartialEq)]
enum Ph {
    Auction,
    Discard,
    Trump,
    Play,
    Over,
}
#[derive(Clone, PartialEq)]
enum Act {
    Pass,
    Bid(usize),
    Discard(u8),
    Trump(u8),
    Play(u8),
}
fn act_name(a: &Act) -> String {
    match a {
        Act::Pass => "pass".into(),
        Act::Bid(c) => CONTRACTS[*c].into(),
        Act::Discard(c) => format!("discard {}", card_name(*c)),
        Act::Trump(s) => format!("trump {}", SUITS[*s as usize]),
        Act::Play(c) => format!("play {}", card_name(*c)),
    }
}
fn parse_act(s: &str) -> Option<Act> {
    match s {
        "pass" => return Some(Act::Pass),
        "frog" => return Some(Act::Bid(0)),
        "chico" => return Some(Act::Bid(1)),
        "grand" => return Some(Act::Bid(2)),
        _ => {}
    }
    if let Some(r) = s.strip_prefix("discard ") {
        return parse_card(r).map(Act::Discard);
    }
    if let Some(r) = s.strip_prefix("trump ") {
        return parse_suit(r).map(Act::Trump);
    }
    if let Some(r) = s.strip_prefix("play ") {
        return parse_card(r).map(Act::Play);
    }
    None
}

#[derive(Clone)]
struct Game {
    rs: Rs,
    o: Opts,
    h: House,
    players: usize,
    dealer: usize,
    active: Vec<usize>,
    order: Vec<usize>,
    hands: Vec<Vec<u8>>,
    widow: Vec<u8>,
    ph: Ph,
    to_act: usize,
    // auction
    passed: Vec<bool>,
    high: Option<(usize, usize)>,
    pos: usize,             // next index in order (one-round / one-bid)
    pending: Option<usize>, // frog bidder asked at once
    resume: usize,
    bidder: Option<usize>,
    contract: Option<usize>,
    trump: Option<u8>,
    laid: Vec<u8>,
    trick: Vec<u8>,
    leader: usize,
    bidder_pts: i64,
    tricks_done: usize,
    payments: Option<Vec<i64>>,
}

impl Game {
    fn new(rs: Rs, o: Opts, h: House, players: usize, dealer: usize, deck: &[u8]) -> Game {
        let (act, by_seat, widow) = deal_cards(rs, players, dealer, deck, &h);
        let hands: Vec<Vec<u8>> = by_seat.into_iter().map(|x| x.unwrap_or_default()).collect();
        let mut order = act.clone();
        if h.dealer_first && act.contains(&dealer) {
            let i = act.iter().position(|x| *x == dealer).unwrap();
            order = (0..3).map(|k| act[(i + k) % 3]).collect();
        }
        let first = order[0];
        Game {
            rs,
            o,
            h,
            players,
            dealer,
            active: act.clone(),
            order,
            hands,
            widow,
            ph: Ph::Auction,
            to_act: first,
            passed: vec![false; players],
            high: None,
            pos: 1,
            pending: None,
            resume: 1,
            bidder: None,
            contract: None,
            trump: None,
            laid: Vec::new(),
            trick: Vec::new(),
            leader: act[0],
            bidder_pts: 0,
            tricks_done: 0,
            payments: None,
        }
    }

    fn bids_allowed(&self) -> Vec<usize> {
        if let Some(_) = self.pending {
            return vec![2];
        }
        let lo = match self.high {
            None => 0,
            Some((c, _)) => c + 1,
        };
        (lo..3).filter(|c| *c != 0 || self.rs.has_frog()).collect()
    }

    fn chico_suits(&self) -> Vec<u8> {
        if self.rs == Rs::Gamerules || self.h.chico_any {
            vec![0, 1, 2, 3]
        } else {
            vec![0, 1, 3]
        }
    }

    fn legal(&self) -> Vec<Act> {
        match self.ph {
            Ph::Auction => {
                let mut v = vec![Act::Pass];
                for c in self.bids_allowed() {
                    v.push(Act::Bid(c));
                }
                v
            }
            Ph::Discard => {
                let hand = &self.hands[self.to_act];
                let mut v: Vec<Act> = hand
                    .iter()
                    .filter(|c| !(self.h.no_counters && (*c % 9) <= 1))
                    .map(|c| Act::Discard(*c))
                    .collect();
                if v.is_empty() {
                    v = hand.iter().map(|c| Act::Discard(*c)).collect();
                }
                v
            }
            Ph::Trump => self.chico_suits().into_iter().map(Act::Trump).collect(),
            Ph::Play => legal_cards(&self.hands[self.to_act], &self.trick, self.trump, &self.h)
                .into_iter()
                .map(Act::Play)
                .collect(),
            Ph::Over => vec![],
        }
    }

    fn next_in_order_after(&self, s: usize) -> Option<usize> {
        let n = self.order.len();
        let i = self.order.iter().position(|x| *x == s).unwrap();
        for k in 1..n {
            let t = self.order[(i + k) % n];
            if self.passed[t] {
                continue;
            }
            if let Some((_, hold)) = self.high {
                if hold == t {
                    continue;
                }
            }
            return Some(t);
        }
        None
    }

    fn end_auction(&mut self) {
        match self.high {
            None => {
                self.ph = Ph::Over;
                self.payments = Some(vec![0; self.players]);
            }
            Some((c, b)) => {
                self.bidder = Some(b);
                self.contract = Some(c);
                match c {
                    0 => {
                        self.ph = Ph::Discard;
                        self.trump = Some(HEARTS);
                        let w = self.widow.clone();
                        self.hands[b].extend(w);
                        self.to_act = b;
                    }
                    1 => {
                        self.ph = Ph::Trump;
                        self.to_act = b;
                    }
                    _ => {
                        self.trump = Some(HEARTS);
                        self.start_play();
                    }
                }
            }
        }
    }

    fn start_play(&mut self) {
        self.ph = Ph::Play;
        self.leader = self.active[0];
        self.to_act = self.leader;
    }

    fn apply(&mut self, a: &Act) -> Result<(), &'static str> {
        let seat = self.to_act;
        match (self.ph, a) {
            (Ph::Auction, Act::Pass) => {
                self.passed[seat] = true;
                if self.pending == Some(seat) {
                    self.pending = None;
                    self.auction_advance_from(self.resume);
                } else {
                    self.auction_after(seat);
                }
                Ok(())
            }
            (Ph::Auction, Act::Bid(c)) => {
                let c = *c;
                if c == 0 && !self.rs.has_frog() {
                    return Err("auction.contracts-without-frog");
                }
                let lo = match self.high {
                    None => 0,
                    Some((hc, _)) => hc + 1,
                };
                if c < lo {
                    return Err("auction.contract-order");
                }
                if !self.bids_allowed().contains(&c) {
                    return Err(self.rs.auction_rule());
                }
                let prev = self.high;
                self.high = Some((c, seat));
                if c == 2 {
                    self.end_auction();
                    return Ok(());
                }
                if self.pending == Some(seat) {
                    self.pending = None;
                    self.auction_advance_from(self.resume);
                    return Ok(());
                }
                if self.rs.auction() == Auc::OneRound && c == 1 {
                    if let Some((0, fb)) = prev {
                        if !self.passed[fb] {
                            self.pending = Some(fb);
                            self.resume = self.order.iter().position(|x| *x == seat).unwrap() + 1;
                            self.to_act = fb;
                            return Ok(());
                        }
                    }
                }
                self.auction_after(seat);
                Ok(())
            }
            (Ph::Discard, Act::Discard(c)) => {
                let hand = &self.hands[seat];
                if !hand.contains(c) {
                    return Err("widow.frog-take-and-discard");
                }
                if !self.legal().contains(a) {
                    return Err("widow.frog-take-and-discard");
                }
                let c = *c;
                self.hands[seat].retain(|x| *x != c);
                self.laid.push(c);
                if self.laid.len() == 3 {
                    self.start_play();
                }
                Ok(())
            }
            (Ph::Trump, Act::Trump(s)) => {
                if !self.chico_suits().contains(s) {
                    return Err("trump.chico-not-hearts");
                }
                self.trump = Some(*s);
                self.start_play();
                Ok(())
            }
            (Ph::Play, Act::Play(c)) => {
                let c = *c;
                let hand = &self.hands[seat];
                let legal = legal_cards(hand, &self.trick, self.trump, &self.h);
                if !legal.contains(&c) {
                    return Err(illegal_play_rule(hand, &self.trick, self.trump, c));
                }
                self.hands[seat].retain(|x| *x != c);
                self.trick.push(c);
                if self.trick.len() == 3 {
                    let w = trick_winner(&self.trick, self.trump, &self.h);
                    let li = self.active.iter().position(|x| *x == self.leader).unwrap();
                    let ws = self.active[(li + w) % 3];
                    if Some(ws) == self.bidder {
                        self.bidder_pts += self.trick.iter().map(|c| points(*c, &self.h)).sum::<i64>();
                    }
                    self.trick.clear();
                    self.leader = ws;
                    self.to_act = ws;
                    self.tricks_done += 1;
                    if self.tricks_done == 11 {
                        self.finish();
                    }
                } else {
                    let i = self.active.iter().position(|x| *x == seat).unwrap();
                    self.to_act = self.active[(i + 1) % 3];
                }
                Ok(())
            }
            _ => Err("deal.actions-by-phase"),
        }
    }

    fn finish(&mut self) {
        let b = self.bidder.unwrap();
        let extra: Vec<u8> = if self.contract == Some(0) { self.laid.clone() } else { self.widow.clone() };
        self.bidder_pts += extra.iter().map(|c| points(*c, &self.h)).sum::<i64>();
        self.ph = Ph::Over;
        self.payments = Some(settle_calc(
            self.rs,
            &self.o,
            self.players,
            self.dealer,
            b,
            self.contract.unwrap(),
            self.bidder_pts,
            &self.h,
        ));
    }

    fn auction_after(&mut self, seat: usize) {
        match self.rs.auction() {
            Auc::Overbid => {
                // end if nobody else can act
                match self.next_in_order_after(seat) {
                    None => self.end_auction(),
                    Some(t) => {
                        // all pass except holder?
                        self.to_act = t;
                    }
                }
            }
            _ => {
                let i = self.order.iter().position(|x| *x == seat).unwrap();
                self.auction_advance_from(i + 1);
            }
        }
    }

    fn auction_advance_from(&mut self, start: usize) {
        if self.rs.auction() == Auc::Overbid {
            // resume: not used for overbid
            let s = self.order[(start + 2) % 3];
            self.auction_after(s);
            return;
        }
        let mut i = start;
        while i < self.order.len() {
            let t = self.order[i];
            if !self.passed[t] {
                self.pos = i;
                self.to_act = t;
                return;
            }
            i += 1;
        }
        self.end_auction();
    }

    fn observe(&self, widow_ext: bool) -> J {
        let over = self.ph == Ph::Over;
        let mut v: Vec<(&str, J)> = vec![
            (
                "phase",
                js(match self.ph {
                    Ph::Auction => "auction",
                    Ph::Discard => "discard",
                    Ph::Trump => "trump",
                    Ph::Play => "play",
                    Ph::Over => "over",
                }),
            ),
            ("to_act", if over { J::Null } else { jn(self.to_act as i64) }),
            ("legal", J::Arr(self.legal().iter().map(|a| J::Str(act_name(a))).collect())),
            ("bidder", self.bidder.map(|b| jn(b as i64)).unwrap_or(J::Null)),
            ("contract", self.contract.map(|c| js(CONTRACTS[c])).unwrap_or(J::Null)),
            ("trump", self.trump.map(|t| js(SUITS[t as usize])).unwrap_or(J::Null)),
        ];
        if widow_ext && self.contract == Some(0) {
            v.push(("widow_shown", J::Bool(self.rs.widow_shown())));
        }
        if over {
            v.push(("payments", J::Arr(self.payments.as_ref().unwrap().iter().map(|x| jn(*x)).collect())));
            if self.bidder.is_some() {
                v.push((
                    "points",
                    jo(vec![("bidder", jn(self.bidder_pts)), ("defenders", jn(total_points(&self.h) - self.bidder_pts))]),
                ));
            }
        }
        jo(v)
    }
}

// ---------------------------------------------------------------- request handling
struct Eng {
    h: House,
}

fn field<'a>(r: &'a J, k: &str) -> Result<&'a J, E> {
    r.get(k).ok_or_else(|| E::Invalid(format!("missing {}", k)))
}
fn int_field(r: &J, k: &str) -> Result<i64, E> {
    match field(r, k)?.as_int() {
        Some(i) => Ok(i),
        None => inv(&format!("{} not an integer", k)),
    }
}
fn str_field<'a>(r: &'a J, k: &str) -> Result<&'a str, E> {
    match field(r, k)? {
        J::Str(s) => Ok(s),
        _ => inv(&format!("{} not a string", k)),
    }
}
fn card_list(j: &J, what: &str) -> Result<Vec<u8>, E> {
    let arr = match j {
        J::Arr(a) => a,
        _ => return inv(&format!("{} not a list", what)),
    };
    let mut out = Vec::new();
    for x in arr {
        let c = match x {
            J::Str(s) => parse_card(s),
            _ => None,
        };
        match c {
            Some(c) => {
                if out.contains(&c) {
                    return inv(&format!("card twice in {}", what));
                }
                out.push(c)
            }
            None => return inv(&format!("unknown card in {}", what)),
        }
    }
    Ok(out)
}
fn trump_field(r: &J) -> Result<Option<u8>, E> {
    match field(r, "trump")? {
        J::Null => Ok(None),
        J::Str(s) => match parse_suit(s) {
            Some(x) => Ok(Some(x)),
            None => inv("unknown trump"),
        },
        _ => inv("trump"),
    }
}
fn parse_opts(rs: Rs, r: &J) -> Result<Opts, E> {
    let mut o = Opts { sit: SitOut::ReceiveOnly, penalty: false };
    let obj = match field(r, "options")? {
        J::Obj(v) => v,
        _ => return inv("options not an object"),
    };
    for (k, v) in obj {
        match k.as_str() {
            "sitting_out" if rs.is1922() => {
                o.sit = match v {
                    J::Str(s) if s == "receive-only" => SitOut::ReceiveOnly,
                    J::Str(s) if s == "pay-and-receive" => SitOut::PayAndReceive,
                    J::Str(s) if s == "pay-and-receive-solo-only" => SitOut::SoloOnly,
                    _ => return inv("sitting_out value"),
                }
            }
            "penalty_frog" if rs == Rs::Solo || rs == Rs::Coeur => {
                o.penalty = match v {
                    J::Bool(b) => *b,
                    _ => return inv("penalty_frog value"),
                }
            }
            _ => return inv(&format!("unknown option {}", k)),
        }
    }
    Ok(o)
}
fn players_field(rs: Rs, r: &J) -> Result<usize, E> {
    let n = int_field(r, "players")?;
    if !rs.players_ok(n) {
        return inv("player count");
    }
    Ok(n as usize)
}
fn seat_field(r: &J, k: &str, n: usize) -> Result<usize, E> {
    let s = int_field(r, k)?;
    if s < 0 || s >= n as i64 {
        return inv(&format!("{} out of range", k));
    }
    Ok(s as usize)
}
fn deck_field(j: &J) -> Result<Vec<u8>, E> {
    let d = card_list(j, "deck")?;
    if d.len() != 36 {
        return inv("deck is not 36 cards");
    }
    Ok(d)
}
fn actions_field(j: &J) -> Result<Vec<Act>, E> {
    let arr = match j {
        J::Arr(a) => a,
        _ => return inv("actions not a list"),
    };
    let mut out = Vec::new();
    for x in arr {
        match x {
            J::Str(s) => match parse_act(s) {
                Some(a) => out.push(a),
                None => return inv(&format!("not an action: {}", s)),
            },
            _ => return inv("action not a string"),
        }
    }
    Ok(out)
}

fn run_actions(g: &mut Game, acts: &[Act]) -> Result<(), (usize, &'static str)> {
    for (i, a) in acts.iter().enumerate() {
        if g.ph == Ph::Over {
            return Err((i, "deal.actions-by-phase"));
        }
        g.apply(a).map_err(|r| (i, r))?;
    }
    Ok(())
}

fn perft(g: &Game, depth: i64, visited: &mut u64) -> Result<u64, ()> {
    if g.ph == Ph::Over || depth == 0 {
        return Ok(1);
    }
    *visited += 1;
    if *visited > 100_000 {
        return Err(());
    }
    let mut t = 0;
    for a in g.legal() {
        let mut c = g.clone();
        c.apply(&a).unwrap();
        t += perft(&c, depth - 1, visited)?;
    }
    Ok(t)
}

impl Eng {
    fn handle(&self, r: &J, op: &str) -> Result<J, E> {
        let ops = ["hello", "card_points", "trick_winner", "legal_plays", "deal", "settle", "game", "match", "first_dealer", "perft"];
        if !ops.contains(&op) {
            return Err(E::Unsupported(format!("op {}", op)));
        }
        if op == "hello" {
            return match field(r, "spec")? {
                J::Str(s) if s == "1" => Ok(jo(vec![
                    ("name", js("frog-rust-drawn")),
                    ("version", js("1.0")),
                    ("rulesets", J::Arr(RULESETS.iter().map(|(n, _)| js(n)).collect())),
                    ("ops", J::Arr(ops.iter().map(|n| js(n)).collect())),
                    ("rule_ids", js("frogspec")),
                ])),
                J::Str(_) => Err(E::Unsupported("spec version".into())),
                _ => inv("spec not a string"),
            };
        }
        if op == "card_points" {
            let c = match field(r, "card")? {
                J::Str(s) => parse_card(s),
                _ => None,
            };
            return match c {
                Some(c) => Ok(jn(points(c, &self.h))),
                None => inv("unknown card"),
            };
        }
        let rs = match r.get("ruleset") {
            Some(J::Str(s)) => match RULESETS.iter().find(|(n, _)| n == s) {
                Some((_, x)) => *x,
                None => return Err(E::Unsupported(format!("ruleset {}", s))),
            },
            _ => return inv("ruleset missing or not a string"),
        };
        let h = &self.h;
        match op {
            "trick_winner" => {
                let trump = trump_field(r)?;
                let cards = card_list(field(r, "cards")?, "cards")?;
                if cards.is_empty() || cards.len() > 3 {
                    return inv("1 to 3 cards");
                }
                Ok(jn(trick_winner(&cards, trump, h) as i64))
            }
            "legal_plays" => {
                let trump = trump_field(r)?;
                let hand = card_list(field(r, "hand")?, "hand")?;
                let trick = card_list(field(r, "trick")?, "trick")?;
                if hand.is_empty() || hand.len() > 11 || trick.len() > 2 {
                    return inv("sizes");
                }
                if hand.iter().any(|c| trick.contains(c)) {
                    return inv("card in hand and trick");
                }
                Ok(J::Arr(legal_cards(&hand, &trick, trump, h).into_iter().map(|c| J::Str(card_name(c))).collect()))
            }
            "first_dealer" => {
                let n = players_field(rs, r)?;
                if rs.is1922() {
                    let low = seat_field(r, "lowest", n)?;
                    let ch = match field(r, "chooses_to_deal")? {
                        J::Bool(b) => *b,
                        _ => return inv("chooses_to_deal"),
                    };
                    Ok(jn(if ch { low } else { (low + n - 1) % n } as i64))
                } else {
                    Ok(jn(seat_field(r, "chosen", n)? as i64))
                }
            }
            "deal" => {
                let _o = parse_opts(rs, r)?;
                let n = players_field(rs, r)?;
                let d = seat_field(r, "dealer", n)?;
                let deck = deck_field(field(r, "deck")?)?;
                let (act, hands, widow) = deal_cards(rs, n, d, &deck, h);
                let cl = |v: &Vec<u8>| J::Arr(v.iter().map(|c| J::Str(card_name(*c))).collect());
                Ok(jo(vec![
                    ("active", J::Arr(act.iter().map(|s| jn(*s as i64)).collect())),
                    ("eldest", jn(act[0] as i64)),
                    ("hands", J::Arr(hands.iter().map(|x| x.as_ref().map(|v| cl(v)).unwrap_or(J::Null)).collect())),
                    ("widow", cl(&widow)),
                ]))
            }
            "settle" => {
                let o = parse_opts(rs, r)?;
                let n = players_field(rs, r)?;
                let d = seat_field(r, "dealer", n)?;
                let b = seat_field(r, "bidder", n)?;
                if !active_seats(n, d).contains(&b) {
                    return inv("bidder sits out");
                }
                let c = match str_field(r, "contract")? {
                    "frog" => 0,
                    "chico" => 1,
                    "grand" => 2,
                    _ => return inv("unknown contract"),
                };
                let p = int_field(r, "bidder_points")?;
                if p < 0 || p > total_points(h) {
                    return inv("bidder_points out of range");
                }
                if c == 0 && !rs.has_frog() {
                    return Err(E::Illegal { rule: "auction.contracts-without-frog".into(), at: None, deal: None });
                }
                Ok(J::Arr(settle_calc(rs, &o, n, d, b, c, p, h).into_iter().map(jn).collect()))
            }
            "game" | "perft" => {
                let o = parse_opts(rs, r)?;
                let n = players_field(rs, r)?;
                let d = seat_field(r, "dealer", n)?;
                let deck = deck_field(field(r, "deck")?)?;
                let acts = actions_field(field(r, "actions")?)?;
                let depth = if op == "perft" {
                    match r.get("depth") {
                        None | Some(J::Null) => i64::MAX,
                        Some(x) => match x.as_int() {
                            Some(v) if v >= 0 => v,
                            _ => return inv("depth"),
                        },
                    }
                } else {
                    0
                };
                let mut g = Game::new(rs, o, *h, n, d, &deck);
                if let Err((at, rule)) = run_actions(&mut g, &acts) {
                    return Err(E::Illegal { rule: rule.into(), at: Some(at), deal: None });
                }
                if op == "game" {
                    return Ok(g.observe(true));
                }
                if g.ph == Ph::Over || depth == 0 {
                    return Ok(jo(vec![("total", jn(1)), ("by_first", J::Obj(vec![]))]));
                }
                let mut visited = 0u64;
                let mut total = 0u64;
                let mut by = Vec::new();
                for a in g.legal() {
                    let mut c = g.clone();
                    c.apply(&a).unwrap();
                    match perft(&c, depth - 1, &mut visited) {
                        Ok(k) => {
                            total += k;
                            by.push((act_name(&a), jn(k as i64)));
                        }
                        Err(()) => return inv("perft would visit more than 100000 positions"),
                    }
                }
                Ok(jo(vec![("total", jn(total as i64)), ("by_first", J::Obj(by))]))
            }
            "match" => {
                let o = parse_opts(rs, r)?;
                let n = players_field(rs, r)?;
                let fd = seat_field(r, "first_dealer", n)?;
                let deals = match field(r, "deals")? {
                    J::Arr(a) => a,
                    _ => return inv("deals not a list"),
                };
                let mut parsed = Vec::new();
                for dl in deals {
                    if !matches!(dl, J::Obj(_)) {
                        return inv("deal not an object");
                    }
                    let deck = deck_field(field(dl, "deck")?)?;
                    let acts = actions_field(field(dl, "actions")?)?;
                    parsed.push((deck, acts));
                }
                let mut bal = vec![rs.bank(); n];
                let mut dealers = Vec::new();
                let mut dealer = fd;
                let mut over = false;
                let mut loser: Option<usize> = None;
                for (k, (deck, acts)) in parsed.iter().enumerate() {
                    if over {
                        return Err(E::Illegal { rule: "match.first-unable-to-pay-loses".into(), at: Some(0), deal: Some(k) });
                    }
                    let mut g = Game::new(rs, o, *h, n, dealer, deck);
                    if let Err((at, rule)) = run_actions(&mut g, acts) {
                        return Err(E::Illegal { rule: rule.into(), at: Some(at), deal: Some(k) });
                    }
                    if g.ph != Ph::Over {
                        return inv(&format!("deal {} stops before its end", k));
                    }
                    dealers.push(dealer);
                    let pay = g.payments.clone().unwrap();
                    if rs.is1922() {
                        if let Some(b) = g.bidder {
                            for i in 0..n {
                                let s = (b + i) % n;
                                if -pay[s] > bal[s] {
                                    over = true;
                                    loser = Some(s);
                                    break;
                                }
                            }
                        }
                    }
                    for s in 0..n {
                        bal[s] += pay[s];
                    }
                    if !(h.dealer_stays && g.bidder.is_none()) {
                        dealer = (dealer + 1) % n;
                    }
                }
                Ok(jo(vec![
                    ("balances", J::Arr(bal.into_iter().map(jn).collect())),
                    ("dealers", J::Arr(dealers.into_iter().map(|x| jn(x as i64)).collect())),
                    ("over", J::Bool(over)),
                    ("loser", loser.map(|x| jn(x as i64)).unwrap_or(J::Null)),
                ]))
            }
            _ => Err(E::Unsupported(op.into())),
        }
    }
}

fn err_json(id: J, kind: &str, rule: Option<String>, msg: &str, at: Option<usize>, deal: Option<usize>) -> String {
    let mut e = vec![
        ("kind", js(kind)),
        ("rule", rule.map(J::Str).unwrap_or(J::Null)),
        ("message", js(msg)),
    ];
    if let Some(a) = at {
        e.push(("at", jn(a as i64)));
    }
    if let Some(d) = deal {
        e.push(("deal", jn(d as i64)));
    }
    ser(&jo(vec![("id", id), ("error", jo(e))]))
}

fn respond(eng: &Eng, line: &[u8]) -> String {
    let v = match parse_line(line) {
        Ok(v) => v,
        Err(b) => return err_json(J::Null, "invalid", None, &format!("{}: line is not acceptable JSON", b), None, None),
    };
    if !matches!(v, J::Obj(_)) {
        return err_json(J::Null, "invalid", None, "request is not a JSON object", None, None);
    }
    let id = match v.get("id") {
        Some(x) if x.is_int() => x.clone(),
        _ => return err_json(J::Null, "invalid", None, "id is not an integer", None, None),
    };
    let op = match v.get("op") {
        Some(J::Str(s)) => s.clone(),
        _ => return err_json(id, "invalid", None, "op is not a string", None, None),
    };
    match eng.handle(&v, &op) {
        Ok(res) => ser(&jo(vec![("id", id), ("result", res)])),
        Err(E::Invalid(m)) => err_json(id, "invalid", None, &m, None, None),
        Err(E::Unsupported(m)) => err_json(id, "unsupported", None, &m, None, None),
        Err(E::Illegal { rule, at, deal }) => err_json(id, "illegal", Some(rule.clone()), &format!("breaks {}", rule), at, deal),
    }
}

fn main() {
    let mut h = House::default();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let a = &args[i];
        let name: Option<String> = if a == "--house" {
            i += 1;
            args.get(i).cloned()
        } else if let Some(x) = a.strip_prefix("--house=") {
            Some(x.to_string())
        } else if a == "--protocol" {
            i += 1;
            continue;
        } else {
            eprintln!("frog: unknown argument {:?}", a);
            std::process::exit(2);
        };
        match name.as_deref() {
            Some("deal-widow-first") => h.widow_first = true,
            Some("auction-dealer-first") => h.dealer_first = true,
            Some("widow-no-counters") => h.no_counters = true,
            Some("play-must-overtrump") => h.must_overtrump = true,
            Some("trick-jack-of-trumps-high") => h.jack_high = true,
            Some("trump-chico-any") => h.chico_any = true,
            Some("count-tens-five") => h.tens_five = true,
            Some("settle-double-grand") => h.double_grand = true,
            Some("match-dealer-stays-after-pass") => h.dealer_stays = true,
            other => {
                eprintln!("frog: unknown house rule {:?}; known: {}", other.unwrap_or(""), HOUSE_NAMES.join(", "));
                std::process::exit(2);
            }
        }
        i += 1;
    }
    let eng = Eng { h };
    let stdin = io::stdin();
    let mut inp = stdin.lock();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match inp.read_until(b'\n', &mut buf) {
            Ok(0) => break,
            Ok(_) => {}
            Err(_) => break,
        }
        if buf.last() == Some(&b'\n') {
            buf.pop();
        }
        if buf.iter().all(|c| matches!(c, b' ' | b'\t' | b'\r')) {
            continue;
        }
        let resp = respond(&eng, &buf);
        let _ = out.write_all(resp.as_bytes());
        let _ = out.write_all(b"\n");
        let _ = out.flush();
    }
}
