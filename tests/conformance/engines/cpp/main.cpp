// JSON-lines conformance protocol v1 front end.
#include "json.hpp"
#include "frog.hpp"
#include <iostream>
#include <map>
#include <set>
#include <cstring>

bool parseHouseArgs(int argc, char** argv);
const char* houseName(int bit);

struct Reply {
    bool ok = true;
    std::string result;   // JSON text
    std::string kind, rule, msg;
    std::string extra;    // extra error fields, e.g. ,"at":3
};

static Reply err(const std::string& kind, const std::string& msg, const std::string& rule = "") {
    Reply r; r.ok = false; r.kind = kind; r.msg = msg; r.rule = rule; return r;
}
static Reply res(const std::string& s) { Reply r; r.result = s; return r; }

struct Invalid { std::string msg; };
[[noreturn]] static void bad(const std::string& m) { throw Invalid{m}; }

static const JVal& need(const JVal& req, const char* k) {
    const JVal* v = req.get(k);
    if (!v) bad(std::string("missing field ") + k);
    return *v;
}
static long long needInt(const JVal& req, const char* k) {
    const JVal& v = need(req, k);
    long long x;
    if (!v.asInt(x)) bad(std::string(k) + " is not an integer");
    return x;
}
static int needCard(const JVal& v) {
    if (v.t != JVal::Str) bad("card is not a string");
    int c = cardIndex(v.s);
    if (c < 0) bad("unknown card " + v.s);
    return c;
}
static std::vector<int> needCards(const JVal& v, const char* what) {
    if (v.t != JVal::Arr) bad(std::string(what) + " is not a list");
    std::vector<int> out;
    Mask seen = 0;
    for (auto& x : v.a) {
        int c = needCard(x);
        if (seen >> c & 1) bad("card twice: " + cardName(c));
        seen |= (Mask)1 << c;
        out.push_back(c);
    }
    return out;
}
static int needTrump(const JVal& req) {
    const JVal& t = need(req, "trump");
    if (t.t == JVal::Null) return -1;
    if (t.t != JVal::Str) bad("trump is not a suit");
    int s = suitIndex(t.s);
    if (s < 0) bad("unknown suit " + t.s);
    return s;
}
static Options needOptions(const Ruleset& rs, const JVal& req) {
    const JVal& o = need(req, "options");
    if (o.t != JVal::Obj) bad("options is not an object");
    Options opt;
    for (auto& kv : o.o) {
        if (kv.first == "sitting_out" && rs.hasSittingOut) {
            if (kv.second.t != JVal::Str) bad("sitting_out is not a string");
            if (kv.second.s == "receive-only") opt.sit = RECEIVE_ONLY;
            else if (kv.second.s == "pay-and-receive") opt.sit = PAY_AND_RECEIVE;
            else if (kv.second.s == "pay-and-receive-solo-only") opt.sit = SOLO_ONLY;
            else bad("unknown sitting_out " + kv.second.s);
        } else if (kv.first == "penalty_frog" && rs.hasPenaltyFrog) {
            if (kv.second.t != JVal::Bool) bad("penalty_frog is not a boolean");
            opt.penaltyFrog = kv.second.b;
        } else bad("unknown option " + kv.first);
    }
    return opt;
}
static int needPlayers(const Ruleset& rs, const JVal& req) {
    long long n = needInt(req, "players");
    if (n < rs.minPlayers || n > rs.maxPlayers) bad("player count not allowed");
    return (int)n;
}
static int needSeat(const JVal& req, const char* k, int players) {
    long long s = needInt(req, k);
    if (s < 0 || s >= players) bad(std::string(k) + " out of range");
    return (int)s;
}
static std::vector<int> needDeck(const JVal& v) {
    std::vector<int> d = needCards(v, "deck");
    if (d.size() != 36) bad("deck is not 36 cards");
    return d;
}
static std::vector<Action> needActions(const JVal& v) {
    if (v.t != JVal::Arr) bad("actions is not a list");
    std::vector<Action> out;
    for (auto& x : v.a) {
        if (x.t != JVal::Str) bad("action is not a string");
        Action a;
        if (!parseAction(x.s, a)) bad("malformed action " + x.s);
        out.push_back(a);
    }
    return out;
}

static std::string cardsJson(Mask m) {
    std::string s = "[";
    bool first = true;
    for (int c = 0; c < 36; c++) if (m >> c & 1) { if (!first) s += ","; first = false; s += "\"" + cardName(c) + "\""; }
    return s + "]";
}
static std::string intList(const std::vector<long long>& v) {
    std::string s = "[";
    for (size_t i = 0; i < v.size(); i++) { if (i) s += ","; s += std::to_string(v[i]); }
    return s + "]";
}
static std::string seatOrNull(int s) { return s < 0 ? "null" : std::to_string(s); }

static std::string observe(const Game& g) {
    std::string s = "{\"phase\":\"" + std::string(PHASE_NAMES[g.phase]) + "\"";
    s += ",\"to_act\":" + seatOrNull(g.toAct());
    std::vector<Action> L;
    g.legal(L);
    s += ",\"legal\":[";
    for (size_t i = 0; i < L.size(); i++) { if (i) s += ","; s += jstr(actionName(L[i])); }
    s += "]";
    bool bid = g.bidderIdx >= 0;
    s += ",\"bidder\":" + seatOrNull(bid ? g.active[g.bidderIdx] : -1);
    s += ",\"contract\":" + (bid ? jstr(CONTRACT_NAMES[g.contract]) : std::string("null"));
    s += ",\"trump\":" + (g.trump >= 0 && bid ? jstr(SUITS[g.trump]) : std::string("null"));
    if (bid && g.contract == FROG) s += std::string(",\"widow_shown\":") + (g.rs->widowShown ? "true" : "false");
    if (g.phase == PH_OVER) {
        if (bid) s += ",\"points\":{\"bidder\":" + std::to_string(g.bidderPoints) + ",\"defenders\":" + std::to_string(120 - g.bidderPoints) + "}";
        s += ",\"payments\":" + intList(g.payments);
    }
    return s + "}";
}

static Reply illegalAt(const char* rule, size_t at, int deal = -1) {
    Reply r = err("illegal", std::string("action breaks ") + rule, rule);
    r.extra = ",\"at\":" + std::to_string(at);
    if (deal >= 0) r.extra += ",\"deal\":" + std::to_string(deal);
    return r;
}

// perft
struct PerftLimit {};
static long long visited;
static const long long PERFT_LIMIT = 100000;
static long long perftCount(const Game& g, long long depth) {
    if (g.phase == PH_OVER || depth == 0) return 1;
    if (++visited > PERFT_LIMIT) throw PerftLimit{};
    std::vector<Action> L;
    g.legal(L);
    long long t = 0;
    for (auto& a : L) {
        Game h = g;
        h.apply(a);
        t += perftCount(h, depth - 1);
    }
    return t;
}

static const char* OPS[] = {"hello", "card_points", "trick_winner", "legal_plays", "deal", "settle", "game", "match", "first_dealer", "perft"};

static const Ruleset& needRuleset(const JVal& req, bool& unsupported) {
    const JVal* r = req.get("ruleset");
    if (!r || r->t != JVal::Str) bad("ruleset missing or not a string");
    const Ruleset* rs = findRuleset(r->s);
    if (!rs) { unsupported = true; static Ruleset dummy; return dummy; }
    return *rs;
}

static Reply handle(const JVal& req, const std::string& op) {
    bool known = false;
    for (auto o : OPS) if (op == o) known = true;
    if (!known) return err("unsupported", "unknown op " + op);
    if (op == "hello") {
        const JVal& sp = need(req, "spec");
        if (sp.t != JVal::Str) bad("spec is not a string");
        if (sp.s != "1") return err("unsupported", "protocol version not spoken");
        std::string s = "{\"name\":\"frog-cpp\",\"version\":\"1.0\",\"rulesets\":[";
        for (size_t i = 0; i < RULESETS.size(); i++) { if (i) s += ","; s += jstr(RULESETS[i].id); }
        s += "],\"ops\":[";
        for (size_t i = 0; i < sizeof OPS / sizeof *OPS; i++) { if (i) s += ","; s += jstr(OPS[i]); }
        s += "],\"rule_ids\":\"frogspec\"";
        s += "}";
        return res(s);
    }
    if (op == "card_points") {
        int c = needCard(need(req, "card"));
        return res(std::to_string(cardPoints(c)));
    }
    bool uns = false;
    const Ruleset& rs = needRuleset(req, uns);
    if (uns) return err("unsupported", "unknown ruleset");
    if (op == "trick_winner") {
        int trump = needTrump(req);
        std::vector<int> cards = needCards(need(req, "cards"), "cards");
        if (cards.empty() || cards.size() > 3) bad("a trick holds 1 to 3 cards");
        return res(std::to_string(trickWinner(&rs, trump, cards)));
    }
    if (op == "legal_plays") {
        int trump = needTrump(req);
        std::vector<int> hand = needCards(need(req, "hand"), "hand");
        std::vector<int> trick = needCards(need(req, "trick"), "trick");
        if (hand.empty() || hand.size() > 11) bad("hand holds 1 to 11 cards");
        if (trick.size() > 2) bad("trick holds 0 to 2 cards");
        Mask hm = 0;
        for (int c : hand) hm |= (Mask)1 << c;
        for (int c : trick) if (hm >> c & 1) bad("card both in hand and trick");
        Mask m = legalPlays(&rs, trump, hm, trick, (int)trick.size());
        return res(cardsJson(m));
    }
    if (op == "first_dealer") {
        int n = needPlayers(rs, req);
        if (rs.lowCardFirstDealer) {
            int lowest = needSeat(req, "lowest", n);
            const JVal& c = need(req, "chooses_to_deal");
            if (c.t != JVal::Bool) bad("chooses_to_deal is not a boolean");
            if (c.b) return res(std::to_string(lowest));
            return res(std::to_string((lowest + n - 1) % n));
        }
        int chosen = needSeat(req, "chosen", n);
        return res(std::to_string(chosen));
    }
    Options opt = needOptions(rs, req);
    int players = needPlayers(rs, req);
    if (op == "deal") {
        int dealer = needSeat(req, "dealer", players);
        std::vector<int> deck = needDeck(need(req, "deck"));
        std::vector<int> act; Mask hands[3], widow;
        dealCards(rs, players, dealer, deck, act, hands, widow);
        std::string s = "{\"active\":[" + std::to_string(act[0]) + "," + std::to_string(act[1]) + "," + std::to_string(act[2]) + "]";
        s += ",\"eldest\":" + std::to_string(act[0]) + ",\"hands\":[";
        for (int p = 0; p < players; p++) {
            if (p) s += ",";
            int idx = -1;
            for (int i = 0; i < 3; i++) if (act[i] == p) idx = i;
            s += idx < 0 ? "null" : cardsJson(hands[idx]);
        }
        s += "],\"widow\":" + cardsJson(widow) + "}";
        return res(s);
    }
    if (op == "settle") {
        int dealer = needSeat(req, "dealer", players);
        int bidder = needSeat(req, "bidder", players);
        std::vector<int> act = activeSeats(rs, players, dealer);
        if (bidder != act[0] && bidder != act[1] && bidder != act[2]) bad("bidder sits out");
        const JVal& c = need(req, "contract");
        if (c.t != JVal::Str) bad("contract is not a string");
        int contract = -1;
        for (int i = 1; i <= 3; i++) if (c.s == CONTRACT_NAMES[i]) contract = i;
        if (contract < 0) bad("unknown contract");
        long long pts = needInt(req, "bidder_points");
        if (pts < 0 || pts > 120) bad("bidder_points out of range");
        if (contract == FROG && !rs.hasFrog) return err("illegal", "no Frog in this ruleset", "auction.contracts-without-frog");
        return res(intList(settle(rs, opt, players, dealer, bidder, contract, (int)pts)));
    }
    if (op == "game" || op == "perft") {
        int dealer = needSeat(req, "dealer", players);
        std::vector<int> deck = needDeck(need(req, "deck"));
        std::vector<Action> acts = needActions(need(req, "actions"));
        long long depth = -1;
        if (op == "perft" && req.has("depth")) {
            depth = needInt(req, "depth");
            if (depth < 0) bad("depth is negative");
        }
        Game g;
        g.init(&rs, opt, players, dealer, deck);
        for (size_t i = 0; i < acts.size(); i++) {
            const char* r = g.apply(acts[i]);
            if (r) return illegalAt(r, i);
        }
        if (op == "game") return res(observe(g));
        visited = 0;
        std::string by = "{";
        long long total = 0;
        try {
            if (g.phase == PH_OVER || depth == 0) total = 1;
            else {
                std::vector<Action> L;
                g.legal(L);
                bool first = true;
                for (auto& a : L) {
                    Game h = g;
                    h.apply(a);
                    long long n = perftCount(h, depth < 0 ? -1 : depth - 1);
                    total += n;
                    if (!first) by += ",";
                    first = false;
                    by += jstr(actionName(a)) + ":" + std::to_string(n);
                }
            }
        } catch (PerftLimit&) {
            bad("perft would visit more than 100000 positions");
        }
        return res("{\"total\":" + std::to_string(total) + ",\"by_first\":" + by + "}}");
    }
    if (op == "match") {
        int first = needSeat(req, "first_dealer", players);
        const JVal& deals = need(req, "deals");
        if (deals.t != JVal::Arr) bad("deals is not a list");
        std::vector<std::vector<int>> decks;
        std::vector<std::vector<Action>> acts;
        for (auto& d : deals.a) {
            if (d.t != JVal::Obj) bad("a deal is not an object");
            decks.push_back(needDeck(need(d, "deck")));
            acts.push_back(needActions(need(d, "actions")));
        }
        std::vector<long long> bal(players, rs.bank);
        int dealer = first;
        std::vector<long long> dealers;
        bool over = false;
        int loser = -1;
        for (size_t k = 0; k < decks.size(); k++) {
            if (over) return illegalAt("match.first-unable-to-pay-loses", 0, (int)k);
            dealers.push_back(dealer);
            Game g;
            g.init(&rs, opt, players, dealer, decks[k]);
            for (size_t i = 0; i < acts[k].size(); i++) {
                const char* r = g.apply(acts[k][i]);
                if (r) return illegalAt(r, i, (int)k);
            }
            if (g.phase != PH_OVER) bad("deal " + std::to_string(k) + " stops before its end");
            if (rs.matchEnds && g.bidderIdx >= 0) {
                int b = g.active[g.bidderIdx];
                for (int j = 0; j < players; j++) {
                    int s = (b + j) % players;
                    if (g.payments[s] < 0 && -g.payments[s] > bal[s]) { over = true; loser = s; break; }
                }
            }
            for (int s = 0; s < players; s++) bal[s] += g.payments[s];
            // house rule redeal-on-all-pass: the same dealer deals again after an all-pass deal
            if (!(HOUSE.on[H_REDEAL_ON_ALL_PASS] && g.bidderIdx < 0)) dealer = (dealer + 1) % players;
        }
        std::string s = "{\"balances\":" + intList(bal) + ",\"dealers\":" + intList(dealers);
        s += std::string(",\"over\":") + (over ? "true" : "false") + ",\"loser\":" + seatOrNull(loser) + "}";
        return res(s);
    }
    return err("unsupported", "unknown op");
}

static std::string render(const std::string& id, const Reply& r) {
    if (r.ok) return "{\"id\":" + id + ",\"result\":" + r.result + "}";
    std::string s = "{\"id\":" + id + ",\"error\":{\"kind\":" + jstr(r.kind) + ",\"rule\":" + (r.rule.empty() ? "null" : jstr(r.rule));
    s += ",\"message\":" + jstr(r.msg) + r.extra + "}}";
    return s;
}


int main(int argc, char** argv) {
    std::ios::sync_with_stdio(false);
    if (!parseHouseArgs(argc, argv)) return 2;
    std::string line;
    while (std::getline(std::cin, line)) {
        bool blank = true;
        for (char c : line) if (c != ' ' && c != '\t' && c != '\r' && c != '\n') { blank = false; break; }
        if (blank) continue;
        std::string out;
        if (line.size() > 16777216) out = render("null", err("invalid", "length: line longer than 2^24 bytes"));
        else if (!validUtf8(line)) out = render("null", err("invalid", "utf-8: line is not UTF-8"));
        else {
            JVal req;
            JParseError pe;
            JParser P(line);
            if (!P.parse(req, pe)) out = render("null", err("invalid", pe.bound + ": " + pe.msg));
            else if (req.t != JVal::Obj) out = render("null", err("invalid", "json: request is not an object"));
            else {
                const JVal* idv = req.get("id");
                long long tmp;
                if (!idv || !idv->asInt(tmp)) out = render("null", err("invalid", "id is missing or not an integer"));
                else {
                    std::string id = idv->raw;
                    const JVal* opv = req.get("op");
                    if (!opv || opv->t != JVal::Str) out = render(id, err("invalid", "op is missing or not a string"));
                    else {
                        try {
                            out = render(id, handle(req, opv->s));
                        } catch (Invalid& e) {
                            out = render(id, err("invalid", e.msg));
                        } catch (std::exception& e) {
                            out = render(id, err("invalid", e.what()));
                        }
                    }
                }
            }
        }
        std::cout << out << "\n";
        std::cout.flush();
    }
    return 0;
}
