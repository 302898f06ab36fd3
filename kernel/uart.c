/* 16550 UART driver for COM1 (National Semiconductor PC16550D datasheet):
 * 115200 8N1, FIFOs on, polled transmit.  Receive is polled too until the
 * IOAPIC routes IRQ4 (SMP issue). */
#include "kernel/uart.h"
#include "kernel/x86.h"

#define COM1 0x3F8
enum { RBR = 0, THR = 0, IER = 1, FCR = 2, LCR = 3, MCR = 4, LSR = 5, DLL = 0, DLM = 1 };
#define LSR_DR   0x01
#define LSR_THRE 0x20

void uart_init(void)
{
    outb(COM1 + IER, 0x00);
    outb(COM1 + LCR, 0x80);        /* DLAB */
    outb(COM1 + DLL, 1);           /* 115200 baud */
    outb(COM1 + DLM, 0);
    outb(COM1 + LCR, 0x03);        /* 8N1 */
    outb(COM1 + FCR, 0xC7);        /* enable + clear FIFOs, 14-byte threshold */
    outb(COM1 + MCR, 0x0B);        /* DTR, RTS, OUT2 */
}

NOPROBE void uart_putc(char c)
{
    int spins = 100000;
    while (!(inb(COM1 + LSR) & LSR_THRE) && --spins)
        ;
    outb(COM1 + THR, (uint8_t)c);
}

int uart_getc(void)
{
    if (!(inb(COM1 + LSR) & LSR_DR))
        return -1;
    return inb(COM1 + RBR);
}
