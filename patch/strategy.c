/* Patching strategies for jump-optimized probes: which writes and which
 * quiescence checks each combines, and the read-only view of them others
 * get (dj_strategy_get).  The broken ones exist to be caught by the hazard
 * scenarios. */
#include "patch/djprobe_int.h"
#include "kernel/param.h"

const struct dj_strategy_desc dj_strategies[DJS_N] = {
    [DJS_NAIVE] = { "naive", DJW_PLAIN, false, true, 0, false,
        "plain stores, blind copy, no checks (H1-H6, H8, H9)", 0 },
    [DJS_STOP_MACHINE] = { "stop-machine", DJW_STOP_MACHINE, true, true, 0, false,
        "writes with every CPU parked, checks nothing (H1, H2, H3, H8)", 0 },
    [DJS_INT3_BYPASS] = { "int3-bypass", DJW_INT3, true, true, 0, false,
        "int3 protocol, no quiescence (H1, H2, H3, H8)", 0 },
    [DJS_INT3_IPSCAN] = { "int3-ipscan", DJW_INT3, true, true, DJC_IPSCAN, true,
        "int3 protocol and saved/interrupted EIP scan (H3 when a call is mid-region)", 0 },
    [DJS_INT3_STACKSCAN] = { "int3-stackscan", DJW_INT3, true, true, DJC_IPSCAN | DJC_STACK, true,
        "int3 protocol, EIP scan and stack scan (djprobe_scan=words|frames)", -1 },
    [DJS_INT3_TASKSRCU] = { "int3-tasksrcu", DJW_INT3, true, false, DJC_TASKS, true,
        "int3 protocol, calls only last, wait for a voluntary switch of every thread", 0 },
    [DJS_SAFE] = { "safe", DJW_INT3, true, true, DJC_IPSCAN | DJC_STACK, true,
        "int3 protocol (H6, H7); EIP scan of threads and interrupt frames (H1, H2) and the "
        "exact unwind (kernel/unwind.c) of every stack, through trap frames (H3: every return "
        "address, and no stale data, which can defer a conservative word scan for as long as "
        "a thread sleeps) before the jump; the same over buffers before they are freed (H8)",
        DJ_SCAN_FRAMES },
};

int djprobe_default = DJS_SAFE - 1;
KPARAM_ENUM("djprobe", djprobe_default,
            "naive|stop-machine|int3-bypass|int3-ipscan|int3-stackscan|int3-tasksrcu|safe",
            "jump-optimized probe strategy (broken ones are negative controls)");
int djprobe_scan = DJ_SCAN_WORDS;
KPARAM_ENUM("djprobe_scan", djprobe_scan, "words|frames",
            "stack scan: every stack word (conservative) or the frames (the exact unwind; "
            "djprobe_unwind=fp: the old frame-pointer walk)");

const char *dj_strategy_name(int s)
{
    if (s == DJS_DEFAULT)
        s = djprobe_default + 1;
    return s > DJS_DEFAULT && s < DJS_N ? dj_strategies[s].name : "?";
}

void dj_strategy_get(int s, struct dj_strategy_info *out)
{
    const struct dj_strategy_desc *d;
    if (s <= DJS_DEFAULT || s >= DJS_N)
        s = djprobe_default + 1;
    d = &dj_strategies[s];
    out->name = d->name;
    out->why = d->why;
    out->analysis = d->analysis;
    out->mid_calls = d->mid_calls;
    out->broken = !(d->checks & (DJC_STACK | DJC_TASKS));
}

int djprobe_default_strategy(void) { return djprobe_default + 1; }

void djprobe_set_default_strategy(int s)
{
    if (s > DJS_DEFAULT && s < DJS_N)
        djprobe_default = s - 1;
}

int dj_strategy_parse(const char *name)
{
    int s, i;
    for (s = DJS_DEFAULT + 1; s < DJS_N; s++) {
        for (i = 0; name[i] && name[i] == dj_strategies[s].name[i]; i++)
            ;
        if (!name[i] && !dj_strategies[s].name[i])
            return s;
    }
    return -1;
}

const char *dj_state_name(int st)
{
    static const char *const n[] = { "int3", "queued", "prepared", "optimized", "unoptimizing" };
    return st >= 0 && st <= DJ_UNOPTIMIZING ? n[st] : "?";
}
