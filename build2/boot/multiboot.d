build2/boot/multiboot.o: boot/multiboot.S
