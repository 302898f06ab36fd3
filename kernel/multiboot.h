/* Multiboot v1 information structure (Multiboot Specification 0.6.96, 3.3)
 * and the pure parser of its memory map (also built on the host). */
#ifndef MULTIBOOT_H
#define MULTIBOOT_H
#include <stdint.h>

#define MULTIBOOT_BOOTLOADER_MAGIC 0x2BADB002
#define MB_INFO_MEMORY  (1u << 0)
#define MB_INFO_CMDLINE (1u << 2)
#define MB_INFO_MMAP    (1u << 6)

struct multiboot_info {
    uint32_t flags, mem_lower, mem_upper, boot_device, cmdline;
    uint32_t mods_count, mods_addr, syms[4];
    uint32_t mmap_length, mmap_addr;
} __attribute__((packed));

struct mb_mmap_entry {             /* 'size' does not count itself */
    uint32_t size;
    uint64_t addr, len;
    uint32_t type;                 /* 1 = available RAM */
} __attribute__((packed));

struct mem_region { uint64_t base, len; };

/* Collect available (type 1) regions from a memory map buffer of len bytes,
 * clipped to [0, limit), sorted and merged.  Returns the count, or -1 if an
 * entry is malformed (size field runs past the buffer or is too small). */
int mb_parse_mmap(const void *buf, uint32_t len, uint64_t limit, struct mem_region *out, int max);
#endif
