/* Host test of the jump optimizer's state machine (patch/djprobe_fsm.c)
 * against the Spin model tests/model/djopt.pml.
 *
 *   djprobe_fsm_test                 the table: every (state, event) pair,
 *                                    names, parsing
 *   djprobe_fsm_test --replay FILE   replay random walks of the model: FILE
 *                                    holds "walk <label>" lines, each followed
 *                                    by a simulation's output (spin -n<seed>),
 *                                    in which every transition prints its name
 *                                    ("dj_prepare") and then the state it
 *                                    reached ("-> DJ_PREPARED").  Each walk
 *                                    starts at DJ_INT3; every transition must
 *                                    be legal in the C table and reach the
 *                                    state the model printed, and every legal
 *                                    transition of the table must occur in
 *                                    some walk.  A walk cut off by the step
 *                                    limit may end between a name and its
 *                                    state; an error the model printed fails.
 *
 * tests/host/djprobe_fsm_replay.sh makes the walks and also runs a build
 * with -DFSM_BROKEN (one wrong entry), whose replay must fail. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "patch/djprobe_fsm.h"
#include "tests/host/check.h"

static const char *const state_id[DJ_NSTATES] = {
    [DJ_INT3] = "DJ_INT3", [DJ_QUEUED] = "DJ_QUEUED", [DJ_PREPARED] = "DJ_PREPARED",
    [DJ_OPTIMIZED] = "DJ_OPTIMIZED", [DJ_UNOPTIMIZING] = "DJ_UNOPTIMIZING",
};

static int state_parse(const char *s)
{
    int i;
    for (i = 0; i < DJ_NSTATES; i++)
        if (!strcmp(s, state_id[i]))
            return i;
    return -1;
}

/* The legal transitions, written out independently of the table. */
static const struct { int from, ev, to; const char *name; } legal[] = {
    { DJ_INT3,         DJ_EV_QUEUE,      DJ_QUEUED,       "dj_queue" },
    { DJ_QUEUED,       DJ_EV_CANCEL,     DJ_INT3,         "dj_cancel" },
    { DJ_QUEUED,       DJ_EV_PREPARE,    DJ_PREPARED,     "dj_prepare" },
    { DJ_PREPARED,     DJ_EV_CHECK,      DJ_PREPARED,     "dj_check" },
    { DJ_PREPARED,     DJ_EV_DEFER,      DJ_UNOPTIMIZING, "dj_defer" },
    { DJ_PREPARED,     DJ_EV_COMMIT,     DJ_OPTIMIZED,    "dj_commit" },
    { DJ_OPTIMIZED,    DJ_EV_UNOPTIMIZE, DJ_UNOPTIMIZING, "dj_unoptimize" },
    { DJ_UNOPTIMIZING, DJ_EV_RELEASE,    DJ_INT3,         "dj_release" },
};
#define NLEGAL (int)(sizeof legal / sizeof legal[0])

static void test_table(void)
{
    int s, e, i, want;
    CHECK_EQ(NLEGAL, DJ_NEVENTS);
    for (s = -1; s <= DJ_NSTATES; s++) {
        for (e = -1; e <= DJ_NEVENTS; e++) {
            want = -1;
            for (i = 0; i < NLEGAL; i++)
                if (legal[i].from == s && legal[i].ev == e)
                    want = legal[i].to;
            if (dj_next(s, e) != want)
                printf("  dj_next(%d, %d) = %d, want %d\n", s, e, dj_next(s, e), want);
            CHECK_EQ(dj_next(s, e), want);
        }
    }
    /* a few that matter, by name */
    CHECK_EQ(dj_next(DJ_QUEUED, DJ_EV_COMMIT), -1);         /* no jmp without a buffer */
    CHECK_EQ(dj_next(DJ_PREPARED, DJ_EV_RELEASE), -1);      /* defer first: unpublish */
    CHECK_EQ(dj_next(DJ_OPTIMIZED, DJ_EV_RELEASE), -1);     /* free under the jmp (H8) */
    CHECK_EQ(dj_next(DJ_OPTIMIZED, DJ_EV_CANCEL), -1);
    CHECK_EQ(dj_next(DJ_UNOPTIMIZING, DJ_EV_QUEUE), -1);    /* not before the buffer is freed */
    CHECK_EQ(dj_next(DJ_INT3, DJ_EV_PREPARE), -1);
    for (i = 0; i < NLEGAL; i++) {
        CHECK_STR(dj_event_name(legal[i].ev), legal[i].name);
        CHECK_EQ(dj_event_parse(legal[i].name), legal[i].ev);
    }
    CHECK_STR(dj_event_name(-1), "?");
    CHECK_STR(dj_event_name(DJ_NEVENTS), "?");
    CHECK_EQ(dj_event_parse("dj_queu"), -1);
    CHECK_EQ(dj_event_parse("dj_queue2"), -1);
    CHECK_EQ(dj_event_parse(""), -1);
    CHECK_EQ(dj_event_parse(NULL), -1);
}

struct replay {
    const char *label;
    int walks, lines, transitions, truncated, bad;
    int done;                   /* all walks read: failures are not one walk's */
    int state, pending, step;
    int covered[DJ_NSTATES][DJ_NEVENTS];
};

static void fail(struct replay *r, const char *fmt, const char *a, const char *b)
{
    if (r->bad++ < 10) {
        if (r->walks && !r->done)
            printf("  FAIL walk %s, transition %d: ", r->label, r->step);
        else
            printf("  FAIL: ");
        printf(fmt, a, b);
        printf("\n");
    }
}

static void walk_start(struct replay *r, const char *label)
{
    static char buf[256];
    if (r->walks && r->pending != -1)
        r->truncated++;                         /* the previous walk's step limit */
    snprintf(buf, sizeof buf, "%s", label);
    r->label = buf;
    r->walks++;
    r->state = DJ_INT3;
    r->pending = -1;
    r->step = 0;
}

static void replay_line(struct replay *r, char *line)
{
    char *p = line + strspn(line, " \t"), *end = p + strlen(p);
    int e, s;
    while (end > p && (end[-1] == '\n' || end[-1] == '\r' || end[-1] == ' '))
        *--end = 0;
    r->lines++;
    if (!strncmp(p, "walk ", 5)) {
        walk_start(r, p + 5);
        return;
    }
    if (!r->walks)
        return;
    if (strstr(p, "Error") || strstr(p, "assertion violated")) {
        fail(r, "the model reported: %s%s", p, "");
        return;
    }
    if ((e = dj_event_parse(p)) >= 0) {
        r->step++;
        if (r->pending != -1)
            fail(r, "%s before the state of the previous transition%s", p, "");
        s = dj_next(r->state, e);
        if (s < 0) {
            fail(r, "%s is illegal from %s in the C table", p, state_id[r->state]);
            r->pending = -2;                    /* take the model's next state */
            return;
        }
        r->covered[r->state][e]++;
        r->transitions++;
        r->pending = s;
        return;
    }
    if (!strncmp(p, "-> ", 3)) {
        s = state_parse(p + 3);
        if (s < 0)
            fail(r, "unknown state %s%s", p + 3, "");
        else if (r->pending == -1)
            fail(r, "state %s printed without a transition%s", p + 3, "");
        else if (r->pending >= 0 && s != r->pending)
            fail(r, "the model reached %s, the C table says %s", p + 3, state_id[r->pending]);
        if (s >= 0)
            r->state = s;                       /* follow the model */
        r->pending = -1;
    }
}

static int replay(const char *path)
{
    struct replay r;
    char line[1024];
    int s, e, legal_n = 0, covered_n = 0;
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        return 1;
    }
    memset(&r, 0, sizeof r);
    r.label = "(none)";
    while (fgets(line, sizeof line, f))
        replay_line(&r, line);
    fclose(f);
    if (r.walks && r.pending != -1)
        r.truncated++;
    r.done = 1;
    for (s = 0; s < DJ_NSTATES; s++) {
        for (e = 0; e < DJ_NEVENTS; e++) {
            if (dj_next(s, e) < 0)
                continue;
            legal_n++;
            if (r.covered[s][e]) {
                covered_n++;
            } else {
                fail(&r, "%s from %s never occurs in a walk", dj_event_name(e), state_id[s]);
            }
        }
    }
    if (!r.transitions)
        fail(&r, "no transitions in %s%s", path, "");
    printf("djprobe_fsm_test: %d walks, %d transitions replayed (%d cut off by the step limit), "
           "coverage %d/%d transitions of the table:", r.walks, r.transitions, r.truncated,
           covered_n, legal_n);
    for (s = 0; s < DJ_NSTATES; s++)
        for (e = 0; e < DJ_NEVENTS; e++)
            if (dj_next(s, e) >= 0)
                printf(" %s %d", dj_event_name(e), r.covered[s][e]);
    printf("; %d failed\n", r.bad);
    return r.bad ? 1 : 0;
}

int main(int argc, char **argv)
{
    int i, rc = 0;
    if (argc > 1 && !strcmp(argv[1], "--replay")) {
        if (argc < 3) {
            fprintf(stderr, "usage: %s [--replay walks...]\n", argv[0]);
            return 2;
        }
        for (i = 2; i < argc; i++)
            rc |= replay(argv[i]);
        return rc;
    }
    test_table();
    return check_done("djprobe_fsm_test");
}
