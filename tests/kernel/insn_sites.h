/* Probe-site statistics (tests/kernel/insn_sites.c). */
#ifndef INSN_SITES_H
#define INSN_SITES_H
#include "kernel/types.h"
/* Every jump-optimizable site of the kernel (as the statistics judge them),
 * up to cap addresses; returns how many were stored. */
int insn_sites_jump_sites(uint32_t *addr, int cap);
#endif
