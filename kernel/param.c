/* Command-line parameter parser (see param.h).  Pure logic; the kernel entry
 * param_boot() lives in kernel/param_boot.c.  Integers take decimal or 0x hex
 * with an optional k/M suffix; enums match one of their '|' choices exactly. */
#include "kernel/param.h"
#include "kernel/fmt.h"

static int word_eq(const char *a, size_t alen, const char *b)
{
    size_t i;
    for (i = 0; i < alen; i++)
        if (a[i] != b[i]) return 0;
    return b[alen] == 0;
}

int param_parse_int(const char *s, size_t len, int64_t *out)
{
    int64_t v = 0;
    int neg = 0, base = 10, digits = 0;
    size_t i = 0;
    if (i < len && s[i] == '-') { neg = 1; i++; }
    if (i + 1 < len && s[i] == '0' && (s[i + 1] == 'x' || s[i + 1] == 'X')) { base = 16; i += 2; }
    for (; i < len; i++, digits++) {
        int d;
        char c = s[i];
        if (c >= '0' && c <= '9') d = c - '0';
        else if (base == 16 && c >= 'a' && c <= 'f') d = c - 'a' + 10;
        else if (base == 16 && c >= 'A' && c <= 'F') d = c - 'A' + 10;
        else break;
        if (v > (INT64_MAX - d) / base) return -1;
        v = v * base + d;
    }
    if (!digits) return -1;
    if (i < len && (s[i] == 'k' || s[i] == 'M') && base == 10) { v *= s[i] == 'k' ? 1000 : 1000000; i++; }
    if (i != len) return -1;
    *out = neg ? -v : v;
    return 0;
}

static int enum_index(const char *choices, const char *v, size_t vlen)
{
    int idx = 0;
    const char *p = choices;
    while (*p) {
        size_t n = 0;
        while (p[n] && p[n] != '|') n++;
        size_t k = 0;
        while (k < n && k < vlen && p[k] == v[k]) k++;
        if (n == vlen && n && k == n) return idx;
        p += n + (p[n] == '|');
        idx++;
    }
    return -1;
}

static int apply_one(const struct kparam *p, const char *v, size_t vlen, char *err, size_t errlen)
{
    int64_t x;
    int e;
    size_t i;
    switch (p->type) {
    case KP_INT:
        if (param_parse_int(v, vlen, &x) || x < p->min || x > p->max) {
            ksnprintf(err, errlen, "bad value '%.*s' for %s: want an integer in [%lld, %lld]",
                      (int)vlen, v, p->name, (long long)p->min, (long long)p->max);
            return 1;
        }
        *(int *)p->ptr = (int)x;
        return 0;
    case KP_ENUM:
        if ((e = enum_index(p->choices, v, vlen)) < 0) {
            ksnprintf(err, errlen, "bad value '%.*s' for %s: want one of %s", (int)vlen, v, p->name, p->choices);
            return 1;
        }
        *(int *)p->ptr = e;
        return 0;
    case KP_STR:
        if (vlen == 0 || vlen + 1 > (size_t)p->max) {
            ksnprintf(err, errlen, "bad value for %s: want 1 to %lld characters", p->name, (long long)p->max - 1);
            return 1;
        }
        for (i = 0; i < vlen; i++) ((char *)p->ptr)[i] = v[i];
        ((char *)p->ptr)[vlen] = 0;
        return 0;
    }
    return 1;
}

/* Two definitions of one key would shadow each other silently. */
static int duplicate_key(const struct kparam *tab, int n, char *err, size_t errlen)
{
    int i, j;
    size_t l;
    for (i = 0; i < n; i++)
        for (j = i + 1; j < n; j++) {
            for (l = 0; tab[i].name[l]; l++) ;
            if (word_eq(tab[i].name, l, tab[j].name))
                return ksnprintf(err, errlen, "parameter %s is defined twice (a build bug)", tab[i].name), 1;
        }
    return 0;
}

int param_apply(const char *cmdline, const struct kparam *tab, int n, char *err, size_t errlen)
{
    const char *s = cmdline;
    int errors = 0, first = 1, i;
    err[0] = 0;
    if (duplicate_key(tab, n, err, errlen))
        return 1;
    while (*s) {
        const char *w, *eq = 0;
        size_t wl;
        char e2[160];
        while (*s == ' ' || *s == '\t') s++;
        if (!*s) break;
        for (w = s; *s && *s != ' ' && *s != '\t'; s++)
            if (*s == '=' && !eq) eq = s;
        wl = (size_t)(s - w);
        if (!eq) {
            if (first) { first = 0; continue; }      /* the kernel's path */
            ksnprintf(e2, sizeof e2, "malformed parameter '%.*s': want key=value", (int)wl, w);
            goto bad;
        }
        first = 0;
        for (i = 0; i < n; i++)
            if (word_eq(w, (size_t)(eq - w), tab[i].name)) break;
        if (i == n) {
            ksnprintf(e2, sizeof e2, "unknown parameter '%.*s'", (int)(eq - w), w);
            goto bad;
        }
        if (!apply_one(&tab[i], eq + 1, (size_t)(s - eq - 1), e2, sizeof e2))
            continue;
    bad:
        if (!errors++)
            ksnprintf(err, errlen, "%s", e2);
    }
    return errors;
}
