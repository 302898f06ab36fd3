/* The smallest 32-bit program: tests/host/host32.sh runs it to learn whether
 * this host executes i386 code natively or needs qemu-i386-static. */
#include <stdio.h>

int main(void)
{
    puts(sizeof(void *) == 4 ? "i386 ok" : "not i386");
    return 0;
}
