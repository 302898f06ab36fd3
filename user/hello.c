/* hello: the smallest user program (i386 psABI, started by user/crt0.S).
 * Prints one line naming its pid and spawn argument; exits 0. */
#include "user/ulib.h"

int main(int arg)
{
    printf("hello from user space, pid %d (arg %d)\n", getpid(), arg);
    return 0;
}
