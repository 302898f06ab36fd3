/* Reserved text ranges (see reserve.h).  Every function requires the text
 * lock (patch/poke.c): the registry is read and written only by patchers,
 * never by the int3 path, so it needs no lock-free reads.  A sorted singly
 * linked list: registration is O(n), n is at most a few thousand. */
#include "patch/reserve.h"
#include "patch/poke.h"
#include "kernel/panic.h"

static struct text_resv *head;

struct text_resv *text_reserved(uint32_t start, uint32_t end)
{
    struct text_resv *r;
    ASSERT(text_lock_held());
    for (r = head; r && r->start < end; r = r->next)
        if (start < r->end)
            return r;
    return NULL;
}

int text_reserve(struct text_resv *r, uint32_t start, uint32_t end, int user, void *owner)
{
    struct text_resv **pp = &head;
    ASSERT(start < end);
    if (text_reserved(start, end))
        return -1;
    while (*pp && (*pp)->start < start)
        pp = &(*pp)->next;
    r->start = start;
    r->end = end;
    r->user = user;
    r->owner = owner;
    r->next = *pp;
    *pp = r;
    return 0;
}

void text_unreserve(struct text_resv *r)
{
    struct text_resv **pp = &head;
    ASSERT(text_lock_held());
    while (*pp != r) {
        if (!*pp)
            panic("text_unreserve: [%08x, %08x) is not reserved", r->start, r->end);
        pp = &(*pp)->next;
    }
    *pp = r->next;
}

const char *text_user_name(int user)
{
    return user == TEXT_KPROBE ? "int3 probe" : user == TEXT_DJPROBE ? "optimized probe region" : "?";
}
