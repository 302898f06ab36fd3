/* Finding the MP floating pointer (MP Specification 1.4, 4: first KiB of the
 * EBDA, last KiB of base memory, or the BIOS ROM 0xF0000-0xFFFFF, on 16-byte
 * boundaries).  Runs before paging (reads page 0). */
#include "smp/mptable.h"

static uint32_t fps_scan(uint32_t start, uint32_t len)
{
    uint32_t a, cfg;
    for (a = start; a + 16 <= start + len; a += 16)
        if ((cfg = mp_fps_config((const void *)a, 16)))
            return cfg;
    return 0;
}

const void *mp_find_config_raw(void)
{
    uint32_t ebda = (uint32_t)(*(volatile uint16_t *)0x40E) << 4;
    uint32_t base_kb = *(volatile uint16_t *)0x413, cfg = 0;
    if (ebda)
        cfg = fps_scan(ebda, 1024);
    if (!cfg && base_kb >= 1)
        cfg = fps_scan(base_kb * 1024 - 1024, 1024);
    if (!cfg)
        cfg = fps_scan(0xF0000, 0x10000);
    return (const void *)cfg;
}

int mp_find(struct madt_info *out)
{
    const void *cfg = mp_find_config_raw();
    if (!cfg)
        return -1;
    return mp_parse_config(cfg, mp_config_len(cfg), out);
}
