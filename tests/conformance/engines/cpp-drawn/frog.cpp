// Frog engine speaking the conformance protocol v1. C++17, standard library only.
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>
#include <algorithm>
using namespace std;

// ---------------- house rules ----------------
struct House {
  bool dealerPlaysFour = false, jumpGrand = false, widowToDefenders = false, noMustTrump = false,
       sixBeatsAce = false, grandSpades = false, lastTrickTen = false, lostDoubled = false,
       rotateRight = false;
} H;

// ---------------- JSON ----------------
struct J;
using JP = shared_ptr<J>;
struct J {
  enum T { NUL, BOOL, NUM, STR, ARR, OBJ } t = NUL;
  bool b = false;
  bool isInt = false;
  long long i = 0;
  double d = 0;
  string raw, s;
  vector<JP> a;
  vector<pair<string, JP>> o;
  JP get(const string& k) const {
    for (auto& p : o) if (p.first == k) return p.second;
    return nullptr;
  }
};
struct PErr { string what; };
struct Parser {
  const string& src; size_t p = 0;
  Parser(const string& s) : src(s) {}
  void ws() { while (p < src.size() && (src[p] == ' ' || src[p] == '\t' || src[p] == '\n' || src[p] == '\r')) p++; }
  [[noreturn]] void fail(const string& w) { throw PErr{w}; }
  static void putUtf8(string& out, unsigned cp) {
    if (cp < 0x80) out += (char)cp;
    else if (cp < 0x800) { out += (char)(0xC0 | (cp >> 6)); out += (char)(0x80 | (cp & 63)); }
    else if (cp < 0x10000) { out += (char)(0xE0 | (cp >> 12)); out += (char)(0x80 | ((cp >> 6) & 63)); out += (char)(0x80 | (cp & 63)); }
    else { out += (char)(0xF0 | (cp >> 18)); out += (char)(0x80 | ((cp >> 12) & 63)); out += (char)(0x80 | ((cp >> 6) & 63)); out += (char)(0x80 | (cp & 63)); }
  }
  unsigned hex4() {
    if (p + 4 > src.size()) fail("json");
    unsigned v = 0;
    for (int k = 0; k < 4; k++) {
      char c = src[p++]; v <<= 4;
      if (c >= '0' && c <= '9') v |= c - '0'; else if (c >= 'a' && c <= 'f') v |= c - 'a' + 10;
      else if (c >= 'A' && c <= 'F') v |= c - 'A' + 10; else fail("json");
    }
    return v;
  }
  string str() {
    p++; string out;
    while (true) {
      if (p >= src.size()) fail("json");
      unsigned char c = src[p];
      if (c == '"') { p++; return out; }
      if (c < 0x20) fail("json");
      if (c == '\\') {
        p++; if (p >= src.size()) fail("json");
        char e = src[p++];
        switch (e) {
          case '"': out += '"'; break; case '\\': out += '\\'; break; case '/': out += '/'; break;
          case 'b': out += '\b'; break; case 'f': out += '\f'; break; case 'n': out += '\n'; break;
          case 'r': out += '\r'; break; case 't': out += '\t'; break;
          case 'u': {
            unsigned cp = hex4();
            if (cp >= 0xD800 && cp < 0xDC00) {
              if (p + 6 <= src.size() && src[p] == '\\' && src[p + 1] == 'u') {
                p += 2; unsigned lo = hex4();
                if (lo < 0xDC00 || lo > 0xDFFF) fail("surrogate");
                cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
              } else fail("surrogate");
            } else if (cp >= 0xDC00 && cp < 0xE000) fail("surrogate");
            putUtf8(out, cp); break;
          }
          default: fail("json");
        }
      } else { out += (char)c; p++; }
    }
  }
  JP val(int depth) {
    ws();
    if (p >= src.size()) fail("json");
    auto j = make_shared<J>();
    char c = src[p];
    if (c == '{' || c == '[') {
      if (depth >= 64) fail("depth");
    }
    if (c == '{') {
      j->t = J::OBJ; p++; ws();
      if (p < src.size() && src[p] == '}') { p++; return j; }
      while (true) {
        ws(); if (p >= src.size() || src[p] != '"') fail("json");
        string k = str();
        for (auto& q : j->o) if (q.first == k) fail("duplicate-key");
        ws(); if (p >= src.size() || src[p] != ':') fail("json"); p++;
        JP v = val(depth + 1);
        j->o.push_back({k, v});
        ws(); if (p >= src.size()) fail("json");
        if (src[p] == ',') { p++; continue; }
        if (src[p] == '}') { p++; return j; }
        fail("json");
      }
    }
    if (c == '[') {
      j->t = J::ARR; p++; ws();
      if (p < src.size() && src[p] == ']') { p++; return j; }
      while (true) {
        j->a.push_back(val(depth + 1));
        ws(); if (p >= src.size()) fail("json");
        if (src[p] == ',') { p++; continue; }
        if (src[p] == ']') { p++; return j; }
        fail("json");
      }
    }
    if (c == '"') { j->t = J::STR; j->s = str(); return j; }
    if (src.compare(p, 4, "true") == 0) { p += 4; j->t = J::BOOL; j->b = true; return j; }
    if (src.compare(p, 5, "false") == 0) { p += 5; j->t = J::BOOL; j->b = false; return j; }
    if (src.compare(p, 4, "null") == 0) { p += 4; j->t = J::NUL; return j; }
    if (src.compare(p, 3, "NaN") == 0 || src.compare(p, 8, "Infinity") == 0 || src.compare(p, 9, "-Infinity") == 0) fail("non-finite");
    if (c == '-' || (c >= '0' && c <= '9')) {
      size_t st = p; bool intg = true;
      if (src[p] == '-') p++;
      if (p >= src.size() || !isdigit((unsigned char)src[p])) fail("json");
      if (src[p] == '0') p++; else while (p < src.size() && isdigit((unsigned char)src[p])) p++;
      if (p < src.size() && src[p] == '.') { intg = false; p++; if (p >= src.size() || !isdigit((unsigned char)src[p])) fail("json"); while (p < src.size() && isdigit((unsigned char)src[p])) p++; }
      if (p < src.size() && (src[p] == 'e' || src[p] == 'E')) { intg = false; p++; if (p < src.size() && (src[p] == '+' || src[p] == '-')) p++; if (p >= src.size() || !isdigit((unsigned char)src[p])) fail("json"); while (p < src.size() && isdigit((unsigned char)src[p])) p++; }
      j->raw = src.substr(st, p - st);
      if (j->raw.size() > 40) fail("number");
      j->t = J::NUM; j->d = strtod(j->raw.c_str(), nullptr);
      if (!(j->d < 1e308 && j->d > -1e308)) fail("non-finite");
      if (intg && j->raw.size() <= 18) { j->isInt = true; j->i = strtoll(j->raw.c_str(), nullptr, 10); }
      else if (intg) { j->isInt = true; j->i = (j->d > 0) ? (1LL << 62) : -(1LL << 62); }
      return j;
    }
    fail("json");
  }
};
static bool validUtf8(const string& s) {
  size_t i = 0, n = s.size();
  while (i < n) {
    unsigned char c = s[i];
    if (c < 0x80) { i++; continue; }
    int len; unsigned cp;
    if ((c & 0xE0) == 0xC0) { len = 2; cp = c & 0x1F; } else if ((c & 0xF0) == 0xE0) { len = 3; cp = c & 0x0F; }
    else if ((c & 0xF8) == 0xF0) { len = 4; cp = c & 0x07; } else return false;
    if (i + len > n) return false;
    for (int k = 1; k < len; k++) { unsigned char d = s[i + k]; if ((d & 0xC0) != 0x80) return false; cp = (cp << 6) | (d & 0x3F); }
    if ((len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10FFFF))) return false;
    if (cp >= 0xD800 && cp < 0xE000) return false;
    i += len;
  }
  return true;
}
static string jstr(const string& s) {
  string o = "\"";
  for (unsigned char c : s) {
    if (c == '"') o += "\\\""; else if (c == '\\') o += "\\\\";
    else if (c < 0x20) { char b[8]; snprintf(b, 8, "\\u%04x", c); o += b; }
    else o += (char)c;
  }
  return o + "\"";
}

// ---------------- cards ----------------
static const char* RANKS[9] = {"A", "10", "K", "Q", "J", "9", "8", "7", "6"};
static const char SUITS[4] = {'C', 'D', 'H', 'S'};
static const int PTS[9] = {11, 10, 4, 3, 2, 0, 0, 0, 0};
static int suitOf(int c) { return c / 9; }
static int rankOf(int c) { return c % 9; }  // 0 = Ace (highest)
static int cardPts(int c) { return PTS[rankOf(c)]; }
static string cardName(int c) { return string(RANKS[rankOf(c)]) + SUITS[suitOf(c)]; }
static int parseCard(const string& s) {
  if (s.size() < 2) return -1;
  char su = s.back(); int si = -1;
  for (int k = 0; k < 4; k++) if (SUITS[k] == su) si = k;
  if (si < 0) return -1;
  string r = s.substr(0, s.size() - 1);
  for (int k = 0; k < 9; k++) if (r == RANKS[k]) return si * 9 + k;
  return -1;
}
static int parseSuit(const string& s) {
  if (s.size() != 1) return -1;
  for (int k = 0; k < 4; k++) if (SUITS[k] == s[0]) return k;
  return -1;
}

// ---------------- rulesets ----------------
enum { C_FROG = 1, C_CHICO = 2, C_GRAND = 3 };
static const char* CNAME[4] = {"", "frog", "chico", "grand"};
struct Ruleset {
  string id; int minP, maxP;
  int dealPat;   // 0: 3-3-4-4, 1: 4-3-3-4, 2: singly slough 1-4-8
  int auction;   // 0: overbid-to-raise, 1: one-round-frog-may-raise, 2: one-bid-each
  bool hasFrog, widowShown, chicoHearts;
  int rates[4];  // per-point rates by contract, or fixed amounts if fixedPay
  bool fixedPay;
  int bank;      // 0 = counters
  bool endsOnUnable;
  int optKind;   // 0 none, 1 sitting_out + penalty_frog, 2 sitting_out only
  bool lowCardChooses;
  const char* auctionRule;
  vector<string> rules;
};
static vector<Ruleset> RS;
static void initRulesets() {
  RS.push_back({"foster-1909", 3, 5, 0, 0, true, true, false, {0, 1, 2, 4}, false, 0, false, 0, false, "auction.overbid-to-raise", {}});
  RS.push_back({"hoyle-1907", 3, 5, 0, 0, true, true, false, {0, 1, 2, 4}, false, 0, false, 0, false, "auction.overbid-to-raise", {}});
  RS.push_back({"modern", 3, 5, 1, 1, true, false, false, {0, 1, 2, 4}, false, 0, false, 0, false, "auction.one-round-frog-may-raise", {}});
  RS.push_back({"official-1922-solo", 3, 7, 2, 1, true, false, false, {0, 1, 2, 3}, false, 120, true, 1, true, "auction.one-round-frog-may-raise", {}});
  RS.push_back({"official-1922-straight", 3, 7, 2, 1, false, false, false, {0, 0, 1, 2}, false, 120, true, 2, true, "auction.one-round-frog-may-raise", {}});
  RS.push_back({"official-1922-coeur-dalene", 3, 7, 2, 1, true, false, false, {0, 25, 50, 75}, true, 120, true, 1, true, "auction.one-round-frog-may-raise", {}});
  RS.push_back({"gamerules", 3, 3, 1, 2, true, false, true, {0, 1, 2, 3}, false, 150, false, 0, false, "auction.one-bid-each", {}});
}
static const Ruleset* findRS(const string& id) {
  for (auto& r : RS) if (r.id == id) return &r;
  return nullptr;
}
struct Opts { int sitting = 0; bool penalty = false; };  // sitting: 0 receive-only, 1 pay-and-receive, 2 solo-only

// ---------------- errors ----------------
struct Err {
  string kind, rule, msg; long long at = -1; long long deal = -1;
};
static Err inval(const string& m) { return Err{"invalid", "", m}; }

// ---------------- seats ----------------
static vector<int> activeSeats(int players, int dealer) {
  vector<int> a;
  if (players == 3) a = {(dealer + 1) % 3, (dealer + 2) % 3, dealer};
  else if (players == 4) {
    if (H.dealerPlaysFour) a = {(dealer + 1) % 4, (dealer + 2) % 4, dealer};
    else a = {(dealer + 1) % 4, (dealer + 2) % 4, (dealer + 3) % 4};
  } else a = {(dealer + 1) % players, (dealer + 2) % players, (dealer + players - 1) % players};
  return a;
}

// ---------------- trick logic ----------------
static int trickWinner(const vector<int>& cards, int trump) {
  int best = 0;
  auto beats = [&](int c, int b) {
    bool ct = trump >= 0 && suitOf(c) == trump, bt = trump >= 0 && suitOf(b) == trump;
    if (ct && !bt) return true;
    if (!ct && bt) return false;
    if (suitOf(c) != suitOf(b)) return false;
    return rankOf(c) < rankOf(b);
  };
  for (size_t k = 1; k < cards.size(); k++) if (beats(cards[k], cards[best])) best = k;
  if (H.sixBeatsAce && trump >= 0) {
    int ace = -1, six = -1;
    for (size_t k = 0; k < cards.size(); k++) {
      if (cards[k] == trump * 9 + 0) ace = k;
      if (cards[k] == trump * 9 + 8) six = k;
    }
    if (ace >= 0 && six >= 0 && best == ace) best = six;
  }
  return best;
}
static vector<int> legalCards(const vector<int>& hand, const vector<int>& trick, int trump) {
  if (trick.empty()) return hand;
  int led = suitOf(trick[0]);
  vector<int> f;
  for (int c : hand) if (suitOf(c) == led) f.push_back(c);
  if (!f.empty()) return f;
  if (trump >= 0 && !H.noMustTrump) {
    for (int c : hand) if (suitOf(c) == trump) f.push_back(c);
    if (!f.empty()) return f;
  }
  return hand;
}

// ---------------- settlement ----------------
static bool settle(const Ruleset& R, const Opts& O, int players, int dealer, int bidder, int contract, int bp, vector<long long>& pay) {
  pay.assign(players, 0);
  vector<int> act = activeSeats(players, dealer);
  int pivot = H.lastTrickTen ? 65 : 60;
  if (bp == pivot) return true;
  bool won = bp > pivot;
  int margin = won ? bp - pivot : pivot - bp;
  int effC = contract;
  if (!won && contract == C_FROG && O.penalty) effC = C_GRAND;
  long long amt = R.fixedPay ? R.rates[effC] : (long long)margin * R.rates[effC];
  if (!won && H.lostDoubled) amt *= 2;
  for (int s = 0; s < players; s++) {
    if (s == bidder) continue;
    bool isActive = find(act.begin(), act.end(), s) != act.end();
    bool settles;
    if (isActive) settles = true;
    else if (!won) settles = true;
    else settles = (O.sitting == 1) || (O.sitting == 2 && contract != C_FROG);
    if (!settles) continue;
    if (won) { pay[s] -= amt; pay[bidder] += amt; }
    else { pay[s] += amt; pay[bidder] -= amt; }
  }
  return true;
}

// ---------------- game state ----------------
enum Phase { AUCTION, DISCARD, TRUMP, PLAY, OVER };
struct Game {
  const Ruleset* R; Opts O; int players, dealer;
  vector<int> act;  // active seats from eldest
  vector<vector<int>> hands;
  vector<int> widow;
  Phase phase = AUCTION;
  // auction
  int standing = 0, high = -1;  // high = active index
  bool passed[3] = {false, false, false};
  vector<int> queue;   // for queue-based auctions (active indices)
  int cur = 0;         // active index to act
  int bidder = -1, contract = 0, trump = -1;  // bidder: seat
  vector<int> discards;
  vector<int> trick; int leader = 0;  // leader: active index
  int tricksDone = 0; int bidderPts = 0, defPts = 0;
  bool allPassed = false;
  vector<long long> payments;
};
static void dealCards(Game& g, const vector<int>& deck) {
  g.act = activeSeats(g.players, g.dealer);
  g.hands.assign(g.players, {});
  g.widow.clear();
  vector<int> hs[3];
  size_t p = 0;
  auto give = [&](int who, int n) { for (int k = 0; k < n; k++) hs[who].push_back(deck[p++]); };
  auto toWidow = [&](int n) { for (int k = 0; k < n; k++) g.widow.push_back(deck[p++]); };
  if (g.R->dealPat == 0) { for (int w = 0; w < 3; w++) give(w, 3); toWidow(3); for (int w = 0; w < 3; w++) give(w, 4); for (int w = 0; w < 3; w++) give(w, 4); }
  else if (g.R->dealPat == 1) { for (int w = 0; w < 3; w++) give(w, 4); toWidow(3); for (int w = 0; w < 3; w++) give(w, 3); for (int w = 0; w < 3; w++) give(w, 4); }
  else {
    int w = 0;
    for (int k = 0; k < 36; k++) {
      if (k == 0 || k == 3 || k == 7) g.widow.push_back(deck[k]);
      else { hs[w].push_back(deck[k]); w = (w + 1) % 3; }
    }
  }
  for (int w = 0; w < 3; w++) g.hands[g.act[w]] = hs[w];
}
static int contractStep(const Ruleset& R, int c) { return R.hasFrog ? c : c - 1; }
static vector<int> bidsFor(const Game& g, int ai) {
  vector<int> b;
  for (int c = 1; c <= 3; c++) {
    if (c == C_FROG && !g.R->hasFrog) continue;
    if (c <= g.standing) continue;
    if (H.jumpGrand && ai != 0) {
      int stepNow = g.standing == 0 ? 0 : contractStep(*g.R, g.standing);
      if (contractStep(*g.R, c) != stepNow + 1) continue;
    }
    b.push_back(c);
  }
  return b;
}
static int toActSeat(const Game& g) {
  if (g.phase == AUCTION) return g.act[g.cur];
  if (g.phase == DISCARD || g.phase == TRUMP) return g.bidder;
  if (g.phase == PLAY) return g.act[(g.leader + g.trick.size()) % 3];
  return -1;
}
static void finishDeal(Game& g) {
  g.phase = OVER;
  if (g.bidder < 0) { g.allPassed = true; g.payments.assign(g.players, 0); return; }
  settle(*g.R, g.O, g.players, g.dealer, g.bidder, g.contract, g.bidderPts, g.payments);
}
static void endAuction(Game& g) {
  if (g.high < 0) { finishDeal(g); return; }
  g.bidder = g.act[g.high]; g.contract = g.standing;
  if (g.contract == C_FROG) {
    g.trump = 2; g.phase = DISCARD;
    for (int c : g.widow) g.hands[g.bidder].push_back(c);
  } else if (g.contract == C_CHICO) { g.phase = TRUMP; }
  else { g.trump = H.grandSpades ? 3 : 2; g.phase = PLAY; g.leader = 0; }
}
// decide next in the auction after an action by active index ai; returns false if auction ended
static void auctionNext(Game& g, int ai) {
  if (g.standing == C_GRAND) { endAuction(g); return; }
  if (g.R->auction == 0) {
    for (int k = 1; k <= 3; k++) {
      int j = (ai + k) % 3;
      if (g.passed[j] || j == g.high) continue;
      g.cur = j; return;
    }
    endAuction(g); return;
  } else {
    while (!g.queue.empty() && (g.passed[g.queue[0]] || g.queue[0] == g.high)) g.queue.erase(g.queue.begin());
    if (g.queue.empty()) { endAuction(g); return; }
    g.cur = g.queue[0];
  }
}
static void startGame(Game& g, const vector<int>& deck) {
  dealCards(g, deck);
  g.phase = AUCTION; g.cur = 0;
  if (g.R->auction != 0) g.queue = {0, 1, 2};
}
static vector<string> legalActions(const Game& g) {
  vector<string> out;
  if (g.phase == AUCTION) {
    out.push_back("pass");
    for (int c : bidsFor(g, g.cur)) out.push_back(CNAME[c]);
  } else if (g.phase == DISCARD) {
    for (int c : g.hands[g.bidder]) out.push_back("discard " + cardName(c));
  } else if (g.phase == TRUMP) {
    for (int s = 0; s < 4; s++) { if (s == 2 && !g.R->chicoHearts) continue; out.push_back(string("trump ") + SUITS[s]); }
  } else if (g.phase == PLAY) {
    int seat = toActSeat(g);
    for (int c : legalCards(g.hands[seat], g.trick, g.trump)) out.push_back("play " + cardName(c));
  }
  return out;
}
struct Action { int kind; int v; };  // kind: 0 pass, 1 bid(v), 2 discard(card), 3 trump(suit), 4 play(card)
static bool parseAction(const string& s, Action& a) {
  if (s == "pass") { a = {0, 0}; return true; }
  for (int c = 1; c <= 3; c++) if (s == CNAME[c]) { a = {1, c}; return true; }
  if (s.rfind("discard ", 0) == 0) { int c = parseCard(s.substr(8)); if (c < 0) return false; a = {2, c}; return true; }
  if (s.rfind("trump ", 0) == 0) { int su = parseSuit(s.substr(6)); if (su < 0) return false; a = {3, su}; return true; }
  if (s.rfind("play ", 0) == 0) { int c = parseCard(s.substr(5)); if (c < 0) return false; a = {4, c}; return true; }
  return false;
}
// returns "" if ok, else the rule broken
static string applyAction(Game& g, const Action& a) {
  static const int phaseKind[5] = {-1, 2, 3, 4, -2};
  if (g.phase == AUCTION) {
    if (a.kind != 0 && a.kind != 1) return "deal.actions-by-phase";
    int ai = g.cur;
    if (a.kind == 0) {
      g.passed[ai] = true;
      if (g.R->auction != 0 && !g.queue.empty() && g.queue[0] == ai) g.queue.erase(g.queue.begin());
      auctionNext(g, ai); return "";
    }
    int c = a.v;
    if (c == C_FROG && !g.R->hasFrog) return "auction.contracts-without-frog";
    if (c <= g.standing) return "auction.contract-order";
    auto b = bidsFor(g, ai);
    if (find(b.begin(), b.end(), c) == b.end()) return g.R->auctionRule;
    int prevStanding = g.standing, prevHigh = g.high;
    g.standing = c; g.high = ai;
    if (g.R->auction != 0) {
      if (!g.queue.empty() && g.queue[0] == ai) g.queue.erase(g.queue.begin());
      if (g.R->auction == 1 && prevStanding == C_FROG && c == C_CHICO && prevHigh >= 0) g.queue.insert(g.queue.begin(), prevHigh);
    }
    auctionNext(g, ai); return "";
  }
  if (g.phase == OVER) return "deal.actions-by-phase";
  if (a.kind != phaseKind[g.phase]) return "deal.actions-by-phase";
  if (g.phase == DISCARD) {
    auto& h = g.hands[g.bidder];
    auto it = find(h.begin(), h.end(), a.v);
    if (it == h.end()) return "widow.frog-take-and-discard";
    h.erase(it); g.discards.push_back(a.v);
    if (g.discards.size() == 3) { g.phase = PLAY; g.leader = 0; }
    return "";
  }
  if (g.phase == TRUMP) {
    if (a.v == 2 && !g.R->chicoHearts) return "trump.chico-not-hearts";
    g.trump = a.v; g.phase = PLAY; g.leader = 0; return "";
  }
  // PLAY
  int seat = toActSeat(g);
  auto& h = g.hands[seat];
  auto it = find(h.begin(), h.end(), a.v);
  if (it == h.end()) return "play.card-from-hand";
  auto lg = legalCards(h, g.trick, g.trump);
  if (find(lg.begin(), lg.end(), a.v) == lg.end()) {
    if (suitOf(a.v) != suitOf(g.trick[0])) {
      bool hasLed = false; for (int c : h) if (suitOf(c) == suitOf(g.trick[0])) hasLed = true;
      if (hasLed) return "play.follow-suit";
      return "play.must-trump";
    }
    return "play.follow-suit";
  }
  h.erase(it); g.trick.push_back(a.v);
  if (g.trick.size() == 3) {
    int w = trickWinner(g.trick, g.trump);
    int wi = (g.leader + w) % 3;
    int pts = 0; for (int c : g.trick) pts += cardPts(c);
    g.tricksDone++;
    if (H.lastTrickTen && g.tricksDone == 11) pts += 10;
    if (g.act[wi] == g.bidder) g.bidderPts += pts; else g.defPts += pts;
    g.trick.clear(); g.leader = wi;
    if (g.tricksDone == 11) {
      int wp = 0;
      if (g.contract == C_FROG) for (int c : g.discards) wp += cardPts(c);
      else for (int c : g.widow) wp += cardPts(c);
      if (g.contract != C_FROG && H.widowToDefenders) g.defPts += wp; else g.bidderPts += wp;
      finishDeal(g);
    }
  }
  return "";
}
static string obsJson(const Game& g) {
  static const char* PH[5] = {"auction", "discard", "trump", "play", "over"};
  string o = "{\"phase\":\"" + string(PH[g.phase]) + "\",\"to_act\":";
  int ta = toActSeat(g);
  o += ta < 0 ? "null" : to_string(ta);
  o += ",\"legal\":[";
  auto l = legalActions(g);
  for (size_t k = 0; k < l.size(); k++) { if (k) o += ","; o += jstr(l[k]); }
  o += "],\"bidder\":" + (g.bidder < 0 ? string("null") : to_string(g.bidder));
  o += ",\"contract\":" + (g.contract == 0 ? string("null") : jstr(CNAME[g.contract]));
  bool showTrump = g.bidder >= 0 && g.trump >= 0;
  o += ",\"trump\":" + (showTrump ? jstr(string(1, SUITS[g.trump])) : string("null"));
  if (g.contract == C_FROG) o += string(",\"widow_shown\":") + (g.R->widowShown ? "true" : "false");
  if (g.phase == OVER) {
    o += ",\"payments\":[";
    for (int s = 0; s < g.players; s++) { if (s) o += ","; o += to_string(g.payments[s]); }
    o += "]";
    if (!g.allPassed) o += ",\"points\":{\"bidder\":" + to_string(g.bidderPts) + ",\"defenders\":" + to_string(g.defPts) + "}";
  }
  return o + "}";
}

// ---------------- request validation helpers ----------------
static bool isInt(JP j) { return j && j->t == J::NUM && j->isInt; }
static bool getInt(JP root, const string& k, long long& v) { auto j = root->get(k); if (!isInt(j)) return false; v = j->i; return true; }
static bool getCardList(JP j, vector<int>& out) {
  if (!j || j->t != J::ARR) return false;
  set<int> seen;
  for (auto& e : j->a) {
    if (e->t != J::STR) return false;
    int c = parseCard(e->s); if (c < 0 || seen.count(c)) return false;
    seen.insert(c); out.push_back(c);
  }
  return true;
}
static bool getDeck(JP j, vector<int>& d) { return getCardList(j, d) && d.size() == 36; }
static bool getOpts(const Ruleset& R, JP root, Opts& O, string& why) {
  auto j = root->get("options");
  if (!j || j->t != J::OBJ) { why = "options must be an object"; return false; }
  for (auto& kv : j->o) {
    if (kv.first == "sitting_out" && R.optKind >= 1) {
      if (kv.second->t != J::STR) { why = "sitting_out"; return false; }
      const string& v = kv.second->s;
      if (v == "receive-only") O.sitting = 0; else if (v == "pay-and-receive") O.sitting = 1;
      else if (v == "pay-and-receive-solo-only") O.sitting = 2; else { why = "sitting_out value"; return false; }
    } else if (kv.first == "penalty_frog" && R.optKind == 1) {
      if (kv.second->t != J::BOOL) { why = "penalty_frog"; return false; }
      O.penalty = kv.second->b;
    } else { why = "unknown option " + kv.first; return false; }
  }
  return true;
}
static bool getTable(const Ruleset& R, JP root, int& players, int& dealer, const char* dealerKey, string& why) {
  long long p, d;
  if (!getInt(root, "players", p)) { why = "players"; return false; }
  if (p < R.minP || p > R.maxP) { why = "player count"; return false; }
  if (!getInt(root, dealerKey, d)) { why = dealerKey; return false; }
  if (d < 0 || d >= p) { why = "seat out of range"; return false; }
  players = p; dealer = d; return true;
}
static bool getActions(JP j, vector<Action>& acts) {
  if (!j || j->t != J::ARR) return false;
  for (auto& e : j->a) { if (e->t != J::STR) return false; Action a; if (!parseAction(e->s, a)) return false; acts.push_back(a); }
  return true;
}
static bool getTrump(JP root, int& t) {
  auto j = root->get("trump");
  if (!j) return false;
  if (j->t == J::NUL) { t = -1; return true; }
  if (j->t != J::STR) return false;
  t = parseSuit(j->s); return t >= 0;
}

// ---------------- perft ----------------
struct PerftLimit {};
static long long visited = 0;
static const long long LIMIT = 100000;
static long long perft(const Game& g, long long depth) {
  if (g.phase == OVER || depth == 0) return 1;
  long long total = 0;
  for (auto& s : legalActions(g)) {
    Game c = g; Action a; parseAction(s, a); applyAction(c, a);
    if (c.phase != OVER && depth - 1 != 0) { if (++visited > LIMIT) throw PerftLimit{}; }
    total += perft(c, depth - 1);
  }
  return total;
}

// ---------------- dispatch ----------------
static const vector<string> OPS = {"hello", "card_points", "trick_winner", "legal_plays", "deal", "settle", "game", "match", "first_dealer", "perft"};
static string handle(JP root, Err& err) {
  string op = root->get("op")->s;
  if (find(OPS.begin(), OPS.end(), op) == OPS.end()) { err = {"unsupported", "", "unknown op"}; return ""; }
  if (op == "hello") {
    auto sp = root->get("spec");
    if (!sp || sp->t != J::STR) { err = inval("spec"); return ""; }
    if (sp->s != "1") { err = {"unsupported", "", "spec version"}; return ""; }
    string o = "{\"name\":\"frog-cpp\",\"version\":\"1.0\",\"rulesets\":[";
    for (size_t k = 0; k < RS.size(); k++) { if (k) o += ","; o += jstr(RS[k].id); }
    o += "],\"ops\":[";
    for (size_t k = 0; k < OPS.size(); k++) { if (k) o += ","; o += jstr(OPS[k]); }
    o += "],\"rule_ids\":\"frogspec\"}";
    return o;
  }
  if (op == "card_points") {
    auto c = root->get("card");
    if (!c || c->t != J::STR || parseCard(c->s) < 0) { err = inval("card"); return ""; }
    return to_string(cardPts(parseCard(c->s)));
  }
  auto rj = root->get("ruleset");
  if (!rj || rj->t != J::STR) { err = inval("ruleset"); return ""; }
  const Ruleset* R = findRS(rj->s);
  if (!R) { err = {"unsupported", "", "ruleset"}; return ""; }
  string why;
  if (op == "trick_winner") {
    int t; vector<int> cards;
    if (!getTrump(root, t)) { err = inval("trump"); return ""; }
    if (!getCardList(root->get("cards"), cards) || cards.empty() || cards.size() > 3) { err = inval("cards"); return ""; }
    return to_string(trickWinner(cards, t));
  }
  if (op == "legal_plays") {
    int t; vector<int> hand, trick;
    if (!getTrump(root, t)) { err = inval("trump"); return ""; }
    if (!getCardList(root->get("hand"), hand) || hand.empty() || hand.size() > 11) { err = inval("hand"); return ""; }
    if (!getCardList(root->get("trick"), trick) || trick.size() > 2) { err = inval("trick"); return ""; }
    for (int c : trick) if (find(hand.begin(), hand.end(), c) != hand.end()) { err = inval("card in hand and trick"); return ""; }
    auto l = legalCards(hand, trick, t);
    string o = "[";
    for (size_t k = 0; k < l.size(); k++) { if (k) o += ","; o += jstr(cardName(l[k])); }
    return o + "]";
  }
  if (op == "first_dealer") {
    long long p;
    if (!getInt(root, "players", p) || p < R->minP || p > R->maxP) { err = inval("players"); return ""; }
    if (R->lowCardChooses) {
      long long lo; auto ch = root->get("chooses_to_deal");
      if (!getInt(root, "lowest", lo) || lo < 0 || lo >= p) { err = inval("lowest"); return ""; }
      if (!ch || ch->t != J::BOOL) { err = inval("chooses_to_deal"); return ""; }
      return to_string(ch->b ? lo : (lo + p - 1) % p);
    }
    long long c;
    if (!getInt(root, "chosen", c) || c < 0 || c >= p) { err = inval("chosen"); return ""; }
    return to_string(c);
  }
  Opts O;
  if (!getOpts(*R, root, O, why)) { err = inval(why); return ""; }
  if (op == "deal") {
    int players, dealer; vector<int> deck;
    if (!getTable(*R, root, players, dealer, "dealer", why)) { err = inval(why); return ""; }
    if (!getDeck(root->get("deck"), deck)) { err = inval("deck"); return ""; }
    Game g; g.R = R; g.O = O; g.players = players; g.dealer = dealer;
    dealCards(g, deck);
    string o = "{\"active\":[";
    for (int k = 0; k < 3; k++) { if (k) o += ","; o += to_string(g.act[k]); }
    o += "],\"eldest\":" + to_string(g.act[0]) + ",\"hands\":[";
    for (int s = 0; s < players; s++) {
      if (s) o += ",";
      if (find(g.act.begin(), g.act.end(), s) == g.act.end()) { o += "null"; continue; }
      o += "[";
      for (size_t k = 0; k < g.hands[s].size(); k++) { if (k) o += ","; o += jstr(cardName(g.hands[s][k])); }
      o += "]";
    }
    o += "],\"widow\":[";
    for (size_t k = 0; k < g.widow.size(); k++) { if (k) o += ","; o += jstr(cardName(g.widow[k])); }
    return o + "]}";
  }
  if (op == "settle") {
    int players, dealer; long long bidder, bp;
    if (!getTable(*R, root, players, dealer, "dealer", why)) { err = inval(why); return ""; }
    if (!getInt(root, "bidder", bidder) || bidder < 0 || bidder >= players) { err = inval("bidder"); return ""; }
    auto act = activeSeats(players, dealer);
    if (find(act.begin(), act.end(), (int)bidder) == act.end()) { err = inval("bidder sits out"); return ""; }
    auto cj = root->get("contract");
    int contract = 0;
    if (cj && cj->t == J::STR) for (int c = 1; c <= 3; c++) if (cj->s == CNAME[c]) contract = c;
    if (!contract) { err = inval("contract"); return ""; }
    int maxPts = H.lastTrickTen ? 130 : 120;
    if (!getInt(root, "bidder_points", bp) || bp < 0 || bp > maxPts) { err = inval("bidder_points"); return ""; }
    if (contract == C_FROG && !R->hasFrog) { err = {"illegal", "auction.contracts-without-frog", "no frog"}; return ""; }
    vector<long long> pay;
    settle(*R, O, players, dealer, bidder, contract, bp, pay);
    string o = "[";
    for (int s = 0; s < players; s++) { if (s) o += ","; o += to_string(pay[s]); }
    return o + "]";
  }
  if (op == "game" || op == "perft") {
    int players, dealer; vector<int> deck; vector<Action> acts;
    if (!getTable(*R, root, players, dealer, "dealer", why)) { err = inval(why); return ""; }
    if (!getDeck(root->get("deck"), deck)) { err = inval("deck"); return ""; }
    if (!getActions(root->get("actions"), acts)) { err = inval("actions"); return ""; }
    long long depth = -1;
    if (op == "perft") {
      auto dj = root->get("depth");
      if (dj) { if (!isInt(dj) || dj->i < 0) { err = inval("depth"); return ""; } depth = dj->i; }
    }
    Game g; g.R = R; g.O = O; g.players = players; g.dealer = dealer;
    startGame(g, deck);
    for (size_t k = 0; k < acts.size(); k++) {
      string r = applyAction(g, acts[k]);
      if (!r.empty()) { err = {"illegal", r, "illegal action"}; err.at = k; return ""; }
    }
    if (op == "game") return obsJson(g);
    visited = 0;
    long long total = 0; string by;
    try {
      if (g.phase != OVER && depth != 0) {
        for (auto& s : legalActions(g)) {
          Game c = g; Action a; parseAction(s, a); applyAction(c, a);
          if (c.phase != OVER && depth - 1 != 0) { if (++visited > LIMIT) throw PerftLimit{}; }
          long long n = perft(c, depth < 0 ? -1 : depth - 1);
          total += n;
          if (!by.empty()) by += ",";
          by += jstr(s) + ":" + to_string(n);
        }
      } else total = 1;
    } catch (PerftLimit&) { err = inval("perft limit"); return ""; }
    return "{\"total\":" + to_string(total) + ",\"by_first\":{" + by + "}}";
  }
  if (op == "match") {
    int players, fd;
    if (!getTable(*R, root, players, fd, "first_dealer", why)) { err = inval(why); return ""; }
    auto dj = root->get("deals");
    if (!dj || dj->t != J::ARR) { err = inval("deals"); return ""; }
    vector<vector<int>> decks; vector<vector<Action>> actss;
    for (auto& d : dj->a) {
      if (d->t != J::OBJ) { err = inval("deal"); return ""; }
      vector<int> deck; vector<Action> acts;
      if (!getDeck(d->get("deck"), deck)) { err = inval("deck"); return ""; }
      if (!getActions(d->get("actions"), acts)) { err = inval("actions"); return ""; }
      decks.push_back(deck); actss.push_back(acts);
    }
    vector<long long> bal(players, R->bank);
    vector<int> dealers; bool over = false; int loser = -1; int dealer = fd;
    for (size_t di = 0; di < decks.size(); di++) {
      if (over) { err = {"illegal", "match.first-unable-to-pay-loses", "game over"}; err.at = 0; err.deal = di; return ""; }
      dealers.push_back(dealer);
      Game g; g.R = R; g.O = O; g.players = players; g.dealer = dealer;
      startGame(g, decks[di]);
      for (size_t k = 0; k < actss[di].size(); k++) {
        string r = applyAction(g, actss[di][k]);
        if (!r.empty()) { err = {"illegal", r, "illegal action"}; err.at = k; err.deal = di; return ""; }
      }
      if (g.phase != OVER) { err = inval("deal unfinished"); return ""; }
      if (R->endsOnUnable && g.bidder >= 0) {
        for (int k = 0; k < players; k++) {
          int s = (g.bidder + k) % players;
          if (-g.payments[s] > bal[s]) { loser = s; over = true; break; }
        }
      }
      for (int s = 0; s < players; s++) bal[s] += g.payments[s];
      dealer = H.rotateRight ? (dealer + players - 1) % players : (dealer + 1) % players;
    }
    string o = "{\"balances\":[";
    for (int s = 0; s < players; s++) { if (s) o += ","; o += to_string(bal[s]); }
    o += "],\"dealers\":[";
    for (size_t k = 0; k < dealers.size(); k++) { if (k) o += ","; o += to_string(dealers[k]); }
    o += "],\"over\":" + string(over ? "true" : "false") + ",\"loser\":" + (loser < 0 ? string("null") : to_string(loser)) + "}";
    return o;
  }
  err = {"unsupported", "", "op"}; return "";
}
static string errJson(const string& idtxt, const Err& e) {
  string o = "{\"id\":" + idtxt + ",\"error\":{\"kind\":" + jstr(e.kind) + ",\"rule\":" + (e.rule.empty() ? string("null") : jstr(e.rule)) + ",\"message\":" + jstr(e.msg);
  if (e.at >= 0) o += ",\"at\":" + to_string(e.at);
  if (e.deal >= 0) o += ",\"deal\":" + to_string(e.deal);
  return o + "}}";
}
static string processLine(const string& line) {
  if (line.size() > (1u << 24)) return errJson("null", inval("length"));
  if (!validUtf8(line)) return errJson("null", inval("utf-8"));
  JP root;
  try {
    Parser P(line); root = P.val(0); P.ws();
    if (P.p != line.size()) throw PErr{"json"};
  } catch (PErr& e) { return errJson("null", inval(e.what)); }
  if (root->t != J::OBJ) return errJson("null", inval("not an object"));
  auto idj = root->get("id");
  if (!isInt(idj)) return errJson("null", inval("id"));
  string idtxt = idj->raw;
  auto opj = root->get("op");
  if (!opj || opj->t != J::STR) return errJson(idtxt, inval("op"));
  Err err;
  string res = handle(root, err);
  if (!err.kind.empty()) return errJson(idtxt, err);
  return "{\"id\":" + idtxt + ",\"result\":" + res + "}";
}

int main(int argc, char** argv) {
  for (int k = 1; k < argc; k++) {
    string a = argv[k];
    string name;
    if (a == "--house" && k + 1 < argc) name = argv[++k];
    else if (a.rfind("--house=", 0) == 0) name = a.substr(8);
    else if (a == "--protocol") continue;
    else { fprintf(stderr, "frog: unknown argument %s\n", a.c_str()); return 2; }
    if (name == "deal-dealer-plays-four") H.dealerPlaysFour = true;
    else if (name == "auction-jump-grand") H.jumpGrand = true;
    else if (name == "widow-to-defenders") H.widowToDefenders = true;
    else if (name == "play-no-must-trump") H.noMustTrump = true;
    else if (name == "trick-six-of-trumps-beats-ace") H.sixBeatsAce = true;
    else if (name == "trump-grand-spades") H.grandSpades = true;
    else if (name == "count-last-trick-ten") H.lastTrickTen = true;
    else if (name == "settle-lost-doubled") H.lostDoubled = true;
    else if (name == "match-deal-rotates-right") H.rotateRight = true;
    else { fprintf(stderr, "frog: unknown house rule %s\n", name.c_str()); return 2; }
  }
  initRulesets();
  string line;
  while (getline(cin, line)) {
    bool blank = true;
    for (char c : line) if (!(c == ' ' || c == '\t' || c == '\r' || c == '\n')) { blank = false; break; }
    if (blank) continue;
    string out = processLine(line);
    fwrite(out.data(), 1, out.size(), stdout); fputc('\n', stdout); fflush(stdout);
  }
  return 0;
}
