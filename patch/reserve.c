/* Reserved text ranges (see reserve.h).  Every function requires the text
 * lock (patch/poke.c): the registry is read and written only by patchers,
 * never by the int3 path, so it needs no lock-free reads.  A sorted singly
 * linked list with a finger at the last entry made: O(1) for batches in
 * address order, O(n) otherwise (n is at most a few thousand). */
#include "patch/reserve.h"
#include "patch/poke.h"
#include "kernel/panic.h"

static struct text_resv *head;
static struct text_resv *finger;       /* the last reservation made: batches come in order */

/* Where a walk for start may begin: every entry before finger ends at or
 * before finger->start (sorted, no overlaps), so none can reach start. */
static struct text_resv **walk_from(uint32_t start)
{
    return finger && finger->start <= start ? &finger->next : &head;
}

struct text_resv *text_reserved(uint32_t start, uint32_t end)
{
    struct text_resv *r;
    ASSERT(text_lock_held());
    if (finger && finger->start <= start && start < finger->end)
        return finger;
    for (r = *walk_from(start); r && r->start < end; r = r->next)
        if (start < r->end)
            return r;
    return NULL;
}

int text_reserve(struct text_resv *r, uint32_t start, uint32_t end, int user, void *owner)
{
    struct text_resv **pp;
    ASSERT(start < end);
    if (text_reserved(start, end))
        return -1;
    for (pp = walk_from(start); *pp && (*pp)->start < start; )
        pp = &(*pp)->next;
    r->start = start;
    r->end = end;
    r->user = user;
    r->owner = owner;
    r->next = *pp;
    *pp = r;
    finger = r;
    return 0;
}

void text_unreserve(struct text_resv *r)
{
    struct text_resv **pp = walk_from(r->start), *prev = pp == &head ? NULL : finger;
    ASSERT(text_lock_held());
    if (finger == r)
        pp = &head, prev = NULL;
    while (*pp != r) {
        if (!*pp)
            panic("text_unreserve: [%08x, %08x) is not reserved", r->start, r->end);
        prev = *pp;
        pp = &(*pp)->next;
    }
    *pp = r->next;
    finger = prev;                      /* removals in order stay O(1) */
}

const char *text_user_name(int user)
{
    return user == TEXT_KPROBE ? "int3 probe" : user == TEXT_DJPROBE ? "optimized probe region" :
           user == TEXT_LIVEPATCH ? "live patch's redirected entry" : "?";
}
