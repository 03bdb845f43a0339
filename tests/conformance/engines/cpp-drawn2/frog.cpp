// Frog engine speaking the JSON-lines conformance protocol v1, with house rules.
// Standard library only, C++17.
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <cstring>
#include <cmath>
#include <string>
#include <vector>
#include <map>
#include <memory>
#include <iostream>
#include <algorithm>

using namespace std;

// ------------------------------------------------------------------ JSON
struct JV {
    enum T { NUL, BOOL, NUM, STR, ARR, OBJ } t = NUL;
    bool b = false;
    bool isInt = false, intFits = false;
    long long iv = 0;
    double dv = 0;
    string raw;  // number lexeme
    string s;
    vector<JV> a;
    vector<pair<string, JV>> o;
    const JV* get(const string& k) const {
        for (auto& p : o) if (p.first == k) return &p.second;
        return nullptr;
    }
};

struct JErr { string why; };

struct Parser {
    const string& s; size_t i = 0;
    Parser(const string& str) : s(str) {}
    void ws() { while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r')) i++; }
    [[noreturn]] void fail(const string& w) { throw JErr{w}; }
    JV parse() {
        JV v = val(0);
        ws();
        if (i != s.size()) fail("json");
        return v;
    }
    JV val(int depth) {
        ws();
        if (i >= s.size()) fail("json");
        char c = s[i];
        if (c == '{') {
            if (depth + 1 > 64) fail("depth");
            i++; JV v; v.t = JV::OBJ; ws();
            if (i < s.size() && s[i] == '}') { i++; return v; }
            while (true) {
                ws();
                if (i >= s.size() || s[i] != '"') fail("json");
                string k = str();
                ws();
                if (i >= s.size() || s[i] != ':') fail("json");
                i++;
                JV x = val(depth + 1);
                for (auto& p : v.o) if (p.first == k) fail("duplicate-key");
                v.o.emplace_back(k, std::move(x));
                ws();
                if (i < s.size() && s[i] == ',') { i++; continue; }
                if (i < s.size() && s[i] == '}') { i++; return v; }
                fail("json");
            }
        } else if (c == '[') {
            if (depth + 1 > 64) fail("depth");
            i++; JV v; v.t = JV::ARR; ws();
            if (i < s.size() && s[i] == ']') { i++; return v; }
            while (true) {
                v.a.push_back(val(depth + 1));
                ws();
                if (i < s.size() && s[i] == ',') { i++; continue; }
                if (i < s.size() && s[i] == ']') { i++; return v; }
                fail("json");
            }
        } else if (c == '"') {
            JV v; v.t = JV::STR; v.s = str(); return v;
        } else if (s.compare(i, 4, "true") == 0) { i += 4; JV v; v.t = JV::BOOL; v.b = true; return v; }
        else if (s.compare(i, 5, "false") == 0) { i += 5; JV v; v.t = JV::BOOL; v.b = false; return v; }
        else if (s.compare(i, 4, "null") == 0) { i += 4; JV v; return v; }
        else if (c == '-' || (c >= '0' && c <= '9')) return num();
        else if (c == 'N' || c == 'I') fail("non-finite");
        fail("json");
    }
    JV num() {
        size_t st = i;
        bool isint = true;
        if (s[i] == '-') i++;
        if (i < s.size() && s[i] == 'I') fail("non-finite");
        if (i >= s.size() || !isdigit((unsigned char)s[i])) fail("json");
        if (s[i] == '0') i++;
        else while (i < s.size() && isdigit((unsigned char)s[i])) i++;
        if (i < s.size() && s[i] == '.') {
            isint = false; i++;
            if (i >= s.size() || !isdigit((unsigned char)s[i])) fail("json");
            while (i < s.size() && isdigit((unsigned char)s[i])) i++;
        }
        if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
            isint = false; i++;
            if (i < s.size() && (s[i] == '+' || s[i] == '-')) i++;
            if (i >= s.size() || !isdigit((unsigned char)s[i])) fail("json");
            while (i < s.size() && isdigit((unsigned char)s[i])) i++;
        }
        JV v; v.t = JV::NUM; v.raw = s.substr(st, i - st);
        if (v.raw.size() > 40) fail("number");
        v.dv = strtod(v.raw.c_str(), nullptr);
        if (!std::isfinite(v.dv)) fail("non-finite");
        v.isInt = isint;
        if (isint) {
            errno = 0;
            long long x = strtoll(v.raw.c_str(), nullptr, 10);
            if (errno == 0) { v.intFits = true; v.iv = x; }
        }
        return v;
    }
    static void put8(string& o, unsigned cp) {
        if (cp < 0x80) o += (char)cp;
        else if (cp < 0x800) { o += (char)(0xC0 | (cp >> 6)); o += (char)(0x80 | (cp & 0x3F)); }
        else if (cp < 0x10000) { o += (char)(0xE0 | (cp >> 12)); o += (char)(0x80 | ((cp >> 6) & 0x3F)); o += (char)(0x80 | (cp & 0x3F)); }
        else { o += (char)(0xF0 | (cp >> 18)); o += (char)(0x80 | ((cp >> 12) & 0x3F)); o += (char)(0x80 | ((cp >> 6) & 0x3F)); o += (char)(0x80 | (cp & 0x3F)); }
    }
    unsigned hex4() {
        if (i + 4 > s.size()) fail("json");
        unsigned v = 0;
        for (int k = 0; k < 4; k++) {
            char c = s[i++]; v <<= 4;
            if (c >= '0' && c <= '9') v |= c - '0';
            else if (c >= 'a' && c <= 'f') v |= c - 'a' + 10;
            else if (c >= 'A' && c <= 'F') v |= c - 'A' + 10;
            else fail("json");
        }
        return v;
    }
    string str() {
        i++;  // opening quote
        string o;
        while (true) {
            if (i >= s.size()) fail("json");
            unsigned char c = s[i];
            if (c == '"') { i++; return o; }
            if (c < 0x20) fail("json");
            if (c == '\\') {
                i++;
                if (i >= s.size()) fail("json");
                char e = s[i++];
                switch (e) {
                    case '"': o += '"'; break;
                    case '\\': o += '\\'; break;
                    case '/': o += '/'; break;
                    case 'b': o += '\b'; break;
                    case 'f': o += '\f'; break;
                    case 'n': o += '\n'; break;
                    case 'r': o += '\r'; break;
                    case 't': o += '\t'; break;
                    case 'u': {
                        unsigned cp = hex4();
                        if (cp >= 0xD800 && cp < 0xDC00) {
                            if (i + 6 <= s.size() && s[i] == '\\' && s[i + 1] == 'u') {
                                i += 2;
                                unsigned lo = hex4();
                                if (lo < 0xDC00 || lo >= 0xE000) fail("surrogate");
                                cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                            } else fail("surrogate");
                        } else if (cp >= 0xDC00 && cp < 0xE000) fail("surrogate");
                        put8(o, cp);
                        break;
                    }
                    default: fail("json");
                }
                continue;
            }
            o += (char)c; i++;
        }
    }
};

static bool validUtf8(const string& s) {
    size_t i = 0, n = s.size();
    while (i < n) {
        unsigned char c = s[i];
        if (c < 0x80) { i++; continue; }
        int len; unsigned cp;
        if ((c & 0xE0) == 0xC0) { len = 2; cp = c & 0x1F; if (c < 0xC2) return false; }
        else if ((c & 0xF0) == 0xE0) { len = 3; cp = c & 0x0F; }
        else if ((c & 0xF8) == 0xF0) { len = 4; cp = c & 0x07; if (c > 0xF4) return false; }
        else return false;
        if (i + len > n) return false;
        for (int k = 1; k < len; k++) {
            unsigned char d = s[i + k];
            if ((d & 0xC0) != 0x80) return false;
            cp = (cp << 6) | (d & 0x3F);
        }
        if (len == 3 && (cp < 0x800 || (cp >= 0xD800 && cp < 0xE000))) return false;
        if (len == 4 && (cp < 0x10000 || cp > 0x10FFFF)) return false;
        i += len;
    }
    return true;
}

static string jstr(const string& s) {
    string o = "\"";
    for (unsigned char c : s) {
        if (c == '"') o += "\\\"";
        else if (c == '\\') o += "\\\\";
        else if (c < 0x20) { char b[8]; snprintf(b, sizeof b, "\\u%04x", c); o += b; }
        else o += (char)c;
    }
    return o + "\"";
}

// ------------------------------------------------------------------ cards
static const char* RANKS[9] = {"A", "10", "K", "Q", "J", "9", "8", "7", "6"};
static const char* SUITS = "CDHS";
static const int BASEPTS[9] = {11, 10, 4, 3, 2, 0, 0, 0, 0};
enum { SC = 0, SD = 1, SH = 2, SS = 3 };
static inline int suitOf(int c) { return c / 9; }
static inline int rankOf(int c) { return c % 9; }
static string cardName(int c) { return string(RANKS[rankOf(c)]) + SUITS[suitOf(c)]; }
static int parseCard(const string& s) {
    if (s.size() < 2 || s.size() > 3) return -1;
    string r = s.substr(0, s.size() - 1);
    char su = s.back();
    const char* p = strchr(SUITS, su);
    if (!p || su == 0) return -1;
    for (int k = 0; k < 9; k++) if (r == RANKS[k]) return (int)(p - SUITS) * 9 + k;
    return -1;
}
static int parseSuit(const string& s) {
    if (s.size() != 1) return -1;
    const char* p = strchr(SUITS, s[0]);
    if (!p || s[0] == 0) return -1;
    return (int)(p - SUITS);
}
typedef uint64_t Mask;
static inline Mask bit(int c) { return (Mask)1 << c; }
static inline Mask suitMask(int s) { return ((Mask)0x1FF) << (9 * s); }
static inline int popc(Mask m) { return __builtin_popcountll(m); }

// ------------------------------------------------------------------ house rules
struct House {
    bool widowFirst = false;        // deal-widow-first
    bool grandNeedsPrior = false;   // auction-grand-over-chico-prior-bidder-only
    bool noCountersAway = false;    // widow-no-counters-laid-away
    bool noTrumpDuty = false;       // play-no-trump-duty
    bool sevenTop = false;          // trick-seven-of-trump-top
    bool frogDiamonds = false;      // trump-frog-diamonds
    bool aceDouble = false;         // count-trump-ace-double
    bool flatFrog = false;          // settle-flat-frog
    bool redealOnPass = false;      // match-redeal-same-dealer-on-pass
};
static House H;

// ------------------------------------------------------------------ rulesets
enum DealPat { P3344, P4334, SINGLY };
enum Auc { OVERBID, ONEROUND, ONEBID };
struct RS {
    string id;
    int minP, maxP;
    DealPat pat;
    Auc auc;
    bool hasFrog, widowShown, chicoHearts;
    int rate[4];      // by contract 1..3
    bool coeur;       // fixed 25/50/75
    bool optSitting, optPenalty;
    int bank;
    bool hasEnd;
    bool lowCard;     // first dealer low card chooses
    const char* aucRule;
    const char* trumpRule;
};
static vector<RS> RULESETS = {
    {"foster-1909", 3, 5, P3344, OVERBID, true, true, false, {0, 1, 2, 4}, false, false, false, 0, false, false, "auction.overbid-to-raise", "trump.chico-not-hearts"},
    {"hoyle-1907", 3, 5, P3344, OVERBID, true, true, false, {0, 1, 2, 4}, false, false, false, 0, false, false, "auction.overbid-to-raise", "trump.chico-not-hearts"},
    {"modern", 3, 5, P4334, ONEROUND, true, false, false, {0, 1, 2, 4}, false, false, false, 0, false, false, "auction.one-round-frog-may-raise", "trump.chico-not-hearts"},
    {"official-1922-solo", 3, 7, SINGLY, ONEROUND, true, false, false, {0, 1, 2, 3}, false, true, true, 120, true, true, "auction.one-round-frog-may-raise", "trump.chico-not-hearts"},
    {"official-1922-straight", 3, 7, SINGLY, ONEROUND, false, false, false, {0, 0, 1, 2}, false, true, false, 120, true, true, "auction.one-round-frog-may-raise", "trump.chico-not-hearts"},
    {"official-1922-coeur-dalene", 3, 7, SINGLY, ONEROUND, true, false, false, {0, 25, 50, 75}, true, true, true, 120, true, true, "auction.one-round-frog-may-raise", "trump.chico-not-hearts"},
    {"gamerules", 3, 3, P4334, ONEBID, true, false, true, {0, 1, 2, 3}, false, false, false, 150, false, false, "auction.one-bid-each", "trump.chico-any-suit"},
};
static const RS* findRS(const string& id) {
    for (auto& r : RULESETS) if (r.id == id) return &r;
    return nullptr;
}
enum { SIT_RECV = 0, SIT_PAY = 1, SIT_SOLO = 2 };
struct Opts { int sitting = SIT_RECV; bool penalty = false; };

static const char* CONTRACTS[4] = {"", "frog", "chico", "grand"};
static int parseContract(const string& s) {
    for (int k = 1; k <= 3; k++) if (s == CONTRACTS[k]) return k;
    return -1;
}

// ------------------------------------------------------------------ errors
struct ReqErr {
    string kind; string rule; string msg; long long at = -1; long long deal = -1;
};
static ReqErr invalid(const string& m) { return ReqErr{"invalid", "", m}; }
static ReqErr unsupported(const string& m) { return ReqErr{"unsupported", "", m}; }

// ------------------------------------------------------------------ rules
static void activeSeats(int players, int dealer, int out[3]) {
    if (players == 3) { out[0] = (dealer + 1) % 3; out[1] = (dealer + 2) % 3; out[2] = dealer; }
    else if (players == 4) { out[0] = (dealer + 1) % 4; out[1] = (dealer + 2) % 4; out[2] = (dealer + 3) % 4; }
    else { out[0] = (dealer + 1) % players; out[1] = (dealer + 2) % players; out[2] = (dealer + players - 1) % players; }
}

// deal: hands by active index, widow
static void doDeal(const RS& rs, const vector<int>& deck, Mask hands[3], Mask& widow) {
    hands[0] = hands[1] = hands[2] = 0; widow = 0;
    size_t p = 0;
    auto give = [&](int who, int n) {
        for (int k = 0; k < n; k++) {
            int c = deck[p++];
            if (who < 0) widow |= bit(c); else hands[who] |= bit(c);
        }
    };
    if (H.widowFirst) {
        give(-1, 3);
        if (rs.pat == P3344) { for (int w = 0; w < 3; w++) give(w, 3); for (int r = 0; r < 2; r++) for (int w = 0; w < 3; w++) give(w, 4); }
        else if (rs.pat == P4334) { for (int w = 0; w < 3; w++) give(w, 4); for (int w = 0; w < 3; w++) give(w, 3); for (int w = 0; w < 3; w++) give(w, 4); }
        else { int w = 0; while (p < 36) { give(w, 1); w = (w + 1) % 3; } }
        return;
    }
    if (rs.pat == P3344) {
        for (int w = 0; w < 3; w++) give(w, 3);
        give(-1, 3);
        for (int r = 0; r < 2; r++) for (int w = 0; w < 3; w++) give(w, 4);
    } else if (rs.pat == P4334) {
        for (int w = 0; w < 3; w++) give(w, 4);
        give(-1, 3);
        for (int w = 0; w < 3; w++) give(w, 3);
        for (int w = 0; w < 3; w++) give(w, 4);
    } else {
        int w = 0;
        for (int k = 0; k < 36; k++) {
            if (k == 0 || k == 3 || k == 7) give(-1, 1);
            else { give(w, 1); w = (w + 1) % 3; }
        }
    }
}

// rank strength: higher is better
static inline int strength(int c, int trump) {
    int r = rankOf(c);
    int s = 8 - r;  // A=8 .. 6=0
    if (H.sevenTop && trump >= 0 && suitOf(c) == trump && r == 7) s = 100;
    return s;
}
static int trickWinner(const int* cards, int n, int trump) {
    int w = 0;
    for (int k = 1; k < n; k++) {
        int c = cards[k], b = cards[w];
        bool ct = trump >= 0 && suitOf(c) == trump, bt = trump >= 0 && suitOf(b) == trump;
        if (ct && !bt) { w = k; continue; }
        if (suitOf(c) == suitOf(b) && strength(c, trump) > strength(b, trump)) w = k;
    }
    return w;
}
static Mask legalPlays(Mask hand, const int* trick, int n, int trump) {
    if (n == 0) return hand;
    int led = suitOf(trick[0]);
    Mask f = hand & suitMask(led);
    if (f) return f;
    if (trump >= 0 && !H.noTrumpDuty) {
        Mask t = hand & suitMask(trump);
        if (t) return t;
    }
    return hand;
}
static int cardPts(int c, int trump) {
    if (H.aceDouble && trump >= 0 && suitOf(c) == trump && rankOf(c) == 0) return 22;
    return BASEPTS[rankOf(c)];
}
static int maxPoints() { return H.aceDouble ? 131 : 120; }

// settlement: returns false with rule if contract not in ruleset
static vector<long long> settle(const RS& rs, const Opts& o, int players, int dealer, int bidder, int contract, int bp) {
    vector<long long> pay(players, 0);
    int total = maxPoints();
    // margin: positive won, negative lost, zero tie
    int margin;
    if (H.aceDouble) margin = bp >= 66 ? bp - 65 : -(66 - bp);
    else margin = bp - 60;
    (void)total;
    if (margin == 0) return pay;
    bool won = margin > 0;
    long long amount;
    if (rs.coeur) {
        int c = contract;
        if (!won && contract == 1 && o.penalty) c = 3;
        amount = rs.rate[c];
    } else {
        int m = abs(margin);
        if (H.flatFrog && contract == 1) m = 10;
        int rate = rs.rate[contract];
        if (!won && contract == 1 && o.penalty) rate = rs.rate[3];
        amount = (long long)m * rate;
    }
    int act[3]; activeSeats(players, dealer, act);
    bool isActive[8] = {false};
    for (int k = 0; k < 3; k++) isActive[act[k]] = true;
    for (int s = 0; s < players; s++) {
        if (s == bidder) continue;
        bool settles;
        if (isActive[s]) settles = true;
        else if (!won) settles = true;
        else settles = (o.sitting == SIT_PAY) || (o.sitting == SIT_SOLO && contract != 1);
        if (!settles) continue;
        if (won) { pay[s] -= amount; pay[bidder] += amount; }
        else { pay[s] += amount; pay[bidder] -= amount; }
    }
    return pay;
}

// ------------------------------------------------------------------ game state
enum Phase { AUCTION, DISCARD, TRUMP, PLAY, OVER };
enum AType { A_PASS, A_BID, A_DISCARD, A_TRUMP, A_PLAY };
struct Action { int type; int arg; };
static string actionName(const Action& a) {
    switch (a.type) {
        case A_PASS: return "pass";
        case A_BID: return CONTRACTS[a.arg];
        case A_DISCARD: return "discard " + cardName(a.arg);
        case A_TRUMP: return string("trump ") + SUITS[a.arg];
        default: return "play " + cardName(a.arg);
    }
}
static bool parseAction(const string& s, Action& a) {
    if (s == "pass") { a = {A_PASS, 0}; return true; }
    int c = parseContract(s);
    if (c > 0) { a = {A_BID, c}; return true; }
    if (s.compare(0, 8, "discard ") == 0) { int k = parseCard(s.substr(8)); if (k < 0) return false; a = {A_DISCARD, k}; return true; }
    if (s.compare(0, 5, "play ") == 0) { int k = parseCard(s.substr(5)); if (k < 0) return false; a = {A_PLAY, k}; return true; }
    if (s.compare(0, 6, "trump ") == 0) { int k = parseSuit(s.substr(6)); if (k < 0) return false; a = {A_TRUMP, k}; return true; }
    return false;
}

struct St {
    const RS* rs; Opts opt; int players, dealer;
    int act[3];
    Mask hand[3]; Mask widow = 0, laid = 0;
    int phase = AUCTION;
    // auction
    bool passed[3] = {false, false, false}, hasBid[3] = {false, false, false};
    int holder = -1, high = 0, lastActor = -1, pos = 0, pending = -1;
    int toAct = 0;  // active index
    int bidder = -1, contract = 0, trump = -1;
    int trick[3]; int ntrick = 0; int leader = 0;
    int tricks = 0, bpts = 0, dpts = 0, ndisc = 0;
    bool allPassed = false;
    vector<long long> payments;
    int finalB = 0, finalD = 0;
};

static int aucCandidate(const St& s) {
    const RS& rs = *s.rs;
    if (rs.auc == OVERBID) {
        int start = s.lastActor < 0 ? 0 : (s.lastActor + 1) % 3;
        if (s.holder < 0) {
            for (int k = 0; k < 3; k++) { int i = (start + k) % 3; if (!s.passed[i]) return i; }
            return -1;
        }
        for (int k = 0; k < 3; k++) { int i = (start + k) % 3; if (!s.passed[i] && i != s.holder) return i; }
        return -1;
    }
    if (rs.auc == ONEROUND && s.pending >= 0) return s.pending;
    if (s.pos < 3) return s.pos;
    return -1;
}
static bool bidAllowed(const St& s, int who, int b) {
    if (b == 1 && !s.rs->hasFrog) return false;
    if (b <= s.high) return false;
    if (H.grandNeedsPrior && b == 3 && s.high == 2 && !s.hasBid[who]) return false;
    return true;
}
static void applyPassRaw(St& s, int who) {
    s.passed[who] = true; s.lastActor = who;
    if (s.rs->auc == ONEROUND) { if (s.pending == who) s.pending = -1; else s.pos++; }
    else if (s.rs->auc == ONEBID) s.pos++;
}
static void startPlay(St& s) { s.phase = PLAY; s.leader = 0; s.toAct = 0; s.ntrick = 0; }
static void finishAuction(St& s) {
    if (s.holder < 0) {
        s.phase = OVER; s.allPassed = true;
        s.payments.assign(s.players, 0);
        return;
    }
    s.bidder = s.holder; s.contract = s.high;
    if (s.contract == 1) {
        s.phase = DISCARD; s.trump = H.frogDiamonds ? SD : SH;
        s.hand[s.bidder] |= s.widow; s.toAct = s.bidder;
    } else if (s.contract == 2) {
        s.phase = TRUMP; s.toAct = s.bidder;
    } else {
        s.trump = SH; startPlay(s);
    }
}
static void advanceAuction(St& s) {
    while (true) {
        int c = aucCandidate(s);
        if (c < 0) { finishAuction(s); return; }
        bool any = false;
        for (int b = 1; b <= 3; b++) if (bidAllowed(s, c, b)) any = true;
        if (any) { s.toAct = c; return; }
        applyPassRaw(s, c);
    }
}
static void initGame(St& s, const RS* rs, const Opts& o, int players, int dealer, const vector<int>& deck) {
    s.rs = rs; s.opt = o; s.players = players; s.dealer = dealer;
    activeSeats(players, dealer, s.act);
    doDeal(*rs, deck, s.hand, s.widow);
    advanceAuction(s);
}
static bool discardAllowed(const St& s, int c) {
    Mask h = s.hand[s.bidder];
    if (!(h & bit(c))) return false;
    if (H.noCountersAway) {
        Mask counters = 0;
        for (int su = 0; su < 4; su++) counters |= bit(su * 9) | bit(su * 9 + 1);
        if ((bit(c) & counters) && (h & ~counters)) return false;
    }
    return true;
}
static bool trumpAllowed(const St& s, int su) { return s.rs->chicoHearts || su != SH; }

static void legalActions(const St& s, vector<Action>& out) {
    out.clear();
    switch (s.phase) {
        case AUCTION:
            out.push_back({A_PASS, 0});
            for (int b = 1; b <= 3; b++) if (bidAllowed(s, s.toAct, b)) out.push_back({A_BID, b});
            break;
        case DISCARD:
            for (int c = 0; c < 36; c++) if (discardAllowed(s, c)) out.push_back({A_DISCARD, c});
            break;
        case TRUMP:
            for (int su = 0; su < 4; su++) if (trumpAllowed(s, su)) out.push_back({A_TRUMP, su});
            break;
        case PLAY: {
            Mask m = legalPlays(s.hand[s.toAct], s.trick, s.ntrick, s.trump);
            for (int c = 0; c < 36; c++) if (m & bit(c)) out.push_back({A_PLAY, c});
            break;
        }
        default: break;
    }
}

static void finishDeal(St& s) {
    s.phase = OVER;
    int extra = 0;
    Mask wm = s.contract == 1 ? s.laid : s.widow;
    for (int c = 0; c < 36; c++) if (wm & bit(c)) extra += cardPts(c, s.trump);
    s.finalB = s.bpts + extra; s.finalD = s.dpts;
    s.payments = settle(*s.rs, s.opt, s.players, s.dealer, s.act[s.bidder], s.contract, s.finalB);
}

// returns "" if ok, else the rule id broken
static const char* applyAction(St& s, const Action& a) {
    switch (s.phase) {
        case AUCTION: {
            if (a.type == A_PASS) { applyPassRaw(s, s.toAct); advanceAuction(s); return nullptr; }
            if (a.type != A_BID) return "deal.actions-by-phase";
            int b = a.arg, who = s.toAct;
            if (b == 1 && !s.rs->hasFrog) return "auction.contracts-without-frog";
            if (b <= s.high) return "auction.contract-order";
            if (!bidAllowed(s, who, b)) return "auction.contract-order";
            int prevHolder = s.holder, prevHigh = s.high;
            s.holder = who; s.high = b; s.hasBid[who] = true; s.lastActor = who;
            if (s.rs->auc == ONEROUND) {
                if (s.pending == who) s.pending = -1;
                else {
                    s.pos++;
                    if (b == 2 && prevHigh == 1 && prevHolder >= 0) s.pending = prevHolder;
                }
            } else if (s.rs->auc == ONEBID) s.pos++;
            advanceAuction(s);
            return nullptr;
        }
        case DISCARD: {
            if (a.type != A_DISCARD) return "deal.actions-by-phase";
            if (!discardAllowed(s, a.arg)) return "widow.frog-take-and-discard";
            s.hand[s.bidder] &= ~bit(a.arg); s.laid |= bit(a.arg); s.ndisc++;
            if (s.ndisc == 3) startPlay(s);
            return nullptr;
        }
        case TRUMP: {
            if (a.type != A_TRUMP) return "deal.actions-by-phase";
            if (!trumpAllowed(s, a.arg)) return s.rs->trumpRule;
            s.trump = a.arg; startPlay(s);
            return nullptr;
        }
        case PLAY: {
            if (a.type != A_PLAY) return "deal.actions-by-phase";
            int c = a.arg; Mask h = s.hand[s.toAct];
            if (!(h & bit(c))) return "play.card-from-hand";
            Mask L = legalPlays(h, s.trick, s.ntrick, s.trump);
            if (!(L & bit(c))) {
                int led = suitOf(s.trick[0]);
                if (h & suitMask(led)) return "play.follow-suit";
                return "play.must-trump";
            }
            s.hand[s.toAct] &= ~bit(c);
            s.trick[s.ntrick++] = c;
            if (s.ntrick < 3) { s.toAct = (s.toAct + 1) % 3; return nullptr; }
            int w = trickWinner(s.trick, 3, s.trump);
            int winner = (s.leader + w) % 3;
            int p = 0; for (int k = 0; k < 3; k++) p += cardPts(s.trick[k], s.trump);
            if (winner == s.bidder) s.bpts += p; else s.dpts += p;
            s.tricks++; s.ntrick = 0; s.leader = winner; s.toAct = winner;
            if (s.tricks == 11) finishDeal(s);
            return nullptr;
        }
        default: return "deal.actions-by-phase";
    }
}

// ------------------------------------------------------------------ output helpers
static string seatOrNull(int v) { return v < 0 ? "null" : to_string(v); }
static string obsJson(const St& s) {
    string o = "{\"phase\":";
    static const char* PN[5] = {"auction", "discard", "trump", "play", "over"};
    o += string("\"") + PN[s.phase] + "\"";
    o += ",\"to_act\":" + (s.phase == OVER ? string("null") : to_string(s.act[s.toAct]));
    o += ",\"legal\":[";
    vector<Action> L; legalActions(s, L);
    for (size_t k = 0; k < L.size(); k++) { if (k) o += ","; o += jstr(actionName(L[k])); }
    o += "]";
    bool bidDone = s.phase != AUCTION && !s.allPassed;
    o += ",\"bidder\":" + (bidDone ? to_string(s.act[s.bidder]) : string("null"));
    o += ",\"contract\":" + (bidDone ? jstr(CONTRACTS[s.contract]) : string("null"));
    o += ",\"trump\":" + ((bidDone && s.trump >= 0) ? jstr(string(1, SUITS[s.trump])) : string("null"));
    if (bidDone && s.contract == 1) o += string(",\"widow_shown\":") + (s.rs->widowShown ? "true" : "false");
    if (s.phase == OVER) {
        if (!s.allPassed) o += ",\"points\":{\"bidder\":" + to_string(s.finalB) + ",\"defenders\":" + to_string(s.finalD) + "}";
        o += ",\"payments\":[";
        for (size_t k = 0; k < s.payments.size(); k++) { if (k) o += ","; o += to_string(s.payments[k]); }
        o += "]";
    }
    return o + "}";
}

// ------------------------------------------------------------------ request reading
static bool getInt(const JV* v, long long& out) {
    if (!v || v->t != JV::NUM || !v->isInt || !v->intFits) return false;
    out = v->iv; return true;
}
static const RS* needRuleset(const JV& req) {
    const JV* r = req.get("ruleset");
    if (!r || r->t != JV::STR) throw invalid("ruleset missing or not a string");
    const RS* rs = findRS(r->s);
    if (!rs) throw unsupported("unknown ruleset");
    return rs;
}
static Opts readOptions(const JV& req, const RS& rs) {
    const JV* o = req.get("options");
    if (!o || o->t != JV::OBJ) throw invalid("options must be an object");
    Opts op;
    for (auto& p : o->o) {
        if (p.first == "sitting_out" && rs.optSitting) {
            if (p.second.t != JV::STR) throw invalid("sitting_out is a string");
            if (p.second.s == "receive-only") op.sitting = SIT_RECV;
            else if (p.second.s == "pay-and-receive") op.sitting = SIT_PAY;
            else if (p.second.s == "pay-and-receive-solo-only") op.sitting = SIT_SOLO;
            else throw invalid("bad sitting_out value");
        } else if (p.first == "penalty_frog" && rs.optPenalty) {
            if (p.second.t != JV::BOOL) throw invalid("penalty_frog is a boolean");
            op.penalty = p.second.b;
        } else throw invalid("unknown option " + p.first);
    }
    return op;
}
static int readPlayers(const JV& req, const RS& rs) {
    long long p;
    if (!getInt(req.get("players"), p)) throw invalid("players must be an integer");
    if (p < rs.minP || p > rs.maxP) throw invalid("player count not allowed");
    return (int)p;
}
static int readSeat(const JV& req, const char* key, int players) {
    long long v;
    if (!getInt(req.get(key), v)) throw invalid(string(key) + " must be an integer seat");
    if (v < 0 || v >= players) throw invalid(string(key) + " out of range");
    return (int)v;
}
static vector<int> readDeck(const JV* d) {
    if (!d || d->t != JV::ARR) throw invalid("deck must be a list");
    if (d->a.size() != 36) throw invalid("deck must have 36 cards");
    vector<int> deck; Mask seen = 0;
    for (auto& x : d->a) {
        if (x.t != JV::STR) throw invalid("card must be a string");
        int c = parseCard(x.s);
        if (c < 0) throw invalid("unknown card " + x.s);
        if (seen & bit(c)) throw invalid("card twice");
        seen |= bit(c); deck.push_back(c);
    }
    return deck;
}
static vector<Action> readActions(const JV* a) {
    if (!a || a->t != JV::ARR) throw invalid("actions must be a list");
    vector<Action> out;
    for (auto& x : a->a) {
        if (x.t != JV::STR) throw invalid("action must be a string");
        Action ac;
        if (!parseAction(x.s, ac)) throw invalid("not an action: " + x.s);
        out.push_back(ac);
    }
    return out;
}
static vector<int> readCardList(const JV* v, size_t lo, size_t hi, const char* what) {
    if (!v || v->t != JV::ARR) throw invalid(string(what) + " must be a list");
    if (v->a.size() < lo || v->a.size() > hi) throw invalid(string(what) + " has a wrong number of cards");
    vector<int> out; Mask seen = 0;
    for (auto& x : v->a) {
        if (x.t != JV::STR) throw invalid("card must be a string");
        int c = parseCard(x.s);
        if (c < 0) throw invalid("unknown card");
        if (seen & bit(c)) throw invalid("card twice");
        seen |= bit(c); out.push_back(c);
    }
    return out;
}
static int readTrump(const JV& req) {
    const JV* t = req.get("trump");
    if (!t) throw invalid("trump missing");
    if (t->t == JV::NUL) return -1;
    if (t->t != JV::STR) throw invalid("trump must be a suit or null");
    int s = parseSuit(t->s);
    if (s < 0) throw invalid("unknown suit");
    return s;
}

// run actions; returns index of illegal action or -1
static long long runActions(St& s, const vector<Action>& acts, string& rule) {
    for (size_t k = 0; k < acts.size(); k++) {
        const char* r = applyAction(s, acts[k]);
        if (r) { rule = r; return (long long)k; }
    }
    return -1;
}

// perft
struct PerftAbort {};
static long long visited;
static const long long PERFT_LIMIT = 100000;
static long long perft(const St& s, long long depth) {
    if (s.phase == OVER || depth == 0) return 1;
    vector<Action> L; legalActions(s, L);
    long long tot = 0;
    for (auto& a : L) {
        St t = s; applyAction(t, a);
        if (t.phase != OVER && depth - 1 != 0) { if (++visited > PERFT_LIMIT) throw PerftAbort{}; }
        tot += perft(t, depth - 1);
    }
    return tot;
}

// ------------------------------------------------------------------ ops
static const char* OPS[] = {"hello", "card_points", "trick_winner", "legal_plays", "deal", "settle", "game", "match", "perft", "first_dealer"};

static string handle(const JV& req) {
    const JV* opv = req.get("op");
    string op = opv->s;
    if (op == "hello") {
        const JV* sp = req.get("spec");
        if (!sp || sp->t != JV::STR) throw invalid("spec must be a string");
        if (sp->s != "1") throw unsupported("protocol version not spoken");
        string o = "{\"name\":\"frog-heldout25-cpp\",\"version\":\"1.0\",\"rulesets\":[";
        for (size_t k = 0; k < RULESETS.size(); k++) { if (k) o += ","; o += jstr(RULESETS[k].id); }
        o += "],\"ops\":[";
        for (size_t k = 0; k < sizeof(OPS) / sizeof(OPS[0]); k++) { if (k) o += ","; o += jstr(OPS[k]); }
        o += "],\"rule_ids\":\"frogspec\"}";
        return o;
    }
    if (op == "card_points") {
        const JV* c = req.get("card");
        if (!c || c->t != JV::STR) throw invalid("card must be a string");
        int k = parseCard(c->s);
        if (k < 0) throw invalid("unknown card");
        return to_string(BASEPTS[rankOf(k)]);
    }
    bool known = false;
    for (auto o : OPS) if (op == o) known = true;
    if (!known) throw unsupported("unknown op");
    const RS* rs = needRuleset(req);
    if (op == "trick_winner") {
        int tr = readTrump(req);
        vector<int> cards = readCardList(req.get("cards"), 1, 3, "cards");
        return to_string(trickWinner(cards.data(), (int)cards.size(), tr));
    }
    if (op == "legal_plays") {
        int tr = readTrump(req);
        vector<int> hand = readCardList(req.get("hand"), 1, 11, "hand");
        vector<int> trick = readCardList(req.get("trick"), 0, 2, "trick");
        Mask hm = 0; for (int c : hand) hm |= bit(c);
        for (int c : trick) if (hm & bit(c)) throw invalid("card in hand and trick");
        Mask L = legalPlays(hm, trick.data(), (int)trick.size(), tr);
        string o = "["; bool first = true;
        for (int c : hand) if (L & bit(c)) { if (!first) o += ","; first = false; o += jstr(cardName(c)); }
        return o + "]";
    }
    if (op == "first_dealer") {
        int players = readPlayers(req, *rs);
        if (rs->lowCard) {
            int low = readSeat(req, "lowest", players);
            const JV* ch = req.get("chooses_to_deal");
            if (!ch || ch->t != JV::BOOL) throw invalid("chooses_to_deal must be a boolean");
            return to_string(ch->b ? low : (low + players - 1) % players);
        }
        return to_string(readSeat(req, "chosen", players));
    }
    Opts opt = readOptions(req, *rs);
    int players = readPlayers(req, *rs);
    if (op == "settle") {
        int dealer = readSeat(req, "dealer", players);
        int bidder = readSeat(req, "bidder", players);
        const JV* cv = req.get("contract");
        if (!cv || cv->t != JV::STR) throw invalid("contract must be a string");
        int c = parseContract(cv->s);
        if (c < 0) throw invalid("unknown contract");
        long long bp;
        if (!getInt(req.get("bidder_points"), bp)) throw invalid("bidder_points must be an integer");
        if (bp < 0 || bp > maxPoints()) throw invalid("bidder_points out of range");
        int act[3]; activeSeats(players, dealer, act);
        if (bidder != act[0] && bidder != act[1] && bidder != act[2]) throw invalid("bidder sits out");
        if (c == 1 && !rs->hasFrog) { ReqErr e{"illegal", "auction.contracts-without-frog", "no Frog in this ruleset"}; throw e; }
        vector<long long> p = settle(*rs, opt, players, dealer, bidder, c, (int)bp);
        string o = "[";
        for (size_t k = 0; k < p.size(); k++) { if (k) o += ","; o += to_string(p[k]); }
        return o + "]";
    }
    if (op == "deal") {
        int dealer = readSeat(req, "dealer", players);
        vector<int> deck = readDeck(req.get("deck"));
        St s; initGame(s, rs, opt, players, dealer, deck);
        string o = "{\"active\":[" + to_string(s.act[0]) + "," + to_string(s.act[1]) + "," + to_string(s.act[2]) + "],\"eldest\":" + to_string(s.act[0]) + ",\"hands\":[";
        // note: hands as dealt (the auction has not touched them)
        for (int seat = 0; seat < players; seat++) {
            if (seat) o += ",";
            int ai = -1; for (int k = 0; k < 3; k++) if (s.act[k] == seat) ai = k;
            if (ai < 0) { o += "null"; continue; }
            o += "["; bool first = true;
            for (int c = 0; c < 36; c++) if (s.hand[ai] & bit(c)) { if (!first) o += ","; first = false; o += jstr(cardName(c)); }
            o += "]";
        }
        o += "],\"widow\":[";
        bool first = true;
        for (int c = 0; c < 36; c++) if (s.widow & bit(c)) { if (!first) o += ","; first = false; o += jstr(cardName(c)); }
        return o + "]}";
    }
    if (op == "game" || op == "perft") {
        int dealer = readSeat(req, "dealer", players);
        vector<int> deck = readDeck(req.get("deck"));
        vector<Action> acts = readActions(req.get("actions"));
        long long depth = -1;
        if (op == "perft") {
            const JV* d = req.get("depth");
            if (d && d->t != JV::NUL) {
                if (!getInt(d, depth) || depth < 0) throw invalid("depth must be a non-negative integer");
            }
        }
        St s; initGame(s, rs, opt, players, dealer, deck);
        string rule;
        long long at = runActions(s, acts, rule);
        if (at >= 0) { ReqErr e{"illegal", rule, "illegal action"}; e.at = at; throw e; }
        if (op == "game") return obsJson(s);
        visited = 0;
        vector<Action> L;
        string o;
        long long total = 0;
        try {
            if (s.phase == OVER || depth == 0) return "{\"total\":1,\"by_first\":{}}";
            legalActions(s, L);
            o = "{";
            bool first = true;
            for (auto& a : L) {
                St t = s; applyAction(t, a);
                long long nd = depth < 0 ? -1 : depth - 1;
                if (t.phase != OVER && nd != 0) { if (++visited > PERFT_LIMIT) throw PerftAbort{}; }
                long long n = perft(t, nd);
                total += n;
                if (!first) o += ","; first = false;
                o += jstr(actionName(a)) + ":" + to_string(n);
            }
            o += "}";
        } catch (PerftAbort&) { throw invalid("perft would visit more than 100000 positions"); }
        return "{\"total\":" + to_string(total) + ",\"by_first\":" + o + "}";
    }
    if (op == "match") {
        int fd = readSeat(req, "first_dealer", players);
        const JV* dv = req.get("deals");
        if (!dv || dv->t != JV::ARR) throw invalid("deals must be a list");
        vector<vector<int>> decks; vector<vector<Action>> actss;
        for (auto& d : dv->a) {
            if (d.t != JV::OBJ) throw invalid("a deal is an object");
            decks.push_back(readDeck(d.get("deck")));
            actss.push_back(readActions(d.get("actions")));
        }
        vector<long long> bal(players, rs->bank);
        vector<int> dealers;
        bool over = false; int loser = -1;
        int dealer = fd;
        for (size_t i = 0; i < decks.size(); i++) {
            if (over) { ReqErr e{"illegal", "match.first-unable-to-pay-loses", "the game is over"}; e.at = 0; e.deal = (long long)i; throw e; }
            dealers.push_back(dealer);
            St s; initGame(s, rs, opt, players, dealer, decks[i]);
            string rule;
            long long at = runActions(s, actss[i], rule);
            if (at >= 0) { ReqErr e{"illegal", rule, "illegal action"}; e.at = at; e.deal = (long long)i; throw e; }
            if (s.phase != OVER) throw invalid("a deal of the match stops before its end");
            if (!s.allPassed && rs->hasEnd) {
                int b = s.act[s.bidder];
                for (int k = 0; k < players; k++) {
                    int seat = (b + k) % players;
                    if (-s.payments[seat] > bal[seat]) { loser = seat; over = true; break; }
                }
            }
            for (int k = 0; k < players; k++) bal[k] += s.payments[k];
            if (!(H.redealOnPass && s.allPassed)) dealer = (dealer + 1) % players;
        }
        string o = "{\"balances\":[";
        for (int k = 0; k < players; k++) { if (k) o += ","; o += to_string(bal[k]); }
        o += "],\"dealers\":[";
        for (size_t k = 0; k < dealers.size(); k++) { if (k) o += ","; o += to_string(dealers[k]); }
        o += "],\"over\":" + string(over ? "true" : "false") + ",\"loser\":" + seatOrNull(loser) + "}";
        return o;
    }
    throw unsupported("unknown op");
}

static string errJson(const string& idtxt, const ReqErr& e) {
    string o = "{\"id\":" + idtxt + ",\"error\":{\"kind\":" + jstr(e.kind) + ",\"rule\":" + (e.rule.empty() ? string("null") : jstr(e.rule)) + ",\"message\":" + jstr(e.msg);
    if (e.at >= 0) o += ",\"at\":" + to_string(e.at);
    if (e.deal >= 0) o += ",\"deal\":" + to_string(e.deal);
    return o + "}}";
}

static string processLine(const string& line) {
    if (line.size() > 16777216) return errJson("null", invalid("length: line too long"));
    if (!validUtf8(line)) return errJson("null", invalid("utf-8: not UTF-8"));
    JV req;
    try { Parser p(line); req = p.parse(); }
    catch (JErr& e) { return errJson("null", invalid(e.why + ": malformed line")); }
    if (req.t != JV::OBJ) return errJson("null", invalid("json: request is not an object"));
    const JV* idv = req.get("id");
    if (!idv || idv->t != JV::NUM || !idv->isInt) return errJson("null", invalid("id must be an integer"));
    string idtxt = idv->raw;
    const JV* opv = req.get("op");
    if (!opv || opv->t != JV::STR) return errJson(idtxt, invalid("op must be a string"));
    try {
        string r = handle(req);
        return "{\"id\":" + idtxt + ",\"result\":" + r + "}";
    } catch (ReqErr& e) {
        return errJson(idtxt, e);
    }
}

int main(int argc, char** argv) {
    for (int k = 1; k < argc; k++) {
        string a = argv[k];
        if (a == "--house") {
            if (k + 1 >= argc) { fprintf(stderr, "--house needs a rule name\n"); return 2; }
            string n = argv[++k];
            if (n == "deal-widow-first") H.widowFirst = true;
            else if (n == "auction-grand-over-chico-prior-bidder-only") H.grandNeedsPrior = true;
            else if (n == "widow-no-counters-laid-away") H.noCountersAway = true;
            else if (n == "play-no-trump-duty") H.noTrumpDuty = true;
            else if (n == "trick-seven-of-trump-top") H.sevenTop = true;
            else if (n == "trump-frog-diamonds") H.frogDiamonds = true;
            else if (n == "count-trump-ace-double") H.aceDouble = true;
            else if (n == "settle-flat-frog") H.flatFrog = true;
            else if (n == "match-redeal-same-dealer-on-pass") H.redealOnPass = true;
            else { fprintf(stderr, "unknown house rule: %s\n", n.c_str()); return 2; }
        } else if (a == "--protocol") {
            // accepted and ignored
        } else { fprintf(stderr, "unknown argument: %s\n", a.c_str()); return 2; }
    }
    ios::sync_with_stdio(false);
    string line;
    while (getline(cin, line)) {
        bool blank = true;
        for (char c : line) if (c != ' ' && c != '\t' && c != '\r' && c != '\n') { blank = false; break; }
        if (blank) continue;
        string out = processLine(line);
        fwrite(out.data(), 1, out.size(), stdout);
        fputc('\n', stdout);
        fflush(stdout);
    }
    return 0;
}
