/*
 * frog.c - the card game Frog (American "solo sixty"), speaking the JSON-lines
 * conformance protocol, version 1, on stdin/stdout.  House rules are switched on with
 * --house NAME (repeatable); see README.md.
 *
 * Build: gcc -O2 -std=c11 -Wall -Wextra -o frog frog.c
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <sys/types.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <stdarg.h>
#include <setjmp.h>
#include <math.h>

/* ------------------------------------------------------------------------------------ */
/* house rules                                                                           */

enum {
    H_MUST_HEAD = 1 << 0,     /* following suit, a player must beat the best card of the led suit */
    H_NO_BURY = 1 << 1,       /* Frog bidder may not lay away an Ace or a Ten */
    H_GRAND_NT = 1 << 2,      /* Grand is played without any trump */
    H_LAST_TEN = 1 << 3,      /* 10 points for the last trick; tie at 65 */
    H_WIDOW_LAST = 1 << 4,    /* deal 3-4-4 to the players, the last three cards to the widow */
    H_FORCED_FROG = 1 << 5,   /* all pass: the last active player must play a Frog */
    H_TEN_LOW = 1 << 6,       /* in the trick only, the Ten ranks just below the King */
    H_GRAND_FIVE = 1 << 7,    /* Grand pays five units a point (Coeur d'Alene: 125) */
    H_LEFT_PAYS = 1 << 8,     /* a losing bidder pays only the next active player on his left */
    H_DEAL_RIGHT = 1 << 9     /* the deal passes to the right */
};
static unsigned house = 0;
static const struct { const char *name; unsigned bit; } house_names[] = {
    {"must-head", H_MUST_HEAD}, {"no-bury-counters", H_NO_BURY},
    {"grand-no-trump", H_GRAND_NT}, {"last-trick-ten", H_LAST_TEN},
    {"widow-last", H_WIDOW_LAST}, {"forced-frog", H_FORCED_FROG},
    {"ten-below-king", H_TEN_LOW}, {"grand-pays-five", H_GRAND_FIVE},
    {"loser-pays-left", H_LEFT_PAYS}, {"deal-passes-right", H_DEAL_RIGHT},
};
#define NHOUSE ((int)(sizeof house_names / sizeof house_names[0]))

/* ------------------------------------------------------------------------------------ */
/* memory: everything allocated while answering one line is freed afterwards             */

static void **pool = NULL;
static size_t pool_n = 0, pool_cap = 0;

static void *xalloc(size_t n)
{
    void *p = calloc(1, n ? n : 1);
    if (!p) { fputs("out of memory\n", stderr); exit(1); }
    if (pool_n == pool_cap) {
        pool_cap = pool_cap ? pool_cap * 2 : 1024;
        pool = realloc(pool, pool_cap * sizeof *pool);
        if (!pool) { fputs("out of memory\n", stderr); exit(1); }
    }
    pool[pool_n++] = p;
    return p;
}

static void pool_free(void)
{
    for (size_t i = 0; i < pool_n; i++) free(pool[i]);
    pool_n = 0;
}

/* ------------------------------------------------------------------------------------ */
/* output buffer                                                                         */

typedef struct { char *p; size_t n, cap; } Buf;
static Buf out;

static void bput(Buf *b, const char *s, size_t n)
{
    if (b->n + n + 1 > b->cap) {
        size_t c = b->cap ? b->cap : 4096;
        while (c < b->n + n + 1) c *= 2;
        b->p = realloc(b->p, c);
        if (!b->p) { fputs("out of memory\n", stderr); exit(1); }
        b->cap = c;
    }
    memcpy(b->p + b->n, s, n);
    b->n += n;
    b->p[b->n] = 0;
}
static void bs(const char *s) { bput(&out, s, strlen(s)); }
static void bf(const char *fmt, ...)
{
    char tmp[256];
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (k > 0) bput(&out, tmp, (size_t)k < sizeof tmp ? (size_t)k : sizeof tmp - 1);
}
static void bstr(const char *s)
{
    bs("\"");
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"') bs("\\\"");
        else if (c == '\\') bs("\\\\");
        else if (c < 0x20) bf("\\u%04x", c);
        else if (c >= 0x80) bs("?");
        else bput(&out, (const char *)&c, 1);
    }
    bs("\"");
}

/* ------------------------------------------------------------------------------------ */
/* a small JSON reader                                                                   */

enum { J_NULL, J_BOOL, J_NUM, J_STR, J_ARR, J_OBJ };
typedef struct JV {
    int t;
    int b;             /* bool */
    int isint;         /* number written as an integer that fits in long long */
    long long iv;
    double dv;
    char *s;           /* string (UTF-8, NUL-terminated; embedded NUL makes it useless) */
    size_t slen;
    int n;             /* array/object size */
    struct JV **v;
    char **k;
} JV;

typedef struct { const char *p, *end; int depth; const char *err; } JP;

static JV *jnew(int t) { JV *v = xalloc(sizeof *v); v->t = t; return v; }
static void jws(JP *jp) { while (jp->p < jp->end && (*jp->p == ' ' || *jp->p == '\t' || *jp->p == '\n' || *jp->p == '\r')) jp->p++; }
static JV *jparse_val(JP *jp);

static int hexv(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}
static int read4(JP *jp, unsigned *u)
{
    if (jp->end - jp->p < 4) return 0;
    unsigned x = 0;
    for (int i = 0; i < 4; i++) {
        int h = hexv(jp->p[i]);
        if (h < 0) return 0;
        x = x * 16 + (unsigned)h;
    }
    jp->p += 4;
    *u = x;
    return 1;
}
static void put_utf8(Buf *b, unsigned cp)
{
    char t[4];
    if (cp < 0x80) { t[0] = (char)cp; bput(b, t, 1); }
    else if (cp < 0x800) { t[0] = (char)(0xC0 | (cp >> 6)); t[1] = (char)(0x80 | (cp & 63)); bput(b, t, 2); }
    else if (cp < 0x10000) { t[0] = (char)(0xE0 | (cp >> 12)); t[1] = (char)(0x80 | ((cp >> 6) & 63)); t[2] = (char)(0x80 | (cp & 63)); bput(b, t, 3); }
    else { t[0] = (char)(0xF0 | (cp >> 18)); t[1] = (char)(0x80 | ((cp >> 12) & 63)); t[2] = (char)(0x80 | ((cp >> 6) & 63)); t[3] = (char)(0x80 | (cp & 63)); bput(b, t, 4); }
}

static char *jparse_strraw(JP *jp, size_t *len)
{
    /* at opening quote */
    jp->p++;
    Buf b = {0};
    bput(&b, "", 0);
    for (;;) {
        if (jp->p >= jp->end) { jp->err = "json"; free(b.p); return NULL; }
        unsigned char c = (unsigned char)*jp->p;
        if (c == '"') { jp->p++; break; }
        if (c < 0x20) { jp->err = "json"; free(b.p); return NULL; }
        if (c == '\\') {
            jp->p++;
            if (jp->p >= jp->end) { jp->err = "json"; free(b.p); return NULL; }
            char e = *jp->p++;
            switch (e) {
            case '"': bput(&b, "\"", 1); break;
            case '\\': bput(&b, "\\", 1); break;
            case '/': bput(&b, "/", 1); break;
            case 'b': bput(&b, "\b", 1); break;
            case 'f': bput(&b, "\f", 1); break;
            case 'n': bput(&b, "\n", 1); break;
            case 'r': bput(&b, "\r", 1); break;
            case 't': bput(&b, "\t", 1); break;
            case 'u': {
                unsigned u;
                if (!read4(jp, &u)) { jp->err = "json"; free(b.p); return NULL; }
                if (u >= 0xD800 && u < 0xDC00) {
                    unsigned u2;
                    if (jp->end - jp->p >= 6 && jp->p[0] == '\\' && jp->p[1] == 'u') {
                        jp->p += 2;
                        if (!read4(jp, &u2)) { jp->err = "json"; free(b.p); return NULL; }
                        if (u2 < 0xDC00 || u2 > 0xDFFF) { jp->err = "surrogate"; free(b.p); return NULL; }
                        u = 0x10000 + ((u - 0xD800) << 10) + (u2 - 0xDC00);
                    } else { jp->err = "surrogate"; free(b.p); return NULL; }
                } else if (u >= 0xDC00 && u <= 0xDFFF) { jp->err = "surrogate"; free(b.p); return NULL; }
                put_utf8(&b, u);
                break;
            }
            default: jp->err = "json"; free(b.p); return NULL;
            }
            continue;
        }
        bput(&b, jp->p, 1);
        jp->p++;
    }
    char *s = xalloc(b.n + 1);
    memcpy(s, b.p, b.n);
    *len = b.n;
    free(b.p);
    return s;
}

static JV *jparse_num(JP *jp)
{
    const char *st = jp->p;
    int isint = 1;
    if (*jp->p == '-') jp->p++;
    if (jp->p >= jp->end) { jp->err = "json"; return NULL; }
    if (*jp->p == '0') jp->p++;
    else if (*jp->p >= '1' && *jp->p <= '9') { while (jp->p < jp->end && *jp->p >= '0' && *jp->p <= '9') jp->p++; }
    else {
        if (jp->end - jp->p >= 8 && !strncmp(jp->p, "Infinity", 8)) { jp->err = "non-finite"; return NULL; }
        jp->err = "json"; return NULL;
    }
    if (jp->p < jp->end && *jp->p == '.') {
        isint = 0; jp->p++;
        if (jp->p >= jp->end || *jp->p < '0' || *jp->p > '9') { jp->err = "json"; return NULL; }
        while (jp->p < jp->end && *jp->p >= '0' && *jp->p <= '9') jp->p++;
    }
    if (jp->p < jp->end && (*jp->p == 'e' || *jp->p == 'E')) {
        isint = 0; jp->p++;
        if (jp->p < jp->end && (*jp->p == '+' || *jp->p == '-')) jp->p++;
        if (jp->p >= jp->end || *jp->p < '0' || *jp->p > '9') { jp->err = "json"; return NULL; }
        while (jp->p < jp->end && *jp->p >= '0' && *jp->p <= '9') jp->p++;
    }
    size_t len = (size_t)(jp->p - st);
    if (len > 40) { jp->err = "number"; return NULL; }
    char tmp[48];
    memcpy(tmp, st, len);
    tmp[len] = 0;
    JV *v = jnew(J_NUM);
    v->dv = strtod(tmp, NULL);
    if (!isfinite(v->dv)) { jp->err = "non-finite"; return NULL; }
    if (isint) {
        /* fits in long long? */
        int neg = tmp[0] == '-';
        size_t digits = len - (size_t)neg;
        if (digits <= 18) { v->isint = 1; v->iv = strtoll(tmp, NULL, 10); }
    }
    return v;
}

static JV *jparse_val(JP *jp)
{
    jws(jp);
    if (jp->p >= jp->end) { jp->err = "json"; return NULL; }
    char c = *jp->p;
    if (c == '{' || c == '[') {
        if (++jp->depth > 64) { jp->err = "depth"; return NULL; }
        int obj = c == '{';
        JV *v = jnew(obj ? J_OBJ : J_ARR);
        int cap = 0;
        jp->p++;
        jws(jp);
        if (jp->p < jp->end && *jp->p == (obj ? '}' : ']')) { jp->p++; jp->depth--; return v; }
        for (;;) {
            char *key = NULL;
            size_t kl = 0;
            if (obj) {
                jws(jp);
                if (jp->p >= jp->end || *jp->p != '"') { jp->err = "json"; return NULL; }
                key = jparse_strraw(jp, &kl);
                if (!key) return NULL;
                jws(jp);
                if (jp->p >= jp->end || *jp->p != ':') { jp->err = "json"; return NULL; }
                jp->p++;
            }
            JV *e = jparse_val(jp);
            if (!e) return NULL;
            if (v->n == cap) {
                cap = cap ? cap * 2 : 8;
                JV **nv = xalloc(sizeof(JV *) * (size_t)cap);
                if (v->n) memcpy(nv, v->v, sizeof(JV *) * (size_t)v->n);
                v->v = nv;
                if (obj) {
                    char **nk = xalloc(sizeof(char *) * (size_t)cap);
                    if (v->n) memcpy(nk, v->k, sizeof(char *) * (size_t)v->n);
                    v->k = nk;
                }
            }
            if (obj) {
                for (int i = 0; i < v->n; i++)
                    if (!strcmp(v->k[i], key)) { jp->err = "duplicate-key"; return NULL; }
                v->k[v->n] = key;
            }
            v->v[v->n++] = e;
            jws(jp);
            if (jp->p >= jp->end) { jp->err = "json"; return NULL; }
            if (*jp->p == ',') { jp->p++; continue; }
            if (*jp->p == (obj ? '}' : ']')) { jp->p++; break; }
            jp->err = "json";
            return NULL;
        }
        jp->depth--;
        return v;
    }
    if (c == '"') {
        JV *v = jnew(J_STR);
        v->s = jparse_strraw(jp, &v->slen);
        if (!v->s) return NULL;
        return v;
    }
    if (c == '-' || (c >= '0' && c <= '9')) return jparse_num(jp);
    if (jp->end - jp->p >= 4 && !strncmp(jp->p, "true", 4)) { jp->p += 4; JV *v = jnew(J_BOOL); v->b = 1; return v; }
    if (jp->end - jp->p >= 5 && !strncmp(jp->p, "false", 5)) { jp->p += 5; return jnew(J_BOOL); }
    if (jp->end - jp->p >= 4 && !strncmp(jp->p, "null", 4)) { jp->p += 4; return jnew(J_NULL); }
    if ((jp->end - jp->p >= 3 && !strncmp(jp->p, "NaN", 3)) || (jp->end - jp->p >= 8 && !strncmp(jp->p, "Infinity", 8))) {
        jp->err = "non-finite";
        return NULL;
    }
    jp->err = "json";
    return NULL;
}

/* strict UTF-8 check of a whole line */
static int utf8_ok(const unsigned char *s, size_t n)
{
    size_t i = 0;
    while (i < n) {
        unsigned c = s[i];
        if (c < 0x80) { i++; continue; }
        int k;
        unsigned cp;
        if (c >= 0xC2 && c <= 0xDF) { k = 1; cp = c & 0x1F; }
        else if (c >= 0xE0 && c <= 0xEF) { k = 2; cp = c & 0x0F; }
        else if (c >= 0xF0 && c <= 0xF4) { k = 3; cp = c & 0x07; }
        else return 0;
        if (i + (size_t)k >= n) return 0;
        for (int j = 1; j <= k; j++) {
            unsigned d = s[i + (size_t)j];
            if ((d & 0xC0) != 0x80) return 0;
            cp = (cp << 6) | (d & 0x3F);
        }
        if ((k == 2 && cp < 0x800) || (k == 3 && (cp < 0x10000 || cp > 0x10FFFF))) return 0;
        if (cp >= 0xD800 && cp <= 0xDFFF) return -1;
        i += (size_t)k + 1;
    }
    return 1;
}

static JV *jget(const JV *o, const char *key)
{
    if (!o || o->t != J_OBJ) return NULL;
    for (int i = 0; i < o->n; i++)
        if (!strcmp(o->k[i], key)) return o->v[i];
    return NULL;
}

/* ------------------------------------------------------------------------------------ */
/* errors: longjmp back to the request handler                                           */

static jmp_buf err_jmp;
static const char *err_kind, *err_rule;
static char err_msg[256];
static int err_at, err_deal;   /* -1: absent */

static void fail(const char *kind, const char *rule, const char *fmt, ...)
{
    err_kind = kind;
    err_rule = rule;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err_msg, sizeof err_msg, fmt, ap);
    va_end(ap);
    longjmp(err_jmp, 1);
}
#define INVALID(...) fail("invalid", NULL, __VA_ARGS__)

/* ------------------------------------------------------------------------------------ */
/* cards                                                                                 */

/* card index = suit * 9 + rank; suits C D H S; ranks A 10 K Q J 9 8 7 6 */
static const char *SUITS = "CDHS";
static const char *RANKS[9] = {"A", "10", "K", "Q", "J", "9", "8", "7", "6"};
static const int RANK_POINTS[9] = {11, 10, 4, 3, 2, 0, 0, 0, 0};
#define SUIT(c) ((c) / 9)
#define RANK(c) ((c) % 9)
#define BIT(c) (1ULL << (c))
static const uint64_t SUITMASK[4] = {0x1FFULL, 0x1FFULL << 9, 0x1FFULL << 18, 0x1FFULL << 27};

static int card_points(int c) { return RANK_POINTS[RANK(c)]; }
static char card_name_buf[36][4];
static const char *cname(int c) { return card_name_buf[c]; }
static void init_cards(void)
{
    for (int c = 0; c < 36; c++) snprintf(card_name_buf[c], 4, "%s%c", RANKS[RANK(c)], SUITS[SUIT(c)]);
}
static int parse_card_str(const char *s)
{
    for (int c = 0; c < 36; c++)
        if (!strcmp(s, card_name_buf[c])) return c;
    return -1;
}
static int parse_suit_str(const char *s)
{
    if (strlen(s) != 1) return -1;
    const char *p = strchr(SUITS, s[0]);
    return p && s[0] ? (int)(p - SUITS) : -1;
}
static int points_of(uint64_t m)
{
    int t = 0;
    for (int c = 0; c < 36; c++) if (m & BIT(c)) t += card_points(c);
    return t;
}

/* strength in the trick: lower is stronger */
static int trick_order(int c)
{
    static const int tenlow[9] = {0, 2, 1, 3, 4, 5, 6, 7, 8};
    return (house & H_TEN_LOW) ? tenlow[RANK(c)] : RANK(c);
}
/* does card a beat card b (b currently winning)? trump -1: none */
static int beats(int a, int b, int trump)
{
    if (SUIT(a) == SUIT(b)) return trick_order(a) < trick_order(b);
    return trump >= 0 && SUIT(a) == trump;
}
static int trick_winner(const int *cards, int n, int trump)
{
    int w = 0;
    for (int i = 1; i < n; i++) if (beats(cards[i], cards[w], trump)) w = i;
    return w;
}

/* the cards a player may play to the trick so far */
static uint64_t legal_cards(uint64_t hand, const int *trick, int nt, int trump)
{
    if (nt == 0) return hand;
    int led = SUIT(trick[0]);
    uint64_t f = hand & SUITMASK[led];
    if (f) {
        if (house & H_MUST_HEAD) {
            int w = trick_winner(trick, nt, trump);
            if (SUIT(trick[w]) == led) {
                uint64_t hi = 0;
                for (int c = 0; c < 36; c++)
                    if ((f & BIT(c)) && trick_order(c) < trick_order(trick[w])) hi |= BIT(c);
                if (hi) return hi;
            }
        }
        return f;
    }
    if (trump >= 0 && (hand & SUITMASK[trump])) return hand & SUITMASK[trump];
    return hand;
}
static const char *play_rule(uint64_t hand, const int *trick, int nt, int trump, int c)
{
    if (!(hand & BIT(c))) return "play.card-from-hand";
    uint64_t l = legal_cards(hand, trick, nt, trump);
    if (l & BIT(c)) return NULL;
    int led = SUIT(trick[0]);
    if (hand & SUITMASK[led]) return SUIT(c) == led ? "house.must-head" : "play.follow-suit";
    return "play.must-trump";
}

/* ------------------------------------------------------------------------------------ */
/* rulesets                                                                              */

enum { C_NONE = 0, C_FROG = 1, C_CHICO = 2, C_GRAND = 3 };
static const char *CONTRACTS[4] = {NULL, "frog", "chico", "grand"};
enum { D_3344, D_4334, D_SINGLY };
enum { A_OVERBID, A_ONEROUND, A_ONEBID };
enum { SO_RECEIVE, SO_PAYREC, SO_SOLO };

typedef struct {
    const char *id;
    int minp, maxp;
    int deal, auction;
    int has_frog, chico_hearts, widow_shown;
    int rate[4];        /* per point, by contract */
    int fixed[4];       /* fixed amounts (Coeur d'Alene), 0 if by points */
    int bank, ends_unable;
    int opt_sitting, opt_penalty;
    int first_low;      /* first dealer by low card */
} RS;

static const RS RULESETS[] = {
    {"foster-1909", 3, 5, D_3344, A_OVERBID, 1, 0, 1, {0, 1, 2, 4}, {0}, 0, 0, 0, 0, 0},
    {"hoyle-1907", 3, 5, D_3344, A_OVERBID, 1, 0, 1, {0, 1, 2, 4}, {0}, 0, 0, 0, 0, 0},
    {"modern", 3, 5, D_4334, A_ONEROUND, 1, 0, 0, {0, 1, 2, 4}, {0}, 0, 0, 0, 0, 0},
    {"official-1922-solo", 3, 7, D_SINGLY, A_ONEROUND, 1, 0, 0, {0, 1, 2, 3}, {0}, 120, 1, 1, 1, 1},
    {"official-1922-straight", 3, 7, D_SINGLY, A_ONEROUND, 0, 0, 0, {0, 0, 1, 2}, {0}, 120, 1, 1, 0, 1},
    {"official-1922-coeur-dalene", 3, 7, D_SINGLY, A_ONEROUND, 1, 0, 0, {0, 0, 0, 0}, {0, 25, 50, 75}, 120, 1, 1, 1, 1},
    {"gamerules", 3, 3, D_4334, A_ONEBID, 1, 1, 0, {0, 1, 2, 3}, {0}, 150, 0, 0, 0, 0},
};
#define NRS ((int)(sizeof RULESETS / sizeof RULESETS[0]))

typedef struct { int sitting; int penalty; } Opts;

/* the rule ids (frogspec's, from `frogspec rules --ruleset ID`) each ruleset uses, in the
   order of RULESETS */
static const char *RULE_IDS[] = {
    "seats.active-foster seats.eldest-hand seats.players-3-to-5 cards.pack cards.points cards.rank-order deal.actions-by-phase deal.first-dealer-any deal.packets-3-3-4-4 deal.rotation-left auction.all-pass auction.bidder-plays-named-game auction.contract-order auction.contracts-frog-chico-grand auction.highest-bid-wins auction.overbid-to-raise auction.pass-is-final widow.frog-shown widow.frog-take-and-discard widow.untouched-in-chico-and-grand trump.chico-not-hearts trump.hearts-in-frog-and-grand play.any-card-when-unable play.card-from-hand play.eldest-leads-first play.eleven-tricks play.follow-suit play.lead-any-card play.must-trump play.no-duty-to-head play.no-duty-to-overtrump play.trick-winner play.winner-leads-next scoring.count-card-points scoring.widow-counts-for-bidder settlement.each-pays-in-full settlement.rates-1-2-4 settlement.sitting-out-receive-only settlement.sixty-is-a-tie match.counters-no-bank match.no-fixed-end",
    "seats.active-foster seats.eldest-hand seats.players-3-to-5 cards.pack cards.points cards.rank-order deal.actions-by-phase deal.first-dealer-any deal.packets-3-3-4-4 deal.rotation-left auction.all-pass auction.bidder-plays-named-game auction.contract-order auction.contracts-frog-chico-grand auction.highest-bid-wins auction.overbid-to-raise auction.pass-is-final widow.frog-shown widow.frog-take-and-discard widow.untouched-in-chico-and-grand trump.chico-not-hearts trump.hearts-in-frog-and-grand play.any-card-when-unable play.card-from-hand play.eldest-leads-first play.eleven-tricks play.follow-suit play.lead-any-card play.must-trump play.no-duty-to-head play.no-duty-to-overtrump play.trick-winner play.winner-leads-next scoring.count-card-points scoring.widow-counts-for-bidder settlement.each-pays-in-full settlement.rates-1-2-4 settlement.sitting-out-receive-only settlement.sixty-is-a-tie match.counters-no-bank match.no-fixed-end",
    "seats.active-foster seats.eldest-hand seats.players-3-to-5 cards.pack cards.points cards.rank-order deal.actions-by-phase deal.first-dealer-any deal.packets-4-3-3-4 deal.rotation-left auction.all-pass auction.bidder-plays-named-game auction.contract-order auction.contracts-frog-chico-grand auction.highest-bid-wins auction.one-round-frog-may-raise auction.pass-is-final widow.frog-hidden widow.frog-take-and-discard widow.untouched-in-chico-and-grand trump.chico-not-hearts trump.hearts-in-frog-and-grand play.any-card-when-unable play.card-from-hand play.eldest-leads-first play.eleven-tricks play.follow-suit play.lead-any-card play.must-trump play.no-duty-to-head play.no-duty-to-overtrump play.trick-winner play.winner-leads-next scoring.count-card-points scoring.widow-counts-for-bidder settlement.each-pays-in-full settlement.rates-1-2-4 settlement.sitting-out-receive-only settlement.sixty-is-a-tie match.counters-no-bank match.no-fixed-end",
    "seats.active-six-or-seven seats.eldest-hand seats.players-3-to-7 cards.pack cards.points cards.rank-order deal.actions-by-phase deal.first-dealer-low-card-chooses deal.rotation-left deal.singly-slough-1-4-8 auction.all-pass auction.bidder-plays-named-game auction.contract-order auction.contracts-frog-chico-grand auction.highest-bid-wins auction.one-round-frog-may-raise auction.pass-is-final widow.frog-hidden widow.frog-take-and-discard widow.untouched-in-chico-and-grand trump.chico-not-hearts trump.hearts-in-frog-and-grand play.any-card-when-unable play.card-from-hand play.eldest-leads-first play.eleven-tricks play.follow-suit play.lead-any-card play.must-trump play.no-duty-to-head play.no-duty-to-overtrump play.trick-winner play.winner-leads-next scoring.count-card-points scoring.widow-counts-for-bidder settlement.default-system-receive-only settlement.each-pays-in-full settlement.penalty-frog settlement.rates-1-2-3 settlement.sitting-out-pay-and-receive settlement.sitting-out-pay-and-receive-solo-only settlement.sitting-out-receive-only settlement.sixty-is-a-tie match.bank-120-chips match.first-unable-to-pay-loses match.unable-to-pay-order match.unable-to-pay-pays-in-full",
    "seats.active-six-or-seven seats.eldest-hand seats.players-3-to-7 cards.pack cards.points cards.rank-order deal.actions-by-phase deal.first-dealer-low-card-chooses deal.rotation-left deal.singly-slough-1-4-8 auction.all-pass auction.bidder-plays-named-game auction.contract-order auction.contracts-without-frog auction.highest-bid-wins auction.one-round-frog-may-raise auction.pass-is-final widow.untouched-in-chico-and-grand trump.chico-not-hearts trump.hearts-in-frog-and-grand play.any-card-when-unable play.card-from-hand play.eldest-leads-first play.eleven-tricks play.follow-suit play.lead-any-card play.must-trump play.no-duty-to-head play.no-duty-to-overtrump play.trick-winner play.winner-leads-next scoring.count-card-points scoring.widow-counts-for-bidder settlement.default-system-receive-only settlement.each-pays-in-full settlement.rates-straight-1-2 settlement.sitting-out-pay-and-receive settlement.sitting-out-pay-and-receive-solo-only settlement.sitting-out-receive-only settlement.sixty-is-a-tie match.bank-120-chips match.first-unable-to-pay-loses match.unable-to-pay-order match.unable-to-pay-pays-in-full",
    "seats.active-six-or-seven seats.eldest-hand seats.players-3-to-7 cards.pack cards.points cards.rank-order deal.actions-by-phase deal.first-dealer-low-card-chooses deal.rotation-left deal.singly-slough-1-4-8 auction.all-pass auction.bidder-plays-named-game auction.contract-order auction.contracts-frog-chico-grand auction.highest-bid-wins auction.one-round-frog-may-raise auction.pass-is-final widow.frog-hidden widow.frog-take-and-discard widow.untouched-in-chico-and-grand trump.chico-not-hearts trump.hearts-in-frog-and-grand play.any-card-when-unable play.card-from-hand play.eldest-leads-first play.eleven-tricks play.follow-suit play.lead-any-card play.must-trump play.no-duty-to-head play.no-duty-to-overtrump play.trick-winner play.winner-leads-next scoring.count-card-points scoring.widow-counts-for-bidder settlement.coeur-dalene-fixed-ratio settlement.coeur-dalene-loser-pays-same settlement.coeur-dalene-penalty-frog settlement.default-system-receive-only settlement.each-pays-in-full settlement.fixed-25-50-75 settlement.sitting-out-pay-and-receive settlement.sitting-out-pay-and-receive-solo-only settlement.sitting-out-receive-only settlement.sixty-is-a-tie match.coeur-dalene-bank-in-cents match.first-unable-to-pay-loses match.unable-to-pay-order match.unable-to-pay-pays-in-full",
    "seats.active-foster seats.eldest-hand seats.players-3 cards.pack cards.points cards.rank-order deal.actions-by-phase deal.first-dealer-any deal.gamerules-packets deal.rotation-left auction.all-pass auction.bidder-plays-named-game auction.contract-order auction.contracts-frog-chico-grand auction.highest-bid-wins auction.one-bid-each auction.pass-is-final widow.frog-take-and-discard widow.hidden-when-unsaid widow.untouched-in-chico-and-grand trump.chico-any-suit trump.hearts-in-frog-and-grand play.any-card-when-unable play.card-from-hand play.eldest-leads-first play.eleven-tricks play.follow-suit play.lead-any-card play.must-trump play.no-duty-to-head play.no-duty-to-overtrump play.trick-winner play.winner-leads-next scoring.count-card-points scoring.widow-counts-for-bidder settlement.each-pays-in-full settlement.rates-1-2-3 settlement.sitting-out-receive-only settlement.sixty-is-a-tie match.bank-150-points match.no-fixed-end",
};

static int rate_of(const RS *rs, int contract)
{
    if (contract == C_GRAND && (house & H_GRAND_FIVE)) return 5;
    return rs->rate[contract];
}
static int fixed_of(const RS *rs, int contract)
{
    if (contract == C_GRAND && (house & H_GRAND_FIVE)) return 125;
    return rs->fixed[contract];
}

/* active seats from eldest */
static void active_seats(int n, int dealer, int act[3])
{
    act[0] = (dealer + 1) % n;
    act[1] = (dealer + 2) % n;
    act[2] = (dealer + n - 1) % n;
    if (n == 3) act[2] = dealer;
}
static int is_active(int n, int dealer, int s)
{
    int a[3];
    active_seats(n, dealer, a);
    return s == a[0] || s == a[1] || s == a[2];
}

/* deal: hands by active index in dealing order, widow in dealing order */
typedef struct { int hand[3][11]; int widow[3]; } Dealt;
static void do_deal(const RS *rs, const int *deck, Dealt *d)
{
    int hn[3] = {0, 0, 0}, wn = 0, k = 0;
    if (house & H_WIDOW_LAST) {
        static const int pk[3] = {3, 4, 4};
        for (int r = 0; r < 3; r++)
            for (int p = 0; p < 3; p++)
                for (int j = 0; j < pk[r]; j++) d->hand[p][hn[p]++] = deck[k++];
        for (int j = 0; j < 3; j++) d->widow[wn++] = deck[k++];
        return;
    }
    if (rs->deal == D_SINGLY) {
        int p = 0;
        for (k = 0; k < 36; k++) {
            if (k == 0 || k == 3 || k == 7) d->widow[wn++] = deck[k];
            else { d->hand[p][hn[p]++] = deck[k]; p = (p + 1) % 3; }
        }
        return;
    }
    int first = rs->deal == D_3344 ? 3 : 4;
    int second = rs->deal == D_3344 ? 4 : 3;
    for (int p = 0; p < 3; p++) for (int j = 0; j < first; j++) d->hand[p][hn[p]++] = deck[k++];
    for (int j = 0; j < 3; j++) d->widow[wn++] = deck[k++];
    for (int p = 0; p < 3; p++) for (int j = 0; j < second; j++) d->hand[p][hn[p]++] = deck[k++];
    for (int p = 0; p < 3; p++) for (int j = 0; j < 4; j++) d->hand[p][hn[p]++] = deck[k++];
}

/* settlement: payments by seat */
static void settle(const RS *rs, const Opts *o, int n, int dealer, int bseat, int contract, int bp, long long *pay)
{
    for (int s = 0; s < n; s++) pay[s] = 0;
    int tie = (house & H_LAST_TEN) ? 65 : 60;
    int m = bp - tie;
    if (m == 0) return;
    int win = m > 0;
    int am = win ? m : -m;
    int eff = contract;
    if (!win && contract == C_FROG && o->penalty) eff = C_GRAND;
    long long amt = rs->fixed[C_FROG] ? fixed_of(rs, eff) : (long long)rate_of(rs, eff) * am;
    if (win) {
        for (int s = 0; s < n; s++) {
            if (s == bseat) continue;
            int pays = is_active(n, dealer, s) || o->sitting == SO_PAYREC ||
                       (o->sitting == SO_SOLO && contract != C_FROG);
            if (pays) { pay[s] -= amt; pay[bseat] += amt; }
        }
    } else if (house & H_LEFT_PAYS) {
        int s = (bseat + 1) % n;
        while (!is_active(n, dealer, s)) s = (s + 1) % n;
        pay[s] += amt;
        pay[bseat] -= amt;
    } else {
        for (int s = 0; s < n; s++) {
            if (s == bseat) continue;
            pay[s] += amt;
            pay[bseat] -= amt;
        }
    }
}

/* ------------------------------------------------------------------------------------ */
/* the deal as a state machine                                                           */

enum { P_AUCTION, P_DISCARD, P_TRUMP, P_PLAY, P_OVER };
static const char *PHASES[5] = {"auction", "discard", "trump", "play", "over"};
enum { K_PASS = 1, K_BID, K_DISCARD, K_TRUMP, K_PLAY };
#define ACT(k, a) (((k) << 8) | (a))
#define AK(x) ((x) >> 8)
#define AA(x) ((x) & 255)

typedef struct {
    const RS *rs;
    Opts o;
    int n, dealer;
    int seat[3];
    uint64_t hand[3];
    int widow[3];
    uint64_t widowm;
    int phase;
    /* auction */
    int passed[3], high, hi, cur, pos, answering;
    /* contract */
    int bidder, contract, trump, frog_bid;
    int ndisc;
    uint64_t laid;
    /* play */
    int leader, trick[3], ntr, tricks, lastwin;
    int won[3];
    int bpoints, dpoints;
    long long pay[8];
} G;

static void g_init(G *g, const RS *rs, const Opts *o, int n, int dealer, const int *deck)
{
    memset(g, 0, sizeof *g);
    g->rs = rs;
    g->o = *o;
    g->n = n;
    g->dealer = dealer;
    active_seats(n, dealer, g->seat);
    Dealt d;
    do_deal(rs, deck, &d);
    for (int p = 0; p < 3; p++) for (int j = 0; j < 11; j++) g->hand[p] |= BIT(d.hand[p][j]);
    for (int j = 0; j < 3; j++) { g->widow[j] = d.widow[j]; g->widowm |= BIT(d.widow[j]); }
    g->phase = P_AUCTION;
    g->hi = -1;
    g->cur = 0;
    g->pos = 0;
    g->answering = -1;
    g->bidder = -1;
    g->trump = -1;
}

static int g_to_act(const G *g)
{
    switch (g->phase) {
    case P_AUCTION: return g->cur;
    case P_DISCARD: case P_TRUMP: return g->bidder;
    case P_PLAY: return (g->leader + g->ntr) % 3;
    default: return -1;
    }
}

static void start_contract(G *g, int idx, int contract)
{
    g->bidder = idx;
    g->contract = contract;
    if (contract == C_FROG) {
        g->frog_bid = 1;
        g->phase = P_DISCARD;
        g->trump = 2;
        g->hand[idx] |= g->widowm;
        g->ndisc = 0;
    } else if (contract == C_CHICO) {
        g->phase = P_TRUMP;
        g->trump = -1;
    } else {
        g->phase = P_PLAY;
        g->trump = (house & H_GRAND_NT) ? -1 : 2;
        g->leader = 0;
    }
}

static void end_auction(G *g)
{
    if (g->high) { start_contract(g, g->hi, g->high); return; }
    if (house & H_FORCED_FROG) { start_contract(g, 2, g->rs->has_frog ? C_FROG : C_CHICO); return; }
    g->phase = P_OVER;
}

/* after an auction action: decide who acts next or end */
static void auction_next(G *g)
{
    if (g->high == C_GRAND) { end_auction(g); return; }
    if (g->rs->auction == A_OVERBID) {
        int live = 0;
        for (int i = 0; i < 3; i++) if (!g->passed[i]) live++;
        if (live == 0 || (g->high && live == 1)) { end_auction(g); return; }
        for (int k = 1; k <= 3; k++) {
            int i = (g->cur + k) % 3;
            if (!g->passed[i] && !(g->high && i == g->hi)) { g->cur = i; return; }
        }
        end_auction(g);
        return;
    }
    /* one round (with the Frog bidder's answer) or one bid each */
    if (g->answering >= 0) { g->cur = g->answering; return; }
    if (g->pos >= 3) { end_auction(g); return; }
    g->cur = g->pos;
}

static int g_legal(const G *g, int *acts)
{
    int n = 0;
    switch (g->phase) {
    case P_AUCTION:
        acts[n++] = ACT(K_PASS, 0);
        for (int c = g->high + 1; c <= 3; c++) {
            if (c == C_FROG && !g->rs->has_frog) continue;
            acts[n++] = ACT(K_BID, c);
        }
        break;
    case P_DISCARD:
        for (int c = 0; c < 36; c++)
            if ((g->hand[g->bidder] & BIT(c)) && !((house & H_NO_BURY) && RANK(c) <= 1)) acts[n++] = ACT(K_DISCARD, c);
        break;
    case P_TRUMP:
        for (int s = 0; s < 4; s++)
            if (s != 2 || g->rs->chico_hearts) acts[n++] = ACT(K_TRUMP, s);
        break;
    case P_PLAY: {
        int p = g_to_act(g);
        uint64_t l = legal_cards(g->hand[p], g->trick, g->ntr, g->trump);
        for (int c = 0; c < 36; c++) if (l & BIT(c)) acts[n++] = ACT(K_PLAY, c);
        break;
    }
    default: break;
    }
    return n;
}

static void finish_deal(G *g)
{
    int b = g->bidder;
    int bp = g->won[b] + (g->contract == C_FROG ? points_of(g->laid) : points_of(g->widowm));
    int total = 120;
    if (house & H_LAST_TEN) { total = 130; if (g->lastwin == b) bp += 10; }
    g->bpoints = bp;
    g->dpoints = total - bp;
    settle(g->rs, &g->o, g->n, g->dealer, g->seat[b], g->contract, bp, g->pay);
    g->phase = P_OVER;
}

/* apply one action; returns NULL or the rule it breaks */
static const char *g_apply(G *g, int a)
{
    int k = AK(a), x = AA(a);
    switch (g->phase) {
    case P_AUCTION: {
        if (k != K_PASS && k != K_BID) return "deal.actions-by-phase";
        int i = g->cur;
        if (k == K_BID) {
            if (x == C_FROG && !g->rs->has_frog) return "auction.contracts-without-frog";
            if (x <= g->high) return "auction.contract-order";
        }
        int was_answer = g->answering >= 0 && i == g->answering;
        if (was_answer) g->answering = -1;
        else if (g->rs->auction != A_OVERBID) g->pos++;
        if (k == K_PASS) g->passed[i] = 1;
        else {
            int prev = g->high, prevhi = g->hi;
            g->high = x;
            g->hi = i;
            if (g->rs->auction == A_ONEROUND && x == C_CHICO && prev == C_FROG && prevhi >= 0 && !g->passed[prevhi])
                g->answering = prevhi;
        }
        auction_next(g);
        return NULL;
    }
    case P_DISCARD: {
        if (k != K_DISCARD) return "deal.actions-by-phase";
        int b = g->bidder;
        if (!(g->hand[b] & BIT(x))) return "widow.frog-take-and-discard";
        if ((house & H_NO_BURY) && RANK(x) <= 1) return "house.no-bury-counters";
        g->hand[b] &= ~BIT(x);
        g->laid |= BIT(x);
        if (++g->ndisc == 3) { g->phase = P_PLAY; g->leader = 0; }
        return NULL;
    }
    case P_TRUMP:
        if (k != K_TRUMP) return "deal.actions-by-phase";
        if (x == 2 && !g->rs->chico_hearts) return "trump.chico-not-hearts";
        g->trump = x;
        g->phase = P_PLAY;
        g->leader = 0;
        return NULL;
    case P_PLAY: {
        if (k != K_PLAY) return "deal.actions-by-phase";
        int p = g_to_act(g);
        const char *r = play_rule(g->hand[p], g->trick, g->ntr, g->trump, x);
        if (r) return r;
        g->hand[p] &= ~BIT(x);
        g->trick[g->ntr++] = x;
        if (g->ntr == 3) {
            int w = (g->leader + trick_winner(g->trick, 3, g->trump)) % 3;
            int pts = card_points(g->trick[0]) + card_points(g->trick[1]) + card_points(g->trick[2]);
            g->won[w] += pts;
            g->ntr = 0;
            g->leader = w;
            g->lastwin = w;
            if (++g->tricks == 11) finish_deal(g);
        }
        return NULL;
    }
    default:
        return "deal.actions-by-phase";
    }
}

static void write_action(int a)
{
    char t[32];
    switch (AK(a)) {
    case K_PASS: snprintf(t, sizeof t, "pass"); break;
    case K_BID: snprintf(t, sizeof t, "%s", CONTRACTS[AA(a)]); break;
    case K_DISCARD: snprintf(t, sizeof t, "discard %s", cname(AA(a))); break;
    case K_TRUMP: snprintf(t, sizeof t, "trump %c", SUITS[AA(a)]); break;
    default: snprintf(t, sizeof t, "play %s", cname(AA(a))); break;
    }
    bstr(t);
}

static void write_obs(const G *g)
{
    int acts[64];
    bs("{\"phase\":");
    bstr(PHASES[g->phase]);
    int ta = g_to_act(g);
    if (ta >= 0) bf(",\"to_act\":%d", g->seat[ta]); else bs(",\"to_act\":null");
    bs(",\"legal\":[");
    int n = g_legal(g, acts);
    for (int i = 0; i < n; i++) { if (i) bs(","); write_action(acts[i]); }
    bs("]");
    if (g->bidder >= 0) bf(",\"bidder\":%d", g->seat[g->bidder]); else bs(",\"bidder\":null");
    if (g->bidder >= 0) { bs(",\"contract\":"); bstr(CONTRACTS[g->contract]); } else bs(",\"contract\":null");
    if (g->bidder >= 0 && g->phase != P_TRUMP && g->trump >= 0) bf(",\"trump\":\"%c\"", SUITS[g->trump]);
    else bs(",\"trump\":null");
    if (g->frog_bid) bs(g->rs->widow_shown ? ",\"widow_shown\":true" : ",\"widow_shown\":false");
    if (g->phase == P_OVER) {
        if (g->bidder >= 0) bf(",\"points\":{\"bidder\":%d,\"defenders\":%d}", g->bpoints, g->dpoints);
        bs(",\"payments\":[");
        for (int s = 0; s < g->n; s++) bf("%s%lld", s ? "," : "", g->bidder >= 0 ? g->pay[s] : 0LL);
        bs("]");
    }
    bs("}");
}

/* ------------------------------------------------------------------------------------ */
/* request field readers                                                                 */

static JV *req;

static JV *need(const JV *o, const char *key)
{
    JV *v = jget(o, key);
    if (!v) INVALID("missing field '%s'", key);
    return v;
}
static long long need_int(const JV *o, const char *key)
{
    JV *v = need(o, key);
    if (v->t != J_NUM || !v->isint) INVALID("field '%s' must be an integer", key);
    return v->iv;
}
static int card_of(const JV *v)
{
    if (!v || v->t != J_STR || strlen(v->s) != v->slen) INVALID("a card must be a string");
    int c = parse_card_str(v->s);
    if (c < 0) INVALID("unknown card '%.20s'", v->s);
    return c;
}
/* list of distinct cards; returns count */
static int card_list(const JV *v, const char *what, int *cards, int minn, int maxn)
{
    if (!v || v->t != J_ARR) INVALID("'%s' must be a list of cards", what);
    if (v->n < minn || v->n > maxn) INVALID("'%s' holds %d cards, not %d to %d", what, v->n, minn, maxn);
    uint64_t seen = 0;
    for (int i = 0; i < v->n; i++) {
        int c = card_of(v->v[i]);
        if (seen & BIT(c)) INVALID("card %s given twice in '%s'", cname(c), what);
        seen |= BIT(c);
        cards[i] = c;
    }
    return v->n;
}
static void read_deck(const JV *v, int *deck)
{
    if (!v) INVALID("missing deck");
    card_list(v, "deck", deck, 36, 36);
}
static int read_trump(const JV *o)
{
    JV *v = need(o, "trump");
    if (v->t == J_NULL) return -1;
    if (v->t != J_STR) INVALID("trump must be a suit or null");
    int s = parse_suit_str(v->s);
    if (s < 0) INVALID("unknown suit");
    return s;
}
static const RS *read_ruleset(const JV *o)
{
    JV *v = jget(o, "ruleset");
    if (!v || v->t != J_STR) INVALID("missing ruleset");
    for (int i = 0; i < NRS; i++) if (!strcmp(v->s, RULESETS[i].id)) return &RULESETS[i];
    fail("unsupported", NULL, "ruleset '%.40s' is not offered", v->s);
    return NULL;
}
static void read_opts(const RS *rs, const JV *o, Opts *op)
{
    JV *v = need(o, "options");
    if (v->t != J_OBJ) INVALID("options must be an object");
    op->sitting = SO_RECEIVE;
    op->penalty = 0;
    for (int i = 0; i < v->n; i++) {
        const char *k = v->k[i];
        JV *x = v->v[i];
        if (!strcmp(k, "sitting_out") && rs->opt_sitting) {
            if (x->t != J_STR) INVALID("sitting_out must be a string");
            if (!strcmp(x->s, "receive-only")) op->sitting = SO_RECEIVE;
            else if (!strcmp(x->s, "pay-and-receive")) op->sitting = SO_PAYREC;
            else if (!strcmp(x->s, "pay-and-receive-solo-only")) op->sitting = SO_SOLO;
            else INVALID("sitting_out does not take that value");
        } else if (!strcmp(k, "penalty_frog") && rs->opt_penalty) {
            if (x->t != J_BOOL) INVALID("penalty_frog must be true or false");
            op->penalty = x->b;
        } else INVALID("ruleset %s has no option '%.40s'", rs->id, k);
    }
}
static int read_players(const RS *rs, const JV *o)
{
    long long n = need_int(o, "players");
    if (n < rs->minp || n > rs->maxp) INVALID("%s is played by %d to %d players", rs->id, rs->minp, rs->maxp);
    return (int)n;
}
static int read_seat(const JV *o, const char *key, int n)
{
    long long s = need_int(o, key);
    if (s < 0 || s >= n) INVALID("'%s' is not a seat of the table", key);
    return (int)s;
}
static int parse_action(const JV *v)
{
    if (!v || v->t != J_STR || strlen(v->s) != v->slen) INVALID("an action must be a string");
    const char *s = v->s;
    if (!strcmp(s, "pass")) return ACT(K_PASS, 0);
    for (int c = 1; c <= 3; c++) if (!strcmp(s, CONTRACTS[c])) return ACT(K_BID, c);
    if (!strncmp(s, "discard ", 8)) {
        int c = parse_card_str(s + 8);
        if (c >= 0) return ACT(K_DISCARD, c);
    } else if (!strncmp(s, "play ", 5)) {
        int c = parse_card_str(s + 5);
        if (c >= 0) return ACT(K_PLAY, c);
    } else if (!strncmp(s, "trump ", 6)) {
        int su = parse_suit_str(s + 6);
        if (su >= 0) return ACT(K_TRUMP, su);
    }
    INVALID("not an action: '%.40s'", s);
    return 0;
}
static int read_actions(const JV *v, int **acts)
{
    if (!v || v->t != J_ARR) INVALID("actions must be a list");
    *acts = xalloc(sizeof(int) * (size_t)(v->n + 1));
    for (int i = 0; i < v->n; i++) (*acts)[i] = parse_action(v->v[i]);
    return v->n;
}

/* ------------------------------------------------------------------------------------ */
/* ops                                                                                   */

static void op_hello(void)
{
    JV *v = need(req, "spec");
    if (v->t != J_STR) INVALID("spec must be a string");
    if (strcmp(v->s, "1")) fail("unsupported", NULL, "only protocol version 1 is spoken");
    bs("{\"name\":\"frog-c\",\"version\":\"1.0\",\"rulesets\":[");
    for (int i = 0; i < NRS; i++) { if (i) bs(","); bstr(RULESETS[i].id); }
    bs("],\"ops\":[\"hello\",\"card_points\",\"trick_winner\",\"legal_plays\",\"deal\",\"settle\",\"game\",\"match\",\"first_dealer\",\"perft\",\"rules\"]");
    bs(",\"rule_ids\":\"frogspec\",\"house\":[");
    int first = 1;
    for (int i = 0; i < NHOUSE; i++)
        if (house & house_names[i].bit) { if (!first) bs(","); bstr(house_names[i].name); first = 0; }
    bs("]}");
}

static void op_card_points(void)
{
    int c = card_of(need(req, "card"));
    bf("%d", card_points(c));
}

static void op_trick_winner(void)
{
    read_ruleset(req);
    int trump = read_trump(req);
    int cards[3];
    int n = card_list(need(req, "cards"), "cards", cards, 1, 3);
    bf("%d", trick_winner(cards, n, trump));
}

static void op_legal_plays(void)
{
    read_ruleset(req);
    int trump = read_trump(req);
    int hand[11], trick[2];
    int nh = card_list(need(req, "hand"), "hand", hand, 1, 11);
    int nt = card_list(need(req, "trick"), "trick", trick, 0, 2);
    uint64_t hm = 0;
    for (int i = 0; i < nh; i++) hm |= BIT(hand[i]);
    for (int i = 0; i < nt; i++) if (hm & BIT(trick[i])) INVALID("card %s both in hand and in the trick", cname(trick[i]));
    uint64_t l = legal_cards(hm, trick, nt, trump);
    bs("[");
    int first = 1;
    for (int i = 0; i < nh; i++)
        if (l & BIT(hand[i])) { if (!first) bs(","); bstr(cname(hand[i])); first = 0; }
    bs("]");
}

static void op_deal(void)
{
    const RS *rs = read_ruleset(req);
    Opts o;
    read_opts(rs, req, &o);
    int n = read_players(rs, req);
    int dealer = read_seat(req, "dealer", n);
    int deck[36];
    read_deck(jget(req, "deck"), deck);
    int act[3];
    active_seats(n, dealer, act);
    Dealt d;
    do_deal(rs, deck, &d);
    bf("{\"active\":[%d,%d,%d],\"eldest\":%d,\"hands\":[", act[0], act[1], act[2], act[0]);
    for (int s = 0; s < n; s++) {
        if (s) bs(",");
        int p = -1;
        for (int i = 0; i < 3; i++) if (act[i] == s) p = i;
        if (p < 0) { bs("null"); continue; }
        bs("[");
        for (int j = 0; j < 11; j++) { if (j) bs(","); bstr(cname(d.hand[p][j])); }
        bs("]");
    }
    bs("],\"widow\":[");
    for (int j = 0; j < 3; j++) { if (j) bs(","); bstr(cname(d.widow[j])); }
    bs("]}");
}

static void op_settle(void)
{
    const RS *rs = read_ruleset(req);
    Opts o;
    read_opts(rs, req, &o);
    int n = read_players(rs, req);
    int dealer = read_seat(req, "dealer", n);
    int bidder = read_seat(req, "bidder", n);
    if (!is_active(n, dealer, bidder)) INVALID("the bidder sits out this deal");
    JV *cv = need(req, "contract");
    if (cv->t != J_STR) INVALID("contract must be a string");
    int contract = 0;
    for (int c = 1; c <= 3; c++) if (!strcmp(cv->s, CONTRACTS[c])) contract = c;
    if (!contract) INVALID("unknown contract");
    long long bp = need_int(req, "bidder_points");
    int maxp = (house & H_LAST_TEN) ? 130 : 120;
    if (bp < 0 || bp > maxp) INVALID("bidder_points out of range");
    if (contract == C_FROG && !rs->has_frog) fail("illegal", "auction.contracts-without-frog", "%s has no Frog", rs->id);
    long long pay[8];
    settle(rs, &o, n, dealer, bidder, contract, (int)bp, pay);
    bs("[");
    for (int s = 0; s < n; s++) bf("%s%lld", s ? "," : "", pay[s]);
    bs("]");
}

typedef struct { const RS *rs; Opts o; int n, dealer; int deck[36]; int *acts; int nact; } GameReq;

static void read_game(GameReq *r)
{
    r->rs = read_ruleset(req);
    read_opts(r->rs, req, &r->o);
    r->n = read_players(r->rs, req);
    r->dealer = read_seat(req, "dealer", r->n);
    read_deck(jget(req, "deck"), r->deck);
    r->nact = read_actions(need(req, "actions"), &r->acts);
}

static void play_actions(G *g, const int *acts, int nact, int deal)
{
    for (int i = 0; i < nact; i++) {
        const char *rule = g_apply(g, acts[i]);
        if (rule) {
            err_at = i;
            err_deal = deal;
            fail("illegal", rule, "action %d is against the rules", i);
        }
    }
}

static void op_game(void)
{
    GameReq r;
    read_game(&r);
    G g;
    g_init(&g, r.rs, &r.o, r.n, r.dealer, r.deck);
    play_actions(&g, r.acts, r.nact, -1);
    write_obs(&g);
}

static long long perft_visited;
static long long perft_rec(const G *g, int depth)
{
    if (g->phase == P_OVER || depth == 0) return 1;
    int acts[64];
    int n = g_legal(g, acts);
    long long t = 0;
    for (int i = 0; i < n; i++) {
        G c = *g;
        g_apply(&c, acts[i]);
        int d = depth < 0 ? -1 : depth - 1;
        if (c.phase != P_OVER && d != 0) {
            if (++perft_visited > 100000) INVALID("perft would visit more than 100000 positions");
        }
        t += perft_rec(&c, d);
    }
    return t;
}

static void op_perft(void)
{
    GameReq r;
    read_game(&r);
    int depth = -1;
    JV *dv = jget(req, "depth");
    if (dv) {
        if (dv->t != J_NUM || !dv->isint || dv->iv < 0) INVALID("depth must be a non-negative integer");
        depth = dv->iv > 1000 ? 1000 : (int)dv->iv;
    }
    G g;
    g_init(&g, r.rs, &r.o, r.n, r.dealer, r.deck);
    play_actions(&g, r.acts, r.nact, -1);
    perft_visited = 0;
    if (g.phase == P_OVER || depth == 0) { bs("{\"total\":1,\"by_first\":{}}"); return; }
    int acts[64];
    int n = g_legal(&g, acts);
    long long sub[64], total = 0;
    for (int i = 0; i < n; i++) {
        G c = g;
        g_apply(&c, acts[i]);
        int d = depth < 0 ? -1 : depth - 1;
        if (c.phase != P_OVER && d != 0) {
            if (++perft_visited > 100000) INVALID("perft would visit more than 100000 positions");
        }
        sub[i] = perft_rec(&c, d);
        total += sub[i];
    }
    bf("{\"total\":%lld,\"by_first\":{", total);
    for (int i = 0; i < n; i++) { if (i) bs(","); write_action(acts[i]); bf(":%lld", sub[i]); }
    bs("}}");
}

static void op_rules(void)
{
    const RS *rs = read_ruleset(req);
    const char *ids = RULE_IDS[rs - RULESETS];
    bs("[");
    int first = 1;
    while (*ids) {
        const char *e = strchr(ids, ' ');
        size_t l = e ? (size_t)(e - ids) : strlen(ids);
        char t[96];
        snprintf(t, sizeof t, "%.*s", (int)l, ids);
        if (!first) bs(",");
        bstr(t);
        first = 0;
        ids += l;
        while (*ids == ' ') ids++;
    }
    for (int i = 0; i < NHOUSE; i++)
        if (house & house_names[i].bit) {
            char t[96];
            snprintf(t, sizeof t, "house.%s", house_names[i].name);
            bs(",");
            bstr(t);
        }
    bs("]");
}

static void op_match(void)
{
    const RS *rs = read_ruleset(req);
    Opts o;
    read_opts(rs, req, &o);
    int n = read_players(rs, req);
    int first = read_seat(req, "first_dealer", n);
    JV *dv = need(req, "deals");
    if (dv->t != J_ARR) INVALID("deals must be a list");
    int nd = dv->n;
    int (*decks)[36] = xalloc(sizeof(int[36]) * (size_t)(nd + 1));
    int **acts = xalloc(sizeof(int *) * (size_t)(nd + 1));
    int *nacts = xalloc(sizeof(int) * (size_t)(nd + 1));
    for (int k = 0; k < nd; k++) {
        JV *d = dv->v[k];
        if (d->t != J_OBJ) INVALID("a deal must be an object");
        read_deck(jget(d, "deck"), decks[k]);
        nacts[k] = read_actions(jget(d, "actions"), &acts[k]);
    }
    long long bal[8];
    for (int s = 0; s < n; s++) bal[s] = rs->bank;
    int over = 0, loser = -1;
    int *dealers = xalloc(sizeof(int) * (size_t)(nd + 1));
    for (int k = 0; k < nd; k++) {
        if (over) {
            err_at = 0;
            err_deal = k;
            fail("illegal", "match.first-unable-to-pay-loses", "the game ended before deal %d", k);
        }
        int dealer = (house & H_DEAL_RIGHT) ? ((first - k) % n + n) % n : (first + k) % n;
        dealers[k] = dealer;
        G g;
        g_init(&g, rs, &o, n, dealer, decks[k]);
        play_actions(&g, acts[k], nacts[k], k);
        if (g.phase != P_OVER) INVALID("deal %d stops before its end", k);
        if (g.bidder < 0) continue;
        if (rs->ends_unable) {
            int b = g.seat[g.bidder];
            for (int j = 0; j < n; j++) {
                int s = (b + j) % n;
                if (g.pay[s] < 0 && -g.pay[s] > bal[s]) { loser = s; over = 1; break; }
            }
        }
        for (int s = 0; s < n; s++) bal[s] += g.pay[s];
    }
    bs("{\"balances\":[");
    for (int s = 0; s < n; s++) bf("%s%lld", s ? "," : "", bal[s]);
    bs("],\"dealers\":[");
    for (int k = 0; k < nd; k++) bf("%s%d", k ? "," : "", dealers[k]);
    bs("],\"over\":");
    bs(over ? "true" : "false");
    if (loser >= 0) bf(",\"loser\":%d}", loser); else bs(",\"loser\":null}");
}

static void op_first_dealer(void)
{
    const RS *rs = read_ruleset(req);
    int n = read_players(rs, req);
    if (rs->first_low) {
        int low = read_seat(req, "lowest", n);
        JV *c = need(req, "chooses_to_deal");
        if (c->t != J_BOOL) INVALID("chooses_to_deal must be true or false");
        bf("%d", c->b ? low : (low + n - 1) % n);
    } else {
        bf("%d", read_seat(req, "chosen", n));
    }
}

/* ------------------------------------------------------------------------------------ */
/* the loop                                                                              */

static int has_id;
static long long id;

static void answer_line(char *line, size_t len)
{
    out.n = 0;
    bput(&out, "", 0);
    err_at = -1;
    err_deal = -1;
    has_id = 0;
    id = 0;
    const char *bound = NULL;
    int u = utf8_ok((const unsigned char *)line, len);
    if (u == 0) bound = "utf-8";
    else if (u < 0) bound = "surrogate";
    JV *root = NULL;
    if (!bound) {
        JP jp = {line, line + len, 0, NULL};
        root = jparse_val(&jp);
        if (root) { jws(&jp); if (jp.p != jp.end) { root = NULL; jp.err = "json"; } }
        if (!root) bound = jp.err ? jp.err : "json";
    }
    if (bound) {
        bs("{\"id\":null,\"error\":{\"kind\":\"invalid\",\"rule\":null,\"message\":");
        char m[128];
        snprintf(m, sizeof m, "%s: the line is not a JSON request within bounds", bound);
        bstr(m);
        bs("}}");
        return;
    }
    req = root;
    size_t mark = out.n;
    if (setjmp(err_jmp)) {
        out.n = 0;
        if (has_id) bf("{\"id\":%lld,\"error\":{\"kind\":", id); else bs("{\"id\":null,\"error\":{\"kind\":");
        bstr(err_kind);
        bs(",\"rule\":");
        if (err_rule) bstr(err_rule); else bs("null");
        bs(",\"message\":");
        bstr(err_msg);
        if (err_at >= 0) bf(",\"at\":%d", err_at);
        if (err_deal >= 0) bf(",\"deal\":%d", err_deal);
        bs("}}");
        return;
    }
    if (root->t != J_OBJ) INVALID("a request is a JSON object");
    JV *idv = jget(root, "id");
    if (!idv || idv->t != J_NUM || !idv->isint) INVALID("the id must be an integer");
    id = idv->iv;
    has_id = 1;
    JV *opv = jget(root, "op");
    if (!opv || opv->t != J_STR) INVALID("op must be a string");
    bf("{\"id\":%lld,\"result\":", id);
    mark = out.n;
    (void)mark;
    const char *op = opv->s;
    if (!strcmp(op, "hello")) op_hello();
    else if (!strcmp(op, "card_points")) op_card_points();
    else if (!strcmp(op, "trick_winner")) op_trick_winner();
    else if (!strcmp(op, "legal_plays")) op_legal_plays();
    else if (!strcmp(op, "deal")) op_deal();
    else if (!strcmp(op, "settle")) op_settle();
    else if (!strcmp(op, "game")) op_game();
    else if (!strcmp(op, "match")) op_match();
    else if (!strcmp(op, "first_dealer")) op_first_dealer();
    else if (!strcmp(op, "perft")) op_perft();
    else if (!strcmp(op, "rules")) op_rules();
    else fail("unsupported", NULL, "op '%.40s' is not offered", op);
    bs("}");
}

static void usage(void)
{
    fputs("usage: frog [--house NAME]...\nhouse rules:", stderr);
    for (int i = 0; i < NHOUSE; i++) fprintf(stderr, " %s", house_names[i].name);
    fputs("\n", stderr);
}

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        const char *name = NULL;
        if (!strcmp(argv[i], "--house") && i + 1 < argc) name = argv[++i];
        else if (!strncmp(argv[i], "--house=", 8)) name = argv[i] + 8;
        else if (!strcmp(argv[i], "--protocol")) continue;
        else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) { usage(); return 0; }
        else { usage(); return 2; }
        int found = 0;
        for (int k = 0; k < NHOUSE; k++)
            if (!strcmp(name, house_names[k].name)) { house |= house_names[k].bit; found = 1; }
        if (!found) { fprintf(stderr, "frog: unknown house rule '%s'\n", name); usage(); return 2; }
    }
    init_cards();
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    while ((len = getline(&line, &cap, stdin)) >= 0) {
        size_t l = (size_t)len;
        if (l && line[l - 1] == '\n') l--;
        if (l && line[l - 1] == '\r') l--;
        if (l > 16777216) {
            fputs("{\"id\":null,\"error\":{\"kind\":\"invalid\",\"rule\":null,\"message\":\"length: line too long\"}}\n", stdout);
            fflush(stdout);
            continue;
        }
        int blank = 1;
        for (size_t i = 0; i < l; i++) if (!(line[i] == ' ' || line[i] == '\t')) { blank = 0; break; }
        if (blank) continue;
        answer_line(line, l);
        fwrite(out.p, 1, out.n, stdout);
        fputc('\n', stdout);
        fflush(stdout);
        pool_free();
    }
    free(line);
    return 0;
}
