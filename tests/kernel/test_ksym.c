/* Self-tests for the in-kernel symbol table (kernel/ksym.c) and the
 * command-line keys' registration (kernel/param_boot.c). */
#include "kernel/ktest.h"
#include "kernel/ksym.h"
#include "kernel/fmt.h"
#include "kernel/mem.h"

void kmain(void);
uint32_t text_target_imm(void);

KTEST(ksym_lookup_by_addr_and_name)
{
    const struct ksym *k = ksym_by_name("kmain");
    char buf[64];
    KASSERT(k != NULL);
    KEXPECT_EQ(k->addr, (uint32_t)kmain);
    KEXPECT(k->size > 0);
    k = ksym_lookup((uint32_t)kmain + 3);
    KASSERT(k != NULL);
    KEXPECT_EQ(k->addr, (uint32_t)kmain);
    ksym_format((uint32_t)text_target_imm + 5, buf, sizeof buf);
    KEXPECT(!kmemcmp(buf, "<text_target_imm+0x5/0x6>", 26));
    KEXPECT(ksym_lookup(0x10) == NULL);
}

KTEST(ksym_table_sorted_and_in_text)
{
    int i, n = ksym_count(), bad = 0;
    KEXPECT(n > 100);
    for (i = 0; i < n; i++) {
        const struct ksym *k = ksym_at(i);
        if (k->addr < (uint32_t)__text_start || k->addr + k->size > (uint32_t)__text_end) bad++;
        if (i && ksym_at(i - 1)->addr > k->addr) bad++;
    }
    KEXPECT_EQ(bad, 0);
}
