/* 16550 serial port (COM1). */
#ifndef UART_H
#define UART_H
#include "kernel/types.h"
void uart_init(void);
void uart_putc(char c);
int uart_getc(void);       /* -1 if no byte is waiting */
void uart_rx_irq_enable(void);   /* IRQ4 is routed: interrupt on receive */
void uart_rx_intr(void);         /* IRQ4 handler body: drain into the ring */
void uart_loopback(bool on);     /* MCR loop mode (self-test) */
extern volatile uint32_t uart_rx_irqs, uart_rx_dropped, uart_rx_throttled;
#endif
