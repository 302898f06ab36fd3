/* Boot parameters: `key=value` words on the multiboot command line.  Each
 * subsystem declares its keys with KPARAM_* (linker section .kparam); an
 * unknown key or a malformed value is an error that fails the run. */
#ifndef PARAM_H
#define PARAM_H
#include <stdint.h>
#include <stddef.h>

enum kparam_type { KP_INT, KP_STR, KP_ENUM };

struct kparam {
    const char *name;
    enum kparam_type type;
    void *ptr;                 /* int * (KP_INT, KP_ENUM index) or char[size] */
    int64_t min, max;          /* KP_INT range; KP_STR buffer size in max */
    const char *choices;       /* KP_ENUM: "a|b|c" */
    const char *help;
};

#define KPARAM_SECTION __attribute__((used, section(".kparam"), aligned(4)))
#define KPARAM_INT(key, var, lo, hi, h) \
    static const struct kparam kparam_##var KPARAM_SECTION = { key, KP_INT, &var, lo, hi, 0, h }
#define KPARAM_STR(key, buf, h) \
    static const struct kparam kparam_##buf KPARAM_SECTION = { key, KP_STR, buf, 0, sizeof(buf), 0, h }
#define KPARAM_ENUM(key, var, ch, h) \
    static const struct kparam kparam_##var KPARAM_SECTION = { key, KP_ENUM, &var, 0, 0, ch, h }

/* Pure: apply every key=value word of cmdline to tab[0..n).  Returns the
 * number of errors; the first is described in err.  The first word is the
 * kernel's path when it has no '=' (GRUB and QEMU both pass it). */
int param_apply(const char *cmdline, const struct kparam *tab, int n, char *err, size_t errlen);
int param_parse_int(const char *s, size_t len, int64_t *out);
void param_boot(const char *cmdline);   /* kernel: all .kparam keys; fails the run on error */
#endif
