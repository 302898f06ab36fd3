/* Line editor for the serial console (kernel/shell/shell.c): echo, backspace,
 * Ctrl-U, Ctrl-W, Ctrl-C, history on the up and down arrows, and tab
 * completion through a callback.  Input is polled from the UART ring; an
 * idle callback may print between keystrokes (the line is redrawn). */
#ifndef READLINE_H
#define READLINE_H
#include "kernel/types.h"

#define RL_LINE_MAX 160
#define RL_SHOW     48         /* candidates listed on a second tab */

/* Tab completion: the line up to the cursor (always its end) and where the
 * word being completed starts; the callback offers names by rl_comp_add. */
struct rl_comp {
    const char *line;
    int len, word;
    bool nospace;                       /* a unique match gets no blank after it */
    int n;                              /* distinct candidates so far */
    char common[RL_LINE_MAX];           /* their longest common prefix */
    const char *shown[RL_SHOW];
};
void rl_comp_add(struct rl_comp *c, const char *cand);

struct rl_ops {
    void (*complete)(struct rl_comp *c);
    /* Called about every 20 ms while no key waits: returns true if it
     * printed (it starts with a newline), so the line must be redrawn. */
    bool (*idle)(void);
};

/* Read one line into buf (NUL-terminated, at most RL_LINE_MAX - 1 chars).
 * Returns its length, or -1 if Ctrl-C abandoned it. */
int readline(const char *prompt, char *buf, const struct rl_ops *ops);
/* A key waiting? (consumes it; for "until a key is pressed" loops) */
bool rl_key_pressed(void);
extern int (*rl_getc)(void);   /* uart_getc; a self-test types through it */
#endif
