/* The shell's verdict on one instruction boundary: may an int3 probe go there
 * (kprobe_check_addr), may it be jump-optimized under a strategy (the steps of
 * patch/djprobe_prep.c: analysis, labels and other functions' branches H4,
 * fixups H12, reserved text H10, relocation H9), nothing reserved or written. */
#include "kernel/shell/shell.h"
#include "kernel/ksym.h"
#include "kernel/mem.h"
#include "kernel/fmt.h"
#include "kernel/fixup.h"
#include "kernel/console.h"
#include "kernel/gdt.h"
#include "patch/djprobe.h"
#include "patch/kprobe.h"
#include "patch/reserve.h"
#include "patch/tramp.h"
#include "patch/insn/insn_analyze.h"
#include "patch/xref.h"
#include "patch/poke.h"

static void no(struct sh_verdict *v, const char *hz, const char *fmt, uint32_t a)
{
    char sym[96];
    ksym_format(a, sym, sizeof sym);
    v->jump_ok = false;
    v->jump_hz = hz;
    ksnprintf(v->jump_why, sizeof v->jump_why, fmt, a, sym);
}

/* The region under an analysing strategy (mid-region calls as it allows). */
static int region_analyze(const struct ksym *k, const uint8_t *code, uint32_t addr,
                          const struct dj_strategy_info *sd, struct sh_verdict *v)
{
    struct analyze_fn fn;
    struct analyze_region r;
    int err = -1, i, t;
    kmemset(&fn, 0, sizeof fn);
    xref_tables(&fn);                          /* jump tables: H4, not H5 */
    fn.insn_cap = fn.target_cap = (int)k->size;
    fn.insn_off = kmalloc_array(k->size, 4);
    fn.targets = kmalloc_array(k->size, 4);
    fn.target_src = kmalloc_array(k->size, 4);
    v->jump_hz = "H12";
    if (!fn.insn_off || !fn.targets || !fn.target_src) {
        ksnprintf(v->jump_why, sizeof v->jump_why, "out of memory");
    } else if (analyze_function(&fn, code, k->addr, k->size) != ANALYZE_OK) {
        ksnprintf(v->jump_why, sizeof v->jump_why, "%s", fn.reason);
    } else if (!(err = analyze_region(&fn, addr, &r))) {
        v->len = r.len;
    } else if (sd->mid_calls && (err == ANALYZE_ERR_CALL_NOT_LAST ||
               (err == ANALYZE_ERR_INSN && r.hazard[0] == 'H' && r.hazard[1] == '3'))) {
        err = 0;
        v->len = r.len;
        for (i = 0; i < r.n && !err; i++)
            if (r.insn[i].action == INSN_OOL_REFUSE && !(r.insn[i].in.flags & INSN_F_ICALL))
                err = -1, no(v, r.insn[i].hazard, "%08x %s cannot run out of line", r.insn[i].addr);
        if (!err && (t = analyze_target_inside(&fn, r.addr, r.addr + r.len)) >= 0)
            err = -1, no(v, "H4", "branch into the region from %08x %s", fn.target_src[t]);
        if (!err && fn.has_ijmp)
            err = -1, no(v, "H5", "indirect jump in the function at %08x %s", fn.ijmp_addr);
    } else {
        v->jump_hz = r.hazard[0] ? r.hazard : "H12";
        ksnprintf(v->jump_why, sizeof v->jump_why, "%s", r.reason);
    }
    kfree(fn.insn_off);
    kfree(fn.targets);
    kfree(fn.target_src);
    return err ? -1 : 0;
}

/* Naive strategy: the instructions covering 5 bytes, nothing judged. */
static int region_blind(const uint8_t *code, uint32_t avail, struct sh_verdict *v, uint32_t addr)
{
    struct insn in;
    for (v->len = 0; v->len < 5; v->len += in.len)
        if (insn_decode(&in, code + v->len, avail - v->len) != INSN_OK)
            return no(v, "H12", "undecodable at %08x %s", addr + v->len), -1;
    return 0;
}

static void jump_judge(uint32_t addr, const struct dj_strategy_info *sd, struct sh_verdict *v)
{
    const struct ksym *k = ksym_lookup(addr), *l;
    static uint8_t tbuf[TRAMP_MAX];
    struct tramp_layout lay;
    struct reloc_result res;
    struct text_resv *o;
    uint8_t *code;
    uint32_t a;
    int r;
    if (!k || !k->size || !(code = kmalloc(k->size)))
        return no(v, "H12", "%08x %s is not inside a known function", addr);
    kprobe_orig_bytes(code, k->addr, k->size);
    r = sd->analysis ? region_analyze(k, code, addr, sd, v)
                     : region_blind(code + (addr - k->addr), k->addr + k->size - addr, v, addr);
    if (!r && v->len > DJ_REGION_MAX)
        r = -1, no(v, "H12", "region too long at %08x %s", addr);
    for (a = addr + 1; !r && sd->analysis && a < addr + v->len; a++)
        if ((l = ksym_lookup(a)) && l->addr == a)
            r = -1, no(v, "H4", "the symbol at %08x %s starts inside the region", a);
    if (!r && sd->analysis && (a = xref_branch_into(addr, addr + v->len, k->addr, k->addr + k->size)))
        r = -1, no(v, "H4", "a branch in another function, at %08x %s, lands inside the region", a);
    if (!r && fixup_in(addr, addr + v->len))
        r = -1, no(v, "H12", "an instruction with an exception fixup is inside, at %08x %s", addr);
    o = r ? NULL : text_reserved(addr, addr + v->len);
    if (o && o->user == TEXT_KPROBE && o->start == addr)
        o = text_reserved(o->end, addr + v->len);        /* a probe's own instruction */
    if (o && !(o->user == TEXT_DJPROBE && o->start == addr))
        r = -1, no(v, "H10", "the region overlaps reserved text at %08x %s", o->start);
    if (!r) {
        struct tramp_spec sp = { (uint32_t)tbuf, addr, code + (addr - k->addr), v->len, 0, 0, SEL_KCODE,
                                 !sd->analysis, sd->mid_calls };
        if (tramp_build(&sp, tbuf, &lay, &res))
            r = -1, no(v, res.hazard ? res.hazard : "H9", "%08x %s cannot be relocated", res.fail_addr);
    }
    v->jump_ok = !r;
    kfree(code);
}

void sh_judge(uint32_t addr, int strategy, struct sh_verdict *v)
{
    kmemset(v, 0, sizeof *v);
    v->int3_hz = v->jump_hz = "";
    struct dj_strategy_info sd;
    dj_strategy_get(strategy, &sd);
    text_lock();
    v->int3_ok = kprobe_check_addr(addr, &v->int3_hz, v->int3_why, sizeof v->int3_why) == 0;
    if (v->int3_ok) {
        v->int3_hz = "";
        jump_judge(addr, &sd, v);
    } else {
        v->jump_hz = v->int3_hz;
        ksnprintf(v->jump_why, sizeof v->jump_why, "no int3 probe here");
    }
    text_unlock();
}

void sh_probe_region(struct kprobe *p, uint32_t *lo, uint32_t *hi, uint32_t *buf)
{
    kprobe_opt_region(p, lo, hi, buf);
}

bool sh_strategy_broken(int s)
{
    struct dj_strategy_info i;
    dj_strategy_get(s, &i);
    return i.broken;
}

bool sh_strategy_analyses(int s)
{
    struct dj_strategy_info i;
    dj_strategy_get(s, &i);
    return s > DJS_DEFAULT && s < DJS_N && i.analysis;
}

const char *sh_strategy_why(int s)
{
    struct dj_strategy_info i;
    dj_strategy_get(s, &i);
    return s > DJS_DEFAULT && s < DJS_N ? i.why : "";
}

int sh_boot_strategy(void) { return djprobe_default_strategy(); }
void sh_set_boot_strategy(int s) { djprobe_set_default_strategy(s); }

int cmd_strategies(int argc, char **argv)
{
    struct dj_strategy_info i;
    int s;
    (void)argv;
    if (argc != 1)
        return sh_err("usage: strategies");
    for (s = DJS_DEFAULT + 1; s < DJS_N; s++) {
        dj_strategy_get(s, &i);
        kprintf("%-15s%s %s\n", i.name, s == djprobe_default_strategy() ? "*" : " ", i.why);
    }
    kprintf("(* the default, djprobe=; naive, stop-machine, int3-bypass and int3-ipscan are negative controls)\n");
    return 0;
}
