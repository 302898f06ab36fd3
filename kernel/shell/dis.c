/* Shell commands over kernel text: sym (symbols by pattern) and dis (a
 * function disassembled by the project's decoder, patch/insn/insn.c, with the
 * verdict of kernel/shell/site.c at every instruction boundary: may an
 * int3 probe go there, may it be jump-optimized, and if not why). */
#include "kernel/shell/shell.h"
#include "kernel/console.h"
#include "kernel/ksym.h"
#include "kernel/mem.h"
#include "kernel/fmt.h"
#include "patch/insn/insn.h"
#include "patch/kprobe.h"
#include "patch/djprobe.h"
#include "patch/poke.h"

#define DIS_MAX 400

/* '*' any run, '?' one character */
static bool glob(const char *p, const char *s)
{
    if (!*p) return !*s;
    if (*p == '*') return glob(p + 1, s) || (*s && glob(p, s + 1));
    return *s && (*p == '?' || *p == *s) && glob(p + 1, s + 1);
}

static bool substr(const char *needle, const char *s)
{
    for (; *s; s++)
        if (sh_prefix(s, needle))
            return true;
    return !*needle;
}

int cmd_sym(int argc, char **argv)
{
    const char *p;
    bool wild = false;
    int i, n = 0;
    if (argc != 2)
        return sh_err("usage: sym PATTERN (e.g. sym kprobe_* or sym torture)");
    for (p = argv[1]; *p; p++)
        wild |= *p == '*' || *p == '?';
    for (i = 0; i < ksym_count(); i++) {
        const struct ksym *k = ksym_at(i);
        if (!(wild ? glob(argv[1], k->name) : substr(argv[1], k->name)))
            continue;
        if (++n <= 64)
            kprintf("%08x %6x  %s\n", k->addr, k->size, k->name);
    }
    if (n > 64)
        kprintf("... %d more (narrow the pattern)\n", n - 64);
    if (!n)
        return sh_err("no symbol matches '%s'", argv[1]);
    kprintf("%d symbol%s\n", n, n > 1 ? "s" : "");
    return 0;
}

static void dis_line(uint32_t fn, uint32_t a, const uint8_t *code, const struct insn *in, int strategy)
{
    struct sh_verdict v;
    char text[64], tgt[64];
    int i, k = 0;
    sh_judge(a, strategy, &v);
    kprintf("+%-5x %08x%c ", a - fn, a, *(uint8_t *)a != code[0] ? '*' : ' ');
    for (i = 0; i < in->len && i < 7; i++)
        k += ksnprintf(text + k, sizeof text - (size_t)k, "%02x ", code[i]);
    if (in->len > 7)
        ksnprintf(text + k, sizeof text - (size_t)k, "..");
    kprintf("%-22s", text);
    if (insn_is_rel(in)) {
        sh_site_name(insn_rel_target(in, a), tgt, sizeof tgt);
        ksnprintf(text, sizeof text, "%s %s", insn_name(in), tgt);
    } else {
        ksnprintf(text, sizeof text, "%s", insn_name(in));
    }
    kprintf("%-26s %-4s %-6s", text, v.int3_ok ? "ok" : v.int3_hz, v.jump_ok ? "ok" : v.jump_hz);
    if (!v.int3_ok)
        kprintf(" %s\n", v.int3_why);
    else if (!v.jump_ok)
        kprintf(" %s\n", v.jump_why);
    else
        kprintf(" region %u bytes\n", v.len);
}

int cmd_dis(int argc, char **argv)
{
    const struct ksym *k;
    uint32_t addr, max = DIS_MAX, a, n = 0;
    int i, strategy = 0, r, q;
    bool whole, started = false;
    uint8_t *code;
    const char *v;
    struct insn in;
    if (argc < 2 || argc > 4)
        return sh_err("usage: dis SITE [count] [strategy=S]");
    for (i = 2; i < argc; i++) {
        if ((v = sh_kv(argv[i], "strategy"))) {
            if ((strategy = dj_strategy_parse(v)) < 0)
                return sh_err("unknown strategy '%s' (strategies lists them)", v);
        } else if (sh_parse_num(argv[i], &max) || !max) {
            return sh_err("bad count '%s' (want a number >= 1 or strategy=S)", argv[i]);
        }
    }
    if (sh_parse_site(argv[1], &addr))
        return -1;
    k = ksym_lookup(addr);
    if (!k || !k->size || k->addr < (uint32_t)__text_start || k->addr + k->size > (uint32_t)__text_end)
        return sh_err("%08x is not inside a function in kernel text", addr);
    if (!(code = kmalloc(k->size)))
        return sh_err("out of memory");
    text_lock();
    kprobe_orig_bytes(code, k->addr, k->size);          /* what the code is, probes aside */
    text_unlock();
    whole = addr == k->addr;
    q = sh_quiet();                     /* the branch table's one-time info line */
    for (a = k->addr; a < k->addr + k->size; a += in.len) {
        if ((r = insn_decode(&in, code + (a - k->addr), k->addr + k->size - a)) != INSN_OK) {
            kprintf("+%-5x %08x  cannot decode: %s (the rest of %s is not shown)\n", a - k->addr, a,
                    insn_strerror(r), k->name);
            break;
        }
        if (a == addr) {
            started = true;
            kprintf("%s: %08x-%08x (%u bytes), jump verdicts under strategy %s\n", k->name, k->addr,
                    k->addr + k->size, k->size, dj_strategy_name(strategy));
            kprintf("offset address   bytes                 instruction                int3 jump   "
                    "(* probed now)\n");
        }
        if (a > addr && !started)
            break;
        if (started) {
            if (n++ == max) {
                kprintf("... (%s; dis %s+%#x for more)\n", whole ? "stopped" : "count reached", k->name, a - k->addr);
                break;
            }
            dis_line(k->addr, a, code + (a - k->addr), &in, strategy);
        }
    }
    sh_loud(q);
    kfree(code);
    if (!started)
        return sh_err("%s+%#x is not an instruction boundary of %s", k->name, addr - k->addr, k->name);
    return 0;
}
