build2/gen/vectors.o: build2/gen/vectors.S
