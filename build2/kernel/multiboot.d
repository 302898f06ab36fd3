build2/kernel/multiboot.o: kernel/multiboot.c kernel/multiboot.h
kernel/multiboot.h:
