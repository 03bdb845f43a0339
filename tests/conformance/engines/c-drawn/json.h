/* Small JSON parser and writer for the Frog engine (C11, standard library only). */
#ifndef FROG_JSON_H
#define FROG_JSON_H
#include <stddef.h>
#include <stdint.h>

enum jtype { J_NULL, J_BOOL, J_NUM, J_STR, J_ARR, J_OBJ };

typedef struct jval {
    enum jtype t;
    int b;                 /* bool */
    int is_int;            /* number written as an integer that fits int64 */
    long long i;           /* integer value */
    double d;              /* number value */
    char *s;               /* string (UTF-8, NUL-terminated; may hold NULs counted in slen) */
    size_t slen;
    struct jval **items;   /* array items or object values */
    char **keys;           /* object keys */
    size_t n, cap;
} jval;

/* Parse one line. Returns NULL on error and sets *err to a short reason
   ("json", "depth", "number", "non-finite", "utf-8", "surrogate", "duplicate-key"). */
jval *json_parse(const char *text, size_t len, const char **err);
void json_free(jval *v);
jval *json_get(const jval *obj, const char *key);

/* growable output buffer */
typedef struct { char *p; size_t n, cap; } sbuf;
void sb_init(sbuf *b);
void sb_free(sbuf *b);
void sb_add(sbuf *b, const char *s);
void sb_addn(sbuf *b, const char *s, size_t n);
void sb_printf(sbuf *b, const char *fmt, ...);
void sb_str(sbuf *b, const char *s); /* JSON-quoted string */
#endif
