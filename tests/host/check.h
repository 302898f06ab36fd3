/* Minimal host unit-test harness: CHECK* record failures with what differed;
 * check_done() prints "<prog>: N checks, N failed" and returns the exit code. */
#ifndef CHECK_H
#define CHECK_H
#include <stdio.h>
#include <string.h>

static int check_n, check_failed;

#define CHECK(c) do { check_n++; if (!(c)) { check_failed++; \
    printf("  FAIL %s:%d: %s\n", __FILE__, __LINE__, #c); } } while (0)
#define CHECK_EQ(a, b) do { long long _a = (long long)(a), _b = (long long)(b); check_n++; \
    if (_a != _b) { check_failed++; printf("  FAIL %s:%d: %s == %s: %lld vs %lld\n", \
    __FILE__, __LINE__, #a, #b, _a, _b); } } while (0)
#define CHECK_STR(a, b) do { const char *_a = (a), *_b = (b); check_n++; \
    if (strcmp(_a, _b)) { check_failed++; printf("  FAIL %s:%d: %s: \"%s\" vs \"%s\"\n", \
    __FILE__, __LINE__, #a, _a, _b); } } while (0)

static inline int check_done(const char *prog)
{
    printf("%s: %d checks, %d failed\n", prog, check_n, check_failed);
    return check_failed ? 1 : 0;
}
#endif
