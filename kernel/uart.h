/* 16550 serial port (COM1). */
#ifndef UART_H
#define UART_H
#include "kernel/types.h"
void uart_init(void);
void uart_putc(char c);
int uart_getc(void);       /* -1 if no byte is waiting */
#endif
