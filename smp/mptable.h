/* Intel MultiProcessor Specification 1.4 (chapter 4): the MP floating
 * pointer structure and the MP configuration table.  Pure parsers
 * (pointer + length), unit-tested on the host; they fill struct madt_info. */
#ifndef MPTABLE_H
#define MPTABLE_H
#include "smp/acpi.h"

/* Validate a floating pointer ("_MP_", 16 bytes, checksum).  Returns the
 * physical address of the configuration table, or 0 if invalid or if it
 * names a default configuration (feature byte 1 non-zero; unsupported). */
uint32_t mp_fps_config(const void *buf, uint32_t len);
/* Parse a configuration table ("PCMP") of at most len bytes: processor
 * (type 0), I/O APIC (2) and I/O interrupt (3) entries.  0 ok, -1 malformed. */
int mp_parse_config(const void *buf, uint32_t len, struct madt_info *out);
uint32_t mp_config_len(const void *buf);   /* base table length from the header */

int mp_find(struct madt_info *out);        /* kernel: scan memory; 0 if found */
const void *mp_find_config_raw(void);      /* kernel: the table, or NULL */
#endif
