build2/unwind.o: build2/unwind.S
