/* syscalls: checks every system call's documented results (kernel/usys.h),
 * including that int $0x80 preserves every register but %eax, EFLAGS too.
 * Prints a line per failed check; exit code = the number of failures;
 * report(0) = checks made, report(1) = failures. */
#include "user/ulib.h"

#define A (USER_MAP_BASE + 0x100000)    /* where the map checks map */
#define FLAGS_ALL 0xcd5u                /* OF DF SF ZF AF PF CF */

static int nchecks, nfail;
static char big[5000];

static void check(const char *what, int got, int want)
{
    nchecks++;
    nfail += expect("syscalls", what, got, want);
}

static int all_bytes(uint32_t addr, uint32_t n, uint8_t c)
{
    const volatile uint8_t *p = (const volatile uint8_t *)addr;
    uint32_t i;
    for (i = 0; i < n; i++)
        if (p[i] != c)
            return 0;
    return 1;
}

static void check_process(void)
{
    int pid = getpid();
    uint32_t t0;
    check("getpid > 0", pid > 0, 1);
    check("getpid stable", getpid(), pid);
    check("yield", yield(), 0);
    check("sleep(0)", sleep(0), 0);
    t0 = uptime();
    check("sleep(20)", sleep(20), 0);
    check("uptime advanced >= 20 over sleep(20)", uptime() - t0 >= 20, 1);
    check("sleep(10001)", sleep(10001), -EINVAL);
    check("sleep(20000)", sleep(20000), -EINVAL);
}

/* Map, fill, read back, remap: results and page contents. */
static void check_map(void)
{
    volatile uint32_t *p = (volatile uint32_t *)A;
    uint32_t i, bad = 0;
    check("map 2 pages", map(A, 2), 0);
    check("mapped pages zeroed", all_bytes(A, 2 * PGSIZE, 0), 1);
    for (i = 0; i < 2 * PGSIZE / 4; i++)
        p[i] = i * 0x9e3779b9u;
    for (i = 0; i < 2 * PGSIZE / 4; i++)
        bad += p[i] != i * 0x9e3779b9u;
    check("mapped pages read back", bad, 0);
    check("map same again", map(A, 2), -EEXIST);
    check("map overlapping the last page", map(A + PGSIZE, 2), -EEXIST);
    check("failed map left the next page unmapped", unmap(A + 2 * PGSIZE, 1), -EINVAL);
    check("unmap", unmap(A, 2), 0);
    check("unmap again", unmap(A, 2), -EINVAL);
    check("map after unmap", map(A, 1), 0);
    check("remapped page zeroed", all_bytes(A, PGSIZE, 0), 1);
    check("unmap with a page not mapped", unmap(A, 2), -EINVAL);
    check("failed unmap kept the page", all_bytes(A, PGSIZE, 0), 1);
    check("unmap 1", unmap(A, 1), 0);
}

static void check_map_args(void)
{
    check("map unaligned", map(A + 1, 1), -EINVAL);
    check("map below the range", map(USER_MAP_BASE - PGSIZE, 1), -EINVAL);
    check("map at the range top", map(USER_MAP_TOP, 1), -EINVAL);
    check("map across the range top", map(USER_MAP_TOP - PGSIZE, 2), -EINVAL);
    check("map wrapping", map(0xfffff000u, 2), -EINVAL);
    check("map 0 pages", map(A, 0), -EINVAL);
    check("map 65 pages", map(A, 65), -EINVAL);
    check("map 2^20 pages", map(USER_MAP_BASE, 1u << 20), -EINVAL);
    check("map 64 pages", map(A, 64), 0);
    check("unmap 64 pages", unmap(A, 64), 0);
    check("map the last page", map(USER_MAP_TOP - PGSIZE, 1), 0);
    check("unmap the last page", unmap(USER_MAP_TOP - PGSIZE, 1), 0);
    check("unmap unaligned", unmap(A + 1, 1), -EINVAL);
    check("unmap 0 pages", unmap(A, 0), -EINVAL);
    check("unmap 65 pages", unmap(A, 65), -EINVAL);
}

static void check_spawn_wait(void)
{
    int pid = spawn("hello", 7);
    check("spawn(hello, 7) > 0", pid > 0, 1);
    check("wait(hello)", wait(pid), 0);
    check("wait(hello) again", wait(pid), -ECHILD);
    check("spawn(nope)", spawn("nope", 0), -ENOENT);
    check("wait(own pid)", wait(getpid()), -ECHILD);
    check("wait(12345)", wait(12345), -ECHILD);
}

/* getpid with ebx..ebp = 0x11111111..0x66666666 and the given flags:
 * everything but eax must come back unchanged. */
static void check_regs(uint32_t flags)
{
    static const char *const names[7] = { "ebx", "ecx", "edx", "esi", "edi", "ebp", "EFLAGS" };
    uint32_t in[8] = { SYS_getpid }, out[8];
    char what[48];
    int i;
    for (i = 1; i < 7; i++)
        in[i] = 0x11111111u * i;
    in[7] = flags;
    regs_syscall(in, out);
    out[7] &= FLAGS_ALL;
    for (i = 1; i < 8; i++) {
        ksnprintf(what, sizeof what, "int $0x80 (flags %x) preserves %s", flags, names[i - 1]);
        check(what, out[i], in[i]);
    }
    check("getpid through regs_syscall", out[0], getpid());
}

/* An unknown call number: -ENOSYS, whatever the argument registers hold. */
static int raw_syscall(uint32_t num)
{
    uint32_t in[8] = { num, 1, 2, 3, 4, 5 }, out[8];
    regs_syscall(in, out);
    return out[0];
}

static void check_misc(void)
{
    check("write len 0", write(big, 0), 0);
    check("write len 4097", write(big, 4097), -EINVAL);
    check("write len 5000", write(big, 5000), -EINVAL);
    check("report slot 3", report(3, 0), 0);
    check("report slot 4", report(4, 1), -EINVAL);
    check("report slot -1", report(0xffffffffu, 1), -EINVAL);
    check("syscall 0", raw_syscall(0), -ENOSYS);
    check("syscall NSYSCALL", raw_syscall(NSYSCALL), -ENOSYS);
    check("syscall 99", raw_syscall(99), -ENOSYS);
    check("syscall -1", raw_syscall(0xffffffffu), -ENOSYS);
}

int main(int arg)
{
    check_process();
    check_map();
    check_map_args();
    check_spawn_wait();
    check_misc();
    check_regs(FLAGS_ALL);
    check_regs(0);
    report(0, nchecks);
    report(1, nfail);
    if (!nfail)
        printf("syscalls: %d checks passed\n", nchecks);
    return nfail;
}
