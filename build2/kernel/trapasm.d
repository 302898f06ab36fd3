build2/kernel/trapasm.o: kernel/trapasm.S
