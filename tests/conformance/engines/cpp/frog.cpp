#include "frog.hpp"
#include <cstring>
#include <cstdlib>

House HOUSE;

const char* SUITS[4] = {"C", "D", "H", "S"};
static const char* RANKS[9] = {"A", "10", "K", "Q", "J", "9", "8", "7", "6"};
static const int RANK_POINTS[9] = {11, 10, 4, 3, 2, 0, 0, 0, 0};
const char* CONTRACT_NAMES[4] = {"none", "frog", "chico", "grand"};
const char* PHASE_NAMES[5] = {"auction", "discard", "trump", "play", "over"};

int suitIndex(const std::string& s) {
    for (int i = 0; i < 4; i++) if (s == SUITS[i]) return i;
    return -1;
}
int cardIndex(const std::string& s) {
    if (s.size() < 2 || s.size() > 3) return -1;
    std::string r = s.substr(0, s.size() - 1), su = s.substr(s.size() - 1);
    int si = suitIndex(su);
    if (si < 0) return -1;
    for (int i = 0; i < 9; i++) if (r == RANKS[i]) return si * 9 + i;
    return -1;
}
std::string cardName(int c) { return std::string(RANKS[rankOf(c)]) + SUITS[suitOf(c)]; }
int cardPoints(int c) { return RANK_POINTS[rankOf(c)]; }

std::vector<Ruleset> RULESETS = {
    // id, min, max, deal, auction, frog, chicoH, shown, pay, rates, sit, pen, bank, ends, lowcard, auctionRule
    {"foster-1909", 3, 5, P3344, OVERBID, true, false, true, RATES, {0, 1, 2, 4}, false, false, 0, false, false, "auction.overbid-to-raise"},
    {"hoyle-1907", 3, 5, P3344, OVERBID, true, false, true, RATES, {0, 1, 2, 4}, false, false, 0, false, false, "auction.overbid-to-raise"},
    {"modern", 3, 5, P4334, ONEROUND, true, false, false, RATES, {0, 1, 2, 4}, false, false, 0, false, false, "auction.one-round-frog-may-raise"},
    {"official-1922-solo", 3, 7, SLOUGH, ONEROUND, true, false, false, RATES, {0, 1, 2, 3}, true, true, 120, true, true, "auction.one-round-frog-may-raise"},
    {"official-1922-straight", 3, 7, SLOUGH, ONEROUND, false, false, false, RATES, {0, 0, 1, 2}, true, false, 120, true, true, "auction.one-round-frog-may-raise"},
    {"official-1922-coeur-dalene", 3, 7, SLOUGH, ONEROUND, true, false, false, FIXED, {0, 25, 50, 75}, true, true, 120, true, true, "auction.one-round-frog-may-raise"},
    {"gamerules", 3, 3, P4334, ONEBID, true, true, false, RATES, {0, 1, 2, 3}, false, false, 150, false, false, "auction.one-bid-each"},
};

const Ruleset* findRuleset(const std::string& id) {
    for (auto& r : RULESETS) if (r.id == id) return &r;
    return nullptr;
}

std::vector<int> activeSeats(const Ruleset& rs, int n, int d) {
    (void)rs;
    std::vector<int> a;
    if (HOUSE.on[H_DEALER_ALWAYS_PLAYS] && n >= 4) return {(d + 1) % n, (d + 2) % n, d};
    if (n == 3) a = {(d + 1) % n, (d + 2) % n, d};
    else if (n == 4) a = {(d + 1) % n, (d + 2) % n, (d + 3) % n};
    else a = {(d + 1) % n, (d + 2) % n, (d + n - 1) % n};
    return a;
}

void dealCards(const Ruleset& rs, int players, int dealer, const std::vector<int>& deck,
               std::vector<int>& active, Mask hands[3], Mask& widow) {
    active = activeSeats(rs, players, dealer);
    hands[0] = hands[1] = hands[2] = 0;
    widow = 0;
    size_t p = 0;
    auto give = [&](int who, int k) {
        for (int i = 0; i < k; i++) {
            int c = deck[p++];
            if (who < 0) widow |= (Mask)1 << c;
            else hands[who] |= (Mask)1 << c;
        }
    };
    if (rs.deal == P3344) {
        for (int i = 0; i < 3; i++) give(i, 3);
        give(-1, 3);
        for (int r = 0; r < 2; r++) for (int i = 0; i < 3; i++) give(i, 4);
    } else if (rs.deal == P4334) {
        for (int i = 0; i < 3; i++) give(i, 4);
        give(-1, 3);
        for (int i = 0; i < 3; i++) give(i, 3);
        for (int i = 0; i < 3; i++) give(i, 4);
    } else {
        int who = 0;
        for (int k = 0; k < 36; k++) {
            if (k == 0 || k == 3 || k == 7) give(-1, 1);
            else { give(who, 1); who = (who + 1) % 3; }
        }
    }
}

static bool beats(int trump, int led, int a, int b) {
    // does card a beat card b (b currently winning)?
    int sa = suitOf(a), sb = suitOf(b);
    if (sa == sb) return rankOf(a) < rankOf(b);
    if (trump >= 0 && sa == trump) return true;
    (void)led;
    return false;
}

int trickWinner(const Ruleset* rs, int trump, const std::vector<int>& cards) {
    (void)rs;
    int led = suitOf(cards[0]);
    int w = 0;
    for (size_t i = 1; i < cards.size(); i++)
        if (beats(trump, led, cards[i], cards[w])) w = (int)i;
    return w;
}

static Mask suitMask(int s) { return ((Mask)0x1FF) << (s * 9); }

Mask legalPlays(const Ruleset* rs, int trump, Mask hand, const std::vector<int>& trick, int trickCount) {
    (void)rs;
    if (trickCount == 0) return hand;
    int led = suitOf(trick[0]);
    Mask f = hand & suitMask(led);
    if (f) return f;
    if (trump >= 0) {
        Mask t = hand & suitMask(trump);
        if (t) return t;
    }
    return hand;
}

std::vector<long long> settle(const Ruleset& rs, const Options& opt, int players, int dealer, int bidder,
                              int contract, int bidderPoints) {
    std::vector<long long> pay(players, 0);
    std::vector<int> act = activeSeats(rs, players, dealer);
    if (bidderPoints == 60) return pay;
    bool won = bidderPoints > 60;
    long long amount;
    int rateContract = contract;
    if (!won && contract == FROG && rs.hasPenaltyFrog && opt.penaltyFrog) rateContract = GRAND;
    if (rs.pay == FIXED) amount = rs.rate[rateContract];
    else amount = (long long)std::abs(bidderPoints - 60) * rs.rate[rateContract];
    std::vector<int> others;
    if (won) {
        bool all = false;
        if (opt.sit == PAY_AND_RECEIVE) all = true;
        if (opt.sit == SOLO_ONLY && contract != FROG) all = true;
        if (all) { for (int s = 0; s < players; s++) if (s != bidder) others.push_back(s); }
        else { for (int s : act) if (s != bidder) others.push_back(s); }
        for (int s : others) { pay[s] -= amount; pay[bidder] += amount; }
    } else {
        for (int s = 0; s < players; s++) if (s != bidder) { pay[s] += amount; pay[bidder] -= amount; }
    }
    return pay;
}

bool parseAction(const std::string& s, Action& a) {
    if (s == "pass") { a = {A_PASS, 0}; return true; }
    if (s == "frog") { a = {A_BID, FROG}; return true; }
    if (s == "chico") { a = {A_BID, CHICO}; return true; }
    if (s == "grand") { a = {A_BID, GRAND}; return true; }
    if (s.compare(0, 8, "discard ") == 0) { int c = cardIndex(s.substr(8)); if (c < 0) return false; a = {A_DISCARD, c}; return true; }
    if (s.compare(0, 5, "play ") == 0) { int c = cardIndex(s.substr(5)); if (c < 0) return false; a = {A_PLAY, c}; return true; }
    if (s.compare(0, 6, "trump ") == 0) { int t = suitIndex(s.substr(6)); if (t < 0) return false; a = {A_TRUMP, t}; return true; }
    return false;
}

std::string actionName(const Action& a) {
    switch (a.kind) {
        case A_PASS: return "pass";
        case A_BID: return CONTRACT_NAMES[a.arg];
        case A_DISCARD: return "discard " + cardName(a.arg);
        case A_TRUMP: return std::string("trump ") + SUITS[a.arg];
        default: return "play " + cardName(a.arg);
    }
}

void Game::init(const Ruleset* r, const Options& o, int np, int d, const std::vector<int>& deck) {
    rs = r; opt = o; players = np; dealer = d; nact = 3;
    std::vector<int> act;
    dealCards(*rs, players, dealer, deck, act, hand, widow);
    for (int i = 0; i < 3; i++) active[i] = act[i];
    laid = 0;
    phase = PH_AUCTION;
    high = NONE; highIdx = -1;
    passed[0] = passed[1] = passed[2] = false;
    bids[0] = bids[1] = bids[2] = 0;
    pos = 0; pending = -1; cur = 0;
    bidderIdx = -1; contract = NONE; trump = -1;
    discards = 0;
    leader = 0; turn = 0; trickCount = 0; tricksDone = 0;
    pts[0] = pts[1] = pts[2] = 0;
    bidderPoints = 0;
    payments.assign(players, 0);
}

int Game::toAct() const {
    switch (phase) {
        case PH_AUCTION: return active[cur];
        case PH_DISCARD: case PH_TRUMP: return active[bidderIdx];
        case PH_PLAY: return active[turn];
        default: return -1;
    }
}

void Game::legal(std::vector<Action>& out) const {
    out.clear();
    if (phase == PH_AUCTION) {
        out.push_back({A_PASS, 0});
        if (rs->auction == ONEROUND && pending == cur) {
            if (high < GRAND) out.push_back({A_BID, GRAND});
            return;
        }
        for (int c = high + 1; c <= GRAND; c++) {
            if (c == FROG && !rs->hasFrog) continue;
            out.push_back({A_BID, c});
        }
    } else if (phase == PH_DISCARD) {
        Mask h = hand[bidderIdx];
        for (int c = 0; c < 36; c++) if ((h >> c & 1) && discardAllowed(c)) out.push_back({A_DISCARD, c});
    } else if (phase == PH_TRUMP) {
        for (int s = 0; s < 4; s++) {
            if (s == 2 && !rs->chicoHearts) continue;
            out.push_back({A_TRUMP, s});
        }
    } else if (phase == PH_PLAY) {
        std::vector<int> tr(trick, trick + trickCount);
        Mask m = legalPlays(rs, trump, hand[turn], tr, trickCount);
        for (int c = 0; c < 36; c++) if (m >> c & 1) out.push_back({A_PLAY, c});
    }
}

bool Game::discardAllowed(int c) const {
    // house rule no-counters-away: no Ace or Ten may be laid away
    if (HOUSE.on[H_NO_COUNTERS_AWAY] && (rankOf(c) == 0 || rankOf(c) == 1)) return false;
    // house rule keep-widow: none of the widow's cards may be laid away
    if (HOUSE.on[H_KEEP_WIDOW] && (widow >> c & 1)) return false;
    return true;
}

void Game::endAuction() {
    if (highIdx < 0) {
        phase = PH_OVER;
        return;
    }
    bidderIdx = highIdx;
    contract = high;
    if (contract == FROG) {
        trump = 2;
        hand[bidderIdx] |= widow;
        phase = PH_DISCARD;
    } else if (contract == CHICO) {
        phase = PH_TRUMP;
    } else {
        trump = 2;
        startPlay();
    }
}

void Game::startPlay() {
    phase = PH_PLAY;
    leader = 0;
    turn = 0;
    trickCount = 0;
}

void Game::finish() {
    phase = PH_OVER;
    Mask w = (contract == FROG) ? laid : widow;
    if (contract == FROG && HOUSE.on[H_LAID_AWAY_TO_DEFENDERS]) w = 0;
    int wp = 0;
    for (int c = 0; c < 36; c++) if (w >> c & 1) wp += cardPoints(c);
    bidderPoints = pts[bidderIdx] + wp;
    payments = settle(*rs, opt, players, dealer, active[bidderIdx], contract, bidderPoints);
}

const char* Game::apply(const Action& a) {
    if (phase == PH_AUCTION) {
        if (a.kind != A_PASS && a.kind != A_BID) return "deal.actions-by-phase";
        if (a.kind == A_BID) {
            if (a.arg == FROG && !rs->hasFrog) return "auction.contracts-without-frog";
            if (a.arg <= high) return "auction.contract-order";
            std::vector<Action> L;
            legal(L);
            bool ok = false;
            for (auto& x : L) if (x.kind == A_BID && x.arg == a.arg) ok = true;
            if (!ok) return rs->auctionRule;
        }
        bool isBid = a.kind == A_BID;
        if (rs->auction == OVERBID) {
            if (isBid) { high = a.arg; highIdx = cur; }
            else passed[cur] = true;
            int live = 0;
            for (int i = 0; i < 3; i++) if (!passed[i]) live++;
            if (high == GRAND || live == 0 || (highIdx >= 0 && live == 1)) { endAuction(); return nullptr; }
            int n = cur;
            do { n = (n + 1) % 3; } while (passed[n]);
            cur = n;
        } else if (rs->auction == ONEROUND) {
            if (pending == cur) {
                pending = -1;
                if (isBid) { high = a.arg; highIdx = cur; }
            } else {
                pos++;
                if (isBid) {
                    if (high == FROG && a.arg == CHICO) pending = highIdx;
                    high = a.arg; highIdx = cur;
                } else passed[cur] = true;
            }
            if (high == GRAND || (pending < 0 && pos >= 3)) { endAuction(); return nullptr; }
            cur = pending >= 0 ? pending : pos;
        } else {  // ONEBID
            pos++;
            if (isBid) { high = a.arg; highIdx = cur; }
            if (high == GRAND || pos >= 3) { endAuction(); return nullptr; }
            cur = pos;
        }
        return nullptr;
    }
    if (phase == PH_DISCARD) {
        if (a.kind != A_DISCARD) return "deal.actions-by-phase";
        Mask bit = (Mask)1 << a.arg;
        if (!(hand[bidderIdx] & bit)) return "widow.frog-take-and-discard";
        if (!discardAllowed(a.arg)) return "widow.frog-take-and-discard";
        hand[bidderIdx] &= ~bit;
        laid |= bit;
        if (++discards == 3) startPlay();
        return nullptr;
    }
    if (phase == PH_TRUMP) {
        if (a.kind != A_TRUMP) return "deal.actions-by-phase";
        if (a.arg == 2 && !rs->chicoHearts) return "trump.chico-not-hearts";
        trump = a.arg;
        startPlay();
        return nullptr;
    }
    if (phase == PH_PLAY) {
        if (a.kind != A_PLAY) return "deal.actions-by-phase";
        Mask bit = (Mask)1 << a.arg;
        Mask h = hand[turn];
        if (!(h & bit)) return "play.card-from-hand";
        if (trickCount > 0) {
            int led = suitOf(trick[0]);
            Mask f = h & suitMask(led);
            if (f && suitOf(a.arg) != led) return "play.follow-suit";
            if (!f && trump >= 0 && (h & suitMask(trump)) && suitOf(a.arg) != trump) return "play.must-trump";
        }
        hand[turn] &= ~bit;
        trick[trickCount++] = a.arg;
        if (trickCount < 3) { turn = (turn + 1) % 3; return nullptr; }
        std::vector<int> tr(trick, trick + 3);
        int wtrump = trump;
        if (HOUSE.on[H_NO_TRUMP_FIRST_TRICK] && tricksDone == 0) wtrump = -1;
        int w = (leader + trickWinner(rs, wtrump, tr)) % 3;
        for (int i = 0; i < 3; i++) pts[w] += cardPoints(trick[i]);
        tricksDone++;
        trickCount = 0;
        leader = w; turn = w;
        if (tricksDone == 11) finish();
        return nullptr;
    }
    return "deal.actions-by-phase";
}
