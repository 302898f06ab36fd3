build2/kernel/param.o: kernel/param.c kernel/param.h kernel/fmt.h
kernel/param.h:
kernel/fmt.h:
