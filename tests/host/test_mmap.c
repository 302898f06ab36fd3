/* Host unit tests for kernel/multiboot.c (mb_parse_mmap): a QEMU-like map,
 * clipping, merging, and malformed maps (bad size fields) rejected. */
#include "tests/host/check.h"
#include "kernel/multiboot.h"

static unsigned char buf[512];
static unsigned len;

static void add(uint64_t addr, uint64_t l, uint32_t type, uint32_t size)
{
    struct mb_mmap_entry e = { size, addr, l, type };
    memcpy(buf + len, &e, sizeof e);
    len += size + 4;
}

int main(void)
{
    struct mem_region r[8];
    int n;
    /* what QEMU's multiboot loader reports for -m 256 */
    add(0, 0x9fc00, 1, 20);
    add(0x9fc00, 0x400, 2, 20);
    add(0xf0000, 0x10000, 2, 20);
    add(0x100000, 0xfee0000, 1, 20);
    add(0xffe0000, 0x20000, 2, 20);
    add(0xfffc0000, 0x40000, 2, 20);
    n = mb_parse_mmap(buf, len, 512u << 20, r, 8);
    CHECK_EQ(n, 2);
    CHECK_EQ(r[0].base, 0);
    CHECK_EQ(r[0].len, 0x9fc00);
    CHECK_EQ(r[1].base, 0x100000);
    CHECK_EQ(r[1].base + r[1].len, 0xffe0000);
    n = mb_parse_mmap(buf, len, 64u << 20, r, 8);            /* clipped to the limit */
    CHECK_EQ(n, 2);
    CHECK_EQ(r[1].base + r[1].len, 64u << 20);
    len = 0;                                                 /* unsorted, overlapping, larger entry size */
    add(0x200000, 0x100000, 1, 24);
    add(0x100000, 0x180000, 1, 20);
    add(0x400000, 0x1000, 1, 20);
    n = mb_parse_mmap(buf, len, ~0ull, r, 8);
    CHECK_EQ(n, 2);
    CHECK_EQ(r[0].base, 0x100000);
    CHECK_EQ(r[0].len, 0x200000);
    CHECK_EQ(r[1].base, 0x400000);
    CHECK_EQ(mb_parse_mmap(buf, len - 1, ~0ull, r, 8), -1);  /* truncated last entry */
    len = 0;
    add(0, 0x1000, 1, 8);                                    /* size field too small */
    CHECK_EQ(mb_parse_mmap(buf, len, ~0ull, r, 8), -1);
    CHECK_EQ(mb_parse_mmap(buf, 0, ~0ull, r, 8), 0);
    return check_done("test_mmap");
}
