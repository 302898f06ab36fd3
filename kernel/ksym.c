/* Symbol lookup over the generated table.  Layout contract with
 * kernel/gen_ksyms.py: ksym_table[] is an array of struct ksym {addr, size,
 * name pointer} sorted by address, ksym_nr its length. */
#include "kernel/ksym.h"
#include "kernel/fmt.h"

extern const struct ksym ksym_table[];
extern const uint32_t ksym_nr;
struct ksym_part { uint32_t lo, hi, owner; };
extern const struct ksym_part ksym_parts[];     /* sorted by lo (gen_ksyms.py) */
extern const uint32_t ksym_parts_nr;

int ksym_count(void) { return (int)ksym_nr; }

const struct ksym *ksym_at(int i)
{
    return (i < 0 || i >= (int)ksym_nr) ? NULL : &ksym_table[i];
}

const struct ksym *ksym_lookup(uint32_t addr)
{
    int lo = 0, hi = (int)ksym_nr - 1, best = -1;
    const struct ksym *k;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        if (ksym_table[mid].addr <= addr) { best = mid; lo = mid + 1; }
        else hi = mid - 1;
    }
    if (best < 0)
        return NULL;
    k = &ksym_table[best];
    return addr < k->addr + (k->size ? k->size : 1) ? k : NULL;
}

/* Linear (the table is sorted by address, but an enclosing function may
 * start any number of symbols before addr): for registration paths. */
const struct ksym *ksym_enclosing(uint32_t addr)
{
    uint32_t i;
    for (i = 0; i < ksym_nr && ksym_table[i].addr < addr; i++)
        if (addr - ksym_table[i].addr < ksym_table[i].size)
            return &ksym_table[i];
    return NULL;
}

/* The first byte of the function whose split part (gcc's X.cold, in
 * .text.unlikely) holds addr, or 0: the table is built with the symbols, so
 * a lookup is a binary search with no lock (readers in a rendezvous). */
uint32_t ksym_part_owner(uint32_t addr)
{
    uint32_t lo = 0, hi = ksym_parts_nr;
    if (!hi || addr < ksym_parts_lo || addr >= ksym_parts_hi)
        return 0;
    while (hi - lo > 1) {                   /* the last part with lo <= addr */
        uint32_t mid = (lo + hi) / 2;
        if (ksym_parts[mid].lo <= addr)
            lo = mid;
        else
            hi = mid;
    }
    return addr >= ksym_parts[lo].lo && addr < ksym_parts[lo].hi ? ksym_parts[lo].owner : 0;
}

static int streq(const char *a, const char *b)
{
    while (*a && *a == *b) { a++; b++; }
    return *a == *b;
}

const struct ksym *ksym_by_name(const char *name)
{
    uint32_t i;
    for (i = 0; i < ksym_nr; i++)
        if (streq(ksym_table[i].name, name))
            return &ksym_table[i];
    return NULL;
}

int ksym_format(uint32_t addr, char *buf, size_t n)
{
    const struct ksym *k = ksym_lookup(addr);
    if (!k)
        return ksnprintf(buf, n, "<?>");
    return ksnprintf(buf, n, "<%s+%#x/%#x>", k->name, addr - k->addr, k->size);
}
