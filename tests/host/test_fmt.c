/* Host unit tests for kernel/fmt.c (kvsnprintf), compared with the C
 * library's snprintf where the two must agree. */
#include "tests/host/check.h"
#include "kernel/fmt.h"
#include <stdint.h>

#define SAME(...) do { char a[128], b[128]; int na = ksnprintf(a, sizeof a, __VA_ARGS__); \
    int nb = snprintf(b, sizeof b, __VA_ARGS__); CHECK_STR(a, b); CHECK_EQ(na, nb); } while (0)

int main(void)
{
    char buf[8];
    SAME("%d %i %u", -42, 7, 4000000000u);
    SAME("%x %X %o", 0xbeefu, 0xbeefu, 8u);
    SAME("[%5d] [%-5d] [%05d] [%-05d]", 42, 42, -42, 3);
    SAME("%08x %#x %#x", 0x1234u, 0xabu, 0u + 1);
    SAME("%s|%10s|%-10s|%.3s|%.*s", "abc", "right", "left", "truncate", 2, "xyz");
    SAME("%c%c %%", 'o', 'k');
    SAME("%lld %llu %llx", -1234567890123LL, 18446744073709551615ULL, 0x1122334455667788ULL);
    SAME("%ld %lu", -5L, 5UL);
    SAME("%zu", (size_t)12345);
    SAME("%s", (char *)"");
    CHECK_EQ(ksnprintf(buf, sizeof buf, "%s", "0123456789"), 10);   /* would-be length */
    CHECK_STR(buf, "0123456");                                        /* truncated, terminated */
    CHECK_EQ(ksnprintf(buf, 0, "abc"), 3);
    {
        char p[32];
        ksnprintf(p, sizeof p, "%p", (void *)(uintptr_t)0x1234);
        CHECK_STR(p, "0x00001234");
    }
    return check_done("test_fmt");
}
