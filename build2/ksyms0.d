build2/ksyms0.o: build2/ksyms0.S
