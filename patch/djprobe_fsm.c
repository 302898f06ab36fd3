/* The jump optimizer's state machine (see djprobe_fsm.h): follows the Spin
 * model tests/model/djopt.pml, whose random walks tests/host/
 * djprobe_fsm_test.c replays against this table. */
#include "patch/djprobe_fsm.h"

static const struct {
    const char *name;
    signed char from, to;
} ev[DJ_NEVENTS] = {
    [DJ_EV_QUEUE]      = { "dj_queue",      DJ_INT3,         DJ_QUEUED },
    [DJ_EV_CANCEL]     = { "dj_cancel",     DJ_QUEUED,       DJ_INT3 },
    [DJ_EV_PREPARE]    = { "dj_prepare",    DJ_QUEUED,       DJ_PREPARED },
    [DJ_EV_CHECK]      = { "dj_check",      DJ_PREPARED,     DJ_PREPARED },
#ifdef FSM_BROKEN       /* host negative control only: the replay must fail */
    [DJ_EV_DEFER]      = { "dj_defer",      DJ_PREPARED,     DJ_INT3 },
#else
    [DJ_EV_DEFER]      = { "dj_defer",      DJ_PREPARED,     DJ_UNOPTIMIZING },
#endif
    [DJ_EV_COMMIT]     = { "dj_commit",     DJ_PREPARED,     DJ_OPTIMIZED },
    [DJ_EV_UNOPTIMIZE] = { "dj_unoptimize", DJ_OPTIMIZED,    DJ_UNOPTIMIZING },
    [DJ_EV_RELEASE]    = { "dj_release",    DJ_UNOPTIMIZING, DJ_INT3 },
};

int dj_next(int state, int event)
{
    if (event < 0 || event >= DJ_NEVENTS || state != ev[event].from)
        return -1;
    return ev[event].to;
}

const char *dj_event_name(int event)
{
    return event >= 0 && event < DJ_NEVENTS ? ev[event].name : "?";
}

int dj_event_parse(const char *name)
{
    int e, i;
    for (e = 0; name && e < DJ_NEVENTS; e++) {
        for (i = 0; name[i] && name[i] == ev[e].name[i]; i++)
            ;
        if (!name[i] && !ev[e].name[i])
            return e;
    }
    return -1;
}
