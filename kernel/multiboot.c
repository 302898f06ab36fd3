/* Multiboot memory-map parser (Multiboot Specification 0.6.96, 3.3 "mmap_*").
 * Pure: walks a caller-given buffer and never reads past len bytes. */
#include "kernel/multiboot.h"

static void insert_sorted(struct mem_region *out, int *n, int max, uint64_t b, uint64_t l)
{
    int i, j;
    for (i = 0; i < *n && out[i].base < b; i++) ;
    if (*n == max) return;
    for (j = *n; j > i; j--) out[j] = out[j - 1];
    out[i].base = b;
    out[i].len = l;
    (*n)++;
}

static int merge(struct mem_region *out, int n)
{
    int i, m = 0;
    for (i = 0; i < n; i++) {
        if (m && out[m - 1].base + out[m - 1].len >= out[i].base) {
            uint64_t end = out[i].base + out[i].len;
            if (end > out[m - 1].base + out[m - 1].len)
                out[m - 1].len = end - out[m - 1].base;
        } else {
            out[m++] = out[i];
        }
    }
    return m;
}

int mb_parse_mmap(const void *buf, uint32_t len, uint64_t limit, struct mem_region *out, int max)
{
    const uint8_t *p = buf;
    uint32_t off = 0;
    int n = 0;
    while (off + 4 <= len) {
        const struct mb_mmap_entry *e = (const void *)(p + off);
        uint64_t b, l;
        if (e->size < 20 || e->size > len - off - 4)
            return -1;
        b = e->addr;
        l = e->len;
        off += e->size + 4;
        if (e->type != 1 || b >= limit || l == 0)
            continue;
        if (l > limit - b)
            l = limit - b;
        insert_sorted(out, &n, max, b, l);
    }
    if (off != len)
        return -1;
    return merge(out, n);
}
