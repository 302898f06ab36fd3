/* GDT slot numbers and selectors (Intel SDM Vol. 3, 3.4.2 selectors). */
#ifndef GDT_H
#define GDT_H
#define GDT_KCODE  1
#define GDT_KDATA  2
#define GDT_PERCPU 3
#define SEL_KCODE  (GDT_KCODE << 3)
#define SEL_KDATA  (GDT_KDATA << 3)
#endif
