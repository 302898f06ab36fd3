/* The fuzz program's argument (user/fuzz.c), shared with its kernel driver
 * (tests/kernel/fuzz.c): the top 4 bits say what the process does, the low
 * 28 bits are its seed.  Mode 0 is a worker the kernel spawns; the others are
 * children a worker spawns and waits for. */
#ifndef FUZZ_H
#define FUZZ_H

#define FZ_ARG(mode, seed)  (((uint32_t)(mode) << 28) | ((seed) & 0x0FFFFFFFu))
#define FZ_MODE(arg)        ((uint32_t)(arg) >> 28)
#define FZ_SEED(arg)        ((uint32_t)(arg) & 0x0FFFFFFFu)

#define FZ_WORKER   0   /* random system calls, each checked; spawns the others */
#define FZ_EXIT     1   /* maps a few pages, leaves them mapped, exits with a code from its seed */
#define FZ_TRAP     2   /* one trapping instruction (int N, int3, ud2, ...): killed with its vector */
#define FZ_TOUCH    3   /* reads, writes or jumps to an address it may not use: killed by #PF */
#define FZ_BYTES    4   /* runs random instruction bytes: any end, the driver kills it if it loops */

#define FZ_KILL_VEC 32  /* kill_vec of a FZ_BYTES child the driver ended (exit code -1032) */
#endif
