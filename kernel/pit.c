/* PIT channel 2 one-shot (8254 datasheet, mode 0 "interrupt on terminal
 * count"): OUT2 goes low when the count is written and high when it reaches
 * zero; OUT2 is readable in port 0x61 bit 5, the gate is bit 0. */
#include "kernel/pit.h"
#include "kernel/x86.h"

void pit_oneshot_start(uint16_t count)
{
    outb(0x61, (uint8_t)((inb(0x61) & ~0x02) | 0x01));   /* gate on, speaker off */
    outb(0x43, 0xB0);                                   /* ch2, lo/hi, mode 0, binary */
    outb(0x42, (uint8_t)(count & 0xFF));
    outb(0x42, (uint8_t)(count >> 8));
}

bool pit_oneshot_done(void)
{
    return (inb(0x61) & 0x20) != 0;
}
