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

/* Do the n characters at s end in suffix? */
static int fmt_ends(const char *s, size_t n, const char *suffix)
{
	size_t k = 0;

	while (suffix[k])
		k++;
	while (k && n && s[n - 1] == suffix[k - 1]) {
		n--;
		k--;
	}
	return k == 0;
}

/* Does what end in its own link to the address (" at", " from" or ":")? */
static int fmt_linked(const char *what)
{
	size_t n = 0;

	while (what[n])
		n++;
	return fmt_ends(what, n, " at") || fmt_ends(what, n, " from") ||
	       fmt_ends(what, n, ":");
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
