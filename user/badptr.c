/* badptr: every pointer-taking system call (kernel/usys.h: write, spawn) given
 * bad pointers must return -EFAULT and leave the process running: NULL, kernel
 * addresses, unmapped pages, buffers and strings running off a mapped page,
 * ranges that leave user space or wrap.  Exit code = the number of wrong results. */
#include "user/ulib.h"

#define A     (USER_MAP_BASE + 0x200000)    /* one mapped page */
#define KTEXT 0x00100000u                   /* kernel text */

static int nbad;

static void efault(const char *what, int got)
{
    nbad += expect("badptr", what, got, -EFAULT);
}

static void check_write(void)
{
    efault("write(NULL, 1)", write(NULL, 1));
    efault("write(kernel text, 4)", write((void *)KTEXT, 4));
    efault("write(below USER_BASE into text, 8)", write((void *)(USER_BASE - 4), 8));
    efault("write(unmapped map-range page, 1)", write((void *)(A + 16 * PGSIZE), 1));
    efault("write(2 bytes before an unmapped page, 8)", write((void *)(A + PGSIZE - 2), 8));
    efault("write(USER_TOP - 2, 4)", write((void *)(USER_TOP - 2), 4));
    efault("write(0xfffffff0, 32)", write((void *)0xfffffff0u, 32));
}

static void check_spawn(void)
{
    efault("spawn(NULL)", spawn(NULL, 0));
    efault("spawn(kernel text)", spawn((const char *)KTEXT, 0));
    efault("spawn(USER_TOP - 2)", spawn((const char *)(USER_TOP - 2), 0));
    efault("spawn(unterminated name into an unmapped page)",
           spawn((const char *)(A + PGSIZE - 3), 0));
}

int main(int arg)
{
    nbad += expect("badptr", "map", map(A, 1), 0);
    memset((void *)A, 'a', PGSIZE);             /* no NUL anywhere in the page */
    check_write();
    check_spawn();
    nbad += expect("badptr", "unmap", unmap(A, 1), 0);
    if (!nbad)
        printf("badptr: all bad pointers refused\n");
    return nbad;
}
