/* Hard-lockup watchdog: each CPU checks the next CPU's tick count. */
#ifndef WATCHDOG_H
#define WATCHDOG_H
extern int watchdog_ms;
void watchdog_tick(void);             /* timer interrupt */
void watchdog_arm(void);              /* after all CPUs are online */
#endif
