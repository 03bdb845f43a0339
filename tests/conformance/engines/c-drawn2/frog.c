/* Frog engine speaking the frogspec conformance protocol v1, with switchable house rules.
 * C11, standard library only.
 * Build: gcc -O2 -o frog frog.c -lm
 * Run:   ./frog [--house NAME]...
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <math.h>
#include <stdarg.h>

/* ------------------------------------------------------------------ house rules */
enum {
    H_FOUR_OPPOSITE = 1 << 0,   /* four-opposite-sits-out */
    H_LAST_HAND_FIRST = 1 << 1, /* last-hand-bids-first */
    H_CHICO_EXCHANGES = 1 << 2, /* chico-exchanges */
    H_BIDDER_LEADS = 1 << 3,    /* bidder-leads */
    H_FIRST_TRUMP_WINS = 1 << 4,/* first-trump-wins */
    H_GRAND_NO_TRUMPS = 1 << 5, /* grand-no-trumps */
    H_WIDOW_LAST_TRICK = 1 << 6,/* widow-to-last-trick */
    H_SITOUT_PAY = 1 << 7,      /* sitting-out-pay-everywhere */
    H_BIDDER_DEALS = 1 << 8     /* bidder-deals-next */
};
static const char *HOUSE_NAMES[] = {
    "four-opposite-sits-out", "last-hand-bids-first", "chico-exchanges", "bidder-leads",
    "first-trump-wins", "grand-no-trumps", "widow-to-last-trick", "sitting-out-pay-everywhere",
    "bidder-deals-next"
};
#define NHOUSE 9
static unsigned HOUSE = 0;
#define HAS(f) ((HOUSE & (f)) != 0)

/* ------------------------------------------------------------------ JSON values */
typedef enum { J_NULL, J_BOOL, J_NUM, J_STR, J_ARR, J_OBJ } JType;
typedef struct JVal {
    JType t;
    int b;
    int is_int;          /* written as an integer (no fraction, no exponent) */
    int int_fits;        /* fits in long long */
    long long iv;
    double dv;
    char *raw;           /* number text */
    char *s; size_t slen;
    struct JVal **items; char **keys; size_t *klens; size_t n, cap;
} JVal;

static void jfree(JVal *v) {
    if (!v) return;
    free(v->raw); free(v->s);
    for (size_t i = 0; i < v->n; i++) {
        jfree(v->items[i]);
        if (v->keys) free(v->keys[i]);
    }
    free(v->items); free(v->keys); free(v->klens);
    free(v);
}

typedef struct { const char *p, *end; const char *err; int depth; } JP;

static JVal *jnew(JType t) { JVal *v = calloc(1, sizeof(JVal)); v->t = t; return v; }
static void ws(JP *jp) { while (jp->p < jp->end && (*jp->p == ' ' || *jp->p == '\t' || *jp->p == '\n' || *jp->p == '\r')) jp->p++; }
static JVal *jparse_val(JP *jp);

static int hexv(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

static int parse_str(JP *jp, char **out, size_t *olen) {
    /* jp->p at opening quote */
    jp->p++;
    size_t cap = 16, len = 0; char *b = malloc(cap);
#define PUT(c) do { if (len + 1 >= cap) { cap *= 2; b = realloc(b, cap); } b[len++] = (char)(c); } while (0)
    while (1) {
        if (jp->p >= jp->end) { jp->err = "json"; free(b); return 0; }
        unsigned char c = (unsigned char)*jp->p;
        if (c == '"') { jp->p++; break; }
        if (c < 0x20) { jp->err = "json"; free(b); return 0; }
        if (c == '\\') {
            jp->p++;
            if (jp->p >= jp->end) { jp->err = "json"; free(b); return 0; }
            char e = *jp->p++;
            switch (e) {
            case '"': PUT('"'); break; case '\\': PUT('\\'); break; case '/': PUT('/'); break;
            case 'b': PUT('\b'); break; case 'f': PUT('\f'); break; case 'n': PUT('\n'); break;
            case 'r': PUT('\r'); break; case 't': PUT('\t'); break;
            case 'u': {
                unsigned cp = 0;
                if (jp->end - jp->p < 4) { jp->err = "json"; free(b); return 0; }
                for (int i = 0; i < 4; i++) { int h = hexv(jp->p[i]); if (h < 0) { jp->err = "json"; free(b); return 0; } cp = cp * 16 + (unsigned)h; }
                jp->p += 4;
                if (cp >= 0xD800 && cp <= 0xDBFF) {
                    if (jp->end - jp->p >= 6 && jp->p[0] == '\\' && jp->p[1] == 'u') {
                        unsigned lo = 0; int ok = 1;
                        for (int i = 0; i < 4; i++) { int h = hexv(jp->p[2 + i]); if (h < 0) { ok = 0; break; } lo = lo * 16 + (unsigned)h; }
                        if (!ok) { jp->err = "json"; free(b); return 0; }
                        if (lo >= 0xDC00 && lo <= 0xDFFF) {
                            jp->p += 6;
                            cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                        } else { jp->err = "surrogate"; free(b); return 0; }
                    } else { jp->err = "surrogate"; free(b); return 0; }
                } else if (cp >= 0xDC00 && cp <= 0xDFFF) { jp->err = "surrogate"; free(b); return 0; }
                if (cp < 0x80) PUT(cp);
                else if (cp < 0x800) { PUT(0xC0 | (cp >> 6)); PUT(0x80 | (cp & 0x3F)); }
                else if (cp < 0x10000) { PUT(0xE0 | (cp >> 12)); PUT(0x80 | ((cp >> 6) & 0x3F)); PUT(0x80 | (cp & 0x3F)); }
                else { PUT(0xF0 | (cp >> 18)); PUT(0x80 | ((cp >> 12) & 0x3F)); PUT(0x80 | ((cp >> 6) & 0x3F)); PUT(0x80 | (cp & 0x3F)); }
                break;
            }
            default: jp->err = "json"; free(b); return 0;
            }
        } else { PUT(c); jp->p++; }
    }
    b[len] = 0;
#undef PUT
    *out = b; *olen = len;
    return 1;
}

static JVal *parse_num(JP *jp) {
    const char *s = jp->p;
    const char *q = s;
    int isint = 1;
    if (q < jp->end && *q == '-') q++;
    if (q >= jp->end) { jp->err = "json"; return NULL; }
    if (*q == '0') q++;
    else if (*q >= '1' && *q <= '9') { while (q < jp->end && *q >= '0' && *q <= '9') q++; }
    else {
        if (jp->end - q >= 8 && strncmp(q, "Infinity", 8) == 0) { jp->err = "non-finite"; return NULL; }
        jp->err = "json"; return NULL;
    }
    if (q < jp->end && *q == '.') {
        isint = 0; q++;
        if (q >= jp->end || !(*q >= '0' && *q <= '9')) { jp->err = "json"; return NULL; }
        while (q < jp->end && *q >= '0' && *q <= '9') q++;
    }
    if (q < jp->end && (*q == 'e' || *q == 'E')) {
        isint = 0; q++;
        if (q < jp->end && (*q == '+' || *q == '-')) q++;
        if (q >= jp->end || !(*q >= '0' && *q <= '9')) { jp->err = "json"; return NULL; }
        while (q < jp->end && *q >= '0' && *q <= '9') q++;
    }
    size_t len = (size_t)(q - s);
    if (len > 40) { jp->err = "number"; return NULL; }
    JVal *v = jnew(J_NUM);
    v->raw = malloc(len + 1); memcpy(v->raw, s, len); v->raw[len] = 0;
    v->dv = strtod(v->raw, NULL);
    if (!isfinite(v->dv)) { jfree(v); jp->err = "number"; return NULL; }
    v->is_int = isint;
    if (isint) {
        char *ep;
        long long x = strtoll(v->raw, &ep, 10);
        /* detect overflow crudely: compare digits count */
        size_t digits = len - (v->raw[0] == '-');
        v->int_fits = digits <= 18 || (fabs(v->dv) < 9.2e18);
        v->iv = x;
    }
    jp->p = q;
    return v;
}

static JVal *jparse_val(JP *jp) {
    ws(jp);
    if (jp->p >= jp->end) { jp->err = "json"; return NULL; }
    char c = *jp->p;
    if (c == '{' || c == '[') {
        if (++jp->depth > 64) { jp->err = "depth"; return NULL; }
        int obj = c == '{';
        JVal *v = jnew(obj ? J_OBJ : J_ARR);
        jp->p++;
        ws(jp);
        char close = obj ? '}' : ']';
        if (jp->p < jp->end && *jp->p == close) { jp->p++; jp->depth--; return v; }
        while (1) {
            ws(jp);
            char *key = NULL; size_t klen = 0;
            if (obj) {
                if (jp->p >= jp->end || *jp->p != '"') { jp->err = "json"; jfree(v); return NULL; }
                if (!parse_str(jp, &key, &klen)) { jfree(v); return NULL; }
                for (size_t i = 0; i < v->n; i++)
                    if (v->klens[i] == klen && memcmp(v->keys[i], key, klen) == 0) { free(key); jp->err = "duplicate-key"; jfree(v); return NULL; }
                ws(jp);
                if (jp->p >= jp->end || *jp->p != ':') { free(key); jp->err = "json"; jfree(v); return NULL; }
                jp->p++;
            }
            JVal *item = jparse_val(jp);
            if (!item) { free(key); jfree(v); return NULL; }
            if (v->n == v->cap) {
                v->cap = v->cap ? v->cap * 2 : 8;
                v->items = realloc(v->items, v->cap * sizeof(JVal *));
                if (obj) { v->keys = realloc(v->keys, v->cap * sizeof(char *)); v->klens = realloc(v->klens, v->cap * sizeof(size_t)); }
            }
            v->items[v->n] = item;
            if (obj) { v->keys[v->n] = key; v->klens[v->n] = klen; }
            v->n++;
            ws(jp);
            if (jp->p >= jp->end) { jp->err = "json"; jfree(v); return NULL; }
            if (*jp->p == ',') { jp->p++; continue; }
            if (*jp->p == close) { jp->p++; break; }
            jp->err = "json"; jfree(v); return NULL;
        }
        jp->depth--;
        return v;
    }
    if (c == '"') {
        JVal *v = jnew(J_STR);
        if (!parse_str(jp, &v->s, &v->slen)) { jfree(v); return NULL; }
        return v;
    }
    if (c == 't' && jp->end - jp->p >= 4 && strncmp(jp->p, "true", 4) == 0) { jp->p += 4; JVal *v = jnew(J_BOOL); v->b = 1; return v; }
    if (c == 'f' && jp->end - jp->p >= 5 && strncmp(jp->p, "false", 5) == 0) { jp->p += 5; JVal *v = jnew(J_BOOL); v->b = 0; return v; }
    if (c == 'n' && jp->end - jp->p >= 4 && strncmp(jp->p, "null", 4) == 0) { jp->p += 4; return jnew(J_NULL); }
    if (c == 'N' && jp->end - jp->p >= 3 && strncmp(jp->p, "NaN", 3) == 0) { jp->err = "non-finite"; return NULL; }
    if (c == 'I' && jp->end - jp->p >= 8 && strncmp(jp->p, "Infinity", 8) == 0) { jp->err = "non-finite"; return NULL; }
    if (c == '-' || (c >= '0' && c <= '9')) return parse_num(jp);
    jp->err = "json";
    return NULL;
}

static int utf8_valid(const unsigned char *s, size_t n) {
    size_t i = 0;
    while (i < n) {
        unsigned char c = s[i];
        if (c < 0x80) { i++; continue; }
        int need; unsigned cp;
        if (c >= 0xC2 && c <= 0xDF) { need = 1; cp = c & 0x1F; }
        else if (c >= 0xE0 && c <= 0xEF) { need = 2; cp = c & 0x0F; }
        else if (c >= 0xF0 && c <= 0xF4) { need = 3; cp = c & 0x07; }
        else return 0;
        if (i + (size_t)need >= n) return 0;
        for (int k = 1; k <= need; k++) {
            unsigned char d = s[i + k];
            if ((d & 0xC0) != 0x80) return 0;
            cp = (cp << 6) | (d & 0x3F);
        }
        if (need == 2 && cp < 0x800) return 0;
        if (need == 3 && (cp < 0x10000 || cp > 0x10FFFF)) return 0;
        if (cp >= 0xD800 && cp <= 0xDFFF) return 0;
        i += (size_t)need + 1;
    }
    return 1;
}

static JVal *jget(JVal *o, const char *k) {
    if (!o || o->t != J_OBJ) return NULL;
    size_t kl = strlen(k);
    for (size_t i = 0; i < o->n; i++) if (o->klens[i] == kl && memcmp(o->keys[i], k, kl) == 0) return o->items[i];
    return NULL;
}

/* ------------------------------------------------------------------ output buffer */
typedef struct { char *b; size_t n, cap; } Buf;
static void bput(Buf *b, const char *s, size_t n) {
    if (b->n + n + 1 > b->cap) { while (b->n + n + 1 > b->cap) b->cap = b->cap ? b->cap * 2 : 4096; b->b = realloc(b->b, b->cap); }
    memcpy(b->b + b->n, s, n); b->n += n; b->b[b->n] = 0;
}
static void bs(Buf *b, const char *s) { bput(b, s, strlen(s)); }
static void bf(Buf *b, const char *fmt, ...) {
    char tmp[512]; va_list ap; va_start(ap, fmt); int n = vsnprintf(tmp, sizeof tmp, fmt, ap); va_end(ap);
    bput(b, tmp, (size_t)n);
}
static void bstr(Buf *b, const char *s) {
    bs(b, "\"");
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"') bs(b, "\\\""); else if (c == '\\') bs(b, "\\\\");
        else if (c < 0x20) bf(b, "\\u%04x", c);
        else bput(b, (const char *)&c, 1);
    }
    bs(b, "\"");
}

/* ------------------------------------------------------------------ cards */
static const char *RANKS[9] = { "A", "10", "K", "Q", "J", "9", "8", "7", "6" };
static const char SUITS[5] = "CDHS";
static const int PTS[9] = { 11, 10, 4, 3, 2, 0, 0, 0, 0 };
#define SUIT(c) ((c) / 9)
#define RANK(c) ((c) % 9)
#define BIT(c) (1ULL << (c))
static uint64_t SUITMASK(int s) { return 0x1FFULL << (s * 9); }
static char CARDNAME[36][4];
static void init_cards(void) { for (int c = 0; c < 36; c++) snprintf(CARDNAME[c], 4, "%s%c", RANKS[RANK(c)], SUITS[SUIT(c)]); }
static int parse_card(const char *s, size_t len) {
    if (strlen(s) != len) return -1;
    for (int c = 0; c < 36; c++) if (strcmp(s, CARDNAME[c]) == 0) return c;
    return -1;
}
static int parse_suit(const char *s, size_t len) {
    if (len != 1) return -1;
    const char *p = strchr(SUITS, s[0]);
    if (!p || !s[0]) return -1;
    return (int)(p - SUITS);
}
static int set_points(uint64_t m) { int p = 0; for (int c = 0; c < 36; c++) if (m & BIT(c)) p += PTS[RANK(c)]; return p; }

/* ------------------------------------------------------------------ rulesets */
enum { PAT_3344, PAT_4334, PAT_SINGLY };
enum { AU_OPEN, AU_ONE_ROUND, AU_ONE_BID };
enum { C_NONE = 0, C_FROG = 1, C_CHICO = 2, C_GRAND = 3 };
static const char *CONTRACTS[4] = { "", "frog", "chico", "grand" };
enum { SO_RECEIVE, SO_PAYRECV, SO_SOLOONLY };

typedef struct {
    const char *id;
    int minp, maxp;
    int pattern;
    int seating1922;
    int auction;
    int has_frog;
    int chico_hearts;
    int widow_shown;
    int rate[4];
    int fixed;           /* Coeur d'Alene fixed payments */
    int opt_sitting, opt_penalty;
    int bank;
    int ends;            /* first unable to pay loses */
    int fd1922;
} Ruleset;

static const Ruleset RULESETS[] = {
    { "foster-1909", 3, 5, PAT_3344, 0, AU_OPEN, 1, 0, 1, {0, 1, 2, 4}, 0, 0, 0, 0, 0, 0 },
    { "hoyle-1907", 3, 5, PAT_3344, 0, AU_OPEN, 1, 0, 1, {0, 1, 2, 4}, 0, 0, 0, 0, 0, 0 },
    { "modern", 3, 5, PAT_4334, 0, AU_ONE_ROUND, 1, 0, 0, {0, 1, 2, 4}, 0, 0, 0, 0, 0, 0 },
    { "official-1922-solo", 3, 7, PAT_SINGLY, 1, AU_ONE_ROUND, 1, 0, 0, {0, 1, 2, 3}, 0, 1, 1, 120, 1, 1 },
    { "official-1922-straight", 3, 7, PAT_SINGLY, 1, AU_ONE_ROUND, 0, 0, 0, {0, 0, 1, 2}, 0, 1, 0, 120, 1, 1 },
    { "official-1922-coeur-dalene", 3, 7, PAT_SINGLY, 1, AU_ONE_ROUND, 1, 0, 0, {0, 25, 50, 75}, 1, 1, 1, 120, 1, 1 },
    { "gamerules", 3, 3, PAT_4334, 0, AU_ONE_BID, 1, 1, 0, {0, 1, 2, 3}, 0, 0, 0, 150, 0, 0 },
};
#define NRULESETS 7

typedef struct { int sitting; int penalty; } Options;

/* ------------------------------------------------------------------ seating & deal */
static void active_seats(int players, int dealer, int act[3]) {
    if (players == 3) { act[0] = (dealer + 1) % 3; act[1] = (dealer + 2) % 3; act[2] = dealer; }
    else if (players == 4) {
        if (HAS(H_FOUR_OPPOSITE)) { act[0] = (dealer + 1) % 4; act[1] = (dealer + 3) % 4; act[2] = dealer; }
        else { act[0] = (dealer + 1) % 4; act[1] = (dealer + 2) % 4; act[2] = (dealer + 3) % 4; }
    } else { act[0] = (dealer + 1) % players; act[1] = (dealer + 2) % players; act[2] = (dealer + players - 1) % players; }
}
static int is_active(int players, int dealer, int seat) {
    int a[3]; active_seats(players, dealer, a);
    return seat == a[0] || seat == a[1] || seat == a[2];
}

/* hands indexed by position in act[] */
static void deal_cards(const Ruleset *rs, const int deck[36], uint64_t hands[3], uint64_t *widow) {
    int k = 0;
    hands[0] = hands[1] = hands[2] = 0; *widow = 0;
    if (rs->pattern == PAT_SINGLY) {
        int nxt = 0;
        for (int i = 0; i < 36; i++) {
            int n = i + 1;
            if (n == 1 || n == 4 || n == 8) *widow |= BIT(deck[i]);
            else { hands[nxt % 3] |= BIT(deck[i]); nxt++; }
        }
        return;
    }
    int pk[4];
    if (rs->pattern == PAT_3344) { pk[0] = 3; pk[1] = -3; pk[2] = 4; pk[3] = 4; }
    else { pk[0] = 4; pk[1] = -3; pk[2] = 3; pk[3] = 4; }
    for (int r = 0; r < 4; r++) {
        if (pk[r] < 0) { for (int j = 0; j < 3; j++) *widow |= BIT(deck[k++]); continue; }
        for (int p = 0; p < 3; p++) for (int j = 0; j < pk[r]; j++) hands[p] |= BIT(deck[k++]);
    }
}

/* ------------------------------------------------------------------ game state */
enum { PH_AUCTION, PH_DISCARD, PH_TRUMP, PH_PLAY, PH_OVER };
static const char *PHASES[] = { "auction", "discard", "trump", "play", "over" };
enum { A_PASS = 0, A_BID = 1, A_DISCARD = 2, A_TRUMP = 3, A_PLAY = 4 };
#define ACT(t, a) ((t) * 64 + (a))
#define ATYPE(x) ((x) / 64)
#define AARG(x) ((x) % 64)

typedef struct {
    const Ruleset *rs;
    Options opt;
    int players, dealer;
    int act[3];          /* active seats from eldest, clockwise */
    int bidord[3];       /* positions (into act) in bidding order */
    uint64_t hand[3];    /* by position */
    uint64_t widow;
    int phase;
    int to_act;          /* position */
    /* auction */
    int passed[3];
    int high, highpos;   /* contract, position */
    int cur;             /* index in bidord of the speaker (open, one-round, one-bid) */
    int pending;         /* one-round: position answering at once, -1 none */
    int resume;          /* one-round: index in bidord to resume with */
    /* contract */
    int bidpos, contract, trump; /* trump -1 = none */
    int exchanges;       /* bidder takes the widow */
    uint64_t discards; int ndisc;
    /* play */
    int trick[3], trickpos[3], ntrick, leader, ntricks;
    uint64_t won[3];
    int lastwinner;
    int allpass;
    int pb, pd;
    int pay[8];
} Game;

static int pos_seat(const Game *g, int p) { return g->act[p]; }

static void settle_pay(const Ruleset *rs, Options opt, int players, int dealer, int bidder, int contract, int bp, int pay[8]);

static void auction_end(Game *g) {
    if (g->high == C_NONE) {
        g->phase = PH_OVER; g->allpass = 1; g->to_act = -1;
        for (int i = 0; i < 8; i++) g->pay[i] = 0;
        return;
    }
    g->bidpos = g->highpos; g->contract = g->high;
    if (g->contract == C_FROG) {
        g->trump = 2; g->exchanges = 1;
        g->hand[g->bidpos] |= g->widow;
        g->phase = PH_DISCARD; g->to_act = g->bidpos;
    } else if (g->contract == C_CHICO) {
        g->trump = -1;
        if (HAS(H_CHICO_EXCHANGES)) {
            g->exchanges = 1; g->hand[g->bidpos] |= g->widow;
            g->phase = PH_DISCARD; g->to_act = g->bidpos;
        } else { g->phase = PH_TRUMP; g->to_act = g->bidpos; }
    } else {
        g->trump = HAS(H_GRAND_NO_TRUMPS) ? -1 : 2;
        g->phase = PH_PLAY;
    }
    if (g->phase == PH_PLAY) {
        g->leader = HAS(H_BIDDER_LEADS) ? g->bidpos : 0;
        g->to_act = g->leader; g->ntrick = 0;
    }
}

static void start_play(Game *g) {
    g->phase = PH_PLAY;
    g->leader = HAS(H_BIDDER_LEADS) ? g->bidpos : 0;
    g->to_act = g->leader; g->ntrick = 0;
}

static void game_init(Game *g, const Ruleset *rs, Options opt, int players, int dealer, const int deck[36]) {
    memset(g, 0, sizeof *g);
    g->rs = rs; g->opt = opt; g->players = players; g->dealer = dealer;
    active_seats(players, dealer, g->act);
    deal_cards(rs, deck, g->hand, &g->widow);
    if (HAS(H_LAST_HAND_FIRST)) { g->bidord[0] = 2; g->bidord[1] = 0; g->bidord[2] = 1; }
    else { g->bidord[0] = 0; g->bidord[1] = 1; g->bidord[2] = 2; }
    g->phase = PH_AUCTION; g->high = C_NONE; g->highpos = -1; g->cur = 0; g->pending = -1;
    g->to_act = g->bidord[0];
    g->bidpos = -1; g->contract = C_NONE; g->trump = -1; g->lastwinner = -1;
}

static int can_bid(const Game *g, int c) { return (c != C_FROG || g->rs->has_frog) && c > g->high; }

/* legal actions of the player to act */
static int legal_actions(const Game *g, int out[64]) {
    int n = 0;
    switch (g->phase) {
    case PH_AUCTION:
        out[n++] = ACT(A_PASS, 0);
        for (int c = 1; c <= 3; c++) if (can_bid(g, c)) out[n++] = ACT(A_BID, c);
        break;
    case PH_DISCARD:
        for (int c = 0; c < 36; c++) if (g->hand[g->bidpos] & BIT(c)) out[n++] = ACT(A_DISCARD, c);
        break;
    case PH_TRUMP:
        for (int s = 0; s < 4; s++) if (s != 2 || g->rs->chico_hearts) out[n++] = ACT(A_TRUMP, s);
        break;
    case PH_PLAY: {
        uint64_t h = g->hand[g->to_act], m = h;
        if (g->ntrick > 0) {
            int led = SUIT(g->trick[0]);
            if (h & SUITMASK(led)) m = h & SUITMASK(led);
            else if (g->trump >= 0 && (h & SUITMASK(g->trump))) m = h & SUITMASK(g->trump);
        }
        for (int c = 0; c < 36; c++) if (m & BIT(c)) out[n++] = ACT(A_PLAY, c);
        break;
    }
    default: break;
    }
    return n;
}

/* index in cards[] of the card winning the trick */
static int trick_winner(const int *cards, int n, int trump) {
    int led = SUIT(cards[0]);
    if (trump >= 0) {
        if (HAS(H_FIRST_TRUMP_WINS)) {
            for (int i = 0; i < n; i++) if (SUIT(cards[i]) == trump) return i;
        } else {
            int best = -1;
            for (int i = 0; i < n; i++) if (SUIT(cards[i]) == trump && (best < 0 || RANK(cards[i]) < RANK(cards[best]))) best = i;
            if (best >= 0) return best;
        }
    }
    int best = 0;
    for (int i = 1; i < n; i++) if (SUIT(cards[i]) == led && RANK(cards[i]) < RANK(cards[best])) best = i;
    return best;
}

static void finish_deal(Game *g) {
    int b = g->bidpos;
    int pb = set_points(g->won[b]);
    if (g->exchanges) pb += set_points(g->discards);
    else {
        /* the untouched widow */
        if (HAS(H_WIDOW_LAST_TRICK)) { if (g->lastwinner == b) pb += set_points(g->widow); }
        else pb += set_points(g->widow);
    }
    g->pb = pb; g->pd = 120 - pb;
    g->phase = PH_OVER; g->to_act = -1;
    settle_pay(g->rs, g->opt, g->players, g->dealer, g->act[b], g->contract, pb, g->pay);
}

/* apply; returns NULL or the rule broken */
static const char *apply(Game *g, int a) {
    int t = ATYPE(a), x = AARG(a);
    switch (g->phase) {
    case PH_OVER: return "deal.actions-by-phase";
    case PH_AUCTION: {
        if (t != A_PASS && t != A_BID) return "deal.actions-by-phase";
        if (t == A_BID) {
            if (x == C_FROG && !g->rs->has_frog) return "auction.contracts-without-frog";
            if (x <= g->high) return "auction.contract-order";
        }
        int p = g->to_act;
        int au = g->rs->auction;
        if (au == AU_OPEN) {
            if (t == A_PASS) g->passed[p] = 1; else { g->high = x; g->highpos = p; }
            if (g->high == C_GRAND) { auction_end(g); return NULL; }
            int others = 0, np = 0;
            for (int i = 0; i < 3; i++) if (!g->passed[i]) { np++; if (i != g->highpos) others++; }
            if ((g->highpos >= 0 && others == 0) || np == 0) { auction_end(g); return NULL; }
            for (int k = 1; k <= 3; k++) {
                int i = (g->cur + k) % 3; int pp = g->bidord[i];
                if (!g->passed[pp] && pp != g->highpos) { g->cur = i; g->to_act = pp; break; }
            }
            return NULL;
        }
        if (au == AU_ONE_ROUND && g->pending >= 0) {
            /* the overbid Frog bidder answers at once */
            g->pending = -1;
            if (t == A_PASS) g->passed[p] = 1; else { g->high = x; g->highpos = p; }
            if (g->high == C_GRAND) { auction_end(g); return NULL; }
            g->cur = g->resume;
        } else {
            int prev = g->high, prevpos = g->highpos;
            if (t == A_PASS) g->passed[p] = 1; else { g->high = x; g->highpos = p; }
            if (g->high == C_GRAND) { auction_end(g); return NULL; }
            g->cur++;
            if (au == AU_ONE_ROUND && t == A_BID && x == C_CHICO && prev == C_FROG && prevpos >= 0) {
                g->pending = prevpos; g->resume = g->cur; g->to_act = prevpos; return NULL;
            }
        }
        if (g->cur >= 3) { auction_end(g); return NULL; }
        g->to_act = g->bidord[g->cur];
        return NULL;
    }
    case PH_DISCARD: {
        if (t != A_DISCARD) return "deal.actions-by-phase";
        if (!(g->hand[g->bidpos] & BIT(x))) return "widow.frog-take-and-discard";
        g->hand[g->bidpos] &= ~BIT(x); g->discards |= BIT(x); g->ndisc++;
        if (g->ndisc == 3) {
            if (g->contract == C_CHICO) { g->phase = PH_TRUMP; g->to_act = g->bidpos; }
            else start_play(g);
        }
        return NULL;
    }
    case PH_TRUMP: {
        if (t != A_TRUMP) return "deal.actions-by-phase";
        if (x == 2 && !g->rs->chico_hearts) return "trump.chico-not-hearts";
        g->trump = x;
        start_play(g);
        return NULL;
    }
    case PH_PLAY: {
        if (t != A_PLAY) return "deal.actions-by-phase";
        uint64_t h = g->hand[g->to_act];
        if (!(h & BIT(x))) return "play.card-from-hand";
        if (g->ntrick > 0) {
            int led = SUIT(g->trick[0]);
            if (h & SUITMASK(led)) { if (SUIT(x) != led) return "play.follow-suit"; }
            else if (g->trump >= 0 && (h & SUITMASK(g->trump)) && SUIT(x) != g->trump) return "play.must-trump";
        }
        g->hand[g->to_act] &= ~BIT(x);
        g->trick[g->ntrick] = x; g->trickpos[g->ntrick] = g->to_act; g->ntrick++;
        if (g->ntrick < 3) { g->to_act = (g->to_act + 1) % 3; return NULL; }
        int w = trick_winner(g->trick, 3, g->trump);
        int wp = g->trickpos[w];
        for (int i = 0; i < 3; i++) g->won[wp] |= BIT(g->trick[i]);
        g->ntrick = 0; g->ntricks++; g->lastwinner = wp;
        g->leader = wp; g->to_act = wp;
        if (g->ntricks == 11) finish_deal(g);
        return NULL;
    }
    }
    return "deal.actions-by-phase";
}

static void action_str(int a, char *buf) {
    int t = ATYPE(a), x = AARG(a);
    switch (t) {
    case A_PASS: strcpy(buf, "pass"); break;
    case A_BID: strcpy(buf, CONTRACTS[x]); break;
    case A_DISCARD: sprintf(buf, "discard %s", CARDNAME[x]); break;
    case A_TRUMP: sprintf(buf, "trump %c", SUITS[x]); break;
    default: sprintf(buf, "play %s", CARDNAME[x]); break;
    }
}
static int parse_action(const char *s, size_t len) {
    if (strlen(s) != len) return -1;
    if (!strcmp(s, "pass")) return ACT(A_PASS, 0);
    for (int c = 1; c <= 3; c++) if (!strcmp(s, CONTRACTS[c])) return ACT(A_BID, c);
    if (!strncmp(s, "discard ", 8)) { int c = parse_card(s + 8, strlen(s + 8)); return c < 0 ? -1 : ACT(A_DISCARD, c); }
    if (!strncmp(s, "play ", 5)) { int c = parse_card(s + 5, strlen(s + 5)); return c < 0 ? -1 : ACT(A_PLAY, c); }
    if (!strncmp(s, "trump ", 6)) { int su = parse_suit(s + 6, strlen(s + 6)); return su < 0 ? -1 : ACT(A_TRUMP, su); }
    return -1;
}

/* ------------------------------------------------------------------ settlement */
static void settle_pay(const Ruleset *rs, Options opt, int players, int dealer, int bidder, int contract, int bp, int pay[8]) {
    for (int i = 0; i < 8; i++) pay[i] = 0;
    int m = bp - 60;
    if (m == 0) return;
    int act[3]; active_seats(players, dealer, act);
    if (m > 0) {
        int amt = rs->fixed ? rs->rate[contract] : m * rs->rate[contract];
        for (int s = 0; s < players; s++) {
            if (s == bidder) continue;
            int active = (s == act[0] || s == act[1] || s == act[2]);
            int pays = active;
            if (!active) {
                if (HAS(H_SITOUT_PAY)) pays = 1;
                else if (opt.sitting == SO_PAYRECV) pays = 1;
                else if (opt.sitting == SO_SOLOONLY && contract != C_FROG) pays = 1;
            }
            if (pays) { pay[s] -= amt; pay[bidder] += amt; }
        }
    } else {
        int c = contract;
        if (opt.penalty && contract == C_FROG) c = C_GRAND;
        int amt = rs->fixed ? rs->rate[c] : (-m) * rs->rate[c];
        for (int s = 0; s < players; s++) {
            if (s == bidder) continue;
            pay[s] += amt; pay[bidder] -= amt;
        }
    }
}

/* ------------------------------------------------------------------ request handling */
typedef struct { const char *kind; const char *rule; char msg[256]; int at; int deal; } Err;

static Buf OUT;
static void emit_id(Buf *b, JVal *id) { if (id) bs(b, id->raw); else bs(b, "null"); }
static void send_error(JVal *id, const Err *e) {
    Buf b = {0};
    bs(&b, "{\"id\":"); emit_id(&b, id);
    bs(&b, ",\"error\":{\"kind\":"); bstr(&b, e->kind);
    bs(&b, ",\"rule\":"); if (e->rule) bstr(&b, e->rule); else bs(&b, "null");
    bs(&b, ",\"message\":"); bstr(&b, e->msg);
    if (e->at >= 0) bf(&b, ",\"at\":%d", e->at);
    if (e->deal >= 0) bf(&b, ",\"deal\":%d", e->deal);
    bs(&b, "}}\n");
    fwrite(b.b, 1, b.n, stdout); fflush(stdout); free(b.b);
}
static void send_result(JVal *id, Buf *res) {
    Buf b = {0};
    bs(&b, "{\"id\":"); emit_id(&b, id); bs(&b, ",\"result\":"); bput(&b, res->b, res->n); bs(&b, "}\n");
    fwrite(b.b, 1, b.n, stdout); fflush(stdout); free(b.b);
}

static Err mkerr(const char *kind, const char *rule, const char *fmt, ...) {
    Err e; e.kind = kind; e.rule = rule; e.at = -1; e.deal = -1;
    va_list ap; va_start(ap, fmt); vsnprintf(e.msg, sizeof e.msg, fmt, ap); va_end(ap);
    return e;
}
#define INVALID(...) do { *err = mkerr("invalid", NULL, __VA_ARGS__); return 0; } while (0)

static int get_int(JVal *v, long long *out) {
    if (!v || v->t != J_NUM || !v->is_int || !v->int_fits) return 0;
    *out = v->iv; return 1;
}

static int read_players(JVal *req, const Ruleset *rs, int *players, Err *err) {
    long long p;
    if (!get_int(jget(req, "players"), &p)) INVALID("players must be an integer");
    if (p < rs->minp || p > rs->maxp) INVALID("%s is played by %d to %d players, not %lld", rs->id, rs->minp, rs->maxp, p);
    *players = (int)p; return 1;
}
static int read_seat(JVal *req, const char *key, int players, int *seat, Err *err) {
    long long s;
    if (!get_int(jget(req, key), &s)) INVALID("%s must be an integer seat", key);
    if (s < 0 || s >= players) INVALID("%s %lld is not a seat at a table of %d", key, s, players);
    *seat = (int)s; return 1;
}
static int read_options(JVal *req, const Ruleset *rs, Options *o, Err *err) {
    JVal *v = jget(req, "options");
    o->sitting = SO_RECEIVE; o->penalty = 0;
    if (!v) INVALID("options missing");
    if (v->t != J_OBJ) INVALID("options must be an object");
    for (size_t i = 0; i < v->n; i++) {
        const char *k = v->keys[i]; JVal *x = v->items[i];
        if (!strcmp(k, "sitting_out") && strlen(k) == v->klens[i] && rs->opt_sitting) {
            if (x->t != J_STR) INVALID("sitting_out must be a string");
            if (!strcmp(x->s, "receive-only")) o->sitting = SO_RECEIVE;
            else if (!strcmp(x->s, "pay-and-receive")) o->sitting = SO_PAYRECV;
            else if (!strcmp(x->s, "pay-and-receive-solo-only")) o->sitting = SO_SOLOONLY;
            else INVALID("sitting_out takes receive-only, pay-and-receive, pay-and-receive-solo-only");
        } else if (!strcmp(k, "penalty_frog") && strlen(k) == v->klens[i] && rs->opt_penalty) {
            if (x->t != J_BOOL) INVALID("penalty_frog must be true or false");
            o->penalty = x->b;
        } else INVALID("%s has no option %s", rs->id, k);
    }
    return 1;
}
static int read_cardlist(JVal *v, const char *what, int minn, int maxn, int *cards, int *n, Err *err) {
    if (!v || v->t != J_ARR) INVALID("%s must be a list of cards", what);
    if ((int)v->n < minn || (int)v->n > maxn) INVALID("%s must hold %d to %d cards", what, minn, maxn);
    uint64_t seen = 0;
    for (size_t i = 0; i < v->n; i++) {
        JVal *x = v->items[i];
        if (x->t != J_STR) INVALID("%s: a card is a string", what);
        int c = parse_card(x->s, x->slen);
        if (c < 0) INVALID("%s: unknown card %s", what, x->s);
        if (seen & BIT(c)) INVALID("%s: %s twice", what, x->s);
        seen |= BIT(c); cards[i] = c;
    }
    *n = (int)v->n; return 1;
}
static int read_deck(JVal *v, int deck[36], Err *err) {
    int n;
    if (!read_cardlist(v, "deck", 36, 36, deck, &n, err)) return 0;
    return 1;
}
static int read_trump(JVal *req, int *trump, Err *err) {
    JVal *v = jget(req, "trump");
    if (!v) INVALID("trump missing");
    if (v->t == J_NULL) { *trump = -1; return 1; }
    if (v->t != J_STR) INVALID("trump must be a suit or null");
    int s = parse_suit(v->s, v->slen);
    if (s < 0) INVALID("unknown suit %s", v->s);
    *trump = s; return 1;
}
static int read_actions(JVal *v, int **acts, int *n, Err *err) {
    if (!v || v->t != J_ARR) INVALID("actions must be a list");
    *acts = malloc(sizeof(int) * (v->n + 1)); *n = (int)v->n;
    for (size_t i = 0; i < v->n; i++) {
        JVal *x = v->items[i];
        if (x->t != J_STR) { free(*acts); *acts = NULL; INVALID("action %zu is not a string", i); }
        int a = parse_action(x->s, x->slen);
        if (a < 0) { free(*acts); *acts = NULL; INVALID("action %zu (%s) is not an action", i, x->s); }
        (*acts)[i] = a;
    }
    return 1;
}

static const Ruleset *find_ruleset(const char *s) {
    for (int i = 0; i < NRULESETS; i++) if (!strcmp(RULESETS[i].id, s)) return &RULESETS[i];
    return NULL;
}

static void out_cards(Buf *b, uint64_t m) {
    bs(b, "["); int first = 1;
    for (int c = 0; c < 36; c++) if (m & BIT(c)) { if (!first) bs(b, ","); first = 0; bs(b, "\""); bs(b, CARDNAME[c]); bs(b, "\""); }
    bs(b, "]");
}

static void observation(const Game *g, Buf *b) {
    bs(b, "{\"phase\":"); bstr(b, PHASES[g->phase]);
    if (g->phase == PH_OVER) bs(b, ",\"to_act\":null");
    else bf(b, ",\"to_act\":%d", pos_seat(g, g->to_act));
    bs(b, ",\"legal\":[");
    int acts[64]; int n = g->phase == PH_OVER ? 0 : legal_actions(g, acts);
    for (int i = 0; i < n; i++) { char s[32]; action_str(acts[i], s); if (i) bs(b, ","); bstr(b, s); }
    bs(b, "]");
    if (g->bidpos >= 0) {
        bf(b, ",\"bidder\":%d,\"contract\":\"%s\"", pos_seat(g, g->bidpos), CONTRACTS[g->contract]);
        if (g->trump >= 0) bf(b, ",\"trump\":\"%c\"", SUITS[g->trump]); else bs(b, ",\"trump\":null");
        if (g->exchanges) bf(b, ",\"widow_shown\":%s", g->rs->widow_shown ? "true" : "false");
    } else bs(b, ",\"bidder\":null,\"contract\":null,\"trump\":null");
    if (g->phase == PH_OVER) {
        if (!g->allpass) bf(b, ",\"points\":{\"bidder\":%d,\"defenders\":%d}", g->pb, g->pd);
        bs(b, ",\"payments\":[");
        for (int s = 0; s < g->players; s++) bf(b, "%s%d", s ? "," : "", g->pay[s]);
        bs(b, "]");
    }
    bs(b, "}");
}

/* common: ruleset + options + players + dealer + deck + actions */
typedef struct { const Ruleset *rs; Options opt; int players, dealer; int deck[36]; int *acts; int nacts; } GameReq;

static int read_game_req(JVal *req, const Ruleset *rs, GameReq *gr, Err *err) {
    gr->rs = rs; gr->acts = NULL;
    if (!read_options(req, rs, &gr->opt, err)) return 0;
    if (!read_players(req, rs, &gr->players, err)) return 0;
    if (!read_seat(req, "dealer", gr->players, &gr->dealer, err)) return 0;
    if (!read_deck(jget(req, "deck"), gr->deck, err)) return 0;
    if (!read_actions(jget(req, "actions"), &gr->acts, &gr->nacts, err)) return 0;
    return 1;
}

static int play_actions(Game *g, const int *acts, int n, Err *err) {
    for (int i = 0; i < n; i++) {
        const char *r = apply(g, acts[i]);
        if (r) {
            char s[32]; action_str(acts[i], s);
            *err = mkerr("illegal", r, "action %d (%s) breaks %s", i, s, r);
            err->at = i;
            return 0;
        }
    }
    return 1;
}

/* perft */
static long long VISITED; static int LIMIT_HIT;
#define PERFT_LIMIT 100000
static long long perft(const Game *g, long long depth) {
    if (g->phase == PH_OVER || depth == 0) return 1;
    int acts[64]; int n = legal_actions(g, acts);
    long long total = 0;
    for (int i = 0; i < n; i++) {
        Game c = *g; apply(&c, acts[i]);
        if (c.phase != PH_OVER && depth - 1 != 0) { if (++VISITED > PERFT_LIMIT) { LIMIT_HIT = 1; return 0; } }
        total += perft(&c, depth < 0 ? -1 : depth - 1);
        if (LIMIT_HIT) return 0;
    }
    return total;
}

static int handle(JVal *req, JVal *id, Buf *res, Err *err) {
    JVal *opv = jget(req, "op");
    const char *op = opv->s;
    static const char *OPS[] = { "hello", "card_points", "trick_winner", "legal_plays", "deal", "settle", "game", "match", "first_dealer", "perft" };
    int known = 0;
    for (int i = 0; i < 10; i++) if (!strcmp(op, OPS[i]) && strlen(op) == opv->slen) known = 1;
    if (!known) { *err = mkerr("unsupported", NULL, "op %s is not offered", op); return 0; }
    (void)id;

    if (!strcmp(op, "hello")) {
        JVal *sp = jget(req, "spec");
        if (!sp || sp->t != J_STR) INVALID("spec must be a string");
        if (strcmp(sp->s, "1") != 0 || sp->slen != 1) { *err = mkerr("unsupported", NULL, "protocol version %s is not spoken", sp->s); return 0; }
        bs(res, "{\"name\":\"frog-c-drawn2\",\"version\":\"1.0\",\"rulesets\":[");
        for (int i = 0; i < NRULESETS; i++) { if (i) bs(res, ","); bstr(res, RULESETS[i].id); }
        bs(res, "],\"ops\":[");
        for (int i = 0; i < 10; i++) { if (i) bs(res, ","); bstr(res, OPS[i]); }
        bs(res, "],\"rule_ids\":\"frogspec\",\"house\":[");
        int first = 1;
        for (int i = 0; i < NHOUSE; i++) if (HOUSE & (1u << i)) { if (!first) bs(res, ","); first = 0; bstr(res, HOUSE_NAMES[i]); }
        bs(res, "]}");
        return 1;
    }
    if (!strcmp(op, "card_points")) {
        JVal *c = jget(req, "card");
        if (!c || c->t != J_STR) INVALID("card must be a string");
        int k = parse_card(c->s, c->slen);
        if (k < 0) INVALID("unknown card %s", c->s);
        bf(res, "%d", PTS[RANK(k)]);
        return 1;
    }
    /* every other op takes a ruleset */
    JVal *rv = jget(req, "ruleset");
    if (!rv || rv->t != J_STR) INVALID("ruleset must be a string");
    const Ruleset *rs = find_ruleset(rv->s);
    if (!rs || strlen(rv->s) != rv->slen) { *err = mkerr("unsupported", NULL, "ruleset %s is not offered", rv->s); return 0; }

    if (!strcmp(op, "trick_winner")) {
        int trump, cards[3], n;
        if (!read_trump(req, &trump, err)) return 0;
        if (!read_cardlist(jget(req, "cards"), "cards", 1, 3, cards, &n, err)) return 0;
        bf(res, "%d", trick_winner(cards, n, trump));
        return 1;
    }
    if (!strcmp(op, "legal_plays")) {
        int trump, hand[11], nh, trick[2], nt;
        if (!read_trump(req, &trump, err)) return 0;
        if (!read_cardlist(jget(req, "hand"), "hand", 1, 11, hand, &nh, err)) return 0;
        if (!read_cardlist(jget(req, "trick"), "trick", 0, 2, trick, &nt, err)) return 0;
        uint64_t h = 0; for (int i = 0; i < nh; i++) h |= BIT(hand[i]);
        for (int i = 0; i < nt; i++) if (h & BIT(trick[i])) INVALID("%s is both in hand and in the trick", CARDNAME[trick[i]]);
        uint64_t m = h;
        if (nt > 0) {
            int led = SUIT(trick[0]);
            if (h & SUITMASK(led)) m = h & SUITMASK(led);
            else if (trump >= 0 && (h & SUITMASK(trump))) m = h & SUITMASK(trump);
        }
        out_cards(res, m);
        return 1;
    }
    if (!strcmp(op, "first_dealer")) {
        int players;
        if (!read_players(req, rs, &players, err)) return 0;
        JVal *ch = jget(req, "chosen"), *lo = jget(req, "lowest"), *cd = jget(req, "chooses_to_deal");
        int chosen = -1, lowest = -1;
        if (ch && !read_seat(req, "chosen", players, &chosen, err)) return 0;
        if (lo && !read_seat(req, "lowest", players, &lowest, err)) return 0;
        if (cd && cd->t != J_BOOL) INVALID("chooses_to_deal must be true or false");
        if (rs->fd1922) {
            if (!lo || !cd) INVALID("%s reads lowest and chooses_to_deal", rs->id);
            int d = cd->b ? lowest : (lowest + players - 1) % players;
            bf(res, "%d", d);
        } else {
            if (!ch) INVALID("%s reads chosen", rs->id);
            bf(res, "%d", chosen);
        }
        return 1;
    }
    if (!strcmp(op, "deal")) {
        Options o; int players, dealer, deck[36];
        if (!read_options(req, rs, &o, err)) return 0;
        if (!read_players(req, rs, &players, err)) return 0;
        if (!read_seat(req, "dealer", players, &dealer, err)) return 0;
        if (!read_deck(jget(req, "deck"), deck, err)) return 0;
        int act[3]; uint64_t hands[3], widow;
        active_seats(players, dealer, act);
        deal_cards(rs, deck, hands, &widow);
        bf(res, "{\"active\":[%d,%d,%d],\"eldest\":%d,\"hands\":[", act[0], act[1], act[2], act[0]);
        for (int s = 0; s < players; s++) {
            if (s) bs(res, ",");
            int p = -1; for (int i = 0; i < 3; i++) if (act[i] == s) p = i;
            if (p < 0) bs(res, "null"); else out_cards(res, hands[p]);
        }
        bs(res, "],\"widow\":"); out_cards(res, widow); bs(res, "}");
        return 1;
    }
    if (!strcmp(op, "settle")) {
        Options o; int players, dealer, bidder; long long bp;
        if (!read_options(req, rs, &o, err)) return 0;
        if (!read_players(req, rs, &players, err)) return 0;
        if (!read_seat(req, "dealer", players, &dealer, err)) return 0;
        if (!read_seat(req, "bidder", players, &bidder, err)) return 0;
        if (!is_active(players, dealer, bidder)) INVALID("seat %d sits out this deal and cannot be the bidder", bidder);
        JVal *cv = jget(req, "contract");
        if (!cv || cv->t != J_STR) INVALID("contract must be a string");
        int c = 0; for (int k = 1; k <= 3; k++) if (!strcmp(cv->s, CONTRACTS[k]) && strlen(CONTRACTS[k]) == cv->slen) c = k;
        if (!c) INVALID("unknown contract %s", cv->s);
        if (!get_int(jget(req, "bidder_points"), &bp)) INVALID("bidder_points must be an integer");
        if (bp < 0 || bp > 120) INVALID("bidder_points must be 0 to 120");
        if (c == C_FROG && !rs->has_frog) { *err = mkerr("illegal", "auction.contracts-without-frog", "%s has no Frog", rs->id); return 0; }
        int pay[8]; settle_pay(rs, o, players, dealer, bidder, c, (int)bp, pay);
        bs(res, "[");
        for (int s = 0; s < players; s++) bf(res, "%s%d", s ? "," : "", pay[s]);
        bs(res, "]");
        return 1;
    }
    if (!strcmp(op, "game") || !strcmp(op, "perft")) {
        GameReq gr;
        int isperft = !strcmp(op, "perft");
        if (!read_game_req(req, rs, &gr, err)) return 0;
        long long depth = -1;
        if (isperft) {
            JVal *dv = jget(req, "depth");
            if (dv && dv->t != J_NULL) {
                if (!get_int(dv, &depth) || depth < 0) { free(gr.acts); INVALID("depth must be a non-negative integer or null"); }
            }
        }
        Game g; game_init(&g, rs, gr.opt, gr.players, gr.dealer, gr.deck);
        if (!play_actions(&g, gr.acts, gr.nacts, err)) { free(gr.acts); return 0; }
        free(gr.acts);
        if (!isperft) { observation(&g, res); return 1; }
        VISITED = 0; LIMIT_HIT = 0;
        Buf bfirst = {0}; long long total = 0;
        bs(&bfirst, "{");
        if (!(g.phase == PH_OVER || depth == 0)) {
            int acts[64]; int n = legal_actions(&g, acts);
            for (int i = 0; i < n; i++) {
                Game c = g; apply(&c, acts[i]);
                if (c.phase != PH_OVER && depth - 1 != 0) { if (++VISITED > PERFT_LIMIT) { LIMIT_HIT = 1; break; } }
                long long k = perft(&c, depth < 0 ? -1 : depth - 1);
                if (LIMIT_HIT) break;
                char s[32]; action_str(acts[i], s);
                if (i) bs(&bfirst, ",");
                bstr(&bfirst, s); bf(&bfirst, ":%lld", k);
                total += k;
            }
        } else total = 1;
        bs(&bfirst, "}");
        if (LIMIT_HIT) { free(bfirst.b); INVALID("perft would visit more than %d positions", PERFT_LIMIT); }
        bf(res, "{\"total\":%lld,\"by_first\":", total);
        bput(res, bfirst.b, bfirst.n); bs(res, "}");
        free(bfirst.b);
        return 1;
    }
    if (!strcmp(op, "match")) {
        Options o; int players, fd;
        if (!read_options(req, rs, &o, err)) return 0;
        if (!read_players(req, rs, &players, err)) return 0;
        if (!read_seat(req, "first_dealer", players, &fd, err)) return 0;
        JVal *dv = jget(req, "deals");
        if (!dv || dv->t != J_ARR) INVALID("deals must be a list");
        int nd = (int)dv->n;
        int (*decks)[36] = malloc(sizeof(int[36]) * (nd + 1));
        int **acts = calloc((size_t)nd + 1, sizeof(int *)); int *nacts = calloc((size_t)nd + 1, sizeof(int));
        int ok = 1;
        for (int d = 0; d < nd && ok; d++) {
            JVal *x = dv->items[d];
            if (x->t != J_OBJ) { *err = mkerr("invalid", NULL, "deal %d is not an object", d); ok = 0; break; }
            if (!read_deck(jget(x, "deck"), decks[d], err)) { ok = 0; break; }
            if (!read_actions(jget(x, "actions"), &acts[d], &nacts[d], err)) { ok = 0; break; }
        }
        long long bal[8]; int dealers[512]; int ndealers = 0;
        int over = 0, loser = -1;
        for (int s = 0; s < players; s++) bal[s] = rs->bank;
        int dealer = fd;
        for (int d = 0; d < nd && ok; d++) {
            if (over) {
                *err = mkerr("illegal", "match.first-unable-to-pay-loses", "deal %d is given after the game is over", d);
                err->at = 0; err->deal = d; ok = 0; break;
            }
            if (ndealers < 512) dealers[ndealers++] = dealer;
            Game g; game_init(&g, rs, o, players, dealer, decks[d]);
            if (!play_actions(&g, acts[d], nacts[d], err)) { err->deal = d; ok = 0; break; }
            if (g.phase != PH_OVER) { *err = mkerr("invalid", NULL, "deal %d stops before its end", d); ok = 0; break; }
            if (!g.allpass) {
                int bidder = g.act[g.bidpos];
                if (rs->ends) {
                    for (int k = 0; k < players; k++) {
                        int s = (bidder + k) % players;
                        if (g.pay[s] < 0 && -g.pay[s] > bal[s]) { over = 1; loser = s; break; }
                    }
                }
                for (int s = 0; s < players; s++) bal[s] += g.pay[s];
                if (HAS(H_BIDDER_DEALS)) dealer = bidder;
                else dealer = (dealer + 1) % players;
            } else dealer = (dealer + 1) % players;
        }
        for (int d = 0; d < nd; d++) free(acts[d]);
        free(acts); free(nacts); free(decks);
        if (!ok) return 0;
        bs(res, "{\"balances\":[");
        for (int s = 0; s < players; s++) bf(res, "%s%lld", s ? "," : "", bal[s]);
        bs(res, "],\"dealers\":[");
        for (int i = 0; i < ndealers; i++) bf(res, "%s%d", i ? "," : "", dealers[i]);
        bs(res, "],\"over\":"); bs(res, over ? "true" : "false");
        bs(res, ",\"loser\":"); if (loser >= 0) bf(res, "%d", loser); else bs(res, "null");
        bs(res, "}");
        return 1;
    }
    *err = mkerr("unsupported", NULL, "op %s is not offered", op);
    return 0;
}

static void process_line(char *line, size_t len) {
    /* blank line: no request */
    size_t i;
    for (i = 0; i < len; i++) if (!(line[i] == ' ' || line[i] == '\t' || line[i] == '\r' || line[i] == '\n')) break;
    if (i == len) return;
    Err e;
    if (len > 16777216) { e = mkerr("invalid", NULL, "length: the line is longer than 16777216 bytes"); send_error(NULL, &e); return; }
    if (!utf8_valid((const unsigned char *)line, len)) { e = mkerr("invalid", NULL, "utf-8: the line is not UTF-8"); send_error(NULL, &e); return; }
    JP jp = { line, line + len, NULL, 0 };
    JVal *req = jparse_val(&jp);
    if (req) { ws(&jp); if (jp.p != jp.end) { jfree(req); req = NULL; jp.err = "json"; } }
    if (!req) { e = mkerr("invalid", NULL, "%s: the line is not a JSON request within bounds", jp.err ? jp.err : "json"); send_error(NULL, &e); return; }
    if (req->t != J_OBJ) { e = mkerr("invalid", NULL, "a request is a JSON object"); send_error(NULL, &e); jfree(req); return; }
    JVal *id = jget(req, "id");
    if (!id || id->t != J_NUM || !id->is_int) { e = mkerr("invalid", NULL, "id must be an integer"); send_error(NULL, &e); jfree(req); return; }
    JVal *op = jget(req, "op");
    if (!op || op->t != J_STR) { e = mkerr("invalid", NULL, "op must be a string"); send_error(id, &e); jfree(req); return; }
    Buf res = {0};
    e.at = -1; e.deal = -1;
    if (handle(req, id, &res, &e)) send_result(id, &res);
    else send_error(id, &e);
    free(res.b);
    jfree(req);
}

int main(int argc, char **argv) {
    init_cards();
    for (int i = 1; i < argc; i++) {
        const char *name = NULL;
        if (!strcmp(argv[i], "--house")) {
            if (i + 1 >= argc) { fprintf(stderr, "frog: --house needs a name\n"); return 2; }
            name = argv[++i];
        } else if (!strncmp(argv[i], "--house=", 8)) name = argv[i] + 8;
        else if (!strcmp(argv[i], "--protocol")) continue;
        else { fprintf(stderr, "frog: unknown argument %s\n", argv[i]); return 2; }
        int found = -1;
        for (int k = 0; k < NHOUSE; k++) if (!strcmp(name, HOUSE_NAMES[k])) found = k;
        if (found < 0) {
            fprintf(stderr, "frog: unknown house rule '%s'; known:", name);
            for (int k = 0; k < NHOUSE; k++) fprintf(stderr, " %s", HOUSE_NAMES[k]);
            fprintf(stderr, "\n");
            return 2;
        }
        HOUSE |= 1u << found;
    }
    char *line = NULL; size_t cap = 0; ssize_t n;
    while ((n = getline(&line, &cap, stdin)) != -1) {
        size_t len = (size_t)n;
        if (len && line[len - 1] == '\n') len--;
        process_line(line, len);
    }
    free(line);
    (void)OUT;
    return 0;
}
