/* Frog engine speaking the conformance protocol v1 (JSON lines on stdin/stdout).
   C11, standard library only. House rules are switched on with --house NAME. */
#include "json.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

/* ------------------------------------------------------------------ house rules */
enum {
    H_WIDOW_FIRST, H_STEP_BIDS, H_NO_COUNT_DISCARD, H_BIDDER_LEADS, H_NATURAL_ORDER,
    H_CHICO_LONG_SUIT, H_LAST_TRICK_TEN, H_LOSER_PAYS_DOUBLE, H_BANK_FOR_ALL, H_COUNT
};
static const char *HOUSE_NAMES[H_COUNT] = {
    "widow-first", "step-bids", "no-count-discard", "bidder-leads", "natural-order",
    "chico-long-suit", "last-trick-ten", "loser-pays-double", "bank-for-all"
};
static int house[H_COUNT];

/* ------------------------------------------------------------------ cards */
static const char *RANKS[9] = { "A", "10", "K", "Q", "J", "9", "8", "7", "6" };
static const char SUITS[4] = { 'C', 'D', 'H', 'S' };
static const int POINTS[9] = { 11, 10, 4, 3, 2, 0, 0, 0, 0 };
#define SUIT(c) ((c) / 9)
#define RANK(c) ((c) % 9)
#define BIT(c) (1ULL << (c))

static int card_points(int c) { return POINTS[RANK(c)]; }
/* strength of a card within its suit for winning tricks: higher wins */
static int strength(int c) {
    int r = RANK(c);
    if (house[H_NATURAL_ORDER]) {
        static const int nat[9] = { 8, 4, 7, 6, 5, 3, 2, 1, 0 }; /* A K Q J 10 9 8 7 6 */
        return nat[r];
    }
    return 8 - r;
}
static int parse_card(const char *s) {
    if (!s) return -1;
    size_t l = strlen(s);
    if (l < 2 || l > 3) return -1;
    int su = -1;
    for (int k = 0; k < 4; k++) if (s[l - 1] == SUITS[k]) su = k;
    if (su < 0) return -1;
    for (int r = 0; r < 9; r++)
        if (strlen(RANKS[r]) == l - 1 && memcmp(RANKS[r], s, l - 1) == 0) return su * 9 + r;
    return -1;
}
static int parse_suit(const char *s) {
    if (!s || strlen(s) != 1) return -1;
    for (int k = 0; k < 4; k++) if (s[0] == SUITS[k]) return k;
    return -1;
}
static void card_name(int c, char *out) { sprintf(out, "%s%c", RANKS[RANK(c)], SUITS[SUIT(c)]); }
static int popcount64(uint64_t x) { int n = 0; while (x) { x &= x - 1; n++; } return n; }

/* ------------------------------------------------------------------ rulesets */
enum { DEAL_3344, DEAL_4334, DEAL_SINGLY };
enum { AUC_OVERBID, AUC_ONEROUND, AUC_ONEBID };
enum { C_NONE = 0, C_FROG = 1, C_CHICO = 2, C_GRAND = 3 };
static const char *CONTRACTS[4] = { NULL, "frog", "chico", "grand" };

typedef struct {
    const char *id;
    int pmin, pmax;
    int deal;
    int auction;
    int has_frog;
    int widow_shown;
    int chico_hearts;
    int fixed;           /* Coeur d'Alene fixed payments */
    int rate[4];         /* per contract: rate per point or fixed amount */
    int opt_sitting, opt_penalty;
    int bank;            /* starting balance */
    int unable_loses;    /* first unable to pay loses */
    int any_dealer;      /* first_dealer: chosen (1) or low card (0) */
} Ruleset;

static const Ruleset RULESETS[] = {
    { "foster-1909", 3, 5, DEAL_3344, AUC_OVERBID, 1, 1, 0, 0, {0, 1, 2, 4}, 0, 0, 0, 0, 1 },
    { "hoyle-1907", 3, 5, DEAL_3344, AUC_OVERBID, 1, 1, 0, 0, {0, 1, 2, 4}, 0, 0, 0, 0, 1 },
    { "modern", 3, 5, DEAL_4334, AUC_ONEROUND, 1, 0, 0, 0, {0, 1, 2, 4}, 0, 0, 0, 0, 1 },
    { "official-1922-solo", 3, 7, DEAL_SINGLY, AUC_ONEROUND, 1, 0, 0, 0, {0, 1, 2, 3}, 1, 1, 120, 1, 0 },
    { "official-1922-straight", 3, 7, DEAL_SINGLY, AUC_ONEROUND, 0, 0, 0, 0, {0, 0, 1, 2}, 1, 0, 120, 1, 0 },
    { "official-1922-coeur-dalene", 3, 7, DEAL_SINGLY, AUC_ONEROUND, 1, 0, 0, 1, {0, 25, 50, 75}, 1, 1, 120, 1, 0 },
    { "gamerules", 3, 3, DEAL_4334, AUC_ONEBID, 1, 0, 1, 0, {0, 1, 2, 3}, 0, 0, 150, 0, 1 },
};
#define NRULESETS ((int)(sizeof RULESETS / sizeof RULESETS[0]))

static const Ruleset *find_ruleset(const char *id) {
    for (int k = 0; k < NRULESETS; k++) if (strcmp(RULESETS[k].id, id) == 0) return &RULESETS[k];
    return NULL;
}
static int rs_bank(const Ruleset *rs) {
    if (rs->bank == 0 && house[H_BANK_FOR_ALL]) return 120;
    return rs->bank;
}
static int rs_unable_loses(const Ruleset *rs) {
    if (rs->bank == 0 && house[H_BANK_FOR_ALL]) return 1;
    return rs->unable_loses;
}

typedef struct { int sitting; int penalty; } Options;
enum { SIT_RECEIVE = 0, SIT_PAYREC = 1, SIT_SOLO_ONLY = 2 };

/* ------------------------------------------------------------------ seats */
/* active seats from eldest; returns 3 */
static void active_seats(int players, int dealer, int act[3]) {
    if (players == 3) { for (int k = 0; k < 3; k++) act[k] = (dealer + 1 + k) % 3; return; }
    if (players == 4) { for (int k = 0; k < 3; k++) act[k] = (dealer + 1 + k) % 4; return; }
    act[0] = (dealer + 1) % players; act[1] = (dealer + 2) % players; act[2] = (dealer + players - 1) % players;
}
static int is_active(const int act[3], int s) { return act[0] == s || act[1] == s || act[2] == s; }

/* ------------------------------------------------------------------ deal */
static void deal_cards(const Ruleset *rs, const int deck[36], uint64_t hands[3], uint64_t *widow) {
    int pos = 0;
    hands[0] = hands[1] = hands[2] = 0; *widow = 0;
    if (house[H_WIDOW_FIRST]) {
        for (int k = 0; k < 3; k++) *widow |= BIT(deck[pos++]);
        if (rs->deal == DEAL_SINGLY) {
            for (int k = 0; k < 33; k++) hands[k % 3] |= BIT(deck[pos++]);
        } else {
            const int *pk; static const int p3[3] = { 3, 4, 4 }, p4[3] = { 4, 3, 4 };
            pk = rs->deal == DEAL_3344 ? p3 : p4;
            for (int r = 0; r < 3; r++)
                for (int h = 0; h < 3; h++)
                    for (int k = 0; k < pk[r]; k++) hands[h] |= BIT(deck[pos++]);
        }
        return;
    }
    if (rs->deal == DEAL_SINGLY) {
        int h = 0;
        for (int k = 0; k < 36; k++) {
            if (k == 0 || k == 3 || k == 7) *widow |= BIT(deck[k]);
            else { hands[h] |= BIT(deck[k]); h = (h + 1) % 3; }
        }
        return;
    }
    static const int s3[4] = { 3, -3, 4, 4 }, s4[4] = { 4, -3, 3, 4 };
    const int *st = rs->deal == DEAL_3344 ? s3 : s4;
    for (int r = 0; r < 4; r++) {
        if (st[r] < 0) { for (int k = 0; k < 3; k++) *widow |= BIT(deck[pos++]); continue; }
        for (int h = 0; h < 3; h++) for (int k = 0; k < st[r]; k++) hands[h] |= BIT(deck[pos++]);
    }
}

/* ------------------------------------------------------------------ settlement */
/* payments by seat; returns 0 */
static void settle(const Ruleset *rs, const Options *o, int players, int dealer, int bidder, int contract, int pts, int pay[7]) {
    int act[3]; active_seats(players, dealer, act);
    for (int s = 0; s < players; s++) pay[s] = 0;
    int diff = pts - 60;
    if (diff == 0) return;
    int won = diff > 0;
    int eff = contract;
    if (!won && contract == C_FROG && o->penalty) eff = C_GRAND;
    int amount = rs->fixed ? rs->rate[eff] : rs->rate[eff] * (won ? diff : -diff);
    if (!won && house[H_LOSER_PAYS_DOUBLE]) amount *= 2;
    for (int s = 0; s < players; s++) {
        if (s == bidder) continue;
        int settles;
        if (is_active(act, s)) settles = 1;
        else if (!won) settles = 1;
        else settles = o->sitting == SIT_PAYREC || (o->sitting == SIT_SOLO_ONLY && contract != C_FROG);
        if (!settles) continue;
        if (won) { pay[s] -= amount; pay[bidder] += amount; }
        else { pay[s] += amount; pay[bidder] -= amount; }
    }
}

/* ------------------------------------------------------------------ game state */
enum { PH_AUCTION, PH_DISCARD, PH_TRUMP, PH_PLAY, PH_OVER };
static const char *PHASES[5] = { "auction", "discard", "trump", "play", "over" };
enum { A_PASS, A_BID, A_DISCARD, A_TRUMP, A_PLAY };
typedef struct { int kind, val; } Action;

typedef struct {
    const Ruleset *rs; Options opt;
    int players, dealer, act[3];
    uint64_t hand[3];            /* by active index */
    uint64_t widow, discards; int ndisc; uint64_t widow_orig;
    int phase, to_act;           /* to_act: active index, -1 none */
    int standing, high, passed[3], pos, answering, frog_bidder;
    int bidder, contract, trump;  /* bidder: active index */
    int trick[3], tseat[3], ntrick, tricks_done;
    int bidder_pts, def_pts;
    int pay[7];
} State;

static int seat_of(const State *s, int ai) { return ai < 0 ? -1 : s->act[ai]; }

static int lowest_contract(const Ruleset *rs) { return rs->has_frog ? C_FROG : C_CHICO; }

static int bid_allowed(const State *s, int b) {
    if (b == C_FROG && !s->rs->has_frog) return 0;
    if (b <= s->standing) return 0;
    if (house[H_STEP_BIDS]) {
        int next = s->standing == C_NONE ? lowest_contract(s->rs) : s->standing + 1;
        if (b != next) return 0;
    }
    return 1;
}

static void end_auction(State *s) {
    if (s->standing == C_NONE) {
        s->phase = PH_OVER; s->to_act = -1;
        for (int k = 0; k < s->players; k++) s->pay[k] = 0;
        return;
    }
    s->bidder = s->high; s->contract = s->standing;
    if (s->contract == C_FROG) {
        s->phase = PH_DISCARD; s->to_act = s->bidder; s->trump = 2;
        s->hand[s->bidder] |= s->widow;
    } else if (s->contract == C_CHICO) {
        s->phase = PH_TRUMP; s->to_act = s->bidder; s->trump = -1;
    } else {
        s->phase = PH_PLAY; s->trump = 2;
        s->to_act = house[H_BIDDER_LEADS] ? s->bidder : 0;
    }
}

static void start_play(State *s) {
    s->phase = PH_PLAY;
    s->to_act = house[H_BIDDER_LEADS] ? s->bidder : 0;
}

/* decide who bids next after an auction action by active index `who` */
static void auction_next(State *s, int who, Action a, int prev_standing) {
    const Ruleset *rs = s->rs;
    if (s->standing == C_GRAND) { end_auction(s); return; }
    if (rs->auction == AUC_OVERBID) {
        for (int k = 1; k <= 3; k++) {
            int c = (who + k) % 3;
            if (!s->passed[c] && c != s->high) { s->to_act = c; return; }
        }
        end_auction(s);
        return;
    }
    if (rs->auction == AUC_ONEROUND) {
        if (s->answering) s->answering = 0;
        else {
            s->pos++;
            if (a.kind == A_BID && a.val == C_CHICO && prev_standing == C_FROG && s->frog_bidder >= 0) {
                s->answering = 1; s->to_act = s->frog_bidder; return;
            }
        }
        if (s->pos < 3) { s->to_act = s->pos; return; }
        end_auction(s);
        return;
    }
    /* one bid each */
    s->pos++;
    if (s->pos < 3) { s->to_act = s->pos; return; }
    end_auction(s);
}

static void init_state(State *s, const Ruleset *rs, const Options *o, int players, int dealer, const int deck[36]) {
    memset(s, 0, sizeof *s);
    s->rs = rs; s->opt = *o; s->players = players; s->dealer = dealer;
    active_seats(players, dealer, s->act);
    deal_cards(rs, deck, s->hand, &s->widow);
    s->widow_orig = s->widow;
    s->phase = PH_AUCTION; s->to_act = 0;
    s->standing = C_NONE; s->high = -1; s->pos = 0; s->answering = 0; s->frog_bidder = -1;
    s->bidder = -1; s->contract = C_NONE; s->trump = -1;
}

static int beats(const State *s, int c, int best, int led) {
    /* does card c beat current best? */
    int t = s->trump;
    (void)led;
    if (t >= 0 && SUIT(c) == t && SUIT(best) != t) return 1;
    if (SUIT(c) != SUIT(best)) return 0;
    return strength(c) > strength(best);
}

static int trick_winner_idx(const State *s, const int *cards, int n) {
    int w = 0;
    for (int k = 1; k < n; k++) if (beats(s, cards[k], cards[w], SUIT(cards[0]))) w = k;
    return w;
}

/* legal cards for a hand given trick so far (trump -1 = none) */
static uint64_t legal_cards(uint64_t hand, const int *trick, int n, int trump) {
    if (n == 0) return hand;
    int led = SUIT(trick[0]);
    uint64_t suitmask = 0x1FFULL << (led * 9);
    if (hand & suitmask) return hand & suitmask;
    if (trump >= 0) {
        uint64_t tm = 0x1FFULL << (trump * 9);
        if (hand & tm) return hand & tm;
    }
    return hand;
}

static uint64_t legal_discards(const State *s) {
    uint64_t h = s->hand[s->bidder];
    if (house[H_NO_COUNT_DISCARD]) {
        uint64_t nc = 0;
        for (int c = 0; c < 36; c++) if ((h & BIT(c)) && RANK(c) > 1) nc |= BIT(c);
        if (nc) return nc;
    }
    return h;
}

static int legal_trump_suits(const State *s) { /* bitmask of suits */
    int m = s->rs->chico_hearts ? 0xF : 0xB;
    if (house[H_CHICO_LONG_SUIT]) {
        int best = -1, out = 0;
        for (int su = 0; su < 4; su++) if (m & (1 << su)) {
            int n = popcount64(s->hand[s->bidder] & (0x1FFULL << (su * 9)));
            if (n > best) { best = n; out = 0; }
            if (n == best) out |= 1 << su;
        }
        m = out;
    }
    return m;
}

static void finish_deal(State *s) {
    s->phase = PH_OVER; s->to_act = -1;
    uint64_t wid = s->contract == C_FROG ? s->discards : s->widow;
    for (int c = 0; c < 36; c++) if (wid & BIT(c)) s->bidder_pts += card_points(c);
    settle(s->rs, &s->opt, s->players, s->dealer, seat_of(s, s->bidder), s->contract, s->bidder_pts, s->pay);
}

/* apply an action; returns NULL or the id of the rule it breaks */
static const char *apply(State *s, Action a) {
    int who = s->to_act;
    switch (s->phase) {
    case PH_AUCTION: {
        if (a.kind == A_PASS) {
            s->passed[who] = 1;
            auction_next(s, who, a, s->standing);
            return NULL;
        }
        if (a.kind != A_BID) return "deal.actions-by-phase";
        if (a.val == C_FROG && !s->rs->has_frog) return "auction.contracts-without-frog";
        if (!bid_allowed(s, a.val)) return "auction.contract-order";
        int prev = s->standing;
        s->standing = a.val; s->high = who;
        if (a.val == C_FROG) s->frog_bidder = who;
        auction_next(s, who, a, prev);
        return NULL;
    }
    case PH_DISCARD: {
        if (a.kind != A_DISCARD) return "deal.actions-by-phase";
        if (!(legal_discards(s) & BIT(a.val))) return "widow.frog-take-and-discard";
        s->hand[s->bidder] &= ~BIT(a.val);
        s->discards |= BIT(a.val); s->ndisc++;
        if (s->ndisc == 3) start_play(s);
        return NULL;
    }
    case PH_TRUMP: {
        if (a.kind != A_TRUMP) return "deal.actions-by-phase";
        if (!(legal_trump_suits(s) & (1 << a.val)))
            return s->rs->chico_hearts ? "trump.chico-any-suit" : "trump.chico-not-hearts";
        s->trump = a.val;
        start_play(s);
        return NULL;
    }
    case PH_PLAY: {
        if (a.kind != A_PLAY) return "deal.actions-by-phase";
        uint64_t h = s->hand[who];
        if (!(h & BIT(a.val))) return "play.card-from-hand";
        uint64_t lg = legal_cards(h, s->trick, s->ntrick, s->trump);
        if (!(lg & BIT(a.val))) {
            int led = SUIT(s->trick[0]);
            if (h & (0x1FFULL << (led * 9))) return "play.follow-suit";
            return "play.must-trump";
        }
        s->hand[who] &= ~BIT(a.val);
        s->trick[s->ntrick] = a.val; s->tseat[s->ntrick] = who; s->ntrick++;
        if (s->ntrick < 3) { s->to_act = (who + 1) % 3; return NULL; }
        int w = s->tseat[trick_winner_idx(s, s->trick, 3)];
        int pts = 0;
        for (int k = 0; k < 3; k++) pts += card_points(s->trick[k]);
        s->tricks_done++;
        if (s->tricks_done == 11 && house[H_LAST_TRICK_TEN]) pts += 10;
        if (w == s->bidder) s->bidder_pts += pts; else s->def_pts += pts;
        s->ntrick = 0; s->to_act = w;
        if (s->tricks_done == 11) finish_deal(s);
        return NULL;
    }
    default:
        return "deal.actions-by-phase";
    }
}

/* ------------------------------------------------------------------ legal actions as strings */
typedef struct { char s[16]; Action a; } LegalAct;

static int list_legal(const State *s, LegalAct *out) {
    int n = 0;
    char nm[8];
    switch (s->phase) {
    case PH_AUCTION:
        strcpy(out[n].s, "pass"); out[n].a = (Action){ A_PASS, 0 }; n++;
        for (int b = 1; b <= 3; b++) if (bid_allowed(s, b)) { strcpy(out[n].s, CONTRACTS[b]); out[n].a = (Action){ A_BID, b }; n++; }
        break;
    case PH_DISCARD: {
        uint64_t m = legal_discards(s);
        for (int c = 0; c < 36; c++) if (m & BIT(c)) { card_name(c, nm); sprintf(out[n].s, "discard %s", nm); out[n].a = (Action){ A_DISCARD, c }; n++; }
        break;
    }
    case PH_TRUMP: {
        int m = legal_trump_suits(s);
        for (int su = 0; su < 4; su++) if (m & (1 << su)) { sprintf(out[n].s, "trump %c", SUITS[su]); out[n].a = (Action){ A_TRUMP, su }; n++; }
        break;
    }
    case PH_PLAY: {
        uint64_t m = legal_cards(s->hand[s->to_act], s->trick, s->ntrick, s->trump);
        for (int c = 0; c < 36; c++) if (m & BIT(c)) { card_name(c, nm); sprintf(out[n].s, "play %s", nm); out[n].a = (Action){ A_PLAY, c }; n++; }
        break;
    }
    default: break;
    }
    return n;
}

static void write_observation(sbuf *b, const State *s) {
    LegalAct la[40];
    int n = list_legal(s, la);
    sb_printf(b, "{\"phase\":\"%s\",\"to_act\":", PHASES[s->phase]);
    if (s->phase == PH_OVER || s->to_act < 0) sb_add(b, "null"); else sb_printf(b, "%d", seat_of(s, s->to_act));
    sb_add(b, ",\"legal\":[");
    for (int k = 0; k < n; k++) { if (k) sb_add(b, ","); sb_str(b, la[k].s); }
    sb_add(b, "],\"bidder\":");
    if (s->bidder < 0) sb_add(b, "null"); else sb_printf(b, "%d", seat_of(s, s->bidder));
    sb_add(b, ",\"contract\":");
    if (s->contract == C_NONE) sb_add(b, "null"); else sb_str(b, CONTRACTS[s->contract]);
    sb_add(b, ",\"trump\":");
    if (s->trump < 0) sb_add(b, "null"); else sb_printf(b, "\"%c\"", SUITS[s->trump]);
    if (s->contract == C_FROG) sb_printf(b, ",\"widow_shown\":%s", s->rs->widow_shown ? "true" : "false");
    if (s->phase == PH_OVER) {
        sb_add(b, ",\"payments\":[");
        for (int k = 0; k < s->players; k++) sb_printf(b, "%s%d", k ? "," : "", s->pay[k]);
        sb_add(b, "]");
        if (s->contract != C_NONE) sb_printf(b, ",\"points\":{\"bidder\":%d,\"defenders\":%d}", s->bidder_pts, s->def_pts);
    }
    sb_add(b, "}");
}

/* ------------------------------------------------------------------ request helpers */
typedef struct { const char *kind; const char *rule; char msg[200]; int at, deal; } Err;

static int get_int(const jval *o, const char *k, long long *out) {
    jval *v = json_get(o, k);
    if (!v || v->t != J_NUM || !v->is_int) return 0;
    *out = v->i; return 1;
}
static const char *get_str(const jval *o, const char *k) {
    jval *v = json_get(o, k);
    if (!v || v->t != J_STR || strlen(v->s) != v->slen) return NULL;
    return v->s;
}
static int set_err(Err *e, const char *kind, const char *rule, const char *msg) {
    e->kind = kind; e->rule = rule; snprintf(e->msg, sizeof e->msg, "%s", msg); e->at = -1; e->deal = -1;
    return 0;
}
#define INVALID(msg) return set_err(e, "invalid", NULL, msg)

static int read_options(const jval *req, const Ruleset *rs, Options *o, Err *e) {
    jval *v = json_get(req, "options");
    o->sitting = SIT_RECEIVE; o->penalty = 0;
    if (!v || v->t != J_OBJ) INVALID("options must be an object");
    for (size_t k = 0; k < v->n; k++) {
        const char *key = v->keys[k]; jval *x = v->items[k];
        if (strcmp(key, "sitting_out") == 0 && rs->opt_sitting) {
            if (x->t != J_STR) INVALID("sitting_out must be a string");
            if (strcmp(x->s, "receive-only") == 0) o->sitting = SIT_RECEIVE;
            else if (strcmp(x->s, "pay-and-receive") == 0) o->sitting = SIT_PAYREC;
            else if (strcmp(x->s, "pay-and-receive-solo-only") == 0) o->sitting = SIT_SOLO_ONLY;
            else INVALID("unknown sitting_out value");
        } else if (strcmp(key, "penalty_frog") == 0 && rs->opt_penalty) {
            if (x->t != J_BOOL) INVALID("penalty_frog must be true or false");
            o->penalty = x->b;
        } else INVALID("unknown option");
    }
    return 1;
}
static int read_players(const jval *req, const char *key, const Ruleset *rs, int *players, Err *e) {
    long long p;
    if (!get_int(req, key, &p)) INVALID("players must be an integer");
    if (p < rs->pmin || p > rs->pmax) INVALID("player count not allowed by the ruleset");
    *players = (int)p; return 1;
}
static int read_seat(const jval *req, const char *key, int players, int *seat, Err *e) {
    long long p;
    if (!get_int(req, key, &p)) { char m[80]; snprintf(m, sizeof m, "%s must be a seat", key); INVALID(m); }
    if (p < 0 || p >= players) { char m[80]; snprintf(m, sizeof m, "%s out of range", key); INVALID(m); }
    *seat = (int)p; return 1;
}
static int read_deck(const jval *v, int deck[36], Err *e) {
    if (!v || v->t != J_ARR) INVALID("deck must be a list");
    if (v->n != 36) INVALID("deck must hold 36 cards");
    uint64_t seen = 0;
    for (size_t k = 0; k < 36; k++) {
        jval *x = v->items[k];
        int c = x->t == J_STR ? parse_card(x->s) : -1;
        if (c < 0) INVALID("unknown card in deck");
        if (seen & BIT(c)) INVALID("card twice in deck");
        seen |= BIT(c); deck[k] = c;
    }
    return 1;
}
static int parse_action(const jval *x, Action *a) {
    if (!x || x->t != J_STR) return 0;
    const char *s = x->s;
    if (strlen(s) != x->slen) return 0;
    if (strcmp(s, "pass") == 0) { a->kind = A_PASS; a->val = 0; return 1; }
    for (int b = 1; b <= 3; b++) if (strcmp(s, CONTRACTS[b]) == 0) { a->kind = A_BID; a->val = b; return 1; }
    if (strncmp(s, "discard ", 8) == 0) { int c = parse_card(s + 8); if (c < 0) return 0; a->kind = A_DISCARD; a->val = c; return 1; }
    if (strncmp(s, "play ", 5) == 0) { int c = parse_card(s + 5); if (c < 0) return 0; a->kind = A_PLAY; a->val = c; return 1; }
    if (strncmp(s, "trump ", 6) == 0) { int su = parse_suit(s + 6); if (su < 0) return 0; a->kind = A_TRUMP; a->val = su; return 1; }
    return 0;
}
static int read_actions(const jval *v, Action **out, int *n, Err *e) {
    if (!v || v->t != J_ARR) INVALID("actions must be a list");
    *out = malloc((v->n + 1) * sizeof **out);
    if (!*out) abort();
    for (size_t k = 0; k < v->n; k++)
        if (!parse_action(v->items[k], &(*out)[k])) { free(*out); *out = NULL; INVALID("not an action"); }
    *n = (int)v->n; return 1;
}

/* ------------------------------------------------------------------ ops */
static int op_card_points(const jval *req, sbuf *b, Err *e) {
    int c = parse_card(get_str(req, "card"));
    if (c < 0) INVALID("unknown card");
    sb_printf(b, "%d", card_points(c));
    return 1;
}

static int read_trump(const jval *req, int *trump, Err *e) {
    jval *v = json_get(req, "trump");
    if (!v) INVALID("trump missing");
    if (v->t == J_NULL) { *trump = -1; return 1; }
    if (v->t != J_STR) INVALID("trump must be a suit or null");
    *trump = parse_suit(v->s);
    if (*trump < 0) INVALID("unknown suit");
    return 1;
}
static int read_cards(const jval *v, int *cards, int min, int max, uint64_t *mask, Err *e) {
    if (!v || v->t != J_ARR) INVALID("cards must be a list");
    if ((int)v->n < min || (int)v->n > max) INVALID("wrong number of cards");
    for (size_t k = 0; k < v->n; k++) {
        jval *x = v->items[k];
        int c = x->t == J_STR ? parse_card(x->s) : -1;
        if (c < 0) INVALID("unknown card");
        if (*mask & BIT(c)) INVALID("card twice");
        *mask |= BIT(c); cards[k] = c;
    }
    return (int)v->n + 1; /* count + 1 so 0 means failure */
}

static int op_trick_winner(const jval *req, const Ruleset *rs, sbuf *b, Err *e) {
    (void)rs;
    int trump, cards[3]; uint64_t m = 0;
    if (!read_trump(req, &trump, e)) return 0;
    int n = read_cards(json_get(req, "cards"), cards, 1, 3, &m, e);
    if (!n) return 0;
    n--;
    State s; memset(&s, 0, sizeof s); s.trump = trump;
    sb_printf(b, "%d", trick_winner_idx(&s, cards, n));
    return 1;
}

static int op_legal_plays(const jval *req, const Ruleset *rs, sbuf *b, Err *e) {
    (void)rs;
    int trump, hand[12], trick[3]; uint64_t m = 0;
    if (!read_trump(req, &trump, e)) return 0;
    int nh = read_cards(json_get(req, "hand"), hand, 1, 11, &m, e);
    if (!nh) return 0;
    uint64_t hm = m;
    int nt = read_cards(json_get(req, "trick"), trick, 0, 2, &m, e);
    if (!nt) return 0;
    nt--;
    uint64_t lg = legal_cards(hm, trick, nt, trump);
    sb_add(b, "[");
    int first = 1; char nm[8];
    for (int k = 0; k < nh - 1; k++) if (lg & BIT(hand[k])) { card_name(hand[k], nm); if (!first) sb_add(b, ","); sb_str(b, nm); first = 0; }
    sb_add(b, "]");
    return 1;
}

static void write_mask(sbuf *b, uint64_t m) {
    char nm[8]; int first = 1;
    sb_add(b, "[");
    for (int c = 0; c < 36; c++) if (m & BIT(c)) { card_name(c, nm); if (!first) sb_add(b, ","); sb_str(b, nm); first = 0; }
    sb_add(b, "]");
}

static int op_deal(const jval *req, const Ruleset *rs, sbuf *b, Err *e) {
    Options o; int players, dealer, deck[36];
    if (!read_options(req, rs, &o, e)) return 0;
    if (!read_players(req, "players", rs, &players, e)) return 0;
    if (!read_seat(req, "dealer", players, &dealer, e)) return 0;
    if (!read_deck(json_get(req, "deck"), deck, e)) return 0;
    int act[3]; uint64_t hands[3], widow;
    active_seats(players, dealer, act);
    deal_cards(rs, deck, hands, &widow);
    sb_printf(b, "{\"active\":[%d,%d,%d],\"eldest\":%d,\"hands\":[", act[0], act[1], act[2], act[0]);
    for (int s = 0; s < players; s++) {
        if (s) sb_add(b, ",");
        int ai = -1;
        for (int k = 0; k < 3; k++) if (act[k] == s) ai = k;
        if (ai < 0) sb_add(b, "null"); else write_mask(b, hands[ai]);
    }
    sb_add(b, "],\"widow\":");
    write_mask(b, widow);
    sb_add(b, "}");
    return 1;
}

static int op_settle(const jval *req, const Ruleset *rs, sbuf *b, Err *e) {
    Options o; int players, dealer, bidder;
    if (!read_options(req, rs, &o, e)) return 0;
    if (!read_players(req, "players", rs, &players, e)) return 0;
    if (!read_seat(req, "dealer", players, &dealer, e)) return 0;
    if (!read_seat(req, "bidder", players, &bidder, e)) return 0;
    int act[3]; active_seats(players, dealer, act);
    if (!is_active(act, bidder)) INVALID("the bidder sits out this deal");
    const char *cs = get_str(req, "contract");
    int contract = -1;
    for (int k = 1; k <= 3; k++) if (cs && strcmp(cs, CONTRACTS[k]) == 0) contract = k;
    if (contract < 0) INVALID("unknown contract");
    long long pts;
    if (!get_int(req, "bidder_points", &pts)) INVALID("bidder_points must be an integer");
    int maxpts = house[H_LAST_TRICK_TEN] ? 130 : 120;
    if (pts < 0 || pts > maxpts) INVALID("bidder_points out of range");
    if (contract == C_FROG && !rs->has_frog) return set_err(e, "illegal", "auction.contracts-without-frog", "no Frog in this ruleset");
    int pay[7];
    settle(rs, &o, players, dealer, bidder, contract, (int)pts, pay);
    sb_add(b, "[");
    for (int k = 0; k < players; k++) sb_printf(b, "%s%d", k ? "," : "", pay[k]);
    sb_add(b, "]");
    return 1;
}

static int read_game(const jval *req, const Ruleset *rs, Options *o, int *players, int *dealer, int deck[36], Action **acts, int *nacts, Err *e) {
    if (!read_options(req, rs, o, e)) return 0;
    if (!read_players(req, "players", rs, players, e)) return 0;
    if (!read_seat(req, "dealer", *players, dealer, e)) return 0;
    if (!read_deck(json_get(req, "deck"), deck, e)) return 0;
    if (!read_actions(json_get(req, "actions"), acts, nacts, e)) return 0;
    return 1;
}

static int run_actions(State *s, const Action *acts, int n, Err *e) {
    for (int k = 0; k < n; k++) {
        const char *r = apply(s, acts[k]);
        if (r) { set_err(e, "illegal", r, "illegal action"); e->at = k; return 0; }
    }
    return 1;
}

static int op_game(const jval *req, const Ruleset *rs, sbuf *b, Err *e) {
    Options o; int players, dealer, deck[36], n; Action *acts = NULL;
    if (!read_game(req, rs, &o, &players, &dealer, deck, &acts, &n, e)) return 0;
    State s; init_state(&s, rs, &o, players, dealer, deck);
    int ok = run_actions(&s, acts, n, e);
    free(acts);
    if (!ok) return 0;
    write_observation(b, &s);
    return 1;
}

/* perft */
static long long visited;
#define PERFT_LIMIT 100000
static long long perft(const State *s, long long depth, int *over) {
    if (s->phase == PH_OVER || depth == 0) return 1;
    LegalAct la[40];
    int n = list_legal(s, la);
    long long total = 0;
    for (int k = 0; k < n; k++) {
        State t = *s;
        apply(&t, la[k].a);
        if (t.phase != PH_OVER && depth - 1 != 0) {
            if (++visited > PERFT_LIMIT) { *over = 1; return 0; }
        }
        total += perft(&t, depth - 1, over);
        if (*over) return 0;
    }
    return total;
}

static int op_perft(const jval *req, const Ruleset *rs, sbuf *b, Err *e) {
    Options o; int players, dealer, deck[36], n; Action *acts = NULL;
    long long depth = -1;
    jval *dv = json_get(req, "depth");
    if (!read_game(req, rs, &o, &players, &dealer, deck, &acts, &n, e)) return 0;
    if (dv) {
        if (dv->t != J_NUM || !dv->is_int || dv->i < 0) { free(acts); INVALID("depth must be a non-negative integer"); }
        depth = dv->i;
    }
    State s; init_state(&s, rs, &o, players, dealer, deck);
    int ok = run_actions(&s, acts, n, e);
    free(acts);
    if (!ok) return 0;
    visited = 0;
    int over = 0;
    sbuf by; sb_init(&by);
    long long total = 0;
    if (s.phase == PH_OVER || depth == 0) total = 1;
    else {
        LegalAct la[40];
        int nl = list_legal(&s, la);
        for (int k = 0; k < nl && !over; k++) {
            State t = s;
            apply(&t, la[k].a);
            if (t.phase != PH_OVER && depth - 1 != 0) { if (++visited > PERFT_LIMIT) { over = 1; break; } }
            long long c = perft(&t, depth - 1, &over);
            if (over) break;
            total += c;
            if (by.n) sb_add(&by, ",");
            sb_str(&by, la[k].s); sb_printf(&by, ":%lld", c);
        }
    }
    if (over) { sb_free(&by); INVALID("perft would visit more than 100000 positions"); }
    sb_printf(b, "{\"total\":%lld,\"by_first\":{%s}}", total, by.p);
    sb_free(&by);
    return 1;
}

static int op_match(const jval *req, const Ruleset *rs, sbuf *b, Err *e) {
    Options o; int players, first;
    if (!read_options(req, rs, &o, e)) return 0;
    if (!read_players(req, "players", rs, &players, e)) return 0;
    if (!read_seat(req, "first_dealer", players, &first, e)) return 0;
    jval *deals = json_get(req, "deals");
    if (!deals || deals->t != J_ARR) INVALID("deals must be a list");
    int nd = (int)deals->n;
    int (*decks)[36] = malloc(sizeof(int[36]) * (size_t)(nd + 1));
    Action **acts = calloc((size_t)nd + 1, sizeof *acts);
    int *nacts = calloc((size_t)nd + 1, sizeof *nacts);
    if (!decks || !acts || !nacts) abort();
    int ok = 1;
    for (int d = 0; d < nd && ok; d++) {
        jval *dl = deals->items[d];
        if (dl->t != J_OBJ) { set_err(e, "invalid", NULL, "a deal must be an object"); ok = 0; break; }
        if (!read_deck(json_get(dl, "deck"), decks[d], e)) { ok = 0; break; }
        if (!read_actions(json_get(dl, "actions"), &acts[d], &nacts[d], e)) { ok = 0; break; }
    }
    int bal[7];
    for (int k = 0; k < players; k++) bal[k] = rs_bank(rs);
    int over = 0, loser = -1;
    sbuf dealers; sb_init(&dealers);
    for (int d = 0; d < nd && ok; d++) {
        int dealer = (first + d) % players;
        if (over) { set_err(e, "illegal", "match.first-unable-to-pay-loses", "the game is over"); e->at = 0; e->deal = d; ok = 0; break; }
        State s; init_state(&s, rs, &o, players, dealer, decks[d]);
        if (!run_actions(&s, acts[d], nacts[d], e)) { e->deal = d; ok = 0; break; }
        if (s.phase != PH_OVER) { set_err(e, "invalid", NULL, "a deal stops before its end"); ok = 0; break; }
        sb_printf(&dealers, "%s%d", d ? "," : "", dealer);
        if (s.contract != C_NONE && rs_unable_loses(rs)) {
            int bseat = seat_of(&s, s.bidder);
            for (int k = 0; k < players; k++) {
                int seat = (bseat + k) % players;
                if (s.pay[seat] < 0 && -s.pay[seat] > bal[seat]) { over = 1; loser = seat; break; }
            }
        }
        for (int k = 0; k < players; k++) bal[k] += s.pay[k];
    }
    if (ok) {
        sb_add(b, "{\"balances\":[");
        for (int k = 0; k < players; k++) sb_printf(b, "%s%d", k ? "," : "", bal[k]);
        sb_printf(b, "],\"dealers\":[%s],\"over\":%s,\"loser\":", dealers.p, over ? "true" : "false");
        if (loser < 0) sb_add(b, "null"); else sb_printf(b, "%d", loser);
        sb_add(b, "}");
    }
    sb_free(&dealers);
    for (int d = 0; d < nd; d++) free(acts[d]);
    free(acts); free(nacts); free(decks);
    return ok;
}

static int op_first_dealer(const jval *req, const Ruleset *rs, sbuf *b, Err *e) {
    int players;
    if (!read_players(req, "players", rs, &players, e)) return 0;
    if (rs->any_dealer) {
        int chosen;
        if (!read_seat(req, "chosen", players, &chosen, e)) return 0;
        sb_printf(b, "%d", chosen);
        return 1;
    }
    int lowest;
    if (!read_seat(req, "lowest", players, &lowest, e)) return 0;
    jval *c = json_get(req, "chooses_to_deal");
    if (!c || c->t != J_BOOL) INVALID("chooses_to_deal must be true or false");
    sb_printf(b, "%d", c->b ? lowest : (lowest + players - 1) % players);
    return 1;
}

static const char *OPS[] = { "hello", "card_points", "trick_winner", "legal_plays", "deal", "settle", "game", "match", "first_dealer", "perft" };
#define NOPS 10

static void respond(const jval *req, sbuf *out) {
    Err e; memset(&e, 0, sizeof e); e.at = -1; e.deal = -1;
    sbuf res; sb_init(&res);
    int have_id = 0; long long id = 0; int ok = 0;
    if (!req || req->t != J_OBJ) { set_err(&e, "invalid", NULL, "request is not a JSON object"); goto done; }
    if (get_int(req, "id", &id)) {
        jval *iv = json_get(req, "id");
        have_id = iv->t == J_NUM;
    } else { set_err(&e, "invalid", NULL, "id must be an integer"); goto done; }
    const char *op = get_str(req, "op");
    if (!op) { set_err(&e, "invalid", NULL, "op must be a string"); goto done; }
    int known = 0;
    for (int k = 0; k < NOPS; k++) if (strcmp(op, OPS[k]) == 0) known = 1;
    if (!known) { set_err(&e, "unsupported", NULL, "unknown op"); goto done; }
    if (strcmp(op, "hello") == 0) {
        jval *sp = json_get(req, "spec");
        if (!sp || sp->t != J_STR) { set_err(&e, "invalid", NULL, "spec must be a string"); goto done; }
        if (strcmp(sp->s, "1") != 0) { set_err(&e, "unsupported", NULL, "protocol version not spoken"); goto done; }
        sb_add(&res, "{\"name\":\"frog-c\",\"version\":\"1.0\",\"rulesets\":[");
        for (int k = 0; k < NRULESETS; k++) { if (k) sb_add(&res, ","); sb_str(&res, RULESETS[k].id); }
        sb_add(&res, "],\"ops\":[");
        for (int k = 0; k < NOPS; k++) { if (k) sb_add(&res, ","); sb_str(&res, OPS[k]); }
        sb_add(&res, "],\"rule_ids\":\"frogspec\",\"house\":[");
        int f = 1;
        for (int k = 0; k < H_COUNT; k++) if (house[k]) { if (!f) sb_add(&res, ","); sb_str(&res, HOUSE_NAMES[k]); f = 0; }
        sb_add(&res, "]}");
        ok = 1; goto done;
    }
    if (strcmp(op, "card_points") == 0) { ok = op_card_points(req, &res, &e); goto done; }
    jval *rv = json_get(req, "ruleset");
    if (!rv || rv->t != J_STR) { set_err(&e, "invalid", NULL, "ruleset must be a string"); goto done; }
    const Ruleset *rs = find_ruleset(rv->s);
    if (!rs) { set_err(&e, "unsupported", NULL, "unknown ruleset"); goto done; }
    if (strcmp(op, "trick_winner") == 0) ok = op_trick_winner(req, rs, &res, &e);
    else if (strcmp(op, "legal_plays") == 0) ok = op_legal_plays(req, rs, &res, &e);
    else if (strcmp(op, "deal") == 0) ok = op_deal(req, rs, &res, &e);
    else if (strcmp(op, "settle") == 0) ok = op_settle(req, rs, &res, &e);
    else if (strcmp(op, "game") == 0) ok = op_game(req, rs, &res, &e);
    else if (strcmp(op, "match") == 0) ok = op_match(req, rs, &res, &e);
    else if (strcmp(op, "first_dealer") == 0) ok = op_first_dealer(req, rs, &res, &e);
    else if (strcmp(op, "perft") == 0) ok = op_perft(req, rs, &res, &e);
done:
    sb_add(out, "{\"id\":");
    if (have_id) sb_printf(out, "%lld", id); else sb_add(out, "null");
    if (ok) { sb_add(out, ",\"result\":"); sb_add(out, res.p); }
    else {
        sb_printf(out, ",\"error\":{\"kind\":\"%s\",\"rule\":", e.kind);
        if (e.rule) sb_str(out, e.rule); else sb_add(out, "null");
        sb_add(out, ",\"message\":"); sb_str(out, e.msg);
        if (e.at >= 0) sb_printf(out, ",\"at\":%d", e.at);
        if (e.deal >= 0) sb_printf(out, ",\"deal\":%d", e.deal);
        sb_add(out, "}");
    }
    sb_add(out, "}");
    sb_free(&res);
}

static int blank(const char *s, size_t n) {
    for (size_t k = 0; k < n; k++) if (!(s[k] == ' ' || s[k] == '\t' || s[k] == '\r' || s[k] == '\n')) return 0;
    return 1;
}

#define MAXLINE (1u << 24)

int main(int argc, char **argv) {
    for (int k = 1; k < argc; k++) {
        const char *name = NULL;
        if (strcmp(argv[k], "--house") == 0) {
            if (k + 1 >= argc) { fprintf(stderr, "frog: --house needs a NAME\n"); return 2; }
            name = argv[++k];
        } else if (strncmp(argv[k], "--house=", 8) == 0) name = argv[k] + 8;
        else { fprintf(stderr, "frog: unknown argument '%s'\n", argv[k]); return 2; }
        int found = 0;
        for (int h = 0; h < H_COUNT; h++) if (strcmp(name, HOUSE_NAMES[h]) == 0) { house[h] = 1; found = 1; }
        if (!found) {
            fprintf(stderr, "frog: unknown house rule '%s'; known:", name);
            for (int h = 0; h < H_COUNT; h++) fprintf(stderr, " %s", HOUSE_NAMES[h]);
            fprintf(stderr, "\n");
            return 2;
        }
    }
    char *line = NULL; size_t cap = 0, n = 0;
    int c;
    int toolong = 0;
    for (;;) {
        c = getchar();
        if (c == EOF && n == 0 && !toolong) break;
        if (c == '\n' || c == EOF) {
            sbuf out; sb_init(&out);
            if (toolong) {
                sb_add(&out, "{\"id\":null,\"error\":{\"kind\":\"invalid\",\"rule\":null,\"message\":\"length: line too long\"}}");
            } else if (blank(line ? line : "", n)) {
                sb_free(&out); n = 0; if (c == EOF) break; continue;
            } else {
                const char *err = NULL;
                jval *req = json_parse(line, n, &err);
                if (!req) {
                    sb_printf(&out, "{\"id\":null,\"error\":{\"kind\":\"invalid\",\"rule\":null,\"message\":\"%s: not a valid JSON line\"}}", err ? err : "json");
                } else {
                    respond(req, &out);
                    json_free(req);
                }
            }
            fputs(out.p, stdout); fputc('\n', stdout); fflush(stdout);
            sb_free(&out);
            n = 0; toolong = 0;
            if (c == EOF) break;
            continue;
        }
        if (toolong) continue;
        if (n + 1 >= cap) { cap = cap ? cap * 2 : 4096; line = realloc(line, cap); if (!line) abort(); }
        line[n++] = (char)c;
        if (n > MAXLINE) toolong = 1;
    }
    free(line);
    return 0;
}
