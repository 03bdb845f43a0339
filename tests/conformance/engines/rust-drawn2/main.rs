// Frog engine speaking the frogspec JSON-lines conformance protocol, version 1,
// with switchable house rules (--house NAME).

mod engine;
mod json;

use engine::*;
use json::{int, obj, s, Value};
use std::io::{self, BufRead, Write};

include!("rules_data.rs");

const MAX_LINE: usize = 16_777_216;
const PERFT_LIMIT: u64 = 100_000;

enum ReqErr {
    Invalid(String),
    Unsupported(String),
    Illegal { rule: &'static str, at: Option<usize>, deal: Option<usize>, msg: String },
}
use ReqErr::*;

fn inv<T>(m: &str) -> Result<T, ReqErr> {
    Err(Invalid(m.to_string()))
}

fn field<'a>(req: &'a Value, k: &str) -> Result<&'a Value, ReqErr> {
    req.get(k).ok_or_else(|| Invalid(format!("missing field {}", k)))
}
fn get_int(req: &Value, k: &str) -> Result<i64, ReqErr> {
    let v = field(req, k)?;
    v.as_int().ok_or_else(|| Invalid(format!("{} is not an integer", k)))
}
fn get_players(req: &Value, rs: &Ruleset) -> Result<usize, ReqErr> {
    let p = get_int(req, "players")?;
    if p < rs.min_p || p > rs.max_p {
        return inv(&format!("{} does not allow {} players", rs.id, p));
    }
    Ok(p as usize)
}
fn get_seat(req: &Value, k: &str, players: usize) -> Result<usize, ReqErr> {
    let v = get_int(req, k)?;
    if v < 0 || v as usize >= players {
        return inv(&format!("{} {} is not a seat of a table of {}", k, v, players));
    }
    Ok(v as usize)
}
fn get_card(v: &Value) -> Result<u8, ReqErr> {
    match v.as_str().and_then(parse_card) {
        Some(c) => Ok(c),
        None => inv("not a card"),
    }
}
fn get_cards(v: &Value, min: usize, max: usize) -> Result<Vec<u8>, ReqErr> {
    let a = match v {
        Value::Arr(a) => a,
        _ => return inv("not a list of cards"),
    };
    if a.len() < min || a.len() > max {
        return inv("wrong number of cards");
    }
    let mut seen = 0u64;
    let mut out = Vec::new();
    for x in a {
        let c = get_card(x)?;
        if seen >> c & 1 == 1 {
            return inv("a card twice");
        }
        seen |= 1u64 << c;
        out.push(c);
    }
    Ok(out)
}
fn get_deck(v: &Value) -> Result<Vec<u8>, ReqErr> {
    get_cards(v, 36, 36)
}
fn get_trump(req: &Value) -> Result<Option<u8>, ReqErr> {
    match field(req, "trump")? {
        Value::Null => Ok(None),
        Value::Str(t) => match parse_suit(t) {
            Some(s) => Ok(Some(s)),
            None => inv("not a suit"),
        },
        _ => inv("trump is a suit or null"),
    }
}
fn get_options(req: &Value, rs: &Ruleset) -> Result<Options, ReqErr> {
    let o = match field(req, "options")? {
        Value::Obj(o) => o,
        _ => return inv("options is an object"),
    };
    let mut r = Options::default();
    for (k, v) in o {
        match (k.as_str(), rs.opts) {
            ("sitting_out", OptKind::Both) | ("sitting_out", OptKind::SittingOnly) => {
                r.sitting_out = match v.as_str() {
                    Some("receive-only") => SittingOut::ReceiveOnly,
                    Some("pay-and-receive") => SittingOut::PayAndReceive,
                    Some("pay-and-receive-solo-only") => SittingOut::SoloOnly,
                    _ => return inv("bad sitting_out"),
                }
            }
            ("penalty_frog", OptKind::Both) => {
                r.penalty_frog = match v {
                    Value::Bool(b) => *b,
                    _ => return inv("penalty_frog is a boolean"),
                }
            }
            _ => return inv(&format!("{} has no option {}", rs.id, k)),
        }
    }
    Ok(r)
}
fn get_actions(v: &Value) -> Result<Vec<Action>, ReqErr> {
    let a = match v {
        Value::Arr(a) => a,
        _ => return inv("actions is a list"),
    };
    let mut out = Vec::new();
    for x in a {
        match x.as_str().and_then(parse_action) {
            Some(act) => out.push(act),
            None => return inv("not an action"),
        }
    }
    Ok(out)
}

fn cards_value(m: u64) -> Value {
    Value::Arr((0..36u8).filter(|c| m >> c & 1 == 1).map(|c| s(&card_name(c))).collect())
}
fn opt_seat(x: Option<usize>) -> Value {
    x.map_or(Value::Null, |v| int(v as i64))
}

fn observation(g: &Game) -> Value {
    let mut v: Vec<(&str, Value)> = vec![
        ("phase", s(g.phase.name())),
        ("to_act", opt_seat(g.to_act())),
        ("legal", Value::Arr(g.legal().iter().map(|a| s(&action_name(a))).collect())),
        ("bidder", opt_seat(g.bidder.map(|b| g.active[b]))),
        ("contract", g.contract.map_or(Value::Null, |c| s(CONTRACT_NAMES[c as usize]))),
        ("trump", g.trump.map_or(Value::Null, |t| s(SUITS[t as usize]))),
    ];
    if g.contract == Some(FROG) {
        v.push(("widow_shown", Value::Bool(g.rs.widow_shown)));
    }
    if g.phase == Phase::Over {
        if let Some((b, d)) = g.points {
            v.push(("points", obj(vec![("bidder", int(b)), ("defenders", int(d))])));
        }
        v.push(("payments", Value::Arr(g.payments.iter().map(|&p| int(p)).collect())));
    }
    obj(v)
}

struct GameReq {
    rs: &'static Ruleset,
    opts: Options,
    players: usize,
    dealer: usize,
    deck: Vec<u8>,
    actions: Vec<Action>,
}

fn read_game_req(req: &Value, rs: &'static Ruleset) -> Result<GameReq, ReqErr> {
    let opts = get_options(req, rs)?;
    let players = get_players(req, rs)?;
    let dealer = get_seat(req, "dealer", players)?;
    let deck = get_deck(field(req, "deck")?)?;
    let actions = get_actions(field(req, "actions")?)?;
    Ok(GameReq { rs, opts, players, dealer, deck, actions })
}

fn play_actions(g: &mut Game, actions: &[Action], deal: Option<usize>) -> Result<(), ReqErr> {
    for (i, a) in actions.iter().enumerate() {
        if let Err(rule) = g.apply(*a) {
            return Err(Illegal {
                rule,
                at: Some(i),
                deal,
                msg: format!("{} breaks {}", action_name(a), rule),
            });
        }
    }
    Ok(())
}

struct Perft {
    visited: u64,
}
impl Perft {
    fn count(&mut self, g: &Game, depth: Option<u64>) -> Result<u64, ()> {
        if g.phase == Phase::Over || depth == Some(0) {
            return Ok(1);
        }
        self.visited += 1;
        if self.visited > PERFT_LIMIT {
            return Err(());
        }
        let mut total = 0;
        for a in g.legal() {
            let mut c = g.clone();
            c.apply(a).expect("legal action");
            total += self.count(&c, depth.map(|d| d - 1))?;
        }
        Ok(total)
    }
}

struct Engine {
    house: House,
}

impl Engine {
    fn ruleset(&self, req: &Value) -> Result<&'static Ruleset, ReqErr> {
        match req.get("ruleset") {
            Some(Value::Str(id)) => find_ruleset(id).ok_or_else(|| Unsupported(format!("ruleset {} not offered", id))),
            _ => inv("ruleset missing or not a string"),
        }
    }

    fn handle(&self, op: &str, req: &Value) -> Result<Value, ReqErr> {
        let h = &self.house;
        match op {
            "hello" => {
                let spec = match req.get("spec") {
                    Some(Value::Str(x)) => x,
                    _ => return inv("spec is a string"),
                };
                if spec != "1" {
                    return Err(Unsupported(format!("protocol version {} not spoken", spec)));
                }
                Ok(obj(vec![
                    ("name", s("frog-house-rust")),
                    ("version", s("1.0.0")),
                    ("rulesets", Value::Arr(RULESETS.iter().map(|r| s(r.id)).collect())),
                    (
                        "ops",
                        Value::Arr(
                            [
                                "hello",
                                "card_points",
                                "trick_winner",
                                "legal_plays",
                                "deal",
                                "settle",
                                "game",
                                "match",
                                "perft",
                                "first_dealer",
                                "rules",
                            ]
                            .iter()
                            .map(|x| s(x))
                            .collect(),
                        ),
                    ),
                    ("rule_ids", s("frogspec")),
                ]))
            }
            "card_points" => {
                let c = get_card(field(req, "card")?)?;
                Ok(int(card_points(c, h)))
            }
            "rules" => {
                let rs = self.ruleset(req)?;
                Ok(Value::Arr(rules_for(rs.id).iter().map(|x| s(x)).collect()))
            }
            "trick_winner" => {
                let _rs = self.ruleset(req)?;
                let trump = get_trump(req)?;
                let cards = get_cards(field(req, "cards")?, 1, 3)?;
                Ok(int(trick_winner(&cards, trump, h) as i64))
            }
            "legal_plays" => {
                let _rs = self.ruleset(req)?;
                let trump = get_trump(req)?;
                let hand = get_cards(field(req, "hand")?, 1, 11)?;
                let trick = get_cards(field(req, "trick")?, 0, 2)?;
                let mut hm = 0u64;
                for &c in &hand {
                    hm |= 1u64 << c;
                }
                if trick.iter().any(|&c| hm >> c & 1 == 1) {
                    return inv("a card both in hand and in the trick");
                }
                Ok(cards_value(legal_plays(hm, &trick, trump)))
            }
            "deal" => {
                let rs = self.ruleset(req)?;
                let _o = get_options(req, rs)?;
                let players = get_players(req, rs)?;
                let dealer = get_seat(req, "dealer", players)?;
                let deck = get_deck(field(req, "deck")?)?;
                let (active, hands, widow) = deal(rs, h, players, dealer, &deck);
                let hv: Vec<Value> = (0..players)
                    .map(|p| if active.contains(&p) { cards_value(hands[p]) } else { Value::Null })
                    .collect();
                Ok(obj(vec![
                    ("active", Value::Arr(active.iter().map(|&x| int(x as i64)).collect())),
                    ("eldest", int(active[0] as i64)),
                    ("hands", Value::Arr(hv)),
                    ("widow", cards_value(widow)),
                ]))
            }
            "settle" => {
                let rs = self.ruleset(req)?;
                let o = get_options(req, rs)?;
                let players = get_players(req, rs)?;
                let dealer = get_seat(req, "dealer", players)?;
                let bidder = get_seat(req, "bidder", players)?;
                if !active_seats(players, dealer).contains(&bidder) {
                    return inv("the bidder sits out this deal");
                }
                let contract = match field(req, "contract")?.as_str() {
                    Some("frog") => FROG,
                    Some("chico") => CHICO,
                    Some("grand") => GRAND,
                    _ => return inv("not a contract"),
                };
                let pts = get_int(req, "bidder_points")?;
                if !(0..=120).contains(&pts) {
                    return inv("bidder_points is 0 to 120");
                }
                if contract == FROG && !rs.has_frog {
                    return Err(Illegal {
                        rule: "auction.contracts-without-frog",
                        at: None,
                        deal: None,
                        msg: "this ruleset has no Frog".into(),
                    });
                }
                let p = settle(rs, &o, h, players, dealer, bidder, contract, pts, false);
                Ok(Value::Arr(p.into_iter().map(int).collect()))
            }
            "game" => {
                let rs = self.ruleset(req)?;
                let gr = read_game_req(req, rs)?;
                let mut g = Game::new(gr.rs, gr.opts, *h, gr.players, gr.dealer, &gr.deck);
                play_actions(&mut g, &gr.actions, None)?;
                Ok(observation(&g))
            }
            "perft" => {
                let rs = self.ruleset(req)?;
                let gr = read_game_req(req, rs)?;
                let depth = match req.get("depth") {
                    None | Some(Value::Null) => None,
                    Some(v) => match v.as_int() {
                        Some(d) if d >= 0 => Some(d as u64),
                        _ => return inv("depth is a non-negative integer or null"),
                    },
                };
                let mut g = Game::new(gr.rs, gr.opts, *h, gr.players, gr.dealer, &gr.deck);
                play_actions(&mut g, &gr.actions, None)?;
                let mut by_first: Vec<(String, Value)> = Vec::new();
                let mut total: u64 = 0;
                if g.phase == Phase::Over || depth == Some(0) {
                    total = 1;
                } else {
                    let mut pf = Perft { visited: 0 };
                    for a in g.legal() {
                        let mut c = g.clone();
                        c.apply(a).expect("legal");
                        match pf.count(&c, depth.map(|d| d - 1)) {
                            Ok(n) => {
                                total += n;
                                by_first.push((action_name(&a), int(n as i64)));
                            }
                            Err(()) => return inv("perft would visit more than 100000 positions"),
                        }
                    }
                }
                Ok(obj(vec![("total", int(total as i64)), ("by_first", Value::Obj(by_first))]))
            }
            "match" => {
                let rs = self.ruleset(req)?;
                let o = get_options(req, rs)?;
                let players = get_players(req, rs)?;
                let first = get_seat(req, "first_dealer", players)?;
                let deals = match field(req, "deals")? {
                    Value::Arr(a) => a,
                    _ => return inv("deals is a list"),
                };
                let mut parsed = Vec::new();
                for d in deals {
                    if !matches!(d, Value::Obj(_)) {
                        return inv("a deal is an object");
                    }
                    let deck = get_deck(field(d, "deck")?)?;
                    let actions = get_actions(field(d, "actions")?)?;
                    parsed.push((deck, actions));
                }
                let mut bal = vec![rs.bank; players];
                let mut dealers = Vec::new();
                let mut over = false;
                let mut loser: Option<usize> = None;
                for (k, (deck, actions)) in parsed.iter().enumerate() {
                    if over {
                        return Err(Illegal {
                            rule: "match.first-unable-to-pay-loses",
                            at: Some(0),
                            deal: Some(k),
                            msg: "the game is over".into(),
                        });
                    }
                    let dealer = (first + k) % players;
                    dealers.push(dealer);
                    let mut g = Game::new(rs, o, *h, players, dealer, deck);
                    play_actions(&mut g, actions, Some(k))?;
                    if g.phase != Phase::Over {
                        return inv(&format!("deal {} stops before its end", k));
                    }
                    if rs.ends {
                        if let Some(bi) = g.bidder {
                            let b = g.active[bi];
                            for i in 0..players {
                                let seat = (b + i) % players;
                                let owes = -g.payments[seat];
                                if owes > 0 && owes > bal[seat] {
                                    loser = Some(seat);
                                    over = true;
                                    break;
                                }
                            }
                        }
                    }
                    for p in 0..players {
                        bal[p] += g.payments[p];
                    }
                }
                Ok(obj(vec![
                    ("balances", Value::Arr(bal.into_iter().map(int).collect())),
                    ("dealers", Value::Arr(dealers.into_iter().map(|d| int(d as i64)).collect())),
                    ("over", Value::Bool(over)),
                    ("loser", opt_seat(loser)),
                ]))
            }
            "first_dealer" => {
                let rs = self.ruleset(req)?;
                let players = get_players(req, rs)?;
                if rs.low_card {
                    let lowest = get_seat(req, "lowest", players)?;
                    let choose = match req.get("chooses_to_deal") {
                        Some(Value::Bool(b)) => Some(*b),
                        None if h.low_card_deals => None,
                        _ => return inv("chooses_to_deal is a boolean"),
                    };
                    if h.low_card_deals || choose == Some(true) {
                        Ok(int(lowest as i64))
                    } else {
                        Ok(int(((lowest + players - 1) % players) as i64))
                    }
                } else {
                    let chosen = get_seat(req, "chosen", players)?;
                    Ok(int(chosen as i64))
                }
            }
            _ => Err(Unsupported(format!("op {} not offered", op))),
        }
    }

    fn respond(&self, line: &str) -> String {
        let req = match json::parse(line) {
            Ok(v) => v,
            Err(bound) => return error_line(None, "invalid", None, &format!("{}: the line is refused", bound), None, None),
        };
        if !matches!(req, Value::Obj(_)) {
            return error_line(None, "invalid", None, "json: a request is an object", None, None);
        }
        let id = match req.get("id") {
            Some(v) if v.is_int_written() => v.clone(),
            _ => return error_line(None, "invalid", None, "id is not an integer", None, None),
        };
        let op = match req.get("op") {
            Some(Value::Str(o)) => o.clone(),
            _ => return error_line(Some(&id), "invalid", None, "op is not a string", None, None),
        };
        match self.handle(&op, &req) {
            Ok(result) => {
                let mut out = String::new();
                out.push_str("{\"id\":");
                json::write(&mut out, &id);
                out.push_str(",\"result\":");
                json::write(&mut out, &result);
                out.push('}');
                out
            }
            Err(Invalid(m)) => error_line(Some(&id), "invalid", None, &m, None, None),
            Err(Unsupported(m)) => error_line(Some(&id), "unsupported", None, &m, None, None),
            Err(Illegal { rule, at, deal, msg }) => error_line(Some(&id), "illegal", Some(rule), &msg, at, deal),
        }
    }
}

fn error_line(id: Option<&Value>, kind: &str, rule: Option<&str>, msg: &str, at: Option<usize>, deal: Option<usize>) -> String {
    let mut e: Vec<(&str, Value)> = vec![
        ("kind", s(kind)),
        ("rule", rule.map_or(Value::Null, s)),
        ("message", s(msg)),
    ];
    if let Some(a) = at {
        e.push(("at", int(a as i64)));
    }
    if let Some(d) = deal {
        e.push(("deal", int(d as i64)));
    }
    let mut out = String::new();
    out.push_str("{\"id\":");
    match id {
        Some(v) => json::write(&mut out, v),
        None => out.push_str("null"),
    }
    out.push_str(",\"error\":");
    json::write(&mut out, &obj(e));
    out.push('}');
    out
}

fn main() {
    let mut house = House::default();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let a = &args[i];
        let name = if a == "--house" {
            i += 1;
            match args.get(i) {
                Some(n) => n.clone(),
                None => {
                    eprintln!("--house needs a house rule name; known: {}", HOUSE_FLAGS.join(", "));
                    std::process::exit(2);
                }
            }
        } else if let Some(n) = a.strip_prefix("--house=") {
            n.to_string()
        } else if a == "--protocol" {
            i += 1;
            continue;
        } else {
            eprintln!("unknown argument {}; usage: frog [--house NAME]...", a);
            std::process::exit(2);
        };
        if !house.set(&name) {
            eprintln!("unknown house rule {}; known: {}", name, HOUSE_FLAGS.join(", "));
            std::process::exit(2);
        }
        i += 1;
    }
    let engine = Engine { house };
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    loop {
        // read one line, never holding more than MAX_LINE + 1 bytes
        let mut buf: Vec<u8> = Vec::new();
        let mut too_long = false;
        let mut eof = false;
        loop {
            let avail = match input.fill_buf() {
                Ok(b) => b,
                Err(_) => {
                    eof = true;
                    break;
                }
            };
            if avail.is_empty() {
                eof = true;
                break;
            }
            match avail.iter().position(|&b| b == b'\n') {
                Some(pos) => {
                    if !too_long {
                        buf.extend_from_slice(&avail[..pos]);
                    }
                    input.consume(pos + 1);
                    break;
                }
                None => {
                    let n = avail.len();
                    if !too_long {
                        buf.extend_from_slice(avail);
                    }
                    input.consume(n);
                }
            }
            if buf.len() > MAX_LINE {
                too_long = true;
                buf.clear();
            }
        }
        if buf.len() > MAX_LINE {
            too_long = true;
        }
        if eof && buf.is_empty() && !too_long {
            break;
        }
        let resp = if too_long {
            error_line(None, "invalid", None, "length: the line is longer than 16777216 bytes", None, None)
        } else {
            if buf.iter().all(|b| matches!(b, b' ' | b'\t' | b'\r')) {
                if eof {
                    break;
                }
                continue;
            }
            match std::str::from_utf8(&buf) {
                Ok(line) => engine.respond(line),
                Err(_) => error_line(None, "invalid", None, "utf-8: the line is not UTF-8", None, None),
            }
        };
        let _ = out.write_all(resp.as_bytes());
        let _ = out.write_all(b"\n");
        let _ = out.flush();
        if eof {
            break;
        }
    }
}
