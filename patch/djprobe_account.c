/* The outcome of a batch of probes (djprobe.h, djprobe_account): each site
 * counted once (probes sharing one count as one), as jump-optimized, as an int3 probe with the hazard and the
 * reason its optimizer gave (the refusal or deferral, naming the
 * instruction), or as pending (queued, prepared, unoptimizing) and why; the
 * reasons as a histogram of their classes (docs/patching.md, "Batches"). */
#include "patch/djprobe_int.h"
#include "kernel/ksym.h"
#include "kernel/console.h"
#include "kernel/fmt.h"
#include "kernel/mem.h"

#define NCLASS 32
struct dj_class { char key[72]; int n; uint32_t addr; const char *why; };

static bool has_digit(const char *w, int len)
{
    int i;
    for (i = 0; i < len; i++)
        if (w[i] >= '0' && w[i] <= '9')
            return true;
    return false;
}

/* A reason's class: its words up to the first that holds a digit (an
 * address, a count), the leading hazard ID kept, a dangling "at", "from"
 * or "through" dropped. */
static void reason_class(const char *why, char *key, int n)
{
    const char *w = why;
    int k = 0, len;
    while (*w) {
        for (len = 0; w[len] && w[len] != ' '; len++)
            ;
        if (has_digit(w, len) && !(w == why && w[0] == 'H'))
            break;
        if (k + len + 1 >= n)
            break;
        if (k)
            key[k++] = ' ';
        kmemcpy(key + k, w, len);
        k += len;
        for (w += len; *w == ' '; w++)
            ;
    }
    key[k] = 0;
    while (k > 0 && (key[k - 1] == ' ' || key[k - 1] == ':' || key[k - 1] == ','))
        key[--k] = 0;
    for (len = k; len > 0 && key[len - 1] != ' '; len--)
        ;
    if (len && (!kstrcmp(key + len, "at") || !kstrcmp(key + len, "from") || !kstrcmp(key + len, "through")))
        key[len - 1] = 0;
}

static void count(struct dj_class *c, int *nc, const char *why, uint32_t addr)
{
    char key[72];
    int i;
    reason_class(why, key, sizeof key);
    for (i = 0; i < *nc && kstrcmp(c[i].key, key); i++)
        ;
    if (i == *nc) {
        if (*nc == NCLASS)                        /* the last class takes the rest */
            i = NCLASS - 1;
        else {
            kmemcpy(c[i].key, key, sizeof key);
            c[i].addr = addr;
            c[i].why = why;
            ++*nc;
        }
    }
    c[i].n++;
}

/* Why a probe that asked for a jump is where it is (NULL: optimized). */
static const char *outcome(struct kprobe *p, int *kind)
{
    struct djprobe *d = p->site ? p->site->dj : NULL;
    int st = d ? d->state : DJ_INT3;
    *kind = st == DJ_OPTIMIZED ? 0 : st == DJ_INT3 ? 1 : 2;
    if (!p->site)
        return *kind = 2, "not registered";
    if (st == DJ_OPTIMIZED)
        return NULL;
    if (st == DJ_QUEUED)
        return "queued: the optimizer has not taken it yet";
    if (st == DJ_PREPARED)
        return "prepared: its buffer is published, its check and jump are to come";
    if (st == DJ_UNOPTIMIZING)
        return "unoptimizing: its buffer waits for the strategy's check before it is freed";
    if (!(p->flags & KPROBE_OPTIMIZE) || (p->flags & KPROBE_DISABLED))
        return "optimization not asked for (flags)";
    return d && d->why[0] ? d->why : "no reason recorded";
}

int djprobe_account(struct kprobe *p, int n, const char *tag, struct djprobe_account *a)
{
    static struct dj_class cls[2][NCLASS];        /* kprobe_mutex */
    int nc[2] = { 0, 0 }, i, k, kind;
    char sym[96];
    kmemset(a, 0, sizeof *a);
    sleeplock_acquire(&kprobe_mutex);
    for (i = 0; i < n; i++) {
        const char *why;
        if (p[i].site && p[i].site->mark)
            continue;                             /* its site is counted */
        if (p[i].site)
            p[i].site->mark = true;
        why = outcome(&p[i], &kind);
        a->optimized += kind == 0;
        a->int3 += kind == 1;
        a->pending += kind == 2;
        a->unexplained += why && !kstrcmp(why, "no reason recorded");
        if (why)
            count(cls[kind - 1], &nc[kind - 1], why, p[i].addr);
    }
    for (i = 0; i < n; i++)
        if (p[i].site)
            p[i].site->mark = false;
    a->total = a->optimized + a->int3 + a->pending;
    kprintf("djprobe account %s: %d probes at %d sites: %d jump-optimized, %d int3 probes, %d pending\n",
            tag, n, a->total, a->optimized, a->int3, a->pending);
    for (k = 0; k < 2; k++)
        for (i = 0; i < nc[k]; i++) {
            ksym_format(cls[k][i].addr, sym, sizeof sym);
            kprintf("djprobe account %s:   %s %4d  %s  (first: %08x %s: %s)\n", tag, k ? "pending" : "int3",
                    cls[k][i].n, cls[k][i].key, cls[k][i].addr, sym, cls[k][i].why);
        }
    sleeplock_release(&kprobe_mutex);
    return a->total;
}
