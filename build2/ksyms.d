build2/ksyms.o: build2/ksyms.S
