/* Host unit tests for kernel/param.c: key=value parsing, ranges, enums,
 * unknown keys and malformed words are errors, the kernel path is skipped,
 * a key defined twice is refused. */
#include "tests/host/check.h"
#include "kernel/param.h"

static int seed, model;
static char name[8];
static const struct kparam tab[] = {
    { "seed", KP_INT, &seed, 0, 1000, 0, "" },
    { "preempt", KP_ENUM, &model, 0, 0, "none|voluntary|full", "" },
    { "name", KP_STR, name, 0, sizeof name, 0, "" },
};

static int apply(const char *cl, char *err)
{
    return param_apply(cl, tab, 3, err, 200);
}

int main(void)
{
    char err[200];
    int64_t v;
    CHECK_EQ(apply("/boot/kernel.elf seed=17 preempt=full name=abc", err), 0);
    CHECK_EQ(seed, 17);
    CHECK_EQ(model, 2);
    CHECK_STR(name, "abc");
    CHECK_EQ(apply("seed=0x20  preempt=none", err), 0);     /* no path, extra spaces */
    CHECK_EQ(seed, 32);
    CHECK_EQ(model, 0);
    CHECK_EQ(apply("k seed=1k", err), 0);                   /* k suffix: 1000, the max */
    CHECK_EQ(seed, 1000);
    seed = 5;
    CHECK_EQ(apply("k seed=1001", err), 1);
    CHECK(strstr(err, "bad value '1001' for seed") != NULL);
    CHECK_EQ(seed, 5);                                      /* unchanged on error */
    CHECK_EQ(apply("k bogus=1", err), 1);
    CHECK_STR(err, "unknown parameter 'bogus'");
    CHECK_EQ(apply("k seed", err), 1);
    CHECK_STR(err, "malformed parameter 'seed': want key=value");
    CHECK_EQ(apply("k preempt=fullx", err), 1);
    CHECK(strstr(err, "want one of none|voluntary|full") != NULL);
    CHECK_EQ(apply("k preempt=", err), 1);
    CHECK_EQ(apply("k name=toolongname", err), 1);
    CHECK_EQ(apply("k bogus=1 seed=x other=2", err), 3);   /* all counted, first reported */
    CHECK_STR(err, "unknown parameter 'bogus'");
    CHECK_EQ(param_parse_int("-12", 3, &v), 0);
    CHECK_EQ(v, -12);
    CHECK_EQ(param_parse_int("12abc", 5, &v), -1);
    CHECK_EQ(param_parse_int("", 0, &v), -1);
    CHECK_EQ(param_parse_int("0x", 2, &v), -1);
    CHECK_EQ(param_parse_int("99999999999999999999", 20, &v), -1);
    CHECK_EQ(param_parse_int("3M", 2, &v), 0);
    CHECK_EQ(v, 3000000);
    {                                       /* one key defined twice: every boot refuses */
        static const struct kparam twice[] = {
            { "seed", KP_INT, &seed, 0, 1000, 0, "" },
            { "seed", KP_INT, &model, 0, 1000, 0, "" },
        };
        CHECK_EQ(param_apply("k", twice, 2, err, 200), 1);
        CHECK_STR(err, "parameter seed is defined twice (a build bug)");
    }
    return check_done("test_param");
}
