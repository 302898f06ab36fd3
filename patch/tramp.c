/* Detour buffer builder (see tramp.h).  Layout:
 *   pushfl; cli; push $cs; push $addr+1; push $0; push $TRAPNO; pushal; cld
 *   [fast path, below]  or  push %esp; push $site; call handler; add $8,%esp
 *   2: test %eax,%eax; jnz 1f
 *   popal; add $16,%esp; popfl                 (registers as the handler left them)
 *   <region relocated instruction by instruction>; jmp addr+len
 * 1: popal; add $8,%esp; iret                  (the handler changed EIP)
 * The fast path (spec.fast): running check, panic check, running = its
 * return address, p = *probe_ptr (none: undo running, 3:), preempt off,
 * count the hit, sti if the probed code had IF, call p->pre_handler(p, tf);
 * cli, running = 0, gen++, preempt on, 2b.  Out of line after the iret path,
 * 3: push %esp; push $site; call handler; add $8,%esp; jmp 2b.
 * Only the first byte (before cli), the handler call and the copy can be
 * interrupted with the probed code's IF; handlers run with preemption off.
 * Encodings: SDM Vol. 2; x86-32 only. */
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
static void put4(struct tb *t, uint32_t at, uint32_t v)
{
    int i;
    for (i = 0; i < 4 && at + i < TRAMP_MAX; i++)
        t->p[at + i] = (uint8_t)(v >> 8 * i);
}
/* Four bytes filled in later: returns where (fix32 for a rel32 to here, put4). */
static uint32_t fwd32(struct tb *t) { uint32_t at = t->pos; b4(t, 0); return at; }
static void fix32(struct tb *t, uint32_t at) { put4(t, at, t->pos - (at + 4)); }
/* op %fs:off with ModRM mod=00 rm=101 (disp32); reg is the /digit or register. */
static void fs_op(struct tb *t, uint8_t op, uint8_t reg, uint32_t off)
{
    b1(t, 0x64); b1(t, op); b1(t, (uint8_t)(reg << 3 | 5)); b4(t, off);
}

static void frame(struct tb *t, const struct tramp_spec *s)
{
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
    b1(t, 0xFC);                                    /* cld: C code's DF, as trapasm.S */
}

/* push %esp; push $site; call handler; add $8,%esp (IF=0 throughout). */
static void slow_call(struct tb *t, const struct tramp_spec *s)
{
    b1(t, 0x54);                                    /* push %esp: tf */
    b1(t, 0x68); b4(t, s->site);
    map(t, 0, 60);                                  /* pushfl ... push $site: 60 bytes */
    b1(t, 0xE8); rel32(t, s->handler);
    map(t, TRAMP_HOLE, 0);
    b1(t, 0x83); b1(t, 0xC4); b1(t, 8);             /* add $8,%esp */
}

/* The fast path up to 2:; slow[] and *slow0 are the rel32 operands of its
 * jumps to the out-of-line call (3:, and the undo before it).  Returns the
 * offset its handler returns to. */
static uint32_t fast_path(struct tb *t, const struct tramp_fast *f, uint32_t *slow, uint32_t *slow0)
{
    uint32_t ret_imm, ret;
    slow[0] = 0;
    if (!f->unguarded) {
        fs_op(t, 0x83, 7, f->cpu_running); b1(t, 0);    /* cmpl $0,%fs:running */
        b1(t, 0x0F); b1(t, 0x85); slow[0] = fwd32(t);   /* jne 3f: in a handler (H11) */
    }
    b1(t, 0x83); b1(t, 0x3D); b4(t, f->panic_ptr); b1(t, 0);   /* cmpl $0,panic */
    b1(t, 0x0F); b1(t, 0x8D); slow[1] = fwd32(t);   /* jge 3f */
    b1(t, 0x64); b1(t, 0xC7); b1(t, 0x05); b4(t, f->cpu_running);
    ret_imm = fwd32(t);                             /* movl $ret,%fs:running */
    b1(t, 0x8B); b1(t, 0x1D); b4(t, f->probe_ptr);  /* movl probe_ptr,%ebx */
    b1(t, 0x85); b1(t, 0xDB);                       /* test %ebx,%ebx */
    b1(t, 0x0F); b1(t, 0x84); *slow0 = fwd32(t);    /* jz 3f (undo running) */
    fs_op(t, 0xFF, 0, f->cpu_preempt);              /* incl %fs:preempt */
    fs_op(t, 0x8B, 1, f->cpu_id);                   /* movl %fs:id,%ecx */
    b1(t, 0xFF); b1(t, 0x84); b1(t, 0x8B); b4(t, f->kp_nhit);  /* incl nhit(%ebx,%ecx,4) */
    b1(t, 0xF6); b1(t, 0x44); b1(t, 0x24); b1(t, 0x31); b1(t, 0x02);  /* testb $2,tf.eflags+1: IF */
    b1(t, 0x74); b1(t, 0x01);                       /* jz over the sti */
    b1(t, 0xFB);                                    /* sti */
    map(t, 0, 52);
    b1(t, 0x54);                                    /* push %esp: tf */
    map(t, 0, 56);
    b1(t, 0x53);                                    /* push %ebx: p */
    map(t, 0, 60);
    b1(t, 0xFF); b1(t, 0x93); b4(t, f->kp_pre);     /* call *pre_handler(%ebx) */
    ret = t->pos;
    put4(t, ret_imm, t->base + ret);
    b1(t, 0xFA);                                    /* cli (returned with the handler's IF) */
    map(t, TRAMP_HOLE, 0);
    b1(t, 0x83); b1(t, 0xC4); b1(t, 8);             /* add $8,%esp */
    b1(t, 0x64); b1(t, 0xC7); b1(t, 0x05); b4(t, f->cpu_running); b4(t, 0);   /* running = 0 */
    fs_op(t, 0xFF, 0, f->cpu_gen);                  /* incl %fs:gen */
    fs_op(t, 0xFF, 1, f->cpu_preempt);              /* decl %fs:preempt */
    return ret;
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
    const struct tramp_fast *f = s->fast;
    struct insn in;
    uint32_t off, post, jnz, slow[2] = { 0, 0 }, slow0 = 0;
    int r;
    res->err = 0; res->hazard = ""; res->why = "";
    lay->nmap = 0;
    lay->fast_ret = 0;
    if (s->len < 5 || s->len > 64)
        return res->why = "bad region length", RELOC_ERR_ARG;
    frame(&t, s);
    if (f)
        lay->fast_ret = s->buf + fast_path(&t, f, slow, &slow0);
    else
        slow_call(&t, s);
    post = t.pos;
    b1(&t, 0x85); b1(&t, 0xC0);                     /* 2: test %eax,%eax */
    b1(&t, 0x75); jnz = t.pos; b1(&t, 0);           /* jnz 1f */
    b1(&t, 0x61);                                   /* popal */
    b1(&t, 0x83); b1(&t, 0xC4); b1(&t, 16);         /* add $16,%esp: trapno err eip cs */
    b1(&t, 0x9D);                                   /* popfl */
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
    if (t.pos - (jnz + 1) > 127)
        return res->why = "detour buffer: relocated region too long", RELOC_ERR_SPACE;
    out[jnz] = (uint8_t)(t.pos - (jnz + 1));
    b1(&t, 0x61);                                   /* 1: popal */
    b1(&t, 0x83); b1(&t, 0xC4); b1(&t, 8);          /* add $8,%esp: trapno err */
    b1(&t, 0xCF);                                   /* iret: eip cs eflags */
    if (f) {
        fix32(&t, slow0);                           /* running = 0, gen++: then 3: */
        b1(&t, 0x64); b1(&t, 0xC7); b1(&t, 0x05); b4(&t, f->cpu_running); b4(&t, 0);
        fs_op(&t, 0xFF, 0, f->cpu_gen);
        if (slow[0])
            fix32(&t, slow[0]);
        fix32(&t, slow[1]);
        slow_call(&t, s);                           /* 3: */
        b1(&t, 0xE9); rel32(&t, s->buf + post);     /* jmp 2b */
    }
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
