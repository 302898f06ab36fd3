/* kanalyze.c - the kernel's probe-site analysis (patch/sites.c, patch/insn/)
 * run on the host over any i386 ELF kernel (issue 33): every function's
 * int3-probe-able and jump-optimizable boundaries, refusals by hazard ID,
 * time and peak memory per phase (decode, branch index, analysis), JSON on
 * stdout.  The function list comes from tools/kanalyze.py (a plan file).
 * Linear: each function decoded twice, the index radix-sorted. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>
#include <time.h>
#include <elf.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include "patch/sites.h"
#include "tools/kanalyze.h"

static struct ka_image img;
static struct ka_plan plan;

static void die(const char *what, const char *arg)
{
	fprintf(stderr, "kanalyze: %s%s%s\n", what, arg ? ": " : "", arg ? arg : "");
	exit(2);
}

/* A sample (tests/host/data/NAME.hex): "S addr hexbytes" lines. */
static void img_hex(const char *path)
{
	FILE *f = fopen(path, "r");
	static char line[1 << 16];
	unsigned a, n, i, b;
	uint8_t *d;

	if (!f)
		die("cannot open", path);
	while (fgets(line, sizeof(line), f) && img.nsec < KA_MAX_SEC) {
		if (sscanf(line, "S %x %n", &a, &n) != 1)
			continue;
		d = malloc(strlen(line) / 2 + 1);
		for (i = 0; d && sscanf(line + n + 2 * i, "%2x", &b) == 1; i++)
			d[i] = (uint8_t)b;
		img.sec[img.nsec].addr = a;
		img.sec[img.nsec].size = i;
		img.sec[img.nsec++].data = d;
	}
	fclose(f);
}

/* The image's allocated sections, by address. */
static void img_open(const char *path)
{
	struct stat st;
	const Elf32_Ehdr *eh;
	const Elf32_Shdr *sh;
	int fd = open(path, O_RDONLY), i;

	if (fd < 0 || fstat(fd, &st))
		die("cannot open", path);
	img.base = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (img.base == MAP_FAILED)
		die("cannot map", path);
	img.size = (size_t)st.st_size;
	eh = (const Elf32_Ehdr *)img.base;
	if (img.size < sizeof(*eh) || memcmp(eh->e_ident, ELFMAG, SELFMAG) ||
	    eh->e_ident[EI_CLASS] != ELFCLASS32 || eh->e_machine != EM_386)
		die("not an i386 ELF image", path);
	sh = (const Elf32_Shdr *)(img.base + eh->e_shoff);
	for (i = 0; i < eh->e_shnum && img.nsec < KA_MAX_SEC; i++) {
		if (!(sh[i].sh_flags & SHF_ALLOC) || sh[i].sh_type != SHT_PROGBITS ||
		    sh[i].sh_offset + sh[i].sh_size > img.size)
			continue;
		img.sec[img.nsec].addr = sh[i].sh_addr;
		img.sec[img.nsec].size = sh[i].sh_size;
		img.sec[img.nsec++].data = img.base + sh[i].sh_offset;
	}
}

const uint8_t *ka_bytes(uint32_t addr, uint32_t n)
{
	int i;

	for (i = 0; i < img.nsec; i++)
		if (addr - img.sec[i].addr < img.sec[i].size &&
		    n <= img.sec[i].size - (addr - img.sec[i].addr))
			return img.sec[i].data + (addr - img.sec[i].addr);
	return NULL;
}

static int img_read(void *ctx, uint32_t addr, void *buf, uint32_t n)
{
	const uint8_t *p = ka_bytes(addr, n);

	(void)ctx;
	if (!p)
		return -1;
	memcpy(buf, p, n);
	return 0;
}

static bool in_ranges(const struct ka_range *r, int n, uint32_t a)
{
	int i;

	for (i = 0; i < n; i++)
		if (a >= r[i].lo && a < r[i].hi)
			return true;
	return false;
}

static bool noprobe(void *ctx, uint32_t a)
{
	(void)ctx;
	return in_ranges(plan.noprobe, plan.nnoprobe, a);
}

/* arr with room for one more element (n used of *cap, each size bytes). */
static void *grow(void *arr, int n, int *cap, size_t size)
{
	if (n < *cap)
		return arr;
	*cap = *cap ? 2 * *cap : 1024;
	if (!(arr = realloc(arr, (size_t)*cap * size)))
		die("out of memory", NULL);
	return arr;
}

static void plan_read(const char *path)
{
	FILE *f = fopen(path, "r");
	char line[600], name[512];
	unsigned a, b;

	if (!f)
		die("cannot open", path);
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "F %x %x %511s", &a, &b, name) == 3) {
			plan.fn = grow(plan.fn, plan.nfn, &plan.capfn, sizeof(*plan.fn));
			plan.fn[plan.nfn].addr = a;
			plan.fn[plan.nfn].size = b;
			plan.fn[plan.nfn++].name = strdup(name);
		} else if (sscanf(line, "N %x %x", &a, &b) == 2 && plan.nnoprobe < KA_MAX_RANGE) {
			plan.noprobe[plan.nnoprobe].lo = a;
			plan.noprobe[plan.nnoprobe++].hi = b;
		} else if (sscanf(line, "T %x %x", &a, &b) == 2) {
			plan.thunk.lo = a;
			plan.thunk.hi = b;
		} else if (sscanf(line, "E %x %x", &a, &b) == 2) {
			plan.entry.lo = a;
			plan.entry.hi = b;
		} else if (sscanf(line, "Y %x %x", &a, &b) == 2) {
			plan.fix = grow(plan.fix, plan.nfix, &plan.capfix, sizeof(*plan.fix));
			plan.fix[plan.nfix].lo = a;
			plan.fix[plan.nfix++].hi = b;
		} else if (sscanf(line, "X %x", &a) == 1) {
			plan.ex = grow(plan.ex, plan.nex, &plan.capex, sizeof(*plan.ex));
			plan.ex[plan.nex++] = a;
		}
	}
	fclose(f);
}

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

/* This process's peak resident set (VmHWM: getrusage's maxrss would keep
 * the parent's across exec). */
static long peak_kb(void)
{
	FILE *f = fopen("/proc/self/status", "r");
	char line[128];
	long kb = -1;

	while (f && fgets(line, sizeof(line), f))
		if (sscanf(line, "VmHWM: %ld", &kb) == 1)
			break;
	if (f)
		fclose(f);
	return kb;
}

static void stats_json(FILE *o, const struct sites_stats *st)
{
	int i;

	fprintf(o, "{\"functions\":%d,\"undecodable\":%d,\"boundaries\":%d,\"int3\":%d,"
		"\"jump\":%d,\"noprobe\":%d,\"no_ool\":%d,\"h4_cross\":%d,\"reloc_fail\":%d,"
		"\"bytes\":%u,\"unprobeable_bytes\":%u,\"ijmp\":%d,\"jtab\":%d,"
		"\"all_overflow\":%d",
		st->funcs, st->undecodable, st->boundaries, st->int3_ok, st->jump_ok,
		st->noprobe, st->ool_refused, st->h4_cross, st->reloc_fail, st->bytes,
		st->bad_bytes, st->ijmp, st->jtab, st->all_overflow);
	for (i = 0; i < SITES_NHAZ; i++)
		fprintf(o, ",\"%s\":%d", sites_hazards[i], st->refused[i]);
	fprintf(o, ",\"other\":%d}", st->refused[SITES_NHAZ]);
}

static struct sites S;

static bool fixup(void *ctx, uint32_t lo, uint32_t hi)
{
	(void)ctx;
	return ka_ex_in(lo, hi);
}

static void sites_alloc(void)
{
	uint32_t maxsz = 16, total = 0;
	int i;

	for (i = 0; i < plan.nfn; i++) {
		if (plan.fn[i].size > maxsz)
			maxsz = plan.fn[i].size;
		total += plan.fn[i].size;
	}
	S.fn.insn_cap = S.fn.target_cap = (int)maxsz + ANALYZE_MAX_IJMP * ANALYZE_MAX_TABLE;
	S.fn.insn_off = malloc(S.fn.insn_cap * sizeof(uint32_t));
	S.fn.targets = malloc(S.fn.target_cap * sizeof(uint32_t));
	S.fn.target_src = malloc(S.fn.target_cap * sizeof(uint32_t));
	S.fn.tmap = malloc((maxsz + 1) * sizeof(uint32_t));	/* linear regions */
	S.cap = (int)(total / 2 + 1 + plan.nfix);	/* a branch is 2 bytes or more */
	S.all = malloc(S.cap * sizeof(*S.all));
	S.tmp = malloc(S.cap * sizeof(*S.tmp));
	if (!S.fn.insn_off || !S.fn.targets || !S.fn.target_src || !S.fn.tmap ||
	    !S.all || !S.tmp)
		die("out of memory", NULL);
	S.fn.thunk_lo = plan.thunk.lo;
	S.fn.thunk_hi = plan.thunk.hi;
	S.noprobe = noprobe;
	if (plan.nex)
		S.fixup = fixup;
}

static const uint8_t *fn_code(int i)
{
	return ka_bytes(plan.fn[i].addr, plan.fn[i].size);
}

/* The analysis pass over every function; per-function JSON if o. */
static void pass(struct sites_stats *tot, FILE *o, bool tables)
{
	static struct sites_stats f;
	int i;

	S.fn.read = tables ? img_read : NULL;
	memset(tot, 0, sizeof(*tot));
	for (i = 0; i < plan.nfn; i++) {
		const uint8_t *code = fn_code(i);

		memset(&f, 0, sizeof(f));
		ka_linux_fn_begin(&S, &plan, i, code);
		if (!code || !sites_func(&S, &f, code, plan.fn[i].addr, plan.fn[i].size)) {
			if (!code)
				f.funcs = f.undecodable = 1;
			if (tot->undecodable < 5)
				fprintf(stderr, "kanalyze: %s: %s\n", plan.fn[i].name,
					code ? S.fn.reason : "no bytes in the image");
		}
		sites_add(tot, &f);
		if (o) {
			fprintf(o, "%s\n  {\"fn\":\"%s\",\"addr\":%u,\"size\":%u,\"stats\":",
				i ? "," : "", plan.fn[i].name, plan.fn[i].addr, plan.fn[i].size);
			stats_json(o, &f);
			fprintf(o, "}");
		}
	}
}

int main(int argc, char **argv)
{
	static struct sites_stats coll, after, before;
	double t0, t_dec, t_idx, t_an, t_bef, t_lx;
	long m_dec, m_idx, m_an;
	bool per_fn = false;
	int i;

	if (argc < 3)
		die("usage: kanalyze IMAGE PLAN [--functions] [--boundaries FILE]", NULL);
	for (i = 3; i < argc; i++)
		if (!strcmp(argv[i], "--functions"))
			per_fn = true;
		else if (!strcmp(argv[i], "--boundaries") && i + 1 < argc &&
			 !(ka_bfile = fopen(argv[++i], "wb")))
			die("cannot write", argv[i]);
	if (strlen(argv[1]) > 4 && !strcmp(argv[1] + strlen(argv[1]) - 4, ".hex"))
		img_hex(argv[1]);
	else
		img_open(argv[1]);
	plan_read(argv[2]);
	sites_alloc();
	t0 = now();
	S.fn.read = img_read;
	for (i = 0; i < plan.nfn; i++)
		if (fn_code(i))
			sites_collect(&S, &coll, fn_code(i), plan.fn[i].addr, plan.fn[i].size);
	for (i = 0; i < plan.nfix && S.nall < S.cap; i++) {	/* fixups: from outside */
		S.all[S.nall].target = plan.fix[i].lo;
		S.all[S.nall++].src = plan.fix[i].hi;
	}
	t_dec = now() - t0;
	m_dec = peak_kb();
	t0 = now();
	if (!sites_sort(&S))
		die("branch index unsorted", NULL);
	t_idx = now() - t0;
	m_idx = peak_kb();
	ka_linux_begin(&plan);
	ka_linux_enabled = 0;
	t0 = now();
	pass(&after, NULL, true);
	t_an = now() - t0;
	m_an = peak_kb();
	t0 = now();
	pass(&before, NULL, false);
	t_bef = now() - t0;
	printf("{\"image\":\"%s\",\"functions\":[", argv[1]);
	ka_linux_enabled = 1;
	t0 = now();
	pass(&after, per_fn ? stdout : NULL, true);
	t_lx = now() - t0;
	if (ka_bfile)
		fclose(ka_bfile);
	printf("],\n\"totals\":");
	stats_json(stdout, &after);
	printf(",\n\"before\":");
	stats_json(stdout, &before);
	printf(",\n\"insns_decoded\":%u,\"direct_branches\":%d,\"text_bytes\":%u,",
	       coll.insns, S.nall, after.bytes);
	printf("\n\"phases\":{\"decode\":{\"s\":%.4f,\"peak_kb\":%ld},"
	       "\"index\":{\"s\":%.4f,\"peak_kb\":%ld},\"analysis\":{\"s\":%.4f,"
	       "\"peak_kb\":%ld},\"analysis_no_tables\":{\"s\":%.4f},"
	       "\"linux_rules\":{\"s\":%.4f,\"peak_kb\":%ld}},",
	       t_dec, m_dec, t_idx, m_idx, t_an, m_an, t_bef, t_lx, peak_kb());
	printf("\n\"linux\":");
	ka_linux_json(stdout);
	printf("}\n");
	return 0;
}
