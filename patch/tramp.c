/* Detour buffer builder (see tramp.h).  Layout:
 *   pushfl; cli; push $cs; push $addr+1; push $0; push $TRAPNO; pushal
 *   push %esp; push $site; call handler; add $8,%esp; test %eax,%eax; jnz 1f
 *   popal; add $16,%esp; popfl                 (registers as the handler left them)
 *   <region relocated instruction by instruction>; jmp addr+len
 * 1: popal; add $8,%esp; iret                  (the handler changed EIP)
 * Only the first byte (before cli) and the copy can be interrupted with the
 * probed code's IF; the handler runs with preemption disabled. */
#include "patch/tramp.h"

struct tb { uint8_t *p; uint32_t pos, base; struct tramp_layout *lay; };

static void map(struct tb *t, uint32_t orig, uint32_t extra)
{
    struct tramp_layout *l = t->lay;
    if (l->nmap && l->map[l->nmap - 1].off == t->pos)
        l->nmap--;
    if (l->nmap < TRAMP_MAP_MAX)
        l->map[l->nmap++] = (struct tramp_map){ (uint8_t)t->pos, (uint8_t)orig, (uint8_t)extra };
}

static void b1(struct tb *t, uint8_t v) { if (t->pos < TRAMP_MAX) t->p[t->pos] = v; t->pos++; }
static void b4(struct tb *t, uint32_t v) { int i; for (i = 0; i < 4; i++) b1(t, (uint8_t)(v >> 8 * i)); }
static void rel32(struct tb *t, uint32_t target) { b4(t, target - (t->base + t->pos + 4)); }

/* Returns the position of the jnz's rel8 operand, patched once the iret
 * path's place is known. */
static uint32_t prologue(struct tb *t, const struct tramp_spec *s)
{
    uint32_t jnz;
    map(t, 0, 0);
    b1(t, 0x9C);                                    /* pushfl */
    map(t, 0, 4);
    b1(t, 0xFA);                                    /* cli */
    map(t, TRAMP_HOLE, 0);
    b1(t, 0x68); b4(t, s->cs);                      /* tf.cs */
    b1(t, 0x68); b4(t, s->addr + 1);                /* tf.eip: as after an int3 */
    b1(t, 0x6A); b1(t, 0);                          /* tf.err */
    b1(t, 0x68); b4(t, TRAMP_TRAPNO);               /* tf.trapno */
    b1(t, 0x60);                                    /* pushal */
    b1(t, 0x54);                                    /* push %esp: tf */
    b1(t, 0x68); b4(t, s->site);
    map(t, 0, 60);                                  /* pushfl ... push $site: 60 bytes */
    b1(t, 0xE8); rel32(t, s->handler);
    map(t, TRAMP_HOLE, 0);
    b1(t, 0x83); b1(t, 0xC4); b1(t, 8);             /* add $8,%esp */
    b1(t, 0x85); b1(t, 0xC0);                       /* test %eax,%eax */
    b1(t, 0x75); jnz = t->pos; b1(t, 0);            /* jnz 1f */
    b1(t, 0x61);                                    /* popal */
    b1(t, 0x83); b1(t, 0xC4); b1(t, 16);            /* add $16,%esp: trapno err eip cs */
    b1(t, 0x9D);                                    /* popfl */
    return jnz;
}

static int decode_fail(struct reloc_result *res, uint32_t a)
{
    res->err = RELOC_ERR_DECODE; res->fail_addr = a;
    res->hazard = "H12"; res->why = "undecodable instruction in the region";
    return RELOC_ERR_DECODE;
}

/* One instruction: a call that is not the region's last may return into the
 * copy (strategies that scan stacks); anything else goes through the
 * relocator, whose trailing jmp back is dropped. */
/* One decoded instruction at off: an indirect call, or a direct one that is
 * not the region's last, returns into the copy when the strategy allows
 * mid-region calls (it scans stacks, or is broken on purpose); anything
 * else goes through the relocator, whose trailing jmp back is dropped. */
static int copy_one(struct tb *t, const struct tramp_spec *s, uint32_t off,
                    const struct insn *in, struct reloc_result *res)
{
    uint8_t tmp[RELOC_MAX_PER_INSN + 5];
    bool last = off + in->len >= s->len;
    int n, i, extra = 0;
    struct insn e;
    map(t, off, 0);
    if (s->blind || (s->call_in_copy && (in->flags & INSN_F_ICALL))) {
        for (i = 0; i < in->len; i++) b1(t, s->orig[off + i]);
        return 0;
    }
    if (!last && s->call_in_copy && (in->flags & INSN_F_CALL) && (in->flags & INSN_F_REL)) {
        b1(t, 0xE8); rel32(t, insn_rel_target(in, s->addr + off));
        return 0;
    }
    n = reloc_region(s->orig + off, s->addr + off, in->len, tmp, sizeof tmp, t->base + t->pos, res);
    if (n < 0)
        return n;
    for (i = 0; i < n - 5; i += e.len) {            /* without its jmp back */
        if (insn_decode(&e, tmp + i, n - 5 - i) != INSN_OK)
            return decode_fail(res, s->addr + off);
        map(t, off, extra);
        extra += (tmp[i] == 0x68 || tmp[i] == 0x6A) ? 4 : 0;   /* push imm: a relocated call */
        for (int k = 0; k < e.len; k++) b1(t, tmp[i + k]);
    }
    return 0;
}


int tramp_build(const struct tramp_spec *s, uint8_t *out, struct tramp_layout *lay,
                struct reloc_result *res)
{
    struct tb t = { out, 0, s->buf, lay };
    struct insn in;
    uint32_t off, jnz;
    int r;
    res->err = 0; res->hazard = ""; res->why = "";
    lay->nmap = 0;
    if (s->len < 5 || s->len > 64)
        return res->why = "bad region length", RELOC_ERR_ARG;
    jnz = prologue(&t, s);
    lay->copy_off = t.pos;
    for (off = 0; off < s->len; off += in.len) {
        if (insn_decode(&in, s->orig + off, s->len - off) != INSN_OK)
            return decode_fail(res, s->addr + off);
        if ((r = copy_one(&t, s, off, &in, res)) < 0)
            return r;
    }
    lay->back_off = t.pos;
    map(&t, s->len, 0);
    b1(&t, 0xE9); rel32(&t, s->addr + s->len);
    map(&t, TRAMP_HOLE, 0);
    out[jnz] = (uint8_t)(t.pos - (jnz + 1));
    b1(&t, 0x61);                                   /* popal */
    b1(&t, 0x83); b1(&t, 0xC4); b1(&t, 8);          /* add $8,%esp: trapno err */
    b1(&t, 0xCF);                                   /* iret: eip cs eflags */
    lay->size = t.pos;
    if (t.pos > TRAMP_MAX)
        return res->why = "detour buffer too small", RELOC_ERR_SPACE;
    if (lay->nmap == TRAMP_MAP_MAX)
        return res->why = "detour buffer map too small", RELOC_ERR_SPACE;
    return 0;
}

int tramp_unwind(const struct tramp_layout *lay, uint32_t off, uint32_t *orig)
{
    int i;
    for (i = (int)lay->nmap - 1; i >= 0 && lay->map[i].off > off; i--)
        ;
    if (i < 0 || off >= lay->size || lay->map[i].orig == TRAMP_HOLE)
        return -1;
    *orig = lay->map[i].orig;
    return lay->map[i].extra;
}
