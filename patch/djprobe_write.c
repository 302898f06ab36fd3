/* The writes of a jump optimization, per strategy (patch/strategy.c): the int3
 * protocol (the int3 is already at each head: tails, sync, heads, sync, so a
 * batch of any size costs two core syncs), plain stores (naive, H6), or all
 * writes with every other CPU parked (stop-machine).  Text lock held. */
#include "patch/djprobe_int.h"
#include "patch/poke.h"
#include "kernel/ipi.h"
#include "kernel/panic.h"

/* Hazard tests only (tests/kernel/hazard.c, H6): called after every store
 * into a site, to judge the bytes another CPU could fetch at that moment. */
void (*volatile djprobe_write_hook)(uint32_t addr, const uint8_t *orig, uint32_t buf);

static void observe(const struct djprobe *d)
{
    if (djprobe_write_hook)
        djprobe_write_hook(d->addr, d->orig, (uint32_t)d->buf);
}

static void jmp_bytes(const struct djprobe *d, uint8_t b[5])
{
    uint32_t rel = (uint32_t)d->buf - (d->addr + 5);
    b[0] = 0xE9; b[1] = rel; b[2] = rel >> 8; b[3] = rel >> 16; b[4] = rel >> 24;
}

static void old_bytes(const struct djprobe *d, uint8_t b[5])
{
    int i;
    b[0] = 0xCC;                                     /* the int3 probe stays armed */
    for (i = 1; i < 5; i++) b[i] = d->orig[i];
}

struct rv_write { struct djprobe **v; int n; bool jump; };

NOPROBE static int dj_write_parked(void *arg)
{
    struct rv_write *w = arg;
    uint8_t b[5];
    int i;
    for (i = 0; i < w->n; i++) {
        if (w->jump) jmp_bytes(w->v[i], b); else old_bytes(w->v[i], b);
        text_patch_store((void *)w->v[i]->addr, b, 5);
        observe(w->v[i]);
    }
    return 0;
}

static void write_all(struct djprobe **v, int n, bool jump, int how)
{
    struct rv_write w;
    uint8_t b[5];
    int i, k;
    if (how == DJW_STOP_MACHINE) {                   /* in chunks that fit the list */
        text_sync_cores();
        for (i = 0; i < n; i += TEXT_PATCH_MAX) {
            w = (struct rv_write){ v + i, n - i < TEXT_PATCH_MAX ? n - i : TEXT_PATCH_MAX, jump };
            rendezvous_run(dj_write_parked, &w);
            text_sync_cores();                       /* (re-write pass for QEMU) */
        }
        return;
    }
    if (how == DJW_PLAIN) {                          /* one ordinary store at a time */
        for (i = 0; i < n; i++) {
            if (jump) jmp_bytes(v[i], b); else old_bytes(v[i], b);
            for (k = 0; k < 5; k++) {
                text_patch_write((void *)(v[i]->addr + k), b + k, 1);
                observe(v[i]);
            }
        }
        return;
    }
    for (i = 0; i < n; i++) {                        /* int3 is at every head */
        ASSERT(*(uint8_t *)v[i]->addr == 0xCC);
        if (jump) jmp_bytes(v[i], b); else old_bytes(v[i], b);
        text_patch_write((void *)(v[i]->addr + 1), b + 1, 4);
        observe(v[i]);
    }
    text_sync_cores();
    for (i = 0; i < n; i++) {
        if (jump) jmp_bytes(v[i], b); else old_bytes(v[i], b);
        text_patch_write((void *)v[i]->addr, b, 1);
        observe(v[i]);
    }
    text_sync_cores();
}

void dj_write_jumps(struct djprobe **v, int n, int how)
{
    write_all(v, n, true, how);
}

/* Unoptimize: int3 back at the head first (a CPU arriving meanwhile runs the
 * probe out of line), sync, then the original tail, sync. */
void dj_write_restore(struct djprobe **v, int n, int how)
{
    static const uint8_t cc = 0xCC;
    int i;
    if (how != DJW_INT3) {
        write_all(v, n, false, how);
        return;
    }
    for (i = 0; i < n; i++)
        text_patch_write((void *)v[i]->addr, &cc, 1);
    text_sync_cores();
    for (i = 0; i < n; i++)
        text_patch_write((void *)(v[i]->addr + 1), v[i]->orig + 1, 4);
    text_sync_cores();
}
