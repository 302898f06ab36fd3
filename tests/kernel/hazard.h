/* The hazard matrix (tests/kernel/hazard.c): one cell = one hazard
 * reproduced with probes of one strategy (tests/kernel/hazard_cells.c). */
#ifndef HAZARD_H
#define HAZARD_H
#include "kernel/types.h"
#include "patch/djprobe.h"

struct cell {
    const char *hazard;
    int strategy;                      /* DJS_* */
    bool caught, error;
    char what[200];                    /* what was caught, or why it could not run */
};
void cell_caught(struct cell *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void cell_error(struct cell *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

struct hazard {
    const char *id;
    void (*fn)(struct cell *c);
    int min_cpus;
};
extern const struct hazard hazards[];  /* ends with { 0 } */
#endif
