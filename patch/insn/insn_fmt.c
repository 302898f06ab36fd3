/* insn_fmt.c - bounded string building for human-readable reasons.
 * Freestanding helper for insn_analyze.c and insn_reloc.c; truncates
 * silently at the buffer size and always NUL-terminates. */
#include "patch/insn/insn_fmt.h"

void insn_fmt_init(struct insn_fmt *f, char *buf, size_t cap)
{
	f->buf = buf;
	f->cap = cap;
	f->len = 0;
	if (cap)
		buf[0] = 0;
}

static void fmt_ch(struct insn_fmt *f, char c)
{
	if (f->len + 1 >= f->cap)
		return;
	f->buf[f->len++] = c;
	f->buf[f->len] = 0;
}

void insn_fmt_str(struct insn_fmt *f, const char *s)
{
	while (s && *s)
		fmt_ch(f, *s++);
}

static void fmt_nibbles(struct insn_fmt *f, uint32_t v, int n)
{
	static const char hex[] = "0123456789abcdef";

	while (n-- > 0)
		fmt_ch(f, hex[(v >> (4 * n)) & 15]);
}

void insn_fmt_hex(struct insn_fmt *f, uint32_t v)
{
	int n = 1;

	while (n < 8 && (v >> (4 * n)))
		n++;
	insn_fmt_str(f, "0x");
	fmt_nibbles(f, v, n);
}

void insn_fmt_bytes(struct insn_fmt *f, const uint8_t *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (i)
			fmt_ch(f, ' ');
		fmt_nibbles(f, p[i], 2);
	}
}

/* Does what end in its own link to the address (" at", " from" or ":")? */
static int fmt_linked(const char *what)
{
	size_t n = 0;

	while (what[n])
		n++;
	return (n >= 3 && what[n - 3] == ' ' && what[n - 2] == 'a' && what[n - 1] == 't') ||
	       (n >= 5 && what[n - 5] == ' ' && what[n - 4] == 'f' && what[n - 3] == 'r' &&
		what[n - 2] == 'o' && what[n - 1] == 'm') ||
	       (n >= 1 && what[n - 1] == ':');
}

void insn_fmt_reason(struct insn_fmt *f, char *buf, size_t cap,
		     const char *hazard, const char *what, uint32_t addr)
{
	insn_fmt_init(f, buf, cap);
	insn_fmt_str(f, hazard);
	insn_fmt_str(f, ": ");
	insn_fmt_str(f, what);
	insn_fmt_str(f, fmt_linked(what) ? " " : " at ");
	insn_fmt_hex(f, addr);
}
