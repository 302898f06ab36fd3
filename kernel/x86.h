/* Inline wrappers for x86 instructions the kernel needs (Intel SDM Vol. 2).
 * Port I/O, control registers, flags, TLB and serializing instructions. */
#ifndef X86_H
#define X86_H
#include <stdint.h>

static inline void outb(uint16_t port, uint8_t v) { __asm__ volatile("outb %0, %1" :: "a"(v), "Nd"(port)); }
static inline uint8_t inb(uint16_t port) { uint8_t v; __asm__ volatile("inb %1, %0" : "=a"(v) : "Nd"(port)); return v; }
static inline void outl(uint16_t port, uint32_t v) { __asm__ volatile("outl %0, %1" :: "a"(v), "Nd"(port)); }
static inline uint32_t read_eflags(void) { uint32_t f; __asm__ volatile("pushfl; popl %0" : "=r"(f)); return f; }
static inline void cli(void) { __asm__ volatile("cli" ::: "memory"); }
static inline void sti(void) { __asm__ volatile("sti" ::: "memory"); }
static inline void hlt(void) { __asm__ volatile("hlt" ::: "memory"); }
static inline void pause(void) { __asm__ volatile("pause" ::: "memory"); }
static inline uint32_t read_cr0(void) { uint32_t v; __asm__ volatile("mov %%cr0, %0" : "=r"(v)); return v; }
static inline void write_cr0(uint32_t v) { __asm__ volatile("mov %0, %%cr0" :: "r"(v) : "memory"); }
static inline uint32_t read_cr2(void) { uint32_t v; __asm__ volatile("mov %%cr2, %0" : "=r"(v)); return v; }
static inline void write_cr2(uint32_t v) { __asm__ volatile("mov %0, %%cr2" : : "r"(v) : "memory"); }
static inline uint32_t read_cr3(void) { uint32_t v; __asm__ volatile("mov %%cr3, %0" : "=r"(v)); return v; }
static inline void write_cr3(uint32_t v) { __asm__ volatile("mov %0, %%cr3" :: "r"(v) : "memory"); }
static inline uint32_t read_cr4(void) { uint32_t v; __asm__ volatile("mov %%cr4, %0" : "=r"(v)); return v; }
static inline void write_cr4(uint32_t v) { __asm__ volatile("mov %0, %%cr4" :: "r"(v) : "memory"); }
static inline void invlpg(const void *va) { __asm__ volatile("invlpg (%0)" :: "r"(va) : "memory"); }
static inline uint64_t rdtsc(void) { uint32_t lo, hi; __asm__ volatile("rdtsc" : "=a"(lo), "=d"(hi)); return ((uint64_t)hi << 32) | lo; }
static inline uint32_t read_ebp(void) { uint32_t v; __asm__ volatile("mov %%ebp, %0" : "=r"(v)); return v; }

/* Serializing instruction (SDM Vol. 3, 8.3): cpuid is serializing everywhere. */
static inline void serialize(void)
{
    uint32_t a = 0, b, c = 0, d;
    __asm__ volatile("cpuid" : "+a"(a), "=b"(b), "+c"(c), "=d"(d) :: "memory");
}

static inline void cpuid(uint32_t leaf, uint32_t *a, uint32_t *b, uint32_t *c, uint32_t *d)
{
    __asm__ volatile("cpuid" : "=a"(*a), "=b"(*b), "=c"(*c), "=d"(*d) : "a"(leaf), "c"(0));
}

/* Debug registers (SDM Vol. 3, 17.2): DR6 status bits are sticky, so a #DB
 * handler clears the ones it consumed; DR7 enables DR0-DR3. */
static inline uint32_t read_dr6(void) { uint32_t v; __asm__ volatile("mov %%dr6, %0" : "=r"(v)); return v; }
static inline void write_dr6(uint32_t v) { __asm__ volatile("mov %0, %%dr6" :: "r"(v)); }
static inline uint32_t read_dr7(void) { uint32_t v; __asm__ volatile("mov %%dr7, %0" : "=r"(v)); return v; }
static inline void write_dr7(uint32_t v) { __asm__ volatile("mov %0, %%dr7" :: "r"(v)); }
static inline void write_dr0(uint32_t v) { __asm__ volatile("mov %0, %%dr0" :: "r"(v)); }
#define DR6_B0    0x1u
#define DR6_BS    0x4000u      /* single step (EFLAGS.TF) */
#define EFLAGS_TF 0x100
#define EFLAGS_CF 0x001
#define EFLAGS_IF 0x200
#define EFLAGS_ARITH 0x8D5              /* CF PF AF ZF SF OF: what arithmetic writes */
#define EFLAGS_DF 0x400                 /* direction (string instructions) */
#define CR0_WP    (1u << 16)
#define CR0_PG    (1u << 31)
#define CR4_PSE   (1u << 4)
#define CR4_PGE   (1u << 7)
#endif
