/* insn_reloc_test.c - run probe regions natively, original and relocated
 * (patch/insn/insn_reloc.c), over random inputs and compare registers, flags,
 * exit path, stack and data memory.  Host only: gcc -m32 -no-pie.
 * Encodings hand-assembled per Intel SDM Vol. 2. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include "patch/insn/insn_reloc.h"

struct regs {
	uint32_t eax, ecx, edx, ebx, esp, ebp, esi, edi, eflags;
};

struct regs g_in, g_out;
uint32_t g_exit_id, g_saved_esp, g_entry;
uint8_t g_stack[4096] __attribute__((aligned(16)));
uint8_t g_data[64];

void run_code(uint32_t entry);
void exit_common(void);

/* Enter with g_in loaded; every exit stub jumps to exit_common. */
__asm__(
	".text\n"
	".globl run_code\n"
	"run_code:\n"
	"	push %ebp\n	push %ebx\n	push %esi\n	push %edi\n"
	"	mov 20(%esp), %eax\n	mov %eax, g_entry\n"
	"	mov %esp, g_saved_esp\n"
	"	mov g_in+16, %esp\n"
	"	pushl g_in+32\n	popfl\n"
	"	mov g_in+0, %eax\n	mov g_in+4, %ecx\n	mov g_in+8, %edx\n"
	"	mov g_in+12, %ebx\n	mov g_in+20, %ebp\n	mov g_in+24, %esi\n"
	"	mov g_in+28, %edi\n"
	"	jmp *g_entry\n"
	".globl exit_common\n"
	"exit_common:\n"
	"	mov %eax, g_out+0\n	mov %ecx, g_out+4\n	mov %edx, g_out+8\n"
	"	mov %ebx, g_out+12\n	mov %esp, g_out+16\n	mov %ebp, g_out+20\n"
	"	mov %esi, g_out+24\n	mov %edi, g_out+28\n"
	"	mov g_saved_esp, %esp\n"
	"	pushfl\n	popl g_out+32\n	cld\n"
	"	pop %edi\n	pop %esi\n	pop %ebx\n	pop %ebp\n	ret\n");

#define REGION_OFF 64		/* stubs 0..3 before, 4.. after the region */
#define NSTUB_BEFORE 4
#define NSTUB_AFTER 5
#define STUB_SIZE 16

static uint8_t *orig, *copy;	/* two separate RWX mappings */
static uint32_t rng = 12345;

static uint32_t rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 17;
	rng ^= rng << 5;
	return rng;
}

static void put32(uint8_t *p, uint32_t v)
{
	memcpy(p, &v, 4);
}

/* Stub id: movl $id, g_exit_id; jmp exit_common. */
static void write_stub(uint8_t *p, uint32_t id)
{
	p[0] = 0xc7;
	p[1] = 0x05;
	put32(p + 2, (uint32_t)(uintptr_t)&g_exit_id);
	put32(p + 6, id);
	p[10] = 0xe9;
	put32(p + 11, (uint32_t)(uintptr_t)exit_common -
	      (uint32_t)(uintptr_t)(p + 15));
}

/* Stub k's address; stub NSTUB_BEFORE is the fall-through at region end. */
static uint32_t stub_addr(int k, uint32_t len)
{
	uint32_t base = (uint32_t)(uintptr_t)orig;

	if (k < NSTUB_BEFORE)
		return base + k * STUB_SIZE;
	return base + REGION_OFF + len + (k - NSTUB_BEFORE) * STUB_SIZE;
}

/* Original page: stubs around the region.  Copy page: the same stubs
 * with other ids at the same offsets, so that a naively copied branch
 * lands on a stub that reports the difference instead of crashing. */
static void layout(const uint8_t *region, uint32_t len)
{
	uint32_t off;
	int k;

	memset(orig, 0xcc, 4096);
	memset(copy, 0xcc, 4096);
	memcpy(orig + REGION_OFF, region, len);
	for (k = 0; k < NSTUB_BEFORE + NSTUB_AFTER; k++) {
		off = stub_addr(k, len) - (uint32_t)(uintptr_t)orig;
		write_stub(orig + off, 100 + k);
		write_stub(copy + off, 200 + k);
	}
}

/* ---- region builder: instructions with branches patched after layout */

struct region {
	uint8_t b[64];
	uint32_t len;
	int nbr;
	struct { uint32_t at, rel_off, rel_len, next; int stub; } br[8];
	bool backward;		/* has a branch back to the region start */
};

static const int regs7[] = { 0, 1, 2, 3, 5, 6, 7 };	/* no esp */

static int rreg(void)
{
	return regs7[rnd() % 7];
}

static void emit(struct region *r, const uint8_t *p, int n)
{
	memcpy(r->b + r->len, p, n);
	r->len += n;
}

/* Branch whose rel (rel_len bytes, ending the insn) is fixed later. */
static void emit_branch(struct region *r, const uint8_t *op, int n, int rl)
{
	uint8_t z[4] = { 0 };

	r->br[r->nbr].at = r->len;
	emit(r, op, n);
	r->br[r->nbr].rel_off = r->len;
	r->br[r->nbr].rel_len = rl;
	emit(r, z, rl);
	r->br[r->nbr].next = r->len;
	r->br[r->nbr].stub = rnd() % (NSTUB_BEFORE + NSTUB_AFTER);
	r->nbr++;
}

/* A random straight-line instruction (hand-assembled). */
static void emit_alu(struct region *r)
{
	static const uint8_t alu[] = { 0x01, 0x09, 0x11, 0x19, 0x21, 0x29,
				       0x31, 0x39, 0x85, 0x89, 0x87 };
	uint32_t data = (uint32_t)(uintptr_t)g_data + (rnd() % 15) * 4;
	uint8_t p[8];
	int a = rreg(), b = rreg(), k = rnd() % 14;

	switch (k) {
	case 0: p[0] = alu[rnd() % sizeof(alu)]; p[1] = 0xc0 | b << 3 | a;
		emit(r, p, 2); break;
	case 1: p[0] = 0x83; p[1] = 0xc0 | (rnd() % 8) << 3 | a; p[2] = rnd();
		emit(r, p, 3); break;
	case 2: p[0] = 0x81; p[1] = 0xc0 | (rnd() % 8) << 3 | a;
		put32(p + 2, rnd()); emit(r, p, 6); break;
	case 3: p[0] = (rnd() & 1 ? 0x40 : 0x48) + a; emit(r, p, 1); break;
	case 4: p[0] = 0xb8 + a; put32(p + 1, rnd()); emit(r, p, 5); break;
	case 5: p[0] = 0xc1; p[1] = 0xc0 | (4 + rnd() % 4) << 3 | a;
		p[2] = rnd() % 32; emit(r, p, 3); break;
	case 6: p[0] = 0xf7; p[1] = 0xc0 | (2 + rnd() % 2) << 3 | a;
		emit(r, p, 2); break;
	case 7: p[0] = 0x0f; p[1] = 0xaf; p[2] = 0xc0 | a << 3 | b;
		emit(r, p, 3); break;
	case 8: p[0] = 0x8d; p[1] = 0x40 | a << 3 | b; p[2] = rnd();
		emit(r, p, 3); break;
	case 9: p[0] = 0x89; p[1] = 0x05 | a << 3; put32(p + 2, data);
		emit(r, p, 6); break;
	case 10: p[0] = 0x03; p[1] = 0x05 | a << 3; put32(p + 2, data);
		emit(r, p, 6); break;
	case 11: p[0] = 0x50 + a; emit(r, p, 1); break;
	case 12: p[0] = 0x0f; p[1] = 0x90 + rnd() % 16; p[2] = 0xc0 | rnd() % 4;
		emit(r, p, 3); break;
	default: p[0] = 0x0f; p[1] = 0x40 + rnd() % 16; p[2] = 0xc0 | a << 3 | b;
		emit(r, p, 3); break;
	}
}

/* A random relative branch of every kind the relocator handles. */
static void emit_rel(struct region *r)
{
	uint8_t p[4];
	int cc = rnd() % 16;

	switch (rnd() % 10) {
	case 0: p[0] = 0x70 + cc; emit_branch(r, p, 1, 1); break;
	case 1: p[0] = 0x0f; p[1] = 0x80 + cc; emit_branch(r, p, 2, 4); break;
	case 2: p[0] = 0xeb; emit_branch(r, p, 1, 1); break;
	case 3: p[0] = 0xe9; emit_branch(r, p, 1, 4); break;
	case 4: p[0] = 0xe8; emit_branch(r, p, 1, 4); break;
	case 5: p[0] = 0xe0 + rnd() % 4; emit_branch(r, p, 1, 1); break;
	case 6: p[0] = 0x67; p[1] = 0xe0 + rnd() % 4; emit_branch(r, p, 2, 1);
		break;
	case 7: p[0] = rnd() & 1 ? 0x2e : 0x3e; p[1] = 0x70 + cc;
		emit_branch(r, p, 2, 1); break;
	case 8: p[0] = 0xf2; p[1] = 0xe9; emit_branch(r, p, 2, 4); break;
	default: p[0] = 0x0f; p[1] = 0x80 + cc; emit_branch(r, p, 2, 4); break;
	}
}

/* Fill in rel fields now that the stubs' addresses are known. */
static void fix_branches(struct region *r)
{
	uint32_t base = (uint32_t)(uintptr_t)orig + REGION_OFF;
	int i;

	for (i = 0; i < r->nbr; i++) {
		uint32_t t = r->br[i].stub < 0 ? base :
			     stub_addr(r->br[i].stub, r->len);
		int32_t rel = (int32_t)(t - (base + r->br[i].next));

		if (r->br[i].rel_len == 1)
			r->b[r->br[i].rel_off] = (uint8_t)rel;
		else
			put32(r->b + r->br[i].rel_off, (uint32_t)rel);
	}
}

static void random_region(struct region *r)
{
	int n = 1 + rnd() % 6, i;

	memset(r, 0, sizeof(*r));
	for (i = 0; i < n; i++) {
		if (rnd() % 3 == 0)
			emit_rel(r);
		else
			emit_alu(r);
	}
	fix_branches(r);
}

/* Hand case: a counted loop back into the region (and $7,%ecx; inc %ecx;
 * 1: inc %eax; dec %ecx; jnz 1b): the relocated jnz goes to the original. */
static void loop_region(struct region *r)
{
	static const uint8_t p[] = { 0x83, 0xe1, 0x07, 0x41, 0x40, 0x49 };

	memset(r, 0, sizeof(*r));
	emit(r, p, sizeof(p));
	r->br[0].at = r->len;
	r->b[r->len++] = 0x75;
	r->br[0].rel_off = r->len;
	r->br[0].rel_len = 1;
	r->len++;
	r->br[0].next = r->len;
	r->b[r->br[0].rel_off] = (uint8_t)(4 - (int)r->len);
	r->nbr = 0;		/* rel fixed by hand */
	r->backward = true;
}

/* ---- execution and comparison */

struct result {
	struct regs out;
	uint32_t exit_id;
	uint8_t stack[sizeof(g_stack)];
	uint8_t data[sizeof(g_data)];
};

#define FLAGS_MASK 0x8d5u	/* CF PF AF ZF SF OF */

static void run(uint32_t entry, const struct regs *in, const uint8_t *data,
		struct result *res)
{
	memset(g_stack, 0, sizeof(g_stack));
	memcpy(g_data, data, sizeof(g_data));
	g_in = *in;
	g_exit_id = 0;
	run_code(entry);
	res->out = g_out;
	res->out.eflags &= FLAGS_MASK;
	res->exit_id = g_exit_id;
	memcpy(res->stack, g_stack, sizeof(g_stack));
	memcpy(res->data, g_data, sizeof(g_data));
}

static void random_input(struct regs *in, uint8_t *data, bool small_ecx)
{
	uint32_t *v = &in->eax;
	size_t i;

	for (i = 0; i < 8; i++)
		v[i] = rnd();
	if (small_ecx || rnd() % 4 == 0)
		in->ecx = rnd() % 4;	/* make loop/jecxz take both ways */
	in->esp = (uint32_t)(uintptr_t)(g_stack + sizeof(g_stack) / 2);
	in->eflags = 0x2 | (rnd() & FLAGS_MASK);
	for (i = 0; i < sizeof(g_data); i++)
		data[i] = rnd();
}

static bool same(const struct result *a, const struct result *b)
{
	return !memcmp(&a->out, &b->out, sizeof(a->out)) &&
	       a->exit_id == b->exit_id &&
	       !memcmp(a->stack, b->stack, sizeof(a->stack)) &&
	       !memcmp(a->data, b->data, sizeof(a->data));
}

static void dump(const struct region *r, const char *what)
{
	uint32_t i;

	fprintf(stderr, "%s: region", what);
	for (i = 0; i < r->len; i++)
		fprintf(stderr, " %02x", r->b[i]);
	fprintf(stderr, "\n");
}

/* Naive copy (bytes as is + jmp back): the negative control. */
static int naive_copy(const struct region *r, uint8_t *dst, uint32_t dst_addr)
{
	uint32_t back = (uint32_t)(uintptr_t)orig + REGION_OFF + r->len;

	memcpy(dst, r->b, r->len);
	dst[r->len] = 0xe9;
	put32(dst + r->len + 1, back - (dst_addr + r->len + 5));
	return 0;
}

static unsigned long runs, naive_caught, branchy;

/* Returns 0 if relocated == original on every input. */
static int check_region(const struct region *r, int inputs)
{
	uint32_t src = (uint32_t)(uintptr_t)orig + REGION_OFF;
	uint32_t dst = (uint32_t)(uintptr_t)copy + 2048;
	static struct result a, b;
	struct reloc_result why;
	struct regs in;
	uint8_t data[sizeof(g_data)];
	int n, i, naive_bad = 0;

	layout(r->b, r->len);
	n = reloc_region(r->b, src, r->len, copy + 2048, 2048, dst, &why);
	if (n < 0) {
		dump(r, "reloc refused");
		fprintf(stderr, "  at %#x: %s %s\n", why.fail_addr, why.hazard,
			why.why);
		return 1;
	}
	for (i = 0; i < inputs; i++) {
		random_input(&in, data, r->backward);
		run(src, &in, data, &a);
		run(dst, &in, data, &b);
		runs++;
		if (!same(&a, &b)) {
			dump(r, "MISMATCH");
			fprintf(stderr, "  exit %u vs %u, eax %#x vs %#x\n",
				a.exit_id, b.exit_id, a.out.eax, b.out.eax);
			return 1;
		}
	}
	if (!r->nbr)
		return 0;
	branchy++;
	dst = (uint32_t)(uintptr_t)copy + REGION_OFF;
	naive_copy(r, copy + REGION_OFF, dst);
	for (i = 0; i < inputs && !naive_bad; i++) {
		random_input(&in, data, r->backward);
		run(src, &in, data, &a);
		run(dst, &in, data, &b);
		naive_bad = !same(&a, &b);
	}
	naive_caught += naive_bad;
	return 0;
}

int main(void)
{
	static struct region r;
	int i, fails = 0, nregions = 20000, inputs = 48;

	orig = mmap(0, 4096, PROT_READ | PROT_WRITE | PROT_EXEC,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	copy = mmap(0, 4096, PROT_READ | PROT_WRITE | PROT_EXEC,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (orig == MAP_FAILED || copy == MAP_FAILED) {
		perror("mmap");
		return 1;
	}
	loop_region(&r);
	fails += check_region(&r, 200);
	for (i = 0; i < nregions && fails < 5; i++) {
		random_region(&r);
		fails += check_region(&r, inputs);
	}
	printf("relocation: %d regions (%lu with branches), %lu runs, "
	       "failures: %d; naive copy caught broken in %lu/%lu\n",
	       i + 1, branchy, runs, fails, naive_caught, branchy);
	/* The comparison must be able to fail: most naive copies of
	 * branchy regions have to be caught. */
	if (naive_caught * 2 < branchy) {
		printf("negative control too weak\n");
		fails++;
	}
	return fails ? 1 : 0;
}
