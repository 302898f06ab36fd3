/* Line editor on the serial console (see readline.h): printable keys,
 * Backspace, Ctrl-U, Ctrl-W, Ctrl-C, Enter (CR, LF, CR LF), Up/Down (ESC [ A,
 * ESC O A) over the last RL_HIST lines, Tab; other escape sequences are
 * skipped to their final byte, and a key that cannot continue one is typed. */
#include "kernel/readline.h"
#include "kernel/uart.h"
#include "kernel/console.h"
#include "kernel/thread.h"
#include "kernel/mem.h"

#define RL_HIST 16

static char hist[RL_HIST][RL_LINE_MAX];
static int nhist;                       /* lines stored (newest at nhist-1) */
static bool last_cr;                    /* swallow the LF of a CR LF */

static void rl_out(const char *s, int n)
{
    kprintf("%.*s", n, s);
}

static void rl_erase(int n)
{
    static const char bs[] = "\b \b\b \b\b \b\b \b\b \b\b \b\b \b\b \b";
    while (n > 0) {
        int k = n > 8 ? 8 : n;
        rl_out(bs, 3 * k);
        n -= k;
    }
}

/* Replace the visible line (len chars) by s. */
static int rl_replace(char *buf, int len, const char *s)
{
    int n = (int)kstrlen(s);
    rl_erase(len);
    if (n > RL_LINE_MAX - 1)
        n = RL_LINE_MAX - 1;
    kmemcpy(buf, s, (size_t)n);
    buf[n] = 0;
    rl_out(buf, n);
    return n;
}

static void rl_hist_add(const char *buf, int len)
{
    int i;
    if (!len || (nhist && !kmemcmp(hist[(nhist - 1) % RL_HIST], buf, (size_t)len + 1)))
        return;
    i = nhist++ % RL_HIST;
    kmemcpy(hist[i], buf, (size_t)len + 1);
}

void rl_comp_add(struct rl_comp *c, const char *cand)
{
    int wl = c->len - c->word, i;
    const char *w = c->line + c->word;
    for (i = 0; i < wl; i++)
        if (cand[i] != w[i])
            return;
    if (c->n == 0) {
        for (i = 0; cand[i] && i < RL_LINE_MAX - 1; i++)
            c->common[i] = cand[i];
        c->common[i] = 0;
    } else {
        for (i = 0; i < c->n && i < RL_SHOW; i++)
            if (!kmemcmp(c->shown[i], cand, kstrlen(cand) + 1))
                return;                 /* a duplicate (static functions) */
        for (i = 0; c->common[i] && c->common[i] == cand[i]; i++)
            ;
        c->common[i] = 0;
    }
    if (c->n < RL_SHOW)
        c->shown[c->n] = cand;
    c->n++;
}

/* Tab: extend the word to the candidates' common prefix; if that adds
 * nothing and there are several, list them and redraw. */
static int rl_complete(const char *prompt, char *buf, int len, const struct rl_ops *ops)
{
    static struct rl_comp c;
    int i, add;
    if (!ops || !ops->complete)
        return len;
    kmemset(&c, 0, sizeof c);
    buf[len] = 0;
    c.line = buf;
    c.len = len;
    for (c.word = len; c.word > 0 && buf[c.word - 1] != ' '; c.word--)
        ;
    ops->complete(&c);
    if (!c.n)
        return len;
    add = (int)kstrlen(c.common) - (len - c.word);
    if (add > 0 && len + add < RL_LINE_MAX - 1) {
        kmemcpy(buf + len, c.common + (len - c.word), (size_t)add);
        rl_out(buf + len, add);
        len += add;
    }
    if (c.n == 1 && !c.nospace && len < RL_LINE_MAX - 1) {
        buf[len++] = ' ';
        rl_out(" ", 1);
    } else if (c.n > 1 && add <= 0) {
        kprintf("\n");
        if (c.n > RL_SHOW)
            kprintf("(%d candidates)", c.n);
        else
            for (i = 0; i < c.n; i++)
                kprintf("%s%s", i ? "  " : "", c.shown[i]);
        kprintf("\n%s%.*s", prompt, len, buf);
    }
    buf[len] = 0;
    return len;
}

bool rl_key_pressed(void)
{
    return uart_getc() >= 0;
}

/* Something printed since the prompt or its last redraw (the idle hook, or
 * another thread, an interrupt, an NMI: a line that landed after the
 * prompt): the prompt and the line again, on a line of their own. */
static void rl_redraw(const char *prompt, const char *buf, int len, const struct rl_ops *ops, uint32_t *seen)
{
    uint32_t now = console_foreign();
    bool again = ops && ops->idle && ops->idle();
    if (now != *seen) {
        if (!console_at_line_start())
            kprintf("\n");
        again = true;
    }
    if (again)
        kprintf("%s%.*s", prompt, len, buf);
    *seen = now;
}

/* A key, and something printed since the prompt that no idle poll has
 * redrawn yet (the key came before the next poll): the prompt and the line
 * first, so the key's echo never lands on another's line (issue 39 item 2). */
static void rl_catch_up(const char *prompt, const char *buf, int len, uint32_t *seen)
{
    if (console_foreign() != *seen)
        rl_redraw(prompt, buf, len, NULL, seen);
}

static int rl_loop(const char *prompt, char *buf, const struct rl_ops *ops, uint32_t seen)
{
    int len = 0, esc = 0, h = nhist, c;
    static char scratch[RL_LINE_MAX];    /* the line being typed, while browsing */
    for (;;) {
        if ((c = uart_getc()) < 0) {
            rl_redraw(prompt, buf, len, ops, &seen);
            thread_sleep_ns(20000000);
            continue;
        }
        rl_catch_up(prompt, buf, len, &seen);
        if (c == '\n' && last_cr) {
            last_cr = false;
            continue;
        }
        last_cr = c == '\r';
        if (esc == 1 && (c == '[' || c == 'O')) {
            esc = 2;
            continue;
        }
        esc = esc == 1 ? 0 : esc;       /* ESC and a plain key: the key counts */
        if (esc == 2 && ((c >= '0' && c <= '9') || c == ';'))
            continue;                   /* ESC [ 3 ~ and friends: ignored */
        if (esc == 2 && c >= 0x40 && c <= 0x7e) {
            esc = 0;
            buf[len] = 0;
            if (c == 'A' && h > 0 && h > nhist - RL_HIST) {
                if (h == nhist)
                    kmemcpy(scratch, buf, (size_t)len + 1);
                h--;
                len = rl_replace(buf, len, hist[h % RL_HIST]);
            } else if (c == 'B' && h < nhist) {
                h++;
                len = rl_replace(buf, len, h == nhist ? scratch : hist[h % RL_HIST]);
            }
            continue;                   /* left/right (C, D) are ignored */
        }
        esc = 0;                        /* a broken sequence: the key counts */
        switch (c) {
        case 0x1b:
            esc = 1;
            break;
        case '\r': case '\n':
            buf[len] = 0;
            kprintf("\n");
            rl_hist_add(buf, len);
            return len;
        case 0x03:                      /* Ctrl-C */
            kprintf("^C\n");
            buf[0] = 0;
            return -1;
        case 0x7f: case 0x08:
            if (len) {
                len--;
                rl_erase(1);
            }
            break;
        case 0x15:                      /* Ctrl-U */
            rl_erase(len);
            len = 0;
            break;
        case 0x17: {                    /* Ctrl-W */
            int k = len;
            while (k && buf[k - 1] == ' ') k--;
            while (k && buf[k - 1] != ' ') k--;
            rl_erase(len - k);
            len = k;
            break;
        }
        case '\t':
            len = rl_complete(prompt, buf, len, ops);
            break;
        default:
            if (c >= 0x20 && c < 0x7f && len < RL_LINE_MAX - 1) {
                buf[len++] = (char)c;
                rl_out(buf + len - 1, 1);
            }
        }
    }
}

int readline(const char *prompt, char *buf, const struct rl_ops *ops)
{
    uint32_t seen;
    int r;
    console_reader(true);
    seen = console_foreign();
    kprintf("%s", prompt);
    buf[0] = 0;
    r = rl_loop(prompt, buf, ops, seen);
    console_reader(false);
    return r;
}
