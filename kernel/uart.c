/* 16550 UART driver for COM1 (National Semiconductor PC16550D datasheet):
 * 115200 8N1, FIFOs on, polled transmit; receive polled until IRQ4 is routed
 * (smp/smp_boot.c), then into a ring uart_getc reads; a full ring masks the
 * receive interrupt so input waits in the FIFO (and the sender) instead. */
#include "kernel/uart.h"
#include "kernel/x86.h"
#include "kernel/spinlock.h"

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

void uart_putc(char c)
{
    int spins = 100000;
    while (!(inb(COM1 + LSR) & LSR_THRE) && --spins)
        ;
    outb(COM1 + THR, (uint8_t)c);
}

#define RX_RING 256
static uint8_t rx_ring[RX_RING];
static uint32_t rx_head, rx_tail;          /* head: next write; tail: next read */
static struct spinlock rx_lock = SPINLOCK_INIT("uart-rx");
static bool rx_throttled;
volatile uint32_t uart_rx_irqs, uart_rx_dropped, uart_rx_throttled;

void uart_rx_irq_enable(void)
{
    outb(COM1 + IER, 0x01);        /* received data available */
}

void uart_rx_intr(void)
{
    uint32_t f = spin_lock_irqsave(&rx_lock);
    uart_rx_irqs++;
    while (rx_head - rx_tail < RX_RING && (inb(COM1 + LSR) & LSR_DR))
        rx_ring[rx_head++ % RX_RING] = inb(COM1 + RBR);
    if (rx_head - rx_tail == RX_RING && (inb(COM1 + LSR) & LSR_DR)) {
        outb(COM1 + IER, 0x00);     /* the rest waits in the FIFO */
        rx_throttled = true;
        uart_rx_throttled++;
    }
    spin_unlock_irqrestore(&rx_lock, f);
}

int uart_getc(void)
{
    int c = -1;
    uint32_t f = spin_lock_irqsave(&rx_lock);
    if (rx_head != rx_tail)
        c = rx_ring[rx_tail++ % RX_RING];
    else if (inb(COM1 + LSR) & LSR_DR)
        c = inb(COM1 + RBR);
    if (rx_throttled && rx_head - rx_tail <= RX_RING / 2) {
        rx_throttled = false;
        outb(COM1 + IER, 0x01);
    }
    spin_unlock_irqrestore(&rx_lock, f);
    return c;
}

void uart_loopback(bool on)
{
    outb(COM1 + MCR, on ? 0x1B : 0x0B);
}
