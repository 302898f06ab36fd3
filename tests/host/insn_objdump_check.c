/* insn_objdump_check.c - differential test of patch/insn/insn.c against GNU
 * objdump: reads `objdump -d` (32-bit mode) output on stdin and, for every
 * instruction objdump prints, decodes the same bytes and compares length
 * and relative branch target.  Exits 1 on any mismatch.  Host only. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "patch/insn/insn.h"

struct rec {
	unsigned long addr;
	size_t off;		/* into bytes[] */
	int n;			/* bytes objdump gave this instruction */
	char *text;		/* mnemonic and operands */
};

static struct rec *recs;
static size_t nrec, caprec;
static unsigned char *bytes;
static size_t nbytes, capbytes;

static unsigned long compared, mismatches, skip_bad, skip_data, skip_pfx;
static unsigned long bad_accepted;
static unsigned long ud_agree, targets, data16_rel8, files, fwait_pairs;
static int show_ud;		/* INSN_CHECK_UD=1: list #UD-but-decoded */
static int verbose_left = 30;	/* INSN_CHECK_VERBOSE overrides */

static void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n);
	if (!p) {
		perror("realloc");
		exit(2);
	}
	return p;
}

static void add_byte(unsigned char b)
{
	if (nbytes == capbytes) {
		capbytes = capbytes ? 2 * capbytes : 1 << 16;
		bytes = xrealloc(bytes, capbytes);
	}
	bytes[nbytes++] = b;
}

static void add_rec(unsigned long addr, size_t off, const char *text)
{
	if (nrec == caprec) {
		caprec = caprec ? 2 * caprec : 1 << 12;
		recs = xrealloc(recs, caprec * sizeof(*recs));
	}
	recs[nrec].addr = addr;
	recs[nrec].off = off;
	recs[nrec].n = 0;
	recs[nrec].text = strdup(text);
	nrec++;
}


/* Prefix words objdump prints before a mnemonic. */
static const char *const pfx_words[] = {
	"cs", "ds", "es", "fs", "gs", "ss", "data16", "data32", "addr16",
	"addr32", "lock", "rep", "repz", "repnz", "repe", "repne", "bnd",
	"notrack", "xacquire", "xrelease", "{vex}", "{vex3}", "{evex}", NULL
};

static int is_pfx_word(const char *w, size_t n)
{
	int i;

	for (i = 0; pfx_words[i]; i++)
		if (strlen(pfx_words[i]) == n && !strncmp(w, pfx_words[i], n))
			return 1;
	return 0;
}

/* Skip prefix words; return the mnemonic, set *ops to its operands. */
static const char *mnemonic(const char *t, const char **ops, int *nprefixw)
{
	size_t n;

	*nprefixw = 0;
	for (;;) {
		while (*t == ' ')
			t++;
		n = strcspn(t, " ");
		if (!is_pfx_word(t, n) || !t[n])
			break;
		t += n;
		++*nprefixw;
	}
	*ops = t + n;
	while (**ops == ' ')
		++*ops;
	return t;
}

/* objdump's direct branch target: "1234 <sym>" or "0x1234". */
static int parse_target(const char *ops, unsigned long *t)
{
	char *end;

	if (!isxdigit((unsigned char)ops[0]))
		return 0;
	*t = strtoul(ops, &end, 16);
	return end != ops && (*end == 0 || *end == ' ');
}

/* Does objdump's text name a direct relative branch? */
static int od_is_rel(const char *m, const char *ops)
{
	unsigned long t;

	if (m[0] != 'j' && strncmp(m, "call", 4) && strncmp(m, "loop", 4) &&
	    strncmp(m, "xbegin", 6))
		return 0;
	return parse_target(ops, &t);
}

static void report(const struct rec *r, const struct insn *in, int err,
		   const char *what)
{
	int i;

	mismatches++;
	if (verbose_left-- <= 0)
		return;
	fprintf(stderr, "MISMATCH %s at %#lx:", what, r->addr);
	for (i = 0; i < r->n; i++)
		fprintf(stderr, " %02x", bytes[r->off + i]);
	fprintf(stderr, " | objdump: %s | ours: len %d err %s", r->text,
		in->len, insn_strerror(err));
	if (!err && insn_is_rel(in))
		fprintf(stderr, " target %#x", insn_rel_target(in, r->addr));
	fprintf(stderr, "\n");
}

/* Compare the branch target of one instruction. */
static void check_target(const struct rec *r, const struct insn *in,
			 const char *m, const char *ops)
{
	unsigned long t;
	uint32_t ours = insn_rel_target(in, (uint32_t)r->addr);

	if (!insn_is_rel(in)) {
		if (od_is_rel(m, ops))
			report(r, in, 0, "branch-kind");
		return;
	}
	targets++;
	if (!parse_target(ops, &t)) {
		report(r, in, 0, "branch-operand");
		return;
	}
	if ((uint32_t)t == ours)
		return;
	/* objdump ignores 0x66 on rel8 branches (prints "data16"), the SDM
	 * masks EIP to 16 bits; accept objdump's unmasked value then. */
	if (in->imm_len == 1 && in->opsize16 &&
	    (uint32_t)t == (uint32_t)(r->addr + in->len + in->imm)) {
		data16_rel8++;
		return;
	}
	report(r, in, 0, "target");
}

/* Bytes available contiguously from record i (at most 15). */
static size_t window(size_t i)
{
	size_t j, w = recs[i].n;

	for (j = i + 1; j < nrec && w < INSN_MAX_LEN; j++) {
		if (recs[j].addr != recs[j - 1].addr + recs[j - 1].n ||
		    recs[j].off != recs[j - 1].off + recs[j - 1].n)
			break;
		w += recs[j].n;
	}
	return w < INSN_MAX_LEN ? w : INSN_MAX_LEN;
}

/* Legacy prefix byte? */
static int is_prefix_byte(unsigned char b)
{
	static const unsigned char p[] = { 0x26, 0x2e, 0x36, 0x3e, 0x64, 0x65,
					   0x66, 0x67, 0xf0, 0xf2, 0xf3 };
	size_t i;

	for (i = 0; i < sizeof(p); i++)
		if (p[i] == b)
			return 1;
	return 0;
}

/* objdump treats fwait (9b) as a prefix: it prints it with a following
 * x87 instruction as one line, or with following prefix bytes ("ds
 * fwait").  Architecturally 9b is an instruction of its own (an interrupt
 * can come between).  Accept when our fwait plus the next decode, or plus
 * only prefix bytes, cover objdump's line. */
static int fwait_merged(const struct rec *r, const struct insn *in, size_t w)
{
	struct insn next;
	size_t off = r->off + in->len;
	int i;

	if (in->len >= r->n || bytes[off - 1] != 0x9b ||
	    in->opcode != 0x9b || in->map != INSN_MAP_1B)
		return 0;
	for (i = in->len; i < r->n && is_prefix_byte(bytes[r->off + i]); i++)
		;
	if (i == r->n) {
		fwait_pairs++;
		return 1;
	}
	if (insn_decode(&next, bytes + off, w - in->len) ||
	    in->len + next.len != r->n || next.opcode < 0xd8 ||
	    next.opcode > 0xdf || next.map != INSN_MAP_1B)
		return 0;
	fwait_pairs++;
	return 1;
}

static void check_one(size_t i)
{
	const struct rec *r = &recs[i];
	const char *m, *ops;
	struct insn in;
	int err, npw;
	size_t w;

	if (strstr(r->text, "(bad)")) {
		skip_bad++;
		if (insn_decode(&in, bytes + r->off, window(i)) == INSN_OK) {
			bad_accepted++;	/* we are more permissive here */
			if (show_ud)
				fprintf(stderr, "BADOK map %d op %02x pfx %d %s "
					"modrm %02x\n", in.map, in.opcode,
					in.mpfx, insn_name(&in), in.modrm);
		}
		return;
	}
	m = mnemonic(r->text, &ops, &npw);
	if (m[0] == '.' || r->n == 0) {
		skip_data++;
		return;
	}
	if (npw && !*ops && is_pfx_word(m, strlen(m))) {
		skip_pfx++;
		return;
	}
	compared++;
	w = window(i);
	err = insn_decode(&in, bytes + r->off, w);
	if (!err && fwait_merged(r, &in, w))
		return;
	if (err == INSN_ERR_INVALID && in.len == r->n) {
		ud_agree++;
		if (show_ud)
			fprintf(stderr, "UD %s\n", r->text);
		return;
	}
	if (err || in.len != r->n) {
		report(r, &in, err, "length");
		return;
	}
	check_target(r, &in, m, ops);
}

static void flush(void)
{
	size_t i;

	for (i = 0; i < nrec; i++) {
		check_one(i);
		free(recs[i].text);
	}
	nrec = 0;
	nbytes = 0;
}

/* Parse hex byte pairs; return the text after the bytes' tab, or NULL. */
static char *parse_bytes(char *p, int *got)
{
	*got = 0;
	while (isxdigit((unsigned char)p[0]) && isxdigit((unsigned char)p[1]) &&
	       (p[2] == ' ' || p[2] == '\t' || p[2] == '\n' || !p[2])) {
		add_byte((unsigned char)strtoul((char[]){ p[0], p[1], 0 }, 0, 16));
		++*got;
		p += 2;
		while (*p == ' ')
			p++;
	}
	if (*p != '\t')
		return NULL;
	return p + 1;
}

static void parse_line(char *line)
{
	char *p, *text;
	unsigned long addr;
	size_t off = nbytes;
	int got;

	line[strcspn(line, "\n")] = 0;
	if (strstr(line, "file format")) {
		flush();
		files++;
		return;
	}
	if (!strncmp(line, "Disassembly of section", 22)) {
		flush();
		return;
	}
	addr = strtoul(line, &p, 16);
	if (p == line || p[0] != ':' || p[1] != '\t')
		return;
	text = parse_bytes(p + 2, &got);
	if (text) {
		add_rec(addr, off, text);
		recs[nrec - 1].n = got;
	} else if (nrec && addr == recs[nrec - 1].addr + recs[nrec - 1].n) {
		recs[nrec - 1].n += got;	/* continuation line */
	} else {
		nbytes -= got;			/* not an instruction line */
	}
}

int main(int argc, char **argv)
{
	static char line[8192];

	(void)argc;
	(void)argv;
	show_ud = getenv("INSN_CHECK_UD") != NULL;
	if (getenv("INSN_CHECK_VERBOSE"))
		verbose_left = atoi(getenv("INSN_CHECK_VERBOSE"));
	while (fgets(line, sizeof(line), stdin))
		parse_line(line);
	flush();
	printf("objdump inputs: %lu, branch targets compared: %lu, "
	       "skipped: bad %lu (decoder accepts %lu), data %lu, "
	       "prefix-only %lu; "
	       "#UD with agreeing length: %lu; data16 rel8: %lu; "
	       "fwait+x87 pairs: %lu\n",
	       files, targets, skip_bad, bad_accepted, skip_data, skip_pfx,
	       ud_agree,
	       data16_rel8, fwait_pairs);
	printf("instructions compared: %lu, mismatches: %lu\n",
	       compared + ud_agree, mismatches);
	return mismatches || !compared ? 1 : 0;
}
