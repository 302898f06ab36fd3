build2/kernel/dr6.o: kernel/dr6.c kernel/dr6.h kernel/types.h \
 kernel/noprobe.h kernel/x86.h kernel/param.h
kernel/dr6.h:
kernel/types.h:
kernel/noprobe.h:
kernel/x86.h:
kernel/param.h:
