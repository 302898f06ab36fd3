/* Host unit tests for kernel/size.h: 32-bit size arithmetic that says when a
 * result does not fit instead of wrapping (issue 39, item 13): the return
 * probes' pools (header + maxactive instances), kmalloc's rounding to 16
 * bytes and kmalloc_array's products, palloc's reserved ranges, at and
 * around 2^32. */
#include "tests/host/check.h"
#include "kernel/size.h"

int main(void)
{
    uint32_t r = 7;
    CHECK(size_mul(0x10000, 0xFFFF, &r) && r == 0xFFFF0000u);
    CHECK(size_mul(0xFFFFFFFFu, 1, &r) && r == 0xFFFFFFFFu);
    CHECK(size_mul(0, 0xFFFFFFFFu, &r) && r == 0);
    r = 7;
    CHECK(!size_mul(0x10000, 0x10000, &r));              /* 2^32 */
    CHECK(!size_mul(0x08000000, 32, &r));                /* kretprobe: 2^27 instances of 32 bytes */
    CHECK(!size_mul(0x10000000, 16, &r));                /* uretprobe: 2^28 of 16 */
    CHECK(!size_mul(0xFFFFFFFFu, 4, &r));                /* an int -1 taken as a count */
    CHECK(size_add(0xFFFFFFF0u, 0xF, &r) && r == 0xFFFFFFFFu);
    CHECK(!size_add(0xFFFFFFF0u, 0x10, &r));
    CHECK(!size_add(16, 0xFFFFFFF0u, &r));               /* lp_shadow: header + size */
    CHECK(size_flex(20, 0x07FFFFFF, 32, &r) && r == 20 + 0x07FFFFFFu * 32);
    CHECK(!size_flex(20, 0x08000000, 32, &r));           /* the product wraps to 0 */
    CHECK(!size_flex(40, 0x07FFFFFF, 32, &r));           /* the product fits, the header does not */
    CHECK(size_flex(20, 0, 32, &r) && r == 20);
    CHECK(size_align(0, 16, &r) && r == 0);
    CHECK(size_align(1, 16, &r) && r == 16);
    CHECK(size_align(16, 16, &r) && r == 16);
    CHECK(size_align(0xFFFFFFF0u, 16, &r) && r == 0xFFFFFFF0u);
    CHECK(!size_align(0xFFFFFFF1u, 16, &r));             /* kmalloc's rounding would give 0 */
    CHECK(!size_align(0xFFFFFFFFu, 16, &r));
    CHECK(!size_align(0xFFFFF001u, 4096, &r));
    CHECK(size_align(0xFFFFF000u, 4096, &r) && r == 0xFFFFF000u);
    r = 7;
    CHECK(!size_last(0, 0, &r) && r == 7);               /* empty: (addr + len - 1 would wrap) */
    CHECK(size_last(0x1000, 0x1000, &r) && r == 0x1FFF);
    CHECK(size_last(0xFFFFF000u, 0x2000, &r) && r == 0xFFFFFFFFu);   /* past 2^32: the top */
    CHECK(size_last(0xFFFFFFFFu, 1, &r) && r == 0xFFFFFFFFu);
    return check_done("test_size");
}
