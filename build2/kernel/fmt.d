build2/kernel/fmt.o: kernel/fmt.c kernel/fmt.h
kernel/fmt.h:
