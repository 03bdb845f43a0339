// The rules of Frog: rulesets, house rules, deal, auction, widow, play, count, settlement.

pub const FROG: u8 = 0;
pub const CHICO: u8 = 1;
pub const GRAND: u8 = 2;
pub const CONTRACT_NAMES: [&str; 3] = ["frog", "chico", "grand"];
pub const SUITS: [&str; 4] = ["C", "D", "H", "S"];
pub const RANKS: [&str; 9] = ["A", "10", "K", "Q", "J", "9", "8", "7", "6"];
pub const HEARTS: u8 = 2;
pub const DIAMONDS: u8 = 1;

// card index = suit * 9 + rank index (0 = Ace ... 8 = Six)
pub fn card_name(c: u8) -> String {
    format!("{}{}", RANKS[(c % 9) as usize], SUITS[(c / 9) as usize])
}
pub fn parse_card(s: &str) -> Option<u8> {
    if s.len() < 2 {
        return None;
    }
    let (r, su) = s.split_at(s.len() - 1);
    let si = SUITS.iter().position(|x| *x == su)?;
    let ri = RANKS.iter().position(|x| *x == r)?;
    Some((si * 9 + ri) as u8)
}
pub fn parse_suit(s: &str) -> Option<u8> {
    SUITS.iter().position(|x| *x == s).map(|x| x as u8)
}
pub fn suit_of(c: u8) -> u8 {
    c / 9
}
pub fn suit_mask(s: u8) -> u64 {
    0x1ffu64 << (s as u64 * 9)
}

#[derive(Clone, Copy, Default, Debug)]
pub struct House {
    pub widow_dealt_last: bool,
    pub anyone_may_raise: bool,
    pub widow_to_defenders: bool,
    pub bidder_leads_first: bool,
    pub last_trump_wins: bool,
    pub frog_diamonds_trump: bool,
    pub nines_count_one_jacks_one: bool,
    pub slam_doubles: bool,
    pub low_card_deals: bool,
}

pub const HOUSE_FLAGS: [&str; 9] = [
    "widow-dealt-last",
    "anyone-may-raise",
    "widow-to-defenders",
    "bidder-leads-first",
    "last-trump-wins",
    "frog-diamonds-trump",
    "nines-count-one-jacks-one",
    "slam-doubles",
    "low-card-deals",
];

impl House {
    pub fn set(&mut self, name: &str) -> bool {
        match name {
            "widow-dealt-last" => self.widow_dealt_last = true,
            "anyone-may-raise" => self.anyone_may_raise = true,
            "widow-to-defenders" => self.widow_to_defenders = true,
            "bidder-leads-first" => self.bidder_leads_first = true,
            "last-trump-wins" => self.last_trump_wins = true,
            "frog-diamonds-trump" => self.frog_diamonds_trump = true,
            "nines-count-one-jacks-one" => self.nines_count_one_jacks_one = true,
            "slam-doubles" => self.slam_doubles = true,
            "low-card-deals" => self.low_card_deals = true,
            _ => return false,
        }
        true
    }
}

pub fn card_points(c: u8, h: &House) -> i64 {
    let r = c % 9;
    if h.nines_count_one_jacks_one {
        return [11, 10, 4, 3, 1, 1, 0, 0, 0][r as usize];
    }
    [11, 10, 4, 3, 2, 0, 0, 0, 0][r as usize]
}
pub fn mask_points(m: u64, h: &House) -> i64 {
    (0..36u8).filter(|c| m >> c & 1 == 1).map(|c| card_points(c, h)).sum()
}

#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Pattern {
    P3344,
    P4334,
    Singly148,
}
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum AuctionKind {
    OverbidToRaise,
    OneRoundFrogMayRaise,
    OneBidEach,
}
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum OptKind {
    NoOptions,
    Both,
    SittingOnly,
}

#[derive(Clone, Copy, Debug)]
pub struct Ruleset {
    pub id: &'static str,
    pub min_p: i64,
    pub max_p: i64,
    pub pattern: Pattern,
    pub auction: AuctionKind,
    pub has_frog: bool,
    pub widow_shown: bool,
    pub chico_hearts: bool,
    pub rates: [i64; 3],
    pub fixed: bool,
    pub bank: i64,
    pub ends: bool,
    pub opts: OptKind,
    pub low_card: bool,
}

pub const RULESETS: [Ruleset; 7] = [
    Ruleset {
        id: "foster-1909",
        min_p: 3,
        max_p: 5,
        pattern: Pattern::P3344,
        auction: AuctionKind::OverbidToRaise,
        has_frog: true,
        widow_shown: true,
        chico_hearts: false,
        rates: [1, 2, 4],
        fixed: false,
        bank: 0,
        ends: false,
        opts: OptKind::NoOptions,
        low_card: false,
    },
    Ruleset {
        id: "hoyle-1907",
        min_p: 3,
        max_p: 5,
        pattern: Pattern::P3344,
        auction: AuctionKind::OverbidToRaise,
        has_frog: true,
        widow_shown: true,
        chico_hearts: false,
        rates: [1, 2, 4],
        fixed: false,
        bank: 0,
        ends: false,
        opts: OptKind::NoOptions,
        low_card: false,
    },
    Ruleset {
        id: "modern",
        min_p: 3,
        max_p: 5,
        pattern: Pattern::P4334,
        auction: AuctionKind::OneRoundFrogMayRaise,
        has_frog: true,
        widow_shown: false,
        chico_hearts: false,
        rates: [1, 2, 4],
        fixed: false,
        bank: 0,
        ends: false,
        opts: OptKind::NoOptions,
        low_card: false,
    },
    Ruleset {
        id: "gamerules",
        min_p: 3,
        max_p: 3,
        pattern: Pattern::P4334,
        auction: AuctionKind::OneBidEach,
        has_frog: true,
        widow_shown: false,
        chico_hearts: true,
        rates: [1, 2, 3],
        fixed: false,
        bank: 150,
        ends: false,
        opts: OptKind::NoOptions,
        low_card: false,
    },
    Ruleset {
        id: "official-1922-solo",
        min_p: 3,
        max_p: 7,
        pattern: Pattern::Singly148,
        auction: AuctionKind::OneRoundFrogMayRaise,
        has_frog: true,
        widow_shown: false,
        chico_hearts: false,
        rates: [1, 2, 3],
        fixed: false,
        bank: 120,
        ends: true,
        opts: OptKind::Both,
        low_card: true,
    },
    Ruleset {
        id: "official-1922-straight",
        min_p: 3,
        max_p: 7,
        pattern: Pattern::Singly148,
        auction: AuctionKind::OneRoundFrogMayRaise,
        has_frog: false,
        widow_shown: false,
        chico_hearts: false,
        rates: [0, 1, 2],
        fixed: false,
        bank: 120,
        ends: true,
        opts: OptKind::SittingOnly,
        low_card: true,
    },
    Ruleset {
        id: "official-1922-coeur-dalene",
        min_p: 3,
        max_p: 7,
        pattern: Pattern::Singly148,
        auction: AuctionKind::OneRoundFrogMayRaise,
        has_frog: true,
        widow_shown: false,
        chico_hearts: false,
        rates: [25, 50, 75],
        fixed: true,
        bank: 120,
        ends: true,
        opts: OptKind::Both,
        low_card: true,
    },
];

pub fn find_ruleset(id: &str) -> Option<&'static Ruleset> {
    RULESETS.iter().find(|r| r.id == id)
}

#[derive(Clone, Copy, PartialEq, Debug)]
pub enum SittingOut {
    ReceiveOnly,
    PayAndReceive,
    SoloOnly,
}

#[derive(Clone, Copy, Debug)]
pub struct Options {
    pub sitting_out: SittingOut,
    pub penalty_frog: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options { sitting_out: SittingOut::ReceiveOnly, penalty_frog: false }
    }
}

/// The active seats, from eldest, clockwise.
pub fn active_seats(players: usize, dealer: usize) -> [usize; 3] {
    let p = players;
    match p {
        3 | 4 => [(dealer + 1) % p, (dealer + 2) % p, (dealer + 3) % p],
        _ => [(dealer + 1) % p, (dealer + 2) % p, (dealer + p - 1) % p],
    }
}

/// Deal the pack: hands by seat (0 for those sitting out) and the widow.
pub fn deal(rs: &Ruleset, h: &House, players: usize, dealer: usize, deck: &[u8]) -> ([usize; 3], Vec<u64>, u64) {
    let active = active_seats(players, dealer);
    let mut hands = vec![0u64; players];
    let mut widow = 0u64;
    let mut pos = 0usize;
    match rs.pattern {
        Pattern::P3344 | Pattern::P4334 => {
            // packets: (size, to widow?)
            let pk: [(usize, bool); 4] = if rs.pattern == Pattern::P3344 {
                [(3, false), (3, true), (4, false), (4, false)]
            } else {
                [(4, false), (3, true), (3, false), (4, false)]
            };
            for (n, to_w) in pk.iter() {
                if *to_w {
                    if h.widow_dealt_last {
                        continue;
                    }
                    for _ in 0..*n {
                        widow |= 1u64 << deck[pos];
                        pos += 1;
                    }
                } else {
                    for &s in active.iter() {
                        for _ in 0..*n {
                            hands[s] |= 1u64 << deck[pos];
                            pos += 1;
                        }
                    }
                }
            }
            if h.widow_dealt_last {
                for _ in 0..3 {
                    widow |= 1u64 << deck[pos];
                    pos += 1;
                }
            }
        }
        Pattern::Singly148 => {
            let mut k = 0usize;
            for i in 0..36 {
                let c = deck[i];
                let to_w = if h.widow_dealt_last { i >= 33 } else { i == 0 || i == 3 || i == 7 };
                if to_w {
                    widow |= 1u64 << c;
                } else {
                    hands[active[k % 3]] |= 1u64 << c;
                    k += 1;
                }
            }
        }
    }
    (active, hands, widow)
}

#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Phase {
    Auction,
    Discard,
    Trump,
    Play,
    Over,
}
impl Phase {
    pub fn name(&self) -> &'static str {
        match self {
            Phase::Auction => "auction",
            Phase::Discard => "discard",
            Phase::Trump => "trump",
            Phase::Play => "play",
            Phase::Over => "over",
        }
    }
}

#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Action {
    Pass,
    Bid(u8),
    Discard(u8),
    Trump(u8),
    Play(u8),
}

pub fn parse_action(s: &str) -> Option<Action> {
    match s {
        "pass" => return Some(Action::Pass),
        "frog" => return Some(Action::Bid(FROG)),
        "chico" => return Some(Action::Bid(CHICO)),
        "grand" => return Some(Action::Bid(GRAND)),
        _ => {}
    }
    if let Some(r) = s.strip_prefix("discard ") {
        return parse_card(r).map(Action::Discard);
    }
    if let Some(r) = s.strip_prefix("play ") {
        return parse_card(r).map(Action::Play);
    }
    if let Some(r) = s.strip_prefix("trump ") {
        return parse_suit(r).map(Action::Trump);
    }
    None
}

pub fn action_name(a: &Action) -> String {
    match a {
        Action::Pass => "pass".into(),
        Action::Bid(c) => CONTRACT_NAMES[*c as usize].into(),
        Action::Discard(c) => format!("discard {}", card_name(*c)),
        Action::Trump(s) => format!("trump {}", SUITS[*s as usize]),
        Action::Play(c) => format!("play {}", card_name(*c)),
    }
}

/// Which card of a trick wins: index into cards.
pub fn trick_winner(cards: &[u8], trump: Option<u8>, h: &House) -> usize {
    let is_trump = |c: u8| trump.map_or(false, |t| suit_of(c) == t);
    if cards.iter().any(|&c| is_trump(c)) {
        if h.last_trump_wins {
            return cards.iter().rposition(|&c| is_trump(c)).unwrap();
        }
        let mut best = usize::MAX;
        for (i, &c) in cards.iter().enumerate() {
            if is_trump(c) && (best == usize::MAX || c % 9 < cards[best] % 9) {
                best = i;
            }
        }
        return best;
    }
    let led = suit_of(cards[0]);
    let mut best = 0;
    for (i, &c) in cards.iter().enumerate() {
        if suit_of(c) == led && c % 9 < cards[best] % 9 {
            best = i;
        }
    }
    best
}

/// Cards of hand that may be played to trick.
pub fn legal_plays(hand: u64, trick: &[u8], trump: Option<u8>) -> u64 {
    if trick.is_empty() {
        return hand;
    }
    let led = suit_of(trick[0]);
    let f = hand & suit_mask(led);
    if f != 0 {
        return f;
    }
    if let Some(t) = trump {
        let tr = hand & suit_mask(t);
        if tr != 0 {
            return tr;
        }
    }
    hand
}

/// Which rule an illegal play breaks (None when legal).
pub fn play_breaks(hand: u64, trick: &[u8], trump: Option<u8>, c: u8) -> Option<&'static str> {
    if hand >> c & 1 == 0 {
        return Some("play.card-from-hand");
    }
    if legal_plays(hand, trick, trump) >> c & 1 == 1 {
        return None;
    }
    let led = suit_of(trick[0]);
    if hand & suit_mask(led) != 0 {
        Some("play.follow-suit")
    } else {
        Some("play.must-trump")
    }
}

pub fn auction_kind(rs: &Ruleset, h: &House) -> AuctionKind {
    if h.anyone_may_raise {
        AuctionKind::OverbidToRaise
    } else {
        rs.auction
    }
}
pub fn auction_rule(k: AuctionKind) -> &'static str {
    match k {
        AuctionKind::OverbidToRaise => "auction.overbid-to-raise",
        AuctionKind::OneRoundFrogMayRaise => "auction.one-round-frog-may-raise",
        AuctionKind::OneBidEach => "auction.one-bid-each",
    }
}

/// Payments by seat.
#[allow(clippy::too_many_arguments)]
pub fn settle(
    rs: &Ruleset,
    o: &Options,
    h: &House,
    players: usize,
    dealer: usize,
    bidder: usize,
    contract: u8,
    points: i64,
    slam: bool,
) -> Vec<i64> {
    let mut pay = vec![0i64; players];
    let diff = points - 60;
    if diff == 0 {
        return pay;
    }
    let won = diff > 0;
    let rate_c = if !won && contract == FROG && o.penalty_frog { GRAND } else { contract };
    let mut amount = if rs.fixed { rs.rates[rate_c as usize] } else { rs.rates[rate_c as usize] * diff.abs() };
    if slam && h.slam_doubles && won {
        amount *= 2;
    }
    let active = active_seats(players, dealer);
    for s in 0..players {
        if s == bidder {
            continue;
        }
        let is_active = active.contains(&s);
        if won {
            let pays = is_active
                || match o.sitting_out {
                    SittingOut::ReceiveOnly => false,
                    SittingOut::PayAndReceive => true,
                    SittingOut::SoloOnly => contract != FROG,
                };
            if pays {
                pay[s] -= amount;
                pay[bidder] += amount;
            }
        } else {
            pay[s] += amount;
            pay[bidder] -= amount;
        }
    }
    pay
}

#[derive(Clone, Debug)]
pub struct Game {
    pub rs: &'static Ruleset,
    pub opts: Options,
    pub house: House,
    pub players: usize,
    pub dealer: usize,
    pub active: [usize; 3],
    pub hands: Vec<u64>,
    pub widow: u64,
    pub phase: Phase,
    pub kind: AuctionKind,
    // auction, by active index
    pub passed: [bool; 3],
    pub high: Option<(u8, usize)>,
    pub round_next: usize,
    pub pending: Option<usize>,
    pub turn: usize, // active index to act (auction / play)
    pub bidder: Option<usize>, // active index
    pub contract: Option<u8>,
    pub trump: Option<u8>,
    pub discarded: u64,
    pub ndisc: u8,
    pub trick: [u8; 3],
    pub trick_len: usize,
    pub trick_seats: [usize; 3],
    pub won: [u64; 3],
    pub tricks: u8,
    pub bidder_tricks: u8,
    pub points: Option<(i64, i64)>,
    pub payments: Vec<i64>,
}

impl Game {
    pub fn new(rs: &'static Ruleset, opts: Options, house: House, players: usize, dealer: usize, deck: &[u8]) -> Game {
        let (active, hands, widow) = deal(rs, &house, players, dealer, deck);
        Game {
            rs,
            opts,
            house,
            players,
            dealer,
            active,
            hands,
            widow,
            phase: Phase::Auction,
            kind: auction_kind(rs, &house),
            passed: [false; 3],
            high: None,
            round_next: 0,
            pending: None,
            turn: 0,
            bidder: None,
            contract: None,
            trump: None,
            discarded: 0,
            ndisc: 0,
            trick: [0; 3],
            trick_len: 0,
            trick_seats: [0; 3],
            won: [0; 3],
            tricks: 0,
            bidder_tricks: 0,
            points: None,
            payments: vec![0; players],
        }
    }

    pub fn to_act(&self) -> Option<usize> {
        match self.phase {
            Phase::Over => None,
            Phase::Discard | Phase::Trump => Some(self.active[self.bidder.unwrap()]),
            _ => Some(self.active[self.turn]),
        }
    }

    fn contracts(&self) -> &'static [u8] {
        if self.rs.has_frog {
            &[FROG, CHICO, GRAND]
        } else {
            &[CHICO, GRAND]
        }
    }

    fn bid_options(&self) -> Vec<u8> {
        let min = self.high.map_or(0, |(c, _)| c + 1);
        if self.pending.is_some() {
            return if self.high.map_or(true, |(c, _)| c < GRAND) { vec![GRAND] } else { vec![] };
        }
        self.contracts().iter().copied().filter(|&c| c >= min).collect()
    }

    pub fn frog_trump(&self) -> u8 {
        if self.house.frog_diamonds_trump {
            DIAMONDS
        } else {
            HEARTS
        }
    }

    pub fn chico_suits(&self) -> Vec<u8> {
        (0..4u8).filter(|&s| s != HEARTS || self.rs.chico_hearts).collect()
    }

    pub fn legal(&self) -> Vec<Action> {
        match self.phase {
            Phase::Over => vec![],
            Phase::Auction => {
                let mut v = vec![Action::Pass];
                for c in self.bid_options() {
                    v.push(Action::Bid(c));
                }
                v
            }
            Phase::Discard => {
                let h = self.hands[self.active[self.bidder.unwrap()]];
                (0..36u8).filter(|c| h >> c & 1 == 1).map(Action::Discard).collect()
            }
            Phase::Trump => self.chico_suits().into_iter().map(Action::Trump).collect(),
            Phase::Play => {
                let h = self.hands[self.active[self.turn]];
                let m = legal_plays(h, &self.trick[..self.trick_len], self.trump);
                (0..36u8).filter(|c| m >> c & 1 == 1).map(Action::Play).collect()
            }
        }
    }

    fn end_auction(&mut self) {
        match self.high {
            None => {
                self.phase = Phase::Over;
            }
            Some((c, h)) => {
                self.bidder = Some(h);
                self.contract = Some(c);
                match c {
                    FROG => {
                        let b = self.active[h];
                        self.hands[b] |= self.widow;
                        self.phase = Phase::Discard;
                        self.trump = Some(self.frog_trump());
                    }
                    CHICO => {
                        self.phase = Phase::Trump;
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
        self.phase = Phase::Play;
        self.turn = if self.house.bidder_leads_first { self.bidder.unwrap() } else { 0 };
        self.trick_len = 0;
    }

    fn auction_advance(&mut self, actor: usize) {
        if let Some((GRAND, _)) = self.high {
            return self.end_auction();
        }
        match self.kind {
            AuctionKind::OverbidToRaise => {
                if self.high.is_none() && self.passed.iter().all(|&p| p) {
                    return self.end_auction();
                }
                let holder = self.high.map(|(_, h)| h);
                for k in 1..=3 {
                    let j = (actor + k) % 3;
                    if !self.passed[j] && Some(j) != holder {
                        self.turn = j;
                        return;
                    }
                }
                self.end_auction();
            }
            _ => {
                if let Some(p) = self.pending {
                    self.turn = p;
                    return;
                }
                if self.round_next < 3 {
                    self.turn = self.round_next;
                    return;
                }
                self.end_auction();
            }
        }
    }

    /// Apply an action; Err(rule id) when it breaks a rule.
    pub fn apply(&mut self, a: Action) -> Result<(), &'static str> {
        match (self.phase, a) {
            (Phase::Auction, Action::Pass) => {
                let actor = self.turn;
                self.passed[actor] = true;
                if self.pending == Some(actor) {
                    self.pending = None;
                } else if self.kind != AuctionKind::OverbidToRaise {
                    self.round_next = actor + 1;
                }
                self.auction_advance(actor);
                Ok(())
            }
            (Phase::Auction, Action::Bid(c)) => {
                if !self.contracts().contains(&c) {
                    return Err("auction.contracts-without-frog");
                }
                if let Some((hc, _)) = self.high {
                    if c <= hc {
                        return Err("auction.contract-order");
                    }
                }
                if !self.bid_options().contains(&c) {
                    return Err(auction_rule(self.kind));
                }
                let actor = self.turn;
                let prev = self.high;
                self.high = Some((c, actor));
                if self.pending == Some(actor) {
                    self.pending = None;
                } else if self.kind != AuctionKind::OverbidToRaise {
                    self.round_next = actor + 1;
                    if self.kind == AuctionKind::OneRoundFrogMayRaise && c == CHICO {
                        if let Some((FROG, fh)) = prev {
                            self.pending = Some(fh);
                        }
                    }
                }
                self.auction_advance(actor);
                Ok(())
            }
            (Phase::Discard, Action::Discard(c)) => {
                let b = self.active[self.bidder.unwrap()];
                if self.hands[b] >> c & 1 == 0 {
                    return Err("widow.frog-take-and-discard");
                }
                self.hands[b] &= !(1u64 << c);
                self.discarded |= 1u64 << c;
                self.ndisc += 1;
                if self.ndisc == 3 {
                    self.start_play();
                }
                Ok(())
            }
            (Phase::Trump, Action::Trump(s)) => {
                if !self.chico_suits().contains(&s) {
                    return Err("trump.chico-not-hearts");
                }
                self.trump = Some(s);
                self.start_play();
                Ok(())
            }
            (Phase::Play, Action::Play(c)) => {
                let seat = self.active[self.turn];
                if let Some(rule) = play_breaks(self.hands[seat], &self.trick[..self.trick_len], self.trump, c) {
                    return Err(rule);
                }
                self.hands[seat] &= !(1u64 << c);
                self.trick[self.trick_len] = c;
                self.trick_seats[self.trick_len] = self.turn;
                self.trick_len += 1;
                if self.trick_len < 3 {
                    self.turn = (self.turn + 1) % 3;
                    return Ok(());
                }
                let w = trick_winner(&self.trick, self.trump, &self.house);
                let wi = self.trick_seats[w];
                for &c in self.trick.iter() {
                    self.won[wi] |= 1u64 << c;
                }
                self.tricks += 1;
                if Some(wi) == self.bidder {
                    self.bidder_tricks += 1;
                }
                self.trick_len = 0;
                self.turn = wi;
                if self.tricks == 11 {
                    self.finish();
                }
                Ok(())
            }
            _ => Err("deal.actions-by-phase"),
        }
    }

    fn finish(&mut self) {
        self.phase = Phase::Over;
        let b = self.bidder.unwrap();
        let c = self.contract.unwrap();
        let h = self.house;
        let mut bp = mask_points(self.won[b], &h);
        if c == FROG {
            bp += mask_points(self.discarded, &h);
        } else if !h.widow_to_defenders {
            bp += mask_points(self.widow, &h);
        }
        let total = 120;
        self.points = Some((bp, total - bp));
        let slam = self.bidder_tricks == 11;
        self.payments = settle(self.rs, &self.opts, &h, self.players, self.dealer, self.active[b], c, bp, slam);
    }
}
