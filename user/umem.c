/* umem: pages whose every word is umem_word(pid, address) (user/umem.h), for
 * probe_read_user's self-tests (tests/kernel/test_uread.c).  main(UMEM_ARG(mode,
 * ms)): static (page UMEM_HOLE unmapped, then waits) or churn (unmap a page, map
 * the hole, refill it); ends at the kernel's stop word or after ms; exit: wrong words. */
#include "user/ulib.h"
#include "user/umem.h"

static volatile uint32_t stop;           /* set to 1 by the kernel (report UMEM_R_STOP) */
static uint32_t pid, errors;

static uint32_t rnd(uint32_t *st)        /* xorshift32 (Marsaglia 2003) */
{
    uint32_t x = *st;
    x ^= x << 13, x ^= x >> 17, x ^= x << 5;
    return *st = x;
}

static volatile uint32_t *page_at(uint32_t page)
{
    return (volatile uint32_t *)(UMEM_BASE + page * PGSIZE);
}

static void fill(uint32_t page)
{
    volatile uint32_t *w = page_at(page);
    uint32_t i;
    for (i = 0; i < PGSIZE / 4; i++)
        w[i] = umem_word(pid, (uint32_t)&w[i]);
}

static void verify(uint32_t page)
{
    volatile uint32_t *w = page_at(page);
    uint32_t i;
    for (i = 0; i < PGSIZE / 4; i++)
        errors += w[i] != umem_word(pid, (uint32_t)&w[i]);
}

/* One churn step: page r out, the hole back in and refilled. */
static int step(uint32_t r, uint32_t hole)
{
    if (unmap(UMEM_BASE + r * PGSIZE, 1) || map(UMEM_BASE + hole * PGSIZE, 1))
        return -1;
    fill(hole);
    return 0;
}

int main(int arg)
{
    uint32_t mode = (uint32_t)arg & 15, ms = (uint32_t)arg >> 4, start = uptime(), steps = 0, i, r;
    uint32_t hole = mode == UMEM_CHURN ? UMEM_PAGES - 1 : UMEM_HOLE, st;
    pid = (uint32_t)getpid();
    st = (start * 2654435761u) ^ (pid << 16) ^ 1;
    if (map(UMEM_BASE, UMEM_PAGES))
        return 100;
    for (i = 0; i < UMEM_PAGES; i++)
        fill(i);
    if (unmap(UMEM_BASE + hole * PGSIZE, 1))
        return 101;
    report(UMEM_R_PAGES, UMEM_PAGES);
    report(UMEM_R_STOP, (uint32_t)&stop);
    report(UMEM_R_READY, UMEM_BASE);         /* last: the kernel may read from now on */
    while (!stop && uptime() - start < ms) {
        if (mode != UMEM_CHURN) {
            sleep(1);
            continue;
        }
        if ((r = rnd(&st) % UMEM_PAGES) == hole)
            continue;
        if (step(r, hole)) {
            errors++;
            break;
        }
        hole = r;
        if (++steps % 16 == 0)
            report(UMEM_R_STEPS, steps);
    }
    report(UMEM_R_STEPS, steps);
    for (i = 0; i < UMEM_PAGES; i++)
        if (i != hole)
            verify(i);
    return (int)errors;
}
