/* Small JSON parser and writer (C11, standard library only). */
#include "json.h"
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <stdarg.h>
#include <math.h>
#include <errno.h>

typedef struct { const char *p, *e; const char *err; int depth; } jp;

static jval *newv(enum jtype t) {
    jval *v = calloc(1, sizeof *v);
    if (!v) abort();
    v->t = t;
    return v;
}

void json_free(jval *v) {
    if (!v) return;
    free(v->s);
    for (size_t k = 0; k < v->n; k++) {
        json_free(v->items[k]);
        if (v->keys) free(v->keys[k]);
    }
    free(v->items);
    free(v->keys);
    free(v);
}

static void ws(jp *s) {
    while (s->p < s->e && (*s->p == ' ' || *s->p == '\t' || *s->p == '\n' || *s->p == '\r')) s->p++;
}

static void push(jval *v, jval *item, char *key) {
    if (v->n == v->cap) {
        v->cap = v->cap ? v->cap * 2 : 8;
        v->items = realloc(v->items, v->cap * sizeof *v->items);
        if (v->t == J_OBJ) v->keys = realloc(v->keys, v->cap * sizeof *v->keys);
        if (!v->items || (v->t == J_OBJ && !v->keys)) abort();
    }
    v->items[v->n] = item;
    if (v->t == J_OBJ) v->keys[v->n] = key;
    v->n++;
}

static void addc(char **buf, size_t *n, size_t *cap, unsigned c) {
    if (*n + 1 >= *cap) { *cap = *cap ? *cap * 2 : 32; *buf = realloc(*buf, *cap); if (!*buf) abort(); }
    (*buf)[(*n)++] = (char)c;
}

static void addutf8(char **buf, size_t *n, size_t *cap, unsigned cp) {
    if (cp < 0x80) addc(buf, n, cap, cp);
    else if (cp < 0x800) { addc(buf, n, cap, 0xC0 | (cp >> 6)); addc(buf, n, cap, 0x80 | (cp & 0x3F)); }
    else if (cp < 0x10000) { addc(buf, n, cap, 0xE0 | (cp >> 12)); addc(buf, n, cap, 0x80 | ((cp >> 6) & 0x3F)); addc(buf, n, cap, 0x80 | (cp & 0x3F)); }
    else { addc(buf, n, cap, 0xF0 | (cp >> 18)); addc(buf, n, cap, 0x80 | ((cp >> 12) & 0x3F)); addc(buf, n, cap, 0x80 | ((cp >> 6) & 0x3F)); addc(buf, n, cap, 0x80 | (cp & 0x3F)); }
}

static int hex4(jp *s, unsigned *out) {
    if (s->e - s->p < 4) return 0;
    unsigned v = 0;
    for (int k = 0; k < 4; k++) {
        char c = s->p[k]; v <<= 4;
        if (c >= '0' && c <= '9') v |= (unsigned)(c - '0');
        else if (c >= 'a' && c <= 'f') v |= (unsigned)(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F') v |= (unsigned)(c - 'A' + 10);
        else return 0;
    }
    s->p += 4; *out = v; return 1;
}

static char *pstring(jp *s, size_t *outlen) {
    /* s->p at opening quote */
    s->p++;
    char *buf = NULL; size_t n = 0, cap = 0;
    addc(&buf, &n, &cap, 0); n = 0;
    while (1) {
        if (s->p >= s->e) { s->err = "json"; free(buf); return NULL; }
        unsigned char c = (unsigned char)*s->p;
        if (c == '"') { s->p++; break; }
        if (c < 0x20) { s->err = "json"; free(buf); return NULL; }
        if (c == '\\') {
            s->p++;
            if (s->p >= s->e) { s->err = "json"; free(buf); return NULL; }
            char e = *s->p++;
            switch (e) {
            case '"': addc(&buf, &n, &cap, '"'); break;
            case '\\': addc(&buf, &n, &cap, '\\'); break;
            case '/': addc(&buf, &n, &cap, '/'); break;
            case 'b': addc(&buf, &n, &cap, '\b'); break;
            case 'f': addc(&buf, &n, &cap, '\f'); break;
            case 'n': addc(&buf, &n, &cap, '\n'); break;
            case 'r': addc(&buf, &n, &cap, '\r'); break;
            case 't': addc(&buf, &n, &cap, '\t'); break;
            case 'u': {
                unsigned u;
                if (!hex4(s, &u)) { s->err = "json"; free(buf); return NULL; }
                if (u >= 0xD800 && u <= 0xDBFF) {
                    unsigned u2;
                    if (s->e - s->p >= 6 && s->p[0] == '\\' && s->p[1] == 'u') {
                        s->p += 2;
                        if (!hex4(s, &u2)) { s->err = "json"; free(buf); return NULL; }
                        if (u2 < 0xDC00 || u2 > 0xDFFF) { s->err = "surrogate"; free(buf); return NULL; }
                        u = 0x10000 + ((u - 0xD800) << 10) + (u2 - 0xDC00);
                    } else { s->err = "surrogate"; free(buf); return NULL; }
                } else if (u >= 0xDC00 && u <= 0xDFFF) { s->err = "surrogate"; free(buf); return NULL; }
                addutf8(&buf, &n, &cap, u);
                break;
            }
            default: s->err = "json"; free(buf); return NULL;
            }
            continue;
        }
        /* raw UTF-8: validated before parsing */
        addc(&buf, &n, &cap, c);
        s->p++;
    }
    addc(&buf, &n, &cap, 0);
    *outlen = n - 1;
    return buf;
}

static jval *pvalue(jp *s);

static jval *pnumber(jp *s) {
    const char *st = s->p;
    int isint = 1;
    if (s->p < s->e && *s->p == '-') s->p++;
    if (s->p >= s->e) { s->err = "json"; return NULL; }
    if (*s->p == '0') s->p++;
    else if (*s->p >= '1' && *s->p <= '9') { while (s->p < s->e && *s->p >= '0' && *s->p <= '9') s->p++; }
    else { s->err = "json"; return NULL; }
    if (s->p < s->e && *s->p == '.') {
        isint = 0; s->p++;
        if (s->p >= s->e || !(*s->p >= '0' && *s->p <= '9')) { s->err = "json"; return NULL; }
        while (s->p < s->e && *s->p >= '0' && *s->p <= '9') s->p++;
    }
    if (s->p < s->e && (*s->p == 'e' || *s->p == 'E')) {
        isint = 0; s->p++;
        if (s->p < s->e && (*s->p == '+' || *s->p == '-')) s->p++;
        if (s->p >= s->e || !(*s->p >= '0' && *s->p <= '9')) { s->err = "json"; return NULL; }
        while (s->p < s->e && *s->p >= '0' && *s->p <= '9') s->p++;
    }
    size_t len = (size_t)(s->p - st);
    if (len > 40) { s->err = "number"; return NULL; }
    char tmp[64]; memcpy(tmp, st, len); tmp[len] = 0;
    jval *v = newv(J_NUM);
    v->d = strtod(tmp, NULL);
    if (!isfinite(v->d)) { free(v); s->err = "non-finite"; return NULL; }
    if (isint) {
        errno = 0;
        long long x = strtoll(tmp, NULL, 10);
        if (errno == 0) { v->is_int = 1; v->i = x; }
    }
    return v;
}

static int lit(jp *s, const char *w) {
    size_t l = strlen(w);
    if ((size_t)(s->e - s->p) >= l && memcmp(s->p, w, l) == 0) { s->p += l; return 1; }
    return 0;
}

static jval *pvalue(jp *s) {
    ws(s);
    if (s->p >= s->e) { s->err = "json"; return NULL; }
    char c = *s->p;
    if (c == '{' || c == '[') {
        if (++s->depth > 64) { s->err = "depth"; return NULL; }
        int obj = c == '{';
        jval *v = newv(obj ? J_OBJ : J_ARR);
        s->p++;
        ws(s);
        if (s->p < s->e && *s->p == (obj ? '}' : ']')) { s->p++; s->depth--; return v; }
        while (1) {
            char *key = NULL;
            if (obj) {
                ws(s);
                if (s->p >= s->e || *s->p != '"') { s->err = "json"; json_free(v); return NULL; }
                size_t kl;
                key = pstring(s, &kl);
                if (!key) { json_free(v); return NULL; }
                for (size_t k = 0; k < v->n; k++)
                    if (strcmp(v->keys[k], key) == 0) { s->err = "duplicate-key"; free(key); json_free(v); return NULL; }
                ws(s);
                if (s->p >= s->e || *s->p != ':') { s->err = "json"; free(key); json_free(v); return NULL; }
                s->p++;
            }
            jval *item = pvalue(s);
            if (!item) { free(key); json_free(v); return NULL; }
            push(v, item, key);
            ws(s);
            if (s->p >= s->e) { s->err = "json"; json_free(v); return NULL; }
            if (*s->p == ',') { s->p++; continue; }
            if (*s->p == (obj ? '}' : ']')) { s->p++; break; }
            s->err = "json"; json_free(v); return NULL;
        }
        s->depth--;
        return v;
    }
    if (c == '"') {
        size_t l;
        char *str = pstring(s, &l);
        if (!str) return NULL;
        jval *v = newv(J_STR); v->s = str; v->slen = l; return v;
    }
    if (lit(s, "true")) { jval *v = newv(J_BOOL); v->b = 1; return v; }
    if (lit(s, "false")) { jval *v = newv(J_BOOL); v->b = 0; return v; }
    if (lit(s, "null")) return newv(J_NULL);
    if (lit(s, "NaN") || lit(s, "Infinity") || lit(s, "-Infinity")) { s->err = "non-finite"; return NULL; }
    if (c == '-' || (c >= '0' && c <= '9')) return pnumber(s);
    s->err = "json";
    return NULL;
}

static int valid_utf8(const unsigned char *p, size_t n) {
    size_t i = 0;
    while (i < n) {
        unsigned c = p[i];
        if (c < 0x80) { i++; continue; }
        int len; unsigned cp;
        if ((c & 0xE0) == 0xC0) { len = 2; cp = c & 0x1F; }
        else if ((c & 0xF0) == 0xE0) { len = 3; cp = c & 0x0F; }
        else if ((c & 0xF8) == 0xF0) { len = 4; cp = c & 0x07; }
        else return 0;
        if (i + (size_t)len > n) return 0;
        for (int k = 1; k < len; k++) { if ((p[i + k] & 0xC0) != 0x80) return 0; cp = (cp << 6) | (p[i + k] & 0x3F); }
        if ((len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10FFFF))) return 0;
        if (cp >= 0xD800 && cp <= 0xDFFF) return 0;
        i += (size_t)len;
    }
    return 1;
}

jval *json_parse(const char *text, size_t len, const char **err) {
    if (!valid_utf8((const unsigned char *)text, len)) { *err = "utf-8"; return NULL; }
    jp s = { text, text + len, NULL, 0 };
    jval *v = pvalue(&s);
    if (!v) { *err = s.err ? s.err : "json"; return NULL; }
    ws(&s);
    if (s.p != s.e) { json_free(v); *err = "json"; return NULL; }
    return v;
}

jval *json_get(const jval *obj, const char *key) {
    if (!obj || obj->t != J_OBJ) return NULL;
    for (size_t k = 0; k < obj->n; k++) if (strcmp(obj->keys[k], key) == 0) return obj->items[k];
    return NULL;
}

void sb_init(sbuf *b) { b->p = NULL; b->n = 0; b->cap = 0; sb_addn(b, "", 0); }
void sb_free(sbuf *b) { free(b->p); b->p = NULL; b->n = b->cap = 0; }
void sb_addn(sbuf *b, const char *s, size_t n) {
    if (b->n + n + 1 > b->cap) {
        size_t nc = b->cap ? b->cap : 256;
        while (nc < b->n + n + 1) nc *= 2;
        b->p = realloc(b->p, nc); if (!b->p) abort();
        b->cap = nc;
    }
    memcpy(b->p + b->n, s, n); b->n += n; b->p[b->n] = 0;
}
void sb_add(sbuf *b, const char *s) { sb_addn(b, s, strlen(s)); }
void sb_printf(sbuf *b, const char *fmt, ...) {
    char tmp[512];
    va_list ap; va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n < 0) return;
    if ((size_t)n < sizeof tmp) { sb_addn(b, tmp, (size_t)n); return; }
    char *big = malloc((size_t)n + 1); if (!big) abort();
    va_start(ap, fmt); vsnprintf(big, (size_t)n + 1, fmt, ap); va_end(ap);
    sb_addn(b, big, (size_t)n); free(big);
}
void sb_str(sbuf *b, const char *s) {
    sb_add(b, "\"");
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"') sb_add(b, "\\\"");
        else if (*p == '\\') sb_add(b, "\\\\");
        else if (*p < 0x20) sb_printf(b, "\\u%04x", *p);
        else sb_addn(b, (const char *)p, 1);
    }
    sb_add(b, "\"");
}
