/* Shared by the text-poke self-tests and text-poke-torture: the sites of
 * tests/kernel/poke_targets.S and the two encodings of each. */
#ifndef POKE_SITES_H
#define POKE_SITES_H
#include "kernel/types.h"

int poke_alu(int x);
void poke_call(void);
void poke_count(void);                 /* tests/kernel/test_poke.c */
extern char poke_alu_site[], poke_call_site[];
extern volatile uint32_t poke_counts[];   /* per CPU, bumped by poke_count */

#define ALU_MOV_RESULT 0x11111111u
#define ALU_ADD_IMM    0x22222222u
static inline uint8_t *alu_site(void) { return (uint8_t *)poke_alu + (uint32_t)poke_alu_site; }
static inline uint8_t *call_site(void) { return (uint8_t *)poke_call + (uint32_t)poke_call_site; }

/* enc: 0 = the assembled (original) encoding, 1 = the other one */
static inline void alu_bytes(uint8_t b[5], int enc)
{
    uint32_t imm = enc ? ALU_ADD_IMM : ALU_MOV_RESULT;
    b[0] = enc ? 0x05 : 0xB8;
    b[1] = imm; b[2] = imm >> 8; b[3] = imm >> 16; b[4] = imm >> 24;
}

static inline void call_bytes(uint8_t b[5], int enc)
{
    uint32_t rel = (uint32_t)poke_count - ((uint32_t)call_site() + 5);
    static const uint8_t nop5[5] = { 0x0F, 0x1F, 0x44, 0x00, 0x00 };
    int i;
    if (!enc) { for (i = 0; i < 5; i++) b[i] = nop5[i]; return; }
    b[0] = 0xE8;
    b[1] = rel; b[2] = rel >> 8; b[3] = rel >> 16; b[4] = rel >> 24;
}
#endif
