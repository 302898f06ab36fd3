/* Scenarios: what a boot runs (scenario=NAME).  Each registers in linker
 * section .kscenario; run() returns 0 for SUCCESS or fills why and returns
 * non-zero for FAILURE.  kmain prints the verdict line and ends the run. */
#ifndef SCENARIO_H
#define SCENARIO_H
#include "kernel/types.h"

struct kscenario {
    const char *name;
    int (*run)(char *why, size_t whylen);
    const char *help;
};

#define KSCENARIO(nm, fn, h) \
    static const struct kscenario kscenario_##fn __attribute__((used, section(".kscenario"), aligned(4))) = \
        { nm, fn, h }

/* Common boot parameters every scenario may read. */
extern int param_seed, param_duration_ms, param_cpus_expected;
/* duration= was given (command line or the shell's torture): a scenario
 * whose length is its own (probe-all's walk) then stops there too. */
extern bool param_duration_given;
extern char param_scenario[32], param_test[128];
/* Set by the shell (kernel/shell/run.c) when a key asks a running scenario
 * to stop early; the tortures end their main loop on it. */
extern volatile int scenario_stop;
#endif
