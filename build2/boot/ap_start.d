build2/boot/ap_start.o: boot/ap_start.S smp/smp.h
smp/smp.h:
