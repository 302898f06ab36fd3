/* In-kernel symbol table, generated from the linked image by
 * kernel/gen_ksyms.py (text symbols, sorted by address). */
#ifndef KSYM_H
#define KSYM_H
#include "kernel/types.h"

struct ksym {
    uint32_t addr, size;
    const char *name;
};

int ksym_count(void);
const struct ksym *ksym_at(int i);
const struct ksym *ksym_lookup(uint32_t addr);          /* symbol containing addr */
const struct ksym *ksym_by_name(const char *name);
/* A symbol that starts before addr and whose extent holds it, or NULL: a
 * symbol at addr with one is a label inside that function, not an entry. */
const struct ksym *ksym_enclosing(uint32_t addr);
int ksym_format(uint32_t addr, char *buf, size_t n);    /* "<name+0x12/0x40>" */
/* A split part of a function (gcc's X.cold): X's first byte, else 0.  The
 * parts lie in [ksym_parts_lo, ksym_parts_hi) (both 0: there are none). */
uint32_t ksym_part_owner(uint32_t addr);
extern const uint32_t ksym_parts_lo, ksym_parts_hi;
#endif
