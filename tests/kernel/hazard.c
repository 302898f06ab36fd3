/* The strategy x hazard matrix, deterministic (hazards H1-H12): each cell
 * reproduces one hazard of the 2005 debate on purpose (a thread parked at a
 * boundary inside a region, a CPU interrupted there, a sleeper's return
 * address there, a branch or a jump table into it, torn bytes, a blind
 * copy, a buffer freed under a thread...) with probes of one strategy, and
 * says what it caught, naming the thread and the address, never a bare
 * crash: a caught cell repairs the state it found before going on.
 * scenario=hazard hazard=H1,H3|all strategies=safe,naive|all; every cell
 * must match the expectation below (a broken strategy that survives is a
 * weak scenario: a failure). */
#include "tests/kernel/hazard.h"
#include "kernel/scenario.h"
#include "kernel/param.h"
#include "kernel/console.h"
#include "kernel/fmt.h"
#include "kernel/mem.h"
#include "kernel/cpu.h"

static char hazard_sel[128] = "all", strategy_sel[128] = "all";
KPARAM_STR("hazard", hazard_sel, "hazard matrix: hazards to run (H1,H3,... or all)");
KPARAM_STR("strategies", strategy_sel, "hazard matrix: strategies to run (names or all)");

/* What each strategy must catch; int3-ipscan also loses H8 through the
 * same mid-region call as H3 (a sleeper's return address into a buffer is
 * not an EIP). */
/* tests/matrix.py reads these strings; the -callee, -entry ... cells are
 * tests/kernel/hazard_callee.c's. */
static const char *const expect_caught[DJS_N] = {
    [DJS_NAIVE] = "H1 H2 H3 H4 H5 H6 H8 H9 "
                         "H1-edge H1-first H1-batch H2-callee H2-idle H3-entry H3-pushed H3-ret H3-noframe H3-unreliable H3-retprobe H3-tramp "
                         "H8-entry H8-pushed H8-ret H8-noframe H8-self H8-handler H8-handler2 H8-forever",
    [DJS_STOP_MACHINE] = "H1 H2 H3 H8 "
                         "H1-edge H1-first H1-batch H2-callee H2-idle H3-entry H3-pushed H3-ret H3-noframe H3-unreliable H3-retprobe H3-tramp "
                         "H8-entry H8-pushed H8-ret H8-noframe H8-self H8-handler H8-handler2 H8-forever",
    [DJS_INT3_BYPASS] = "H1 H2 H3 H8 "
                         "H1-edge H1-first H1-batch H2-callee H2-idle H3-entry H3-pushed H3-ret H3-noframe H3-unreliable H3-retprobe H3-tramp "
                         "H8-entry H8-pushed H8-ret H8-noframe H8-self H8-handler H8-handler2 H8-forever",
    [DJS_INT3_IPSCAN] = "H3 H8 "
                         "H2-callee H3-entry H3-pushed H3-ret H3-noframe H3-unreliable H3-retprobe H3-tramp "
                         "H8-entry H8-pushed H8-ret H8-noframe H8-self",
};

/* Is word w in the comma/space separated list l ("all" matches all)? */
static bool listed(const char *l, const char *w)
{
    int n = kstrlen(w);
    if (l[0] == 'a' && l[1] == 'l' && l[2] == 'l' && !l[3])
        return true;
    while (*l) {
        if (!kmemcmp(l, w, n) && (l[n] == 0 || l[n] == ',' || l[n] == ' '))
            return true;
        while (*l && *l != ',' && *l != ' ') l++;
        while (*l == ',' || *l == ' ') l++;
    }
    return false;
}

void cell_caught(struct cell *c, const char *fmt, ...)
{
    va_list ap;
    int n = ksnprintf(c->what, sizeof c->what, "caught %s: ", c->hazard);
    va_start(ap, fmt);
    kvsnprintf(c->what + n, sizeof c->what - n, fmt, ap);
    va_end(ap);
    c->caught = true;
}

void cell_error(struct cell *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    kvsnprintf(c->what, sizeof c->what, fmt, ap);
    va_end(ap);
    c->error = true;
}

static int run_cell(const struct hazard *h, int s)
{
    struct cell c;
    bool want;
    kmemset(&c, 0, sizeof c);
    c.hazard = h->id;
    c.strategy = s;
    h->fn(&c);
    want = listed(expect_caught[s] ? expect_caught[s] : "", h->id);
    kprintf("matrix: %s %s %s%s%s\n", h->id, dj_strategy_name(s),
            c.error ? "ERROR" : c.caught ? "caught" : "survived", c.what[0] ? ": " : "", c.what);
    if (c.error || c.caught != want) {
        kprintf("!!! matrix: %s %s %s, expected %s\n", h->id, dj_strategy_name(s),
                c.error ? "could not run" : c.caught ? "caught" : "survived", want ? "caught" : "survived");
        return 1;
    }
    return 0;
}

static int scenario_hazard(char *why, size_t n)
{
    const struct hazard *h;
    int s, cells = 0, bad = 0;
    for (h = hazards; h->id; h++) {
        if (!listed(hazard_sel, h->id))
            continue;
        for (s = DJS_DEFAULT + 1; s < DJS_N; s++) {
            if (!listed(strategy_sel, dj_strategy_name(s)))
                continue;
            if (h->min_cpus > ncpu) {
                kprintf("matrix: %s %s skipped: needs %d CPUs\n", h->id, dj_strategy_name(s), h->min_cpus);
                continue;
            }
            bad += run_cell(h, s);
            cells++;
        }
    }
    kprintf("matrix: %d cells, %d as expected, %d not\n", cells, cells - bad, bad);
    if (!cells)
        return ksnprintf(why, n, "no cell selected by hazard=%s strategies=%s", hazard_sel, strategy_sel), 1;
    if (bad)
        return ksnprintf(why, n, "%d of %d matrix cells differ from the expectation", bad, cells), 1;
    return 0;
}
KSCENARIO("hazard", scenario_hazard, "strategy x hazard matrix: deterministic hazard reproductions");
