/* NOPROBE: a function a probe hit must never run, kept in .noprobe.text
 * (linker.ld); the set is exactly the call-graph closure of kernel/
 * noprobe.roots, checked at every link (kernel/noprobe_graph.py).  No other
 * includes, so pure code compiled on the host (patch/insn/insn*.c) can use it. */
#ifndef NOPROBE_H
#define NOPROBE_H
#define NOPROBE __attribute__((section(".noprobe.text"), noinline))
#endif
