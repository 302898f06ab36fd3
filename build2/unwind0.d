build2/unwind0.o: build2/unwind0.S
