/* Host test of ksym_part_owner (kernel/ksym.c) on a hand-made table of
 * split parts (kernel/gen_ksyms.py's ksym_parts): a part's bytes are its
 * function's, to its last byte; the gap between two parts and the bytes
 * around the span are nobody's; adjacent parts each keep their own. */
#include "kernel/ksym.c"
#include "tests/host/check.h"

const struct ksym ksym_table[1] = { { 0x1000, 0x40, "x.cold" } };
const uint32_t ksym_nr = 0;
const struct ksym_part ksym_parts[] = {
    { 0x1000, 0x1010, 0x5000 },          /* a.cold, then a gap of cold code (nobody's part) */
    { 0x1020, 0x1028, 0x6000 },          /* b.cold, and right after it */
    { 0x1028, 0x1030, 0x7000 },          /* c.cold */
};
const uint32_t ksym_parts_nr = 3, ksym_parts_lo = 0x1000, ksym_parts_hi = 0x1030;

int main(void)
{
    CHECK_EQ(ksym_part_owner(0x0fff), 0);
    CHECK_EQ(ksym_part_owner(0x1000), 0x5000);
    CHECK_EQ(ksym_part_owner(0x100f), 0x5000);
    CHECK_EQ(ksym_part_owner(0x1010), 0);        /* the gap */
    CHECK_EQ(ksym_part_owner(0x101f), 0);
    CHECK_EQ(ksym_part_owner(0x1020), 0x6000);
    CHECK_EQ(ksym_part_owner(0x1027), 0x6000);
    CHECK_EQ(ksym_part_owner(0x1028), 0x7000);
    CHECK_EQ(ksym_part_owner(0x102f), 0x7000);
    CHECK_EQ(ksym_part_owner(0x1030), 0);
    return check_done("test_ksym_parts");
}
