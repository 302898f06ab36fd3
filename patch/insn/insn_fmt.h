/* insn_fmt.h - tiny bounded string builder for analysis/relocation reasons
 * (no libc: the kernel build is freestanding).  Always NUL-terminated. */
#ifndef PATCH_INSN_FMT_H
#define PATCH_INSN_FMT_H

#include <stdint.h>
#include <stddef.h>

struct insn_fmt {
	char *buf;
	size_t cap;
	size_t len;
};

void insn_fmt_init(struct insn_fmt *f, char *buf, size_t cap);
void insn_fmt_str(struct insn_fmt *f, const char *s);
void insn_fmt_hex(struct insn_fmt *f, uint32_t v);	/* 0x... */
void insn_fmt_bytes(struct insn_fmt *f, const uint8_t *p, size_t n);
/* Start a refusal reason in buf: "<hazard>: <what> at 0x<addr>", or
 * "<hazard>: <what> 0x<addr>" when what ends in " at", " from" or ":". */
void insn_fmt_reason(struct insn_fmt *f, char *buf, size_t cap,
		     const char *hazard, const char *what, uint32_t addr);

#endif
