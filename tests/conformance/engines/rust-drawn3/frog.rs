// The rules of Frog: cards, rulesets, the deal, the auction, the play, the count,
// settlement, and the house rules that change them.

pub const SUITS: [char; 4] = ['C', 'D', 'H', 'S'];
pub const RANKS: [&str; 9] = ["A", "10", "K", "Q", "J", "9", "8", "7", "6"];
pub const HEARTS: u8 = 2;
pub const DIAMONDS: u8 = 1;
const JACK: u8 = 4;

// A card is suit * 9 + rank index (0 = Ace ... 8 = Six).
pub fn card_suit(c: u8) -> u8 {
    c / 9
}
pub fn card_rank(c: u8) -> u8 {
    c % 9
}
pub fn card_name(c: u8) -> String {
    format!("{}{}", RANKS[card_rank(c) as usize], SUITS[card_suit(c) as usize])
}
pub fn parse_card(s: &str) -> Option<u8> {
    if s.len() < 2 {
        return None;
    }
    let (r, su) = s.split_at(s.len() - 1);
    let si = SUITS.iter().position(|&x| x.to_string() == su)?;
    let ri = RANKS.iter().position(|&x| x == r)?;
    Some((si * 9 + ri) as u8)
}
pub fn parse_suit(s: &str) -> Option<u8> {
    match s {
        "C" => Some(0),
        "D" => Some(1),
        "H" => Some(2),
        "S" => Some(3),
        _ => None,
    }
}
pub fn suit_name(s: u8) -> String {
    SUITS[s as usize].to_string()
}
pub fn suit_mask(s: u8) -> u64 {
    0x1FFu64 << (s as u64 * 9)
}
pub fn bit(c: u8) -> u64 {
    1u64 << c
}
pub fn cards_of(mask: u64) -> Vec<u8> {
    (0..36u8).filter(|&c| mask & bit(c) != 0).collect()
}

// ---------------------------------------------------------------- house rules

#[derive(Clone, Copy, Default, Debug)]
pub struct House {
    pub widow_dealt_first: bool,      // stage 1, #2
    pub all_pass_eldest_frog: bool,   // stage 2, #12
    pub widow_always_shown: bool,     // stage 3, #13
    pub bidder_leads_first: bool,     // stage 4, #23
    pub trump_jack_high: bool,        // stage 5, #26
    pub frog_diamonds_trump: bool,    // stage 6, #35
    pub solo_widow_to_defenders: bool, // stage 7, #41
    pub flat_rate: bool,              // stage 8, #44
    pub target_300_ends: bool,        // stage 9, #52
}

pub const HOUSE_NAMES: [&str; 9] = [
    "widow-dealt-first",
    "all-pass-eldest-frog",
    "widow-always-shown",
    "bidder-leads-first",
    "trump-jack-high",
    "frog-diamonds-trump",
    "solo-widow-to-defenders",
    "flat-rate",
    "target-300-ends",
];

impl House {
    pub fn set(&mut self, name: &str) -> bool {
        match name {
            "widow-dealt-first" => self.widow_dealt_first = true,
            "all-pass-eldest-frog" => self.all_pass_eldest_frog = true,
            "widow-always-shown" => self.widow_always_shown = true,
            "bidder-leads-first" => self.bidder_leads_first = true,
            "trump-jack-high" => self.trump_jack_high = true,
            "frog-diamonds-trump" => self.frog_diamonds_trump = true,
            "solo-widow-to-defenders" => self.solo_widow_to_defenders = true,
            "flat-rate" => self.flat_rate = true,
            "target-300-ends" => self.target_300_ends = true,
            _ => return false,
        }
        true
    }
}

// ---------------------------------------------------------------- card points and tricks

pub fn card_points(c: u8, _h: &House) -> i64 {
    [11, 10, 4, 3, 2, 0, 0, 0, 0][card_rank(c) as usize]
}

/// Strength of a trump card within the trump suit (higher wins).
fn trump_strength(c: u8, h: &House) -> i32 {
    let r = card_rank(c);
    if h.trump_jack_high && r == JACK {
        return 100;
    }
    8 - r as i32
}
fn plain_strength(c: u8) -> i32 {
    8 - card_rank(c) as i32
}

/// Index of the card winning the trick (cards in play order).
pub fn trick_winner(cards: &[u8], trump: Option<u8>, h: &House) -> usize {
    let led = card_suit(cards[0]);
    let mut best = 0usize;
    for i in 1..cards.len() {
        let b = cards[best];
        let c = cards[i];
        let b_tr = Some(card_suit(b)) == trump;
        let c_tr = Some(card_suit(c)) == trump;
        let better = if c_tr && !b_tr {
            true
        } else if c_tr && b_tr {
            trump_strength(c, h) > trump_strength(b, h)
        } else if !c_tr && !b_tr {
            card_suit(c) == led && card_suit(b) == led && plain_strength(c) > plain_strength(b)
        } else {
            false
        };
        if better {
            best = i;
        }
    }
    best
}

/// The cards of `hand` that may be played to `trick`.
pub fn legal_mask(hand: u64, trick: &[u8], trump: Option<u8>, _h: &House) -> u64 {
    if trick.is_empty() {
        return hand;
    }
    let led = card_suit(trick[0]);
    let follow = hand & suit_mask(led);
    if follow != 0 {
        return follow;
    }
    if let Some(t) = trump {
        let tr = hand & suit_mask(t);
        if tr != 0 {
            return tr;
        }
    }
    hand
}

/// Which rule an illegal play of a held card breaks.
pub fn play_rule(hand: u64, trick: &[u8], _trump: Option<u8>) -> &'static str {
    if !trick.is_empty() && hand & suit_mask(card_suit(trick[0])) != 0 {
        "play.follow-suit"
    } else {
        "play.must-trump"
    }
}

// ---------------------------------------------------------------- rulesets

#[derive(Clone, Copy, PartialEq, Eq, Debug, PartialOrd, Ord)]
pub enum Contract {
    Frog = 1,
    Chico = 2,
    Grand = 3,
}
impl Contract {
    pub fn name(self) -> &'static str {
        match self {
            Contract::Frog => "frog",
            Contract::Chico => "chico",
            Contract::Grand => "grand",
        }
    }
    pub fn parse(s: &str) -> Option<Contract> {
        match s {
            "frog" => Some(Contract::Frog),
            "chico" => Some(Contract::Chico),
            "grand" => Some(Contract::Grand),
            _ => None,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum DealPat {
    P3344,
    P4334,
    Singly,
}
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum AuctionKind {
    Open,     // auction.overbid-to-raise
    OneRound, // auction.one-round-frog-may-raise
    OneBid,   // auction.one-bid-each
}
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum OptKind {
    None,
    SittingOut,
    SittingOutPenalty,
}
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Rates {
    PerPoint([i64; 3]),
    Fixed([i64; 3]),
}

#[derive(Debug)]
pub struct Ruleset {
    pub id: &'static str,
    pub min_p: i64,
    pub max_p: i64,
    pub deal: DealPat,
    pub auction: AuctionKind,
    pub has_frog: bool,
    pub widow_shown: bool,
    pub chico_hearts: bool,
    pub rates: Rates,
    pub opts: OptKind,
    pub bank: i64,
    pub bankrupt_end: bool,
    pub first_dealer_low_card: bool,
}

pub static RULESETS: [Ruleset; 7] = [
    Ruleset {
        id: "foster-1909",
        min_p: 3,
        max_p: 5,
        deal: DealPat::P3344,
        auction: AuctionKind::Open,
        has_frog: true,
        widow_shown: true,
        chico_hearts: false,
        rates: Rates::PerPoint([1, 2, 4]),
        opts: OptKind::None,
        bank: 0,
        bankrupt_end: false,
        first_dealer_low_card: false,
    },
    Ruleset {
        id: "hoyle-1907",
        min_p: 3,
        max_p: 5,
        deal: DealPat::P3344,
        auction: AuctionKind::Open,
        has_frog: true,
        widow_shown: true,
        chico_hearts: false,
        rates: Rates::PerPoint([1, 2, 4]),
        opts: OptKind::None,
        bank: 0,
        bankrupt_end: false,
        first_dealer_low_card: false,
    },
    Ruleset {
        id: "modern",
        min_p: 3,
        max_p: 5,
        deal: DealPat::P4334,
        auction: AuctionKind::OneRound,
        has_frog: true,
        widow_shown: false,
        chico_hearts: false,
        rates: Rates::PerPoint([1, 2, 4]),
        opts: OptKind::None,
        bank: 0,
        bankrupt_end: false,
        first_dealer_low_card: false,
    },
    Ruleset {
        id: "official-1922-solo",
        min_p: 3,
        max_p: 7,
        deal: DealPat::Singly,
        auction: AuctionKind::OneRound,
        has_frog: true,
        widow_shown: false,
        chico_hearts: false,
        rates: Rates::PerPoint([1, 2, 3]),
        opts: OptKind::SittingOutPenalty,
        bank: 120,
        bankrupt_end: true,
        first_dealer_low_card: true,
    },
    Ruleset {
        id: "official-1922-straight",
        min_p: 3,
        max_p: 7,
        deal: DealPat::Singly,
        auction: AuctionKind::OneRound,
        has_frog: false,
        widow_shown: false,
        chico_hearts: false,
        rates: Rates::PerPoint([1, 1, 2]),
        opts: OptKind::SittingOut,
        bank: 120,
        bankrupt_end: true,
        first_dealer_low_card: true,
    },
    Ruleset {
        id: "official-1922-coeur-dalene",
        min_p: 3,
        max_p: 7,
        deal: DealPat::Singly,
        auction: AuctionKind::OneRound,
        has_frog: true,
        widow_shown: false,
        chico_hearts: false,
        rates: Rates::Fixed([25, 50, 75]),
        opts: OptKind::SittingOutPenalty,
        bank: 120,
        bankrupt_end: true,
        first_dealer_low_card: true,
    },
    Ruleset {
        id: "gamerules",
        min_p: 3,
        max_p: 3,
        deal: DealPat::P4334,
        auction: AuctionKind::OneBid,
        has_frog: true,
        widow_shown: false,
        chico_hearts: true,
        rates: Rates::PerPoint([1, 2, 3]),
        opts: OptKind::None,
        bank: 150,
        bankrupt_end: false,
        first_dealer_low_card: false,
    },
];

pub fn ruleset(id: &str) -> Option<&'static Ruleset> {
    RULESETS.iter().find(|r| r.id == id)
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
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

// ---------------------------------------------------------------- seats and deal

/// Active seats from eldest, clockwise.
pub fn active_seats(n: usize, dealer: usize) -> [usize; 3] {
    match n {
        3 => [(dealer + 1) % 3, (dealer + 2) % 3, dealer],
        4 => [(dealer + 1) % 4, (dealer + 2) % 4, (dealer + 3) % 4],
        _ => [(dealer + 1) % n, (dealer + 2) % n, (dealer + n - 1) % n],
    }
}

/// Deal the pack: the three hands (by active index) and the widow.
pub fn deal_cards(rs: &Ruleset, h: &House, deck: &[u8]) -> ([u64; 3], u64) {
    let mut hands = [0u64; 3];
    let mut widow = 0u64;
    let mut pos = 0usize;
    if h.widow_dealt_first {
        for _ in 0..3 {
            widow |= bit(deck[pos]);
            pos += 1;
        }
    }
    match rs.deal {
        DealPat::P3344 | DealPat::P4334 => {
            let pat: [i32; 4] = if rs.deal == DealPat::P3344 { [3, -3, 4, 4] } else { [4, -3, 3, 4] };
            for &k in pat.iter() {
                if k < 0 {
                    if !h.widow_dealt_first {
                        for _ in 0..(-k) {
                            widow |= bit(deck[pos]);
                            pos += 1;
                        }
                    }
                } else {
                    for p in 0..3 {
                        for _ in 0..k {
                            hands[p] |= bit(deck[pos]);
                            pos += 1;
                        }
                    }
                }
            }
        }
        DealPat::Singly => {
            let mut p = 0usize;
            while pos < 36 {
                if !h.widow_dealt_first && (pos == 0 || pos == 3 || pos == 7) {
                    widow |= bit(deck[pos]);
                } else {
                    hands[p] |= bit(deck[pos]);
                    p = (p + 1) % 3;
                }
                pos += 1;
            }
        }
    }
    (hands, widow)
}

// ---------------------------------------------------------------- settlement

/// Payments by seat. `bidder` is a seat; the caller has checked it is active.
pub fn settle(
    rs: &Ruleset,
    opts: &Options,
    h: &House,
    n: usize,
    dealer: usize,
    bidder: usize,
    contract: Contract,
    points: i64,
) -> Vec<i64> {
    let mut pay = vec![0i64; n];
    let margin = points - 60;
    if margin == 0 {
        return pay;
    }
    let active = active_seats(n, dealer);
    let won = margin > 0;
    // contract whose rate applies
    let mut rate_contract = contract;
    if !won && opts.penalty_frog && contract == Contract::Frog {
        rate_contract = Contract::Grand;
    }
    let idx = rate_contract as usize - 1;
    let amount = match rs.rates {
        Rates::PerPoint(r) => {
            let rate = if h.flat_rate { 1 } else { r[idx] };
            rate * margin.abs()
        }
        Rates::Fixed(f) => {
            if h.flat_rate {
                f[0]
            } else {
                f[idx]
            }
        }
    };
    for s in 0..n {
        if s == bidder {
            continue;
        }
        let is_active = active.contains(&s);
        if won {
            let pays = is_active
                || match opts.sitting_out {
                    SittingOut::ReceiveOnly => false,
                    SittingOut::PayAndReceive => true,
                    SittingOut::SoloOnly => contract != Contract::Frog,
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

// ---------------------------------------------------------------- the deal played

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Phase {
    Auction,
    Discard,
    Trump,
    Play,
    Over,
}
impl Phase {
    pub fn name(self) -> &'static str {
        match self {
            Phase::Auction => "auction",
            Phase::Discard => "discard",
            Phase::Trump => "trump",
            Phase::Play => "play",
            Phase::Over => "over",
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Action {
    Pass,
    Bid(Contract),
    Discard(u8),
    Trump(u8),
    Play(u8),
}
impl Action {
    pub fn parse(s: &str) -> Option<Action> {
        if s == "pass" {
            return Some(Action::Pass);
        }
        if let Some(c) = Contract::parse(s) {
            return Some(Action::Bid(c));
        }
        if let Some(rest) = s.strip_prefix("discard ") {
            return parse_card(rest).map(Action::Discard);
        }
        if let Some(rest) = s.strip_prefix("play ") {
            return parse_card(rest).map(Action::Play);
        }
        if let Some(rest) = s.strip_prefix("trump ") {
            return parse_suit(rest).map(Action::Trump);
        }
        None
    }
    pub fn name(&self) -> String {
        match self {
            Action::Pass => "pass".into(),
            Action::Bid(c) => c.name().into(),
            Action::Discard(c) => format!("discard {}", card_name(*c)),
            Action::Trump(s) => format!("trump {}", suit_name(*s)),
            Action::Play(c) => format!("play {}", card_name(*c)),
        }
    }
}

#[derive(Clone)]
pub struct Game {
    pub rs: &'static Ruleset,
    pub opts: Options,
    pub house: House,
    pub n: usize,
    pub dealer: usize,
    pub active: [usize; 3],
    pub hands: [u64; 3],
    pub widow: u64,
    pub phase: Phase,
    // auction
    passed: [bool; 3],
    high: Option<(Contract, usize)>,
    turn: usize,
    round_pos: usize,
    pending: Option<usize>,
    // contract
    pub bidder: Option<usize>, // active index
    pub contract: Option<Contract>,
    pub trump: Option<u8>,
    laid_away: u64,
    n_laid: u8,
    // play
    trick: [u8; 3],
    trick_len: usize,
    leader: usize,
    tricks_done: u8,
    won_points: [i64; 3],
    pub points: Option<(i64, i64)>,
    pub payments: Vec<i64>,
}

impl Game {
    pub fn new(rs: &'static Ruleset, opts: Options, house: House, n: usize, dealer: usize, deck: &[u8]) -> Game {
        let active = active_seats(n, dealer);
        let (hands, widow) = deal_cards(rs, &house, deck);
        Game {
            rs,
            opts,
            house,
            n,
            dealer,
            active,
            hands,
            widow,
            phase: Phase::Auction,
            passed: [false; 3],
            high: None,
            turn: 0,
            round_pos: 0,
            pending: None,
            bidder: None,
            contract: None,
            trump: None,
            laid_away: 0,
            n_laid: 0,
            trick: [0; 3],
            trick_len: 0,
            leader: 0,
            tricks_done: 0,
            won_points: [0; 3],
            points: None,
            payments: vec![0; n],
        }
    }

    /// Active index of the player to act.
    pub fn to_act_idx(&self) -> Option<usize> {
        match self.phase {
            Phase::Auction => Some(match self.rs.auction {
                AuctionKind::Open => self.turn,
                _ => self.pending.unwrap_or(self.round_pos),
            }),
            Phase::Discard | Phase::Trump => self.bidder,
            Phase::Play => Some((self.leader + self.trick_len) % 3),
            Phase::Over => None,
        }
    }
    pub fn to_act(&self) -> Option<usize> {
        self.to_act_idx().map(|i| self.active[i])
    }

    fn contract_allowed(&self, c: Contract) -> bool {
        c != Contract::Frog || self.rs.has_frog
    }

    pub fn legal(&self) -> Vec<Action> {
        let mut v = Vec::new();
        match self.phase {
            Phase::Auction => {
                v.push(Action::Pass);
                let answering = self.rs.auction == AuctionKind::OneRound && self.pending.is_some();
                for c in [Contract::Frog, Contract::Chico, Contract::Grand] {
                    if !self.contract_allowed(c) {
                        continue;
                    }
                    if let Some((hc, _)) = self.high {
                        if c <= hc {
                            continue;
                        }
                    }
                    if answering && c != Contract::Grand {
                        continue;
                    }
                    v.push(Action::Bid(c));
                }
            }
            Phase::Discard => {
                let b = self.bidder.unwrap();
                for c in cards_of(self.hands[b]) {
                    v.push(Action::Discard(c));
                }
            }
            Phase::Trump => {
                for s in 0..4u8 {
                    if s == HEARTS && !self.rs.chico_hearts {
                        continue;
                    }
                    v.push(Action::Trump(s));
                }
            }
            Phase::Play => {
                let p = self.to_act_idx().unwrap();
                let m = legal_mask(self.hands[p], &self.trick[..self.trick_len], self.trump, &self.house);
                for c in cards_of(m) {
                    v.push(Action::Play(c));
                }
            }
            Phase::Over => {}
        }
        v
    }

    /// Apply one action; Err gives the rule it breaks.
    pub fn apply(&mut self, a: Action) -> Result<(), &'static str> {
        match (self.phase, a) {
            (Phase::Auction, Action::Pass) | (Phase::Auction, Action::Bid(_)) => self.auction_action(a),
            (Phase::Discard, Action::Discard(c)) => {
                let b = self.bidder.unwrap();
                if self.hands[b] & bit(c) == 0 {
                    return Err("widow.frog-take-and-discard");
                }
                self.hands[b] &= !bit(c);
                self.laid_away |= bit(c);
                self.n_laid += 1;
                if self.n_laid == 3 {
                    self.start_play();
                }
                Ok(())
            }
            (Phase::Trump, Action::Trump(s)) => {
                if s == HEARTS && !self.rs.chico_hearts {
                    return Err("trump.chico-not-hearts");
                }
                self.trump = Some(s);
                self.start_play();
                Ok(())
            }
            (Phase::Play, Action::Play(c)) => {
                let p = self.to_act_idx().unwrap();
                if self.hands[p] & bit(c) == 0 {
                    return Err("play.card-from-hand");
                }
                let trick = &self.trick[..self.trick_len];
                let m = legal_mask(self.hands[p], trick, self.trump, &self.house);
                if m & bit(c) == 0 {
                    return Err(play_rule(self.hands[p], trick, self.trump));
                }
                self.hands[p] &= !bit(c);
                self.trick[self.trick_len] = c;
                self.trick_len += 1;
                if self.trick_len == 3 {
                    let w = trick_winner(&self.trick, self.trump, &self.house);
                    let winner = (self.leader + w) % 3;
                    let pts: i64 = self.trick.iter().map(|&c| card_points(c, &self.house)).sum();
                    self.won_points[winner] += pts;
                    self.leader = winner;
                    self.trick_len = 0;
                    self.tricks_done += 1;
                    if self.tricks_done == 11 {
                        self.finish();
                    }
                }
                Ok(())
            }
            _ => Err("deal.actions-by-phase"),
        }
    }

    fn auction_action(&mut self, a: Action) -> Result<(), &'static str> {
        let p = self.to_act_idx().unwrap();
        if let Action::Bid(c) = a {
            if !self.contract_allowed(c) {
                return Err("auction.contracts-without-frog");
            }
            if let Some((hc, _)) = self.high {
                if c <= hc {
                    return Err("auction.contract-order");
                }
            }
        }
        match self.rs.auction {
            AuctionKind::Open => {
                match a {
                    Action::Pass => self.passed[p] = true,
                    Action::Bid(c) => self.high = Some((c, p)),
                    _ => unreachable!(),
                }
                if let Some((Contract::Grand, _)) = self.high {
                    return Ok(self.end_auction());
                }
                let remaining: Vec<usize> = (0..3).filter(|&i| !self.passed[i]).collect();
                if remaining.is_empty() {
                    return Ok(self.end_auction());
                }
                if let Some((_, w)) = self.high {
                    if remaining.len() == 1 && remaining[0] == w {
                        return Ok(self.end_auction());
                    }
                }
                let mut q = (p + 1) % 3;
                while self.passed[q] {
                    q = (q + 1) % 3;
                }
                self.turn = q;
                Ok(())
            }
            AuctionKind::OneRound | AuctionKind::OneBid => {
                if self.pending == Some(p) {
                    // the overbid Frog bidder answers
                    match a {
                        Action::Pass => self.passed[p] = true,
                        Action::Bid(Contract::Grand) => self.high = Some((Contract::Grand, p)),
                        Action::Bid(_) => return Err("auction.one-round-frog-may-raise"),
                        _ => unreachable!(),
                    }
                    self.pending = None;
                } else {
                    match a {
                        Action::Pass => self.passed[p] = true,
                        Action::Bid(c) => {
                            if self.rs.auction == AuctionKind::OneRound && c == Contract::Chico {
                                if let Some((Contract::Frog, q)) = self.high {
                                    self.pending = Some(q);
                                }
                            }
                            self.high = Some((c, p));
                        }
                        _ => unreachable!(),
                    }
                    self.round_pos += 1;
                }
                if let Some((Contract::Grand, _)) = self.high {
                    self.pending = None;
                    return Ok(self.end_auction());
                }
                if self.pending.is_none() && self.round_pos >= 3 {
                    return Ok(self.end_auction());
                }
                Ok(())
            }
        }
    }

    fn end_auction(&mut self) {
        let (c, b) = match self.high {
            Some(x) => x,
            None => {
                if self.house.all_pass_eldest_frog && self.rs.has_frog {
                    (Contract::Frog, 0)
                } else {
                    self.phase = Phase::Over;
                    self.payments = vec![0; self.n];
                    return;
                }
            }
        };
        self.bidder = Some(b);
        self.contract = Some(c);
        match c {
            Contract::Frog => {
                self.hands[b] |= self.widow;
                self.trump = Some(if self.house.frog_diamonds_trump { DIAMONDS } else { HEARTS });
                self.phase = Phase::Discard;
            }
            Contract::Chico => {
                self.trump = None;
                self.phase = Phase::Trump;
            }
            Contract::Grand => {
                self.trump = Some(HEARTS);
                self.start_play();
            }
        }
    }

    fn start_play(&mut self) {
        self.phase = Phase::Play;
        self.leader = if self.house.bidder_leads_first { self.bidder.unwrap() } else { 0 };
        self.trick_len = 0;
    }

    fn finish(&mut self) {
        self.phase = Phase::Over;
        let b = self.bidder.unwrap();
        let c = self.contract.unwrap();
        let mut bidder_pts = self.won_points[b];
        let widow_cards = if c == Contract::Frog { self.laid_away } else { self.widow };
        let widow_pts: i64 = cards_of(widow_cards).iter().map(|&x| card_points(x, &self.house)).sum();
        let widow_to_bidder = !(self.house.solo_widow_to_defenders && c != Contract::Frog);
        if widow_to_bidder {
            bidder_pts += widow_pts;
        }
        let total: i64 = (0..36u8).map(|x| card_points(x, &self.house)).sum();
        self.points = Some((bidder_pts, total - bidder_pts));
        self.payments = settle(self.rs, &self.opts, &self.house, self.n, self.dealer, self.active[b], c, bidder_pts);
    }

    pub fn widow_shown(&self) -> Option<bool> {
        if self.contract == Some(Contract::Frog) {
            Some(self.rs.widow_shown || self.house.widow_always_shown)
        } else {
            None
        }
    }

    pub fn bidder_seat(&self) -> Option<usize> {
        self.bidder.map(|b| self.active[b])
    }
}
