// Frog engine speaking the frogspec conformance protocol v1 (JSON lines), with house
// rules switched on by --house NAME.

mod frog;
mod json;

use frog::*;
use json::{esc, Value};
use std::io::{BufRead, Write};

const MAX_LINE: usize = 1 << 24;
const PERFT_LIMIT: u64 = 100_000;

enum Err {
    Invalid(String),
    Unsupported(String),
    Illegal { rule: &'static str, msg: String, at: Option<usize>, deal: Option<usize> },
}

fn inv<T>(m: &str) -> Result<T, Err> {
    Err(Err::Invalid(m.to_string()))
}

struct Ctx {
    house: House,
}

// ---------------------------------------------------------------- field readers

fn field<'a>(req: &'a Value, k: &str) -> Result<&'a Value, Err> {
    req.get(k).ok_or_else(|| Err::Invalid(format!("missing field {}", k)))
}

fn int_field(req: &Value, k: &str) -> Result<i64, Err> {
    let v = field(req, k)?;
    if !v.is_int_literal() {
        return inv(&format!("{} is not an integer", k));
    }
    match v.as_int() {
        Some(x) => Ok(x),
        None => Ok(i64::MAX), // out of every range
    }
}

fn card_value(v: &Value) -> Result<u8, Err> {
    match v.as_str().and_then(parse_card) {
        Some(c) => Ok(c),
        None => inv("not a card"),
    }
}

fn cards_field(req: &Value, k: &str, min: usize, max: usize) -> Result<Vec<u8>, Err> {
    let a = field(req, k)?.as_arr().ok_or_else(|| Err::Invalid(format!("{} is not a list", k)))?;
    if a.len() < min || a.len() > max {
        return inv(&format!("{} has {} cards", k, a.len()));
    }
    let mut out = Vec::new();
    let mut seen = 0u64;
    for v in a {
        let c = card_value(v)?;
        if seen & bit(c) != 0 {
            return inv("a card twice");
        }
        seen |= bit(c);
        out.push(c);
    }
    Ok(out)
}

fn deck_value(v: &Value) -> Result<Vec<u8>, Err> {
    let a = v.as_arr().ok_or_else(|| Err::Invalid("deck is not a list".into()))?;
    if a.len() != 36 {
        return inv("deck is not 36 cards");
    }
    let mut out = Vec::new();
    let mut seen = 0u64;
    for v in a {
        let c = card_value(v)?;
        if seen & bit(c) != 0 {
            return inv("a card twice in the deck");
        }
        seen |= bit(c);
        out.push(c);
    }
    Ok(out)
}

fn actions_value(v: &Value) -> Result<Vec<Action>, Err> {
    let a = v.as_arr().ok_or_else(|| Err::Invalid("actions is not a list".into()))?;
    let mut out = Vec::new();
    for x in a {
        match x.as_str().and_then(Action::parse) {
            Some(act) => out.push(act),
            None => return inv("not an action"),
        }
    }
    Ok(out)
}

fn trump_field(req: &Value) -> Result<Option<u8>, Err> {
    match field(req, "trump")? {
        Value::Null => Ok(None),
        Value::Str(s) => match parse_suit(s) {
            Some(x) => Ok(Some(x)),
            None => inv("not a suit"),
        },
        _ => inv("trump is a suit or null"),
    }
}

fn options_field(req: &Value, rs: &Ruleset) -> Result<Options, Err> {
    let o = field(req, "options")?;
    let items = match o {
        Value::Obj(items) => items,
        _ => return inv("options is not an object"),
    };
    let mut opts = Options::default();
    for (k, v) in items {
        match (k.as_str(), rs.opts) {
            ("sitting_out", OptKind::SittingOut) | ("sitting_out", OptKind::SittingOutPenalty) => {
                opts.sitting_out = match v.as_str() {
                    Some("receive-only") => SittingOut::ReceiveOnly,
                    Some("pay-and-receive") => SittingOut::PayAndReceive,
                    Some("pay-and-receive-solo-only") => SittingOut::SoloOnly,
                    _ => return inv("bad sitting_out"),
                }
            }
            ("penalty_frog", OptKind::SittingOutPenalty) => {
                opts.penalty_frog = match v.as_bool() {
                    Some(b) => b,
                    None => return inv("penalty_frog is true or false"),
                }
            }
            _ => return inv(&format!("the ruleset has no option {}", k)),
        }
    }
    Ok(opts)
}

fn players_field(req: &Value, rs: &Ruleset) -> Result<usize, Err> {
    let p = int_field(req, "players")?;
    if p < rs.min_p || p > rs.max_p {
        return inv("a player count the ruleset does not allow");
    }
    Ok(p as usize)
}

fn seat_field(req: &Value, k: &str, n: usize) -> Result<usize, Err> {
    let s = int_field(req, k)?;
    if s < 0 || s >= n as i64 {
        return inv(&format!("{} is not a seat", k));
    }
    Ok(s as usize)
}

// ---------------------------------------------------------------- output pieces

fn card_list(cards: &[u8]) -> String {
    let v: Vec<String> = cards.iter().map(|&c| esc(&card_name(c))).collect();
    format!("[{}]", v.join(","))
}

fn int_list(v: &[i64]) -> String {
    let s: Vec<String> = v.iter().map(|x| x.to_string()).collect();
    format!("[{}]", s.join(","))
}

fn opt_seat(s: Option<usize>) -> String {
    match s {
        Some(x) => x.to_string(),
        None => "null".into(),
    }
}

fn observation(g: &Game) -> String {
    let legal: Vec<String> = g.legal().iter().map(|a| esc(&a.name())).collect();
    let mut s = format!(
        "{{\"phase\":{},\"to_act\":{},\"legal\":[{}],\"bidder\":{},\"contract\":{},\"trump\":{}",
        esc(g.phase.name()),
        opt_seat(g.to_act()),
        legal.join(","),
        opt_seat(g.bidder_seat()),
        match g.contract {
            Some(c) => esc(c.name()),
            None => "null".into(),
        },
        match g.trump {
            Some(t) => esc(&suit_name(t)),
            None => "null".into(),
        }
    );
    if let Some(w) = g.widow_shown() {
        s.push_str(&format!(",\"widow_shown\":{}", w));
    }
    if g.phase == Phase::Over {
        if let Some((b, d)) = g.points {
            s.push_str(&format!(",\"points\":{{\"bidder\":{},\"defenders\":{}}}", b, d));
        }
        s.push_str(&format!(",\"payments\":{}", int_list(&g.payments)));
    }
    s.push('}');
    s
}

// ---------------------------------------------------------------- ops

const OPS: [&str; 10] =
    ["hello", "card_points", "trick_winner", "legal_plays", "deal", "settle", "game", "match", "first_dealer", "perft"];

fn op_hello(req: &Value) -> Result<String, Err> {
    let spec = field(req, "spec")?;
    let spec = spec.as_str().ok_or_else(|| Err::Invalid("spec is a string".into()))?;
    if spec != "1" {
        return Err(Err::Unsupported(format!("protocol version {} is not spoken", spec)));
    }
    let rs: Vec<String> = RULESETS.iter().map(|r| esc(r.id)).collect();
    let ops: Vec<String> = OPS.iter().map(|o| esc(o)).collect();
    Ok(format!(
        "{{\"name\":\"frog32-rust\",\"version\":\"1.0.0\",\"rulesets\":[{}],\"ops\":[{}],\"rule_ids\":\"frogspec\"}}",
        rs.join(","),
        ops.join(",")
    ))
}

fn op_card_points(ctx: &Ctx, req: &Value) -> Result<String, Err> {
    let c = card_value(field(req, "card")?)?;
    Ok(card_points(c, &ctx.house).to_string())
}

fn op_trick_winner(ctx: &Ctx, req: &Value, _rs: &Ruleset) -> Result<String, Err> {
    let trump = trump_field(req)?;
    let cards = cards_field(req, "cards", 1, 3)?;
    Ok(trick_winner(&cards, trump, &ctx.house).to_string())
}

fn op_legal_plays(ctx: &Ctx, req: &Value, _rs: &Ruleset) -> Result<String, Err> {
    let trump = trump_field(req)?;
    let hand = cards_field(req, "hand", 1, 11)?;
    let trick = cards_field(req, "trick", 0, 2)?;
    let mut hm = 0u64;
    for &c in &hand {
        hm |= bit(c);
    }
    for &c in &trick {
        if hm & bit(c) != 0 {
            return inv("a card both in hand and in the trick");
        }
    }
    let m = legal_mask(hm, &trick, trump, &ctx.house);
    Ok(card_list(&cards_of(m)))
}

fn op_deal(ctx: &Ctx, req: &Value, rs: &'static Ruleset) -> Result<String, Err> {
    let _opts = options_field(req, rs)?;
    let n = players_field(req, rs)?;
    let dealer = seat_field(req, "dealer", n)?;
    let deck = deck_value(field(req, "deck")?)?;
    let active = active_seats(n, dealer);
    let (hands, widow) = deal_cards(rs, &ctx.house, &deck);
    let mut by_seat: Vec<String> = vec!["null".into(); n];
    for i in 0..3 {
        by_seat[active[i]] = card_list(&cards_of(hands[i]));
    }
    Ok(format!(
        "{{\"active\":[{},{},{}],\"eldest\":{},\"hands\":[{}],\"widow\":{}}}",
        active[0],
        active[1],
        active[2],
        active[0],
        by_seat.join(","),
        card_list(&cards_of(widow))
    ))
}

fn op_settle(ctx: &Ctx, req: &Value, rs: &'static Ruleset) -> Result<String, Err> {
    let opts = options_field(req, rs)?;
    let n = players_field(req, rs)?;
    let dealer = seat_field(req, "dealer", n)?;
    let bidder = seat_field(req, "bidder", n)?;
    if !active_seats(n, dealer).contains(&bidder) {
        return inv("the bidder sits out this deal");
    }
    let contract = match field(req, "contract")?.as_str().and_then(Contract::parse) {
        Some(c) => c,
        None => return inv("not a contract"),
    };
    let pts = int_field(req, "bidder_points")?;
    if !(0..=120).contains(&pts) {
        return inv("bidder_points is 0 to 120");
    }
    if contract == Contract::Frog && !rs.has_frog {
        return Err(Err::Illegal {
            rule: "auction.contracts-without-frog",
            msg: "Straight Solo has no Frog".into(),
            at: None,
            deal: None,
        });
    }
    Ok(int_list(&settle(rs, &opts, &ctx.house, n, dealer, bidder, contract, pts)))
}

fn play_actions(g: &mut Game, actions: &[Action], deal: Option<usize>) -> Result<(), Err> {
    for (i, a) in actions.iter().enumerate() {
        if let Err(rule) = g.apply(*a) {
            return Err(Err::Illegal {
                rule,
                msg: format!("action {} ({}) breaks {}", i, a.name(), rule),
                at: Some(i),
                deal,
            });
        }
    }
    Ok(())
}

fn read_game(ctx: &Ctx, req: &Value, rs: &'static Ruleset) -> Result<(Game, Vec<Action>), Err> {
    let opts = options_field(req, rs)?;
    let n = players_field(req, rs)?;
    let dealer = seat_field(req, "dealer", n)?;
    let deck = deck_value(field(req, "deck")?)?;
    let actions = actions_value(field(req, "actions")?)?;
    Ok((Game::new(rs, opts, ctx.house, n, dealer, &deck), actions))
}

fn op_game(ctx: &Ctx, req: &Value, rs: &'static Ruleset) -> Result<String, Err> {
    let (mut g, actions) = read_game(ctx, req, rs)?;
    play_actions(&mut g, &actions, None)?;
    Ok(observation(&g))
}

fn perft_count(g: &Game, depth: Option<u64>, visited: &mut u64) -> Result<u64, ()> {
    if g.phase == Phase::Over || depth == Some(0) {
        return Ok(1);
    }
    let mut total = 0u64;
    for a in g.legal() {
        let mut c = g.clone();
        c.apply(a).expect("legal action");
        let d = depth.map(|x| x - 1);
        if c.phase == Phase::Over || d == Some(0) {
            total += 1;
        } else {
            *visited += 1;
            if *visited > PERFT_LIMIT {
                return Err(());
            }
            total += perft_count(&c, d, visited)?;
        }
    }
    Ok(total)
}

fn op_perft(ctx: &Ctx, req: &Value, rs: &'static Ruleset) -> Result<String, Err> {
    let (mut g, actions) = read_game(ctx, req, rs)?;
    let depth = match req.get("depth") {
        None | Some(Value::Null) => None,
        Some(v) => {
            if !v.is_int_literal() {
                return inv("depth is an integer");
            }
            match v.as_int() {
                Some(d) if d >= 0 => Some(d as u64),
                Some(_) => return inv("depth is at least 0"),
                None => Some(u64::MAX),
            }
        }
    };
    play_actions(&mut g, &actions, None)?;
    if g.phase == Phase::Over || depth == Some(0) {
        return Ok("{\"total\":1,\"by_first\":{}}".into());
    }
    let mut visited = 0u64;
    let mut total = 0u64;
    let mut parts = Vec::new();
    for a in g.legal() {
        let mut c = g.clone();
        c.apply(a).expect("legal action");
        let d = depth.map(|x| x - 1);
        let k = if c.phase == Phase::Over || d == Some(0) {
            1
        } else {
            visited += 1;
            if visited > PERFT_LIMIT {
                return inv("perft would visit more than 100000 positions");
            }
            match perft_count(&c, d, &mut visited) {
                Ok(k) => k,
                Err(()) => return inv("perft would visit more than 100000 positions"),
            }
        };
        total += k;
        parts.push(format!("{}:{}", esc(&a.name()), k));
    }
    Ok(format!("{{\"total\":{},\"by_first\":{{{}}}}}", total, parts.join(",")))
}

fn op_match(ctx: &Ctx, req: &Value, rs: &'static Ruleset) -> Result<String, Err> {
    let opts = options_field(req, rs)?;
    let n = players_field(req, rs)?;
    let first = seat_field(req, "first_dealer", n)?;
    let deals_v = field(req, "deals")?.as_arr().ok_or_else(|| Err::Invalid("deals is a list".into()))?;
    let mut deals = Vec::new();
    for d in deals_v {
        if !matches!(d, Value::Obj(_)) {
            return inv("a deal is an object");
        }
        let deck = deck_value(field(d, "deck")?)?;
        let actions = actions_value(field(d, "actions")?)?;
        deals.push((deck, actions));
    }
    let bank = rs.bank;
    let mut bal = vec![bank; n];
    let mut dealers = Vec::new();
    let mut over = false;
    let mut loser: Option<usize> = None;
    let mut end_rule: &'static str = "match.first-unable-to-pay-loses";
    for (i, (deck, actions)) in deals.iter().enumerate() {
        if over {
            return Err(Err::Illegal {
                rule: end_rule,
                msg: "the game is over".into(),
                at: Some(0),
                deal: Some(i),
            });
        }
        let dealer = (first + i) % n;
        dealers.push(dealer);
        let mut g = Game::new(rs, opts, ctx.house, n, dealer, deck);
        play_actions(&mut g, actions, Some(i))?;
        if g.phase != Phase::Over {
            return inv(&format!("deal {} stops before its end", i));
        }
        let bidder = match g.bidder_seat() {
            Some(b) => b,
            None => continue,
        };
        let pay = &g.payments;
        // clockwise from the bidder, the bidder first
        let order: Vec<usize> = (0..n).map(|k| (bidder + k) % n).collect();
        if rs.bankrupt_end {
            for &s in &order {
                if -pay[s] > bal[s] {
                    over = true;
                    loser = Some(s);
                    end_rule = "match.first-unable-to-pay-loses";
                    break;
                }
            }
        }
        for s in 0..n {
            bal[s] += pay[s];
        }
        if !over && ctx.house.target_300_ends && bal.iter().any(|&b| b - bank >= 300) {
            over = true;
            let lowest = *bal.iter().min().unwrap();
            loser = order.iter().copied().find(|&s| bal[s] == lowest);
            end_rule = if rs.bankrupt_end { "match.first-unable-to-pay-loses" } else { "match.no-fixed-end" };
        }
    }
    let ds: Vec<i64> = dealers.iter().map(|&d| d as i64).collect();
    Ok(format!(
        "{{\"balances\":{},\"dealers\":{},\"over\":{},\"loser\":{}}}",
        int_list(&bal),
        int_list(&ds),
        over,
        opt_seat(loser)
    ))
}

fn op_first_dealer(_ctx: &Ctx, req: &Value, rs: &'static Ruleset) -> Result<String, Err> {
    let n = players_field(req, rs)?;
    if rs.first_dealer_low_card {
        let lowest = seat_field(req, "lowest", n)?;
        let deal = field(req, "chooses_to_deal")?
            .as_bool()
            .ok_or_else(|| Err::Invalid("chooses_to_deal is true or false".into()))?;
        Ok(if deal { lowest } else { (lowest + n - 1) % n }.to_string())
    } else {
        Ok(seat_field(req, "chosen", n)?.to_string())
    }
}

// ---------------------------------------------------------------- dispatch

fn handle(ctx: &Ctx, req: &Value) -> Result<String, Err> {
    let op = req.get("op").and_then(|v| v.as_str()).unwrap_or("");
    if !OPS.contains(&op) {
        return Err(Err::Unsupported(format!("op {} is not offered", op)));
    }
    if op == "hello" {
        return op_hello(req);
    }
    if op == "card_points" {
        return op_card_points(ctx, req);
    }
    let rsname = match req.get("ruleset") {
        Some(Value::Str(s)) => s.as_str(),
        _ => return inv("ruleset is missing or not a string"),
    };
    let rs = match ruleset(rsname) {
        Some(r) => r,
        None => return Err(Err::Unsupported(format!("ruleset {} is not offered", rsname))),
    };
    match op {
        "trick_winner" => op_trick_winner(ctx, req, rs),
        "legal_plays" => op_legal_plays(ctx, req, rs),
        "deal" => op_deal(ctx, req, rs),
        "settle" => op_settle(ctx, req, rs),
        "game" => op_game(ctx, req, rs),
        "match" => op_match(ctx, req, rs),
        "first_dealer" => op_first_dealer(ctx, req, rs),
        "perft" => op_perft(ctx, req, rs),
        _ => Err(Err::Unsupported("op".into())),
    }
}

fn error_line(id: &str, kind: &str, rule: Option<&str>, msg: &str, at: Option<usize>, deal: Option<usize>) -> String {
    let mut s = format!(
        "{{\"id\":{},\"error\":{{\"kind\":{},\"rule\":{},\"message\":{}",
        id,
        esc(kind),
        match rule {
            Some(r) => esc(r),
            None => "null".into(),
        },
        esc(msg)
    );
    if let Some(a) = at {
        s.push_str(&format!(",\"at\":{}", a));
    }
    if let Some(d) = deal {
        s.push_str(&format!(",\"deal\":{}", d));
    }
    s.push_str("}}");
    s
}

fn answer(ctx: &Ctx, line: &[u8]) -> Option<String> {
    if line.iter().all(|b| matches!(b, b' ' | b'\t' | b'\r' | b'\n')) {
        return None;
    }
    let v = match json::parse(line) {
        Ok(v) => v,
        Err(bound) => return Some(error_line("null", "invalid", None, &format!("{}: the line is refused", bound), None, None)),
    };
    if !matches!(v, Value::Obj(_)) {
        return Some(error_line("null", "invalid", None, "json: a request is an object", None, None));
    }
    let id = match v.get("id") {
        Some(Value::Num(raw, true)) => raw.clone(),
        _ => return Some(error_line("null", "invalid", None, "the id is not an integer", None, None)),
    };
    if !matches!(v.get("op"), Some(Value::Str(_))) {
        return Some(error_line(&id, "invalid", None, "op is not a string", None, None));
    }
    Some(match handle(ctx, &v) {
        Ok(result) => format!("{{\"id\":{},\"result\":{}}}", id, result),
        Err(Err::Invalid(m)) => error_line(&id, "invalid", None, &m, None, None),
        Err(Err::Unsupported(m)) => error_line(&id, "unsupported", None, &m, None, None),
        Err(Err::Illegal { rule, msg, at, deal }) => error_line(&id, "illegal", Some(rule), &msg, at, deal),
    })
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
                    eprintln!("--house needs a name; house rules: {}", HOUSE_NAMES.join(", "));
                    std::process::exit(2);
                }
            }
        } else if let Some(n) = a.strip_prefix("--house=") {
            n.to_string()
        } else if a == "--protocol" {
            i += 1;
            continue;
        } else {
            eprintln!("unknown argument {}; usage: frog32 [--house NAME]...", a);
            std::process::exit(2);
        };
        if !house.set(&name) {
            eprintln!("unknown house rule {}; house rules: {}", name, HOUSE_NAMES.join(", "));
            std::process::exit(2);
        }
        i += 1;
    }
    let ctx = Ctx { house };
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    loop {
        // read one line within the length bound, skipping a longer one to its newline
        let mut line: Vec<u8> = Vec::new();
        let mut too_long = false;
        let mut got_any = false;
        let mut ended = false;
        loop {
            let buf = match input.fill_buf() {
                Ok(b) => b,
                Err(_) => {
                    ended = true;
                    break;
                }
            };
            if buf.is_empty() {
                ended = true;
                break;
            }
            got_any = true;
            let (chunk, found) = match buf.iter().position(|&b| b == b'\n') {
                Some(p) => (&buf[..p], Some(p)),
                None => (&buf[..], None),
            };
            if !too_long {
                if line.len() + chunk.len() > MAX_LINE {
                    too_long = true;
                    line.clear();
                } else {
                    line.extend_from_slice(chunk);
                }
            }
            let consumed = match found {
                Some(p) => p + 1,
                None => buf.len(),
            };
            input.consume(consumed);
            if found.is_some() {
                break;
            }
        }
        if !got_any && ended {
            break;
        }
        let resp = if too_long {
            Some(error_line("null", "invalid", None, "length: the line is longer than 16777216 bytes", None, None))
        } else {
            answer(&ctx, &line)
        };
        if let Some(r) = resp {
            if writeln!(out, "{}", r).is_err() || out.flush().is_err() {
                break;
            }
        }
        if ended {
            break;
        }
    }
}
