build2/tests/kernel/text_target.o: tests/kernel/text_target.S
