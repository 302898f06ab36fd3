/* Reserved text ranges: one registry, under the text lock, of every byte
 * range that a patching mechanism owns (an int3 probe's instruction, a
 * jump-optimized region, a live patch's redirected entry), so two mechanisms
 * never write the same bytes (H10).
 * Entries are embedded in their owners; the list is sorted by address. */
#ifndef RESERVE_H
#define RESERVE_H
#include "kernel/types.h"

enum text_user { TEXT_KPROBE, TEXT_DJPROBE, TEXT_LIVEPATCH };

struct text_resv {
    uint32_t start, end;               /* [start, end) */
    int user;                          /* enum text_user */
    void *owner;
    struct text_resv *next;
};

/* The first reservation overlapping [start, end), or NULL. */
struct text_resv *text_reserved(uint32_t start, uint32_t end);
/* Reserve [start, end) for owner; -1 (and nothing changed) if it overlaps. */
int text_reserve(struct text_resv *r, uint32_t start, uint32_t end, int user, void *owner);
void text_unreserve(struct text_resv *r);
const char *text_user_name(int user);
#endif
